// Layout of merge cells: pure geometry in CSS pixels, no DOM.
//
// A cell is `bytes * unit` wide, so a merged token is wider in proportion to its byte count. The unit is
// chosen once per piece (from its byte count) so cells keep their size while they merge; when the row
// is too narrow even at the smallest unit, cells wrap onto more rows.

/** Width of one byte for a piece of `byteCount` bytes in `avail` pixels. */
export function unitFor(byteCount, avail, m) {
  if (byteCount <= 0) return m.unitMax;
  const fit = (avail - (byteCount - 1) * m.gap) / byteCount;
  return Math.max(m.unitMin, Math.min(m.unitMax, Math.floor(fit)));
}

/** Height of one row of cells: tag line above, the cells, two lanes of pair labels, spacing. */
export function rowPitch(m) {
  return tagHeight(m) + m.cellHeight + 2 * m.laneHeight + m.rowGap;
}

export function tagHeight(m) {
  return Math.round(m.labelSize * 1.9);
}

/**
 * Rectangles for cells of the given byte widths.
 *
 *     layoutCells([1, 4, 7], 30, 400, m)  ->  {rects: [{x, y, w, h, row}, ...], rows: 1, width}
 *
 * `origin` shifts the whole block (used to centre a piece that fits on one row).
 */
export function layoutCells(byteWidths, unit, avail, m, origin = 0) {
  const rects = [];
  let x = 0;
  let row = 0;
  let width = 0;
  for (const bytes of byteWidths) {
    const w = Math.min(bytes * unit, avail);
    if (x > 0 && x + w > avail) {
      row += 1;
      x = 0;
    }
    rects.push({
      x: m.padding + origin + x,
      y: m.padding + row * rowPitch(m) + tagHeight(m),
      w,
      h: m.cellHeight,
      row,
    });
    x += w + m.gap;
    width = Math.max(width, x - m.gap);
  }
  return { rects, rows: byteWidths.length ? row + 1 : 1, width };
}

/** The left offset that centres a piece whose first frame fits on one row (0 when it wraps). */
export function centreOffset(byteCount, unit, avail, m) {
  const width = byteCount * unit + Math.max(0, byteCount - 1) * m.gap;
  return width <= avail ? Math.floor((avail - width) / 2) : 0;
}

export function lerp(a, b, t) {
  return a + (b - a) * t;
}

export function lerpRect(a, b, t) {
  return { x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t), w: lerp(a.w, b.w, t), h: lerp(a.h, b.h, t), row: b.row };
}

/** Smooth ease in and out on [0, 1]. */
export function ease(t) {
  const u = Math.max(0, Math.min(1, t));
  return u * u * (3 - 2 * u);
}

export function clamp01(t) {
  return Math.max(0, Math.min(1, t));
}
