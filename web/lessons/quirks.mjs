// Lesson "quirks": why language models stumble on easy things. Each case (lessons/quirks/cases.mjs)
// asks a question first; "Reveal" shows what GPT-2's tokenizer hands the model for each of the case's
// texts: the tokens, their ids and their count, all from the engine's `overview` answers.
//
// The session asks for the selected case's texts (newest case wins) and keeps each answer; the view
// draws the question, and the rows once revealed. Nothing here tokenizes.

import { param } from "../state.mjs";
import { ITEM_LIMIT } from "../protocol.mjs";
import { el, Bindings } from "../ui/dom.mjs";
import { intro, tokenChip, errorLine, showError, presetButtons } from "../ui/lessonkit.mjs";
import { Latest } from "../ui/latest.mjs";
import { CountGuess } from "../ui/predictCount.mjs";
import { AskFirst, countQuiz } from "../ui/askFirst.mjs";
import { CASES } from "./quirks/cases.mjs";
import { hexLabel } from "../glyphs.mjs";

const CASE_IDS = CASES.map((c) => c.id);
const PARAMS = new Map([["case", param.oneOf(CASE_IDS[0], CASE_IDS)], ["predict", param.bool(false)]]);

/**
 * How a token reads: the text the engine says it stands for (its bytes are whole UTF-8 characters), else
 * its bytes in hex (part of a character).
 *
 *     tokenFace("今", [0xe4, 0xbb, 0x8a]) -> {text: "今", partial: false};  tokenFace(null, [0xe4, 0xbb]) -> {text: "E4 BB", partial: true}
 */
export function tokenFace(text, bytes) {
  if (text !== null) return { text, partial: false };
  return { text: hexLabel(bytes), partial: true };
}

/** The tokens of one overview answer: [{face, id}] in order, each from the piece's spans and texts. */
export function tokensOf(result) {
  return result.pieces.flatMap((piece) =>
    piece.ids.map((id, k) => ({ face: tokenFace(piece.texts[k], piece.bytes.slice(...piece.spans[k])), id })));
}

/** The answer rows of one case: [{text, label, ids, n_ids, tokens}] in the case's order (the worksheet's too). */
export function rowsOf(quirk, answers) {
  return quirk.texts.map((text, i) => ({
    text,
    label: quirk.labels ? quirk.labels[i] : null,
    ids: answers[i].result.ids,
    n_ids: answers[i].result.n_ids,
    tokens: tokensOf(answers[i].result),
  }));
}

/** The case a state shows (an unknown id: the first case). */
export function caseOf(state) {
  return CASES.find((c) => c.id === state.case) || CASES[0];
}

/** The overview requests of a case, one per text: the lesson's and its worksheet's. */
export function caseQueries(quirk) {
  return quirk.texts.map((text) => ({ text, allowed_special: "none" }));
}

class QuirksLesson {
  constructor(ctx) {
    this.ctx = ctx;
    this.t = ctx.t;
    this.b = new Bindings();
    this.latest = new Latest();
    this.rows = null; // the shown case's rows, once the engine answered
    this.error = null;
    this.revealed = false;
    this.caseId = null;

    const b = this.b;
    const picker = presetButtons(b, CASES.map((c) => ({ id: c.id, label: `quirks.${c.id}.title` })), "quirks",
      (c) => this.ctx.setState({ case: c.id }));
    this.buttons = picker.buttons;
    this.title = el("h2", { className: "stage-title", id: "quirks-case-title" });
    this.question = el("p", { className: "stage-text quirks-question", testid: "quirks-question" });
    this.reveal = b.text(el("button", {
      className: "primary", testid: "quirks-reveal", attrs: { type: "button" },
      on: { click: () => this.show(true) },
    }), "quirks.reveal");
    this.list = el("div", { className: "quirks-rows", testid: "quirks-results" });
    this.answer = el("p", { className: "stage-text quirks-answer", testid: "quirks-answer" });
    this.errorBox = errorLine("quirks-error");
    // Predict first: the count of the case's first text is typed before the reveal, then the gap shown.
    this.guess = new CountGuess(ctx, {
      questionKey: "predict.count.ask",
      changed: () => {
        if (this.guess.on) this.revealed = !this.guess.hiding();
        this.render();
      },
    });
    // Ask first (the state's `ask`): the case's texts are the choices, and a guess is the Reveal.
    this.asker = new AskFirst(ctx, {
      regions: [this.list, this.answer],
      answered: () => {
        this.revealed = true;
        this.render();
      },
    });
    this.caseCard = el("section", { className: "card stage", testid: "quirks-case", attrs: { "aria-labelledby": "quirks-case-title" } },
      el("header", { className: "stage-head" }, this.title),
      this.question, this.guess.node, this.asker.node, this.reveal, this.errorBox, this.list, this.answer);
    this.main = el("div", { className: "lesson lk quirks" },
      intro(b, "quirks.title", "quirks.lead"),
      b.label(el("nav", { className: "quirks-cases" }, picker.list), "quirks.cases"),
      this.caseCard);
    ctx.root.append(this.main);
    b.apply(this.t);
  }

