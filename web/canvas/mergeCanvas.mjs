// The merge canvas: draws one frame (or the tween between two frames) of a piece's merges.
//
// It only renders what it is given: a scene of frames built by frames.mjs from the engine's trace.
// Drawing happens in one place (draw), at most once per animation frame, and only when the scene,
// the size or the hovered cell changed. Transparent buttons over the cells make every cell reachable
// by keyboard and give hover/focus details in a tooltip; the canvas element carries the shown state
// as data attributes (data-step, data-symbols, data-ranks ...) for tests.
//
// A piece whose bytes do not fit the width even at the smallest cell stays on one row and the row
// scrolls sideways (the host scrolls, the canvas is as wide as the row): wrapping would put a pair's two
// cells on two rows. The table excerpt under the cells keeps to the visible part. Only a piece longer
// than MAX_ROW_PX wraps.

import { palette, canvasMetrics } from "../theme.mjs";
import { unitFor, layoutCells, rowPitch, centreOffset, ease, clamp01 } from "./layout.mjs";
import { drawFrame, drawSlide } from "./cells.mjs";
import { MAX_LINKS, lookupLayout, shiftTable, drawLookup } from "./lookup.mjs";

const NARROW_PX = 560; // a canvas narrower than this (a phone) keeps one waiting id row, not one per id
import { hexLabel } from "../glyphs.mjs";
import { settled } from "../ui/settled.mjs";

/** Shares of a transition's time: hold on the highlighted pair, slide together, then settle. */
const PHASE = Object.freeze({ slideStart: 0.22, slideEnd: 0.78 });

/** The widest row (CSS pixels) that scrolls sideways; a longer piece wraps onto more rows. */
export const MAX_ROW_PX = 2400;

const byElement = new WeakMap(); // canvas element -> its MergeCanvas

/** The MergeCanvas drawing on `canvas`, or null: how the classroom kit re-draws a canvas at 2x. */
export function mergeCanvasOf(canvas) {
  return byElement.get(canvas) || null;
}

export class MergeCanvas {
  /**
   * host: an element the canvas fills (its width is observed).
   * options.testid: data-testid of the canvas element.
   * options.describeCell(frame, index) -> {label, lines}: accessible name and tooltip lines.
   */
  constructor(host, options) {
    this.host = host;
    this.options = options;
    this.scene = null;
    this.width = 0;
    this.hover = null;
    this.raf = 0;
    this.cellRects = [];
    this.overlayKey = "";

    host.classList.add("mc-host");
    this.canvas = document.createElement("canvas");
    this.canvas.className = "mc-canvas";
    this.canvas.dataset.testid = options.testid;
    // role="img" arrives with the first scene and its name (setScene): an unnamed image is an axe violation.
    this.overlay = document.createElement("div");
    this.overlay.className = "mc-overlay";
    this.overlay.dataset.testid = `${options.testid}-cells`;
    this.tip = document.createElement("div");
    this.tip.className = "mc-tip";
    this.tip.hidden = true;
    this.tip.id = `${options.testid}-tip`;
    this.tip.setAttribute("role", "tooltip");
    this.tip.dataset.testid = `${options.testid}-tip`;
    host.append(this.canvas, this.overlay, this.tip);
    byElement.set(this.canvas, this);

    this.resizeObserver = new ResizeObserver((entries) => {
      const w = Math.floor(entries[0].contentRect.width);
      if (w > 0 && w !== this.width) {
        this.width = w;
        this.overlayKey = "";
        this.invalidate();
      }
    });
    this.resizeObserver.observe(host);
    this.width = Math.floor(host.clientWidth);
    this.scrollX = 0;
    this.shownKey = "";
    host.addEventListener("scroll", () => {
      if (host.scrollLeft !== this.scrollX) {
        this.scrollX = host.scrollLeft;
        this.invalidate();
      }
    }, { passive: true });
  }

  setScene(scene) {
    this.scene = scene;
    if (scene.ariaLabel) {
      this.canvas.setAttribute("role", "img");
      this.canvas.setAttribute("aria-label", scene.ariaLabel);
    }
    this.invalidate();
  }

  invalidate() {
    if (this.raf) return;
    this.raf = settled.frame(() => {
      this.raf = 0;
      this.draw();
    });
  }

