// The encode stage of a WordPiece table (issue 38: BERT's longest match), in its own terms: pure
// functions of the engine's trace_piece answer and a step, as family.mjs is for SentencePiece. Nothing
// here tokenizes: every try, whether the vocabulary has it, the pieces chosen and [UNK] with its reason
// come from the trace (toklab.hf.lesson.LessonTable, `wordpiece`: docs/protocol.md WordPieceTrace).
//
// Frame k is the word after its first k tries. From a start, WordPiece tries the longest rest of the
// word first (## before it unless the start is 0), one character shorter each time, until the
// vocabulary has one: that piece is taken, and the next try starts where it ended. When not even one
// character matches at a start, the whole word is [UNK]. Each try is one step; the last frame shows the
// tokens (or [UNK]) with their ids.

/**
 * Frame `k` of a WordPiece trace.
 *
 *     wordpieceFrame({wordpiece: {word: "hugs", tries: [{start: 0, end: 4, piece: "hugs", found: false, id: null},
 *       {start: 0, end: 3, piece: "hug", found: true, id: 7}, {start: 3, end: 4, piece: "##s", found: true, id: 9}], …}}, 2)
 *       -> {step: 2, total: 3, tries: [first two, the second current], taken: [{start: 0, end: 3, piece: "hug", id: 7}], next: {start: 3, …}, …}
 *
 * `tries`: the tries so far, each with its index and whether it is the one just made (`current`);
 * `taken`: the pieces found so far; `next`: the try to come (null at the end); `covered`: the characters
 * the taken pieces cover; at the end, `tokens` are the word's tokens (the one [UNK] when `unk`).
 */
export function wordpieceFrame(trace, k) {
  const wp = trace.wordpiece;
  const total = wp.tries.length;
  const step = Math.max(0, Math.min(total, k));
  const final = step === total;
  const tries = wp.tries.slice(0, step).map((t, i) => ({ ...t, index: i, current: i === step - 1 }));
  const taken = tries.filter((t) => t.found).map(({ start, end, piece, id }) => ({ start, end, piece, id }));
  const chars = Array.from(wp.word);
  const covered = taken.length ? taken[taken.length - 1].end : 0;
  return {
    step, total, final, chars, tries, taken, covered,
    last: step > 0 ? tries[step - 1] : null,
    next: final ? null : wp.tries[step],
    tokens: final ? wp.chosen : null,
    unk: final ? wp.unk : null,
    unkAt: wp.unk_at,
    word: wp.word,
    prefix: wp.prefix,
    unkToken: wp.unk_token,
    maxChars: wp.max_chars,
  };
}

/**
 * The mistake beside a WordPiece trace: [UNK] only for the rest of a word it cannot cover, after the
 * pieces found before that place (the engine's `greedy`), against the real tokens (the whole word [UNK]).
 */
export function wordpieceMistake(trace) {
  const g = trace.greedy;
  if (!g) return null;
  const real = trace.wordpiece.chosen.map((c) => c.piece);
  const same = real.length === g.tokens.length && real.every((p, i) => p === g.tokens[i]);
  return { real, wrong: g.tokens, wrongIds: g.ids, same };
}
