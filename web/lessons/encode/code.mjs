// The encode lesson's code view at a step: which kind of step the shown frame is and the values of
// `reference.lowest_rank_merge` there, from the piece's trace alone (pure; ui/codeview.mjs draws it and
// lights the line the engine marked for that kind).
//
// Step 0 is the start (`symbols = list(symbols)`), or already the end for a piece with nothing to merge;
// step k is the k-th merge, the statement that replaced `pair` at `i` by the merged symbol.

import { py, tuple } from "../../ui/codeview.mjs";

/**
 * {step, note, vars} for the code view at `step` of `piece` (a trace_piece answer).
 *
 *     codeFrame(lower, 1).vars  ->  [{name: "rank", value: "7"}, {name: "i", value: "3"},
 *                                     {name: "pair", value: "('e', 'r')"}, {name: "symbols", when: "before", ...}, ...]
 */
export function codeFrame(piece, step) {
  const n = piece.steps.length;
  const k = Math.max(0, Math.min(step, n));
  const note = "code.encode.note";
  if (k === 0) {
    return { step: n === 0 ? "done" : "start", note, vars: [{ name: "symbols", value: py(piece.symbols) }] };
  }
  const s = piece.steps[k - 1];
  const before = k === 1 ? piece.symbols : piece.steps[k - 2].symbols;
  return {
    step: "merge",
    note,
    vars: [
      { name: "rank", value: py(s.rank) },
      { name: "i", value: py(s.position) },
      { name: "pair", value: py(tuple([s.left, s.right])) },
      { name: "symbols", when: "before", value: py(before) },
      { name: "symbols", when: "after", value: py(s.symbols) },
    ],
  };
}
