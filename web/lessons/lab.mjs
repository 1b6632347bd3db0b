// The lab lesson (#lesson=lab): students write the tokenizer's functions themselves, in Python, in a
// real editor, and toklab checks them: the page judges what their code returned (lab/judge.mjs).
//
// Parts: lab/editor.mjs (CodeMirror), lab/runner.mjs (the lab's own worker, its time limit and
// restarts), lab/view.mjs (the page), lab/progress.mjs (sessionStorage), lab/strings.mjs (the words).
// The exercises themselves, their tests and the checking harness are Python: py_src/toklab_lab,
// shipped as dist/lab/ (tools/lab.py) with a catalog the page reads before Python starts.
//
// State (in the URL): `ex`, the open exercise, and `src`, the editor's text when it differs from the
// exercise's starting code (null: the starting code, or what this tab last had for the exercise; ""
// is an empty editor, which stays empty), so a link can carry code. Old links said `code=` (now the
// Encode and Train lessons' "Show the Python" switch only): read once as `src` when it cannot be that
// switch. Code never runs by itself, not even from a link: only the Run button (or Ctrl+Enter in the
// editor) runs it.

import { el, Bindings } from "../ui/dom.mjs";
import { replaceURL } from "../state.mjs";
import { errorText, intro } from "../ui/lessonkit.mjs";
import { CodeEditor } from "./lab/editor.mjs";
import { labRunner } from "./lab/runner.mjs";
import { settled } from "../ui/settled.mjs";
import { LabView } from "./lab/view.mjs";
import { judge } from "./lab/judge.mjs";
import { STEP_MS, badStep, compareSteps } from "./lab/merges.mjs";
import { lastState, saveCode, saveState, savedCode } from "./lab/progress.mjs";
import "./lab/strings.mjs";

const CODE_MAX = 8000; // longer code stays out of the link (sessionStorage still keeps it)
const FIRST = "get_stats";
// A passed bpe() can be watched beside GPT-2's own merges, on the first piece of a text the student may
// change ("tokenization" first): the engine cuts and traces it (trace_piece), and the lab's worker runs
// the student's bpe() on that same piece.
const WATCHED = { exercise: "bpe", text: "tokenization" };

const PARAMS = new Map([
  // Any exercise-like name parses; one the catalog does not know opens the first exercise.
  ["ex", { def: FIRST, parse: (s) => (/^[a-z_]{1,40}$/.test(s) ? s : undefined), format: String, omit: (v) => v === FIRST }],
  ["src", { def: null, parse: (s) => s, format: String, omit: (v) => v === null || v.length > CODE_MAX }],
  // An old lab link's code; "1", "0", "true", "false" are the switch's values from another lesson's link.
  ["code", { into: "src", def: null, parse: (s) => (/^(0|1|true|false)$/.test(s) ? undefined : s), format: String, omit: () => true }],
]);

const KEYS = [
  ["Ctrl Enter", "keys.labRun"],
  ["Esc Tab", "keys.labLeave"],
];

async function loadCatalog() {
  const response = await fetch(new URL("../lab/catalog.json", import.meta.url), { cache: "no-cache" });
  if (!response.ok) throw new Error(`lab/catalog.json: HTTP ${response.status}`);
  return response.json();
}

/** Whether `code` is the exercise's starting code, in either language (a link or a save keeps no copy of it). */
function isStub(entry, code) {
  return code === entry.stub || code === entry.stub_zh;
}

class LabLesson {
  constructor(ctx) {
    this.ctx = ctx;
    this.t = ctx.t;
    this.b = new Bindings();
    this.catalog = null;
    this.outputMax = 0; // the catalog's output_max: characters of print() output shown
    this.entry = null;
    this.editor = null;
    this.running = false;
    this.firstSync = true;
    this.destroyed = false;
    this.playing = null; // the comparison being drawn: {timer}; a new one or a new run drops it
    this.applying = false; // true while sync() puts the hash's code in the editor (not the student's edit)
    this.view = new LabView(ctx.t, {
      pick: (id) => this.pick(id),
      run: () => this.run(),
      reset: () => this.reset(),
      share: () => this.share(),
      animate: () => this.animate(),
      own: () => this.restoreOwn(),
    });
    this.view.animateText.value = WATCHED.text;
    this.error = el("p", { className: "engine-error", testid: "lab-error", attrs: { role: "alert" } });
    this.error.hidden = true;
    this.main = el("div", { className: "lesson lab" }, intro(this.b, "lab.title", "lab.lead"), this.error, this.view.node);
    ctx.root.append(this.main);
    this.b.apply(this.t);
    this.view.showResult({ state: "idle" });
    this.view.allowRun(false); // until the exercise is shown (sync)

    this.runner = labRunner();
    this.unsubscribe = this.runner.onStatus((status) => this.view.showStatus(status));
    this.runner.prepare(ctx.getState().ex);
    this.runner.start();
    settled.track(loadCatalog()).then(
      (catalog) => {
        if (this.destroyed) return;
        this.catalog = catalog.exercises;
        this.outputMax = catalog.output_max;
        this.view.buildSteps(this.catalog);
        this.sync(this.ctx.getState());
      },
      (error) => {
        this.error.hidden = false;
        this.error.textContent = String(error.message || error);
      },
    );
  }

