// The merge stage of a SentencePiece table (issue 38), drawn as page elements beside the merge canvas
// (which stays for byte-level BPE): SentencePiece BPE's symbols and its candidate pairs with their
// scores, or Unigram's lattice walked by Viterbi, and the family's common mistake beside them. It draws
// what family.mjs makes of the engine's trace; every text goes in with textContent.
//
//     const stage = new FamilyStage();           // place stage.node
//     stage.render(t, trace, step, {title, mistake});   stage.clear()
//
// Test hooks: family-stage (data-family, data-piece, data-text, data-step, data-total), family-cell (data-symbol; a byte-fallback cell's byte-cell
// children), score-pair (data-score, data-merged, data-winner), lattice, lattice-piece (data-piece,
// data-logp, data-best), family-mistake; a WordPiece trace's hooks are wordpieceView.mjs's.

import { el } from "../../ui/dom.mjs";
import { visibleSymbol } from "../../glyphs.mjs";
import { scoreFrame, latticeFrame, stepCount, isFamilyTrace } from "./family.mjs";
import { formatScore, familyMistakeWords, familyCaption, familyExplain } from "./familyWords.mjs";
import { scrollLog } from "./panels.mjs";
import { wordpieceParts, showCurrentTry } from "./wordpieceView.mjs";
import { wordpieceLogText } from "./wordpieceWords.mjs";

/**
 * What Export GIF draws of a family trace (classroom/export.mjs stageGif): a copy of the stage, drawn
 * for step k by draw(k), with the step's caption; `place` is the page's stage, whose width it takes.
 */
export function familyGifStage(t, trace, title, place) {
  const copy = new FamilyStage();
  return {
    total: stepCount(trace), place, node: copy.node,
    caption: (k) => familyCaption(t, trace, k),
    draw: (k) => copy.render(t, trace, k, { title, mistake: false }),
  };
}

export class FamilyStage {
  constructor() {
    this.node = el("section", { className: "family-stage", testid: "family-stage" });
    this.node.hidden = true;
  }

  clear() {
    this.node.hidden = true;
    this.node.replaceChildren();
    for (const key of ["family", "piece", "text", "step", "total"]) delete this.node.dataset[key];
  }

  /** Draws frame `step` of `trace` (family "spm_bpe", "unigram" or "wordpiece"); `title`: the table's name in sentences. */
  render(t, trace, step, { title, mistake }) {
    this.node.hidden = false;
    const total = stepCount(trace);
    // What is drawn, for a reader waiting on it (as the merge canvas keeps data-step, data-piece …).
    Object.assign(this.node.dataset, { family: trace.family, piece: trace.index, text: trace.text, step: Math.min(step, total), total });
    const draw = { unigram: () => this.lattice(t, trace, step), wordpiece: () => wordpieceParts(t, trace, step) }[trace.family];
    const parts = draw ? draw() : this.scores(t, trace, step);
    if (mistake) parts.push(this.mistake(t, trace, title));
    this.node.replaceChildren(...parts);
    if (trace.family === "wordpiece") showCurrentTry(this.node);
  }

  // ------------------------------------------------------------ SentencePiece BPE: merges by score

