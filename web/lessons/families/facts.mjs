// What the families lesson says about each tokenizer's cut, read off the engine's answers: pure functions
// of an `overview` (its pieces: tokens, ids, bytes, each token's byte span and text) and the vocabulary's
// own spelling of each id (a `decode` answer's `token`). Nothing here tokenizes or knows a table: a
// space's mark is the model's (ModelFacts.space) or, for a byte-level table that has none, the space
// itself; a character cut into pieces of its bytes is one whose bytes more than one token shares, or
// whose token stands for only part of it (its text is null); an unknown token is one whose id the
// vocabulary spells differently from the text the cut took (Unigram's <unk> for 🦄).
//
//     const facts = columnFacts(text, overview, spelled);   // spelled: Map(id -> the vocabulary's {token, special})
//     facts.count, facts.space {spaces, marks, front, verdict, example}, facts.cut [{char, tokens}], facts.unknown [...]
//
// A token is named as every lesson names it (../encode/names.mjs): part of a character as its bytes in hex,
// a byte-level table's token of whole characters as those characters (天, not GPT-2's stand-ins å¤©), else
// as the vocabulary writes it (Ġday, ▁day, ##ing); the vocabulary's spelling stays beside it (`token`).

import { hexLabel, visibleSymbol } from "../../glyphs.mjs";

const UTF8 = new TextEncoder();
const DECODER = new TextDecoder("utf-8");

/**
 * How many bytes the UTF-8 character starting with byte `b` has (1 for a stray continuation byte).
 *
 *     charLength(0x41) -> 1;  charLength(0xe4) -> 3;  charLength(0xf0) -> 4
 */
export function charLength(b) {
  if (b >= 0xf0 && b <= 0xf7) return 4;
  if (b >= 0xe0) return b <= 0xef ? 3 : 1;
  if (b >= 0xc0) return 2;
  return 1;
}

/**
 * The characters of a piece's bytes: [{char, start, end}] (byte offsets).
 *
 *     charSpans([0x20, 0xe6, 0xb0, 0x94]) -> [{char: " ", start: 0, end: 1}, {char: "气", start: 1, end: 4}]
 */
export function charSpans(bytes) {
  const out = [];
  for (let at = 0; at < bytes.length;) {
    const end = Math.min(bytes.length, at + charLength(bytes[at]));
    out.push({ char: DECODER.decode(new Uint8Array(bytes.slice(at, end))), start: at, end });
    at = end;
  }
  return out;
}

/** Occurrences of `needle` (bytes) in `bytes`, not overlapping. */
function countBytes(bytes, needle) {
  if (!needle.length) return 0;
  let n = 0;
  for (let i = 0; i + needle.length <= bytes.length;) {
    let same = true;
    for (let j = 0; j < needle.length && same; j += 1) same = bytes[i + j] === needle[j];
    if (same) {
      n += 1;
      i += needle.length;
    } else {
      i += 1;
    }
  }
  return n;
}

/** Whether a piece's token spans line up with its tokens (one span per token). */
const spanned = (piece) => Array.isArray(piece.spans) && piece.spans.length === piece.tokens.length;

/**
 * How token `k` of `piece` is named: {label, raw}. `raw`: the label is bytes in hex (drawn dashed, not
 * through visibleSymbol). `byteLevel`: the table spells bytes in GPT-2's stand-ins.
 *
 *     tokenLabel({bytes: [0xe4, 0xbb, 0x8a], tokens: ["ä»", "Ĭ"], spans: [[0, 2], [2, 3]], texts: [null, null]}, 0, true)
 *       -> {label: "E4 BB", raw: true}
 *     tokenLabel({bytes: [0xe5, 0xa4, 0xa9], tokens: ["å¤©"], spans: [[0, 3]], texts: ["天"]}, 0, true) -> {label: "天", raw: false}
 */
export function tokenLabel(piece, k, byteLevel) {
  const token = piece.tokens[k];
  if (!spanned(piece)) return { label: token, raw: false };
  const text = piece.texts[k];
  if (text === null) return { label: hexLabel(piece.bytes.slice(...piece.spans[k])), raw: true };
  if (byteLevel && visibleSymbol(text) === text) return { label: text, raw: false };
  return { label: token, raw: false };
}

/** Whether an overview's table writes bytes in GPT-2's stand-ins (a byte-level BPE). */
const byteLevelOf = (overview) => Boolean(overview.model && overview.model.kind === "byte_level");

/**
 * Every token of an overview in order: {token, id, text, vocab, unknown, surface, partial, label, raw, piece, k}
 * (`label`, `raw`: tokenLabel). `text` is the
 * engine's text of the token (null: part of a character); `spelled` maps an id to the vocabulary's own
 * {token, special} (a `decode` answer's items). A token is unknown when its id stands for text the
 * vocabulary lacks: the vocabulary spells it otherwise than the cut (Unigram's <unk> for 🦄), or it is a
 * special token in a text read with no special token allowed (WordPiece's [UNK]).
 */
