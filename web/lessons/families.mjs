// Lesson "families": one text through four families of tokenizer side by side (issue 38): GPT-2's
// byte-level BPE by rank, Llama 2's SentencePiece BPE by score with byte fallback, a Unigram model's
// lattice, and (once the engine has its table) WordPiece's longest match. Each column (families/column.mjs)
// shows its tokens and ids from the engine's `overview`, what it did with spaces and with characters its
// vocabulary lacks (families/facts.mjs, from the answers), and steps through any word with `trace_piece`.
// It asks first (issue 40): the columns show after a guess or a press (families/ask.mjs); a teacher can
// switch asking off, and the link keeps it (`ask=0`).

import { param } from "../state.mjs";
import { LIMITS } from "../theme.mjs";
import { el } from "../ui/dom.mjs";
import { intro, inputCard, stageCard } from "../ui/lessonkit.mjs";
import { TextLesson } from "../ui/textLesson.mjs";
import { settled } from "../ui/settled.mjs";
import { visibleSymbol } from "../glyphs.mjs";
import { FamilyColumn } from "./families/column.mjs";
import { AskFirst, question, NOWHERE } from "./families/ask.mjs";
import { COLUMNS, PRESETS, TODAY, questionOf } from "./families/presets.mjs";
import { cutLine } from "./families/words.mjs";
import "./families/strings.mjs";

const QUERY_PARAMS = new Map([["ftext", param.text(TODAY, LIMITS.hashTextMax)]]);

class FamiliesLesson extends TextLesson {
  constructor(ctx) {
    super(ctx, { id: "families", params: QUERY_PARAMS, field: "ftext", debounceMs: 250 });
    const b = this.b;
    const input = this.textBox("families", { attrs: { "aria-describedby": "families-hint" } });
    const presets = this.presets(PRESETS);
    const card = inputCard(b, input, {
      name: "families", labelKey: "families.inputLabel", hintKey: "families.inputHint",
      below: [this.errorBox, el("div", { className: "preset-row" }, presets)],
      side: [b.text(el("p", { className: "hint" }), "families.askHint")],
    });
    this.columns = COLUMNS.map((spec) => new FamilyColumn(this.ctx, spec));
    this.active = this.columns[0];
    for (const column of this.columns) column.node.addEventListener("focusin", () => { this.active = column; });
    this.ask = new AskFirst(b, { pick: (choice) => this.answer(choice), show: () => this.answer(null) });
    this.grid = el("div", { className: "fam-grid", testid: "family-columns" }, ...this.columns.map((c) => c.node));
    this.columnsCard = stageCard(b, { n: 1, id: "families-columns-title", titleKey: "families.columnsTitle", textKey: "families.columnsText" }, this.grid);
    this.columnsCard.dataset.testid = "families-columns";
    this.answered = null; // {text, choice}: the guess for the text on show (choice null: "Just show me")
    this.mount([intro(b, "families.title", "families.lead", undefined, { n: COLUMNS.length }), card, this.ask.node], this.columnsCard);
  }

  asking() {
    const state = this.ctx.getState();
    return !state || state.ask !== false; // the page's own switch (the top bar's ask-toggle), on by default
  }

  update(state, changed) {
    super.update(state, changed);
    if (changed.has("lang")) for (const column of this.columns) column.render(this.t);
    if (changed.has("ask") || changed.has("lang") || changed.has("ftext")) this.render();
  }

  /** Every column asks for the text at once (each answer is drawn as it comes); the question waits for all. */
  async run() {
    const ticket = this.latest.next();
    const text = this.get("ftext");
    if (!this.answered || this.answered.text !== text) this.answered = null;
    for (const column of this.columns) column.render(this.t);
    this.render();
    const done = await Promise.all(this.columns.map((column) => column.load(text, ticket)));
    if (!this.latest.is(ticket) || done.includes(false)) return null;
    this.render();
    return null;
  }