  get quirk() {
    return caseOf(this.ctx.getState());
  }

  update(state, changed) {
    if (changed.has("lang")) this.b.apply(this.t);
    const quirk = this.quirk;
    this.guess.show(Boolean(state.predict));
    this.asker.show(state.ask);
    if (quirk.id !== this.caseId) {
      this.caseId = quirk.id;
      this.guess.ask(quirk.id);
      this.revealed = false;
      this.rows = null;
      this.error = null;
      this.load(quirk);
    }
    this.render();
  }

  async load(quirk) {
    const ticket = this.latest.next();
    const answers = await Promise.all(caseQueries(quirk).map((payload) => this.ctx.query("overview", payload)));
    if (!this.latest.is(ticket)) return;
    const failed = answers.find((a) => !a.ok);
    this.error = failed ? failed.error : null;
    this.rows = failed ? null : rowsOf(quirk, answers);
    this.render();
  }

  show(revealed) {
    this.revealed = revealed;
    this.render();
    if (revealed) this.ctx.announce(this.answer.textContent);
  }

  render() {
    const t = this.t;
    const quirk = this.quirk;
    for (const [id, button] of this.buttons) button.setAttribute("aria-pressed", String(id === quirk.id));
    this.title.textContent = t(`quirks.${quirk.id}.title`);
    this.question.textContent = t(`quirks.${quirk.id}.q`);
    this.answer.textContent = t(`quirks.${quirk.id}.a`);
    showError(this.errorBox, t, this.error);
    this.guess.render({ answer: this.rows ? this.rows[0].n_ids : null, vars: { text: JSON.stringify(quirk.texts[0]) } });
    // Asking first (Predict off): the lesson's first case is asked as a question, whose guess reveals it;
    // the cases after it wait for Reveal. Asking off (the teacher's switch): every case shows at once.
    if (!this.guess.on && !this.asker.on) this.revealed = true;
    this.asker.render(!this.guess.on && !this.error ? this.quiz(quirk) : null);
    const ready = this.revealed && this.rows !== null;
    this.reveal.hidden = this.revealed || this.guess.hiding() || this.asker.asking();
    this.answer.hidden = !ready;
    this.list.hidden = !ready;
    this.list.replaceChildren(...(ready ? this.rows.map((row) => this.rowNode(row, this.rows[0])) : []));
  }

  /** The opening question: which of the case's texts GPT-2 cuts into the most tokens (the engine's counts). */
  quiz(quirk) {
    const rows = quirk.texts.map((text, i) => ({
      label: quirk.labels ? quirk.labels[i] : JSON.stringify(text),
      n: this.rows ? this.rows[i].n_ids : null,
    }));
    return countQuiz(this.t, { key: quirk.id, question: this.t("ask.quirks.q"), rows, most: true });
  }

  rowNode(row, first) {
    const t = this.t;
    const n = row.n_ids;
    const count = t(n === 1 ? "quirks.tokens1" : "quirks.tokens", { n });
    const ratio = row.label && row !== first ? t("quirks.ratio", { ratio: (n / first.n_ids).toFixed(1) }) : null;
    return el("div", { className: "quirks-row", testid: "quirks-row", data: { count: n } },
      el("p", { className: "quirks-text" },
        row.label ? el("span", { className: "quirks-label" }, row.label) : null,
        el("code", { className: "quirks-source", testid: "quirks-text" }, JSON.stringify(row.text)),
        el("span", { className: "stage-meta", testid: "quirks-count" }, count),
        ratio ? el("span", { className: "stage-meta quirks-ratio" }, ratio) : null),
      el("div", { className: "lk-chips" },
        ...row.tokens.slice(0, ITEM_LIMIT).map((tok, i) => tokenChip(tok.face.text, tok.id, {
          tone: i, testid: "quirks-chip", className: tok.face.partial ? "partial" : "", raw: tok.face.partial,
          title: tok.face.partial ? t("quirks.partial") : "",
        }))));
  }

  onKey() {
    return false;
  }

  /** What an export draws: the case shown (not the list of cases). */
  exportScene() {
    return { view: [this.caseCard], text: "", table: null, merges: null };
  }

  destroy() {
    this.latest.drop();
    this.main.remove();
  }
}

export default Object.freeze({
  id: "quirks",
  params: PARAMS,
  keys: [],
  create: (ctx) => new QuirksLesson(ctx),
  sheet: (ctx, state) => import("../classroom/sheets.mjs").then((m) => m.quirksSheet(ctx, state)),
});
