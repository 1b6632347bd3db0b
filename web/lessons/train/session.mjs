// The train lesson's session: its engine requests and what they answered, as immutable snapshots.
//
// Three requests: `train` for the settings (corpus, mode, unit, tie rule, limits), `train_steps` for a
// later page of a long training's steps (the answer lists the first page; the others come as the student
// steps to them, frames.mjs pagedTrace), and the one that cuts the example text with the trained
// tokenizer (frames.mjs tryRequest). The newest wins: an answer asked
// for before a newer request is dropped. Requests are merged (a flight of ../../ui/latest.mjs): one of
// each kind is in flight at a time; asking again meanwhile asks once more, for what is wanted then, when
// it comes back (the worker trains one corpus at a time, so a queue of trainings would only make the
// newest wait). A typed change is
// asked for after a pause; a corpus over AUTO_TRAIN_CHARS trains only when the button asks. Every change
// makes a new frozen snapshot and is reported to the listener as an event.
//
//     snapshot = {trace, trainedKey, trainedPayload, error, busy, asked, stale, outdated, tried, tryError}
//       trace       the last `train` answer (kept when a later one fails), with the pages of steps come since; null before the first
//       trainedKey  settingsKey() of the settings it was trained on;  trainedPayload: its `train` request
//       error       the last training's error, or null;  busy: a training is on its way
//       asked       how many trainings were asked for (a new one restarts the busy line's clock)
//       stale       the page shows an older training than the one asked for (its cards dim)
//       outdated    the settings changed since the shown training (the train button asks for a press)
//       tried       {kind, result, merges, total} of the example's answer (cut with `merges` of the `total` learned), or null;  tryError: its error, or null
//
//     events: "training", "trained", "error", "stale", "tried", "steps" (a page of steps came), "stepsError"

import { settingsKey, trainPayload, tryRequest, triedMerges, pagedTrace, withPage, neededStep, stepReady } from "./frames.mjs";
import { Latest } from "../../ui/latest.mjs";
import { settled } from "../../ui/settled.mjs";

const AUTO_TRAIN_CHARS = 20000;   // longer corpora train when the button is pressed
const TRAIN_DEBOUNCE_MS = 350;
const TRY_DEBOUNCE_MS = 200;

