// The classroom kit's buttons in the top bar: a PNG of the lesson's view, an animated GIF of the
// selected piece's merges (encode), and a printable worksheet for the open lesson (./print.mjs).
//
// What to draw, the export asks the open lesson (its exportScene(), the lesson contract in
// lessons/registry.mjs): {view, text, table, merges}, the cards that are its view (not its intro, text box,
// settings or questions), its text, its table (null where the lesson has no choice of table) and its
// merge canvas (a MergeCanvas, or null).
//
// The PNG is drawn by hand (./domPainter.mjs): a title line in the page's language (lesson, text, token
// table), the view's cards as laid out now, a merge canvas drawn again at the export's scale, then a
// line saying what the picture holds.
// At least EXPORT.scale device pixels per CSS pixel and EXPORT.minWidthPx wide, so it stays crisp on a slide.
//
// The GIF has one frame per merge step of the piece on the merge canvas (frame k of canvas/frames.mjs,
// drawn by the canvas itself at EXPORT.scale), encoded by gifenc (dist/vendor/gifenc.mjs, fetched
// pinned at build time: tools/vendor.py). Its module loads only when a GIF is asked for.
//
//     const tools = new ClassroomTools(host, {t, getState, query, note, lesson, module});   tools.update(state, changed)

import { EXPORT } from "../theme.mjs";
import { el, Bindings } from "../ui/dom.mjs";
import { buildFrame } from "../canvas/frames.mjs";
import { paintElement, boundsOf } from "./domPainter.mjs";
import { Worksheet } from "./print.mjs";
import "./exportWords.mjs";

const TEXT_CHARS = 80; // of the lesson's text in the title line

/** The scene's cards that are on the page now (a folded or hidden one is left out). */
export function viewParts(scene) {
  return scene.view.filter((part) => part.isConnected && part.getClientRects().length > 0);
}

function clip(text, n) {
  const chars = [...text.replace(/\s+/g, " ").trim()];
  return chars.length > n ? `${chars.slice(0, n).join("")}…` : chars.join("");
}

/** The title line's parts: lesson, text, table (the table only where the lesson has a choice of table). */
export function titleLine(t, state, scene) {
  const parts = [t("export.titleLesson", { lesson: t(`lesson.${state.lesson}`) })];
  if (scene.text) parts.push(t("export.titleText", { text: clip(scene.text, TEXT_CHARS) }));
  if (scene.table) parts.push(t("export.titleTable", { name: scene.table }));
  return parts.join(t("export.titleSep"));
}

function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = el("a", { attrs: { href: url, download: name } });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function canvasBlob(canvas) {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("toBlob gave nothing"))), "image/png");
  });
}

/**
 * What the picture leaves out is taken out of the layout while it is drawn (the step buttons and the
 * switches), so no blank band stays where they were. The class goes on the lesson that holds the scene's
 * cards and off again in the same task: the page is never painted without them.
 */
const EXPORTING = "exporting";

/** The lesson's view on a new canvas: title, the scene's parts, the footer. */
export function drawView(t, state, scene) {
  const lesson = scene.view.map((part) => part.closest(".lesson")).find(Boolean) || null;
  lesson?.classList.add(EXPORTING);
  try {
    return drawLaidOut(t, state, scene);
  } finally {
    lesson?.classList.remove(EXPORTING);
  }
}

function drawLaidOut(t, state, scene) {
  const parts = viewParts(scene);
  const bounds = boundsOf(parts);
  if (!bounds) return null;
  const pad = EXPORT.padPx;
  const page = getComputedStyle(document.body);
  const titleFont = `600 20px ${page.fontFamily}`;
  const footFont = `400 13px ${page.fontFamily}`;
  const titleH = 44;
  const footH = 34;
  const cssW = Math.ceil(bounds.width + 2 * pad);
  const cssH = Math.ceil(titleH + bounds.height + footH + 2 * pad);
  const scale = Math.min(Math.max(EXPORT.scale, EXPORT.minWidthPx / cssW), Math.max(EXPORT.maxHeightPx / cssH, EXPORT.minWidthPx / cssW));
  const canvas = document.createElement("canvas");
  canvas.width = Math.ceil(cssW * scale);
  canvas.height = Math.ceil(cssH * scale);
  const ctx = canvas.getContext("2d");
  ctx.scale(scale, scale);
  ctx.fillStyle = page.backgroundColor;
  ctx.fillRect(0, 0, cssW, cssH);
  ctx.fillStyle = page.color;
  ctx.textBaseline = "middle";
  ctx.font = titleFont;
  ctx.fillText(titleLine(t, state, scene), pad, pad + titleH / 2 - 6, cssW - 2 * pad);
  const origin = { x: bounds.left - pad, y: bounds.top - pad - titleH };
  for (const part of parts) paintElement(ctx, part, origin, scale);
  ctx.fillStyle = page.color;
  ctx.textBaseline = "middle";
  ctx.font = footFont;
  ctx.fillText(t("export.footer"), pad, cssH - pad - footH / 2 + 8, cssW - 2 * pad);
  return canvas;
}

