// The families lesson's sentences about one column's facts (facts.mjs), in the page's language: the
// columns draw them and the worksheet's key prints them, so both say the same thing.

import { visibleSymbol } from "../../glyphs.mjs";
import { withSpelling } from "../encode/names.mjs";
import "./strings.mjs";

const clip = (list, n) => (n !== null && list.length > n ? [...list.slice(0, n), "…"] : list);

/**
 * A character written as bytes, named as every lesson names a token (facts.mjs tokenLabel), the
 * vocabulary's spelling after it where that differs:
 *
 *     cutLine({char: "今", tokens: [{token: "ä»", label: "E4 BB"}, {token: "Ĭ", label: "8A"}]}) -> "今 → E4 BB · 8A   (ä» Ĭ)"
 */
export function cutLine(c) {
  return `${c.char} → ${withSpelling(c.tokens.map((tok) => tok.label).join(" · "), c.tokens.map((tok) => visibleSymbol(tok.token)).join(" "))}`;
}

/**
 * [spaces, characters written as bytes, unknown tokens]: three sentences, filled from `facts`.
 * `cutShown`, `unknownShown`: how many of each are listed (null: all).
 */
export function factLines(t, facts, { cutShown = null, unknownShown = null } = {}) {
  const s = facts.space;
  const mark = visibleSymbol(s.mark);
  const example = s.example === null ? mark : visibleSymbol(s.example);
  let space = s.verdict === "kept" && s.mark === " "
    ? t("families.space.keptBare", { spaces: s.spaces, example })
    : t(`families.space.${s.verdict}`, { spaces: s.spaces, runs: s.runs, inner: s.inner, mark, example });
  if (s.front) space = `${space}${t("sentence.joiner")}${t("families.space.front", { mark })}`;
  const sep = t("table.listSep");
  const cut = facts.cut.length
    ? t("families.cut", { list: clip(facts.cut.map(cutLine), cutShown).join(sep) })
    : t("families.cutNone");
  const unknown = facts.unknown.length
    ? t("families.unknown", { list: clip(facts.unknown.map((tok) => `${visibleSymbol(tok.surface)} → ${tok.vocab} (id ${tok.id})`), unknownShown).join(sep) })
    : t("families.unknownNone");
  return [space, cut, unknown];
}
