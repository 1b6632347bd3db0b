// The encode worksheet for a SentencePiece or WordPiece table (issue 38): the piece worked by hand in
// its family's own terms, as the family stage draws it (lessons/encode/familyView.mjs).
//   SentencePiece BPE  the pairs the piece meets with their merged piece's score; merge the highest first
//   Unigram            the vocabulary's pieces inside the word with their log-probabilities; find the
//                      best path position by position (Viterbi)
//   WordPiece          the strings its longest match looks up, each in the vocabulary or not; write the
//                      tries in order and the tokens they give
// Every score, log-probability, id and verdict is the engine's (the trace_piece answer); the sheet only
// chooses and arranges. The words are in ./familySheetWords.mjs.

import { el } from "../ui/dom.mjs";
import { visibleSymbol } from "../glyphs.mjs";
import "./familySheetWords.mjs";

const h2 = (text) => el("h2", { className: "ws-h2" }, text);
const p = (text, className = "ws-p") => el("p", { className }, text);
const blankLine = (label) => el("p", { className: "ws-line" }, label, el("span", { className: "ws-fill" }));
const show = (symbol) => visibleSymbol(symbol);
const fixed = (x) => x.toFixed(2);

function table(head, rows, className = "") {
  const cell = (tag, value) => (value === null ? el(tag, { className: "ws-blank" }) : el(tag, {}, String(value)));
  return el("table", { className: `ws-table ${className}`.trim() },
    el("thead", {}, el("tr", {}, ...head.map((h) => cell("th", h)))),
    el("tbody", {}, ...rows.map((row) => el("tr", {}, ...row.map((v) => cell("td", v))))));
}

/** The word's first cells: one per character (▁ for a space), as the stage starts it. */
function charTable(t, symbols) {
  return table([t("worksheet.col.cell"), t("worksheet.col.char")], symbols.map((s, i) => [i + 1, show(s)]), "ws-narrow");
}

const finalKey = (t, piece) => p(t("worksheet.family.final", {
  tokens: piece.tokens.map(show).join(" · "), ids: piece.ids.join(", "),
}));

/** SentencePiece BPE: every scored pair the piece meets, the highest score merging first. */
function scoreSheet(t, piece, head) {
  const met = new Map(); // "left right" -> {left, right, merged, score}
  for (const step of piece.steps) {
    for (const pair of step.scored || [{ left: step.left, right: step.right, merged: step.merged, score: step.score }]) {
      met.set(`${pair.left}\u0000${pair.right}`, pair);
    }
  }
  const pairs = [...met.values()].sort((a, b) => b.score - a.score);
  const stepHead = [t("worksheet.col.step"), t("worksheet.col.pair"), t("worksheet.family.col.score"), t("worksheet.col.after")];
  const fell = piece.fallback.some(Boolean);
  const work = [
    p(head, "ws-lead"), p(t("worksheet.family.bpe.how")),
    h2(t("worksheet.family.chars")), charTable(t, piece.symbols),
    h2(t("worksheet.family.bpe.pairs", { n: pairs.length })),
    table([t("worksheet.family.col.score"), t("worksheet.col.left"), t("worksheet.col.right"), t("worksheet.family.col.merged")],
      pairs.map((pr) => [fixed(pr.score), show(pr.left), show(pr.right), show(pr.merged)]), "ws-narrow"),
    h2(t("worksheet.encode.log")),
    table(stepHead, piece.steps.map((_, i) => [i + 1, null, null, null])),
    ...(fell ? [p(t("worksheet.family.bpe.fallback"))] : []),
    blankLine(t("worksheet.encode.final")),
  ];
  const key = [
    p(head, "ws-lead"),
    table(stepHead, piece.steps.map((s, i) => [i + 1, `${show(s.left)} + ${show(s.right)}`, fixed(s.score), s.symbols.map(show).join(" · ")])),
    finalKey(t, piece),
  ];
  return { work, key };
}

/** Unigram: the pieces inside the word with their log-probabilities; the best path, position by position. */
function latticeSheet(t, piece, head) {
  const lattice = piece.lattice;
  const nodes = lattice.positions.flatMap((position) => position.pieces);
  const chars = [...lattice.text];
  const bestHead = [t("worksheet.family.col.upTo"), t("worksheet.family.col.best"), t("worksheet.family.col.last")];
  const work = [
    p(head, "ws-lead"), p(t("worksheet.family.uni.how")),
    h2(t("worksheet.family.chars")), charTable(t, chars),
    h2(t("worksheet.family.uni.pieces", { n: nodes.length })),
    table([t("worksheet.family.col.from"), t("worksheet.family.col.to"), t("worksheet.col.piece"), t("worksheet.family.col.logp")],
      nodes.map((n) => [n.start + 1, n.end, show(n.piece), fixed(n.logp)]), "ws-narrow"),
    h2(t("worksheet.family.uni.table")),
    table(bestHead, lattice.positions.map((_, i) => [i + 1, null, null])),
    blankLine(t("worksheet.family.uni.path")),
  ];
  const key = [
    p(head, "ws-lead"),
    table(bestHead, lattice.positions.map((position, i) => [i + 1,
      position.best ? fixed(position.best.score) : "—", position.best ? show(position.best.piece) : "—"])),
    p(t("worksheet.family.uni.pathKey", { path: lattice.path.map((c) => show(c.piece)).join(" · "), score: fixed(lattice.score) })),
    finalKey(t, piece),
  ];
  return { work, key };
}

/** WordPiece: the strings looked up (in the vocabulary or not, alphabetically); the tries in order. */
function wordpieceSheet(t, piece, head) {
  const wp = piece.wordpiece;
  const looked = [...new Map(wp.tries.map((tr) => [tr.piece, tr])).values()].sort((a, b) => (a.piece < b.piece ? -1 : a.piece > b.piece ? 1 : 0));
  const yes = t("worksheet.family.wp.yes");
  const no = t("worksheet.family.wp.no");
  const tryHead = [t("worksheet.family.col.try"), t("worksheet.family.col.looked"), t("worksheet.family.col.found")];
  const work = [
    p(head, "ws-lead"), p(t("worksheet.family.wp.how", { prefix: wp.prefix, unk: wp.unk_token })),
    h2(t("worksheet.family.wp.word", { word: wp.word })),
    h2(t("worksheet.family.wp.vocab", { n: looked.length })),
    table([t("worksheet.family.col.looked"), t("worksheet.family.col.inVocab")], looked.map((tr) => [tr.piece, tr.found ? `${yes} (${tr.id})` : no]), "ws-narrow"),
    h2(t("worksheet.family.wp.tries")),
    table(tryHead, wp.tries.map((_, i) => [i + 1, null, null])),
    blankLine(t("worksheet.encode.final")),
  ];
  const key = [
    p(head, "ws-lead"),
    table(tryHead, wp.tries.map((tr, i) => [i + 1, tr.piece, tr.found ? `${yes} (${tr.id})` : no])),
    ...(wp.unk ? [p(t(`worksheet.family.wp.unk.${wp.unk}`, { unk: wp.unk_token, at: (wp.unk_at ?? 0) + 1 }))] : []),
    finalKey(t, piece),
  ];
  return { work, key };
}

/** The sheet of a family trace (its `family`: "spm_bpe", "unigram" or "wordpiece"); `head` names the piece. */
export function familySheet(t, piece, head) {
  if (piece.family === "unigram" && piece.lattice) return latticeSheet(t, piece, head);
  if (piece.family === "wordpiece" && piece.wordpiece) return wordpieceSheet(t, piece, head);
  return scoreSheet(t, piece, head);
}