/** Lines of `text` that fit `width` in the context's font, broken at spaces (or anywhere, for CJK). */
function wrapLines(ctx, text, width) {
  const lines = [];
  let line = "";
  for (const word of text.split(/(?<=\s)|(?=[\u3000-\u9fff\uff00-\uffef])/u)) {
    if (line && ctx.measureText(line + word).width > width) {
      lines.push(line.trimEnd());
      line = word.trimStart();
    } else {
      line += word;
    }
  }
  if (line) lines.push(line.trimEnd());
  return lines;
}

/**
 * One GIF frame: the step's caption (as the page writes it under the buttons) over the merge cells.
 * The id table is left out: it is empty until the last step, whose caption gives the tokens and ids.
 */
export function gifFrame(mc, scene, k, lines = 1) {
  const frame = buildFrame(scene.piece, scene.run, k);
  const cells = mc.render(EXPORT.scale, { ...scene, from: frame, to: null, t: 0 }, { cellsOnly: true });
  const canvas = document.createElement("canvas");
  canvas.width = cells.width;
  const ctx = canvas.getContext("2d");
  const caption = captionOf(ctx, scene, frame, cells.width);
  const captionH = captioned(canvas, caption, lines, cells.height);
  ctx.drawImage(cells, 0, captionH);
  return { canvas, text: caption.text };
}

/**
 * Sizes `canvas` for a caption band of at least `lines` lines over `below` pixels, fills it with the
 * page's background and writes the caption's lines; returns the band's height.
 */
function captioned(canvas, caption, lines, below) {
  const ctx = canvas.getContext("2d");
  const captionH = caption.lines.length ? Math.max(lines, caption.lines.length) * caption.lineH + 2 * caption.pad : 0;
  canvas.height = captionH + below;
  ctx.fillStyle = caption.background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.font = caption.font;
  ctx.fillStyle = caption.colour;
  ctx.textBaseline = "middle";
  caption.lines.forEach((line, i) => ctx.fillText(line, caption.pad, caption.pad + (i + 0.5) * caption.lineH));
  return captionH;
}

/** The page's background colour: the body's, else the root's (a GIF has no transparency to fall back on). */
function pageBackground() {
  for (const node of [document.body, document.documentElement]) {
    const colour = getComputedStyle(node).backgroundColor;
    if (colour && colour !== "transparent" && !/^rgba\(.*,\s*0\)$/.test(colour)) return colour;
  }
  return "#ffffff";
}

/** The caption of `frame` (the scene's own words for it), wrapped to `width` device pixels. */
function captionOf(ctx, scene, frame, width) {
  const s = EXPORT.scale;
  const page = getComputedStyle(document.body);
  const caption = {
    text: scene.caption ? scene.caption(frame) : "",
    font: `600 ${15 * s}px ${page.fontFamily}`, pad: 12 * s, lineH: 21 * s, colour: page.color, background: pageBackground(),
  };
  ctx.font = caption.font;
  caption.lines = caption.text ? wrapLines(ctx, caption.text, width - 2 * caption.pad) : [];
  return caption;
}

/** The GIF of the merge canvas's piece: frame k for each step k, the last held longer. */
async function mergesGif(mc) {
  const { GIFEncoder, quantize, applyPalette } = await import("../vendor/gifenc.mjs");
  const scene = mc.scene;
  const total = scene.run.steps.length;
  const gif = GIFEncoder();
  let size = null;
  // Every frame as tall as the one with the longest caption, so the cells never jump.
  const width = Math.round(mc.width * EXPORT.scale);
  const measure = document.createElement("canvas").getContext("2d");
  let lines = 1;
  for (let k = 0; k <= total; k += 1) {
    lines = Math.max(lines, captionOf(measure, scene, buildFrame(scene.piece, scene.run, k), width).lines.length);
  }
  for (let k = 0; k <= total; k += 1) {
    const frame = gifFrame(mc, scene, k, lines).canvas;
    const ctx = frame.getContext("2d");
    size = { w: frame.width, h: frame.height };
    const rgba = ctx.getImageData(0, 0, size.w, size.h).data;
    const palette = quantize(rgba, 256);
    const index = applyPalette(rgba, palette);
    gif.writeFrame(index, size.w, size.h, { palette, delay: k === total ? EXPORT.gifLastMs : EXPORT.gifFrameMs, repeat: 0 });
  }
  gif.finish();
  return new Blob([gif.bytes()], { type: "image/gif" });
}

/**
 * The GIF of a SentencePiece or WordPiece piece (the scene's `stage`): its family stage drawn for each step
 * on a copy laid out where the page's stage is (the same width and styles, out of sight), painted as the
 * PNG paints the page (domPainter.mjs) under the step's caption; every frame as tall as the tallest.
 */
