// The page's strings: every feature registers its own table (web/i18n.mjs keeps only the registry), and
// both languages must have the same keys and, per key, the same {placeholders}. Every error code the
// engine declares (py_src/toklab/protocol.py ERRORS) has its text, and fills only fields the engine sends.
// Run with `node --test tests/js/`.

import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const WEB = path.join(REPO, "web");
const REGISTERS = /\bregister(Pairs|Tables)\(/;

/** Every module under web/ that registers strings (the way a feature adds its words). */
function stringModules() {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".mjs") && file !== path.join(WEB, "i18n.mjs") && REGISTERS.test(fs.readFileSync(file, "utf8"))) found.push(file);
    }
  };
  walk(WEB);
  return found.sort();
}

const modules = stringModules();
for (const file of modules) await import(pathToFileURL(file).href);
const i18n = await import(pathToFileURL(path.join(WEB, "i18n.mjs")).href);

const placeholders = (text) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

test("the features' tables are found, and i18n.mjs imports none of them", () => {
  assert.ok(modules.length >= 10, `only ${modules.length} string modules found`);
  const source = fs.readFileSync(path.join(WEB, "i18n.mjs"), "utf8");
  assert.deepEqual(source.match(/^\s*import\b.*$/gm) || [], []);
});

test("both languages have the same keys", () => {
  const en = i18n.tableKeys("en");
  const zh = new Set(i18n.tableKeys("zh"));
  assert.ok(en.length > 500, `only ${en.length} keys registered`);
  assert.deepEqual(en.filter((key) => !zh.has(key)), [], "keys without Chinese");
  assert.deepEqual([...zh].filter((key) => !en.includes(key)), [], "keys without English");
});

test("each key has the same placeholders in both languages", () => {
  const differ = [];
  for (const key of i18n.tableKeys("en")) {
    const en = placeholders(i18n.translate("en", key));
    const zh = placeholders(i18n.translate("zh", key));
    if (en.join() !== zh.join()) differ.push(`${key}: en {${en}} zh {${zh}}`);
  }
  assert.deepEqual(differ, []);
});

test("a key registered twice throws, and nothing of that table is added", () => {
  const [taken] = i18n.tableKeys("en");
  assert.throws(() => i18n.registerPairs({ "test.fresh": { en: "a", zh: "甲" }, [taken]: { en: "b", zh: "乙" } }), /registered twice/);
  assert.equal(i18n.tableKeys("en").includes("test.fresh"), false);
  assert.throws(() => i18n.registerTables({ en: { "test.other": "a" }, fr: { "test.other": "b" } }), /no language "fr"/);
  assert.throws(() => i18n.registerPairs({ "test.third": { en: "a", de: "b" } }), /no language "de"/);
});

test("translate fills placeholders, falls back to English, then to the key, and never reads a prototype", () => {
  i18n.registerTables({ en: { "test.fill": "{n} of {total}", "test.onlyEn": "only English" }, zh: { "test.fill": "第 {n} 个，共 {total} 个" } });
  assert.equal(i18n.translate("zh", "test.fill", { n: 2, total: 5 }), "第 2 个，共 5 个");
  assert.equal(i18n.translate("en", "test.fill", { n: 2 }), "2 of {total}");
  assert.equal(i18n.translate("zh", "test.onlyEn"), "only English");
  assert.equal(i18n.translate("fr", "test.fill", { n: 1, total: 1 }), "1 of 1");
  assert.equal(i18n.translate("en", "constructor"), "constructor");
  assert.equal(i18n.translate("en", "test.fill", { constructor: 1 }), "{n} of {total}");
});

test("language detection prefers the first of en or zh the browser names", () => {
  assert.equal(i18n.detectLanguage(["zh-TW", "en"]), "zh");
  assert.equal(i18n.detectLanguage(["fr", "en-GB", "zh"]), "en");
  assert.equal(i18n.detectLanguage(["fr"]), "en");
  assert.equal(i18n.detectLanguage(undefined), "en");
});

test("every error code the engine declares has its text, with only the fields the engine sends", () => {
  const protocol = fs.readFileSync(path.join(REPO, "py_src", "toklab", "protocol.py"), "utf8");
  const block = protocol.slice(protocol.indexOf("\nERRORS = {"), protocol.indexOf("\n}", protocol.indexOf("\nERRORS = {")));
  const codes = [...block.matchAll(/^ {4}"(\w+)": /gm)].map((m) => m[1]);
  assert.ok(codes.length >= 20, `only ${codes.length} codes read from protocol.py`);
  const keys = new Set(i18n.tableKeys("en"));
  assert.deepEqual(codes.filter((code) => !keys.has(`err.${code}`)), [], "codes without a text");
  const extra = [];
  for (const code of codes) {
    const start = block.indexOf(`    "${code}": `);
    const next = block.slice(start + 1).search(/\n {4}"\w+": /);
    const message = block.slice(start, next < 0 ? undefined : start + 1 + next);
    const sent = new Set([...message.matchAll(/\{(\w+)(?:![rsa])?(?::[^}]*)?\}/g)].map((m) => m[1]));
    for (const name of placeholders(i18n.translate("en", `err.${code}`))) if (!sent.has(name)) extra.push(`${code}: {${name}}`);
  }
  assert.deepEqual(extra, []);
});

test("every error code of the worker, the engine wrapper and the app has its text in both languages", () => {
  // Codes made outside protocol.py (web/worker.mjs, engine.mjs, app.mjs), which the page shows as it
  // shows the engine's own.
  const codes = ["bad_request", "worker_failed", "engine_unavailable", "engine_stopped", "engine_missing", "request_failed"];
  for (const lang of ["en", "zh"]) {
    const keys = new Set(i18n.tableKeys(lang));
    assert.deepEqual(codes.filter((code) => !keys.has(`err.${code}`)), [], lang);
  }
});
