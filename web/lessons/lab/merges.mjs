// A passed bpe() beside GPT-2's own merges: the symbol list after each merge, the student's (what their
// code's variables held, toklab_lab/steps.py) and the engine's (trace_piece), one row per step, with
// whether the two agree. Rows appear one by one; every frame is a function of the step index. At most
// ROWS_DRAWN rows and SYMBOLS_DRAWN symbols a cell are drawn, and an answer that is not the piece's
// symbols (badStep) is not drawn at all.
//
//     const rows = compareSteps({symbols, steps}, {symbols, steps});   // steps: list of symbol lists
//     view.show(rows, upTo)                                             // rows 0..upTo drawn

import { el, Bindings } from "../../ui/dom.mjs";

export const STEP_MS = 450; // between two rows appearing (all at once under reduced motion)
export const ROWS_DRAWN = 100; // steps drawn at most (a piece of 1,024 bytes may have a thousand)
export const SYMBOLS_DRAWN = 64; // symbols drawn at most in one cell, then "… n more"

const sameList = (a, b) => Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((s, i) => s === b[i]);

/**
 * One row per step, the start first: {step, yours, real, agree}; a side with fewer steps shows null.
 *     compareSteps({symbols: ["a", "b"], steps: [["ab"]]}, {symbols: ["a", "b"], steps: []})
 *       -> [{step: 0, yours: ["a", "b"], real: ["a", "b"], agree: true}, {step: 1, yours: ["ab"], real: null, agree: false}]
 */
export function compareSteps(yours, real) {
  const a = [yours.symbols, ...yours.steps];
  const b = [real.symbols, ...real.steps];
  return Array.from({ length: Math.max(a.length, b.length) }, (_, step) => {
    const mine = step < a.length ? a[step] : null;
    const theirs = step < b.length ? b[step] : null;
    return { step, yours: mine, real: theirs, agree: sameList(mine, theirs) };
  });
}

/**
 * The first step of `yours` (the lab worker's answer, which student code could shape as it likes) that is
 * not the piece's symbols, or -1 when every one is: each step a list of non-empty strings that join to
 * what `start` (the engine's first symbol list) joins to, with fewer symbols than the step before. So an
 * answer the page draws has at most as many steps, and symbols in a step, as the piece has bytes.
 *     badStep({symbols: ["a", "b"], steps: [["ab"]]}, ["a", "b"]) -> -1
 *     badStep({symbols: ["a", "", "b"], steps: []}, ["a", "b"]) -> 0
 */
export function badStep(yours, start) {
  const piece = start.join("");
  const lists = Array.isArray(yours.steps) ? [yours.symbols, ...yours.steps] : [null];
  let before = Infinity;
  for (const [step, list] of lists.entries()) {
    const fine = Array.isArray(list) && list.length < before && list.length <= piece.length
      && list.every((symbol) => typeof symbol === "string" && symbol !== "") && list.join("") === piece;
    if (!fine) return step;
    before = list.length;
  }
  return -1;
}

function symbolList(symbols, testid, t) {
  if (symbols === null) return el("span", { className: "lab-merge-none", testid }, "—");
  const more = symbols.length - SYMBOLS_DRAWN;
  return el("span", { className: "lab-merge-symbols", testid },
    ...symbols.slice(0, SYMBOLS_DRAWN).map((s) => el("code", { className: "lab-merge-symbol" }, s)),
    ...(more > 0 ? [el("span", { className: "lab-merge-more" }, t("lab.merges.more", { n: more }))] : []));
}

export class MergeCompare {
  constructor(t) {
    this.t = t;
    this.b = new Bindings();
    this.state = { kind: "hidden" };
    this.summary = el("p", { className: "lab-merge-summary", testid: "lab-animation-summary", attrs: { role: "status" } });
    this.head = el("tr", {},
      this.b.text(el("th", { attrs: { scope: "col" } }), "lab.merges.step"),
      this.b.text(el("th", { attrs: { scope: "col" } }), "lab.merges.yours"),
      this.b.text(el("th", { attrs: { scope: "col" } }), "lab.merges.real"),
      this.b.text(el("th", { attrs: { scope: "col" } }), "lab.merges.agree"));
    this.body = el("tbody");
    this.table = el("table", { className: "lab-merge-table" }, el("thead", {}, this.head), this.body);
    this.title = el("h3", { className: "lab-h3" });
    this.node = el("section", { className: "lab-merges", testid: "lab-animation", attrs: { "aria-label": "" } },
      this.title, this.summary, el("div", { className: "lab-merge-scroll" }, this.table));
    this.node.hidden = true;
    this.b.apply(t);
  }

  hide() {
    this.state = { kind: "hidden" };
    this.render();
  }

  /** "loading" (both sides asked), "error" {message}, "unseen", or "rows" {piece, rows, upTo}. */
  show(state) {
    this.state = state;
    this.render();
  }

  render() {
    const t = this.t;
    const s = this.state;
    this.node.hidden = s.kind === "hidden";
    this.node.dataset.state = s.kind;
    if (s.kind === "hidden") return;
    this.title.textContent = t("lab.merges.title", { piece: s.piece ?? "" });
    this.node.setAttribute("aria-label", this.title.textContent);
    this.table.hidden = s.kind !== "rows";
    if (s.kind !== "rows") {
      this.summary.textContent = s.kind === "error" ? t("lab.merges.error", { message: s.message }) : t(`lab.merges.${s.kind}`);
      this.body.replaceChildren();
      return;
    }
    const shown = s.rows.slice(0, Math.min(s.upTo + 1, ROWS_DRAWN));
    this.body.replaceChildren(...shown.map((row) => el("tr", {
      className: row.agree ? "agree" : "differ", testid: "lab-animation-step", data: { step: row.step, agree: row.agree },
    },
    el("th", { attrs: { scope: "row" } }, row.step === 0 ? t("lab.merges.start") : String(row.step)),
    el("td", {}, symbolList(row.yours, "lab-step-yours", t)),
    el("td", {}, symbolList(row.real, "lab-step-real", t)),
    el("td", { className: "lab-merge-mark" }, row.agree ? `✓ ${t("lab.merges.same")}` : `✗ ${t("lab.merges.differs")}`))));
    const done = s.upTo >= s.rows.length - 1;
    const first = s.rows.find((row) => !row.agree);
    const lastOf = (side) => s.rows.map((row) => row[side]).filter((list) => list !== null).at(-1);
    const sameEnd = first && sameList(lastOf("yours"), lastOf("real"));
    this.summary.textContent = !done ? t("lab.merges.playing", { n: s.upTo, total: s.rows.length - 1 })
      : first ? t(sameEnd ? "lab.merges.firstDiffSameEnd" : "lab.merges.firstDiff", { step: first.step })
        : t("lab.merges.allSame", { n: s.rows.length - 1 });
    if (s.rows.length > ROWS_DRAWN) {
      this.summary.textContent += ` ${t("lab.merges.moreSteps", { shown: ROWS_DRAWN, total: s.rows.length })}`;
    }
    this.node.dataset.done = String(done);
  }

  relabel(t) {
    this.t = t;
    this.b.apply(t);
    this.render();
  }
}
