// A passed bpe() beside GPT-2's own merges: the symbol list after each merge, the student's (what their
// code's variables held, toklab_lab/steps.py) and the engine's (trace_piece), one row per step, with
// whether the two agree. Rows appear one by one; every frame is a function of the step index.
//
//     const rows = compareSteps({symbols, steps}, {symbols, steps});   // steps: list of symbol lists
//     view.show(rows, upTo)                                             // rows 0..upTo drawn

import { el, Bindings } from "../../ui/dom.mjs";

export const STEP_MS = 450; // between two rows appearing (all at once under reduced motion)

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

function symbolList(symbols, testid) {
  if (symbols === null) return el("span", { className: "lab-merge-none", testid }, "—");
  return el("span", { className: "lab-merge-symbols", testid },
    ...symbols.map((s) => el("code", { className: "lab-merge-symbol" }, s)));
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
    const shown = s.rows.slice(0, s.upTo + 1);
    this.body.replaceChildren(...shown.map((row) => el("tr", {
      className: row.agree ? "agree" : "differ", testid: "lab-animation-step", data: { step: row.step, agree: row.agree },
    },
    el("th", { attrs: { scope: "row" } }, row.step === 0 ? t("lab.merges.start") : String(row.step)),
    el("td", {}, symbolList(row.yours, "lab-step-yours")),
    el("td", {}, symbolList(row.real, "lab-step-real")),
    el("td", { className: "lab-merge-mark" }, row.agree ? `✓ ${t("lab.merges.same")}` : `✗ ${t("lab.merges.differs")}`))));
    const done = s.upTo >= s.rows.length - 1;
    const first = s.rows.find((row) => !row.agree);
    const lastOf = (side) => s.rows.map((row) => row[side]).filter((list) => list !== null).at(-1);
    const sameEnd = first && sameList(lastOf("yours"), lastOf("real"));
    this.summary.textContent = !done ? t("lab.merges.playing", { n: s.upTo, total: s.rows.length - 1 })
      : first ? t(sameEnd ? "lab.merges.firstDiffSameEnd" : "lab.merges.firstDiff", { step: first.step })
        : t("lab.merges.allSame", { n: s.rows.length - 1 });
    this.node.dataset.done = String(done);
  }

  relabel(t) {
    this.t = t;
    this.b.apply(t);
    this.render();
  }
}
