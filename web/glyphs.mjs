// How characters that have no glyph of their own are drawn: the one place that decides it, for every
// lesson. The rule, as a teacher says it:
//
//   Where the lesson shows GPT-2's symbols, a byte is written the way GPT-2's table writes it (Ġ for a
//   space, Ċ for a newline, ĉ for a tab); everywhere else text is shown as characters, and a space,
//   newline or tab is ␣ ↵ ⇥, any other control character its Control Picture (␀…␟, ␡).
//
//   where                                         function        " "   "\n"  "\t"  "\x0b"  "\u200b"
//   GPT-2's symbols: canvas cells, merge log,     (the engine's   Ġ     Ċ     ĉ     ċ       âĢĭ
//     tokens of r50k and of byte-level training    printable form)
//   the encode lesson's pieces strip              (the engine's   Ġ     Ċ     ĉ     ċ       âĢĭ
//                                                  piece label)
//   characters: the canvas's character row, its   visibleChar     ␣     ↵     ⇥     ␋       U+200B
//     tooltips, chips of character, word and toy   visibleSymbol
//     tokenizers, corpus rows, merge lists, decode
//
// GPT-2's symbols come from the engine already in printable form (bytes_unicode.py); they hold no
// whitespace or control character, so drawing them through visibleSymbol changes nothing. The pieces
// strip shows text on its way into the table, as the engine labels it (toklab.facts.piece_label): its
// visible characters stay as they are ("今天", not "ä»Ĭå¤©"), and each character without a glyph is
// written as the table will write its bytes. The page keeps no copy of a table's byte form, and never
// cuts a token's bytes itself: each overview piece carries its tokens' byte spans and whole-character
// texts.
//
// The character side in full: other spaces (no-break, ideographic …) are ␣ too; C1 controls, format
// characters (U+200B), private-use characters and lone surrogates are written U+XXXX. A format or
// private-use character inside a longer symbol is left as it is, since it shapes its neighbours (the
// zero-width joiners of 👨‍👩‍👧); on its own it is written U+XXXX.

const HEX = (cp) => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;

/** Whether `ch` is whitespace or a control character (or a lone surrogate): always given a stand-in. */
function isBlankOrControl(ch) {
  return /[\p{White_Space}\p{Cc}\p{Cs}]/u.test(ch);
}

/** Whether `ch` is drawn as nothing: blank, control, or a format or private-use character. */
function hasNoGlyph(ch) {
  return isBlankOrControl(ch) || /[\p{Cf}\p{Co}]/u.test(ch);
}

/**
 * One character's stand-in (canvas, tooltips, chips), or the character when it has a glyph.
 *
 *     visibleChar(" ") -> "␣";  visibleChar("\x0b") -> "␋";  visibleChar("\u200b") -> "U+200B";  visibleChar("a") -> "a"
 */
export function visibleChar(ch) {
  const cp = ch.codePointAt(0);
  if (ch === " ") return "␣";
  if (ch === "\n") return "↵";
  if (ch === "\t") return "⇥";
  if (cp < 0x20) return String.fromCodePoint(0x2400 + cp);
  if (cp === 0x7f) return "␡";
  if (/\p{Cc}/u.test(ch)) return HEX(cp);
  if (/\p{White_Space}/u.test(ch)) return "␣";
  if (hasNoGlyph(ch)) return HEX(cp);
  return ch;
}

/**
 * A symbol shown as characters (a chip, a corpus row, a merge list, decoded text): whitespace and
 * control characters as visibleChar draws them; a format or private-use character as U+XXXX only when
 * it is the whole symbol.
 *
 *     visibleSymbol("a b\n") -> "a␣b↵";  visibleSymbol("\x0b") -> "␋";  visibleSymbol("\u200d") -> "U+200D"
 */
export function visibleSymbol(text) {
  const chars = [...text];
  if (chars.length === 1) return visibleChar(text);
  return chars.map((ch) => (isBlankOrControl(ch) ? visibleChar(ch) : ch)).join("");
}

/**
 * Bytes in hex, as the encode lesson's byte switch writes a symbol: [0xe4, 0xbb, 0x8a] -> "E4 BB 8A".
 */
export function hexLabel(bytes) {
  return Array.from(bytes, (b) => b.toString(16).toUpperCase().padStart(2, "0")).join(" ");
}
