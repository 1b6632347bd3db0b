// The sentences of a SentencePiece table's merge stage (family.mjs gives the frames): the step caption
// (also the aria-live announcement), the stage text, the common mistake's summary. Pure functions of the
// translator `t` and the trace; the prose is in familyStrings.mjs.

import { visibleSymbol } from "../../glyphs.mjs";
import { scoreFrame, latticeFrame, stepCount, familyMistake } from "./family.mjs";
import "./familyStrings.mjs";
import { wordpieceCaption, wordpieceExplain } from "./wordpieceWords.mjs";

/**
 * A score or log-probability as the page writes it: whole numbers as they are, others to two places.
 *
 *     formatScore(-1234) -> "-1234";  formatScore(-5.31987) -> "-5.32"
 */
export function formatScore(x) {
  return Number.isInteger(x) ? String(x) : x.toFixed(2);
}

const shown = (s) => visibleSymbol(s);

/** The final tokens (byte-fallback ones as the engine writes them) and ids, said. */
function finalText(t, trace) {
  return t("family.final", { tokens: trace.tokens.map(shown).join(" "), ids: trace.ids.join(", ") });
}

/** The step caption for frame `step` of a SentencePiece trace. */
export function familyCaption(t, trace, step) {
  if (trace.family === "wordpiece") return wordpieceCaption(t, trace, step);
  const join = t("sentence.joiner");
  if (trace.family === "unigram") {
    const f = latticeFrame(trace, step);
    const word = shown(trace.lattice.text);
    let text;
    if (f.step === 0) text = t("family.uni.start", { total: f.total, word, n: f.pieces.length });
    else {
      text = t(f.compared.length === 1 ? "family.uni.step1" : "family.uni.step", {
        step: f.step, total: f.total, char: shown(f.chars[f.step - 1]),
        list: f.compared.map((p) => `${shown(p.piece)} (${formatScore(p.logp)})`).join(t("table.listSep")),
        piece: shown(f.here.piece), score: formatScore(f.here.score),
      });
    }
    if (f.final) {
      text = `${text}${join}${t("family.uni.final", { pieces: f.path.map((p) => shown(p.piece)).join(" + "), score: formatScore(f.score) })}`;
      text = `${text}${join}${finalText(t, trace)}`;
    }
    return text;
  }
  const f = scoreFrame(trace, step);
  let text;
  if (f.step === 0) {
    const next = f.next;
    const best = f.pairs ? f.pairs.find((p) => p.winner) : null;
    const vars = next && { total: f.total, symbols: f.cells.length, left: shown(next.left), right: shown(next.right),
      merged: shown(next.merged), score: formatScore(best ? best.score : next.score) };
    if (!next) text = t("family.bpe.startNone", { symbols: f.cells.length });
    else if (!f.pairs) text = t("family.bpe.startLeftOut", vars);
    else if (f.pairs.length === 1) text = t("family.bpe.start1", vars);
    else text = t("family.bpe.start", { ...vars, n: f.pairs.length });
  } else {
    const s = f.last;
    const vars = { step: f.step, total: f.total, left: shown(s.left), right: shown(s.right), merged: shown(s.merged), score: formatScore(s.score) };
    if (f.candidates === null) text = t("family.bpe.stepLeftOut", vars);
    else text = f.candidates === 1 ? t("family.bpe.stepOnly", vars) : t("family.bpe.step", { ...vars, n: f.candidates });
  }
  if (f.final) {
    for (const cell of f.cells.filter((c) => c.bytes)) {
      text = `${text}${join}${t("family.bpe.fallback", { char: shown(cell.text), bytes: cell.bytes.map((b) => b.token).join(" ") })}`;
    }
    text = `${text}${join}${finalText(t, trace)}`;
  }
  return text;
}

/** The stage text above a SentencePiece trace: how the family works, and (BPE) why ▁ is not Ġ. */
export function familyExplain(t, trace, title) {
  if (trace.family === "wordpiece") return wordpieceExplain(t, trace, title);
  if (trace.family === "unigram") return t("family.uni.how", { title });
  return `${t("family.bpe.how", { title })}${t("sentence.joiner")}${t("family.space")}`;
}

/** The common mistake's words: its title, its lead, its pieces, and whether it misses. */
export function familyMistakeWords(t, trace, title) {
  const m = familyMistake(trace);
  if (!m) return null;
  const kind = { unigram: "uni", wordpiece: "wp" }[trace.family] ?? "bpe";
  return {
    title: t(`family.mistake.${kind}.title`),
    lead: t(`family.mistake.${kind}.text`),
    wrong: m.wrong.map(shown),
    wrongIds: m.wrongIds,
    real: m.real.map(shown),
    realLabel: t("family.mistake.real", { title }),
    wrongLabel: t("family.mistake.wrong"),
    same: m.same,
    verdict: m.same ? t(kind === "wp" ? "family.mistake.wpSame" : "family.mistake.same") : t("family.mistake.differs", { title }),
  };
}

export { stepCount };
