// The lab's page: the exercise list, the task (prompt and shown tests), the editor's frame, the buttons,
// the run result and the printed output. It draws from data (the catalog entry, the run result, the
// runner's status) and owns its elements; text goes in with textContent only.

import { el, Bindings } from "../../ui/dom.mjs";
import { MergeCompare } from "./merges.mjs";

export const RESULT_STATES = Object.freeze(["idle", "waiting", "running", "passed", "failed", "error", "timeout"]);

export class LabView {
  /** `on`: {pick(id), run(), reset(), share(), animate(), own()}. */
  constructor(t, on) {
    this.t = t;
    this.b = new Bindings();
    this.stepButtons = new Map();
    this.entry = null;
    this.result = { state: "idle" };
    this.runner = { state: "loading", message: "" };

    this.steps = el("ol", { className: "lab-steps" });
    this.taskTitle = el("h2", { className: "stage-title", id: "lab-task-title" });
    this.taskNumber = el("span", { className: "stage-num", attrs: { "aria-hidden": "true" } });
    this.prompt = el("p", { className: "lab-prompt", testid: "lab-prompt" });
    this.more = el("p", { className: "lab-more" });
    this.shownList = el("ul", { className: "lab-shown", testid: "lab-shown" });
    this.hiddenNote = el("p", { className: "hint" });
    this.editorLabel = el("p", { className: "field-label", id: "lab-editor-label" });
    this.editorHost = el("div", { className: "lab-editor" });
    this.keysHint = this.b.text(el("p", { className: "hint", id: "lab-keys-hint" }), "lab.keysHint");
    this.runButton = el("button", { className: "primary lab-run", testid: "run-code", attrs: { type: "button" }, on: { click: on.run } });
    this.b.text(this.runButton, "lab.run");
    this.resetButton = this.b.text(el("button", { className: "ghost", testid: "reset-code", attrs: { type: "button" }, on: { click: on.reset } }), "lab.reset");
    this.shareButton = this.b.text(el("button", { className: "ghost", testid: "share-code", attrs: { type: "button" }, on: { click: on.share } }), "lab.share");
    this.fromLink = this.b.text(el("p", { className: "lab-from-link", testid: "lab-from-link", attrs: { role: "note" } }), "lab.fromLink");
    this.fromLink.hidden = true;
    // The student's own code, kept apart while code from a link is in the editor: one press brings it back.
    this.ownCode = this.b.text(el("button", { className: "ghost", testid: "lab-own-code", attrs: { type: "button" }, on: { click: on.own } }), "lab.ownCode");
    this.ownCode.hidden = true;
    this.flash = el("p", { className: "hint lab-flash", testid: "lab-flash", attrs: { role: "status" } });
    this.status = el("p", { className: "lab-status", testid: "lab-status" });
    this.resultBox = el("section", { className: "lab-result", testid: "run-result", attrs: { role: "status", "aria-live": "polite", "aria-atomic": "true" } });
    this.outputText = el("pre", { className: "lab-output-text", testid: "run-output-text" });
    this.outputCut = el("p", { className: "hint" });
    this.output = el("section", { className: "lab-output", testid: "run-output", attrs: { "aria-labelledby": "lab-output-title" } },
      this.b.text(el("h3", { className: "lab-h3", id: "lab-output-title" }), "lab.output"),
      this.outputText, this.outputCut);
    this.output.hidden = true;
    this.animateButton = this.b.text(el("button", { className: "ghost lab-animate", testid: "lab-animate", attrs: { type: "button" }, on: { click: on.animate } }), "lab.animate");
    this.animateText = el("input", {
      className: "lab-animate-text", testid: "lab-animate-text", id: "lab-animate-text",
      attrs: { type: "text", spellcheck: "false", autocomplete: "off", maxlength: "200" },
      on: { keydown: (event) => { if (event.key === "Enter") on.animate(); } },
    });
    this.animateRow = el("div", { className: "lab-animate-row" },
      this.b.text(el("label", { className: "field-label", attrs: { for: "lab-animate-text" } }), "lab.animateText"),
      el("div", { className: "lab-buttons" }, this.animateText, this.animateButton));
    this.animateRow.hidden = true;
    this.merges = new MergeCompare(t);

    this.node = el("div", { className: "lab-body" },
      el("nav", { className: "card lab-nav", attrs: { "aria-labelledby": "lab-steps-title" } },
        this.b.text(el("h2", { className: "visually-hidden", id: "lab-steps-title" }), "lab.steps"),
        this.steps),
      el("section", { className: "card lab-task", attrs: { "aria-labelledby": "lab-task-title" } },
        el("div", { className: "lab-brief" },
          el("header", { className: "stage-head" }, this.taskNumber, this.taskTitle),
          this.prompt, this.more,
          this.b.text(el("h3", { className: "lab-h3" }), "lab.shownTitle"),
          this.shownList, this.hiddenNote),
        el("div", { className: "lab-work" },
          this.editorLabel, this.fromLink, this.ownCode, this.editorHost, this.keysHint,
          el("div", { className: "lab-buttons" }, this.runButton, this.resetButton, this.shareButton),
          this.flash, this.status, this.resultBox, this.animateRow, this.output),
        this.merges.node));
    this.pick = on.pick;
  }

