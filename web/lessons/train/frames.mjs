// The train lesson's frames: what the page shows, as pure functions of the trained trace (the engine's
// `train` answer, docs/protocol.md) and the step. Step 0 is the corpus before training, step k the k-th
// merge, the last step the stop. Nothing here touches the DOM or asks the engine; the view draws what
// these return, and words.mjs puts them into sentences.
//
// A long training's steps come in pages (issue 41, P3): the `train` answer lists the first `step_limit`
// of its `n_steps`, and `train_steps` answers the page that holds any other. The page's trace keeps
// `steps` as an array of all n_steps with the pages not yet here left out (pagedTrace, withPage), so
// `trace.steps.length` is every merge and `trace.steps[i]` is undefined until its page came.

import { SETTINGS, CHINESE } from "./presets.mjs";

export const ROWS_SHOWN = 120;    // corpus rows drawn per side
export const PAIRS_SHOWN = 60;    // pair-table rows drawn
const MERGE_CHIPS = 300;          // learned tokens drawn in the vocabulary
const BASE_CHIPS = 200;           // base symbols drawn in the vocabulary

/** Whether two pairs ([left, right]) are the same; null is no pair. */
export function samePair(a, b) {
  return Boolean(a && b) && a[0] === b[0] && a[1] === b[1];
}

/** What identifies a training: the settings, in SETTINGS order (an array, written as JSON). */
export function settingsKey(values) {
  return JSON.stringify(SETTINGS.map((k) => values[k]));
}

/** The `train` request for the lesson's settings (0 means "no limit" in the number fields). */
export function trainPayload(values) {
  return {
    corpus: values.corpus, mode: values.tmode, unit: values.unit,
    vocab_size: values.vsize || null, num_merges: values.nmerges || null,
    min_frequency: values.minf, tie_break: values.tie, detail: "auto",
  };
}

/**
 * The request that cuts `text` with the merges learned by step `step` (the step the steps card shows,
 * so the two never disagree): [kind, payload]. It names the training (`trained`, its `train` request)
 * instead of sending its merges back (1M Chinese characters learn about 10^5): the engine cuts with the
 * training it holds, or trains again. Byte merges cut as GPT-2's encoder does, character merges as the toy one.
 */
export function tryRequest(trace, trained, text, step) {
  return ["train_try", { ...trained, text, n_merges: triedMerges(trace, step) }];
}

/** How many merges the example is cut with at step `step`: the ones learned by then (one a step). */
export function triedMerges(trace, step) {
  return Math.max(0, Math.min(step, trace.n_steps));
}

export const MERGES_LISTED = 300; // merges listed before the shown one (the list of a long training is a window)

/** The `train` answer as the page keeps it: its steps at their places in an array of all n_steps. */
export function pagedTrace(answer) {
  return withPage({ ...answer, steps: new Array(answer.n_steps) }, answer);
}

/** `trace` with the page of steps `page` ({steps, step_offset}: a train or train_steps answer) in place. */
export function withPage(trace, page) {
  const steps = trace.steps.slice();
  page.steps.forEach((s, i) => { steps[page.step_offset + i] = s; });
  return { ...trace, steps };
}

/** The step whose page frame k needs (its merge; the stop lists the last merges): an index, or -1 for none. */
export function neededStep(trace, k) {
  const n = trace.steps.length;
  return Math.min(k, n) - 1;
}

/** Whether frame k can be drawn: the page holding its step is here. */
export function stepReady(trace, k) {
  const i = neededStep(trace, k);
  return i < 0 || trace.steps[i] !== undefined;
}

/** The last step: one per merge, then the stop (0 before anything is trained). */
export function totalSteps(trace) {
  return trace ? trace.steps.length + 1 : 0;
}

/**
 * The tokens learned by step k that the vocabulary draws: the new tokens of the merges listed at step k
 * (mergesUpTo: the last MERGES_LISTED whose page is here), in order.
 */
function learnedAt(trace, k) {
  return mergesUpTo(trace, k).steps.filter((s) => s.new_token !== false).map((s) => s.merged);
}

/**
 * Everything step k shows, from the trace and k alone:
 *   kind       "start" | "merge" | "stop";  k the step (clamped to the last)
 *   before     the corpus rows the pair table counted ({symbols, count}), after: the rows after the merge
 *   pairs      the pair table ({pair, count}), or null where the engine sent none
 *   step       the merge step (pair, count, merged, tie, occurrences...), null at start and stop
 *   learned    the tokens learned so far;  vocabSize: the vocabulary's size
 */
export function stepFrame(trace, step) {
  const n = trace.steps.length;
  const k = Math.max(0, Math.min(step, n + 1));
  if (k === 0) {
    return { kind: "start", k, before: trace.corpus, after: null, pairs: null, step: null, learned: [], vocabSize: trace.base_vocab_size };
  }
  if (k <= n) {
    const s = trace.steps[k - 1];
    const before = (k === 1 ? trace.corpus : trace.steps[k - 2]?.corpus) || null; // null: no tables, or the page before is not here
    return {
      kind: "merge", k, before, after: s.corpus || null, pairs: s.pairs || null, step: s,
      learned: learnedAt(trace, k), vocabSize: s.vocab_size,
    };
  }
  const last = n ? trace.steps[n - 1] : null;
  return {
    kind: "stop", k, before: trace.stop.corpus || (last ? last.corpus : trace.corpus) || null, after: null,
    pairs: trace.stop.pairs || null, step: null, learned: learnedAt(trace, k),
    vocabSize: trace.base_vocab_size + trace.n_learned,
  };
}

