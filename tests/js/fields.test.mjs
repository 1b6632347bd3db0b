// ui/fields.mjs numberRefusal: why a value typed into a whole-number field is not used.

import { test } from "node:test";
import assert from "node:assert/strict";
import { numberRefusal } from "../../web/ui/fields.mjs";

const VOCAB = { min: 0, max: 1_000_000 };

test("whole numbers within the bounds are taken", () => {
  for (const text of ["0", "1", "400", "1000000", "1e3", "  7 "]) assert.equal(numberRefusal(text, VOCAB), null, text);
});

test("the vocabulary sizes of issue #27 each get their reason", () => {
  assert.equal(numberRefusal("-5", VOCAB), "field.tooSmall");
  assert.equal(numberRefusal("1000000000", VOCAB), "field.tooLarge");
  assert.equal(numberRefusal("1e9", VOCAB), "field.tooLarge");
  assert.equal(numberRefusal("2.5", VOCAB), "field.notWhole");
});

test("what the browser could not read as a number, and an empty field where 0 is not allowed", () => {
  assert.equal(numberRefusal("", { ...VOCAB, badInput: true }), "field.notNumber");
  assert.equal(numberRefusal("", { min: 1, max: 8 }), "field.notNumber");
  assert.equal(numberRefusal("", VOCAB), null); // 0: no limit, as before
  assert.equal(numberRefusal("0", { min: 1, max: 8 }), "field.tooSmall");
  assert.equal(numberRefusal("9", { min: 1, max: 8 }), "field.tooLarge");
});