  /** The exercise list, from the catalog; `done(id)` is the state of its last run. */
  buildSteps(catalog) {
    this.catalog = catalog;
    this.steps.replaceChildren();
    this.stepButtons.clear();
    catalog.forEach((entry, k) => {
      const mark = el("span", { className: "lab-step-mark", attrs: { "aria-hidden": "true" } });
      const done = el("span", { className: "visually-hidden lab-step-done" });
      const title = el("span", { className: "lab-step-title" });
      const button = el("button", {
        className: "lab-step", testid: `lab-exercise-${entry.id}`, attrs: { type: "button" },
        on: { click: () => this.pick(entry.id) },
      },
      el("span", { className: "lab-step-num", attrs: { "aria-hidden": "true" } }, String(k + 1)),
      el("span", { className: "lab-step-text" }, title, el("code", { className: "lab-step-fn" }, `${entry.function}()`)),
      mark, done);
      this.stepButtons.set(entry.id, { button, title, mark, done });
      this.steps.append(el("li", {}, button));
    });
  }

  showSteps(current, stateOf) {
    for (const [id, parts] of this.stepButtons) {
      const state = stateOf(id);
      parts.title.textContent = this.t(`lab.${id}.title`);
      parts.button.dataset.state = state || "new";
      if (id === current) parts.button.setAttribute("aria-current", "step");
      else parts.button.removeAttribute("aria-current");
      parts.mark.textContent = state === "passed" ? "✓" : "";
      parts.done.textContent = state === "passed" ? this.t("lab.stepDone") : "";
    }
  }

  /** The task of one catalog entry: title, prompt, shown tests. */
  showTask(entry) {
    this.entry = entry;
    const index = this.catalog.indexOf(entry);
    this.taskNumber.textContent = String(index + 1);
    this.taskTitle.textContent = this.t(`lab.${entry.id}.title`);
    this.prompt.textContent = this.t(`lab.${entry.id}.prompt`);
    this.more.textContent = this.t(`lab.${entry.id}.more`);
    this.editorLabel.textContent = this.t("lab.editorLabel", { function: entry.function });
    this.hiddenNote.textContent = this.t("lab.hiddenNote", { hidden: entry.total - entry.shown.length });
    this.shownList.replaceChildren(...entry.shown.map((test) => el("li", { className: "lab-shown-item" },
      el("code", { className: "lab-call" }, test.call),
      el("span", { className: "lab-arrow", attrs: { "aria-hidden": "true" } }, " → "),
      el("code", { className: "lab-expected" }, test.expected),
      ...test.notes.map((n) => el("span", { className: "lab-note" }, n)))));
  }

  showStatus(status) {
    this.runner = status;
    const key = `lab.status.${status.state}`;
    this.status.dataset.state = status.state;
    this.status.textContent = this.t(key, { message: status.message });
  }

  showRunning(running) {
    this.runButton.disabled = running;
    this.runButton.setAttribute("aria-busy", String(running));
  }

  /** Run waits for the exercise (the catalog): pressed sooner, it had nothing to check and did nothing. */
  allowRun(on) {
    this.runButton.disabled = !on;
  }

  /** Offers the comparison of a passed bpe() with GPT-2's merges (or takes the offer back). */
  offerAnimation(offer) {
    this.animateRow.hidden = !offer;
    if (!offer) this.merges.hide();
  }

  say(key, vars = {}) {
    this.flash.textContent = key ? this.t(key, vars) : "";
  }

  /** Draws a run's result (RESULT_STATES, or the harness's answer) and its printed output. */
  showResult(result) {
    this.result = result;
    const box = this.resultBox;
    box.dataset.state = result.state;
    box.replaceChildren(...this.resultParts(result));
    const output = typeof result.output === "string" ? result.output : "";
    this.output.hidden = output === "";
    this.outputText.textContent = output;
    this.outputCut.hidden = !result.output_cut;
    this.outputCut.textContent = result.output_cut ? this.t("lab.outputCut", { n: result.output.length }) : "";
  }

