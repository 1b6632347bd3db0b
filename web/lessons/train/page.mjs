// The train lesson's page: the corpus card with its settings, the steps card, the tie card and the
// "use this tokenizer" card. Built once by the view (view.mjs), which keeps the elements it updates later
// (the returned refs); every fixed string is bound through `b` (Bindings) so a language switch relabels
// it. Controls call `actions` (the lesson's): setState(patch), with corpusTyped() / tryTyped() before a
// typed change and corpusPatch(text) for what typing a corpus sets; preset(p), choose(name, value),
// train(), setSpeed(s), togglePredict(), next() and resetScore() (guessing), and `actions.stepper`
// (ui/stepper.mjs) for the steps. The pair table's sort and hover are the view's (view.mjs).

import { el } from "../../ui/dom.mjs";
import { choiceGroup, numberField } from "../../ui/fields.mjs";
import { StepControls } from "../../ui/stepper.mjs";
import { PredictBox, predictSwitch } from "../../ui/predict.mjs";
import { BusyLine, intro, stageHeader, inputCard, stageCard, textBox, errorLine, presetButtons, errorText, insertUndoable } from "../../ui/lessonkit.mjs";
import { CodeView, codeSwitch } from "../../ui/codeview.mjs";
import { PRESETS, MODES, UNITS, TIES } from "./presets.mjs";

