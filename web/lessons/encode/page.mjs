// The encode lesson's page: the input card, the three stage cards, the controls. Built once by the
// view (view.mjs), which keeps the elements it updates later (the returned refs: textarea, log ...);
// every visible string is bound through `b` (Bindings) so a language switch relabels it. Buttons call
// `actions` (the lesson's): typed(value), preset(p), selectPiece(i), pieceBy(d), turnPage(d),
// copyIds(), toggleMistake(), setSpeed(s), and `actions.stepper` (ui/stepper.mjs) for the steps;
// `actions.encodingChoice` is the table select (../encodings.mjs), placed above the presets.

import { MergeCanvas } from "../../canvas/mergeCanvas.mjs";
import { el, icon } from "../../ui/dom.mjs";
import { StepControls } from "../../ui/stepper.mjs";
import { intro, stageHeader, inputCard, stageCard, errorText, insertUndoable, insertingText, refuseLongPastes } from "../../ui/lessonkit.mjs";
import { CodeView, codeSwitch } from "../../ui/codeview.mjs";
import { PredictBox, predictSwitch } from "../../ui/predict.mjs";
import { RoomPoll } from "../../ui/predictPoll.mjs";
import { PRESETS } from "./presets.mjs";
import { describeCell } from "./words.mjs";
import { tableWords } from "../tableWords.mjs";
import { ResultSpans } from "./spans.mjs";
import { whyFold } from "./why.mjs";
import "./resultWords.mjs";
import { modelFile, tableTitle } from "../encodings.mjs";
import { FamilyStage } from "./familyView.mjs";

