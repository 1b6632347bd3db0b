// How characters that have no glyph of their own are drawn: the one place that decides it, for every
// lesson. Three places draw text and each has its own rule, on purpose:
//
//   where                                  function        " "   "\n"  "\t"  "\x0b"  "\u200b"
//   canvas cells, cell tooltips            visibleChar     ␣     ↵     ⇥     ␋       U+200B
//   the encode lesson's pieces strip       pieceLabel      Ġ     ↵     ⇥     ␋       (as is)
//   chips, corpus rows, merge lists        visibleSymbol   ␣     ↵     ⇥     \x0b    (as is)
//
// The strip writes a space as Ġ because that is how GPT-2's table spells a piece's leading space (the
// strip shows pieces as the table sees them); the canvas and the chips show the character itself. The
// chips of the train, decode and samples lessons write other control characters as \xNN, the form a
// student types into Python to get them back.

/**
 * One character's stand-in on the canvas and in its tooltips, or the character when it has a glyph.
 *
 *     visibleChar(" ") -> "␣";  visibleChar("\x0b") -> "␋";  visibleChar("\u200b") -> "U+200B";  visibleChar("a") -> "a"
 */
export function visibleChar(ch) {
  const cp = ch.codePointAt(0);
  if (ch === " ") return "␣";
  if (ch === "\n") return "↵";
  if (ch === "\t") return "⇥";
  if (ch === "\r") return "␍";
  if (cp < 0x20) return String.fromCodePoint(0x2400 + cp);
  if (cp === 0x7f) return "␡";
  if (/\s/u.test(ch)) return "␣";
  if (/[\p{Cf}\p{Cc}\p{Co}\p{Cs}]/u.test(ch)) return `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
  return ch;
}

/**
 * How a piece is written in the pieces strip: spaces as Ġ (GPT-2's mark), other whitespace and control
 * characters as visibleChar draws them.
 *
 *     pieceLabel(" the") -> "Ġthe";  pieceLabel("\n\n") -> "↵↵"
 */
export function pieceLabel(text) {
  let out = "";
  for (const ch of text) {
    if (ch === " ") out += "Ġ";
    else if (/[\s\p{Cc}]/u.test(ch)) out += visibleChar(ch);
    else out += ch;
  }
  return out;
}

/**
 * A symbol as it is drawn in a chip, a corpus row or a merge list: spaces, tabs and newlines made
 * visible, other control characters as \xNN.
 *
 *     visibleSymbol("a b\n") -> "a␣b↵";  visibleSymbol("\x0b") -> "\\x0b"
 */
export function visibleSymbol(text) {
  let out = "";
  for (const ch of text) {
    if (ch === " ") out += "␣";
    else if (ch === "\n") out += "↵";
    else if (ch === "\t") out += "⇥";
    else if (/\p{Cc}/u.test(ch)) out += `\\x${ch.codePointAt(0).toString(16).padStart(2, "0")}`;
    else out += ch;
  }
  return out;
}
