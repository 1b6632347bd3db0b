// Printable worksheets: one for each lesson, laid out from the engine's answers for what the lesson
// shows now (its text, piece, table, settings), with blanks to fill in and the answer key on a page of
// its own. Built on demand ("Print worksheet"), as a section of the page that only print shows
// (print.css); it is dropped when the state changes, so a later Ctrl+P never prints an old sheet.
//
// Every number on a sheet is the engine's (ranks, ids, counts, sizes): the sheets only choose and
// arrange. Sheets: encode (a piece's bytes, the ranks of the pairs it meets, an empty merge log),
// train (a small corpus, empty pair-count tables), decode (ids with the table's rows for them),
// special (a text in the three treatments), compare (four tokenizers' counts), samples (windows to
// cut from a stream), and for the other lessons the text cut into pieces and tokens (./sheets.mjs,
// loaded the first time a sheet is printed). Which sheet, the open lesson's module says (its `sheet`,
// the lesson contract in lessons/registry.mjs); a module without one gets the pieces sheet.

import { el } from "../ui/dom.mjs";

/** Fields whose change leaves a built sheet as it is (they do not change what it asks). */
const KEEPS_SHEET = new Set(["speed", "projector", "step"]);

export class Worksheet {
  constructor(ctx) {
    this.ctx = ctx;
    this.node = null;
  }

  update(state, changed) {
    if (this.node && [...changed].some((name) => !KEEPS_SHEET.has(name))) this.remove();
  }

  remove() {
    if (this.node) this.node.remove();
    this.node = null;
    document.body.classList.remove("has-worksheet");
  }

  /** Builds the open lesson's sheet from the engine's answers and puts it in the page (print only). */
  async build(state) {
    const t = this.ctx.t;
    const mod = this.ctx.module();
    const sheet = mod && mod.sheet ? mod.sheet : (await import("./sheets.mjs")).piecesSheet;
    const { work, key } = await sheet(this.ctx, state);
    const lesson = t(`lesson.${state.lesson}`);
    const node = el("section", { className: "worksheet", testid: "worksheet", attrs: { "aria-hidden": "true", lang: t("meta.htmlLang") } },
      el("header", { className: "ws-head" },
        el("h1", { className: "ws-title", testid: "worksheet-title" }, t("worksheet.title", { lesson })),
        el("p", { className: "ws-name" }, t("worksheet.name"))),
      ...work,
      el("section", { className: "ws-key", testid: "worksheet-key" },
        el("h1", { className: "ws-title" }, t("worksheet.key", { lesson })),
        ...key));
    this.remove();
    document.body.append(node);
    document.body.classList.add("has-worksheet");
    node.dataset.state = "ready";
    this.node = node;
  }
}