export function buildPage(root, t, b, actions) {
  const r = {};

  // r.table: {facts, encoding} of the answered table, set by the view from the engine's overview; the
  // sentences that quote it are worded in the language of the moment (../tableWords.mjs).
  r.table = null;
  const tableVars = () => (r.table ? tableWords(r.table.facts, r.table.encoding, t) : {});
  // The title names the table's tokenizer too (GPT-2 until an answer says otherwise).
  const titleVars = () => {
    const name = r.table ? r.table.encoding : "r50k_base";
    return { tokenizer: r.table && modelFile(name) ? tableTitle(name, t) : t(`table.tokenizer.${name}`) };
  };
  // A SentencePiece or WordPiece table neither starts from bytes nor follows a rule table: its family's own lead.
  const leadKey = () => {
    const family = r.table && r.table.model ? r.table.model.family : null;
    return family === "spm_bpe" || family === "unigram" || family === "wordpiece" ? `encode.lead.${family}` : "encode.lead";
  };
  const lead = intro(b, "encode.title", leadKey, tableVars, titleVars);
  lead.classList.add("with-why");
  lead.lastChild.id = "encode-lead";
  lead.firstChild.after(whyFold(b, "encode.lead", lead.lastChild));

  r.textarea = el("textarea", {
    id: "text-input",
    testid: "text-input",
    className: "text-input",
    attrs: { rows: 2, spellcheck: "false", autocomplete: "off", autocapitalize: "off", dir: "auto", "aria-describedby": "text-hint engine-error" },
  });
  refuseLongPastes(r.textarea, t);
  r.textarea.addEventListener("beforeinput", (event) => {
    const next = textAfter(r.textarea, event);
    if (next !== null && !insertingText()) actions.willType(next);
  });
  r.textarea.addEventListener("input", (event) => {
    const pasted = event.inputType === "insertFromPaste" || event.inputType === "insertFromDrop";
    if (!insertingText()) actions.typed(r.textarea.value, pasted);
  });
  r.errorBox = el("p", { className: "engine-error", testid: "engine-error", id: "engine-error", attrs: { role: "alert" } });
  r.errorBox.hidden = true;
  r.notes = el("ul", { className: "input-notes", testid: "input-notes" });
  r.presetButtons = new Map();
  const presetList = el("ul", { className: "preset-list" });
  for (const preset of PRESETS) {
    const button = el("button", {
      className: "preset",
      testid: `preset-${preset.id}`,
      attrs: { type: "button", "aria-pressed": "false" },
      on: {
        click: () => {
          insertUndoable(r.textarea, preset.text);
          actions.preset(preset);
        },
      },
    });
    b.text(button, `preset.${preset.id}.label`, preset.vars);
    r.presetButtons.set(preset.id, button);
    presetList.append(el("li", {}, button));
  }
  // The result first: the text's tokens, count and ids under the box (spans.mjs).
  r.result = new ResultSpans(b, actions);
  r.pointText = el("p", { className: "point-text", testid: "preset-point" });
  r.pointText.id = "preset-point-text";
  // The point is the box's content, read at once (behind a Why? fold the box showed a title and a button only).
  r.point = el("div", { className: "point", testid: "preset-point-box" },
    el("div", { className: "point-head" },
      b.text(el("strong", { className: "point-title" }), "encode.pointTitle")),
    r.pointText,
    b.text(el("p", { className: "point-held", testid: "point-hidden" }), "result.pointHidden"));

  const input = inputCard(b, r.textarea, {
    name: "text", labelKey: "encode.inputLabel", hintKey: "encode.inputHint", below: [r.errorBox, r.notes, actions.quick, r.result.node],
    side: [actions.encodingChoice, b.text(el("h2", { className: "field-label" }), "encode.presets"), presetList, r.point],
  });

  // Stage 1: pieces.
  r.pieceCount = el("span", { className: "stage-meta", testid: "piece-count" });
  r.strip = el("ol", { className: "strip", testid: "pieces" });
  r.pagePrev = el("button", { className: "ghost", attrs: { type: "button" }, on: { click: () => actions.turnPage(-1) } });
  r.pageNext = el("button", { className: "ghost", attrs: { type: "button" }, on: { click: () => actions.turnPage(1) } });
  b.text(r.pagePrev, "stage1.prevPage");
  b.text(r.pageNext, "stage1.nextPage");
  r.pageText = el("span", { className: "pager-text" });
  r.pager = el("div", { className: "pager" }, r.pagePrev, r.pageText, r.pageNext);
  r.pager.hidden = true;
  // Its text follows the table (modelWords.mjs cutText): the view writes it after each relabel.
  const stage1 = stageCard(b, { n: 1, id: "stage1-title", titleKey: "stage1.title", textKey: "stage1.text", meta: r.pieceCount, textClass: "stage-text static" },
    r.pager,
    r.strip);
  stage1.classList.add("stage1");
  r.cutText = stage1.querySelector(".stage-text");
  foldStageText(b, stage1, "encode.stage1");

  // Stage 2: merges.
  r.pieceTitle = el("span", { className: "stage-meta", testid: "piece-title" });
  r.explain = el("p", { className: "stage-text explain", testid: "stage-explain", id: "stage2-explain" });
  r.rankHost = el("div", { className: "canvas-host" });
  r.greedyHost = el("div", { className: "canvas-host" });
  r.rankBadge = el("span", { className: "verdict right" });
  r.greedyBadge = el("span", { className: "verdict wrong" });
  r.partsFlags = [0, 1].map(() => {
    const flag = b.text(el("span", { className: "parts-flag", testid: "parts-flag" }), "mistake.partsHere");
    flag.hidden = true;
    return flag;
  });
  r.rankHead = el("div", { className: "pane-head" },
    b.text(el("span", { className: "pane-title" }), "mistake.rank"), r.partsFlags[0], r.rankBadge);
  r.greedyHead = el("div", { className: "pane-head" },
    b.text(el("span", { className: "pane-title" }), "mistake.greedy"), r.partsFlags[1], r.greedyBadge);
  r.greedyStep = el("span", { className: "pane-step" });
  r.greedyPane = el("div", { className: "canvas-pane greedy", testid: "greedy-pane" }, r.greedyHead, r.greedyHost, r.greedyStep);
  r.greedyPane.hidden = true;
  r.rankPane = el("div", { className: "canvas-pane rank" }, r.rankHead, r.rankHost);
  r.canvases = el("div", { className: "canvases" }, r.rankPane, r.greedyPane);
  r.placeholder = el("p", { className: "canvas-placeholder", testid: "canvas-placeholder" });
  r.placeholder.hidden = true;
  r.caption = el("p", { className: "caption", testid: "step-caption" });
  // Predict, then reveal: the question under the canvas, the room's poll inside it.
  r.predict = new PredictBox(t, { actions });
  r.poll = new RoomPoll({ reveal: () => actions.roomReveal(), changed: () => actions.roomChanged() });
  r.predict.choices.after(r.poll.node);
  // A SentencePiece table's stage (familyView.mjs): shown instead of the canvases for its traces.
  r.family = new FamilyStage();
  const legend = r.legend = el("ul", { className: "legend" },
    legendItem(b, "lowest", "stage2.legendLowest"),
    legendItem(b, "fresh", "stage2.legendFresh"),
    legendItem(b, "partial", "stage2.legendPartial"),
    legendItem(b, "norule", "stage2.legendNoRule"));
  // The bytes note follows the table (modelWords.mjs bytesNote): the view writes it after each relabel.
  r.bytesNote = el("p", { className: "fine", testid: "byte-note" });
  const widthNote = r.widthNote = el("div", {}, b.text(el("p", { className: "fine" }), "stage2.widthNote"), r.bytesNote);
  r.controls = buildControls(r, b, actions);
  r.log = el("ol", { className: "log", testid: "merge-log" });
  const logCol = el("aside", { className: "log-col", attrs: { "aria-labelledby": "log-title" } },
    r.logTitle = b.text(el("h3", { className: "log-title", id: "log-title" }), "log.title"),
    r.log);
  r.mistakeSummary = el("p", { className: "mistake-summary", testid: "mistake-summary" });
  r.mistakePanel = el("div", { className: "mistake", testid: "mistake-panel" },
    b.text(el("h3", { className: "mistake-title" }), "mistake.title"),
    b.text(el("p", { className: "stage-text" }), "mistake.text"),
    r.mistakeSummary);
  r.mistakePanel.hidden = true;
  // The engine's Python beside the canvas (`code=1`): its own source, the line of the step lit.
  r.code = new CodeView(b, { load: actions.source, errorText });
  r.stage2Grid = el("div", { className: "stage2-grid" },
    el("div", { className: "canvas-col" }, r.placeholder, r.canvases, r.family.node, r.predict.node, r.caption, r.controls.node, legend, widthNote),
    r.code.node,
    logCol);
  const stage2 = r.stage2 = el("section", { className: "card stage stage2", attrs: { "aria-labelledby": "stage2-title" } },
    stageHeader(b, 2, "stage2-title", "stage2.title", r.pieceTitle),
    r.explain,
    r.mistakePanel,
    r.stage2Grid);

  stage2.firstChild.append(whyFold(b, "encode.stage2", r.explain));
  r.stage2Title = stage2.querySelector(".stage-title"); // a SentencePiece table names its own way (view.mjs)
  r.mistakeLabel = r.mistakeToggle.lastChild;

  // Stage 3: ids.
  r.idsText = el("span", { className: "ids-text", testid: "token-ids" });
  r.copyButton = el("button", {
    className: "copy", testid: "copy-ids", attrs: { type: "button" }, on: { click: () => actions.copyIds() },
  }, icon("copy"), el("span", { className: "copy-label" }));
  b.text(r.copyButton.lastChild, "stage3.copy");
  r.idsCode = el("code", { className: "ids-code", testid: "ids-code" }, "[", r.idsText, "]");
  r.idsHidden = b.text(el("p", { className: "result-hidden", testid: "ids-hidden" }), "result.idsHidden");
  r.idsHidden.hidden = true;
  r.postSpecials = el("p", { className: "fine post-specials", testid: "post-specials" });
  r.postSpecials.hidden = true;
  r.summary = el("p", { className: "summary", testid: "summary" });
  r.finalTokens = el("ol", { className: "final-tokens", testid: "final-tokens" });
  r.finalMore = el("p", { className: "fine" });
  const stage3 = stageCard(b, { n: 3, id: "stage3-title", titleKey: "stage3.title", textKey: "stage3.text", textVars: tableVars, textClass: "stage-text static" },
    b.text(el("h3", { className: "field-label" }), "stage3.tokensLabel"),
    r.finalTokens,
    r.finalMore,
    b.text(el("h3", { className: "field-label", id: "ids-label" }), "stage3.idsLabel"),
    r.idsBox = el("div", { className: "ids-box" }, r.idsCode, r.copyButton),
    r.idsHidden,
    r.postSpecials,
    r.summary);
  foldStageText(b, stage3, "encode.stage3");

  r.rankCanvas = new MergeCanvas(r.rankHost, {
    testid: "merge-canvas", describeCell: (frame, i) => describeCell(t, frame, i),
  });
  r.greedyCanvas = new MergeCanvas(r.greedyHost, {
    testid: "greedy-canvas", describeCell: (frame, i) => describeCell(t, frame, i),
  });

  r.view = [stage1, stage2, stage3]; // what an export draws
  r.main = el("div", { className: "lesson encode" }, lead, input, ...r.view);
  root.append(r.main);
  b.apply(t);
  return r;
}

