// The train lesson's lists, built from frames (frames.mjs): the pair table, the corpus rows, the merge
// list, the vocabulary chips and the example's tokens. Each function returns elements and touches
// nothing else; the view (view.mjs) puts them in place. Symbols are drawn by glyphs.mjs (visibleSymbol),
// user text goes in through el(), so as textContent.

import { el } from "../../ui/dom.mjs";
import { tokenChip } from "../../ui/lessonkit.mjs";
import { visibleSymbol } from "../../glyphs.mjs";
import { samePair } from "./frames.mjs";
import { pairNote } from "./words.mjs";

const TRY_SHOWN = 300;   // words (or pieces) of the example drawn

function sym(text, className = "sym") {
  return el("span", { className }, visibleSymbol(text));
}

/**
 * Arrow keys, Home and End inside a group of `buttons` move the focus and the group's one tab stop
 * among them; the page's own keys (the steps) do not see them.
 */
function rovingKeys(event, buttons) {
  const at = buttons.indexOf(document.activeElement);
  if (at < 0) return;
  const moves = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1, Home: 0, End: buttons.length - 1 };
  if (!Object.hasOwn(moves, event.key)) return;
  event.preventDefault();
  event.stopPropagation();
  const k = Math.max(0, Math.min(buttons.length - 1, moves[event.key]));
  buttons.forEach((button, i) => button.setAttribute("tabindex", i === k ? "0" : "-1"));
  buttons[k].focus();
}

/** A pair drawn as "left , right". */
function pairLabel(pair) {
  return el("span", { className: "lk-pair" }, sym(pair[0]), el("span", { className: "op" }, ","), sym(pair[1]));
}

/** A sortable column header; `sort` is the shown order, `onSort(kind)` asks for another. */
function sortHeader(t, kind, key, sort, onSort) {
  const ariaSort = sort === kind ? (kind === "count" ? "descending" : "ascending") : "none";
  const arrow = sort === kind ? (kind === "count" ? " ▼" : " ▲") : " ↕";
  return el("th", { attrs: { scope: "col", "aria-sort": ariaSort } },
    el("button", { className: "lk-sort", testid: `sort-${kind}`, attrs: { type: "button" }, on: { click: () => onSort(kind) } },
      t(key), el("span", { attrs: { "aria-hidden": "true" } }, arrow)));
}

/**
 * The pair table's head and rows for `table` (frames.mjs pairRows). `point(pair)` is called when a pair
 * is pointed at (hover, focus; null when left), `toggle(pair)` when it is clicked; `hover` is the pair
 * pointed at now. Returns {head, body, buttons: [[pair, button]]}. With `pick` (a pending guess, the
 * table's counts hidden) each row's button is a choice instead: data-testid "pair-choice", one tab stop
 * for the group (arrow keys, Home and End move: rovingKeys), and a click calls pick(pair).
 */
export function pairTable(t, trace, table, { sort, onSort, hover, point, toggle, pick = null }) {
  const head = pick
    ? el("tr", {}, ...["train.colPair", "train.colCount", "train.colNote"].map((key) => el("th", { attrs: { scope: "col" } }, t(key))))
    : el("tr", {},
      sortHeader(t, "pair", "train.colPair", sort, onSort),
      sortHeader(t, "count", "train.colCount", sort, onSort),
      el("th", { attrs: { scope: "col" } }, t("train.colNote")));
  const buttons = [];
  const body = table.rows.map((p, i) => {
    const on = {
      mouseenter: () => point(p.pair),
      mouseleave: () => point(null),
      focus: () => point(p.pair),
      blur: () => point(null),
      click: () => (pick ? pick(p.pair) : toggle(p.pair)),
    };
    const button = pick
      ? el("button", {
        className: "lk-pair-button predict-choice", testid: "pair-choice",
        attrs: { type: "button", tabindex: i === 0 ? 0 : -1, "aria-describedby": "predict-question" },
        data: { left: p.pair[0], right: p.pair[1] }, on,
      }, pairLabel(p.pair))
      : el("button", { className: "lk-pair-button", attrs: { type: "button", "aria-pressed": String(samePair(hover, p.pair)) }, on }, pairLabel(p.pair));
    button.setAttribute("aria-label", pick
      ? t("predict.train.choice", { left: visibleSymbol(p.pair[0]), right: visibleSymbol(p.pair[1]) })
      : t("train.pairLabel", { left: p.pair[0], right: p.pair[1], count: p.count }));
    buttons.push([p.pair, button]);
    if (pick) {
      return el("tr", { testid: "pair-row", data: { left: p.pair[0], right: p.pair[1], count: "" } },
        el("td", {}, button),
        el("td", { className: "lk-num lk-hidden-count" }, t("predict.encode.hidden")),
        el("td", { className: "lk-note" }));
    }
    return el("tr", {
      className: `${p.chosen ? "chosen" : ""}${p.tied ? " tied" : ""}`, testid: "pair-row",
      data: { left: p.pair[0], right: p.pair[1], count: p.count, chosen: p.chosen, tied: p.tied },
    },
    el("td", {}, button),
    el("td", { className: "lk-num" }, String(p.count)),
    el("td", { className: "lk-note" }, pairNote(t, trace, p)));
  });
  const tbody = el("tbody", {}, ...body);
  if (pick) tbody.addEventListener("keydown", (event) => rovingKeys(event, buttons.map(([, button]) => button)));
  return { head: el("thead", {}, head), body: tbody, buttons };
}

