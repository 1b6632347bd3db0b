// The merge canvas: draws one frame (or the tween between two frames) of a piece's merges.
//
// It only renders what it is given: a scene of frames built by frames.mjs from the engine's trace.
// Drawing happens in one place (draw), at most once per animation frame, and only when the scene,
// the size or the hovered cell changed. Transparent buttons over the cells make every cell reachable
// by keyboard and give hover/focus details in a tooltip; the canvas element carries the shown state
// as data attributes (data-step, data-symbols, data-ranks ...) for tests.

import { FONTS, palette, canvasMetrics } from "../theme.mjs";
import { lookupRows } from "./frames.mjs";
import {
  unitFor, layoutCells, rowPitch, tagHeight, centreOffset, lerpRect, ease, clamp01,
} from "./layout.mjs";

/** Shares of a transition's time: hold on the highlighted pair, slide together, then settle. */
const PHASE = Object.freeze({ slideStart: 0.22, slideEnd: 0.78 });

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
    this.canvas.setAttribute("role", "img");
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
  }

  setScene(scene) {
    this.scene = scene;
    this.invalidate();
  }

  invalidate() {
    if (this.raf) return;
    this.raf = requestAnimationFrame(() => {
      this.raf = 0;
      this.draw();
    });
  }

  /** Draw now (used by the player so a tween frame is drawn in the same animation frame). */
  drawNow() {
    if (this.raf) {
      cancelAnimationFrame(this.raf);
      this.raf = 0;
    }
    this.draw();
  }

  destroy() {
    this.resizeObserver.disconnect();
    if (this.raf) cancelAnimationFrame(this.raf);
    this.host.replaceChildren();
  }

  draw() {
    const scene = this.scene;
    if (!scene || this.width <= 0) return;
    const m = canvasMetrics(scene.projector);
    const c = palette(scene.projector);
    const geo = this.geometry(scene, m);
    const dpr = window.devicePixelRatio || 1;
    const cssW = this.width;
    const cssH = geo.height;
    if (this.canvas.width !== Math.round(cssW * dpr) || this.canvas.height !== Math.round(cssH * dpr)) {
      this.canvas.width = Math.round(cssW * dpr);
      this.canvas.height = Math.round(cssH * dpr);
      this.canvas.style.width = `${cssW}px`;
      this.canvas.style.height = `${cssH}px`;
      this.overlay.style.height = `${cssH}px`;
    }
    const ctx = this.canvas.getContext("2d");
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
      this.drawSlide(ctx, scene, geo, m, c, ease((t - PHASE.slideStart) / (PHASE.slideEnd - PHASE.slideStart)));
      shown = null;
    } else if (to && t >= PHASE.slideEnd) {
      shown = to;
      lookupT = to.final ? (t >= 1 ? 1 : clamp01((t - PHASE.slideEnd) / (1 - PHASE.slideEnd))) : 0;
    }
    if (shown) {
      const rects = this.rectsFor(shown, geo, m);
      this.drawFrame(ctx, scene, shown, rects, m, c, moving && shown === from);
      this.drawLookup(ctx, scene, shown, rects, geo, m, c, lookupT);
      if (!moving) this.syncOverlay(scene, shown, rects);
    } else {
      this.drawLookup(ctx, scene, from, [], geo, m, c, 0);
    }
    this.overlay.hidden = Boolean(moving);
    if (moving) this.hideTip();
    this.syncData(scene, to || from, Boolean(moving));
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
    if (scene.ariaLabel) this.canvas.setAttribute("aria-label", scene.ariaLabel);
  }

  /** Sizes that stay fixed for the whole piece, so the canvas does not jump between steps. */
  geometry(scene, m) {
    const avail = Math.max(40, this.width - 2 * m.padding);
    const byteCount = scene.piece.bytes.length;
    const unit = unitFor(byteCount, avail, m);
    const origin = centreOffset(byteCount, unit, avail, m);
    const first = layoutCells(scene.piece.symbols.map(() => 1), unit, avail, m, origin);
    const cellsBottom = m.padding + first.rows * rowPitch(m) - m.rowGap;
    const rows = lookupRows(scene.run.tokens, scene.run.ids).length;
    const links = Math.min(scene.run.ids.length, 16);
    const laneStep = Math.max(5, Math.round(m.line * 3));
    const lookupTop = cellsBottom + Math.max(m.lookupGap, 18 + links * laneStep);
    const headH = Math.round(m.labelSize * 2.2);
    const rowsH = rows * m.lookupRowHeight + (rows + 1) * Math.round(m.lookupRowHeight * 0.5);
    const gutter = Math.min(Math.round(avail * 0.3), 16 + laneStep * links);
    const tableW = Math.min(avail - gutter, Math.max(240, Math.round(avail * 0.5)));
    return {
      avail, unit, origin, cellsBottom, lookupTop, headH, tableW, laneStep,
      tableX: m.padding + Math.max(gutter, Math.floor((avail - tableW) / 2)),
      height: Math.ceil(lookupTop + headH + Math.max(rowsH, m.lookupRowHeight) + m.padding),
      showChars: scene.piece.symbols.join("") !== scene.piece.text,
    };
  }

  rectsFor(frame, geo, m) {
    return layoutCells(frame.cells.map((cell) => cell.end - cell.start), geo.unit, geo.avail, m, geo.origin).rects;
  }

  /** One static frame: cells, the highlighted pair, the rank under every pair. */
  drawFrame(ctx, scene, frame, rects, m, c, emphasise) {
    const greedy = scene.mode === "greedy";
    const chosenColour = greedy ? c.wrongLine : c.accent;
    const chosenText = greedy ? c.wrong : c.accent;
    frame.cells.forEach((cell, i) => {
      const inChosen = frame.chosen !== null && (i === frame.chosen || i === frame.chosen + 1);
      this.drawCell(ctx, rects[i], cell, m, c, scene, {
        chosen: inChosen ? chosenColour : null,
        hatch: inChosen ? (greedy ? c.wrongFill : c.accentHatch) : null,
        fresh: frame.fresh === i,
        hover: this.hover === i,
        emphasise: emphasise && inChosen,
      });
    });
    if (frame.chosen !== null && rects[frame.chosen + 1]) {
      const a = rects[frame.chosen];
      const b = rects[frame.chosen + 1];
      const label = greedy ? scene.labels.leftmost : scene.labels.lowest;
      const rank = frame.next ? frame.next.rank : null;
      const text = rank === null ? label : `${label} · ${rank}`;
      const cx = a.row === b.row ? (a.x + b.x + b.w) / 2 : a.x + a.w / 2;
      this.drawTag(ctx, cx, a.y - tagHeight(m) / 2 - 2, text, chosenText, m);
    }
    if (frame.pairs) this.drawPairs(ctx, scene, frame, rects, m, c);
  }

  drawCell(ctx, r, cell, m, c, scene, flags) {
    const merged = cell.end - cell.start > 1;
    ctx.save();
    roundRect(ctx, r.x, r.y, r.w, r.h, m.radius);
    ctx.fillStyle = flags.fresh ? c.freshFill : merged ? c.cellMerged : c.cellFill;
    ctx.fill();
    if (flags.hatch) {
      ctx.save();
      ctx.clip();
      ctx.strokeStyle = flags.hatch;
      ctx.lineWidth = Math.max(2, m.line * 1.6);
      const step = Math.round(m.cellHeight / 5);
      for (let x = r.x - r.h; x < r.x + r.w + r.h; x += step) {
        ctx.beginPath();
        ctx.moveTo(x, r.y + r.h);
        ctx.lineTo(x + r.h, r.y);
        ctx.stroke();
      }
      ctx.restore();
    }
    roundRect(ctx, r.x, r.y, r.w, r.h, m.radius);
    if (cell.partial) ctx.setLineDash([Math.max(4, m.line * 3), Math.max(3, m.line * 2)]);
    if (flags.chosen) {
      ctx.strokeStyle = flags.chosen;
      ctx.lineWidth = flags.emphasise ? m.lineStrong * 1.4 : m.lineStrong;
    } else if (flags.fresh) {
      ctx.strokeStyle = c.freshLine;
      ctx.lineWidth = m.lineStrong;
    } else {
      ctx.strokeStyle = c.cellBorder;
      ctx.lineWidth = m.line;
    }
    ctx.stroke();
    ctx.setLineDash([]);
    if (flags.fresh) {
      // A "+" badge: the shape says "new" without relying on the orange.
      const rad = Math.max(7, m.labelSize * 0.62);
      const bx = r.x + r.w - 2;
      const by = r.y + 2;
      ctx.beginPath();
      ctx.arc(bx, by, rad, 0, Math.PI * 2);
      ctx.fillStyle = c.freshLine;
      ctx.fill();
      ctx.strokeStyle = c.surface;
      ctx.lineWidth = Math.max(1.5, m.line);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(bx - rad * 0.5, by);
      ctx.lineTo(bx + rad * 0.5, by);
      ctx.moveTo(bx, by - rad * 0.5);
      ctx.lineTo(bx, by + rad * 0.5);
      ctx.strokeStyle = "#000000";
      ctx.lineWidth = Math.max(1.5, m.line);
      ctx.stroke();
    }
    if (flags.hover) {
      roundRect(ctx, r.x - 4, r.y - 4, r.w + 8, r.h + 8, m.radius + 3);
      ctx.strokeStyle = c.focus;
      ctx.lineWidth = 2.5;
      ctx.stroke();
    }
    // The printable form, then (when it differs from the text) the characters it covers.
    const showChars = scene.piece.symbols.join("") !== scene.piece.text;
    const glyphY = showChars ? r.y + r.h * 0.38 : r.y + r.h / 2;
    ctx.fillStyle = c.ink;
    ctx.textAlign = "center";
    fitText(ctx, cell.text, r.x + r.w / 2, glyphY, r.w - 6, m.glyphSize, `500 SIZEpx ${FONTS.mono}`);
    if (showChars) {
      const partial = cell.partial;
      const text = cell.chars.map((ch) => visibleChar(ch.char)).join("");
      ctx.fillStyle = partial ? c.faint : c.muted;
      fitText(ctx, partial ? `(${text})` : text, r.x + r.w / 2, r.y + r.h * 0.76, r.w - 4, m.charSize,
        `SIZEpx ${FONTS.ui}`);
    }
    ctx.restore();
  }

  /** The rank of every adjacent pair, on brackets in two alternating lanes so labels never touch. */
  drawPairs(ctx, scene, frame, rects, m, c) {
    const greedy = scene.mode === "greedy";
    const items = [];
    for (let i = 0; i < frame.pairs.length; i += 1) {
      const a = rects[i];
      const b = rects[i + 1];
      if (!a || !b) continue;
      const rank = frame.pairs[i];
      const hasRule = rank !== null && rank !== undefined;
      const sameRow = a.row === b.row;
      const x2 = sameRow ? b.x + b.w / 2 - 2 : a.x + a.w + m.gap / 2;
      const item = {
        a, sameRow, hasRule,
        y: a.y + a.h + m.laneHeight * ((i % 2) + 0.55),
        x1: a.x + a.w / 2 + 2,
        x2,
        mid: sameRow ? (a.x + a.w + b.x) / 2 : x2,
        text: `${hasRule ? String(rank) : "×"}${sameRow ? "" : " ↩"}`,
        colour: hasRule ? c.muted : c.noRule,
        width: m.line,
        pill: null,
        outline: false,
        order: 0,
      };
      if (hasRule && i === frame.chosen) {
        item.pill = greedy ? c.wrong : c.accent;
        item.colour = item.pill;
        item.width = m.lineStrong * 0.8;
        item.order = 2;
      } else if (hasRule && greedy && i === frame.lowest) {
        item.pill = c.accent;
        item.colour = c.accent;
        item.width = m.lineStrong * 0.8;
        item.outline = true;
        item.order = 1;
      }
      items.push(item);
    }
    items.sort((p, q) => p.order - q.order);
    ctx.save();
    // Brackets first, then every label on top of them, so no line crosses a number.
    for (const it of items) {
      if (!it.hasRule) continue;
      ctx.beginPath();
      ctx.moveTo(it.x1, it.a.y + it.a.h + 3);
      ctx.lineTo(it.x1, it.y);
      ctx.lineTo(it.x2, it.y);
      if (it.sameRow) ctx.lineTo(it.x2, it.a.y + it.a.h + 3);
      ctx.strokeStyle = it.colour;
      ctx.lineWidth = it.width;
      ctx.stroke();
    }
    ctx.textAlign = "center";
    const padX = m.labelSize * 0.4;
    const h = m.labelSize * 1.4;
    for (const it of items) {
      ctx.font = `${it.pill ? 700 : 500} ${m.labelSize}px ${FONTS.ui}`;
      const tw = ctx.measureText(it.text).width;
      roundRect(ctx, it.mid - tw / 2 - padX, it.y - h / 2, tw + 2 * padX, h, h / 2);
      if (it.outline) {
        ctx.fillStyle = c.surface;
        ctx.fill();
        ctx.strokeStyle = c.accent;
        ctx.lineWidth = m.line * 1.4;
        ctx.stroke();
        ctx.fillStyle = c.accent;
      } else {
        ctx.fillStyle = it.pill || c.surface;
        ctx.fill();
        ctx.fillStyle = it.pill ? "#ffffff" : it.colour;
      }
      ctx.fillText(it.text, it.mid, it.y + 0.5);
    }
    ctx.restore();
  }

  drawTag(ctx, cx, cy, text, colour, m) {
    ctx.save();
    ctx.font = `700 ${m.labelSize}px ${FONTS.ui}`;
    ctx.textAlign = "center";
    ctx.fillStyle = colour;
    const tw = ctx.measureText(text).width;
    const x = Math.max(m.padding + tw / 2, Math.min(this.width - m.padding - tw / 2, cx));
    ctx.fillText(text, x, cy);
    const tri = m.labelSize * 0.4;
    ctx.beginPath();
    ctx.moveTo(cx - tri, cy + m.labelSize * 0.7);
    ctx.lineTo(cx + tri, cy + m.labelSize * 0.7);
    ctx.lineTo(cx, cy + m.labelSize * 0.7 + tri);
    ctx.closePath();
    ctx.fill();
    ctx.restore();
  }

  /** The tween of one merge: the chosen pair slides together, the cells after it close the gap. */
  drawSlide(ctx, scene, geo, m, c, u) {
    const { from, to } = scene;
    const a = this.rectsFor(from, geo, m);
    const b = this.rectsFor(to, geo, m);
    const p = from.chosen;
    const greedy = scene.mode === "greedy";
    from.cells.forEach((cell, i) => {
      let target;
      if (i < p) target = b[i];
      else if (i === p) target = { ...b[p], w: a[p].w };
      else if (i === p + 1) target = { ...b[p], x: b[p].x + a[p].w, w: a[p + 1].w };
      else target = b[i - 1];
      const inPair = i === p || i === p + 1;
      this.drawCell(ctx, lerpRect(a[i], target, u), cell, m, c, scene, {
        chosen: inPair ? (greedy ? c.wrongLine : c.accent) : null,
        hatch: inPair ? (greedy ? c.wrongFill : c.accentHatch) : null,
        fresh: false,
        hover: false,
        emphasise: false,
      });
    });
  }

  /** The table lookup: each final token is matched with its row (token -> id) in the r50k table. */
  drawLookup(ctx, scene, frame, rects, geo, m, c, lookupT) {
    const top = geo.lookupTop;
    ctx.save();
    ctx.textAlign = "left";
    ctx.font = `600 ${m.labelSize}px ${FONTS.ui}`;
    ctx.fillStyle = c.muted;
    ctx.fillText(scene.labels.table, geo.tableX, top + geo.headH * 0.4);
    ctx.strokeStyle = c.line;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(geo.tableX, top + geo.headH * 0.85);
    ctx.lineTo(geo.tableX + geo.tableW, top + geo.headH * 0.85);
    ctx.stroke();
    const rowsTop = top + geo.headH;
    const rows = lookupRows(frame.tokens, frame.ids);
    const sep = Math.round(m.lookupRowHeight * 0.5);
    const idW = Math.round(m.glyphSize * 0.62 * 6 + 16);
    if (!frame.final || lookupT <= 0) {
      // Before the last merge: empty rows wait for the final tokens.
      ctx.setLineDash([4, 4]);
      ctx.strokeStyle = c.line;
      ctx.lineWidth = 1;
      rows.forEach((row, r) => {
        roundRect(ctx, geo.tableX, rowsTop + sep + r * (m.lookupRowHeight + sep), geo.tableW, m.lookupRowHeight, 6);
        ctx.stroke();
      });
      ctx.setLineDash([]);
      ctx.font = `${m.labelSize}px ${FONTS.ui}`;
      ctx.fillStyle = c.faint;
      ctx.textAlign = "center";
      ctx.fillText(scene.labels.pending, geo.tableX + geo.tableW / 2, rowsTop + sep + m.lookupRowHeight / 2);
      ctx.restore();
      return;
    }
    ctx.globalAlpha = lookupT;
    rows.forEach((row, r) => {
      const y = rowsTop + sep + r * (m.lookupRowHeight + sep);
      const slide = (1 - lookupT) * 24;
      const x = geo.tableX + slide;
      ctx.fillStyle = c.faint;
      ctx.textAlign = "center";
      ctx.font = `${m.labelSize}px ${FONTS.ui}`;
      ctx.fillText("⋮", x + idW / 2, y - sep / 2);
      roundRect(ctx, x, y, geo.tableW, m.lookupRowHeight, 6);
      ctx.fillStyle = c.lookupFill;
      ctx.fill();
      ctx.strokeStyle = c.accent;
      ctx.lineWidth = m.line;
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(x + idW, y + 4);
      ctx.lineTo(x + idW, y + m.lookupRowHeight - 4);
      ctx.strokeStyle = c.line;
      ctx.stroke();
      ctx.fillStyle = c.ink;
      ctx.textAlign = "right";
      ctx.font = `700 ${Math.round(m.glyphSize * 0.85)}px ${FONTS.mono}`;
      ctx.fillText(String(row.id), x + idW - 10, y + m.lookupRowHeight / 2);
      ctx.textAlign = "left";
      ctx.font = `500 ${Math.round(m.glyphSize * 0.85)}px ${FONTS.mono}`;
      fitTextLeft(ctx, row.token, x + idW + 12, y + m.lookupRowHeight / 2, geo.tableW - idW - 20);
    });
    // Connectors, routed around the table: down from the cell, left to a gutter, down, into the row.
    const rowY = new Map();
    rows.forEach((row, r) => rowY.set(row.id, rowsTop + sep + r * (m.lookupRowHeight + sep) + m.lookupRowHeight / 2));
    const n = frame.cells.length;
    frame.cells.forEach((cell, k) => {
      const rc = rects[k];
      const ey = rowY.get(frame.ids[k]);
      if (!rc || ey === undefined || k >= 16) return;
      const slide = (1 - lookupT) * 24;
      const sx = rc.x + rc.w / 2;
      const sy = rc.y + rc.h + 3;
      const busY = geo.cellsBottom + 10 + k * geo.laneStep;
      const gx = geo.tableX + slide - 10 - (Math.min(n, 16) - 1 - k) * geo.laneStep;
      const ex = geo.tableX + slide - 2;
      ctx.beginPath();
      ctx.moveTo(sx, sy);
      ctx.lineTo(sx, busY);
      ctx.lineTo(gx, busY);
      ctx.lineTo(gx, ey);
      ctx.lineTo(ex - 6, ey);
      ctx.strokeStyle = c.accent;
      ctx.lineWidth = m.line * 1.1;
      ctx.lineJoin = "round";
      ctx.setLineDash([5, 4]);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.beginPath();
      ctx.moveTo(ex, ey);
      ctx.lineTo(ex - 8, ey - 5);
      ctx.lineTo(ex - 8, ey + 5);
      ctx.closePath();
      ctx.fillStyle = c.accent;
      ctx.fill();
      ctx.beginPath();
      ctx.arc(sx, sy, 2.5, 0, Math.PI * 2);
      ctx.fill();
    });
    const lastY = rowsTop + sep + rows.length * (m.lookupRowHeight + sep);
    ctx.fillStyle = c.faint;
    ctx.textAlign = "center";
    ctx.font = `${m.labelSize}px ${FONTS.ui}`;
    ctx.fillText("⋮", geo.tableX + idW / 2, lastY - sep / 2);
    ctx.restore();
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
    const left = Math.max(4, Math.min(this.width - tipW - 4, r.x + r.w / 2 - tipW / 2));
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

function roundRect(ctx, x, y, w, h, r) {
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
function fitText(ctx, text, cx, cy, maxW, size, font) {
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

function fitTextLeft(ctx, text, x, cy, maxW) {
  let shown = text;
  if (ctx.measureText(shown).width > maxW) {
    const chars = [...text];
    while (chars.length > 1 && ctx.measureText(`${chars.join("")}…`).width > maxW) chars.pop();
    shown = `${chars.join("")}…`;
  }
  ctx.fillText(shown, x, cy);
}
