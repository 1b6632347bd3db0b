// Lesson "encode": watch GPT-2 (r50k) turn text into ids: pieces, merges by rank, id lookup.
//
// Three parts, wired here (docs/frontend.md, "A lesson's shape"):
//   encode/session.mjs  the engine requests (overview, trace_piece) and their answers, as snapshots
//   encode/frames.mjs   what the page shows, pure functions of (snapshot, state)
//   encode/view.mjs     the page's elements, drawn from (snapshot, frame); page.mjs builds them
// and the shared Stepper (ui/stepper.mjs) moves `state.step`. Every frame is built from (trace, step)
// alone, so stepping back or jumping is instant and exact; the Stepper only adds a tween between
// step k-1 and k. Every change the lesson makes is an action (`dispatch`); encode/actions.mjs decides,
// purely, what it does to the piece and the step ("One action, from key to canvas" in docs/frontend.md).

import { param } from "../state.mjs";
import { TIMING } from "../theme.mjs";
import { buildFrame } from "../canvas/frames.mjs";
import { Stepper } from "../ui/stepper.mjs";
import { guessKey, guessAnnouncement } from "../ui/predict.mjs";
import { EncodeSession } from "./encode/session.mjs";
import { EncodeView } from "./encode/view.mjs";
import { reduce, START } from "./encode/actions.mjs";
import { announcement } from "./encode/words.mjs";
import { isFamilyTrace, stepCount } from "./encode/family.mjs";
import { familyCaption } from "./encode/familyWords.mjs";
import { familyGifStage } from "./encode/familyView.mjs";
import { EncodeQuiz } from "./encode/quiz.mjs";
import { EncodingChoice, encodingParam, tableTitle, CUSTOM_TABLE } from "./encodings.mjs";
import { EncodeAsk } from "./encode/ask.mjs";
import { FileOpener } from "./models/file.mjs";
import { QuickCounts } from "./encode/quick.mjs";
import { allIds } from "./encode/allIds.mjs";
import { el } from "../ui/dom.mjs";
import "./encode/strings.mjs";

const PARAMS = new Map([
  ["piece", param.int(0)],
  ["step", param.int(0)],
  ["mistake", param.bool(false)],
  ["hex", param.bool(false)],
  ["predict", param.bool(false)],
  ["room", param.bool(false)],
  ["code", param.bool(false)],
  ["encoding", encodingParam()],
  ["tokfile", param.text("", 200)], // the name of the reader's tokenizer.json, when one is in use (as in the models lesson)
]);

const KEYS = [
  ["Space", "keys.play"],
  ["← →", "keys.step"],
  ["↑ ↓ [ ]", "keys.piece"],
  ["Home End", "keys.ends"],
  ["← →", "keys.predictMove"],
  ["Enter", "keys.predictNext"],
  ["1 2 3 4", "keys.poll"],
];

const PIECE_KEYS = new Map([["ArrowUp", -1], ["[", -1], ["ArrowDown", 1], ["]", 1]]); // the piece before or after