export function tokensOf(overview, spelled = new Map()) {
  const byteLevel = byteLevelOf(overview);
  return overview.pieces.flatMap((piece) => piece.tokens.map((token, k) => {
    const id = piece.ids[k];
    const known = spelled.get(id);
    const vocab = known ? known.token : token;
    const text = spanned(piece) ? piece.texts[k] : token;
    const unknown = vocab !== token || Boolean(known && known.special && !overview.plain_special);
    // What an unknown token stood for: the text it covers (WordPiece's [UNK]), or the cut's piece (Unigram's).
    const surface = unknown && text !== null && text !== token ? text : token;
    return { token, id, text, vocab, unknown, surface, partial: text === null, ...tokenLabel(piece, k, byteLevel), piece: piece.index, k };
  }));
}

/**
 * The characters a piece's tokens cut into pieces of their bytes: those a token covers only in part.
 * [{char, tokens: [{token, id, label}]}], each character once per place it occurs (`label`: tokenLabel's).
 *
 *     cutChars({bytes: [0xe6, 0xb0, 0x94], tokens: ["<0xE6>", "<0xB0>", "<0x94>"], ids: [233, 179, 151],
 *               spans: [[0, 1], [1, 2], [2, 3]], texts: [null, null, null]})
 *       -> [{char: "气", tokens: [{token: "<0xE6>", id: 233, label: "E6"}, {token: "<0xB0>", id: 179, label: "B0"}, {token: "<0x94>", id: 151, label: "94"}]}]
 */
export function cutChars(piece, byteLevel = false) {
  if (!spanned(piece)) return [];
  const out = [];
  for (const ch of charSpans(piece.bytes)) {
    const over = [];
    piece.spans.forEach(([a, b], k) => {
      if (a < ch.end && b > ch.start) over.push(k);
    });
    const inPart = over.some((k) => piece.spans[k][0] > ch.start || piece.spans[k][1] < ch.end);
    if (over.length && inPart) {
      out.push({ char: ch.char, tokens: over.map((k) => ({ token: piece.tokens[k], id: piece.ids[k], label: tokenLabel(piece, k, byteLevel).label })) });
    }
  }
  return out;
}

/**
 * What a tokenizer did with the text's spaces: `spaces` in the text, `marks` (the model's space mark, or
 * the space itself) among its tokens' bytes, `front` (a mark before the first word the text does not
 * have), `runs` of spaces in the text, the verdict, and a token that carries a mark as the cut spells it.
 *
 *     verdict: "none" (no space, no mark) | "kept" (one mark per space) | "squeezed" (one per run) |
 *              "dropped" (no mark at all) | "fewer" | "more"
 */
export function spaceFacts(text, overview) {
  // A byte-level table (GPT-2, whose facts write a space Ġ) keeps the space's own byte in its pieces' bytes.
  const model = overview.model;
  const mark = model && model.space && model.kind !== "byte_level" ? model.space : " ";
  const needle = [...UTF8.encode(mark)];
  const spaces = [...text].filter((ch) => ch === " ").length;
  const runs = (text.match(/ +/g) || []).length;
  let marks = 0;
  let example = null;
  for (const piece of overview.pieces) {
    marks += countBytes(piece.bytes, needle);
    if (example === null && spanned(piece)) {
      const k = piece.spans.findIndex(([a, b]) => countBytes(piece.bytes.slice(a, b), needle) > 0);
      if (k >= 0) example = piece.tokens[k];
    }
  }
  const first = overview.pieces.find((piece) => piece.bytes.length > 0);
  const front = Boolean(first) && needle.every((b, i) => first.bytes[i] === b) && !text.startsWith(" ");
  const inner = marks - (front ? 1 : 0);
  let verdict;
  if (spaces === 0) verdict = "none";
  else if (inner === spaces) verdict = "kept";
  else if (inner === 0) verdict = "dropped";
  else if (inner === runs) verdict = "squeezed";
  else verdict = inner < spaces ? "fewer" : "more";
  return { mark, spaces, runs, marks, inner, front, verdict, example };
}

/** One column's facts: its count, its spaces, the characters it cut into bytes, its unknown tokens. */
export function columnFacts(text, overview, spelled) {
  const tokens = tokensOf(overview, spelled);
  return {
    count: overview.n_ids,
    tokens,
    space: spaceFacts(text, overview),
    cut: overview.pieces.flatMap((piece) => cutChars(piece, byteLevelOf(overview))),
    unknown: tokens.filter((tok) => tok.unknown),
  };
}

/**
 * The columns with the fewest tokens (every one of them on a tie), by id.
 *
 *     fewest([{id: "r50k", count: 10}, {id: "llama2", count: 9}, {id: "unigram", count: 9}]) -> ["llama2", "unigram"]
 */
export function fewest(counts) {
  if (!counts.length) return [];
  const least = Math.min(...counts.map((c) => c.count));
  return counts.filter((c) => c.count === least).map((c) => c.id);
}

/**
 * The characters a question may offer: the text's distinct characters but spaces, in order, or null when
 * there are more than `max` (the question then asks something else).
 *
 *     choiceChars("今天天气真好") -> ["今", "天", "气", "真", "好"]
 */
export function choiceChars(text, max = 16) {
  const out = [];
  for (const ch of text) {
    if (/\s/u.test(ch) || out.includes(ch)) continue;
    out.push(ch);
    if (out.length > max) return null;
  }
  return out;
}

/** The distinct characters of a column's cut (the ones it wrote as bytes), in order. */
export function cutSet(facts) {
  return [...new Set(facts.cut.map((c) => c.char))];
}
