// The train lesson's code view at a step: which kind of step the frame is (the start, a merge, the
// stop's reason) and the values of `training.run_full` there, from the trace and the frame alone (pure;
// ui/codeview.mjs draws it and lights the line the engine marked for that kind).

import { py, tuple, dict } from "../../ui/codeview.mjs";

export const CODE_ROWS = 6;  // corpus rows written out in a value (the rest: "…" and how many)

/** The corpus rows as `run_full`'s dict {symbols tuple: count}, the first CODE_ROWS of them; `n`: all rows. */
function corpusVar(rows, when, n = rows.length) {
  const more = n > CODE_ROWS;
  return {
    name: "corpus", when,
    value: py(dict(rows.slice(0, CODE_ROWS).map((row) => [tuple(row.symbols), row.count]), more)),
    more: more ? ["code.rows", { shown: CODE_ROWS, n }] : null,
  };
}

/**
 * {step, note, vars} for the code view of frame `f` (frames.mjs stepFrame) of `trace`. The corpus is
 * written only where the trace has it (its tables), as the page's own corpus lists are.
 */
export function codeFrame(trace, f) {
  const note = trace.tables_shown ? "code.train.ran" : "code.train.fast";
  const tables = trace.tables_shown;
  if (f.kind === "start") {
    return { step: "start", note, vars: [corpusVar(trace.corpus, "after", trace.n_rows), { name: "len(vocab)", value: py(trace.base_vocab_size) }] };
  }
  if (f.kind === "merge") {
    const s = f.step;
    const vars = [
      { name: "pair", value: py(tuple(s.pair)) },
      { name: "count", value: py(s.count) },
      { name: "pair[0] + pair[1]", value: py(s.merged) },
    ];
    if (tables && f.before) vars.push(corpusVar(f.before, "before"));
    if (tables && f.after) vars.push(corpusVar(f.after, "after"));
    vars.push({ name: "is_new", value: py(s.new_token) }, { name: "len(vocab)", when: "after", value: py(s.vocab_size) });
    return { step: "merge", note, vars };
  }
  const stop = trace.stop;
  const vars = [];
  if (stop.reason === "vocab_size") vars.push({ name: "len(vocab)", value: py(f.vocabSize) }, { name: "vocab_size", value: py(trace.vocab_size) });
  if (stop.reason === "num_merges") vars.push({ name: "len(steps)", value: py(trace.steps.length) }, { name: "num_merges", value: py(trace.num_merges) });
  if (stop.reason === "no_pairs") vars.push({ name: "eligible", value: py([]) });
  if (stop.reason === "min_frequency") {
    vars.push({ name: "pair", value: py(tuple(stop.pair)) }, { name: "count", value: py(stop.count) },
      { name: "min_frequency", value: py(trace.min_frequency) });
  }
  if (tables && f.before) vars.push(corpusVar(f.before));
  return { step: stop.reason, note, vars };
}