export function buildPage(root, t, b, actions) {
  const r = {};

  // The corpus and the settings.
  r.corpus = textBox(actions, { typed: actions.corpusTyped }, {
    id: "corpus-input", patch: actions.corpusPatch, rows: 4, attrs: { "aria-describedby": "corpus-hint" }, t,
  });
  r.presets = presetButtons(b, PRESETS, "train", (p) => {
    // The corpus only: the browser keeps one undo history for the page, so Ctrl+Z in the corpus box
    // must find the corpus's edit last.
    insertUndoable(r.corpus, p.corpus);
    actions.preset(p);
  });
  const choices = (name, key, testid, values) => choiceGroup(b, {
    labelKey: key, testid, options: values.map((v) => ({ value: v, label: `${key}.${v}` })), onChoose: (v) => actions.choose(name, v),
  });
  r.mode = choices("tmode", "train.mode", "train-mode", MODES);
  r.unit = choices("unit", "train.unit", "train-unit", UNITS);
  r.tie = choices("tie", "train.tie", "train-tie", TIES);
  const number = (name, key, max, min = 0) => numberField(b, {
    id: `train-${name}`, labelKey: key, min, max, testid: `train-${name}`, onValue: (v) => actions.choose(name, v),
  });
  r.minf = number("minf", "train.minf", 100000, 1);
  r.nmerges = number("nmerges", "train.nmerges", 100000);
  r.vsize = number("vsize", "train.vsize", 1000000);
  r.trainButton = el("button", { className: "copy", testid: "train-button", attrs: { type: "button" }, on: { click: () => actions.train() } });
  b.text(r.trainButton, "train.trainNow");
  r.busy = new BusyLine(t, "train.busy", "train-busy");
  r.errorBox = errorLine("train-error");
  r.sizeNote = el("p", { className: "point", testid: "train-size-note" });
  r.sizeNote.hidden = true;
  r.outdatedNote = el("p", { className: "point lk-train-outdated", testid: "train-outdated", attrs: { role: "status" } });
  r.outdatedNote.hidden = true;
  const setting = (key, node) => el("div", { className: "lk-setting" }, b.text(el("span", { className: "field-label" }), key), node);
  const card = inputCard(b, r.corpus, {
    name: "corpus", labelKey: "train.corpusLabel", hintKey: "train.corpusHint",
    below: [
      el("div", { className: "preset-row" }, r.presets.list),
      el("div", { className: "lk-train-go" }, r.trainButton, r.busy.node),
      r.outdatedNote, r.errorBox, r.sizeNote],
    sideClass: "lk-settings",
    side: [
      setting("train.mode", r.mode.node),
      setting("train.unit", r.unit.node),
      setting("train.tie", r.tie.node),
      el("div", { className: "lk-fields" }, r.minf.node, r.nmerges.node, r.vsize.node),
      b.text(el("p", { className: "hint" }), "train.limitsHint")],
  });

  // Stage 1: the steps.
  r.stepMeta = el("span", { className: "stage-meta", testid: "train-step-meta" });
  r.explain = el("p", { className: "stage-text explain", testid: "train-explain" });
  r.tieLine = el("p", { className: "lk-tie-line", testid: "train-tie-line" });
  r.recount = el("div", { className: "mistake lk-recount", testid: "train-recount" },
    b.text(el("h3", { className: "mistake-title" }), "train.recountTitle"),
    b.text(el("p", {}), "train.recountText"));
  r.recount.hidden = true;
  r.controls = new StepControls(b, actions.stepper, { onSpeed: (s) => actions.setSpeed(s) });
  r.predictToggle = predictSwitch(b, { testid: "predict-toggle", labelKey: "predict.toggle", onToggle: () => actions.togglePredict() });
  r.predict = new PredictBox(t, { actions: { next: () => actions.next(), resetScore: () => actions.resetScore() } });
  // The engine's Python (`code=1`): the training loop's own source, the line of the step lit.
  r.codeToggle = codeSwitch(b, () => actions.toggleCode());
  r.code = new CodeView(b, { load: actions.source, errorText });
  r.tableTitle = el("h3", { className: "log-title" });
  r.pairTable = el("table", { className: "lk-table lk-pairs", testid: "pair-table" });
  r.pairNote = el("p", { className: "fine" });
  r.beforeTitle = el("h3", { className: "log-title" });
  r.before = el("ol", { className: "lk-corpus", testid: "corpus-before" });
  r.afterTitle = el("h3", { className: "log-title" });
  r.after = el("ol", { className: "lk-corpus", testid: "corpus-after" });
  r.noTables = el("p", { className: "canvas-placeholder", testid: "train-no-tables" });
  r.noTables.hidden = true;
  r.grid = el("div", { className: "lk-train-grid" },
    el("div", { className: "lk-train-col" }, r.tableTitle, el("div", { className: "lk-scroll lk-pairs-wrap" }, r.pairTable), r.pairNote),
    el("div", { className: "lk-train-col" }, r.beforeTitle, r.before, r.afterTitle, r.after));
  r.mergeList = el("ol", { className: "log lk-merges", testid: "merge-list" });
  r.vocabMeta = el("span", { className: "stage-meta", testid: "vocab-size" });
  r.vocab = el("div", { className: "lk-chips", testid: "vocab" });
  r.stopBox = el("p", { className: "lk-stop", testid: "stop-reason" });
  r.stopBox.hidden = true;
  const stage = el("section", { className: "card stage", attrs: { "aria-labelledby": "train-steps-title" } },
    stageHeader(b, 1, "train-steps-title", "train.stepsTitle", r.stepMeta),
    r.explain, r.tieLine, r.stopBox, r.recount,
    r.controls.node,
    el("div", { className: "predict-toggles" }, r.predictToggle, r.codeToggle),
    r.predict.node,
    r.code.node,
    r.noTables, r.grid,
    el("div", { className: "lk-train-grid" },
      el("div", { className: "lk-train-col" }, b.text(el("h3", { className: "log-title" }), "train.mergesTitle"), r.mergeList),
      el("div", { className: "lk-train-col" },
        el("h3", { className: "log-title" }, b.text(el("span", {}), "train.vocabTitle"), " ", r.vocabMeta), r.vocab)));

  // Stage 2: ties.
  const tieCard = stageCard(b, { n: 2, id: "train-tie-title", titleKey: "train.tieTitle", textKey: "train.tieText1" },
    b.text(el("p", { className: "stage-text" }), "train.tieText2"));

  // Stage 3: use the tokenizer.
  r.tryInput = textBox(actions, { typed: actions.tryTyped }, { id: "try-input", patch: (v) => ({ try: v }), t });
  r.tryOut = el("ol", { className: "lk-try", testid: "try-output" });
  r.trySummary = el("p", { className: "summary", testid: "try-summary" });
  r.tryErrorBox = errorLine("try-error");
  const tryCard = stageCard(b, { n: 3, id: "train-try-title", titleKey: "train.tryTitle", textKey: "train.tryText" },
    b.text(el("label", { className: "field-label", attrs: { for: "try-input" } }), "train.tryLabel"),
    r.tryInput, r.tryErrorBox, r.trySummary, r.tryOut);

  r.view = [stage, tieCard, tryCard]; // what an export draws
  r.main = el("div", { className: "lesson lk train" }, intro(b, "train.title", "train.lead"), card, ...r.view);
  root.append(r.main);
  b.apply(t);
  return r;
}