async function stageGif(stage) {
  const { GIFEncoder, quantize, applyPalette } = await import("../vendor/gifenc.mjs");
  const s = EXPORT.scale;
  const host = document.createElement("div");
  host.setAttribute("aria-hidden", "true");
  host.style.cssText = `position:fixed;left:-100000px;top:0;width:${stage.place.getBoundingClientRect().width}px`;
  host.append(stage.node);
  stage.place.parentNode.append(host);
  try {
    const width = Math.round(stage.place.getBoundingClientRect().width * s);
    const measure = document.createElement("canvas").getContext("2d");
    let lines = 1;
    let tallest = 0;
    for (let k = 0; k <= stage.total; k += 1) {
      stage.draw(k);
      tallest = Math.max(tallest, stage.node.getBoundingClientRect().height);
      lines = Math.max(lines, captionOf(measure, { caption: () => stage.caption(k) }, null, width).lines.length);
    }
    const gif = GIFEncoder();
    for (let k = 0; k <= stage.total; k += 1) {
      stage.draw(k);
      const canvas = document.createElement("canvas");
      canvas.width = width;
      const ctx = canvas.getContext("2d");
      const caption = captionOf(ctx, { caption: () => stage.caption(k) }, null, width);
      const captionH = captioned(canvas, caption, lines, Math.ceil(tallest * s));
      const box = stage.node.getBoundingClientRect();
      ctx.save();
      ctx.translate(0, captionH);
      ctx.scale(s, s);
      paintElement(ctx, stage.node, { x: box.left, y: box.top }, s);
      ctx.restore();
      const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      const palette = quantize(rgba, 256);
      gif.writeFrame(applyPalette(rgba, palette), canvas.width, canvas.height,
        { palette, delay: k === stage.total ? EXPORT.gifLastMs : EXPORT.gifFrameMs, repeat: 0 });
    }
    gif.finish();
    return new Blob([gif.bytes()], { type: "image/gif" });
  } finally {
    host.remove();
  }
}

export class ClassroomTools {
  /**
   * host: where the buttons go (the top bar); ctx: {t, getState, query, note, lesson, module}: lesson()
   * and module() are the open lesson and its module (null while none is open).
   */
  constructor(host, ctx) {
    this.ctx = ctx;
    this.b = new Bindings();
    const button = (testid, key, onClick) => {
      const node = el("button", { className: "tool-button", testid, attrs: { type: "button" }, on: { click: onClick } });
      this.b.text(node, key);
      return node;
    };
    this.png = button("export-png", "export.png", () => this.run(this.png, () => this.exportPng()));
    this.gif = button("export-gif", "export.gif", () => this.run(this.gif, () => this.exportGif()));
    this.print = button("print-worksheet", "export.print", () => this.run(this.print, () => this.printWorksheet()));
    this.element = el("div", { className: "classroom-tools", attrs: { role: "group" } }, this.png, this.gif, this.print);
    this.b.label(this.element, "export.group");
    host.append(this.element);
    this.worksheet = new Worksheet(ctx);
  }

  update(state, changed) {
    if (changed.has("lang")) this.b.apply(this.ctx.t);
    // A GIF of the merges: the encode lesson, ranks shown (predict mode hides them until guessed).
    this.gif.hidden = state.lesson !== "encode";
    this.gif.disabled = Boolean(state.predict || state.room);
    this.worksheet.update(state, changed);
  }

  /** Runs one export; the button says busy meanwhile, and a failure is a note, never a thrown error. */
  async run(button, job) {
    if (button.dataset.state === "busy") return;
    button.dataset.state = "busy";
    try {
      await job();
      button.dataset.state = "done";
    } catch (error) {
      button.dataset.state = "error";
      this.ctx.note(this.ctx.t("export.failed", { message: String(error && error.message || error) }));
    }
  }

  /** The open lesson's scene (exportScene()), or null when no lesson is open or it draws nothing. */
  scene() {
    const lesson = this.ctx.lesson();
    return lesson && typeof lesson.exportScene === "function" ? lesson.exportScene() : null;
  }

  async exportPng() {
    const state = this.ctx.getState();
    const scene = this.scene();
    const canvas = scene && drawView(this.ctx.t, state, scene);
    if (!canvas) throw new Error(this.ctx.t("export.nothing"));
    download(await canvasBlob(canvas), `tokenizer-lab-${state.lesson}.png`);
  }

  async exportGif() {
    const scene = this.scene();
    if (scene && scene.stage) {
      download(await stageGif(scene.stage), `tokenizer-lab-${scene.table}-steps.gif`);
      return;
    }
    const mc = scene && scene.merges;
    if (!mc || !mc.scene) throw new Error(this.ctx.t("export.nothing"));
    download(await mergesGif(mc), `tokenizer-lab-merges-${mc.scene.piece.index}.gif`);
  }

  async printWorksheet() {
    await this.worksheet.build(this.ctx.getState());
    window.print();
  }
}
