// Every user-facing string exists in both languages (web/i18n.mjs and the features' own tables).

import { test } from "node:test";
import assert from "node:assert/strict";
import { python, web } from "./oracle.mjs";

const i18n = await web("i18n.mjs");
const en = new Set(i18n.tableKeys("en"));
const zh = new Set(i18n.tableKeys("zh"));

function mine(pattern) {
  return [[...en].filter((k) => pattern.test(k)).sort(), [...zh].filter((k) => pattern.test(k)).sort()];
}

test("every string of the shell and the encode lesson exists in both languages", () => {
  const [ours, theirs] = mine(new RegExp(
    "^(meta|app|status|error|note|help|keys|kbd|encode|stage[123]|rule|canvas|cell|controls|log|announce"
    + "|mistake|input|preset|sentence)\\.|^lesson\\.encode$"));
  assert.deepEqual(ours, theirs);
  assert.ok(ours.length > 100, `${ours.length} keys`);
});

test("every lab string exists in both languages", () => {
  const [ours, theirs] = mine(/^lab\.|^lesson\.lab$/);
  assert.ok(ours.length > 40, `${ours.length} keys`);
  assert.deepEqual(ours.filter((k) => !zh.has(k)), []);
  assert.deepEqual(ours, theirs);
});

test("every classroom string exists in both languages", async () => {
  const own = await web("classroom/strings.mjs");
  const ownEn = Object.keys(own.CLASSROOM_EN).sort();
  assert.deepEqual(ownEn, Object.keys(own.CLASSROOM_ZH).sort());
  assert.ok(ownEn.length > 0);
  assert.deepEqual(ownEn.filter((k) => !en.has(k) || !zh.has(k)), []);
});

test("every error code has a string in both languages", () => {
  const engine = python("import json; from toklab.protocol import ERRORS; print(json.dumps(list(ERRORS)))");
  assert.ok(engine.length > 0);
  // The engine's codes, then the worker's, the engine wrapper's and the app's own.
  const codes = [...engine, "bad_request", "worker_failed", "engine_unavailable", "engine_stopped", "engine_missing", "request_failed"];
  for (const [lang, keys] of [["en", en], ["zh", zh]]) {
    assert.deepEqual(codes.filter((code) => !keys.has(`err.${code}`)), [], lang);
  }
});

test("a key missing from a language falls back to English, placeholders filled", () => {
  const key = [...en].find((k) => /\{\w+\}/.test(i18n.translate("en", k)));
  assert.ok(key, "some English string has a {placeholder}");
  const name = i18n.translate("en", key).match(/\{(\w+)\}/)[1];
  assert.ok(!i18n.translate("en", key, { [name]: "QQQ" }).includes(`{${name}}`));
  assert.ok(i18n.translate("en", key, { [name]: "QQQ" }).includes("QQQ"));
  assert.equal(i18n.translate("xx", key), i18n.translate("en", key));
  assert.equal(i18n.translate("en", "no.such.key"), "no.such.key");
  assert.equal(i18n.detectLanguage(["zh-TW", "en"]), "zh");
  assert.equal(i18n.detectLanguage(["fr", "en-GB"]), "en");
  assert.equal(i18n.detectLanguage([]), "en");
});