/** Corpus rows (frames.mjs corpusRows): marked symbols get class `cls` ("hit" or "fresh"). */
export function corpusItems(t, listed, cls) {
  const out = listed.rows.map((row) => el("li", { className: "lk-corpus-row", testid: "corpus-row", data: { symbols: JSON.stringify(row.symbols) } },
    el("span", { className: "lk-syms" }, ...row.symbols.map((s, i) => sym(s,
      `lk-sym${row.marked.has(i) ? ` ${cls}` : ""}${row.hovered.has(i) ? " hover" : ""}`))),
    row.count > 1 ? el("span", { className: "lk-times" }, `×${row.count}`) : null));
  if (listed.hidden > 0) out.push(el("li", { className: "fine" }, t("train.moreRows", { n: listed.hidden })));
  return out;
}

/** The merge list up to step k; `goTo(k)` steps there. Returns {items, current} (the k-th entry's item). */
export function mergeItems(t, { first, steps: merges }, k, goTo) {
  let current = null;
  const items = merges.map((s, j) => {
    const i = first + j;
    const item = el("li", {},
      el("button", {
        className: "log-entry done", testid: "merge-entry",
        attrs: { type: "button", "aria-current": i + 1 === k ? "step" : "false" },
        data: { left: s.pair[0], right: s.pair[1], merged: s.merged },
        on: { click: () => goTo(i + 1) },
      },
      el("span", { className: "log-num" }, String(i + 1)),
      el("span", { className: "log-merge" },
        sym(s.pair[0]), el("span", { className: "op" }, "+"),
        sym(s.pair[1]), el("span", { className: "op" }, "→"),
        sym(s.merged, "sym merged")),
      el("span", { className: "log-rank" }, t("train.count", { count: s.count }))));
    if (i + 1 === k) current = item;
    return item;
  });
  if (items.length === 0) items.push(el("li", { className: "log-empty" }, t("train.noMerges")));
  return { items, current };
}

/** The vocabulary chips (frames.mjs vocabulary): the special entries, the base, then the learned tokens, the newest marked. */
export function vocabChips(t, trace, vocab) {
  const chips = vocab.special.map((s) => tokenChip(s, null, { tone: 2, testid: "vocab-special", className: "base special", title: t("train.specialTitle") }));
  if (vocab.base === null) {
    chips.push(el("span", { className: "lk-chip lk-base-note" }, t("train.byteBase", { n: trace.base_vocab.length })));
  } else {
    for (const s of vocab.base) chips.push(tokenChip(s, null, { tone: 3, testid: "vocab-base", className: "base" }));
  }
  vocab.learned.forEach((tok, i, all) => chips.push(tokenChip(tok, null, {
    tone: 0, testid: "vocab-learned", className: i === all.length - 1 && vocab.newest ? "newest" : "learned",
  })));
  return chips;
}

/** The example cut by the trained tokenizer: {summary, items}; `tried` is the session's {kind, result}. */
export function tryItems(t, tried) {
  const r = tried.result;
  const arrow = () => el("span", { className: "op", attrs: { "aria-hidden": "true" } }, "→");
  if (tried.kind === "bytes") {
    return {
      summary: t("train.trySummaryBytes", { n: r.n_ids, pieces: r.n_pieces }),
      items: r.pieces.slice(0, TRY_SHOWN).map((p) => el("li", { className: "lk-try-word", testid: "try-word" },
        sym(p.text, "lk-try-src"), arrow(),
        el("span", { className: "lk-chips" }, ...p.tokens.map((tok, i) => tokenChip(tok, p.ids[i], { tone: i, testid: "try-token" }))))),
    };
  }
  return {
    summary: t("train.trySummary", { n: r.n_tokens, unknown: r.n_unknown }),
    items: r.words.slice(0, TRY_SHOWN).map((w) => {
      const bad = new Set(w.unknown);
      const used = w.steps.map(([left, right]) => `${left}+${right}`).join(", ");
      return el("li", { className: "lk-try-word", testid: "try-word", data: { word: w.word } },
        sym(w.word, "lk-try-src"), arrow(),
        el("span", { className: "lk-chips" }, ...w.tokens.map((tok, i) => tokenChip(tok, null, { tone: i, testid: "try-token", className: bad.has(tok) ? "unknown" : "" }))),
        el("span", { className: "fine lk-try-steps" }, w.steps.length ? t("train.tryUsed", { merges: used }) : t("train.tryNone")));
    }),
  };
}
