// Ask before telling: the one question a lesson opens on (how many tokens? which pair merges first?
// which table needs the fewest?). While it waits, the lesson's answer regions are hidden (display none,
// not dimmed); a guess or "Show the answer" reveals them, with the verdict. The rest of the lesson works
// meanwhile. Asking is on by default; the teacher's switch (the core state field `ask`, kept by a link
// as `ask=0`) turns it off in every lesson.
//
// Nothing here knows a lesson: each lesson makes its question from the engine's answer, so the right
// answer is always the engine's, and the guess is judged against it here.
//
//     const ask = new AskFirst(ctx, { regions: [resultCard, idsCard] });
//     page: ask.node (the question, data-testid=ask-first);   update: ask.show(state.ask)
//     each draw: ask.render(quiz), where quiz is
//       null                                   nothing to ask (an error, an empty text): the regions show
//       {key, question, choices: [label], correct: [index], answer}   choose one; `answer` says the engine's
//       {key, question, number: n}             type a number, judged against the engine's n
//     `choices` or `number` null: the engine's answer is on its way (the question waits with the regions hidden).
//
// One question per lesson opened: once it is answered (or asking is turned off), the lesson tells at once;
// turning asking on again asks afresh about what is on show. A question whose key changes before it is
// answered (another text typed) follows the new key.

import { el } from "./dom.mjs";
import { PredictBox, Score } from "./predict.mjs";
import { gapVerdict } from "./predictCount.mjs";
import "./askFirstWords.mjs";

export const ASK_FIRST_TESTID = "ask-first";
const HIDDEN_CLASS = "ask-waiting";

/**
 * The verdict on a guess (`pick`: a choice's index, or a typed number; null: the answer was asked for
 * without a guess) against the engine's answer in `quiz`: {result, text}.
 *
 *     judge(t, {choices: ["a", "b"], correct: [1], answer: "b: 3 tokens."}, 0) -> {result: "wrong", text: "Not this time: …"}
 */
export function judge(t, quiz, pick) {
  if (quiz.choices) {
    if (pick === null) return { result: "shown", text: t("ask.shown", { answer: quiz.answer }) };
    const right = quiz.correct.includes(pick);
    return right
      ? { result: "correct", text: t("ask.right", { answer: quiz.answer }) }
      : { result: "wrong", text: t("ask.wrong", { pick: quiz.choices[pick], answer: quiz.answer }) };
  }
  if (pick === null) return { result: "shown", text: t("ask.shownNumber", { n: quiz.number.toLocaleString() }) };
  return gapVerdict(t, pick, quiz.number);
}

/** Whether the quiz has the engine's answer yet (its choices, or its number). */
export function answered(quiz) {
  return quiz.choices ? Array.isArray(quiz.correct) && quiz.correct.length > 0 : Number.isInteger(quiz.number);
}

export class AskFirst {
  /**
   * ctx: the lesson's context (t, announce); regions: the elements that show the answer;
   * answered(): called once the question is answered (a lesson that draws its answer only then).
   */
  constructor(ctx, { regions = [], answered = () => {} } = {}) {
    this.ctx = ctx;
    this.regions = regions;
    this.answered = answered;
    this.on = true;
    this.done = false;     // the lesson's question was answered (or shown) since it opened
    this.quiz = null;      // the question asked (the lesson's newest until it is answered)
    this.current = null;   // the lesson's newest question: the verdict shows while it is the one answered
    this.told = null;      // {quiz, pick}: what was answered, so the verdict can be worded again
    this.score = new Score();
    this.box = new PredictBox(ctx.t, {
      prefix: "ask", choiceTestid: "ask-choice",
      actions: {
        pick: (i) => this.answer(i),
        guess: (n) => this.answer(n),
        next: () => this.answer(null),
        resetScore: () => {
          this.score.reset();
          this.draw();
        },
      },
    });
    this.box.question.dataset.testid = ASK_FIRST_TESTID;
    this.box.feedback.setAttribute("tabindex", "-1"); // the focus goes to the verdict once the choices go
    this.node = el("div", { className: "ask-first", testid: "ask-first-box" }, this.box.node);
    this.node.hidden = true;
  }

