// One Chinese word per idea (issue 40): for each term the lessons hold steady, the glossary's Chinese
// word is the one the lessons, decks, worksheets and questions use, and none of the words it replaced
// is left anywhere in them. The texts are read as the modules' source, so a deck's notes and a sheet's
// lines count as much as a lesson's table. The notes' own text quoted as a preset (models/presets.mjs)
// is theirs, not ours, and is left out.
// Run with `node --test tests/js/`.

import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const WEB = path.join(REPO, "web");
const { TERMS } = await import(pathToFileURL(path.join(WEB, "lessons", "glossary", "terms.mjs")).href);

// glossary id -> the words it replaced (each a way the pages once said the same idea).
const HELD = new Map([
  ["pair", ["相邻的两块", "这对组合", "所有组合", "剩下的组合", "相邻一对", "相邻的对", "有 rank 的组合"]],
  ["embedding", ["嵌入表", "嵌入层", "embedding 矩阵", "embedding 层", "维时的 embedding"]],
  ["added", ["添加的 token", "添加的token"]],
  ["mistake", ["常见误解"]],
  ["shift", ["晚一个 token 开始", "晚一个 id 开始", "往后移一位", "右移一位"]],
]);

const QUOTED = new Set([path.join(WEB, "lessons", "models", "presets.mjs"), path.join(WEB, "lessons", "glossary", "terms.mjs")]);

function texts() {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".mjs") && !QUOTED.has(file)) found.push([path.relative(WEB, file), fs.readFileSync(file, "utf8")]);
    }
  };
  walk(WEB);
  return found;
}

const sources = texts();

/** The glossary's Chinese word for a term: its Chinese name before any bracket ("嵌入矩阵（embedding）" -> "嵌入矩阵"). */
function word(id) {
  const term = TERMS.find((t) => t.id === id);
  assert.ok(term, `the glossary has no term ${id}`);
  return term.zh[0].split(/[（(]/)[0].trim();
}

for (const [id, replaced] of HELD) {
  test(`the lessons say ${id} with the glossary's word, and never the words it replaced`, () => {
    const held = word(id);
    const using = sources.filter(([, source]) => source.includes(held)).map(([file]) => file);
    assert.ok(using.length > 0, `no lesson says ${held}`);
    const left = [];
    for (const [file, source] of sources) {
      for (const old of replaced) if (source.includes(old)) left.push(`${file}: ${old}`);
    }
    assert.deepEqual(left, [], `say ${held} instead`);
  });
}

test("the common mistake has one heading in the lesson and in its deck", () => {
  const held = word("mistake").split("（")[0];
  const lesson = fs.readFileSync(path.join(WEB, "lessons", "encode", "strings.mjs"), "utf8");
  const deck = fs.readFileSync(path.join(WEB, "decks", "encode.mjs"), "utf8");
  assert.ok(lesson.includes(`${held}：`) && deck.includes(`${held}：`));
});