  /** Draw now (used by the player so a tween frame is drawn in the same animation frame). */
  drawNow() {
    if (this.raf) {
      settled.cancelFrame(this.raf);
      this.raf = 0;
    }
    this.draw();
  }

  destroy() {
    this.resizeObserver.disconnect();
    if (this.raf) settled.cancelFrame(this.raf);
    this.host.replaceChildren();
  }

  draw() {
    const scene = this.scene;
    if (!scene || this.width <= 0) return;
    const { moving, shown, rects, cssW, cssH, scrolls, lookupTop } = this.paint(this.canvas, scene, window.devicePixelRatio || 1, this);
    if (this.canvas.style.height !== `${cssH}px` || this.canvas.style.width !== `${cssW}px`) {
      this.canvas.style.width = `${cssW}px`;
      this.canvas.style.height = `${cssH}px`;
      this.overlay.style.height = `${cssH}px`;
      this.overlay.style.width = `${cssW}px`;
    }
    this.host.classList.toggle("mc-scrolls", scrolls);
    this.canvas.dataset.scrolls = String(scrolls);
    if (shown && !moving) this.syncOverlay(scene, shown, rects);
    if (scrolls && shown && !moving) this.keepInView(scene, shown, rects);
    this.overlay.hidden = Boolean(moving);
    if (moving) this.hideTip();
    this.syncData(scene, scene.to || scene.from, Boolean(moving));
    this.canvas.dataset.lookupTop = String(Math.round(lookupTop)); // where the id table begins: under every row of cells
  }

  /**
   * A still of `scene` (a frame: `to` null) on a new canvas at `scale` device pixels per CSS pixel,
   * nothing hovered: what the classroom kit exports (web/classroom/export.mjs); `cellsOnly` leaves out
   * the table excerpt (and a scrolling row is drawn whole).
   */
  render(scale, scene = this.scene, { cellsOnly = false } = {}) {
    const canvas = document.createElement("canvas");
    if (!scene || this.width <= 0) return canvas;
    const { cssW, cellsH } = this.paint(canvas, scene, scale, { hover: null, scrollX: cellsOnly ? 0 : this.scrollX });
    if (!cellsOnly) return canvas;
    // Only the cells and their ranks (the GIF): the table excerpt below them cut off.
    const cut = document.createElement("canvas");
    cut.width = Math.round(cssW * scale);
    cut.height = Math.round(cellsH * scale);
    cut.getContext("2d").drawImage(canvas, 0, 0);
    return cut;
  }

  /** A scrolling row: the pair the step is about (or the first cell) scrolled into view once per step. */
  keepInView(scene, frame, rects) {
    const key = `${scene.key}|${frame.step}|${this.width}`;
    if (key === this.shownKey) return;
    this.shownKey = key;
    if (frame.chosen === null) {
      this.host.scrollLeft = 0;
      return;
    }
    const i = frame.chosen;
    const a = rects[i];
    const b = rects[Math.min(i + 1, rects.length - 1)];
    if (!a || !b) return;
    const left = this.host.scrollLeft;
    if (a.x >= left && b.x + b.w <= left + this.width) return;
    this.host.scrollLeft = Math.max(0, Math.round((a.x + b.x + b.w) / 2 - this.width / 2));
  }

  /** Draws `scene` on `target` at `dpr`, sizing its bitmap; `view` is {hover, scrollX} for the painters. */
  paint(target, scene, dpr, view) {
    const m = canvasMetrics(scene.projector, parseFloat(getComputedStyle(document.documentElement).fontSize));
    const c = palette(scene.projector);
    const final = scene.to && scene.t >= PHASE.slideEnd ? scene.to.final : scene.from.final;
    const geo = this.geometry(scene, m, view.scrollX, final);
    const cssW = geo.cssW;
    view = { hover: view.hover, width: cssW };
    const cssH = geo.height;
    if (target.width !== Math.round(cssW * dpr) || target.height !== Math.round(cssH * dpr)) {
      target.width = Math.round(cssW * dpr);
      target.height = Math.round(cssH * dpr);
    }
    const ctx = target.getContext("2d");
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, cssW, cssH);
    ctx.fillStyle = c.surface;
    ctx.fillRect(0, 0, cssW, cssH);
    ctx.textBaseline = "middle";