class EncodeLesson {
  constructor(ctx) {
    this.ctx = ctx;
    // Every change of the lesson's own is an action (encode/actions.mjs): `model` is what reduce() keeps
    // between them, `cause` the action whose patch update() is drawing (null: a change from outside),
    // `queue` the actions dispatched while an update runs (they run after it, never inside it).
    this.model = START;
    this.cause = null;
    this.queue = [];
    // The table in use is the choice's `active` one: r50k until the chosen table has loaded.
    this.choice = new EncodingChoice(ctx, () => {
      this.wish();
      this.dispatch({ type: "tableInUse" });
    }, { choose: (encoding) => this.dispatch({ type: "tableChosen", encoding }) });
    // The reader's own tokenizer.json (issue 24), beside the table select: once open, it is the table
    // "custom" here (and in every select), and a row of the models lesson.
    this.file = new FileOpener(ctx, null, { id: "encode-file", onOpened: (name) => this.fileOpened(name), openKey: "models.fileOpenEncode" });
    // The quick answer under the box: the text's count in every table of the select; a tap chooses one.
    this.quick = new QuickCounts(ctx, {
      tables: () => Array.from(this.choice.select.options, (option) => option.value),
      choose: (encoding) => this.dispatch({ type: "tableChosen", encoding }),
      openModels: (text) => ctx.setState({ lesson: "models", mtext: text }),
    });
    this.session = new EncodeSession(ctx.query, (event, detail) => this.onSession(event, detail));
    this.stepper = new Stepper({
      step: () => this.state.step,
      total: () => this.quiz.limit(this.state, this.session.snapshot.trace),
      waiting: () => this.session.waiting(),
      show: (k) => this.dispatch({ type: "stepped", step: k }),
      speed: () => this.state.speed,
      holdMs: TIMING.holdMs,
      reducedMotion: () => ctx.reducedMotion(),
      tweenMs: (to) => TIMING.mergeMs + (to === this.total() ? TIMING.lookupMs : 0),
      onTween: () => this.view.drawCanvases(),
      onPlaying: () => this.view.mark("controls"),
    });
    this.quiz = new EncodeQuiz(ctx.t);
    this.view = new EncodeView(ctx.root, ctx.t, {
      stepper: this.stepper,
      willType: (text) => this.session.prefetch(text),
      typed: (text, pasted) => this.dispatch({ type: "typed", text, pasted, caret: this.view.caret() }),
      preset: (preset) => this.dispatch({ type: "preset", preset }),
      selectPiece: (index) => this.selectPiece(index),
      pieceBy: (delta) => this.pieceBy(delta),
      turnPage: (delta) => this.turnPage(delta),
      copyIds: () => this.view.copyIds(() => (this.overview() ? allIds((kind, payload) => ctx.query(kind, payload), this.overview()) : [])),
      toggleMistake: () => ctx.setState({ mistake: !this.state.mistake }),
      toggleHex: () => ctx.setState({ hex: !this.state.hex }),
      toggleCode: () => ctx.setState({ code: !this.state.code }),
      source: () => ctx.query("source", { name: "encode" }),
      setSpeed: (speed) => ctx.setState({ speed }),
      togglePredict: () => ctx.setState({ predict: !this.state.predict }),
      toggleRoom: () => ctx.setState({ room: !this.state.room, predict: true }),
      pick: (index) => this.pick(index),
      next: () => this.next(),
      resetScore: () => {
        this.quiz.score.reset();
        this.view.mark("predict");
      },
      roomReveal: () => this.revealRoom(),
      roomChanged: () => this.view.mark("predict"),
      quick: this.quick.node,
      encodingChoice: el("div", {}, this.choice.element, this.fileFold = el("details", { className: "lk-file-fold", testid: "tokenizer-file-fold" },
        this.fileSummary = el("summary", {}), this.choice.note, this.file.node)),
    }, () => ({
      snapshot: this.session.snapshot, state: this.state, tween: this.stepper.tween, ready: ctx.engineReady(),
      loadingTable: this.choice.loading ? this.choice.loading.name : "", active: this.choice.active, quiz: this.quizView(),
    }));
    this.ask = new EncodeAsk(ctx, this.view.r, this.quick.node, { snapshot: () => this.session.snapshot, table: () => this.choice.active });
  }

  get state() {
    return this.ctx.getState();
  }

  overview() {
    return this.session.snapshot.overview;
  }

  total() {
    return stepCount(this.session.snapshot.trace);
  }

  // ------------------------------------------------------------ predict, then reveal

  quizView() {
    return this.quiz.view(this.state, this.session.snapshot.trace);
  }

  /** The student picked pair `index`: judged against the engine's step, said, then merged. */
  pick(index) {
    if (this.quiz.pick(this.state, this.session.snapshot.trace, this.stepper.step(), index)) this.told();
  }

  /** The room's hands are counted: reveal the merge and the ranks of the options. */
  revealRoom() {
    if (this.quiz.revealRoom(this.state, this.session.snapshot.trace, this.stepper.step())) this.told();
  }

  told() {
    this.view.redraw({ focus: "next" }, "predict");
    this.stepper.stepBy(1);
  }

  /** Goes on from a verdict to the next question. */
  next() {
    if (!this.quiz.next()) return;
    this.view.redraw({ focus: "choices" }, "predict", "stage2", "controls");
    this.announceStep();
  }

  // ------------------------------------------------------------ the lesson contract

