// The merge stage of a SentencePiece table (issue 38), in its family's own terms: pure functions of the
// engine's trace_piece answer and a step, as frames.mjs is for byte-level BPE. Nothing here tokenizes:
// the candidate pairs and their scores, the lattice's pieces, log-probabilities and best paths, the
// byte-fallback tokens and the common mistake all come from the trace (toklab.tables.SpmTable); this
// module only says which of them a step shows.
//
//   SentencePiece BPE (family "spm_bpe": Llama 1/2, Mistral): frame k is the symbols after k merges, and
//   the candidates of merge k+1 (every neighbouring pair that makes a piece, with that piece's score),
//   the engine's chosen one marked. A character the vocabulary lacks stays one symbol and ends as its
//   bytes (<0xE6> <0xB0> <0x94>): the trace's final tokens say which.
//
//   Unigram (family "unigram"): frame k is Viterbi's walk after the first k characters: the lattice's
//   pieces that start before position k are seen, those that end at k are the ones compared there, and
//   the best path ending at k is the engine's; the last frame lights the chosen path.
//
//   WordPiece (family "wordpiece": BERT's longest match, wordpiece.mjs): frame k is the word after its
//   first k tries; it is drawn on the same stage, not on the merge canvas.

import { spansAfter } from "../../canvas/frames.mjs";
import { wordpieceMistake } from "./wordpiece.mjs";

/** The families drawn here, as the engine names them. */
export const SPM_FAMILIES = Object.freeze(["spm_bpe", "unigram"]);

/** The families drawn on the family stage instead of the merge canvas: SentencePiece's and WordPiece. */
export const STAGE_FAMILIES = Object.freeze([...SPM_FAMILIES, "wordpiece"]);

/** True for a trace of a SentencePiece or WordPiece table (drawn on the family stage, not on the merge canvas). */
export function isFamilyTrace(trace) {
  return Boolean(trace) && STAGE_FAMILIES.includes(trace.family);
}

/**
 * How many steps a trace has: a merge each for BPE, a position each for Unigram's lattice.
 *
 *     stepCount({family: "unigram", steps: [], lattice: {positions: [p0, p1, p2]}})  ->  3
 *     stepCount({family: "wordpiece", steps: [], wordpiece: {tries: [t0, t1]}})       ->  2
 *     stepCount({steps: [s0, s1]})                                                   ->  2
 */
export function stepCount(trace) {
  if (!trace) return 0;
  if (trace.family === "unigram" && trace.lattice) return trace.lattice.positions.length;
  if (trace.family === "wordpiece" && trace.wordpiece) return trace.wordpiece.tries.length;
  return trace.steps.length;
}

/**
 * The final symbols of a SentencePiece BPE trace, each with what it became: its id, or (a character
 * the vocabulary lacks) its byte-fallback tokens. Keyed by the symbol's first byte, so a frame can tell
 * an unknown character at any step (it never merges, so its byte span stays the same).
 *
 *     finalTokens({symbols: ["▁", "气"], spans: [[0, 3], [3, 6]], steps: [],
 *                  tokens: ["▁", "<0xE6>", "<0xB0>", "<0x94>"], ids: [29871, 233, 179, 151], fallback: [false, true, true, true]})
 *       -> Map {0 => {end: 3, id: 29871, bytes: null}, 3 => {end: 6, id: null, bytes: [{token: "<0xE6>", id: 233}, …]}}
 */
export function finalTokens(trace) {
  const steps = trace.steps;
  const symbols = steps.length ? steps[steps.length - 1].symbols : trace.symbols;
  const spans = spansAfter(trace.spans, steps, steps.length);
  const out = new Map();
  let j = 0;
  for (let i = 0; i < symbols.length && j < trace.tokens.length; i += 1) {
    const [start, end] = spans[i];
    if (trace.fallback[j]) {
      const bytes = [];
      while (j < trace.tokens.length && trace.fallback[j] && bytes.length < end - start) {
        bytes.push({ token: trace.tokens[j], id: trace.ids[j] });
        j += 1;
      }
      out.set(start, { end, id: null, bytes });
    } else {
      out.set(start, { end, id: trace.ids[j], bytes: null });
      j += 1;
    }
  }
  return out;
}

