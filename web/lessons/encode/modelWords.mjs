// The sentences about the chosen table's way of cutting, made from the engine's facts of it (ModelFacts
// in the answers, docs/protocol.md): the "Cut into pieces" text, the first step's text of the merge
// canvas, the ids the post-processor adds, the MiniMind preset's point. The prose per fact is in
// modelStrings.mjs; no fact about a table is typed in here.
//
//     cutText(t, "deepseek_v3", facts, specials)  ->  "DeepSeek-V3 is a byte-level BPE … A run of digits is cut into groups …"

import { isWordPiece, modelFile, tableTitle } from "../encodings.mjs";
import "./modelStrings.mjs";
import "./wordpieceStrings.mjs";

/** The "Cut into pieces" text for `encoding` (`facts`: its ModelFacts, or null for OpenAI's tables;
 * `specials`: the answer's [token, id] list, whose first token is the example of an added token). */
export function cutText(t, encoding, facts, specials = []) {
  if (isWordPiece(encoding)) return t("cut.wordpiece", { title: tableTitle(encoding, t) }); // BERT's normalizer and pre-tokenizer
  // OpenAI's ranks: their pattern's own sentence (gpt-oss's o200k_harmony cuts with o200k_base's pattern)
  if (!modelFile(encoding)) return t(encoding === "r50k_base" ? "stage1.text" : encoding.startsWith("o200k_") ? "cut.ranked.o200k" : "cut.ranked");
  if (!facts) return "";
  const join = t("sentence.joiner");
  const parts = [];
  if (facts.kind === "byte_level") {
    const patterns = facts.n_patterns === 1 ? t("cut.patterns1") : t("cut.patterns", { n: facts.n_patterns });
    parts.push(t("cut.byteLevel", { title: facts.title, patterns }));
    if (facts.digits !== "whole") parts.push(t(`cut.digits.${facts.digits}`));
    if (facts.cjk_runs) parts.push(t("cut.cjk"));
    if (facts.whole_tokens) parts.push(t("cut.whole"));
  } else if (facts.family === "spm_bpe" || facts.family === "unigram") { // a tokenizer.model (toklab.spm_models)
    parts.push(t("cut.spm", { title: tableTitle(encoding, t) }));
  } else {
    parts.push(t("cut.characters", { title: facts.title, space: facts.space }));
  }
  if (facts.byte_fallback) parts.push(t("cut.fallback"));
  // SentencePiece never reads a control token such as <s> out of the text (toklab.tables.SpmTable).
  const spm = facts.family === "spm_bpe" || facts.family === "unigram";
  if (facts.n_added > 0 && specials.length > 0 && !spm) parts.push(t("cut.added", { example: specials[0][0] }));
  return parts.join(join);
}

/**
 * The note under the merge canvas: what its cells are for `encoding` (`facts`: its ModelFacts, or null
 * for OpenAI's tables, whose note is GPT-2's byte form). A byte-level model's cells are bytes written as
 * GPT-2 writes them; a SentencePiece-style model's are characters (a space as its ▁), with its byte
 * fallback said only when its file has one.
 */
export function bytesNote(t, encoding, facts) {
  if (!modelFile(encoding) || !facts) return t("stage2.bytesNote");
  if (facts.kind === "byte_level") return t("bytes.byteLevel", { title: facts.title, space: facts.space });
  const parts = [t(facts.space === " " ? "bytes.charactersPlain" : "bytes.characters", { title: facts.title, space: facts.space })];
  parts.push(t(facts.byte_fallback ? "bytes.fallback" : "bytes.noFallback"));
  parts.push(t("bytes.hexChars"));
  return parts.join(t("sentence.joiner"));
}

/** The first step's text for an open model's piece, or null for OpenAI's tables (words.mjs says theirs). */
export function startText(t, piece, encoding, facts) {
  if (!modelFile(encoding) || !facts) return null;
  if (piece.whole) return t("stage2.whole", { token: piece.tokens[0], title: facts.title, id: piece.ids[0] });
  if (facts.kind === "byte_level") return t("stage2.startBytes", { bytes: piece.bytes.length, title: facts.title });
  return t("stage2.startChars", { symbols: piece.symbols.length, space: facts.space, title: facts.title });
}

/** What the post-processor adds around the text's ids, said apart: "" when it adds nothing. */
export function postSpecialsText(t, o) {
  const facts = o ? o.model : null;
  if (!facts || facts.post_specials.length === 0 || o.n_ids === 0) return "";
  const before = facts.post_specials.filter(([, , at]) => at === "start").map(([, id]) => id);
  const after = facts.post_specials.filter(([, , at]) => at === "end").map(([, id]) => id);
  const tokens = facts.post_specials.map(([token, id, at]) => t(`stage3.postAt.${at}`, { token, id })).join(t("table.listSep"));
  // The overview lists the text's first ids: past them, the last one written is the one added at the end.
  const all = [...before, ...o.ids, ...(o.n_ids > o.ids.length ? ["…"] : []), ...after];
  const shown = all.length > 12 ? [...all.slice(0, 10), "…", ...(all.at(-1) === "…" ? [] : all.slice(-1))] : all;
  return t("stage3.postSpecials", { title: facts.title, tokens, all: shown.join(", ") });
}