  /** Runs `action`: reduce() decides, then the patch is set (update() draws it once), then its effects. */
  dispatch(action) {
    if (this.cause) {
      this.queue.push(action); // an update is running: this action comes after it
      return;
    }
    const { model, patch, before, after } = reduce({ model: this.model, state: this.state, overview: this.overview(), active: this.choice.active }, action);
    this.model = model;
    for (const effect of before) this.effect(effect);
    if (patch) {
      this.cause = action;
      try {
        this.ctx.setState(patch);
      } finally {
        this.cause = null;
      }
    }
    this.wish();
    for (const effect of after) this.effect(effect);
    this.drain();
  }

  drain() {
    while (!this.cause && this.queue.length > 0) this.dispatch(this.queue.shift());
  }

  effect(name) {
    switch (name) {
      case "pause": return this.stepper.pause();
      case "drop": return this.stepper.drop();
      case "forgetTraces": return this.session.forgetTraces();
      case "reloadCustom": return this.choice.reloadCustom();
      case "ask": return this.session.retrace();
      case "trace": return this.session.ensureTrace();
      case "markAll": return this.view.markAll();
      case "stepChanged": return this.stepChanged();
      case "overviewShown": {
        this.choice.learned(this.overview().model);
        return this.view.markOverview(this.overview());
      }
      default: throw new Error(`encode: no effect ${name}`);
    }
  }

  /** Tells the session what the lesson shows now: the text, the piece, the table in use (it never asks). */
  wish() {
    const { text, piece } = this.state;
    this.session.wish({ text, piece, encoding: this.choice.active });
  }

  update(state, changed) {
    const cause = this.cause;
    if (!cause) this.model = reduce({ model: this.model, state, overview: this.overview(), active: this.choice.active }, { type: "changed", changed }).model;
    this.cause = cause ?? { type: "changed" };
    try {
      this.draw(state, changed, this.cause);
    } finally {
      this.cause = cause;
    }
    if (!cause) this.drain();
  }

  /** Draws a change of state, once; `cause` is the action that made it ("changed": from outside). */
  draw(state, changed, cause) {
    const view = this.view;
    if (changed.has("lang")) view.relabel();
    if (changed.has("lang") || !this.fileSummary.textContent) {
      this.file.render();
      this.fileSummary.textContent = this.ctx.t("encode.tableMore");
    }
    this.choice.update(state, changed);
    this.wish(); // the text, the piece and the table in use as they are now, before the session is asked
    // A table chosen starts loading now: the stage says so at once (it kept the table before's steps).
    if (changed.has("encoding")) view.mark("stage2");
    if (this.choice.needsFile) this.fileFold.open = true; // a link named a file this page lacks: show where it goes
    if (changed.has("text")) {
      view.showText(state.text);
      this.stepper.pause();
      view.mark("input");
      this.session.textChanged({ typed: cause.type === "typed" });
    }
    if (changed.has("text") || changed.has("encoding") || changed.has("lang")) {
      this.quick.show(state.text, state.encoding, { typed: cause.type === "typed" }); // typed: the counts wait for a pause
    }
    if (changed.has("piece") && !changed.has("text")) this.session.ensureTrace();
    // A new text redraws the piece when the engine answers for it (the "trace" event), not before.
    if ((changed.has("step") || changed.has("piece")) && !changed.has("text")) this.stepChanged();
    if (changed.has("speed")) view.mark("controls");
    if (changed.has("text") || changed.has("piece") || changed.has("predict") || changed.has("room")) {
      this.quiz.restart(changed.has("predict") && state.predict);
    }
    if (changed.has("predict") && state.predict) this.stepper.pause();
    if (["predict", "room", "lang", "projector"].some((name) => changed.has(name))) view.mark("predict", "stage2", "controls");
    if (["mistake", "projector", "motion", "code"].some((name) => changed.has(name))) view.mark("stage2");
    if (changed.has("hex")) view.mark("strip", "stage2", "chips");
    if (changed.has("projector") && state.projector) view.redraw({ scroll: "canvas" }, "stage2");
    if (changed.has("lang")) this.announceStep();
    this.ask.update();
  }

