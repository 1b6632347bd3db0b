// Predict, then reveal: the parts every lesson's guessing uses. A student (or a room) answers before
// the page shows the answer; the verdict comes at once. Nothing here knows a lesson: each lesson says
// what the question is, which choices there are and what the verdict reads, and judges the answer from
// the engine's data itself.
//
//   Score        right / asked, kept for the browser session (sessionStorage), with a reset
//   PredictBox   the question, its choices (a roving group: arrow keys move, Enter or a click picks),
//                or a number to type, the verdict (data-result), the "go on" button and the score
//   predictSwitch  the on/off toggle a lesson shows beside its controls
//   Quiz         what every lesson's quiz keeps: the verdict on show (phase "told") and the score
//   guessKey, guessAnnouncement   keys while guessing, and what a screen reader hears while guessing

import { el } from "./dom.mjs";
import "./predictWords.mjs";

const SCORE_KEY = "toklab.predict.score";
const MARKS = Object.freeze({ correct: "✓", wrong: "✗" });

/** The session's score: {right, asked}; a storage that refuses (private mode) keeps it in memory. */
export class Score {
  constructor(storage = globalThis.sessionStorage) {
    this.storage = storage;
    this.value = { right: 0, asked: 0 };
    try {
      const saved = JSON.parse(storage.getItem(SCORE_KEY) || "null");
      if (saved && Number.isInteger(saved.right) && Number.isInteger(saved.asked)) this.value = { right: saved.right, asked: saved.asked };
    } catch {
      // No storage, or something unreadable in it: start from nothing.
    }
  }

  add(correct) {
    this.value = { right: this.value.right + (correct ? 1 : 0), asked: this.value.asked + 1 };
    this.save();
  }

  reset() {
    this.value = { right: 0, asked: 0 };
    this.save();
  }

  save() {
    try {
      this.storage.setItem(SCORE_KEY, JSON.stringify(this.value));
    } catch {
      // Kept in memory only.
    }
  }
}

/** A lesson's quiz, without what it has seen: phase "ask" or "told" (a verdict is on show), and the score. */
export class Quiz {
  constructor(t) {
    this.t = t;
    this.phase = "ask";
    this.verdict = null;
    this.score = new Score();
  }

  /** Put `verdict` on show; returns it. */
  show(verdict) {
    this.verdict = verdict;
    this.phase = "told";
    return verdict;
  }

  /** From a verdict on to the next question; false when no verdict was on show. */
  next() {
    if (this.phase !== "told") return false;
    this.phase = "ask";
    this.verdict = null;
    return true;
  }

  /** The verdict on show goes (a lesson's own restart also forgets what was seen, when asked to). */
  restart() {
    this.phase = "ask";
    this.verdict = null;
  }
}

/**
 * A key while guessing (`status` of the box's model): Enter with a verdict on show, not pressed on a
 * button or field, calls `next`; while a question is asked, `ask(event)` handles the lesson's own keys.
 * True when the key was used.
 */
export function guessKey(event, status, { next, ask }) {
  const onControl = event.target instanceof Element && event.target.closest("button, a, summary, input, select, textarea");
  if (status === "told" && event.key === "Enter" && !onControl) {
    next();
    return true;
  }
  return status === "ask" ? ask(event) : false;
}

/** What a screen reader hears while guessing: the verdict on show, or the question; null when neither. */
export function guessAnnouncement(model) {
  if (model.status === "told") return model.verdict.text;
  return model.status === "ask" ? model.question : null;
}

/** The toggle that turns guessing on and off (aria-pressed), `testid` e.g. "predict-toggle". */
export function predictSwitch(b, { testid, labelKey, hintKey = null, onToggle }) {
  const button = el("button", {
    className: "toggle predict-toggle", testid, attrs: { type: "button", "aria-pressed": "false" },
    on: { click: () => onToggle() },
  }, el("span", { className: "toggle-box", attrs: { "aria-hidden": "true" } }), b.text(el("span", {}), labelKey));
  // What the switch does, for whoever hovers or focuses it (a screen reader reads it as the description).
  if (hintKey) b.title(button, hintKey);
  return button;
}

/**
 * The question card. `actions`: pick(index) for a choice, or guess(number) for a typed number; next()
 * when the box shows a "go on" button; resetScore(). render(t, model) draws it from
 *
 *     {status,                 "ask" | "told" | "message" | "off"
 *      question,               the question's text
 *      choices: [{label, data}] | null,   buttons (data-testid=<choiceTestid>, data-* from `data`)
 *      number: {label, min, max} | null,  a number to type instead of choices
 *      verdict: {result, text} | null,    data-result = "correct" | "wrong"
 *      message,                 a line instead of a question (not available, nothing to guess, done)
 *      nextLabel,               the "go on" button's text (null: no button)
 *      score: {right, asked}}
 */
