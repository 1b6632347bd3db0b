// The sentences of a WordPiece table's stage (wordpiece.mjs gives the frames): the step caption (also
// the aria-live announcement), the stage text, and each log entry. Pure functions of the translator `t`
// and the trace; the prose is in wordpieceStrings.mjs.

import { visibleSymbol } from "../../glyphs.mjs";
import { wordpieceFrame } from "./wordpiece.mjs";
import "./wordpieceStrings.mjs";

const shown = (s) => visibleSymbol(s);

/** The step caption for frame `step` of a WordPiece trace. */
export function wordpieceCaption(t, trace, step) {
  const f = wordpieceFrame(trace, step);
  const join = t("sentence.joiner");
  const word = shown(f.word);
  let text;
  if (f.step === 0) {
    text = f.unk === "too_long"
      ? t("family.wp.tooLong", { word, n: f.chars.length, max: f.maxChars, unk: f.unkToken })
      : t("family.wp.start", { total: f.total, word, n: f.chars.length });
  } else {
    const s = f.last;
    const vars = { step: f.step, total: f.total, piece: shown(s.piece), id: s.id, next: s.end + 1, at: s.start + 1, unk: f.unkToken };
    if (s.found) text = t(s.end === f.chars.length ? "family.wp.foundEnd" : "family.wp.found", vars);
    else if (f.final && f.unk === "no_piece") text = t("family.wp.noPiece", vars);
    else text = t("family.wp.miss", vars);
  }
  if (f.final) text = `${text}${join}${t("family.final", { tokens: trace.tokens.map(shown).join(" "), ids: trace.ids.join(", ") })}`;
  return text;
}

/** The stage text above a WordPiece trace: how longest match works. */
export function wordpieceExplain(t, trace, title) {
  return t("family.wp.how", { title });
}

/** The log's entry for try `i` (0-based) of a WordPiece trace. */
export function wordpieceLogText(t, attempt) {
  return attempt.found ? t("family.log.try", { piece: shown(attempt.piece), id: attempt.id }) : t("family.log.tryMiss", { piece: shown(attempt.piece) });
}