  find(id) {
    return this.catalog.find((entry) => entry.id === id) || this.catalog[0];
  }

  /** Shows the state's exercise and code (a new exercise, or code that came from the link). */
  sync(state) {
    if (!this.catalog) return;
    const entry = this.find(state.ex);
    if (entry !== this.entry) {
      this.entry = entry;
      if (!this.running) this.view.allowRun(true);
      this.runner.prepare(entry.id);
      const link = this.ctx.linkValues();
      const fromLink = this.firstSync && typeof link.src === "string" && link.src === state.src && !isStub(entry, state.src);
      const saved = savedCode(entry.id);
      const code = state.src ?? (saved === null || isStub(entry, saved) ? this.stubFor(entry) : saved);
      this.view.showTask(entry);
      this.view.showResult({ state: "idle" });
      this.stopAnimation();
      this.view.fromLink.hidden = !fromLink;
      if (this.editor) this.editor.load(code);
      else {
        this.editor = new CodeEditor(this.view.editorHost, {
          doc: code,
          onChange: (text) => this.edited(text),
          onRun: () => this.run(),
        });
      }
      this.labelEditor();
      // Not saved: the student's own code stays as they last typed it, whatever a link brought.
      this.offerOwn(entry, code);
      this.ctx.setState({ ex: entry.id, src: isStub(entry, code) ? null : code });
    } else {
      // The same exercise, another hash (a link opened in this tab, Back, Forward): its code, or, where
      // the hash has none, the student's own (which a link's code never replaced).
      const saved = savedCode(entry.id);
      const want = state.src ?? (saved === null || isStub(entry, saved) ? this.stubFor(entry) : saved);
      if (want !== this.editor.text && !(state.src == null && isStub(entry, want) && isStub(entry, this.editor.text))) {
        this.applying = true;
        try {
          this.editor.replace(want);
        } finally {
          this.applying = false;
        }
        this.view.fromLink.hidden = state.src == null || want === saved;
        this.offerOwn(entry, want);
      }
    }
    this.firstSync = false;
    this.view.showSteps(entry.id, lastState);
  }

  /** Offers the student's own saved code back when the editor shows other code (a link's). */
  offerOwn(entry, shown) {
    const saved = savedCode(entry.id);
    this.view.ownCode.hidden = saved === null || isStub(entry, saved) || saved === shown;
  }

  /** Puts the student's own saved code back in the editor, in place of a link's. */
  restoreOwn() {
    const saved = this.entry ? savedCode(this.entry.id) : null;
    if (saved === null) return;
    this.editor.replace(saved);
    this.view.fromLink.hidden = true;
  }

  /** The exercise's starting code in the page's language: Chinese comments and docstring on a Chinese page. */
  stubFor(entry) {
    return this.ctx.getState().lang === "zh" ? entry.stub_zh : entry.stub;
  }

  labelEditor() {
    this.editor.setLabel(this.t("lab.editorLabel", { function: this.entry.function }), this.t("lab.keysHint"));
  }

  edited(text) {
    this.stopAnimation(); // the offer was for the code that passed
    if (this.applying) return; // the hash's code, put in by sync(): not the student's typing
    this.view.ownCode.hidden = true; // what they type now is their own
    // Code too long for the link lives only in this tab's storage: when that is full, say so.
    if (!saveCode(this.entry.id, text) && text.length > CODE_MAX && !isStub(this.entry, text)) {
      this.view.say("lab.storageFull", { max: CODE_MAX.toLocaleString("en-US") });
    }
    this.ctx.setState({ src: isStub(this.entry, text) ? null : text });
  }

  pick(id) {
    if (!this.catalog || id === this.entry.id) return;
    this.ctx.setState({ ex: id, src: null });
  }

  async run() {
    if (!this.entry || this.running) return;
    const entry = this.entry;
    this.stopAnimation();
    if (this.editor.text.trim() === "") {
      this.view.fromLink.hidden = true;
      this.view.showResult({ state: "empty" });
      this.ctx.announce(this.view.summary({ state: "empty" }));
      return;
    }
    this.running = true;
    this.view.fromLink.hidden = true;
    this.view.say(null);
    this.view.showRunning(true);
    this.view.showResult({ state: this.runner.status.state === "ready" ? "running" : "waiting" });
    const ran = await settled.track(this.runner.run(entry.id, this.editor.text, {
      onStarted: () => this.view.showResult({ state: "running" }),
    }));
    // The verdict is the page's: the worker only said what the code returned (lab/judge.mjs).
    const result = ran.state === "answered" ? judge(entry, ran.answer, this.outputMax) : ran;
    this.running = false;
    if (this.destroyed || result.state === "cancelled") return;
    this.view.showRunning(false);
    if (entry !== this.entry) return;
    saveState(entry.id, result.state);
    this.view.showResult(result);
    this.view.offerAnimation(entry.id === WATCHED.exercise && result.state === "passed");
    this.view.showSteps(entry.id, lastState);
    this.ctx.announce(this.view.summary(result));
  }

