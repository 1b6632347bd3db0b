// Small canvas drawing helpers shared by the merge canvas's painters.

/** Visible stand-ins for characters that have no glyph of their own. */
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

export function roundRect(ctx, x, y, w, h, r) {
  const rr = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.moveTo(x + rr, y);
  ctx.arcTo(x + w, y, x + w, y + h, rr);
  ctx.arcTo(x + w, y + h, x, y + h, rr);
  ctx.arcTo(x, y + h, x, y, rr);
  ctx.arcTo(x, y, x + w, y, rr);
  ctx.closePath();
}

/** Centred text shrunk (down to 60 %) to fit, then cut with an ellipsis. `font` has a SIZE slot. */
export function fitText(ctx, text, cx, cy, maxW, size, font) {
  let s = size;
  ctx.font = font.replace("SIZE", String(s));
  while (ctx.measureText(text).width > maxW && s > size * 0.6) {
    s -= 1;
    ctx.font = font.replace("SIZE", String(s));
  }
  let shown = text;
  if (ctx.measureText(shown).width > maxW) {
    const chars = [...text];
    while (chars.length > 1 && ctx.measureText(`${chars.join("")}…`).width > maxW) chars.pop();
    shown = `${chars.join("")}…`;
  }
  ctx.fillText(shown, cx, cy);
}

export function fitTextLeft(ctx, text, x, cy, maxW) {
  let shown = text;
  if (ctx.measureText(shown).width > maxW) {
    const chars = [...text];
    while (chars.length > 1 && ctx.measureText(`${chars.join("")}…`).width > maxW) chars.pop();
    shown = `${chars.join("")}…`;
  }
  ctx.fillText(shown, x, cy);
}
