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

/** At most this many final cells get a connector to their table row. */
const MAX_LINKS = 16;

/**
 * Where the rows of the table excerpt go: one row per distinct id, sorted by id, in as many columns as
 * fit (five rows or more per column), each column with a gutter for the connectors that enter it.
 */
function lookupLayout(run, avail, m, laneStep, rowsTop, badges) {
  const rows = lookupRows(run.tokens, run.ids);
  const n = Math.max(1, rows.length);
  const maxCols = Math.max(1, Math.floor(avail / (m.lookupColMin + 40)));
  const cols = Math.min(maxCols, Math.max(1, Math.ceil(n / 5)));
  const perCol = Math.ceil(n / cols);
  const sep = Math.round(m.lookupRowHeight * 0.35);
  const colOf = new Map(rows.map((row, r) => [row.id, Math.floor(r / perCol)]));
  const linksIn = new Array(cols).fill(0);
  const lanes = new Map();
  (badges ? [] : run.ids.slice(0, MAX_LINKS)).forEach((id, k) => {
    const col = colOf.get(id);
    lanes.set(k, linksIn[col]);
    linksIn[col] += 1;
  });
  const slotW = avail / cols;
  const placed = rows.map((row, r) => {
    const col = Math.floor(r / perCol);
    const gutter = 14 + laneStep * linksIn[col];
    const w = cols === 1
      ? Math.min(avail - gutter, Math.max(240, Math.round(avail * 0.5)), m.lookupColMax)
      : Math.min(Math.floor(slotW - gutter - 10), m.lookupColMax);
    const x = cols === 1
      ? m.padding + Math.max(gutter, Math.floor((avail - w) / 2))
      : Math.round(m.padding + col * slotW + gutter);
    const rowInCol = r % perCol;
    return {
      ...row, col, x, w, rowInCol,
      y: rowsTop + sep + rowInCol * (m.lookupRowHeight + sep),
      last: rowInCol === perCol - 1 || r === rows.length - 1,
    };
  });
  if (placed.length === 0) {
    const w = Math.min(avail, 320);
    placed.push({ id: -1, token: "", cells: [], col: 0, x: m.padding + Math.floor((avail - w) / 2), w, rowInCol: 0, y: rowsTop + sep, last: true });
  }
  return {
    rows: placed,
    byId: new Map(placed.map((row) => [row.id, row])),
    linksIn,
    lanes,
    sep,
    bottom: rowsTop + sep + perCol * (m.lookupRowHeight + sep),
  };
}

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
    // Connectors when the piece fits on one row; numbered badges when its cells wrap.
    const badges = first.rows > 1 || scene.run.ids.length > MAX_LINKS;
    const links = badges ? 0 : scene.run.ids.length;
    const laneStep = Math.max(5, Math.round(m.line * 3));
    const lookupTop = cellsBottom + Math.max(m.lookupGap, 18 + links * laneStep);
    const headH = Math.round(m.labelSize * 2.2);
    const table = lookupLayout(scene.run, avail, m, laneStep, lookupTop + headH, badges);
    return {
      avail, unit, origin, cellsBottom, lookupTop, headH, laneStep, table, badges,
      height: Math.ceil(table.bottom + m.padding),
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
    const table = geo.table;
    const left = Math.min(...table.rows.map((r) => r.x));
    const right = Math.max(...table.rows.map((r) => r.x + r.w));
    ctx.save();
    ctx.textAlign = "left";
    ctx.font = `600 ${m.labelSize}px ${FONTS.ui}`;
    ctx.fillStyle = c.muted;
    ctx.fillText(scene.labels.table, left, top + geo.headH * 0.4);
    ctx.strokeStyle = c.line;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(left, top + geo.headH * 0.85);
    ctx.lineTo(right, top + geo.headH * 0.85);
    ctx.stroke();
    const idW = Math.round(m.glyphSize * 0.55 * 6 + 14);
    const rowH = m.lookupRowHeight;
    if (!frame.final || lookupT <= 0) {
      // Before the last merge: empty rows wait for the final tokens.
      ctx.setLineDash([4, 4]);
      ctx.strokeStyle = c.line;
      for (const row of table.rows) {
        roundRect(ctx, row.x, row.y, row.w, rowH, 6);
        ctx.stroke();
      }
      ctx.setLineDash([]);
      ctx.font = `${m.labelSize}px ${FONTS.ui}`;
      ctx.fillStyle = c.faint;
      ctx.textAlign = "center";
      const first = table.rows[0];
      ctx.fillText(scene.labels.pending, first.x + first.w / 2, first.y + rowH / 2);
      ctx.restore();
      return;
    }
    const slide = (1 - lookupT) * 24;
    ctx.globalAlpha = lookupT;
    for (const row of table.rows) {
      const x = row.x + slide;
      const y = row.y;
      if (row.rowInCol === 0 || row.col !== table.rows[0].col) {
        ctx.fillStyle = c.faint;
        ctx.textAlign = "center";
        ctx.font = `${m.labelSize}px ${FONTS.ui}`;
        if (row.rowInCol === 0) ctx.fillText("⋮", x + idW / 2, y - table.sep / 2);
      }
      roundRect(ctx, x, y, row.w, rowH, 6);
      ctx.fillStyle = c.lookupFill;
      ctx.fill();
      ctx.strokeStyle = c.accent;
      ctx.lineWidth = m.line;
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(x + idW, y + 4);
      ctx.lineTo(x + idW, y + rowH - 4);
      ctx.strokeStyle = c.line;
      ctx.stroke();
      ctx.fillStyle = c.ink;
      ctx.textAlign = "right";
      ctx.font = `700 ${Math.round(m.glyphSize * 0.8)}px ${FONTS.mono}`;
      ctx.fillText(String(row.id), x + idW - 8, y + rowH / 2);
      ctx.textAlign = "left";
      ctx.font = `500 ${Math.round(m.glyphSize * 0.8)}px ${FONTS.mono}`;
      fitTextLeft(ctx, row.token, x + idW + 10, y + rowH / 2, row.w - idW - 16);
      if (row.last) {
        ctx.fillStyle = c.faint;
        ctx.textAlign = "center";
        ctx.font = `${m.labelSize}px ${FONTS.ui}`;
        ctx.fillText("⋮", x + idW / 2, y + rowH + table.sep / 2);
      }
    }
    if (geo.badges) {
      this.drawBadges(ctx, frame, rects, table, m, c, slide);
      ctx.restore();
      return;
    }
    // Connectors, routed around the table: down from the cell, along, down its column's gutter, in.
    frame.cells.forEach((cell, k) => {
      const rc = rects[k];
      const row = table.byId.get(frame.ids[k]);
      if (!rc || !row || k >= MAX_LINKS) return;
      const lane = table.lanes.get(k);
      const sx = rc.x + rc.w / 2;
      const sy = rc.y + rc.h + 3;
      const busY = geo.cellsBottom + 10 + k * geo.laneStep;
      const gx = row.x + slide - 9 - (table.linksIn[row.col] - 1 - lane) * geo.laneStep;
      const ex = row.x + slide - 2;
      const ey = row.y + rowH / 2;
      ctx.beginPath();
      ctx.moveTo(sx, sy);
      ctx.lineTo(sx, busY);
      ctx.lineTo(gx, busY);
      ctx.lineTo(gx, ey);
      ctx.lineTo(ex - 6, ey);
      ctx.strokeStyle = c.accent;
      ctx.lineWidth = Math.max(1, m.line * 0.8);
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
    ctx.restore();
  }

  /** Wrapped pieces: each final cell and its table row carry the same number (1, 2, ...). */
  drawBadges(ctx, frame, rects, table, m, c, slide) {
    const r = Math.max(8, m.labelSize * 0.72);
    const badge = (x, y, n) => {
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      ctx.fillStyle = c.accent;
      ctx.fill();
      ctx.fillStyle = "#ffffff";
      ctx.textAlign = "center";
      ctx.font = `700 ${Math.round(m.labelSize * (n > 9 ? 0.75 : 0.9))}px ${FONTS.ui}`;
      ctx.fillText(String(n), x, y + 0.5);
    };
    frame.cells.forEach((cell, k) => {
      const rc = rects[k];
      if (rc) badge(rc.x + rc.w / 2, rc.y - r - 3, k + 1);
    });
    for (const row of table.rows) {
      const numbers = frame.ids.map((id, k) => (id === row.id ? k + 1 : 0)).filter(Boolean);
      let x = row.x + slide + row.w - r - 6;
      for (const n of numbers.reverse()) {
        if (x < row.x + row.w * 0.55) break;
        badge(x, row.y + m.lookupRowHeight / 2, n);
        x -= 2 * r + 4;
      }
    }
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
