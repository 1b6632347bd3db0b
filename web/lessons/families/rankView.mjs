// GPT-2's column in the families lesson: one piece's merges by rank, drawn as page elements in the same
// shapes as a SentencePiece trace's cells (../encode/familyView.mjs), small enough to sit in a column
// beside it. Frame k is canvas/frames.mjs's buildFrame of the engine's trace (the symbols after k merges
// and the ranks of the next step's pairs); nothing here tokenizes. Symbols are named as the Encode lesson
// names them (../encode/names.mjs): the characters, or bytes in hex for part of one; GPT-2's stand-ins
// (å¤©, Ġ) follow as the table's spelling.
//
//     const stage = new RankStage();   stage.render(t, trace, step);   rankCaption(t, trace, step)
//
// Test hooks: rank-stage (data-piece, data-text, data-step, data-total), rank-cell (data-symbol, data-id
// at the end), rank-pair (data-rank, data-winner).

import { el } from "../../ui/dom.mjs";
import { visibleSymbol } from "../../glyphs.mjs";
import { buildFrame } from "../../canvas/frames.mjs";
import { cellFace, withSpelling } from "../encode/names.mjs";
import { lastNames, nextNames, finalNames } from "../encode/words.mjs";

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
  let text;
  if (f.step === 0) {
    if (f.next) {
      const n = nextNames(t, f);
      text = `${t("families.rank.start", { symbols: f.cells.length, left: n.left, right: n.right, rank: f.next.rank })}${n.spelled}`;
    } else {
      text = t("families.rank.startNone", { symbols: f.cells.length });
    }
  } else {
    const n = lastNames(t, trace, f);
    text = `${t("families.rank.step", { step: f.step, total: f.total, left: n.left, right: n.right, merged: n.merged, rank: f.last.rank })}${n.spelled}`;
  }
  if (f.final) text = `${text}${t("sentence.joiner")}${t("families.rank.final", { tokens: finalNames(t, trace, f), ids: trace.ids.join(", ") })}`;
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
    const faces = f.cells.map(cellFace);
    f.cells.forEach((cell, i) => {
      const symbol = faces[i];
      const spelled = visibleSymbol(cell.text);
      const item = el("li", {
        className: `fam-cell${i === f.fresh ? " fresh" : ""}${cell.partial ? " partial" : ""}`, testid: "rank-cell",
        data: { symbol: cell.text, ...(f.final ? { id: trace.ids[i] } : {}) },
        attrs: { "aria-label": t("families.rank.cell", { n: i + 1, total: f.cells.length, symbol: withSpelling(symbol, spelled) }) },
      }, el("span", { className: "fam-sym" }, symbol),
      spelled !== symbol ? el("span", { className: "fam-spelled", attrs: { "aria-hidden": "true" } }, spelled) : null,
      f.final ? el("span", { className: "fam-id" }, String(trace.ids[i])) : null);
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
        el("span", { className: "fam-pair" }, withSpelling(`${faces[pair.position]} + ${faces[pair.position + 1]}`, `${visibleSymbol(pair.left)} + ${visibleSymbol(pair.right)}`)),
        el("span", { className: "fam-score" }, t("families.rank.pair", { rank: pair.rank })),
        pair.winner ? el("span", { className: "fam-win" }, t("families.rank.winner")) : null))));
    }
    this.node.replaceChildren(...parts);
  }
}
