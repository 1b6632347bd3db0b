// Lesson "train": learn BPE merges from a corpus, one step at a time.
//
// The engine (`train`) returns the trace: for every step the table of adjacent pair counts, the
// chosen pair, which pairs tied and the rule that broke the tie, the corpus after the merge, and why
// training stopped; a long training's steps in pages, the later ones asked for as the Stepper reaches
// them (`train_steps`; a key pressed meanwhile waits for its page). "Use this tokenizer" asks the engine
// to cut new text with the training it holds (`train_try`: it names the training, not its merges).
// Three parts, wired here
// (docs/frontend.md, "A lesson's shape"):
//   train/session.mjs  the two engine requests and their answers, as snapshots
//   train/frames.mjs   what a step shows, pure functions of (trace, step); words.mjs puts it in sentences
//   train/view.mjs     the page's elements, drawn from (snapshot, frame); page.mjs builds them
//   train/quiz.mjs     guessing ("predict, then reveal", `predict=1`): the pair that merges next is picked
//                      before the counts show; predict.mjs judges a pick against the engine's step
// and the shared Stepper (ui/stepper.mjs) moves `state.step`: step 0 is the corpus before training,
// step k the k-th merge, the last step the stop.

import { param } from "../state.mjs";
import { TIMING, LIMITS } from "../theme.mjs";
import { omitDefault, paramValue } from "../ui/lessonkit.mjs";
import { Stepper } from "../ui/stepper.mjs";
import { guessKey, guessAnnouncement } from "../ui/predict.mjs";
import { WORDS, PRESETS, MODES, UNITS, TIES, SORTS, SETTINGS, presetPatch, corpusPatch } from "./train/presets.mjs";
import { TrainSession } from "./train/session.mjs";
import { TrainView } from "./train/view.mjs";
import { totalSteps, stepFrame, settingsKey, stepReady } from "./train/frames.mjs";
import { AskFirst } from "../ui/askFirst.mjs";
import { stopText, announcement } from "./train/words.mjs";
import { TrainQuiz } from "./train/quiz.mjs";
import { MiniMindPanel } from "./train/minimind.mjs";
import { WordPieceCard } from "./train/wordpiece.mjs";
import { el, Bindings } from "../ui/dom.mjs";
import { choiceGroup } from "../ui/fields.mjs";
import "./train/strings.mjs";

const HOWS = Object.freeze(["steps", "minimind"]); // step by step (TrainView), or train like MiniMind (MiniMindPanel)

const PARAMS = new Map([
  ["how", param.oneOf("steps", HOWS)],
  ["corpus", param.text(WORDS, LIMITS.hashTextMax)],
  ["tmode", param.oneOf("chars", MODES)],
  ["unit", param.oneOf("words", UNITS)],
  ["tie", param.oneOf("first_occurrence", TIES)],
  ["minf", omitDefault(param.int(2, { min: 1, max: 100000 }))],
  ["nmerges", omitDefault(param.int(0, { min: 0, max: 100000 }))],
  ["vsize", omitDefault(param.int(0, { min: 0, max: 1000000 }))],
  ["step", omitDefault(param.int(0))],
  ["sort", param.oneOf("count", SORTS)],
  ["try", param.text(PRESETS[0].tryText, LIMITS.hashTextMax)],
  ["predict", param.bool(false)],
  ["code", param.bool(false)],
]);

const KEYS = [
  ["Space", "keys.play"],
  ["← →", "keys.step"],
  ["Home End", "keys.ends"],
  ["← →", "keys.predictMove"],
  ["Enter", "keys.predictNext"],
];

