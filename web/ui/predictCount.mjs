// Guess a number before the reveal (how many tokens, how many characters): the decode, compare and
// quirks lessons. The lesson hides its answer while `hiding()` is true, and gives the number to judge
// against from the engine's answer; the verdict shows the gap. The score is the session's (Score).
//
//     const guess = new CountGuess(ctx, { questionKey: "predict.compare.ask", changed: () => this.redraw() });
//     page: guess.toggle, guess.box.node;   state: guess.show(state.predict);   new question: guess.ask(key)
//     render: guess.render({answer: n | null, vars});   hide the answer while guess.hiding()

import { el, Bindings } from "./dom.mjs";
import { PredictBox, Score, predictSwitch } from "./predict.mjs";

/** The verdict on guessing `guess` when the answer is `answer`: {result, text}. */
export function gapVerdict(t, guess, answer) {
  if (guess === answer) return { result: "correct", text: t("predict.gapExact", { n: answer.toLocaleString() }) };
  return {
    result: "wrong",
    text: t("predict.gap", { guess: guess.toLocaleString(), n: answer.toLocaleString(), gap: Math.abs(guess - answer).toLocaleString() }),
  };
}

export class CountGuess {
  /**
   * ctx: the lesson's context (t, setState, getState, announce).
   * questionKey: the question's i18n key;  changed(): the lesson redraws (the answer shows or hides).
   */
  constructor(ctx, { questionKey, changed, max = 1_000_000 }) {
    this.ctx = ctx;
    this.questionKey = questionKey;
    this.changed = changed;
    this.max = max;
    this.on = false;
    this.key = null;        // the question on show (the lesson's text, case ...)
    this.guessed = null;    // the number guessed for it, or null
    this.answer = null;     // the engine's number for it, once known
    this.vars = {};
    this.score = new Score();
    this.b = new Bindings();
    this.toggle = predictSwitch(this.b, { testid: "predict-toggle", labelKey: "predict.toggle", onToggle: () => ctx.setState({ predict: !this.on }) });
    this.box = new PredictBox(ctx.t, {
      actions: {
        guess: (n) => this.guess(n),
        resetScore: () => {
          this.score.reset();
          this.draw();
        },
      },
    });
    this.node = el("div", { className: "predict-count" }, this.toggle, this.box.node);
  }

  /** Guessing on or off (the lesson's `predict` field). */
  show(on) {
    if (on === this.on) return;
    this.on = on;
    this.guessed = null;
    this.changed();
  }

  /** A new question (its key, e.g. the text): the guess starts again. */
  ask(key) {
    if (key === this.key) return;
    this.key = key;
    this.guessed = null;
    this.answer = null;
  }

  /** True while the answer must stay hidden: guessing is on and no guess was made. */
  hiding() {
    return this.on && this.guessed === null;
  }

  guess(n) {
    if (!this.on || this.guessed !== null || this.answer === null) return;
    this.guessed = n;
    const verdict = gapVerdict(this.ctx.t, n, this.answer);
    this.score.add(verdict.result === "correct");
    this.ctx.announce(verdict.text);
    this.changed();
  }

  /** Draws the box for the engine's number (null while it is on its way); `vars` fill the question. */
  render({ answer, vars = {} }) {
    this.answer = answer;
    this.vars = vars;
    this.draw();
  }

  draw() {
    const t = this.ctx.t;
    this.b.apply(t);
    this.toggle.setAttribute("aria-pressed", String(this.on));
    const base = { score: this.score.value, choices: null, number: null, verdict: null, nextLabel: null };
    let model;
    if (!this.on) model = { status: "off" };
    else if (this.answer === null) model = { ...base, status: "message", message: t("predict.waiting") };
    else if (this.guessed === null) model = { ...base, status: "ask", question: t(this.questionKey, this.vars), number: { min: 0, max: this.max } };
    else model = { ...base, status: "told", question: t(this.questionKey, this.vars), verdict: gapVerdict(t, this.guessed, this.answer) };
    this.box.render(t, model);
  }
}
