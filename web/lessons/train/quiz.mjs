// The train lesson's guessing ("predict, then reveal"): how many merges the student has seen of each
// training (trace), the verdict on show, and the session's score (shared with the other lessons: ui/predict.mjs
// Score). It holds no DOM and asks no engine: the lesson gives it its values and the trace.
//
//     quiz.view(values, trace)          -> {on, pending, limit, model}   what the view draws
//     quiz.limit(values, trace)         -> the last step the Stepper may show
//     quiz.pick(values, trace, k, pair) -> the verdict, or null when no question was pending
//     quiz.next(), quiz.restart()

import { Score } from "../../ui/predict.mjs";
import { questionStatus, judgePick, predictModel } from "./predict.mjs";

export class TrainQuiz {
  constructor(t) {
    this.t = t;
    this.seen = new WeakMap();   // trace -> how many of its merges the student has seen
    this.phase = "ask";      // "told": the last guess's verdict is on show
    this.verdict = null;
    this.score = new Score();
  }

  /** Whether guessing holds the steps back (predict on, and a merge with its pair table to guess). */
  guessing(values, trace) {
    if (!values.predict || !trace) return false;
    const status = questionStatus(trace, 0, 0);
    return status !== "none" && status !== "unavailable";
  }

  /** Merges of this training the student has seen; a training first met counts those before its step. */
  revealed(values, trace) {
    if (!this.seen.has(trace)) this.seen.set(trace, Math.max(0, Math.min(values.step, trace.steps.length + 1) - 1));
    return this.seen.get(trace);
  }

  /** The last step the Stepper may show: the pending question's frame while guessing. */
  limit(values, trace) {
    const total = trace ? trace.steps.length + 1 : 0;
    return this.guessing(values, trace) ? Math.min(this.revealed(values, trace) + 1, total) : total;
  }

  /** Everything the view needs to draw guessing at the shown step `k`. */
  view(values, trace, k) {
    const limit = this.limit(values, trace);
    if (!values.predict) return { on: false, pending: false, limit, model: { status: "off" } };
    const revealed = this.guessing(values, trace) ? this.revealed(values, trace) : Infinity;
    const model = predictModel(this.t, trace, k, { revealed, phase: this.phase, verdict: this.verdict, score: this.score.value });
    return { on: true, pending: model.status === "ask", limit, model };
  }

  /** The student picked `pair` at merge frame `k`: judged against the engine's step and scored. */
  pick(values, trace, k, pair) {
    if (!this.guessing(values, trace) || this.phase === "told") return null;
    if (questionStatus(trace, k, this.revealed(values, trace)) !== "ask") return null;
    const verdict = judgePick(trace, k, pair);
    this.score.add(verdict.result === "correct");
    this.verdict = verdict;
    this.phase = "told";
    this.seen.set(trace, k);
    return verdict;
  }

  /** From a verdict on to the next question; false when no verdict was on show. */
  next() {
    if (this.phase !== "told") return false;
    this.phase = "ask";
    this.verdict = null;
    return true;
  }

  /** Other settings, or guessing turned on: the verdict on show goes; `fresh` forgets what was seen. */
  restart(fresh) {
    this.phase = "ask";
    this.verdict = null;
    if (fresh) this.seen = new WeakMap();
  }
}
