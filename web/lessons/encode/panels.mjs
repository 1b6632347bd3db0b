// The lists the encode lesson rebuilds from engine data: the pieces strip, the merge log and the
// final tokens with the ids of the whole text. Text goes in with textContent (el), never as HTML.

import { LIMITS } from "../../theme.mjs";
import { cpLength } from "../../canvas/frames.mjs";
import { el } from "../../ui/dom.mjs";
import { pieceLabel } from "../../glyphs.mjs";

/**
 * Makes `list`'s children the items for `entries`, in order. An item whose key is unchanged stays as
 * it is: typing into a long text changes a few pieces near the caret, and only their items are made
 * again (a thousand rebuilt buttons would hold up the next keystroke).
 */
function patchList(list, entries, keyOf, make) {
  const old = list.children;
  entries.forEach((entry, i) => {
    const key = keyOf(entry);
    const item = old[i];
    if (item && item.dataset.key === key) return;
    const fresh = make(entry);
    fresh.dataset.key = key;
    if (item) item.replaceWith(fresh);
    else list.append(fresh);
  });
  while (old.length > entries.length) old[old.length - 1].remove();
}

/** The piece buttons, for a new overview (page of pieces) or a new language. */
export function buildStrip(lesson, o, selected) {
  const t = lesson.t;
  const lang = lesson.state.lang;
  lesson.stripFor = o;
  patchList(lesson.strip, o.pieces, (piece) => `${lang}\u0001${piece.index}\u0001${piece.rule}\u0001${piece.text}`, (piece) => {
    const label = pieceLabel(piece.text);
    const button = el("button", {
      className: `piece rule-${piece.rule}`,
      testid: "piece",
      attrs: { type: "button", "aria-pressed": String(piece.index === selected) },
      data: { index: piece.index, rule: piece.rule, text: piece.text, tokens: piece.tokens.length },
      on: { click: () => lesson.selectPiece(piece.index) },
    },
    el("span", { className: "visually-hidden" }, t("stage1.pieceLabel", { n: piece.index + 1 })),
    el("span", { className: "piece-text" }, label),
    el("span", { className: "piece-rule" }, t(`rule.${piece.rule}`)));
    return el("li", {}, button);
  });
  for (const button of lesson.strip.querySelectorAll('[aria-pressed="true"]')) {
    if (button.dataset.index !== String(selected)) button.setAttribute("aria-pressed", "false");
  }
  const item = lesson.strip.children[selected - o.piece_offset];
  if (item) item.firstChild.setAttribute("aria-pressed", "true");
}

export function renderLog(lesson, piece, step) {
  const t = lesson.t;
  const entries = [];
  const start = el("button", {
    className: "log-entry start", testid: "log-entry",
    attrs: { type: "button", "aria-current": step === 0 ? "step" : "false" },
    data: { step: 0 },
    on: { click: () => lesson.stepper.goTo(0) },
  }, el("span", { className: "log-num" }, "0"), el("span", { className: "log-merge" }, t("log.start", { n: piece.bytes.length })));
  entries.push(el("li", {}, start));
  piece.steps.forEach((s, i) => {
    const k = i + 1;
    const button = el("button", {
      className: `log-entry${k <= step ? " done" : " future"}`,
      testid: "log-entry",
      attrs: { type: "button", "aria-current": k === step ? "step" : "false" },
      data: { step: k, merged: s.merged, rank: s.rank, id: s.id },
      on: { click: () => lesson.stepper.goTo(k) },
    },
    el("span", { className: "log-num" }, String(k)),
    el("span", { className: "log-merge" },
      el("span", { className: "sym" }, s.left), el("span", { className: "op" }, "+"),
      el("span", { className: "sym" }, s.right), el("span", { className: "op" }, "→"),
      el("span", { className: "sym merged" }, s.merged)),
    el("span", { className: "log-rank" }, t("log.rank", { rank: s.rank })),
    el("span", { className: "log-id" }, t("log.id", { id: s.id })));
    entries.push(el("li", {}, button));
  });
  if (piece.steps.length === 0) entries.push(el("li", { className: "log-empty" }, t("log.empty")));
  lesson.log.replaceChildren(...entries);
  const current = lesson.log.querySelector('[aria-current="step"]');
  if (current && lesson.log.scrollHeight > lesson.log.clientHeight) {
    const item = current.parentElement;
    const top = item.offsetTop;
    const bottom = top + item.offsetHeight;
    if (top < lesson.log.scrollTop || bottom > lesson.log.scrollTop + lesson.log.clientHeight) {
      lesson.log.scrollTop = Math.max(0, top - (lesson.log.clientHeight - item.offsetHeight) / 2);
    }
  }
}

/** The ids of the whole text as text, and the one-line summary: cheap, drawn first. */
export function renderIds(lesson) {
  const t = lesson.t;
  const o = lesson.overview;
  const ids = o ? o.ids : [];
  lesson.idsText.textContent = ids.join(", ");
  lesson.copyButton.disabled = ids.length === 0;
  if (!o) {
    lesson.summary.textContent = "";
    return;
  }
  const pieces = o.n_pieces === 1 ? t("stage1.count1") : t("stage1.count", { n: o.n_pieces.toLocaleString() });
  const tokens = ids.length === 1 ? t("stage3.tokens1") : t("stage3.tokens", { n: ids.length.toLocaleString() });
  const n = cpLength(o.text);
  const chars = n === 1 ? t("stage3.chars1") : t("stage3.chars", { n: n.toLocaleString() });
  lesson.summary.textContent = t("stage3.summary", { chars, pieces, tokens });
}

/** The final tokens as chips grouped by piece (at most LIMITS.tokenChips of them). */
export function renderChips(lesson) {
  const t = lesson.t;
  const o = lesson.overview;
  const ids = o ? o.ids : [];
  if (!o) {
    lesson.finalTokens.replaceChildren();
    lesson.finalMore.hidden = true;
    return;
  }
  // The pieces whose chips fit under the cap, each with how many of its tokens are shown.
  const groups = [];
  let shown = 0;
  for (const piece of o.pieces) {
    if (shown >= LIMITS.tokenChips) break;
    const n = Math.min(piece.ids.length, LIMITS.tokenChips - shown);
    groups.push({ piece, n });
    shown += n;
  }
  patchList(lesson.finalTokens, groups, ({ piece, n }) => `${piece.index}\u0001${piece.ids.slice(0, n).join(",")}`, ({ piece, n }) => {
    const group = el("li", { className: "token-group", data: { piece: piece.index } });
    for (let i = 0; i < n; i += 1) {
      group.append(el("span", { className: "token-chip", testid: "final-token", data: { id: piece.ids[i], token: piece.tokens[i] } },
        el("span", { className: "chip-token" }, piece.tokens[i]),
        el("span", { className: "chip-id" }, String(piece.ids[i]))));
    }
    return group;
  });
  markSelectedChips(lesson);
  const more = ids.length - shown;
  lesson.finalMore.hidden = more <= 0;
  lesson.finalMore.textContent = more > 0 ? t("stage3.more", { n: more.toLocaleString(), shown: shown.toLocaleString() }) : "";
}

/** Moves the highlight to the selected piece's chip group without rebuilding the chips. */
export function markSelectedChips(lesson) {
  const selected = String(lesson.state.piece);
  for (const group of lesson.finalTokens.querySelectorAll(".token-group.selected")) {
    if (group.dataset.piece !== selected) group.classList.remove("selected");
  }
  const group = lesson.finalTokens.querySelector(`.token-group[data-piece="${selected}"]`);
  if (group) group.classList.add("selected");
}
