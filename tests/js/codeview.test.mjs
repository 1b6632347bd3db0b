// The code view writes the step's values as Python writes them (web/ui/codeview.mjs): Python's own
// repr() of the same values is the oracle.

import { test } from "node:test";
import assert from "node:assert/strict";
import { python, web } from "./oracle.mjs";

const { py, tuple, dict } = await web("ui/codeview.mjs");

const TRICKY = ["it's", 'say "hi"', "both ' and \"", "back\\slash", "a\nb\t", "\x00\x7f\x85", "\u200b\ufeff", "\u00a0x\u3000",
  "é中🎉", "Ġthe", "</w>", ""];

test("values are written as Python writes them", () => {
  const want = python(`
import json, sys
tricky = json.load(sys.stdin)
print(json.dumps([[repr(s) for s in tricky], repr(tuple(tricky)), repr(("x",)), repr({("a", "b"): 2, ("c",): 1}),
                  repr([1, True, False, None])]))
`, TRICKY);
  const written = [TRICKY.map((s) => py(s)), py(tuple(TRICKY)), py(tuple(["x"])), py(dict([[tuple(["a", "b"]), 2], [tuple(["c"]), 1]])),
    py([1, true, false, null])];
  assert.deepEqual(written, want);
});
