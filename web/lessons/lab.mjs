// The lab lesson (#lesson=lab): students write the tokenizer's functions themselves, in Python, in a
// real editor, and toklab checks them.
//
// Parts: lab/editor.mjs (CodeMirror), lab/runner.mjs (the lab's own worker, its time limit and
// restarts), lab/view.mjs (the page), lab/progress.mjs (sessionStorage), lab/strings.mjs (the words).
// The exercises themselves, their tests and the checking harness are Python: py_src/toklab_lab,
// shipped as dist/lab/ (tools/lab.py) with a catalog the page reads before Python starts.
//
// State (in the URL): `ex`, the open exercise, and `code`, the editor's text when it differs from the
// exercise's starting code, so a link can carry code. Code never runs by itself, not even from a link:
// only the Run button (or Ctrl+Enter in the editor) runs it.

import { el, Bindings } from "../ui/dom.mjs";
import { replaceURL } from "../state.mjs";
import { intro } from "../ui/lessonkit.mjs";
import { CodeEditor } from "./lab/editor.mjs";
import { labRunner } from "./lab/runner.mjs";
import { LabView } from "./lab/view.mjs";
import { lastState, saveCode, saveState, savedCode } from "./lab/progress.mjs";

const CODE_MAX = 8000; // longer code stays out of the link (sessionStorage still keeps it)
const FIRST = "get_stats";

const PARAMS = new Map([
  // Any exercise-like name parses; one the catalog does not know opens the first exercise.
  ["ex", { def: FIRST, parse: (s) => (/^[a-z_]{1,40}$/.test(s) ? s : undefined), format: String, omit: (v) => v === FIRST }],
  ["code", { def: "", parse: (s) => s, format: String, omit: (v) => v === "" || v.length > CODE_MAX }],
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

class LabLesson {
  constructor(ctx) {
    this.ctx = ctx;
    this.t = ctx.t;
    this.b = new Bindings();
    this.catalog = null;
    this.entry = null;
    this.editor = null;
    this.running = false;
    this.firstSync = true;
    this.destroyed = false;
    this.view = new LabView(ctx.t, {
      pick: (id) => this.pick(id),
      run: () => this.run(),
      reset: () => this.reset(),
      share: () => this.share(),
    });
    this.error = el("p", { className: "engine-error", testid: "lab-error", attrs: { role: "alert" } });
    this.error.hidden = true;
    this.main = el("div", { className: "lesson lab" }, intro(this.b, "lab.title", "lab.lead"), this.error, this.view.node);
    ctx.root.append(this.main);
    this.b.apply(this.t);
    this.view.showResult({ state: "idle" });

    this.runner = labRunner();
    this.unsubscribe = this.runner.onStatus((status) => this.view.showStatus(status));
    this.runner.start();
    loadCatalog().then(
      (catalog) => {
        if (this.destroyed) return;
        this.catalog = catalog.exercises;
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
      const fromLink = this.firstSync && state.code !== "" && state.code !== entry.stub;
      const code = state.code !== "" ? state.code : savedCode(entry.id) ?? entry.stub;
      this.view.showTask(entry);
      this.view.showResult({ state: "idle" });
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
      saveCode(entry.id, code);
      this.ctx.setState({ ex: entry.id, code: code === entry.stub ? "" : code });
    } else if ((state.code || entry.stub) !== this.editor.text) {
      this.editor.replace(state.code || entry.stub);
    }
    this.firstSync = false;
    this.view.showSteps(entry.id, lastState);
  }

  labelEditor() {
    this.editor.setLabel(this.t("lab.editorLabel", { function: this.entry.function }), this.t("lab.keysHint"));
  }

  edited(text) {
    saveCode(this.entry.id, text);
    this.ctx.setState({ code: text === this.entry.stub ? "" : text });
  }

  pick(id) {
    if (!this.catalog || id === this.entry.id) return;
    this.ctx.setState({ ex: id, code: "" });
  }

  async run() {
    if (!this.entry || this.running) return;
    const entry = this.entry;
    this.running = true;
    this.view.fromLink.hidden = true;
    this.view.say(null);
    this.view.showRunning(true);
    this.view.showResult({ state: this.runner.status.state === "ready" ? "running" : "waiting" });
    const result = await this.runner.run(entry.id, this.editor.text, {
      onStarted: () => this.view.showResult({ state: "running" }),
    });
    this.running = false;
    if (this.destroyed || result.state === "cancelled") return;
    this.view.showRunning(false);
    if (entry !== this.entry) return;
    saveState(entry.id, result.state);
    this.view.showResult(result);
    this.view.showSteps(entry.id, lastState);
    this.ctx.announce(this.view.summary(result));
  }

  reset() {
    if (!this.entry) return;
    this.editor.replace(this.entry.stub);
    this.view.say("lab.resetDone");
  }

  /** Copies a link that opens this exercise with this code (the link carries it; nothing runs it). */
  async share() {
    if (!this.entry) return;
    const params = new URLSearchParams(window.location.hash.slice(1));
    params.set("lesson", "lab");
    params.set("ex", this.entry.id);
    const code = this.editor.text;
    if (code !== this.entry.stub && code.length <= CODE_MAX) params.set("code", code);
    else params.delete("code");
    const link = `${window.location.origin}${window.location.pathname}#${params.toString()}`;
    try {
      await navigator.clipboard.writeText(link);
      this.view.say("lab.shared");
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
      }
    }
    if (changed.has("ex") || changed.has("code")) this.sync(state);
  }

  onKey() {
    return false;
  }

  destroy() {
    this.destroyed = true;
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
};