export class TrainSession {
  /**
   * query(kind, payload) -> Promise<{ok, result | error}>: the engine.
   * listener(event): called after each new snapshot (the lesson tells its wish there, when it changed).
   * The lesson tells its wish (`wish()`) before it asks anything and whenever its values or its shown
   * step change: the session never asks the lesson.
   */
  constructor(query, listener) {
    this.query = query;
    this.wished = { values: null, step: 0 }; // the lesson's values (its params) and the step its steps card shows (the example uses its merges)
    this.listener = listener;
    this.snapshot = Object.freeze({
      trace: null, trainedKey: null, trainedPayload: null, error: null, busy: false, asked: 0, stale: false, outdated: false, tried: null, tryError: null,
    });
    this.training = new Latest();                                          // settings keys
    this.trying = new Latest((a, b) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2]);    // [trace, text, merges]
    this.paging = new Latest((a, b) => a[0] === b[0] && a[1] === b[1]);    // [trainedKey, step index]
    this.typed = false;        // the coming settings change was typed
    this.debounce = 0;
    this.tryTyped = false;
    this.tryDebounce = 0;
  }

  /** What the lesson shows now: its values and the step shown. */
  wish({ values, step }) {
    this.wished = { values, step };
  }

  set(patch, event) {
    this.snapshot = Object.freeze({ ...this.snapshot, ...patch });
    this.listener(event);
  }

  /** Says that the corpus change about to arrive was typed. */
  typing() {
    this.typed = true;
  }

  /** Says that the example change about to arrive was typed. */
  tryTyping() {
    this.tryTyped = true;
  }

  /**
   * The settings changed (or the lesson opened: `first`): train at once, after a pause when typed, or,
   * for a corpus too long to train on every change, only mark the shown training as outdated.
   */
  settingsChanged(first) {
    const typed = this.typed;
    this.typed = false;
    settled.cancelDelay(this.debounce);
    if (first || this.wished.values.corpus.length <= AUTO_TRAIN_CHARS) {
      if (typed) this.debounce = settled.delay(() => this.train(), TRAIN_DEBOUNCE_MS);
      else this.train();
      return;
    }
    const outdated = this.snapshot.trainedKey !== settingsKey(this.wished.values);
    this.set({ stale: outdated, outdated }, "stale");
  }

  /** Trains on the wanted settings: the debounce's or the train button's request. */
  async train() {
    settled.cancelDelay(this.debounce);
    const key = settingsKey(this.wished.values);
    const ticket = this.training.open(key);
    if (!ticket) return;
    this.set({ busy: true, asked: this.snapshot.asked + 1, stale: true }, "training");
    const payload = trainPayload(this.wished.values);
    const answer = await this.query("train", payload);
    const wanted = this.training.land();
    if (!this.training.is(ticket)) return;
    if (wanted) this.trained(key, payload, answer);
    else this.train();
  }

  /** The answer for the settings `key` is the newest: it is shown (or its error, over the last one). */
  trained(key, payload, answer) {
    if (!answer.ok) {
      this.set({ busy: false, error: answer.error }, "error");
      return;
    }
    const outdated = key !== settingsKey(this.wished.values);
    this.set({ trace: pagedTrace(answer.result), trainedKey: key, trainedPayload: payload, error: null, busy: false, stale: outdated, outdated }, "trained");
    this.runTry();
  }

  /** Whether a page of steps is on its way (a step key waits for it: the Stepper's host.waiting). */
  loadingSteps() {
    return this.paging.busy;
  }

  /**
   * Frame k needs a step whose page is not here: ask for it (`train_steps`, the shown training's own
   * settings). A newer training supersedes it: its answer is then dropped. While one is on its way,
   * asking for another asks once more when it comes, for the step shown then.
   */
  async needStep(k) {
    const { trace, trainedKey, trainedPayload } = this.snapshot;
    if (!trace || stepReady(trace, k)) return;
    const ticket = this.paging.open([trainedKey, neededStep(trace, k)]);
    if (!ticket) return;
    const answer = await this.query("train_steps", { ...trainedPayload, step: neededStep(trace, k) });
    const wanted = this.paging.land();
    if (!this.paging.is(ticket)) return;
    const now = this.snapshot;
    if (now.trainedKey === trainedKey && now.trace) {
      if (answer.ok) this.set({ trace: withPage(now.trace, answer.result) }, "steps");
      else this.set({ error: answer.error }, "stepsError");
    }
    if (!wanted) this.needStep(this.wished.step);
  }

  /** The example text changed: cut it at once, or after a pause when it was typed. */
  tryChanged() {
    const typed = this.tryTyped;
    this.cancelTry();
    if (typed) this.tryDebounce = settled.delay(() => this.runTry(), TRY_DEBOUNCE_MS);
    else this.runTry();
  }

  /** Drops a pending (not yet asked) example request: a training on its way will ask when it is done. */
  cancelTry() {
    this.tryTyped = false;
    settled.cancelDelay(this.tryDebounce);
  }

  /** Cuts the wanted example with the shown training. */
  async runTry() {
    settled.cancelDelay(this.tryDebounce);
    const trace = this.snapshot.trace;
    if (!trace) return;
    const text = this.wished.values.try;
    const step = this.wished.step;
    const merges = triedMerges(trace, step);
    const ticket = this.trying.open([trace, text, merges]);
    if (!ticket) return;
    const answer = await this.query(...tryRequest(trace, this.snapshot.trainedPayload, text, step));
    const wanted = this.trying.land();
    if (!this.trying.is(ticket)) return;
    if (!wanted) this.runTry();
    else this.set({ tried: answer.ok ? { kind: trace.kind, result: answer.result, merges, total: trace.n_steps } : null, tryError: answer.ok ? null : answer.error }, "tried");
  }

  destroy() {
    settled.cancelDelay(this.debounce);
    settled.cancelDelay(this.tryDebounce);
    this.training.drop();
    this.trying.drop();
    this.paging.drop();
    this.listener = () => {};
  }
}