  scores(t, trace, step) {
    const f = scoreFrame(trace, step);
    const cells = el("ol", { className: "fam-cells", testid: "family-cells" });
    f.cells.forEach((cell, i) => {
      const symbol = visibleSymbol(cell.text);
      const item = el("li", {
        className: `fam-cell${cell.fresh ? " fresh" : ""}${cell.bytes ? " bytes" : ""}`,
        testid: "family-cell", data: { symbol: cell.text, ...(cell.id !== null ? { id: cell.id } : {}) },
      }, el("span", { className: "fam-sym" }, symbol));
      if (cell.bytes) {
        item.append(el("span", { className: "fam-bytes" },
          ...cell.bytes.map((b) => el("span", { className: "fam-byte", testid: "byte-cell", data: { token: b.token, ...(f.final ? { id: b.id } : {}) } },
            b.token, f.final ? el("span", { className: "fam-id" }, String(b.id)) : null))));
        item.append(el("span", { className: "fam-tag" }, t("family.bpe.bytesTag")));
      } else if (cell.id !== null) {
        item.append(el("span", { className: "fam-id" }, String(cell.id)));
      }
      const bytes = cell.bytes ? cell.bytes.map((b) => b.token).join(" ") : "";
      item.setAttribute("aria-label", cell.bytes
        ? t("family.bpe.cellBytes", { n: i + 1, total: f.cells.length, symbol, bytes })
        : t("family.bpe.cell", { n: i + 1, total: f.cells.length, symbol }));
      cells.append(item);
    });
    const out = [cells, el("p", { className: "fine fam-space", testid: "space-note" }, t("family.spaceNote"))];
    if (f.final) {
      out.push(el("p", { className: "fam-none", testid: "score-pairs-done" }, t("family.bpe.pairsDone")));
    } else if (!f.pairs) {
      out.push(el("p", { className: "fam-none" }, t("family.bpe.pairsLeftOut")));
    } else {
      const list = el("ol", { className: "fam-pairs", testid: "score-pairs", attrs: { "aria-labelledby": "fam-pairs-title" } });
      for (const pair of f.pairs) {
        list.append(el("li", {
          className: `score-pair${pair.winner ? " winner" : ""}`, testid: "score-pair",
          data: { score: pair.score, merged: pair.merged, position: pair.position, winner: pair.winner },
        },
        el("span", { className: "fam-pair" }, `${visibleSymbol(pair.left)} + ${visibleSymbol(pair.right)} → `, el("strong", {}, visibleSymbol(pair.merged))),
        el("span", { className: "fam-score" }, t("family.bpe.score", { score: formatScore(pair.score) })),
        pair.winner ? el("span", { className: "fam-win" }, t("family.bpe.winner")) : null));
      }
      out.push(el("h4", { className: "fam-title", id: "fam-pairs-title" }, t("family.bpe.pairs", { n: f.step + 1 })), list);
    }
    return out;
  }

  // ------------------------------------------------------------ Unigram: the lattice, walked by Viterbi

  lattice(t, trace, step) {
    const f = latticeFrame(trace, step);
    const word = visibleSymbol(trace.lattice.text);
    const grid = el("div", {
      className: `lattice${f.final ? " final" : ""}`, testid: "lattice",
      attrs: { role: "list", "aria-label": t("family.uni.label", { word, n: f.pieces.length }) },
      data: { step: f.step },
    });
    grid.style.gridTemplateColumns = `repeat(${f.chars.length}, minmax(3.4em, 1fr))`;
    f.chars.forEach((ch, i) => {
      const head = el("span", { className: `lat-char${i === f.step - 1 ? " current" : ""}`, attrs: { "aria-hidden": "true" } }, visibleSymbol(ch));
      head.style.gridColumn = String(i + 1);
      head.style.gridRow = "1";
      grid.append(head);
    });
    for (const p of f.pieces) {
      const piece = visibleSymbol(p.piece);
      const logp = formatScore(p.logp);
      const classes = ["lattice-piece", p.seen ? "seen" : "ahead", p.compared ? "compared" : "", p.chosenHere ? "chosen-here" : "",
        p.lit ? "lit" : "", p.unknown ? "unknown" : ""].filter(Boolean).join(" ");
      const label = p.unknown ? t("family.uni.unknown", { piece, logp }) : t("family.uni.piece", { piece, from: p.start + 1, to: p.end, logp });
      const node = el("span", {
        className: classes, testid: "lattice-piece",
        attrs: { role: "listitem", "aria-label": p.lit ? `${label}, ${t("family.uni.onPath")}` : label, title: label },
        data: { piece: p.piece, logp: p.logp, start: p.start, end: p.end, best: p.best },
      }, el("span", { className: "lp-piece" }, piece), el("span", { className: "lp-logp" }, logp));
      node.style.gridColumn = `${p.start + 1} / ${p.end + 1}`;
      node.style.gridRow = String(p.row + 2);
      grid.append(node);
    }
    const endRow = String(f.rows + 2);
    // The row of best paths repeats the log's entries for the eye: a screen reader reads them there.
    const head = el("span", { className: "lat-end-label", attrs: { "aria-hidden": "true" } }, t("family.uni.bestRow"));
    head.style.gridColumn = `1 / ${f.chars.length + 1}`;
    head.style.gridRow = endRow;
    grid.append(head);
    f.ends.forEach((best, i) => {
      const cell = el("span", { className: "lat-end", testid: "lattice-end", attrs: { "aria-hidden": "true" }, data: { piece: best.piece, score: best.score } },
        t("family.uni.end", { piece: visibleSymbol(best.piece), score: formatScore(best.score) }));
      cell.style.gridColumn = String(i + 1);
      cell.style.gridRow = String(f.rows + 3);
      grid.append(cell);
    });
    // A long word's lattice scrolls sideways in its own box, which the keyboard can reach and scroll.
    return [el("div", { className: "lattice-scroll", attrs: { tabindex: "0", role: "region", "aria-label": t("family.uni.label", { word, n: f.pieces.length }) } }, grid)];
  }