  /** The one-line summary of a result, also announced. */
  summary(result) {
    const t = this.t;
    const entry = this.entry;
    switch (result.state) {
      case "idle":
      case "waiting":
      case "running":
        return t(`lab.result.${result.state}`);
      case "empty":
        return t("lab.result.empty", { function: entry.function });
      case "passed":
        return t("lab.result.passed", { total: result.total, shown: entry.shown.length, hidden: result.total - entry.shown.length, function: entry.function });
      case "failed": {
        const f = result.failure;
        return t(f.shown ? "lab.result.failedShown" : "lab.result.failedHidden", { number: f.number, total: result.total, passed: result.passed });
      }
      case "timeout":
        return t("lab.result.timeout", { seconds: Math.round(result.limitMs / 1000) });
      default:
        return this.errorSummary(result.error || {});
    }
  }

  errorSummary(error) {
    const t = this.t;
    const vars = { type: error.type, line: error.line, message: error.message, function: this.entry.function };
    switch (error.kind) {
      case "syntax":
        return t(error.line ? "lab.result.syntax" : "lab.result.syntaxNoLine", vars);
      case "run":
        return t(error.line ? "lab.result.run" : "lab.result.runNoLine", vars);
      case "missing":
      case "memory":
      case "crash":
      case "closed":
      case "large":
      case "unavailable":
      case "unreadable":
        return t(`lab.result.${error.kind}`, vars);
      default:
        return t("lab.result.runNoLine", vars);
    }
  }

  resultParts(result) {
    const kind = result.state === "error" && result.error ? { kind: result.error.kind } : {};
    const parts = [el("p", { className: "lab-result-head", testid: "result-summary", data: kind }, this.summary(result))];
    if (result.state === "failed") parts.push(...this.failureParts(result.failure));
    if (result.state === "error") parts.push(...this.errorParts(result.error || {}));
    // A pass leads on to the next exercise of the path, in the catalog's order.
    const next = result.state === "passed" && this.catalog ? this.catalog[this.catalog.indexOf(this.entry) + 1] : null;
    if (next) {
      parts.push(el("button", {
        className: "primary lab-next", testid: "lab-next", attrs: { type: "button" }, data: { next: next.id },
        on: { click: () => this.pick(next.id) },
      }, this.t("lab.nextExercise", { function: next.function }), el("span", { attrs: { "aria-hidden": "true" } }, " →")));
    }
    return parts;
  }

  failureParts(f) {
    const row = (key, value, testid) => [
      el("dt", {}, this.t(key)),
      el("dd", {}, el("code", { testid }, value)),
    ];
    return [
      el("dl", { className: "lab-compare" },
        ...row("lab.result.call", f.call, "result-call"),
        ...row("lab.result.expected", f.expected, "result-expected"),
        ...row("lab.result.got", f.got, "result-got")),
      ...(f.plain === false ? [el("p", { className: "lab-note", testid: "result-not-plain" },
        this.t("lab.result.notPlain", { shape: this.t(`lab.shape.${this.entry.shape}`) }))] : []),
      ...f.notes.map((n) => el("p", { className: "lab-note" }, n)),
    ];
  }

  errorParts(error) {
    const parts = [];
    if (error.kind === "syntax" || error.kind === "run") {
      parts.push(el("p", { className: "lab-message", testid: "result-message" }, `${error.type}: ${error.message}`));
    }
    if (error.kind === "syntax" && error.line) {
      // The column is marked on the character itself: a caret on a line of its own under a line that
      // wraps (a phone, a long line) landed at the wrapped run of spaces, at column 0.
      const gutter = `${error.line} | `;
      const chars = [...error.code];
      const at = error.column ? Math.max(0, error.column - 1) : -1;
      const body = at < 0 ? [error.code] : [chars.slice(0, at).join(""),
        el("mark", { className: "lab-error-at", testid: "result-at" }, chars[at] ?? "\u00a0"), chars.slice(at + 1).join("")];
      parts.push(el("pre", { className: "lab-code-line", testid: "result-line", data: { line: error.line, column: error.column || "" } }, gutter, ...body));
    }
    if (error.kind === "run") {
      if (error.call) parts.push(el("p", { className: "lab-while" }, this.t("lab.result.while", { call: error.call })));
      if (error.trace && error.trace.length) {
        parts.push(el("p", { className: "lab-h3" }, this.t("lab.result.traceTitle")));
        parts.push(el("ol", { className: "lab-trace", testid: "result-trace" }, ...error.trace.map((frame) => el("li", { data: { line: frame.line } },
          el("span", { className: "lab-trace-where" }, this.t("lab.result.traceLine", { line: frame.line, function: frame.function })),
          el("code", {}, frame.code)))));
      }
    }
    return parts;
  }

  /** Re-labels everything after a language switch. */
  relabel(t) {
    this.t = t;
    this.b.apply(t);
    if (this.entry) this.showTask(this.entry);
    this.showStatus(this.runner);
    if (this.entry) this.showResult(this.result);
    this.merges.relabel(t);
  }
}
