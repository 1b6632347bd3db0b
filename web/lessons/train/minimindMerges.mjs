// The "Train like MiniMind" mode's merges list: the first and the last merges, or those a search finds.
// Each token is shown as a reader sees it (its characters, whitespace visible; part of a character as its
// bytes, dashed: ui/tokenFace.mjs), with GPT-2's printable byte form, the file's own spelling, beneath.
// The texts and bytes are the engine's (train_hf's merge_texts and merge_hex): the page decodes nothing.
//
//   const list = new MergesList({ b, t });  card.append(...list.nodes);  list.show(result);  list.render()

import { el } from "../../ui/dom.mjs";
import { tokenFace } from "../../ui/tokenFace.mjs";
import { visibleSymbol } from "../../glyphs.mjs";
import { grouped } from "./minimindCorpus.mjs";

const ENDS_SHOWN = 10; // merges listed at each end of the list
const FOUND_SHOWN = 50; // merges listed that match a search

/**
 * The merges as rows: [rank (1-based), [left, right, new token]], each token {byte, text, hex}: `byte`
 * GPT-2's printable form, `text` its characters or null (part of a character), `hex` its bytes.
 */
export function mergeRows({ merges, merge_texts: texts, merge_hex: hexes }) {
  return merges.map(([left, right], i) => [i + 1, [left, right, left + right].map((byte, k) => (
    { byte, text: texts[i][k], hex: hexes[i][k] }))]);
}

/** Whether a token holds `query`: in its characters (a space typed as a space, or as ␣) or its byte form. */
function holds(token, query) {
  if (token.byte.includes(query)) return true;
  return token.text !== null && (token.text.includes(query) || visibleSymbol(token.text).includes(query));
}

/**
 * What the list shows: the first and last ENDS_SHOWN rows (all when there are few), or the first
 * FOUND_SHOWN whose left, right or new token holds `query`, written either way.
 *
 *     mergesShown(rows, "")      -> {items: rows, gap: false, found: rows.length}   (few rows)
 *     mergesShown(rows, "今天")  -> the rows whose tokens' characters hold 今天
 *     mergesShown(rows, "Ġthe")  -> the rows whose tokens' byte form holds Ġthe (" the")
 */
export function mergesShown(rows, query) {
  if (query) {
    const found = rows.filter(([, tokens]) => tokens.some((token) => holds(token, query)));
    return { items: found.slice(0, FOUND_SHOWN), gap: false, found: found.length };
  }
  if (rows.length <= 2 * ENDS_SHOWN) return { items: rows, gap: false, found: rows.length };
  return { items: [...rows.slice(0, ENDS_SHOWN), ...rows.slice(-ENDS_SHOWN)], gap: true, found: rows.length };
}

/** One token: its face (characters, or bytes dashed), GPT-2's byte form beneath. */
function tokenNode(token, tone, partTitle) {
  const face = tokenFace(token.text, token.hex);
  const chip = el("span", {
    className: `lk-chip tone-${tone}${face.whole ? "" : " lk-chip-part"}`, testid: "mm-token", data: { byte: token.byte },
  },
  el("span", { className: face.whole ? "lk-chip-text" : "lk-chip-token", testid: "mm-token-text" }, face.label),
  el("span", { className: "lk-chip-caption lk-chip-printable", testid: "mm-token-byte" }, visibleSymbol(token.byte)));
  if (!face.whole) chip.title = partTitle;
  return chip;
}

export class MergesList {
  constructor({ b, t }) {
    this.t = t;
    this.rows = [];
    this.search = "";
    const r = (this.r = {});
    r.search = el("input", {
      id: "mm-search", className: "text-input mm-search", testid: "merge-search",
      attrs: { type: "search", autocomplete: "off", spellcheck: "false" },
      on: { input: () => {
        this.search = r.search.value;
        this.render();
      } },
    });
    r.note = el("p", { className: "fine", testid: "merge-note" });
    r.list = el("ol", { className: "log lk-merges mm-merges", testid: "mm-merges" });
    this.nodes = [
      b.text(el("h3", { className: "log-title" }), "mm.mergesTitle"),
      b.text(el("label", { className: "field-label", attrs: { for: "mm-search" } }), "mm.searchLabel"),
      r.search, r.note, r.list,
    ];
  }

  /** A new training's answer: its merges, the search emptied. */
  show(result) {
    this.rows = result ? mergeRows(result) : [];
    this.search = "";
    this.r.search.value = "";
    this.render();
  }

  render() {
    const { r, t } = this;
    r.list.replaceChildren();
    const shown = mergesShown(this.rows, this.search);
    const n = grouped(this.rows.length);
    if (this.search) {
      r.note.textContent = shown.found
        ? t("mm.mergesFound", { found: grouped(shown.found), query: this.search, shown: grouped(shown.items.length) })
        : t("mm.mergesNone", { query: this.search });
    } else {
      r.note.textContent = shown.gap ? t("mm.mergesFirstLast", { first: ENDS_SHOWN, last: ENDS_SHOWN, n }) : t("mm.mergesAll", { n });
    }
    const partTitle = t("mm.partTitle");
    let previous = 0;
    for (const [rank, [left, right, token]] of shown.items) {
      if (shown.gap && rank !== previous + 1 && previous) r.list.append(el("li", { className: "mm-gap", attrs: { "aria-hidden": "true" } }, "⋯"));
      previous = rank;
      r.list.append(el("li", { className: "mm-merge", testid: "mm-merge", data: { rank } },
        el("span", { className: "mm-rank" }, `${grouped(rank)}.`),
        tokenNode(left, 0, partTitle), el("span", { className: "mm-op" }, "+"), tokenNode(right, 1, partTitle),
        el("span", { className: "mm-op" }, "→"), tokenNode(token, 2, partTitle)));
    }
  }
}
