// Painting the id lookup under the cells: an excerpt of the r50k table (token -> id), one row per
// distinct final id in id order, and the link from every final cell to its row (dashed connectors
// when the piece fits on one row, matching numbered badges when its cells wrap).

import { FONTS } from "../theme.mjs";
import { lookupRows } from "./frames.mjs";
import { roundRect, fitText, fitTextLeft } from "./paint.mjs";

/** At most this many final cells get a connector to their table row. */
export const MAX_LINKS = 16;

/**
 * Where the rows of the table excerpt go: one row per distinct id, sorted by id, in as many columns as
 * fit (five rows or more per column), each column with a gutter for the connectors that enter it.
 */
export function lookupLayout(run, avail, m, laneStep, rowsTop, badges) {
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

/** The table layout `dx` pixels to the right (a scrolling row keeps its table under the visible part). */
export function shiftTable(table, dx) {
  if (!dx) return table;
  const rows = table.rows.map((row) => ({ ...row, x: row.x + dx }));
  return { ...table, rows, byId: new Map(rows.map((row) => [row.id, row])) };
}

/** The table lookup: each final token is matched with its row (token -> id) in the r50k table. */
export function drawLookup(ctx, scene, frame, rects, geo, m, c, lookupT) {
  const top = geo.lookupTop;
  const table = geo.table;
  const left = Math.min(...table.rows.map((r) => r.x));
  const right = Math.max(...table.rows.map((r) => r.x + r.w));
  ctx.save();
  ctx.textAlign = "left";
  ctx.font = `600 ${m.labelSize}px ${FONTS.ui}`;
  ctx.fillStyle = c.muted;
  // The title starts over the table, or further left when it is longer than the room to its right
  // (an open model's title on a phone), a little smaller if need be, and is cut with an ellipsis only
  // when even that is not enough.
  const room = m.padding + geo.avail;
  for (let size = m.labelSize; ctx.measureText(scene.labels.table).width > geo.avail && size > m.labelSize * 0.8;) {
    size -= 1;
    ctx.font = `600 ${size}px ${FONTS.ui}`;
  }
  const labelW = ctx.measureText(scene.labels.table).width;
  const labelX = Math.max(m.padding, Math.min(left, room - labelW));
  fitTextLeft(ctx, scene.labels.table, labelX, top + geo.headH * 0.4, room - labelX);
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
    fitText(ctx, scene.labels.pending, first.x + first.w / 2, first.y + rowH / 2, first.w - 12, m.labelSize,
      `SIZEpx ${FONTS.ui}`);
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
    drawBadges(ctx, frame, rects, table, m, c, slide);
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
function drawBadges(ctx, frame, rects, table, m, c, slide) {
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
