// No module of the page over MAX_LINES lines (issue 28): a module that grows past it has found a second
// idea and is split. String tables are exempt (strings.mjs, *Strings.mjs, *Words.mjs: prose in two
// languages, no logic).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ROOT } from "./oracle.mjs";

const MAX_LINES = 400;
const STRING_TABLE = /(^strings|Strings|Words)\.mjs$/;

function modules(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return entry.name.endsWith(".mjs") ? [path] : [];
  });
}

test("every web module but a string table has at most 400 lines", () => {
  const web = join(ROOT, "web");
  const all = modules(web);
  assert.ok(all.length > 50, "the page's modules are found");
  const over = all
    .filter((path) => !STRING_TABLE.test(path.split("/").pop()))
    .map((path) => [relative(web, path), readFileSync(path, "utf8").split("\n").length - 1])
    .filter(([, lines]) => lines > MAX_LINES);
  assert.deepEqual(over, [], `modules over ${MAX_LINES} lines: split them`);
});

test("the string-table rule names only string tables", () => {
  assert.equal(STRING_TABLE.test("strings.mjs"), true);
  assert.equal(STRING_TABLE.test("minimindStrings.mjs"), true);
  assert.equal(STRING_TABLE.test("errorWords.mjs"), true);
  assert.equal(STRING_TABLE.test("lessonkit.mjs"), false);
  assert.equal(STRING_TABLE.test("words.mjs"), false);
});