  /** Asking on or off (the state's `ask`); turned on again, it asks afresh. */
  show(on) {
    const value = on !== false;
    if (value === this.on) return;
    this.on = value;
    if (value) {
      this.done = false;
      this.told = null;
      this.quiz = this.current; // what is on show now, not what was asked before
    }
    this.draw();
  }

  /** True while the answer regions are hidden: a question is waiting for a guess. */
  asking() {
    return this.on && !this.done && this.quiz !== null;
  }

  /** The lesson's question for what it shows now (see the top of the module), drawn at once. */
  render(quiz) {
    if (!this.done && quiz && this.quiz && quiz.key !== this.quiz.key) this.box.numberInput.value = "";
    if (!this.done) this.quiz = quiz;
    this.current = quiz;
    this.draw();
  }

  /** A guess, or null for "Show the answer": judged against the engine's answer, said, and the regions shown. */
  answer(pick) {
    const quiz = this.quiz;
    if (!this.asking() || !answered(quiz)) return;
    const verdict = judge(this.ctx.t, quiz, pick);
    if (verdict.result !== "shown") this.score.add(verdict.result === "correct");
    this.done = true;
    this.told = { quiz, pick };
    this.draw();
    this.answered();
    this.ctx.announce(verdict.text);
    this.box.feedback.focus({ preventScroll: true });
  }

  draw() {
    const t = this.ctx.t;
    const hide = this.asking();
    for (const region of this.regions) region.classList.toggle(HIDDEN_CLASS, hide);
    const base = { score: this.score.value, choices: null, number: null, verdict: null, nextLabel: null };
    let model = { status: "off" };
    if (this.on && this.told && this.current && this.current.key === this.told.quiz.key) {
      const { quiz, pick } = this.told;
      model = { ...base, status: "told", question: quiz.question, verdict: judge(t, quiz, pick) };
    } else if (hide && !answered(this.quiz)) {
      model = { ...base, status: "message", message: `${this.quiz.question} ${t("ask.waiting")}` };
    } else if (hide) {
      const quiz = this.quiz;
      model = {
        ...base, status: "ask", question: quiz.question, nextLabel: t("ask.show"),
        choices: quiz.choices ? quiz.choices.map((label) => ({ label, data: {} })) : null,
        number: quiz.choices ? null : { min: 0, max: 1_000_000_000 },
      };
    }
    this.node.hidden = model.status === "off";
    this.node.dataset.state = model.status;
    this.box.render(t, model);
  }
}

/**
 * A choice question on counts: which of `rows` ({label, n}, n from the engine; null while on its way) has
 * the fewest tokens (or the most, `most`). Every row that shares the best count is a right answer.
 *
 *     countQuiz(t, {key: "x", question: "…", rows: [{label: "a", n: 3}, {label: "b", n: 2}]})
 *       -> {key: "x", question: "…", choices: ["a", "b"], correct: [1], answer: "The fewest tokens: b, 2."}
 */
export function countQuiz(t, { key, question, rows, most = false }) {
  const choices = rows.map((row) => row.label);
  if (rows.length < 2 || !rows.every((row) => Number.isInteger(row.n))) return { key, question, choices, correct: null, answer: "" };
  const counts = rows.map((row) => row.n);
  const best = most ? Math.max(...counts) : Math.min(...counts);
  const correct = counts.flatMap((n, i) => (n === best ? [i] : []));
  const names = correct.map((i) => choices[i]).join(t("ask.listSep"));
  return { key, question, choices, correct, answer: t(most ? "ask.most" : "ask.fewest", { names, n: best.toLocaleString() }) };
}
