// Every key a page can look up exists (issue 40, item 10): a lesson that asks for a missing key shows
// the raw key in both languages. Every module under web/ is read as text: a literal key passed to the
// translator, `t("train.title")`, must be registered; a key built from a value, `t(`train.tie.${tie.rule}`)`,
// must exist for every value that value can take. Two families built from the same expression
// in one module (`train.tie.${tie.rule}` and `predict.train.rule.${tie.rule}`) must cover the same values, and the
// tie rules, which the train lesson's select offers, must each have their words in both families.
// Run with `node --test tests/js/`.

import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const WEB = path.join(REPO, "web");

function webModules() {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".mjs")) found.push(file);
    }
  };
  walk(WEB);
  return found.sort();
}

const modules = webModules();
for (const file of modules) {
  if (/\bregister(Pairs|Tables)\(/.test(fs.readFileSync(file, "utf8")) && !file.endsWith(`${path.sep}i18n.mjs`)) await import(pathToFileURL(file).href);
}
const i18n = await import(pathToFileURL(path.join(WEB, "i18n.mjs")).href);
const keys = new Set(i18n.tableKeys("en"));
const zhKeys = new Set(i18n.tableKeys("zh"));

// t("key"), t('key') and the lesson kit's `textKey: "key"`, `titleKey: "key"`, `labelKey: "key"`…
const LITERAL = /\bt\(\s*"([a-z][\w-]*(?:\.[\w-]+)+)"|\b\w*Key:\s*"([a-z][\w-]*(?:\.[\w-]+)+)"/g;
// t(`prefix.${expression}suffix`): one interpolation, the key's other parts literal.
const TEMPLATE = /\bt\(\s*`([a-z][\w.-]*)\$\{([^}`]+)\}([\w.-]*)`/g;

function uses() {
  const literal = [];
  const families = [];
  for (const file of modules) {
    const source = fs.readFileSync(file, "utf8");
    const where = path.relative(WEB, file);
    for (const m of source.matchAll(LITERAL)) literal.push({ key: m[1] || m[2], where });
    for (const m of source.matchAll(TEMPLATE)) families.push({ prefix: m[1], expression: m[2].trim(), suffix: m[3], where });
  }
  return { literal, families };
}

/** The values a family's keys take: the registered keys `prefix<value>suffix`, a value one word (no dot). */
function values(family) {
  const found = new Set();
  for (const key of keys) {
    if (!key.startsWith(family.prefix) || !key.endsWith(family.suffix) || key.length <= family.prefix.length + family.suffix.length) continue;
    const value = key.slice(family.prefix.length, key.length - family.suffix.length);
    if (!value.includes(".")) found.add(value);
  }
  return found;
}

const { literal, families } = uses();

// Families that, by design, hold words for only some of the values their module builds keys from
// (each guarded by a condition beside the look-up): "module: prefix${expression}suffix" -> why.
const PARTIAL = new Map([
  ["lessons/models.mjs: models.about.${id}", "only the rows whose notes' number needs a word (models/table.mjs about: true)"],
  ["lessons/encode/view.mjs: preset.${preset.id}.waiting", "only the presets of a table of their own (preset.encoding)"],
  ["lessons/encode/words.mjs: announce.startNext${suffix}", "suffix is \"\" or \"Symbols\": announce.start and announce.startSymbols are the other family"],
  ["classroom/sheets.mjs: lab.${exercise.id}.prompt", "lab.merges.* is the merges panel's words, not an exercise"],
  ["classroom/sheets.mjs: lab.${exercise.id}.more", "lab.merges.* is the merges panel's words, not an exercise"],
  ["lessons/lab/view.mjs: lab.${entry.id}.prompt", "lab.merges.* is the merges panel's words, not an exercise"],
  ["lessons/lab/view.mjs: lab.${entry.id}.more", "lab.merges.* is the merges panel's words, not an exercise"],
]);

test("the scan finds the look-ups", () => {
  assert.ok(literal.length > 300, `only ${literal.length} literal keys found`);
  assert.ok(families.some((f) => f.prefix === "predict.train.rule."), "the tie rule's family is not found");
});

test("every literal key looked up is registered, in both languages", () => {
  const missing = literal.filter(({ key }) => !keys.has(key) || !zhKeys.has(key)).map(({ key, where }) => `${where}: ${key}`);
  assert.deepEqual([...new Set(missing)], []);
});

test("families built from the same expression in one module cover the same values", () => {
  const byExpression = new Map();
  for (const family of families) {
    const at = `${family.where} ${family.expression}`;
    if (!byExpression.has(at)) byExpression.set(at, []);
    byExpression.get(at).push(family);
  }
  const differ = [];
  for (const [at, group] of byExpression) {
    const expression = at.split(" ").slice(1).join(" ");
    const sets = group.map((family) => [family, values(family)]);
    const all = new Set(sets.flatMap(([, set]) => [...set]));
    for (const [family, set] of sets) {
      if (PARTIAL.has(`${family.where}: ${family.prefix}\${${expression}}${family.suffix}`)) continue;
      const lacking = [...all].filter((value) => !set.has(value));
      if (lacking.length) differ.push(`${family.where}: ${family.prefix}\${${expression}}${family.suffix} lacks ${lacking.join(", ")}`);
    }
  }
  assert.deepEqual(differ, []);
});

test("each tie rule the train lesson offers has its name and its explanation", async () => {
  const { TIES } = await import(pathToFileURL(path.join(WEB, "lessons", "train", "presets.mjs")).href);
  assert.ok(TIES.includes("huggingface"));
  for (const rule of TIES) {
    for (const key of [`train.tie.${rule}`, `predict.train.rule.${rule}`]) {
      assert.ok(keys.has(key) && zhKeys.has(key), `${key} is missing`);
      assert.notEqual(i18n.translate("zh", key), key);
    }
  }
});
