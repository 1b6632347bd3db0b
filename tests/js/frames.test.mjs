// The merge canvas's frames and layout (web/canvas/frames.mjs, layout.mjs): pure functions of the
// engine's answer and the step, checked by hand-worked answers.

import { test } from "node:test";
import assert from "node:assert/strict";
import { web } from "./oracle.mjs";

const f = await web("canvas/frames.mjs");

test("frames follow the protocol's byte spans", () => {
  assert.deepEqual(f.symbolSpans(["t", "oken", "ization"]), [[0, 1], [1, 5], [5, 12]]);
  assert.deepEqual(f.charsInSpan([[0, 1, " "], [1, 5, "🦄"]], 1, 3), [{ char: "🦄", start: 1, end: 5, partial: true }]);
  assert.equal(f.lowestPair([null, 12, 5, 5, null]), 2); // the lowest rank, the first of a tie
  assert.equal(f.hexBytes([0xf0, 0x9f, 0xa6, 0x84]), "f0 9f a6 84");
});