/**
 * Frame `k` of a SentencePiece BPE trace: the cells (symbol, byte span, its byte-fallback tokens if it
 * falls back, its id once final), the last merge, and the candidate pairs of the next merge with their
 * scores, highest first (`winner`: the engine's choice; null when the trace left them out for a very long
 * piece).
 */
export function scoreFrame(trace, k) {
  const steps = trace.steps;
  const total = steps.length;
  const step = Math.max(0, Math.min(total, k));
  const symbols = step === 0 ? trace.symbols : steps[step - 1].symbols;
  const spans = spansAfter(trace.spans, steps, step);
  const ends = finalTokens(trace);
  const final = step === total;
  const last = step > 0 ? steps[step - 1] : null;
  const cells = symbols.map((text, i) => {
    const [start, end] = spans[i];
    const known = ends.get(start);
    const stays = known && known.end === end ? known : null;
    return {
      text, start, end,
      bytes: stays ? stays.bytes : null,
      id: final && stays ? stays.id : null,
      fresh: last !== null && i === last.position,
    };
  });
  const next = final ? null : steps[step];
  // Listed highest score first (a stable sort: equal scores stay left to right, as the engine breaks a tie).
  const pairs = next && Array.isArray(next.scored)
    ? next.scored.map((c) => ({ ...c, winner: c.position === next.position })).sort((a, b) => b.score - a.score)
    : null;
  return { step, total, final, cells, last, next, pairs, candidates: last && Array.isArray(last.scored) ? last.scored.length : null };
}

/**
 * The rows a lattice's pieces are drawn in: each piece in the first row whose pieces all end by its
 * start (pieces in the engine's order: by start, then by end). Layout only.
 *
 *     latticeRows([{start: 0, end: 1}, {start: 0, end: 3}, {start: 1, end: 2}])  ->  [0, 1, 0]
 */
export function latticeRows(nodes) {
  const ends = [];
  return nodes.map((node) => {
    let row = ends.findIndex((end) => end <= node.start);
    if (row < 0) {
      row = ends.length;
      ends.push(0);
    }
    ends[row] = node.end;
    return row;
  });
}

/**
 * Frame `k` of a Unigram trace: Viterbi after the first k characters of the word.
 *
 * Each piece of the lattice: `seen` (it starts before k), `compared` (it ends at k: Viterbi weighs it
 * there), `chosenHere` (it ends the best path to k), `lit` (the last frame: it is on the chosen path),
 * `best` (the engine's: on the chosen path at all), its row. `ends` holds the best path ending after
 * each character walked so far, as the engine found it.
 */
export function latticeFrame(trace, k) {
  const lattice = trace.lattice;
  const positions = lattice.positions;
  const total = positions.length;
  const step = Math.max(0, Math.min(total, k));
  const final = step === total;
  const here = step > 0 ? positions[step - 1].best : null;
  const nodes = positions.flatMap((p) => p.pieces);
  const rows = latticeRows(nodes);
  const pieces = nodes.map((node, i) => {
    const compared = step > 0 && node.end === step;
    return {
      piece: node.piece, id: node.id, start: node.start, end: node.end, logp: node.logp,
      unknown: Boolean(node.unknown), best: Boolean(node.best), row: rows[i],
      seen: node.start < step, compared, chosenHere: compared && here !== null && node.start === here.start, lit: final && Boolean(node.best),
    };
  });
  return {
    step, total, final,
    chars: positions.map((p) => p.char),
    pieces,
    rows: rows.length ? Math.max(...rows) + 1 : 0,
    ends: positions.slice(0, step).map((p) => p.best),
    here,
    compared: pieces.filter((p) => p.compared),
    path: lattice.path,
    score: lattice.score,
  };
}

/**
 * The common mistake beside the real answer: the engine's mistaken pieces (BPE: the leftmost pair
 * first, whatever its score; Unigram: the longest piece first) against what the family really gives
 * (BPE: the symbols after the last merge, before byte fallback; Unigram: the chosen path).
 */
export function familyMistake(trace) {
  if (trace.family === "wordpiece") return wordpieceMistake(trace);
  const g = trace.greedy;
  if (!g) return null;
  const real = trace.family === "unigram"
    ? trace.lattice.path.map((p) => p.piece)
    : (trace.steps.length ? trace.steps[trace.steps.length - 1].symbols : trace.symbols);
  const same = real.length === g.tokens.length && real.every((p, i) => p === g.tokens[i]);
  return { real, wrong: g.tokens, wrongIds: g.ids, same };
}
