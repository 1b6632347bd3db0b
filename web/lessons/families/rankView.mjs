// GPT-2's column in the families lesson: one piece's merges by rank, drawn as page elements in the same
// shapes as a SentencePiece trace's cells (../encode/familyView.mjs), small enough to sit in a column
// beside it. Frame k is canvas/frames.mjs's buildFrame of the engine's trace (the symbols after k merges
// and the ranks of the next step's pairs); nothing here tokenizes.
//
//     const stage = new RankStage();   stage.render(t, trace, step);   rankCaption(t, trace, step)
//
// Test hooks: rank-stage (data-piece, data-text, data-step, data-total), rank-cell (data-symbol, data-id
// at the end), rank-pair (data-rank, data-winner).

import { el } from "../../ui/dom.mjs";
import { visibleSymbol } from "../../glyphs.mjs";
import { buildFrame } from "../../canvas/frames.mjs";

/** Steps of a rank trace: one per merge. */
export const rankSteps = (trace) => trace.steps.length;

/**
 * The pairs of frame `f` that have a rule, lowest rank first (a stable sort: equal ranks stay left to
 * right), the one the engine merges next marked.
 *
 *     rankedPairs({cells: [{text: "a"}, {text: "b"}, {text: "c"}], pairs: [7, 2], chosen: 1})
 *       -> [{left: "b", right: "c", rank: 2, position: 1, winner: true}, {left: "a", right: "b", rank: 7, position: 0, winner: false}]
 */
export function rankedPairs(f) {
  if (!f.pairs) return [];
  return f.pairs.flatMap((rank, i) => (rank === null || rank === undefined ? []
    : [{ left: f.cells[i].text, right: f.cells[i + 1].text, rank, position: i, winner: i === f.chosen }]))
    .sort((a, b) => a.rank - b.rank);
}

/** The sentence under the stage at `step`: the first pair to merge, the merge just made, or the end. */
export function rankCaption(t, trace, step) {
  const f = buildFrame(trace, trace, step);
  const s = visibleSymbol;
  let text;
  if (f.step === 0) {
    text = f.next
      ? t("families.rank.start", { symbols: f.cells.length, left: s(f.next.left), right: s(f.next.right), rank: f.next.rank })
      : t("families.rank.startNone", { symbols: f.cells.length });
  } else {
    const last = f.last;
    text = t("families.rank.step", { step: f.step, total: f.total, left: s(last.left), right: s(last.right), merged: s(last.merged), rank: last.rank });
  }
  if (f.final) text = `${text}${t("sentence.joiner")}${t("families.rank.final", { tokens: trace.tokens.map(s).join(" "), ids: trace.ids.join(", ") })}`;
  return text;
}

export class RankStage {
  constructor() {
    this.node = el("section", { className: "family-stage rank-stage", testid: "rank-stage" });
    this.node.hidden = true;
  }

  clear() {
    this.node.hidden = true;
    this.node.replaceChildren();
  }

  render(t, trace, step) {
    const f = buildFrame(trace, trace, step);
    this.node.hidden = false;
    Object.assign(this.node.dataset, { piece: trace.index, text: trace.text, step: f.step, total: f.total });
    const cells = el("ol", { className: "fam-cells" });
    f.cells.forEach((cell, i) => {
      const symbol = visibleSymbol(cell.text);
      const item = el("li", {
        className: `fam-cell${i === f.fresh ? " fresh" : ""}${cell.partial ? " partial" : ""}`, testid: "rank-cell",
        data: { symbol: cell.text, ...(f.final ? { id: trace.ids[i] } : {}) },
        attrs: { "aria-label": t("families.rank.cell", { n: i + 1, total: f.cells.length, symbol }) },
      }, el("span", { className: "fam-sym" }, symbol), f.final ? el("span", { className: "fam-id" }, String(trace.ids[i])) : null);
      cells.append(item);
    });
    const parts = [cells];
    const pairs = rankedPairs(f);
    if (!f.final && f.pairs === null) {
      parts.push(el("p", { className: "fam-none" }, t("family.bpe.pairsLeftOut"))); // a very long piece: ranks not sent
    } else if (f.final || !pairs.length) {
      parts.push(el("p", { className: "fam-none" }, t("families.rank.none")));
    } else {
      parts.push(el("p", { className: "fam-title" }, t("families.rank.pairs")),
        el("ol", { className: "fam-pairs" }, ...pairs.map((pair) => el("li", {
          className: `score-pair${pair.winner ? " winner" : ""}`, testid: "rank-pair", data: { rank: pair.rank, winner: pair.winner },
        },
        el("span", { className: "fam-pair" }, `${visibleSymbol(pair.left)} + ${visibleSymbol(pair.right)}`),
        el("span", { className: "fam-score" }, t("families.rank.pair", { rank: pair.rank })),
        pair.winner ? el("span", { className: "fam-win" }, t("families.rank.winner")) : null))));
    }
    this.node.replaceChildren(...parts);
  }
}
