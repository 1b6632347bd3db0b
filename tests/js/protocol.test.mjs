// The page's side of the protocol (web/protocol.mjs, generated from toklab.protocol): every error code
// it declares has the page's text in both languages, with the same {placeholders}, and the errors the
// page and the worker make are declared ones.   node --test tests/js/
import { test } from "node:test";
import assert from "node:assert/strict";

import { ERROR_CODES, PAGE_ERRORS, STATUS_CODES, STAGES, ENCODINGS, DEFAULT_ENCODING, FETCHED_TABLES } from "../../web/protocol.mjs";
import { translate, tableKeys } from "../../web/i18n.mjs";
import "../../web/ui/errorWords.mjs";
import "../../web/shell-strings.mjs";
import { failure, statusError } from "../../web/failures.mjs";

const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test("every error code has its text in English and Chinese, with the same placeholders", () => {
  const en = new Set(tableKeys("en"));
  const zh = new Set(tableKeys("zh"));
  const missing = ERROR_CODES.flatMap((code) => [["en", en], ["zh", zh]].filter(([, keys]) => !keys.has(`err.${code}`)).map(([lang]) => `${lang}: err.${code}`));
  assert.deepEqual(missing, []);
  for (const code of ERROR_CODES) {
    const english = translate("en", `err.${code}`);
    const chinese = translate("zh", `err.${code}`);
    assert.notEqual(english, chinese, `err.${code} is not translated`);
    assert.deepEqual(placeholders(chinese), placeholders(english), `err.${code}`);
  }
});

test("every loading stage the worker names has its text in both languages", () => {
  for (const stage of Object.keys(STAGES).filter((s) => s !== "ready" && s !== "crashed")) {
    for (const lang of ["en", "zh"]) assert.ok(tableKeys(lang).includes(`status.stage.${stage}`), `${lang}: status.stage.${stage}`);
  }
});

test("the page's own errors are declared, and an undeclared code throws", () => {
  assert.deepEqual(failure("worker_failed", { detail: "out of memory" }), {
    type: "WorkerFailed", code: "worker_failed", params: { detail: "out of memory" }, message: "the engine's worker failed: out of memory",
  });
  assert.ok(Object.isFrozen(failure("stopped")) && Object.isFrozen(failure("stopped").params));
  assert.equal(statusError("boot_timeout", { seconds: 90 }).message, "Python did not start within 90 s");
  assert.throws(() => failure("no_such_code"), /undeclared error code no_such_code/);
  assert.throws(() => statusError("stopped"), /undeclared status code stopped/);
  for (const code of Object.keys(PAGE_ERRORS)) assert.ok(ERROR_CODES.includes(code));
  assert.ok(Object.keys(STATUS_CODES).length > 0);
});

test("the tables the page offers are the protocol's, the default first", () => {
  assert.equal(DEFAULT_ENCODING, ENCODINGS[0]);
  assert.deepEqual([...FETCHED_TABLES], ENCODINGS.filter((name) => name !== DEFAULT_ENCODING));
});
