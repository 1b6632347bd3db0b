// ui/clip.mjs: the part of a long text a view draws, counted in code points as Python counts them.

import { test } from "node:test";
import assert from "node:assert/strict";
import { clipText } from "../../web/ui/clip.mjs";

test("a short text is drawn whole", () => {
  assert.deepEqual(clipText("abc", 10), { text: "abc", shown: 3, total: 3 });
  assert.deepEqual(clipText("", 10), { text: "", shown: 0, total: 0 });
  assert.deepEqual(clipText("abc", 3), { text: "abc", shown: 3, total: 3 });
});

test("a long text is cut after `limit` code points, never inside a surrogate pair", () => {
  assert.deepEqual(clipText("a🦄bc", 2), { text: "a🦄", shown: 2, total: 4 });
  assert.deepEqual(clipText("🦄🦄🦄", 1), { text: "🦄", shown: 1, total: 3 });
  assert.deepEqual(clipText("abcd", 0), { text: "", shown: 0, total: 4 });
});

test("counts agree with the string iterator (Python's len) on every kind of text", () => {
  const samples = ["今天天气真好", "👨‍👩‍👧 family", "\ud800 lone high", "lone low \udc00x", "tab\tnew\nline", "é".normalize("NFD")];
  for (const sample of samples) {
    const points = [...sample];
    for (let limit = 0; limit <= points.length + 1; limit++) {
      const clip = clipText(sample, limit);
      assert.equal(clip.total, points.length, sample);
      assert.equal(clip.text, points.slice(0, limit).join(""), `${sample} at ${limit}`);
      assert.equal(clip.shown, Math.min(limit, points.length));
    }
  }
});
