// Draws part of the page onto a canvas by hand, for the PNG export: no screenshot API, no library.
//
// What is drawn, from each element's layout (getBoundingClientRect) and computed style: background
// colours (rounded corners), borders, text (word by word at the place the browser laid it out, in the
// element's font and colour), and canvases (a merge canvas is drawn again at the export's scale, any
// other canvas from its bitmap). What is left out, on purpose: form controls, the step buttons and
// the switches (SKIP), images and icons (svg), shadows, gradients and ::before/::after content. A
// scrolled box is clipped to what it shows.
//
//     const ctx = canvas.getContext("2d"); ctx.scale(s, s);
//     paintElement(ctx, element, {x: left, y: top}, s)    // element's page box at (left, top)

import { mergeCanvasOf } from "../canvas/mergeCanvas.mjs";

/** Elements not drawn, with all they hold: controls, the step buttons, tooltips, screen-reader text. */
const SKIP = [
  "input", "select", "textarea", "svg", "img", "button.copy", "button.toggle", ".controls", ".predict-box", ".pager",
  ".visually-hidden", ".mc-overlay", ".mc-tip", "[hidden]",
].join(", ");

/** Whether a colour from getComputedStyle paints anything. */
function visible(colour) {
  return Boolean(colour) && colour !== "transparent" && !/^rgba\(.*,\s*0\)$/.test(colour);
}

function roundedRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  if (r > 0 && typeof ctx.roundRect === "function") ctx.roundRect(x, y, w, h, Math.min(r, w / 2, h / 2));
  else ctx.rect(x, y, w, h);
}

/** The dash pattern of a CSS border style of width `w`, as the browser draws it (solid: none). */
export function dashOf(borderStyle, w) {
  if (borderStyle === "dashed") return [Math.max(3, w * 3), Math.max(2, w * 2)];
  if (borderStyle === "dotted") return [Math.max(1, w), Math.max(1.5, w * 1.5)];
  return [];
}

function paintBox(ctx, style, box) {
  const radius = parseFloat(style.borderTopLeftRadius) || 0;
  if (visible(style.backgroundColor)) {
    ctx.fillStyle = style.backgroundColor;
    roundedRect(ctx, box.x, box.y, box.w, box.h, radius);
    ctx.fill();
  }
  const sides = [
    ["Top", (w) => [box.x, box.y, box.w, w]],
    ["Right", (w) => [box.x + box.w - w, box.y, w, box.h]],
    ["Bottom", (w) => [box.x, box.y + box.h - w, box.w, w]],
    ["Left", (w) => [box.x, box.y, w, box.h]],
  ];
  const widths = sides.map(([side]) => (style[`border${side}Style`] === "none" ? 0 : parseFloat(style[`border${side}Width`]) || 0));
  const colours = sides.map(([side]) => style[`border${side}Color`]);
  const uniform = widths.every((w) => w === widths[0]) && colours.every((c) => c === colours[0]);
  if (uniform && widths[0] > 0 && visible(colours[0])) {
    const w = widths[0];
    ctx.save();
    ctx.strokeStyle = colours[0];
    ctx.lineWidth = w;
    ctx.setLineDash(dashOf(style.borderTopStyle, w));
    roundedRect(ctx, box.x + w / 2, box.y + w / 2, box.w - w, box.h - w, Math.max(0, radius - w / 2));
    ctx.stroke();
    ctx.restore();
    return;
  }
  sides.forEach(([, rect], i) => {
    if (widths[i] > 0 && visible(colours[i])) {
      ctx.fillStyle = colours[i];
      ctx.fillRect(...rect(widths[i]));
    }
  });
}

function fontOf(style) {
  return `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
}

/** The words of a text node as laid out: [{text, left, top, height}], one per word and line. */
function layoutWords(node) {
  const words = [];
  const range = document.createRange();
  const text = node.data;
  let word = null;
  for (let i = 0; i < text.length;) {
    const step = text.codePointAt(i) > 0xffff ? 2 : 1;
    const ch = text.slice(i, i + step);
    range.setStart(node, i);
    range.setEnd(node, i + step);
    const rect = range.getClientRects()[0];
    i += step;
    if (!rect || rect.width === 0 || /\s/.test(ch)) {
      word = null;
      continue;
    }
    if (word && Math.abs(rect.top - word.top) < 1 && rect.left >= word.left) {
      word.text += ch;
      continue;
    }
    word = { text: ch, left: rect.left, top: rect.top, height: rect.height };
    words.push(word);
  }
  return words;
}

function paintText(ctx, node, style, origin) {
  const words = layoutWords(node);
  if (!words.length) return;
  ctx.font = fontOf(style);
  ctx.fillStyle = style.color;
  ctx.textBaseline = "alphabetic";
  ctx.letterSpacing = style.letterSpacing === "normal" ? "0px" : style.letterSpacing;
  const upper = style.textTransform === "uppercase";
  for (const w of words) {
    const text = upper ? w.text.toUpperCase() : w.text;
    const m = ctx.measureText(text);
    const ascent = m.fontBoundingBoxAscent;
    const descent = m.fontBoundingBoxDescent;
    const baseline = w.top + (w.height - (ascent + descent)) / 2 + ascent;
    ctx.fillText(text, w.left - origin.x, baseline - origin.y);
  }
}

function paintCanvas(ctx, canvas, box, scale) {
  const mc = mergeCanvasOf(canvas);
  const image = mc ? mc.render(scale) : canvas;
  if (image.width > 0 && image.height > 0) ctx.drawImage(image, box.x, box.y, box.w, box.h);
}

/**
 * Paints `element` and what it holds. `origin` is the viewport point drawn at (0, 0) of the (already
 * scaled) context; `scale` is the device pixels per CSS pixel, for canvases drawn again.
 */
export function paintElement(ctx, element, origin, scale) {
  if (element.matches(SKIP)) return;
  const style = getComputedStyle(element);
  if (style.display === "none" || style.visibility === "hidden") return;
  const rect = element.getBoundingClientRect();
  const box = { x: rect.left - origin.x, y: rect.top - origin.y, w: rect.width, h: rect.height };
  const opacity = parseFloat(style.opacity);
  ctx.save();
  if (opacity < 1) ctx.globalAlpha *= opacity;
  paintBox(ctx, style, box);
  if (element instanceof HTMLCanvasElement) {
    paintCanvas(ctx, element, box, scale);
    ctx.restore();
    return;
  }
  if (style.overflowX !== "visible" || style.overflowY !== "visible") {
    roundedRect(ctx, box.x, box.y, box.w, box.h, 0);
    ctx.clip();
  }
  for (const child of element.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) paintText(ctx, child, style, origin);
    else if (child instanceof Element) paintElement(ctx, child, origin, scale);
  }
  ctx.restore();
}

/** The union of the elements' boxes, in viewport coordinates (for the export's size). */
export function boundsOf(elements) {
  const rects = elements.map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
  if (!rects.length) return null;
  const left = Math.min(...rects.map((r) => r.left));
  const top = Math.min(...rects.map((r) => r.top));
  const right = Math.max(...rects.map((r) => r.right));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  return { left, top, width: right - left, height: bottom - top };
}