  /** Drops the comparison (drawn or on its way) and its offer. */
  stopAnimation() {
    if (this.playing) settled.cancelDelay(this.playing.timer);
    this.playing = null;
    this.view.offerAnimation(false);
  }

  /**
   * The passed bpe() beside GPT-2: the engine traces the example's first piece, the lab's worker runs
   * the student's code on that piece and reports the symbol lists its variables held; then the rows
   * appear one step at a time (all at once under reduced motion).
   */
  async animate() {
    if (!this.entry || this.running || this.entry.id !== WATCHED.exercise) return;
    if (this.playing) settled.cancelDelay(this.playing.timer);
    const playing = { timer: 0 };
    this.playing = playing;
    const merges = this.view.merges;
    const code = this.editor.text;
    if (this.view.animateText.value === "") this.view.animateText.value = WATCHED.text;
    const text = this.view.animateText.value;
    merges.show({ kind: "loading", piece: text });
    const real = await this.ctx.query("trace_piece", { text, index: 0 });
    if (this.playing !== playing || this.destroyed) return;
    if (!real.ok) {
      merges.show({ kind: "error", piece: text, message: errorText(this.t, real.error) });
      return;
    }
    const piece = real.result.text;
    const yours = await settled.track(this.runner.watchSteps(code, piece));
    if (this.playing !== playing || this.destroyed || yours.state === "cancelled") return;
    if (yours.state === "unseen") {
      merges.show({ kind: "unseen", piece });
      return;
    }
    if (yours.state !== "ok") {
      const message = yours.error && yours.error.type ? `${yours.error.type}: ${yours.error.message}` : this.view.summary(yours);
      merges.show({ kind: "error", piece, message });
      return;
    }
    const bad = badStep(yours, real.result.symbols);
    if (bad >= 0) {
      merges.show({ kind: "error", piece, message: this.t("lab.merges.notPiece", { step: bad }) });
      return;
    }
    const rows = compareSteps(yours, { symbols: real.result.symbols, steps: real.result.steps.map((step) => step.symbols) });
    const last = rows.length - 1;
    const frame = (upTo) => {
      merges.show({ kind: "rows", piece, rows, upTo });
      if (upTo < last) playing.timer = settled.delay(() => frame(upTo + 1), STEP_MS);
      else this.ctx.announce(merges.summary.textContent);
    };
    frame(this.ctx.reducedMotion() ? last : 0);
  }

  reset() {
    if (!this.entry) return;
    this.editor.replace(this.stubFor(this.entry));
    this.view.say("lab.resetDone");
  }

  /** Copies a link that opens this exercise with this code (the link carries it; nothing runs it). */
  async share() {
    if (!this.entry) return;
    const params = new URLSearchParams(window.location.hash.slice(1));
    params.set("lesson", "lab");
    params.set("ex", this.entry.id);
    const code = this.editor.text;
    params.delete("code");
    if (!isStub(this.entry, code) && code.length <= CODE_MAX) params.set("src", code);
    else params.delete("src");
    const link = `${window.location.origin}${window.location.pathname}#${params.toString()}`;
    try {
      await navigator.clipboard.writeText(link);
      const long = !isStub(this.entry, code) && code.length > CODE_MAX;
      this.view.say(long ? "lab.sharedNoCode" : "lab.shared", { max: CODE_MAX.toLocaleString("en-US") });
    } catch {
      replaceURL(`#${params.toString()}`);
      this.view.say("lab.sharedNoClipboard");
    }
  }

  update(state, changed) {
    if (changed.has("lang")) {
      this.b.apply(this.t);
      this.view.relabel(this.t);
      if (this.entry) {
        this.labelEditor();
        this.view.showSteps(this.entry.id, lastState);
        // Untouched starting code follows the language; code the student wrote stays as it is.
        if (this.editor && isStub(this.entry, this.editor.text) && this.editor.text !== this.stubFor(this.entry)) {
          this.editor.replace(this.stubFor(this.entry));
        }
      }
    }
    if (changed.has("ex") || changed.has("src")) this.sync(state);
  }

  onKey() {
    return false;
  }

  /** What an export draws: the exercises and the task (not the intro, nor the error line). */
  exportScene() {
    return { view: [this.view.node], text: "", table: null, merges: null };
  }

  destroy() {
    this.destroyed = true;
    if (this.playing) settled.cancelDelay(this.playing.timer);
    this.runner.cancel();
    this.unsubscribe();
    if (this.editor) this.editor.destroy();
    this.main.remove();
  }
}

export default {
  id: "lab",
  params: PARAMS,
  keys: KEYS,
  create: (ctx) => new LabLesson(ctx),
  sheet: (ctx, state) => import("../classroom/sheets.mjs").then((m) => m.labSheet(ctx, state)),
};