export class PredictBox {
  constructor(t, { choiceTestid = "pair-choice", prefix = "predict", actions }) {
    this.t = t;
    this.actions = actions;
    this.choiceTestid = choiceTestid;
    this.choicesKey = null;
    this.buttons = [];
    this.question = el("p", { className: "predict-question", testid: `${prefix}-question`, id: `${prefix}-question` });
    this.choices = el("div", { className: "predict-choices", testid: `${prefix}-choices`, attrs: { role: "group", "aria-labelledby": `${prefix}-question` } });
    this.choices.addEventListener("keydown", (event) => this.onChoiceKey(event));
    this.numberInput = el("input", {
      className: "lk-number predict-number", testid: `${prefix}-number`, id: `${prefix}-number`,
      attrs: { type: "number", step: 1, inputmode: "numeric", "aria-labelledby": `${prefix}-question` },
    });
    this.numberButton = el("button", { className: "primary predict-guess", testid: `${prefix}-guess`, attrs: { type: "button" }, on: { click: () => this.submitNumber() } });
    this.numberInput.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        this.submitNumber();
      }
    });
    this.numberRow = el("div", { className: "predict-number-row" }, this.numberInput, this.numberButton);
    this.feedback = el("p", { className: "predict-feedback", testid: `${prefix}-feedback` });
    this.next = el("button", { className: "primary predict-next", testid: `${prefix}-next`, attrs: { type: "button" }, on: { click: () => actions.next && actions.next() } });
    this.scoreText = el("span", { className: "predict-score", testid: `${prefix}-score` });
    this.reset = el("button", { className: "ghost predict-reset", testid: `${prefix}-reset`, attrs: { type: "button" }, on: { click: () => actions.resetScore() } });
    this.node = el("section", { className: "predict-box", testid: `${prefix}-box` },
      this.question, this.choices, this.numberRow, this.feedback,
      el("div", { className: "predict-foot" }, this.next, el("span", { className: "predict-score-wrap" }, this.scoreText, this.reset)));
    this.node.hidden = true;
  }

  render(t, model) {
    this.t = t;
    const node = this.node;
    node.hidden = model.status === "off";
    node.dataset.state = model.status;
    if (model.status === "off") return;
    this.question.textContent = model.status === "message" ? model.message : model.question;
    const asking = model.status === "ask";
    this.renderChoices(asking && model.choices ? model.choices : []);
    this.choices.hidden = !(asking && model.choices);
    this.numberRow.hidden = !(asking && model.number);
    if (model.number) {
      this.numberInput.min = String(model.number.min);
      this.numberInput.max = String(model.number.max);
      this.numberButton.textContent = t("predict.check");
    }
    const verdict = model.status === "told" ? model.verdict : null;
    this.feedback.hidden = !verdict;
    const mark = verdict && Object.hasOwn(MARKS, verdict.result) ? `${MARKS[verdict.result]} ` : "";
    this.feedback.textContent = verdict ? `${mark}${verdict.text}` : "";
    if (verdict) this.feedback.dataset.result = verdict.result;
    else delete this.feedback.dataset.result;
    this.next.hidden = !model.nextLabel;
    this.next.textContent = model.nextLabel || "";
    const { right, asked } = model.score;
    this.scoreText.textContent = t("predict.score", { right, asked });
    this.scoreText.dataset.right = String(right);
    this.scoreText.dataset.asked = String(asked);
    this.reset.textContent = t("predict.reset");
  }

  /** The choice buttons, made again only when the choices change (so focus stays on the one it is on). */
  renderChoices(choices) {
    const key = JSON.stringify(choices);
    if (key === this.choicesKey) return;
    const focused = this.buttons.indexOf(document.activeElement);
    this.choicesKey = key;
    this.buttons = choices.map((choice, i) => el("button", {
      className: "predict-choice", testid: this.choiceTestid,
      attrs: { type: "button", tabindex: i === 0 ? 0 : -1 },
      data: { index: i, ...choice.data },
      on: { click: () => this.actions.pick && this.actions.pick(i), focus: () => this.rove(i) },
    }, el("span", { className: "predict-choice-text" }, choice.label)));
    this.choices.replaceChildren(...this.buttons);
    if (focused >= 0 && this.buttons.length) this.buttons[Math.min(focused, this.buttons.length - 1)].focus();
  }

  rove(i) {
    this.buttons.forEach((button, k) => button.setAttribute("tabindex", k === i ? "0" : "-1"));
  }

  /** Moves the focus to choice `i` (clamped); true when there is a choice to focus. */
  focusChoice(i) {
    if (this.choices.hidden || this.buttons.length === 0) return false;
    const k = Math.max(0, Math.min(this.buttons.length - 1, i));
    this.rove(k);
    this.buttons[k].focus();
    return true;
  }

  /** ← → ↑ ↓ Home End inside the choices move among them; the page's own keys do not see them. */
  onChoiceKey(event) {
    const at = this.buttons.indexOf(document.activeElement);
    if (at < 0) return;
    const moves = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1, Home: 0, End: this.buttons.length - 1 };
    if (!Object.hasOwn(moves, event.key)) return;
    event.preventDefault();
    event.stopPropagation();
    this.focusChoice(moves[event.key]);
  }

  focusNumber() {
    if (!this.numberRow.hidden) this.numberInput.focus();
  }

  focusNext() {
    if (!this.next.hidden) this.next.focus();
  }

  submitNumber() {
    const n = Number(this.numberInput.value);
    if (this.numberInput.value.trim() === "" || !Number.isInteger(n) || n < Number(this.numberInput.min) || n > Number(this.numberInput.max)) {
      this.numberInput.setAttribute("aria-invalid", "true");
      this.numberInput.focus();
      return;
    }
    this.numberInput.removeAttribute("aria-invalid");
    this.numberInput.value = "";
    if (this.actions.guess) this.actions.guess(n);
  }
}