  onKey(event) {
    if (this.state.predict && this.predictKey(event)) return true;
    if (this.stepper.onKey(event)) return true;
    if (!PIECE_KEYS.has(event.key)) return false;
    this.pieceBy(PIECE_KEYS.get(event.key));
    return true;
  }

  /** Keys while guessing: arrows go to the choices, Enter goes on, 1-4 count the room's hands. */
  predictKey(event) {
    return guessKey(event, this.quizView().model.status, { next: () => this.next(), ask: () => {
      if (this.state.room && /^[1-4]$/.test(event.key)) return this.view.addHand(Number(event.key) - 1);
      if (!this.state.room && (event.key === "ArrowRight" || event.key === "ArrowLeft")) {
        return this.view.focusChoice(event.key === "ArrowRight" ? 0 : Infinity);
      }
      return false;
    } });
  }

  /** What an export draws: the three stages, the text, the table in use, the merge canvas for a GIF. */
  exportScene() {
    const r = this.view.r;
    // A SentencePiece or WordPiece table's steps are not on the merge canvas (which may still hold another
    // table's piece): its GIF draws its own stage, step by step, on a copy of it (ui FamilyStage).
    const trace = this.session.snapshot.trace;
    const stage = isFamilyTrace(trace) ? familyGifStage(this.ctx.t, trace, tableTitle(this.state.encoding, this.ctx.t), r.family.node) : null;
    return { view: r.view, text: r.textarea.value, table: this.state.encoding, merges: stage ? null : r.rankCanvas, stage };
  }

  destroy() {
    this.quick.destroy();
    this.choice.destroy();
    this.stepper.destroy();
    this.session.destroy();
    this.view.destroy();
  }

  /** The reader's file `name` is open: it becomes the table, from its first piece's first step. */
  fileOpened(name) {
    // A second file: the same table name, another table.
    this.dispatch({ type: "fileOpened", name, again: this.state.encoding === CUSTOM_TABLE });
  }

  // ------------------------------------------------------------ pieces

  pieceBy(delta) {
    const n = this.overview() ? this.overview().n_pieces : 0;
    if (n === 0) return;
    this.selectPiece(Math.max(0, Math.min(n - 1, this.state.piece + delta)));
  }

  selectPiece(index) {
    this.dispatch({ type: "pieceChosen", piece: index });
  }

  turnPage(delta) {
    const o = this.overview();
    if (!o) return;
    const start = o.piece_offset + delta * o.piece_limit;
    if (start < 0 || start >= o.n_pieces) return;
    this.selectPiece(start);
  }

  // ------------------------------------------------------------ the session's news

  onSession(event, detail) {
    this.ask.update();
    switch (event) {
      case "overview":
        this.dispatch({ type: "overview", previous: detail.previous, empty: detail.empty });
        break;
      case "error":
        this.stepper.drop();
        this.view.markAll();
        break;
      case "page":
        this.view.markAll();
        break;
      case "tracing":
        this.view.markTrace();
        break;
      case "trace":
        // A step past the end is cut to it (drawn and said by update(), as any change of step is, once).
        this.dispatch({ type: "trace", total: this.total() });
        this.view.markTrace();
        this.stepper.arrived(); // a step key pressed while this trace was on its way
        break;
      case "stale":
        this.view.mark("stale");
        break;
      default:
        break; // "pending": nothing changes on the page unless the answer is slow ("stale")
    }
  }

  stepChanged() {
    this.stepper.settle();
    this.view.mark("stage2");
    this.announceStep();
  }

  announceStep() {
    const trace = this.session.snapshot.trace;
    if (!trace) return;
    const step = Math.min(this.state.step, stepCount(trace));
    if (isFamilyTrace(trace)) {
      this.ctx.announce(familyCaption(this.ctx.t, trace, step));
      return;
    }
    this.ctx.announce(guessAnnouncement(this.quizView().model) ?? announcement(this.ctx.t, trace, buildFrame(trace, trace, step)));
  }
}

export default Object.freeze({
  id: "encode",
  params: PARAMS,
  keys: KEYS,
  create: (ctx) => new EncodeLesson(ctx),
  sheet: (ctx, state) => import("../classroom/sheets.mjs").then((m) => m.encodeSheet(ctx, state)),
});