/** Whether the tie line shows: the chosen pair shared its count with others. */
export function tieOf(frame) {
  const tie = frame.step && frame.step.tie;
  return tie && tie.n_tied > 1 ? tie : null;
}

/** Pairs in the order of their symbols, left first (code-unit order, as the engine's lexicographic rule). */
function byPair(a, b) {
  if (a.pair[0] !== b.pair[0]) return a.pair[0] < b.pair[0] ? -1 : 1;
  if (a.pair[1] !== b.pair[1]) return a.pair[1] < b.pair[1] ? -1 : 1;
  return 0;
}

/**
 * The pair table of a frame, sorted by `sort` ("count": the engine's order; "pair": by symbols), the
 * first PAIRS_SHOWN rows: each {pair, count, chosen, tied, below} (below: under min_frequency at the
 * stop), and how many rows are left out. Null when the frame has no table. `hidden` (a pending guess):
 * the engine's first PAIRS_SHOWN rows in the order of their symbols, with no count and nothing marked.
 */
export function pairRows(trace, frame, sort, hidden = false) {
  if (!frame.pairs) return null;
  if (hidden) {
    const rows = frame.pairs.slice(0, PAIRS_SHOWN).sort(byPair)
      .map((p) => ({ pair: p.pair, count: null, chosen: false, tied: false, below: false }));
    return { rows, hidden: frame.pairs.length - rows.length };
  }
  const tied = frame.step && frame.step.tie ? frame.step.tie.tied : [];
  const chosen = frame.step ? frame.step.pair : null;
  const rows = frame.pairs.slice();
  if (sort === "pair") rows.sort(byPair);
  const shown = rows.slice(0, PAIRS_SHOWN).map((p) => ({
    pair: p.pair,
    count: p.count,
    chosen: samePair(p.pair, chosen),
    tied: tied.length > 1 && tied.some((q) => samePair(q, p.pair)),
    below: frame.kind === "stop" && p.count < trace.min_frequency,
  }));
  return { rows: shown, hidden: rows.length - shown.length };
}

/**
 * Where a merge step happened: for each corpus row, the positions of the merged pair before the merge
 * (`hits`) and of the new symbol after it (`fresh`), as Map(row -> Set(position)).
 *
 *     stepMarks({occurrences: [[0, 1, 1]]})  ->  {hits: Map {0 => Set {1, 2}}, fresh: Map {0 => Set {1}}}
 */
export function stepMarks(step) {
  const hits = new Map();
  const fresh = new Map();
  for (const [row, pos, after] of (step && step.occurrences) || []) {
    if (!hits.has(row)) hits.set(row, new Set());
    hits.get(row).add(pos).add(pos + 1);
    if (!fresh.has(row)) fresh.set(row, new Set());
    fresh.get(row).add(after);
  }
  return { hits, fresh };
}

/**
 * The first ROWS_SHOWN corpus rows, each {symbols, count, marked, hovered}: `marked` the positions in
 * `marks` (a Map from stepMarks), `hovered` every place the pair `hover` occurs; and how many rows are
 * left out.
 */
export function corpusRows(rows, marks, hover) {
  if (!rows) return { rows: [], hidden: 0 };
  const shown = rows.slice(0, ROWS_SHOWN).map((row, r) => {
    const hovered = new Set();
    if (hover) {
      for (let i = 0; i + 1 < row.symbols.length; i += 1) {
        if (row.symbols[i] === hover[0] && row.symbols[i + 1] === hover[1]) hovered.add(i).add(i + 1);
      }
    }
    return { symbols: row.symbols, count: row.count, marked: marks.get(r) || new Set(), hovered };
  });
  return { rows: shown, hidden: Math.max(0, rows.length - ROWS_SHOWN) };
}

/**
 * The merges listed at step k: the steps of the trace up to the k-th, the last MERGES_LISTED of them
 * (only those whose page is here), and the index of the first: {first, steps}.
 */
export function mergesUpTo(trace, k) {
  const end = Math.min(k, trace.steps.length);
  let first = Math.max(0, end - MERGES_LISTED);
  while (first < end && trace.steps[first] === undefined) first += 1;
  return { first, steps: trace.steps.slice(first, end) };
}

/**
 * The vocabulary at a frame: the special entries (<unk> for characters), the base symbols (null in bytes
 * mode, where the base is all 256 bytes) and the learned tokens, the last drawn as the newest while a
 * merge is shown.
 */
export function vocabulary(trace, frame) {
  return {
    special: trace.special_tokens,
    base: trace.kind === "bytes" ? null : trace.base_vocab.slice(0, BASE_CHIPS),
    learned: frame.learned.slice(-MERGE_CHIPS),
    newest: frame.kind === "merge" && !frame.masked,
  };
}

/**
 * Whether the Chinese lines learned 我爱中国 and then stopped at min_frequency: the printed example's fifth
 * table goes on from there, so the lesson says to count again by hand. (Other tie rules learn 中国人
 * instead, where the printed table does not apply.)
 */
export function recountShown(values, trace, frame) {
  return frame.kind === "stop" && values.corpus === CHINESE && values.unit === "lines" && trace.stop.reason === "min_frequency"
    && trace.learned.includes("我爱中国");
}