  // ------------------------------------------------------------ the common mistake

  mistake(t, trace, title) {
    const w = familyMistakeWords(t, trace, title);
    const row = (label, pieces, kind) => el("p", { className: `fam-run ${kind}` },
      el("span", { className: "fam-run-label" }, label),
      el("span", { className: "fam-run-pieces" }, pieces.join(" · ")));
    return el("div", { className: "fam-mistake", testid: "family-mistake", data: { same: w.same } },
      el("h4", { className: "fam-title" }, w.title),
      el("p", { className: "fam-lead" }, w.lead),
      row(w.wrongLabel, w.wrong, "wrong"),
      row(w.realLabel, w.real, "real"),
      el("p", { className: `fam-verdict${w.same ? " same" : ""}` }, w.verdict));
  }
}

/**
 * The log beside a SentencePiece trace: one entry per step, as the byte-level log has one per merge;
 * BPE's say the merge and its score, Unigram's the best path ending after each character. `goTo(k)`
 * jumps there.
 */
export function renderFamilyLog(list, t, trace, step, goTo) {
  const entry = (k, text, data) => el("li", {}, el("button", {
    className: `log-entry${k === 0 ? " start" : k <= step ? " done" : " future"}`, testid: "log-entry",
    attrs: { type: "button", "aria-current": k === step ? "step" : "false" }, data: { step: k, ...data },
    on: { click: () => goTo(k) },
  }, el("span", { className: "log-num" }, String(k)), el("span", { className: "log-merge" }, text)));
  const entries = [entry(0, t(trace.family === "wordpiece" ? "family.log.startWp" : "family.log.start"), {})];
  if (trace.family === "wordpiece") {
    trace.wordpiece.tries.forEach((a, i) => {
      entries.push(entry(i + 1, wordpieceLogText(t, a), { piece: a.piece, found: a.found }));
    });
    if (trace.wordpiece.unk === "too_long") entries.push(el("li", { className: "log-empty" }, t("family.log.tooLong", { unk: trace.wordpiece.unk_token })));
  } else if (trace.family === "unigram") {
    trace.lattice.positions.forEach((p, i) => {
      entries.push(entry(i + 1, t("family.log.position", { char: visibleSymbol(p.char), piece: visibleSymbol(p.best.piece), score: formatScore(p.best.score) }), { piece: p.best.piece }));
    });
  } else {
    trace.steps.forEach((s, i) => {
      entries.push(entry(i + 1, t("family.log.merge", { left: visibleSymbol(s.left), right: visibleSymbol(s.right), merged: visibleSymbol(s.merged), score: formatScore(s.score) }), { merged: s.merged, id: s.id }));
    });
    if (trace.steps.length === 0) entries.push(el("li", { className: "log-empty" }, t("log.empty")));
  }
  list.replaceChildren(...entries);
  scrollLog(list, entries[Math.min(step, entries.length - 1)]);
}

/**
 * The merge stage's parts that differ for a SentencePiece trace (encode/page.mjs's refs `r`): its title,
 * the mistake switch's words, the log's title, the canvas's legend and notes, and the switches (hidden)
 * with nothing to show for it (bytes in hex: its cells are characters, a fallback's bytes written out; the code view and
 * guessing: lowest-rank merging, byte-level BPE's). Returns whether `trace` is one.
 */
export function familyChrome(r, t, trace) {
  const family = isFamilyTrace(trace);
  const kind = family ? ({ unigram: "uni", wordpiece: "wp" }[trace.family] ?? "bpe") : null;
  r.stage2Title.textContent = t(kind ? `family.${kind}.title` : "stage2.title");
  r.mistakeLabel.textContent = t(kind ? `family.${kind}.toggle` : "controls.mistake");
  for (const toggle of [r.hexToggle, r.codeToggle, r.predictToggle, r.roomToggle]) toggle.hidden = family;
  r.logTitle.textContent = t(kind ? `family.${kind}.log` : "log.title");
  r.legend.hidden = family;
  r.widthNote.hidden = family;
  if (!family) r.family.clear();
  return family;
}

/** A SentencePiece or WordPiece trace at `step`: the stage text, the caption, the log and the stage itself. */
export function renderFamily(r, t, trace, step, { title, mistake, goTo }) {
  r.explain.textContent = familyExplain(t, trace, title);
  r.caption.hidden = false;
  r.caption.textContent = familyCaption(t, trace, step);
  renderFamilyLog(r.log, t, trace, step, goTo);
  r.family.render(t, trace, step, { title, mistake });
}
