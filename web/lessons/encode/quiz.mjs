// The encode lesson's guessing ("predict, then reveal"): what the student has seen of each piece, the
// verdict on show, and the session's score. It holds no DOM and asks no engine: the lesson gives it the
// state and the selected piece's trace, and moves the Stepper and the view when a guess is told.
//
//     quiz.view(state, trace)          -> {on, room, revealed, limit, model}   what the view draws
//     quiz.limit(state, trace)         -> the last step the Stepper may show
//     quiz.pick(state, trace, step, i) -> the verdict, or null when no question was pending
//     quiz.revealRoom(state, trace, step), quiz.next(), quiz.restart()

import { Quiz } from "../../ui/predict.mjs";
import { questionStatus, judgePick, predictModel } from "./predict.mjs";
import { isFamilyTrace, stepCount } from "./family.mjs";

export class EncodeQuiz extends Quiz {
  constructor(t) {
    super(t);
    this.seen = new Map();   // JSON [text, piece] -> how many of its steps the student has seen
  }

  static key(state) {
    return JSON.stringify([state.text, state.piece]);
  }

  /** Whether guessing holds the steps back for this piece (predict on, and a merge there to guess). */
  guessing(state, trace) {
    if (!state.predict || !trace || isFamilyTrace(trace)) return false; // guessing asks for ranks: byte-level BPE's
    const status = questionStatus(trace, 0, 0);
    return status !== "none" && status !== "unavailable";
  }

  /** Steps of the shown piece the student has seen; a piece first met counts the step it opened on. */
  revealed(state, trace) {
    const key = EncodeQuiz.key(state);
    if (!this.seen.has(key)) this.seen.set(key, Math.min(state.step, stepCount(trace)));
    return this.seen.get(key);
  }

  /** The last step the Stepper may show: the pending question's frame while guessing. */
  limit(state, trace) {
    const total = stepCount(trace);
    return this.guessing(state, trace) ? Math.min(this.revealed(state, trace), total) : total;
  }

  /** Everything the view needs to draw guessing: how far frames are revealed, and the box's model. */
  view(state, trace) {
    const total = stepCount(trace);
    if (!state.predict || isFamilyTrace(trace)) return { on: false, room: false, revealed: Infinity, limit: total, model: { status: "off" } };
    const revealed = this.guessing(state, trace) ? this.revealed(state, trace) : Infinity;
    const model = predictModel(this.t, trace, Math.min(state.step, total), {
      room: state.room, revealed, phase: this.phase, verdict: this.verdict, score: this.score.value, key: EncodeQuiz.key(state),
    });
    return { on: true, room: state.room, revealed, limit: this.limit(state, trace), model };
  }

  /** Whether the question of frame `step` is pending (asked, not answered). */
  pending(state, trace, step) {
    return this.guessing(state, trace) && this.phase !== "told" && questionStatus(trace, step, this.revealed(state, trace)) === "ask";
  }

  /** The student picked pair `index` at frame `step`: judged against the engine's step and scored. */
  pick(state, trace, step, index) {
    if (!this.pending(state, trace, step)) return null;
    const verdict = judgePick(trace, step, index);
    this.score.add(verdict.result === "correct");
    return this.tell(state, verdict);
  }

  /** The room's hands are counted: the merge is revealed (the room is not scored). */
  revealRoom(state, trace, step) {
    if (!this.pending(state, trace, step)) return null;
    const next = trace.steps[step];
    return this.tell(state, { step, room: true, result: "room", real: { left: next.left, right: next.right, rank: next.rank, position: next.position } });
  }

  tell(state, verdict) {
    this.seen.set(EncodeQuiz.key(state), verdict.step + 1);
    return this.show(verdict);
  }

  /** Another text, piece or mode: the verdict on show goes; `fresh` forgets what was seen too. */
  restart(fresh) {
    super.restart();
    if (fresh) this.seen.clear();
  }
}
