// Lesson "encode": watch GPT-2 (r50k) turn text into ids: pieces, merges by rank, id lookup.
//
// Three parts, wired here (docs/frontend.md, "A lesson's shape"):
//   encode/session.mjs  the engine requests (overview, trace_piece) and their answers, as snapshots
//   encode/frames.mjs   what the page shows, pure functions of (snapshot, state)
//   encode/view.mjs     the page's elements, drawn from (snapshot, frame); page.mjs builds them
// and the shared Stepper (ui/stepper.mjs) moves `state.step`. Every frame is built from (trace, step)
// alone, so stepping back or jumping is instant and exact; the Stepper only adds a tween between
// step k-1 and k.

import { param } from "../state.mjs";
import { TIMING } from "../theme.mjs";
import { buildFrame } from "../canvas/frames.mjs";
import { Stepper } from "../ui/stepper.mjs";
import { guessKey, guessAnnouncement } from "../ui/predict.mjs";
import { EncodeSession } from "./encode/session.mjs";
import { EncodeView } from "./encode/view.mjs";
import { pieceMeta, followPiece } from "./encode/frames.mjs";
import { announcement } from "./encode/words.mjs";
import { isFamilyTrace, stepCount } from "./encode/family.mjs";
import { familyCaption } from "./encode/familyWords.mjs";
import { familyGifStage } from "./encode/familyView.mjs";
import { EncodeQuiz } from "./encode/quiz.mjs";
import { EncodingChoice, encodingParam, tableTitle, CUSTOM_TABLE } from "./encodings.mjs";
import { EncodeAsk } from "./encode/ask.mjs";
import { FileOpener } from "./models/file.mjs";
import { QuickCounts } from "./encode/quick.mjs";
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
    this.opened = false; // update() was called once (the lesson's first state)
    this.tableChosen = false; // the encoding changed since: its trace starts at step 0
    this.pasted = false; // the last text change was a paste: open its first telling piece
    this.held = null; // the text of the piece the reader was put on or went to (see onOverview)
    this.following = false; // the piece is being set from an overview, not by the reader
    // The table in use is the choice's `active` one: r50k until the chosen table has loaded.
    this.choice = new EncodingChoice(ctx, () => this.encodingChanged());
    // The reader's own tokenizer.json (issue 24), beside the table select: once open, it is the table
    // "custom" here (and in every select), and a row of the models lesson.
    this.file = new FileOpener(ctx, null, { id: "encode-file", onOpened: (name) => this.fileOpened(name), openKey: "models.fileOpenEncode" });
    // The quick answer under the box: the text's count in every table of the select; a tap chooses one.
    this.quick = new QuickCounts(ctx, {
      tables: () => Array.from(this.choice.select.options, (option) => option.value),
      choose: (encoding) => ctx.setState({ encoding }),
      openModels: (text) => ctx.setState({ lesson: "models", mtext: text }),
    });
    this.typing = false; // the last text change was typed: the counts wait for a pause
    const want = () => ({ ...this.state, encoding: this.choice.active });
    this.session = new EncodeSession(ctx.query, want, (event, detail) => this.onSession(event, detail));
    this.stepper = new Stepper({
      step: () => this.state.step,
      total: () => this.quiz.limit(this.state, this.session.snapshot.trace),
      waiting: () => this.session.waiting(),
      show: (k) => ctx.setState({ step: k }),
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
      typed: (text, pasted) => {
        this.session.typing();
        this.typing = true;
        this.pasted = pasted;
        ctx.setState({ text });
      },
      preset: (preset) => {
        this.stepper.pause();
        this.session.chosen();
        ctx.setState({ text: preset.text, piece: preset.piece, step: 0, ...(preset.encoding ? { encoding: preset.encoding } : {}) });
      },
      selectPiece: (index) => this.selectPiece(index),
      pieceBy: (delta) => this.pieceBy(delta),
      turnPage: (delta) => this.turnPage(delta),
      copyIds: () => this.view.copyIds(this.overview() ? this.overview().ids : []),
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

  update(state, changed) {
    const view = this.view;
    // A table chosen here starts its trace at step 0; the table a link named keeps the link's step.
    if (changed.has("encoding") && this.opened) this.tableChosen = true;
    this.opened = true;
    if (changed.has("lang")) view.relabel();
    if (changed.has("lang") || !this.fileSummary.textContent) {
      this.file.render();
      this.fileSummary.textContent = this.ctx.t("encode.tableMore");
    }
    this.choice.update(state, changed);
    // A table chosen starts loading now: the stage says so at once (it kept the table before's steps).
    if (changed.has("encoding")) view.mark("stage2");
    if (this.choice.needsFile) this.fileFold.open = true; // a link named a file this page lacks: show where it goes
    if (changed.has("text")) {
      view.showText(state.text);
      this.stepper.pause();
      view.mark("input");
      this.session.textChanged();
    }
    if (changed.has("text") || changed.has("encoding") || changed.has("lang")) {
      this.quick.show(state.text, state.encoding, { typed: this.typing });
    }
    this.typing = false;
    if (changed.has("piece") && !changed.has("text")) this.session.ensureTrace();
    // A new text redraws the piece when the engine answers for it (the "trace" event), not before.
    if ((changed.has("step") || changed.has("piece")) && !changed.has("text")) {
      if (!this.following) this.held = this.pieceText(state.piece); // the reader went there: typing elsewhere keeps it
      this.stepChanged();
    }
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
    this.stepper.pause();
    this.session.forgetTraces();
    const again = this.state.encoding === CUSTOM_TABLE; // a second file: the same table name, another table
    this.ctx.setState({ encoding: CUSTOM_TABLE, tokfile: name, piece: 0, step: 0 });
    if (again) this.choice.reloadCustom();
  }

  /** The table in use changed (a larger one loaded, or back to r50k): the same text, asked again. */
  encodingChanged() {
    this.quick.held();
    this.stepper.pause();
    this.session.chosen();
    if (this.tableChosen) this.ctx.setState({ step: 0 });
    this.tableChosen = false;
    this.session.retrace();
  }

  // ------------------------------------------------------------ pieces

  pieceBy(delta) {
    const n = this.overview() ? this.overview().n_pieces : 0;
    if (n === 0) return;
    this.selectPiece(Math.max(0, Math.min(n - 1, this.state.piece + delta)));
  }

  selectPiece(index) {
    this.stepper.pause();
    if (index === this.state.piece) return;
    this.ctx.setState({ piece: index, step: 0 });
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
        this.onOverview(detail);
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
        // A step past the end is cut to it, but not on r50k's trace while the link's table still loads;
        // the cut step is drawn and said by update(), as any change of step is (once).
        if (this.choice.active === this.state.encoding && this.state.step > this.total()) this.ctx.setState({ step: this.total() });
        else this.stepChanged();
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

  /**
   * A new text's overview: keep the piece (within the new count), or, when typing changed the piece
   * the reader was on, follow the caret to the piece it is in and start that piece at step 0. After a
   * paste the caret sits at the end, on a full stop or a space: the first piece with something to show
   * opens. "The piece the reader was on" is the one a link, a preset or the reader's own step or choice
   * put them on (`held`), not the one the caret last led to, so the outcome does not depend on which of
   * a fast typist's texts the engine answered.
   */
  onOverview({ previous, typed, empty }) {
    const o = this.overview();
    if (empty) {
      this.stepper.drop();
      this.ctx.setState({ piece: 0, step: 0 });
      this.view.markAll();
      return;
    }
    const pasted = this.pasted;
    this.pasted = false;
    const { piece, step } = followPiece(o, {
      piece: this.state.piece, step: this.state.step, typed, pasted, held: this.held,
      previousText: previous?.text ?? null, caret: typed && !pasted ? this.view.caret() : null,
    });
    this.choice.learned(o.model);
    this.view.markOverview(o);
    // The piece the caret moved to asks for its trace in update(), as any change of piece does; the same
    // piece asks here. Either way the trace is asked for once.
    const moved = piece !== this.state.piece;
    this.following = true;
    try {
      this.ctx.setState({ piece, step });
    } finally {
      this.following = false;
    }
    if (!typed || pasted) this.held = this.pieceText(piece);
    if (!moved) this.session.ensureTrace();
  }

  /** The text of piece `index` of the overview shown, or null. */
  pieceText(index) {
    const o = this.overview();
    return (o && pieceMeta(o, index)?.text) ?? null;
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
