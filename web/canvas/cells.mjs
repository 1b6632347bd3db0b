// Painting the cells of one frame: the symbols, the highlighted pair, the rank under every pair, and
// the tween of one merge. Pure drawing functions: data and geometry in, pixels out; `view` is the
// canvas's own state (its width and the hovered cell).

import { FONTS } from "../theme.mjs";
import { tagHeight, lerpRect } from "./layout.mjs";
import { roundRect, fitText } from "./paint.mjs";
import { visibleChar, hexLabel } from "../glyphs.mjs";

/** One static frame: cells, the highlighted pair, the rank under every pair. */
export function drawFrame(ctx, view, scene, frame, rects, m, c, emphasise) {
  const greedy = scene.mode === "greedy";
  const chosenColour = greedy ? c.wrongLine : c.accent;
  const chosenText = greedy ? c.wrong : c.accent;
  frame.cells.forEach((cell, i) => {
    const inChosen = frame.chosen !== null && (i === frame.chosen || i === frame.chosen + 1);
    drawCell(ctx, rects[i], cell, m, c, scene, {
      chosen: inChosen ? chosenColour : null,
      hatch: inChosen ? (greedy ? c.wrongFill : c.accentHatch) : null,
      fresh: frame.fresh === i,
      hover: view.hover === i,
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
    drawTag(ctx, view, cx, a.y - tagHeight(m) / 2 - 2, text, chosenText, m);
  }
  if (frame.pairs) drawPairs(ctx, scene, frame, rects, m, c);
}

function drawCell(ctx, r, cell, m, c, scene, flags) {
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
  fitText(ctx, scene.hex ? hexLabel(cell.bytes) : cell.text, r.x + r.w / 2, glyphY, r.w - 6, m.glyphSize, `500 SIZEpx ${FONTS.mono}`);
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
function drawPairs(ctx, scene, frame, rects, m, c) {
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

function drawTag(ctx, view, cx, cy, text, colour, m) {
  ctx.save();
  ctx.font = `700 ${m.labelSize}px ${FONTS.ui}`;
  ctx.textAlign = "center";
  ctx.fillStyle = colour;
  const tw = ctx.measureText(text).width;
  const x = Math.max(m.padding + tw / 2, Math.min(view.width - m.padding - tw / 2, cx));
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
export function drawSlide(ctx, scene, a, b, m, c, u) {
  const { from } = scene;
  const p = from.chosen;
  const greedy = scene.mode === "greedy";
  from.cells.forEach((cell, i) => {
    let target;
    if (i < p) target = b[i];
    else if (i === p) target = { ...b[p], w: a[p].w };
    else if (i === p + 1) target = { ...b[p], x: b[p].x + a[p].w, w: a[p + 1].w };
    else target = b[i - 1];
    const inPair = i === p || i === p + 1;
    const r = lerpRect(a[i], target, u);
    // The pair hops up as it joins, so the merge reads as a movement even when the gap is small.
    if (inPair) r.y -= Math.sin(u * Math.PI) * m.cellHeight * 0.22;
    drawCell(ctx, r, cell, m, c, scene, {
      chosen: inPair ? (greedy ? c.wrongLine : c.accent) : null,
      hatch: inPair ? (greedy ? c.wrongFill : c.accentHatch) : null,
      fresh: false,
      hover: false,
      emphasise: false,
    });
  });
}