class TrainLesson {
  constructor(ctx) {
    this.ctx = ctx;
    this.started = false;
    this.quiz = new TrainQuiz(ctx.t);
    this.session = new TrainSession(ctx.query, (event) => this.onSession(event));
    this.stepper = new Stepper({
      step: () => this.values().step,
      total: () => this.quiz.limit(this.values(), this.session.snapshot.trace),
      waiting: () => this.session.loadingSteps(), // a long training's page of steps on its way: a press waits for it
      show: (k) => ctx.setState({ step: k }),
      speed: () => ctx.getState().speed,
      holdMs: TIMING.holdMs * 1.6,
      leadHold: true,
      reducedMotion: () => ctx.reducedMotion(),
      onPlaying: (playing) => {
        this.view.draw("steps");
        if (!playing) this.announceStep();
      },
    });
    this.view = new TrainView(ctx.root, ctx.t, {
      stepper: this.stepper,
      setState: (patch) => ctx.setState(patch),
      corpusTyped: () => this.session.typing(),
      corpusPatch: (corpus) => corpusPatch(this.values(), corpus),
      tryTyped: () => this.session.tryTyping(),
      preset: (p) => {
        this.stepper.pause();
        ctx.setState(presetPatch(p));
      },
      choose: (name, value) => ctx.setState({ [name]: value, step: 0 }),
      train: () => this.session.train(),
      setSpeed: (speed) => ctx.setState({ speed }),
      togglePredict: () => ctx.setState({ predict: !this.values().predict }),
      toggleCode: () => ctx.setState({ code: !this.values().code }),
      source: () => ctx.query("source", { name: "train" }),
      pick: (k, pair) => this.pick(k, pair),
      next: () => this.next(),
      resetScore: () => {
        this.quiz.score.reset();
        this.view.draw("steps");
      },
    }, () => ({ snapshot: this.session.snapshot, values: this.values(), playing: this.stepper.playing, quiz: this.quizView() }));
    // Ask first (ui/askFirst.mjs): the first merge is guessed before the steps and the example show; the
    // question stands between the corpus box and the steps.
    const r = this.view.r;
    this.asker = new AskFirst(ctx, { regions: [r.view[0], r.view[2]] });
    r.main.insertBefore(this.asker.node, r.view[0]);
    // WordPiece beside BPE (issue 38): the same words learned its way, after the example's card.
    this.wordpiece = new WordPieceCard({ t: ctx.t, query: ctx.query });
    this.view.r.main.append(this.wordpiece.node);
    this.view.r.view.push(this.wordpiece.node); // an export draws it too
    this.view.r.main.remove();
    // The switch between the two modes, above whichever is shown; the MiniMind panel is made when first shown.
    this.howBindings = new Bindings();
    this.how = choiceGroup(this.howBindings, {
      labelKey: "train.how", testid: "train-how",
      options: HOWS.map((v) => ({ value: v, label: `train.how.${v}` })), onChoose: (v) => ctx.setState({ how: v }),
    });
    this.howBar = el("div", { className: "lk-how" }, this.how.node);
    this.howBindings.apply(ctx.t);
    ctx.root.append(this.howBar);
    this.minimind = null;
  }

  /** Shows the mode `how` names: the step-by-step view's page, or the MiniMind panel (only one is in the page). */
  showHow(how) {
    this.how.set(how);
    this.ctx.root.dataset.how = how;  // the check card asks the mode's own questions (lessons.css)
    if (how === "minimind") {
      this.stepper.pause();
      this.minimind ??= new MiniMindPanel({
        t: this.ctx.t, query: this.ctx.query, stopRunning: (kind) => this.ctx.stopRunning?.(kind), announce: this.ctx.announce,
      });
      this.view.r.main.remove();
      this.howBar.after(this.minimind.node); // before what the shell puts under the lesson (the check card)
    } else {
      this.minimind?.node.remove();
      this.howBar.after(this.view.r.main);
    }
  }

  /** The lesson's params (each at its default until the state carries it), with the shared speed. */
  values() {
    const state = this.ctx.getState();
    const values = { speed: state.speed };
    for (const name of PARAMS.keys()) values[name] = paramValue(state, PARAMS, name);
    return values;
  }

  total() {
    return totalSteps(this.session.snapshot.trace);
  }

  // ------------------------------------------------------------ ask first

