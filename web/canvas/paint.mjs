// Small canvas drawing helpers shared by the merge canvas's painters.

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
  ctx.fillText(ellipsize(ctx, text, maxW), cx, cy);
}

export function fitTextLeft(ctx, text, x, cy, maxW) {
  ctx.fillText(ellipsize(ctx, text, maxW), x, cy);
}

/** `text`, or as much of it as fits in `maxW` in the current font followed by "…". */
function ellipsize(ctx, text, maxW) {
  if (ctx.measureText(text).width <= maxW) return text;
  const chars = [...text];
  while (chars.length > 1 && ctx.measureText(`${chars.join("")}…`).width > maxW) chars.pop();
  return `${chars.join("")}…`;
}