/** Folds a stage card's paragraph (the element after its header) behind a "Why?" in the header. */
function foldStageText(b, card, name) {
  const header = card.firstChild;
  const text = header.nextSibling;
  text.id = `${name.replace(".", "-")}-text`;
  header.append(whyFold(b, name, text));
}

function legendItem(b, kind, key) {
  return el("li", { className: `legend-item ${kind}` },
    el("span", { className: `swatch ${kind}`, attrs: { "aria-hidden": "true" } }, kind === "norule" ? "×" : ""),
    b.text(el("span", {}), key));
}

function buildControls(r, b, actions) {
  r.prevPiece = el("button", {
    className: "text-button", testid: "prev-piece", attrs: { type: "button" }, on: { click: () => actions.pieceBy(-1) },
  }, icon("up"), b.text(el("span", {}), "controls.prevPiece"));
  r.nextPiece = el("button", {
    className: "text-button", testid: "next-piece", attrs: { type: "button" }, on: { click: () => actions.pieceBy(1) },
  }, icon("down"), b.text(el("span", {}), "controls.nextPiece"));
  r.mistakeToggle = el("button", {
    className: "toggle", testid: "mistake-toggle", attrs: { type: "button", "aria-pressed": "false" },
    on: { click: () => actions.toggleMistake() },
  }, el("span", { className: "toggle-box", attrs: { "aria-hidden": "true" } }), b.text(el("span", {}), "controls.mistake"));
  r.hexToggle = el("button", {
    className: "toggle", testid: "hex-toggle", attrs: { type: "button", "aria-pressed": "false" },
    on: { click: () => actions.toggleHex() },
  }, el("span", { className: "toggle-box", attrs: { "aria-hidden": "true" } }), b.text(el("span", {}), "controls.hex"));
  r.predictToggle = predictSwitch(b, { testid: "predict-toggle", labelKey: "predict.toggle", onToggle: () => actions.togglePredict() });
  r.roomToggle = predictSwitch(b, { testid: "room-toggle", labelKey: "predict.room", hintKey: "predict.roomHint", onToggle: () => actions.toggleRoom() });
  r.codeToggle = codeSwitch(b, () => actions.toggleCode());
  return new StepControls(b, actions.stepper, {
    onSpeed: (speed) => actions.setSpeed(speed),
    between: [el("div", { className: "piece-nav" }, r.prevPiece, r.nextPiece)],
    after: [r.mistakeToggle, r.hexToggle, r.codeToggle, el("div", { className: "predict-toggles" }, r.predictToggle, r.roomToggle)],
  });
}

/**
 * The box's text once the edit that `event` (a beforeinput) announces is made, where that is plain: a
 * typed character or line break, or one simple character deleted; null for anything else (an input
 * method composing, a paste, a character that may be part of a cluster).
 */
export function textAfter(box, event) {
  if (event.isComposing) return null;
  const { value, selectionStart: a, selectionEnd: b } = box;
  const around = (insert) => value.slice(0, a) + insert + value.slice(b);
  const simple = (at) => at >= 0 && at < value.length && value.charCodeAt(at) < 0x300;
  const combining = (at) => at < value.length && value.charCodeAt(at) >= 0x300; // may belong to the one before
  switch (event.inputType) {
    case "insertText":
      return typeof event.data === "string" ? around(event.data) : null;
    case "insertLineBreak":
      return around("\n");
    case "deleteContentBackward":
      if (a !== b) return around("");
      return simple(a - 1) && !combining(a) ? value.slice(0, a - 1) + value.slice(a) : null;
    case "deleteContentForward":
      if (a !== b) return around("");
      return simple(a) && !combining(a + 1) ? value.slice(0, a) + value.slice(a + 1) : null;
    default:
      return null;
  }
}