  /**
   * The opening question: which pair merges first, among up to four pairs of the first pair table (the
   * most frequent, with the engine's choice always among them), in text order. Nothing to ask while
   * Predict asks its own questions, in the MiniMind mode, or when training made no merge.
   */
  askQuiz() {
    const values = this.values();
    const { trace, trainedKey, error, busy, outdated } = this.session.snapshot;
    if (values.how !== "steps" || values.predict || error || outdated || values.corpus.trim() === "") return null;
    const key = settingsKey(values);
    const t = this.ctx.t;
    const question = t("ask.train.q");
    if (!trace || busy || trainedKey !== key) return { key, question, choices: [], correct: null };
    const first = trace.steps[0];
    if (!first) return null;
    const same = (a, b) => a[0] === b[0] && a[1] === b[1];
    const table = first.pairs ? [...first.pairs].sort((a, b) => b.count - a.count).map((p) => p.pair) : first.tie.tied;
    const pairs = [first.pair];
    for (const pair of table) {
      if (pairs.length >= 4) break;
      if (!pairs.some((p) => same(p, pair))) pairs.push(pair);
    }
    if (pairs.length < 2) return null;
    pairs.sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : (a[0] < b[0] ? -1 : 1)));
    const label = (pair) => t("predict.train.choice", { left: pair[0], right: pair[1] });
    const answer = t(first.tie.n_tied > 1 ? "ask.train.answerTie" : "ask.train.answer", { pair: label(first.pair), count: first.count, n: first.tie.n_tied });
    return { key, question, choices: pairs.map(label), correct: [pairs.findIndex((p) => same(p, first.pair))], answer };
  }

  renderAsk() {
    this.asker.render(this.askQuiz());
  }

  // ------------------------------------------------------------ predict, then reveal

  quizView() {
    const values = this.values();
    const trace = this.session.snapshot.trace;
    return this.quiz.view(values, trace, Math.min(values.step, this.quiz.limit(values, trace)));
  }

  /** The student picked `pair` at merge frame `k`: judged against the engine's step, said, revealed. */
  pick(k, pair) {
    if (!this.quiz.pick(this.values(), this.session.snapshot.trace, k, pair)) return;
    this.wish(); // a verdict moves the step shown
    this.view.redraw({ focus: "next" }, "steps");
    this.announceStep();
  }

  /** From a verdict on to the next question (or the stop after the last merge). */
  next() {
    if (!this.quiz.next()) return;
    this.wish();
    if (this.stepper.step() < this.quiz.limit(this.values(), this.session.snapshot.trace)) {
      this.stepper.goTo(this.stepper.step() + 1); // the state's new step draws the steps at once
      this.view.redraw({ focus: "choices" });
    } else {
      this.view.redraw({ focus: "choices" }, "steps");
      this.announceStep();
    }
  }

  // ------------------------------------------------------------ the lesson contract

  update(state, changed) {
    const view = this.view;
    const values = this.values();
    this.wish();
    if (!this.started || changed.has("how")) this.showHow(values.how);
    if (changed.has("lang")) {
      view.relabel();
      this.howBindings.apply(this.ctx.t);
      this.minimind?.relabel();
      this.wordpiece.relabel();
    }
    const settings = SETTINGS.some((k) => changed.has(k));
    if (!this.started || settings) {
      view.showInput(values);
      const first = !this.started;
      this.started = true;
      this.session.settingsChanged(first);
    }
    if (changed.has("try") || (changed.has("lang") && !this.session.snapshot.tried)) {
      view.showExample(values);
      // New settings train again first, and training runs the example when it is done.
      if (this.session.snapshot.trace && !settings) {
        this.session.tryChanged();
        this.wordpiece.show(this.session.snapshot.trace, values);
      } else this.session.cancelTry();
    }
    if (changed.has("predict") || settings) this.quiz.restart(changed.has("predict") && values.predict);
    if (changed.has("predict") && values.predict) this.stepper.pause();
    if (["step", "sort", "speed", "predict", "code"].some((name) => changed.has(name))) view.draw("steps");
    if (changed.has("step") && !settings) this.session.needStep(this.shownStep());
    // The example is cut with the merges learned by the shown step (section 1 and 3 tell one story).
    if ((changed.has("step") || changed.has("predict")) && this.session.snapshot.trace && !settings && !changed.has("try")) this.session.runTry();
    if ((changed.has("step") || changed.has("predict")) && !this.stepper.playing) this.announceStep();
    this.asker.show(state.ask);
    this.renderAsk();
  }

  onKey(event) {
    if (this.values().how === "minimind") return false;
    if (this.values().predict && this.predictKey(event)) return true;
    return this.stepper.onKey(event);
  }

  /** Keys while guessing: an arrow goes to the pairs to choose from, Enter goes on after a verdict. */
  predictKey(event) {
    return guessKey(event, this.quizView().model.status, { next: () => this.next(), ask: () => {
      if (["ArrowRight", "ArrowDown"].includes(event.key)) return this.view.focusChoice(false);
      if (["ArrowLeft", "ArrowUp"].includes(event.key)) return this.view.focusChoice(true);
      return false;
    } });
  }

  /** What an export draws: the shown mode's cards (not its intro, nor the corpus box) and the corpus. */
  exportScene() {
    // The MiniMind panel's cards after its intro.
    if (this.values().how === "minimind") return { view: [...this.minimind.node.children].slice(1), text: "", table: null, merges: null };
    const r = this.view.r;
    return { view: r.view, text: r.corpus.value, table: null, merges: null };
  }

  destroy() {
    delete this.ctx.root.dataset.how;
    this.minimind?.destroy();
    this.wordpiece.destroy();
    this.howBar.remove();
    this.stepper.destroy();
    this.session.destroy();
    this.view.destroy();
  }

  // ------------------------------------------------------------ the session's news

  onSession(event) {
    this.wish(); // a new training may move the step shown (a guess pending)
    this.renderAsk();
    switch (event) {
      case "training":
        this.stepper.pause();
        this.view.draw("busy");
        break;
      case "trained": {
        this.view.draw("busy", "steps");
        const total = this.total();
        if (this.values().step > total) this.ctx.setState({ step: total });
        else this.session.needStep(this.shownStep());
        const trace = this.session.snapshot.trace;
        this.wordpiece.show(trace, this.values());
        this.ctx.announce(this.ctx.t("train.done", { n: trace.n_steps, reason: stopText(this.ctx.t, trace) }));
        break;
      }
      case "steps": // the page of steps the shown step needed came: draw it, then do a press that waited for it
        this.view.draw("steps");
        if (!this.stepper.playing) this.announceStep();
        this.stepper.arrived();
        break;
      case "stepsError":
        this.stepper.drop();
        this.view.draw("busy");
        break;
      case "error":
      case "stale":
        this.view.draw("busy");
        break;
      case "tried":
        this.view.draw("try");
        break;
      default:
        break;
    }
  }

  /** Tells the session what the lesson shows: its values and the step shown. */
  wish() {
    this.session.wish({ values: this.values(), step: this.shownStep() });
  }

  /** The step the steps card shows: the state's, up to a pending guess. */
  shownStep() {
    return Math.min(this.values().step, this.quiz.limit(this.values(), this.session.snapshot.trace));
  }

  announceStep() {
    const trace = this.session.snapshot.trace;
    if (!trace || !stepReady(trace, Math.min(this.values().step, this.total()))) return; // said when its page comes
    const total = this.total();
    this.ctx.announce(guessAnnouncement(this.quizView().model) ?? announcement(this.ctx.t, trace, stepFrame(trace, Math.min(this.values().step, total)), total));
  }
}

export default Object.freeze({
  id: "train",
  params: PARAMS,
  keys: KEYS,
  create: (ctx) => new TrainLesson(ctx),
  sheet: (ctx, state) => import("../classroom/sheets.mjs").then((m) => m.trainSheet(ctx, state)),
});
