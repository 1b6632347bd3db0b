// Frames: what the merge canvas shows at an integer step, built from the engine's trace data only.
//
// A frame is plain data. Frame k is the symbol list after k merges, the ranks of its adjacent pairs
// (taken from the engine's "candidates" of the next step), which pair merges next and which pair has
// the lowest rank. Nothing here tokenizes: symbols, ranks and ids all come from the trace, and so do
// the symbols' bytes: the trace gives each starting symbol's byte span (`spans`), and each step joins
// the two spans at its position, as it joins the two symbols.

/** Number of code points: `cpLength("ĠÃ")` -> 2. */
export function cpLength(text) {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

/**
 * Byte spans of the symbols after `step` merges: the trace's starting spans, each step joining the span
 * at its position with the next one.
 *
 *     spansAfter([[0, 1], [1, 2], [2, 3]], [{position: 1}, {position: 0}], 1)  ->  [[0, 1], [1, 3]]
 */
export function spansAfter(spans, steps, step) {
  const out = spans.map(([start, end]) => [start, end]);
  for (let i = 0; i < step; i += 1) {
    const at = steps[i].position;
    out.splice(at, 2, [out[at][0], out[at + 1][1]]);
  }
  return out;
}

/**
 * The characters a byte span touches, from the piece's "chars" ([first byte, end byte, char]).
 * `partial` is true for a character the span covers only in part.
 *
 *     charsInSpan([[0, 4, "🦄"]], 0, 2)  ->  [{char: "🦄", start: 0, end: 4, partial: true}]
 */
export function charsInSpan(chars, start, end) {
  const out = [];
  for (const [cs, ce, ch] of chars) {
    if (ce <= start || cs >= end) continue;
    out.push({ char: ch, start: cs, end: ce, partial: cs < start || ce > end });
  }
  return out;
}

/** Cells for a symbol list and its byte spans: printable text, byte span, bytes, characters, "part of a character". */
export function buildCells(piece, symbols, spans) {
  return spans.map(([start, end], i) => {
    const chars = charsInSpan(piece.chars, start, end);
    return {
      text: symbols[i],
      start,
      end,
      bytes: piece.bytes.slice(start, end),
      chars,
      partial: chars.some((c) => c.partial),
    };
  });
}

/** Index of the lowest rank in a candidates list (leftmost on ties), or null when none has a rule. */
export function lowestPair(candidates) {
  let best = null;
  for (let i = 0; i < candidates.length; i += 1) {
    const rank = candidates[i];
    if (rank === null || rank === undefined) continue;
    if (best === null || rank < candidates[best]) best = i;
  }
  return best;
}

/**
 * Frame k (0 <= k <= steps.length) of a merge sequence.
 *
 * `run` is {steps, tokens, ids}: the real rank-order run (the Piece itself) or the greedy one.
 * At the last frame no pair has a rule (that is why merging stopped), so every pair shows "no rule".
 */
export function buildFrame(piece, run, k) {
  const steps = run.steps;
  const total = steps.length;
  const step = Math.max(0, Math.min(total, k));
  const symbols = step === 0 ? piece.symbols : steps[step - 1].symbols;
  const cells = buildCells(piece, symbols, spansAfter(piece.spans, steps, step));
  const next = step < total ? steps[step] : null;
  let pairs;
  if (next) {
    pairs = Array.isArray(next.candidates) ? next.candidates.slice() : null;
  } else {
    pairs = cells.slice(1).map(() => null);
  }
  return {
    step,
    total,
    cells,
    symbols: symbols.slice(),
    pairs,                                        // null: ranks not sent (very long piece)
    chosen: next ? next.position : null,          // the pair this run merges next
    lowest: pairs ? lowestPair(pairs) : null,     // the pair with the lowest rank
    fresh: step > 0 ? steps[step - 1].position : null, // the symbol the last step made
    last: step > 0 ? steps[step - 1] : null,
    next,
    run: steps,                                   // the run's steps (encode/names.mjs names their symbols)
    final: step === total,
    tokens: run.tokens,
    ids: run.ids,
  };
}

/** The final tokens with their ids, one row per distinct id, sorted by id (the table's order). */
export function lookupRows(tokens, ids) {
  const rows = new Map();
  ids.forEach((id, i) => {
    if (!rows.has(id)) rows.set(id, { id, token: tokens[i], cells: [] });
    rows.get(id).cells.push(i);
  });
  return [...rows.values()].sort((a, b) => a.id - b.id);
}

/** Hex form of bytes: [0x74, 0x6f] -> "74 6f". */
export function hexBytes(bytes) {
  return bytes.map((b) => b.toString(16).padStart(2, "0")).join(" ");
}
