// A WordPiece table's stage (issue 38), drawn as page elements on the family stage (familyView.mjs): the
// word's characters across the top, one row per try below them (the piece tried spans the characters
// it covers, ✓ found or ✗ not), and the pieces taken so far, or at the end the tokens, or the one [UNK]
// with why. It draws what wordpiece.mjs makes of the engine's trace; every text goes in with textContent.
//
// Test hooks: wordpiece (data-step, data-total, data-word), wordpiece-try (data-piece, data-found,
// data-start, data-end, data-id when found, data-current), wordpiece-token (data-piece, data-id),
// wordpiece-unk (data-reason, data-at).

import { el } from "../../ui/dom.mjs";
import { visibleSymbol } from "../../glyphs.mjs";
import { wordpieceFrame } from "./wordpiece.mjs";
import "./wordpieceStrings.mjs";

const place = (node, from, to, row) => {
  node.style.gridColumn = `${from + 1} / ${to + 1}`;
  node.style.gridRow = String(row);
  return node;
};

/** The stage's parts for frame `step` of a WordPiece trace. */
export function wordpieceParts(t, trace, step) {
  const f = wordpieceFrame(trace, step);
  const word = visibleSymbol(f.word);
  const n = f.chars.length;
  const grid = el("div", {
    className: `wp-grid${f.final ? " final" : ""}`, testid: "wordpiece",
    attrs: { role: "list", "aria-label": t("family.wp.label", { word, n: f.step }) },
    data: { step: f.step, total: f.total, word: f.word },
  });
  grid.style.gridTemplateColumns = `repeat(${Math.max(1, n)}, minmax(2.6em, 1fr))`;
  const at = f.next ? f.next.start : -1;
  f.chars.forEach((ch, i) => {
    const head = el("span", { className: `wp-char${i === at ? " current" : ""}${i < f.covered ? " covered" : ""}`, attrs: { "aria-hidden": "true" } }, visibleSymbol(ch));
    grid.append(place(head, i, i + 1, 1));
  });
  f.tries.forEach((a, i) => {
    const piece = visibleSymbol(a.piece);
    const label = t(a.found ? "family.wp.try" : "family.wp.tryMiss", { n: i + 1, piece, from: a.start + 1, to: a.end, id: a.id });
    const node = el("span", {
      className: `wp-try ${a.found ? "found" : "miss"}${a.current ? " current" : ""}`, testid: "wordpiece-try",
      attrs: { role: "listitem", "aria-label": label, title: label },
      data: { piece: a.piece, found: a.found, start: a.start, end: a.end, current: a.current, ...(a.found ? { id: a.id } : {}) },
    }, el("span", { className: "wp-piece" }, piece), el("span", { className: "wp-mark", attrs: { "aria-hidden": "true" } }, a.found ? `✓ ${a.id}` : "✗"));
    grid.append(place(node, a.start, a.end, i + 2));
  });
  const labelRow = f.tries.length + 2;
  grid.append(place(el("span", { className: "wp-row-label", attrs: { "aria-hidden": "true" } }, t(f.final ? "family.wp.tokensRow" : "family.wp.takenRow")), 0, Math.max(1, n), labelRow));
  if (f.final && f.unk) {
    const reason = f.unk === "too_long" ? t("family.wp.unkLong", { max: f.maxChars }) : t("family.wp.unkTag", { at: f.unkAt + 1 });
    const token = f.tokens[0];
    grid.append(place(el("span", {
      className: "wp-token unk", testid: "wordpiece-unk",
      attrs: { role: "listitem", "aria-label": `${token.piece} ${token.id}: ${reason}` },
      data: { piece: token.piece, id: token.id, reason: f.unk, ...(f.unkAt !== null ? { at: f.unkAt } : {}) },
    }, el("span", { className: "wp-piece" }, `${token.piece} · ${token.id}`), el("span", { className: "wp-mark" }, reason)), 0, Math.max(1, n), labelRow + 1));
  } else {
    for (const p of f.final ? f.tokens : f.taken) {
      grid.append(place(el("span", {
        className: "wp-token", testid: "wordpiece-token", attrs: { role: "listitem", "aria-label": `${visibleSymbol(p.piece)} ${p.id}` },
        data: { piece: p.piece, id: p.id },
      }, el("span", { className: "wp-piece" }, visibleSymbol(p.piece)), el("span", { className: "wp-mark", attrs: { "aria-hidden": "true" } }, String(p.id))), p.start, p.end, labelRow + 1));
    }
  }
  const parts = [el("div", { className: "wp-scroll", attrs: { tabindex: "0", role: "region", "aria-label": t("family.wp.label", { word, n: f.step }) } }, grid)];
  if (f.step === 0 && f.total > 0) parts.push(el("p", { className: "fam-none" }, t("family.wp.noTries")));
  return parts;
}

/** After the stage is drawn: its box scrolled (not the page) so that the try just made is in view. */
export function showCurrentTry(stage) {
  const box = stage.querySelector(".wp-scroll");
  const current = box && box.querySelector(".wp-try.current");
  if (!current) return;
  // The box is positioned: its tries' offsets are from its corner.
  const top = current.offsetTop;
  if (box.scrollHeight > box.clientHeight && (top < box.scrollTop || top + current.offsetHeight > box.scrollTop + box.clientHeight)) {
    box.scrollTop = Math.max(0, top - box.clientHeight / 2);
  }
  const left = current.offsetLeft;
  const width = Math.min(current.offsetWidth, box.clientWidth);
  if (box.scrollWidth > box.clientWidth && (left < box.scrollLeft || left + width > box.scrollLeft + box.clientWidth)) {
    box.scrollLeft = Math.max(0, left + width - box.clientWidth);
  }
}