    const { from, to, t } = scene;
    const moving = to && t > 0 && t < 1;
    let shown = from;
    let lookupT = from.final ? 1 : 0;
    if (moving && t >= PHASE.slideStart && t < PHASE.slideEnd) {
      const u = ease((t - PHASE.slideStart) / (PHASE.slideEnd - PHASE.slideStart));
      drawSlide(ctx, scene, this.rectsFor(from, geo, m), this.rectsFor(to, geo, m), m, c, u);
      shown = null;
    } else if (to && t >= PHASE.slideEnd) {
      shown = to;
      lookupT = to.final ? (t >= 1 ? 1 : clamp01((t - PHASE.slideEnd) / (1 - PHASE.slideEnd))) : 0;
    }
    let rects = [];
    if (shown) {
      rects = this.rectsFor(shown, geo, m);
      drawFrame(ctx, view, scene, shown, rects, m, c, moving && shown === from);
      drawLookup(ctx, scene, shown, rects, geo, m, c, lookupT);
    } else {
      drawLookup(ctx, scene, from, [], geo, m, c, 0);
    }
    return { moving: Boolean(moving), shown, rects, cssW, cssH, scrolls: geo.scrolls, cellsH: geo.cellsBottom + m.padding, lookupTop: geo.lookupTop };
  }

  /** What the canvas shows, as data attributes: tests read these instead of pixels. */
  syncData(scene, frame, moving) {
    const ds = this.canvas.dataset;
    ds.step = String(frame.step);
    ds.total = String(frame.total);
    ds.symbols = JSON.stringify(frame.symbols);
    ds.ranks = JSON.stringify(frame.pairs);
    ds.chosen = frame.chosen === null ? "" : String(frame.chosen);
    ds.lowest = frame.lowest === null ? "" : String(frame.lowest);
    ds.final = String(frame.final);
    ds.ids = frame.final ? JSON.stringify(frame.ids) : "";
    ds.animating = String(moving);
    ds.piece = String(scene.piece.index);
    ds.text = scene.piece.text;
    ds.labels = JSON.stringify(frame.cells.map((cell) => (scene.hex ? hexLabel(cell.bytes) : cell.text)));
  }

  /**
   * Sizes that stay fixed for the whole piece, so the canvas does not jump between steps. A row too
   * long for the width scrolls (`scrolls`, `cssW` wider than the host); the table excerpt is laid out in
   * the visible width and drawn `scrollX` to the right, under what is in view.
   */
  geometry(scene, m, scrollX = 0, final = true) {
    const visible = Math.max(40, this.width - 2 * m.padding);
    const byteCount = scene.piece.bytes.length;
    const oneRow = byteCount * m.unitMin + Math.max(0, byteCount - 1) * m.gap;
    const scrolls = oneRow > visible && oneRow + 2 * m.padding <= MAX_ROW_PX;
    const avail = scrolls ? oneRow : visible;
    const cssW = scrolls ? oneRow + 2 * m.padding : this.width;
    const shift = scrolls ? Math.max(0, Math.min(scrollX, cssW - this.width)) : 0;
    const unit = unitFor(byteCount, avail, m);
    const origin = centreOffset(byteCount, unit, avail, m);
    // The first frame's cells as wide as their bytes: one each for a byte-level piece, a character's
    // UTF-8 length for a model that starts from characters (Gemma's ▁ and 今 are three bytes wide).
    const spans = scene.piece.spans;
    const widths = Array.isArray(spans) && spans.length === scene.piece.symbols.length
      ? spans.map(([a, b]) => Math.max(1, b - a)) : scene.piece.symbols.map(() => 1);
    const first = layoutCells(widths, unit, avail, m, origin);
    const cellsBottom = m.padding + this.mostRows(scene, widths, unit, avail, m, origin) * rowPitch(m) - m.rowGap;
    // Connectors when the piece fits on one row; numbered badges when its cells wrap.
    const badges = scrolls || first.rows > 1 || scene.run.ids.length > MAX_LINKS;
    const links = badges ? 0 : scene.run.ids.length;
    const laneStep = Math.max(5, Math.round(m.line * 3));
    const lookupTop = cellsBottom + Math.max(m.lookupGap, 18 + links * laneStep);
    const headH = Math.round(m.labelSize * 2.2);
    // A phone's one column of empty id rows (one per id: nine for 今天天气真好) pushed the step caption
    // below the fold: there, before the last step, one row says the ids come at the end.
    const waiting = !final && this.width < NARROW_PX;
    const run = waiting ? { tokens: [], ids: [] } : scene.run;
    const table = shiftTable(lookupLayout(run, visible, m, laneStep, lookupTop + headH, badges), shift);
    return {
      avail, unit, origin, cellsBottom, lookupTop, headH, laneStep, table, badges, scrolls, cssW,
      height: Math.ceil(table.bottom + m.padding),
      showChars: scene.piece.symbols.join("") !== scene.piece.text,
    };
  }

  /**
   * The most rows any frame of the piece takes: a merged cell that no longer fits at a row's end moves
   * whole to the next row, so a later frame can wrap onto more rows than the first (the id table goes
   * under the last of them). Counted once per piece and width.
   */
  mostRows(scene, widths, unit, avail, m, origin) {
    const key = `${scene.key}|${unit}|${avail}|${origin}`;
    if (this.rowsMemo?.key === key) return this.rowsMemo.rows;
    let cells = widths.slice();
    let rows = layoutCells(cells, unit, avail, m, origin).rows;
    for (const step of scene.run.steps) {
      const at = step.position;
      if (!(at >= 0 && at + 1 < cells.length)) break;
      cells = [...cells.slice(0, at), cells[at] + cells[at + 1], ...cells.slice(at + 2)];
      rows = Math.max(rows, layoutCells(cells, unit, avail, m, origin).rows);
    }
    this.rowsMemo = { key, rows };
    return rows;
  }

  rectsFor(frame, geo, m) {
    return layoutCells(frame.cells.map((cell) => cell.end - cell.start), geo.unit, geo.avail, m, geo.origin).rects;
  }

  /** Focusable transparent buttons over the cells; rebuilt only when the cells moved. */
  syncOverlay(scene, frame, rects) {
    const key = JSON.stringify([scene.key, frame.step, this.width, rects.map((r) => [r.x, r.y, r.w])]);
    this.cellRects = rects;
    if (key === this.overlayKey) return;
    this.overlayKey = key;
    const hadFocus = this.overlay.contains(document.activeElement)
      ? Number(document.activeElement.dataset.index) : null;
    const buttons = frame.cells.map((cell, i) => {
      const r = rects[i];
      const button = document.createElement("button");
      button.type = "button";
      button.className = "mc-cell";
      button.dataset.testid = "cell";
      button.dataset.index = String(i);
      button.dataset.symbol = cell.text;
      const info = this.options.describeCell(frame, i);
      button.setAttribute("aria-label", info.label);
      button.setAttribute("aria-describedby", this.tip.id);
      button.style.left = `${r.x}px`;
      button.style.top = `${r.y}px`;
      button.style.width = `${r.w}px`;
      button.style.height = `${r.h}px`;
      const show = () => this.showTip(frame, i);
      button.addEventListener("mouseenter", show);
      button.addEventListener("focus", show);
      button.addEventListener("mouseleave", () => this.hideTip());
      button.addEventListener("blur", () => this.hideTip());
      return button;
    });
    this.overlay.replaceChildren(...buttons);
    if (hadFocus !== null && buttons.length) buttons[Math.min(hadFocus, buttons.length - 1)].focus();
  }

  showTip(frame, i) {
    const r = this.cellRects[i];
    if (!r) return;
    const info = this.options.describeCell(frame, i);
    const lines = info.lines.map((line) => {
      const div = document.createElement("div");
      div.textContent = line;
      return div;
    });
    this.tip.replaceChildren(...lines);
    this.tip.hidden = false;
    const tipW = this.tip.offsetWidth;
    const seen = this.host.scrollLeft;
    const left = Math.max(seen + 4, Math.min(seen + this.width - tipW - 4, r.x + r.w / 2 - tipW / 2));
    this.tip.style.left = `${left}px`;
    this.tip.style.top = `${r.y + r.h + 10}px`;
    if (this.hover !== i) {
      this.hover = i;
      this.invalidate();
    }
  }

  hideTip() {
    this.tip.hidden = true;
    if (this.hover !== null) {
      this.hover = null;
      this.invalidate();
    }
  }
}