  /** Map(column id -> facts) once every column has answered the text on show, else null. */
  facts() {
    const text = this.get("ftext");
    if (!this.columns.every((c) => c.facts && c.text === text)) return null;
    return new Map(this.columns.map((c) => [c.id, c.facts]));
  }

  answer(choice) {
    const facts = this.facts();
    if (!facts) return;
    settled.asked(); // the answer is a newer state of the lesson, drawn at once
    this.answered = { text: this.get("ftext"), choice };
    this.render();
    this.ctx.announce(this.ask.verdict.textContent);
  }

  /** The verdict on a pick (null: shown without a guess), said from the columns' facts. */
  verdict(q, facts, choice) {
    const t = this.t;
    const sep = t("table.listSep");
    const name = (id) => t(`families.name.${id}`);
    const result = choice === null ? "shown" : q.right.includes(choice) ? "correct" : "wrong";
    const lead = t(result === "shown" ? "families.ask.shown" : result === "correct" ? "families.ask.right" : "families.ask.wrong");
    const parts = [lead];
    if (q.kind === "bytes") {
      const cut = facts.get("llama2").cut;
      if (q.right.includes(NOWHERE)) parts.push(t("families.answer.bytesNone"));
      else {
        const list = [...new Map(cut.map((c) => [c.char, cutLine(c)])).values()];
        parts.push(t("families.answer.bytes", { chars: q.right.join(sep), list: list.join(sep) }));
      }
    } else {
      const count = facts.get(q.right[0]).count;
      parts.push(t(q.right.length === 1 ? "families.answer.fewest1" : "families.answer.fewest", { names: q.right.map(name).join(sep), count }));
      const lossy = q.right.find((id) => facts.get(id).unknown.length > 0);
      if (lossy) parts.push(t("families.answer.lossy", { name: name(lossy), unk: facts.get(lossy).unknown[0].vocab }));
    }
    parts.push(t("families.answer.counts", { list: this.columns.map((c) => `${name(c.id)} ${facts.get(c.id).count}`).join(sep) }));
    return { result, text: parts.join(t("sentence.joiner")) };
  }

  render() {
    if (!this.main) return;
    const t = this.t;
    const on = this.asking();
    const text = this.get("ftext");
    const facts = this.facts();
    const failed = this.columns.some((c) => c.error && c.text === text);
    const q = question(questionOf(text), text, this.columns.map((c) => c.id), facts);
    const labels = new Map(q.choices.map((choice) => [choice,
      q.kind === "fewest" ? t(`families.name.${choice}`) : choice === NOWHERE ? t("families.ask.nowhere") : visibleSymbol(choice)]));
    const picked = this.answered && this.answered.text === text ? this.answered : null;
    let state = "asking";
    if (failed) state = "failed";
    else if (!facts) state = "waiting";
    else if (picked) state = "told";
    this.ask.render(t, { q, labels, picked: picked ? picked.choice : null, state, verdict: state === "told" ? this.verdict(q, facts, picked.choice) : null });
    this.ask.node.hidden = !on || text === "";
    this.columnsCard.hidden = on && text !== "" && state !== "told" && state !== "failed";
  }

  redraw() {
    super.redraw();
    for (const column of this.columns) column.render(this.t);
  }

  onKey(event) {
    const column = this.active;
    if (this.columnsCard.hidden || !column) return false;
    if (event.key === "ArrowRight") return column.step(1);
    if (event.key === "ArrowLeft") return column.step(-1);
    if (event.key === "End") return column.jump(true);
    if (event.key === "Home") return column.jump(false);
    return false;
  }

  exportScene() {
    return { view: [this.columnsCard], text: this.input.value, table: null, merges: null };
  }
}

export default Object.freeze({
  id: "families",
  params: QUERY_PARAMS,
  keys: [["← →", "families.keys.step"], ["Home End", "families.keys.ends"]],
  create: (ctx) => new FamiliesLesson(ctx),
  sheet: (ctx, state) => import("./families/sheet.mjs").then((m) => m.familiesSheet(ctx, state)),
});
