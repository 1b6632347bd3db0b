// The train lesson's sentences: a frame (frames.mjs) put into words in the current language. Pure:
// `t` is the translation function, everything else is data. Symbols in a sentence are drawn as in the
// lists (glyphs.mjs visibleSymbol).

import { visibleSymbol as v } from "../../glyphs.mjs";
import { tieOf } from "./frames.mjs";
import "./strings.mjs";

const TIED_SHOWN = 4;   // tied pairs listed with their ids (huggingface)

/**
 * Why training stopped, with its numbers.
 *
 *     stopText(t, trace)  ->  "the most frequent pair (e, s) occurs only 1 time(s), fewer than min_frequency = 2."
 */
export function stopText(t, trace) {
  const s = trace.stop;
  const pair = s.pair ? `(${v(s.pair[0])}, ${v(s.pair[1])})` : "";
  return t(`train.stop.${s.reason}`, {
    n: s.reason === "vocab_size" ? trace.vocab_size : trace.num_merges, count: s.count ?? 0, pair, min: trace.min_frequency,
  });
}

/**
 * The counts of a corpus too large for tables: its distinct rows, their symbols with each row once (what
 * the engine's size limit counts) and with every repeat (the start step's count).
 *
 *     sizeVars({n_rows: 2, n_symbols: 9, n_distinct: 5})
 *       -> {rows: 2, distinct: 5, all: 9}
 */
export function sizeVars(trace) {
  return { rows: trace.n_rows, distinct: trace.n_distinct, all: trace.n_symbols };
}

/** What the frame shows, in one or two sentences: the start, the merge k, or the stop. */
export function explanation(t, trace, frame) {
  if (frame.kind === "start") {
    return t(trace.kind === "bytes" ? "train.startBytes" : "train.startChars", {
      n: trace.n_symbols, rows: trace.n_rows, alpha: trace.n_alphabet, v: trace.base_vocab_size, special: trace.special_tokens.join(" "),
    });
  }
  if (frame.kind === "merge") {
    const s = frame.step;
    const text = t("train.merge", { k: frame.k, left: v(s.pair[0]), right: v(s.pair[1]), merged: v(s.merged), count: s.count, v: s.vocab_size });
    return s.new_token === false ? `${text} ${t("train.notNew", { merged: v(s.merged) })}` : text;
  }
  return t("train.stopped", { n: trace.n_steps });
}

/** The tie line: how many pairs shared the count and which rule chose; null when nothing tied. */
export function tieText(t, frame) {
  const tie = tieOf(frame);
  if (!tie) return null;
  const line = t("train.tieLine", {
    n: tie.n_tied, count: frame.step.count, rule: t(`train.tie.${tie.rule}`), left: v(frame.step.pair[0]), right: v(frame.step.pair[1]),
  });
  if (!tie.ids) return line;
  // HuggingFace compares the pairs' token ids: list each tied pair with its ids, smallest first.
  const shown = tie.tied.slice(0, TIED_SHOWN).map((p, i) => `(${v(p[0])}, ${v(p[1])}) = (${tie.ids[i][0]}, ${tie.ids[i][1]})`);
  if (tie.tied.length > TIED_SHOWN) shown.push("…");
  return `${line}${t("sentence.joiner")}${t("train.tieIds", { list: shown.join(t("train.listSep")) })}`;
}

/** The pair table's title. */
export function pairsTitle(t, frame) {
  if (frame.kind === "stop") return t("train.pairsStop");
  if (frame.kind === "start") return t("train.pairsStart");
  return t("train.pairsTitle", { k: frame.k });
}

/** A row's note: chosen, tied, or under min_frequency (at the stop). */
export function pairNote(t, trace, row) {
  if (row.chosen) return `✓ ${t("train.chosen")}`;
  if (row.tied) return `= ${t("train.tied")}`;
  if (row.below) return t("train.below", { min: trace.min_frequency });
  return "";
}

/** The line under the pair table: rows left out, then how to point at a pair; or why there is no table. */
export function pairsFoot(t, frame, table) {
  if (!table) return frame.kind === "start" ? t("train.pairsLater") : t("train.noPairs");
  return [table.hidden > 0 ? t("train.morePairs", { n: table.hidden }) : "", t("train.hoverHint")].filter(Boolean).join(" ");
}

/** The titles over the corpus lists: [before, after] (after: null when there is no second list). */
export function corpusTitles(t, frame) {
  if (frame.kind === "merge") return [t("train.before"), frame.after ? t("train.after", { merged: v(frame.step.merged) }) : null];
  return [frame.kind === "stop" ? t("train.final") : t("train.corpusStart"), null];
}

/** What the live region says at a step: "k / total. <explanation>". */
export function announcement(t, trace, frame, total) {
  return `${frame.k} / ${total}. ${explanation(t, trace, frame)}`;
}
