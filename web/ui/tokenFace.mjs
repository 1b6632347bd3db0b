// A token as a reader sees it, for every lesson that shows one (encode's final tokens and spans,
// decode, special tokens, three tables): the characters it stands for, whitespace made visible, or, when
// it is only part of a character, its bytes (drawn dashed); GPT-2's printable byte form goes beneath.
// Whether a token is whole characters is the engine's fact (toklab.facts.token_text: `text` is null for
// part of a character); the page never decodes a token's bytes itself.

import { visibleSymbol } from "../glyphs.mjs";

/**
 * What to write for a token whose text is `text` (null: part of a character) and bytes `hex` ("e4 bb"):
 *
 *     tokenFace("天", "e5 a4 a9") -> {label: "天", whole: true}
 *     tokenFace(null, "e4 bb")    -> {label: "E4 BB", whole: false}
 *     tokenFace(" a", "20 61")    -> {label: "␣a", whole: true}
 */
export function tokenFace(text, hex) {
  if (text === null || text === undefined) return { label: hex.toUpperCase(), whole: false };
  return { label: visibleSymbol(text), whole: true };
}
