// The encode lesson's page: the input card, the three stage cards, the controls. Built once; the
// elements the lesson updates later are stored on the lesson object (lesson.textarea, lesson.log ...),
// and every visible string is bound through lesson.i18n so a language switch relabels it.

import { MergeCanvas } from "../../canvas/mergeCanvas.mjs";
import { el, icon } from "../../ui/dom.mjs";
import { StepControls } from "../../ui/stepper.mjs";
import { PRESETS } from "./presets.mjs";
import { describeCell } from "./words.mjs";

export function buildView(lesson) {
  const t = lesson.t;
  const root = lesson.ctx.root;
  const b = lesson.i18n;

  const intro = el("section", { className: "intro" },
    b.text(el("h1", { className: "lesson-title" }), "encode.title"),
    b.text(el("p", { className: "lead" }), "encode.lead"));

  lesson.textarea = el("textarea", {
    id: "text-input",
    testid: "text-input",
    className: "text-input",
    attrs: { rows: 2, spellcheck: "false", autocomplete: "off", autocapitalize: "off", dir: "auto", "aria-describedby": "text-hint engine-error" },
  });
  lesson.textarea.addEventListener("input", () => lesson.onTyped());
  lesson.errorBox = el("p", { className: "engine-error", testid: "engine-error", id: "engine-error", attrs: { role: "alert" } });
  lesson.errorBox.hidden = true;
  lesson.notes = el("ul", { className: "input-notes", testid: "input-notes" });
  lesson.presetButtons = new Map();
  const presetList = el("ul", { className: "preset-list" });
  for (const preset of PRESETS) {
    const button = el("button", {
      className: "preset",
      testid: `preset-${preset.id}`,
      attrs: { type: "button", "aria-pressed": "false" },
      on: { click: () => lesson.choosePreset(preset) },
    });
    b.text(button, `preset.${preset.id}.label`, preset.vars);
    lesson.presetButtons.set(preset.id, button);
    presetList.append(el("li", {}, button));
  }
  lesson.pointText = el("p", { className: "point-text", testid: "preset-point" });
  lesson.point = el("div", { className: "point" },
    b.text(el("strong", { className: "point-title" }), "encode.pointTitle"), lesson.pointText);

  const inputCard = el("section", { className: "card input-card", attrs: { "aria-labelledby": "text-label" } },
    el("div", { className: "input-col" },
      b.text(el("label", { id: "text-label", className: "field-label", attrs: { for: "text-input" } }), "encode.inputLabel"),
      lesson.textarea,
      b.text(el("p", { className: "hint", id: "text-hint" }), "encode.inputHint"),
      lesson.errorBox,
      lesson.notes),
    el("div", { className: "preset-col" },
      b.text(el("h2", { className: "field-label" }), "encode.presets"),
      presetList,
      lesson.point));

  // Stage 1: pieces.
  lesson.pieceCount = el("span", { className: "stage-meta", testid: "piece-count" });
  lesson.strip = el("ol", { className: "strip", testid: "pieces" });
  lesson.pagePrev = el("button", { className: "ghost", attrs: { type: "button" }, on: { click: () => lesson.turnPage(-1) } });
  lesson.pageNext = el("button", { className: "ghost", attrs: { type: "button" }, on: { click: () => lesson.turnPage(1) } });
  b.text(lesson.pagePrev, "stage1.prevPage");
  b.text(lesson.pageNext, "stage1.nextPage");
  lesson.pageText = el("span", { className: "pager-text" });
  lesson.pager = el("div", { className: "pager" }, lesson.pagePrev, lesson.pageText, lesson.pageNext);
  lesson.pager.hidden = true;
  const stage1 = el("section", { className: "card stage", attrs: { "aria-labelledby": "stage1-title" } },
    stageHeader(lesson, 1, "stage1-title", "stage1.title", lesson.pieceCount),
    b.text(el("p", { className: "stage-text static" }), "stage1.text"),
    lesson.pager,
    lesson.strip);

  // Stage 2: merges.
  lesson.pieceTitle = el("span", { className: "stage-meta", testid: "piece-title" });
  lesson.explain = el("p", { className: "stage-text explain", testid: "stage-explain" });
  lesson.rankHost = el("div", { className: "canvas-host" });
  lesson.greedyHost = el("div", { className: "canvas-host" });
  lesson.rankBadge = el("span", { className: "verdict right" });
  lesson.greedyBadge = el("span", { className: "verdict wrong" });
  lesson.partsFlags = [0, 1].map(() => {
    const flag = b.text(el("span", { className: "parts-flag", testid: "parts-flag" }), "mistake.partsHere");
    flag.hidden = true;
    return flag;
  });
  lesson.rankHead = el("div", { className: "pane-head" },
    b.text(el("span", { className: "pane-title" }), "mistake.rank"), lesson.partsFlags[0], lesson.rankBadge);
  lesson.greedyHead = el("div", { className: "pane-head" },
    b.text(el("span", { className: "pane-title" }), "mistake.greedy"), lesson.partsFlags[1], lesson.greedyBadge);
  lesson.greedyStep = el("span", { className: "pane-step" });
  lesson.greedyPane = el("div", { className: "canvas-pane greedy", testid: "greedy-pane" }, lesson.greedyHead, lesson.greedyHost, lesson.greedyStep);
  lesson.greedyPane.hidden = true;
  lesson.rankPane = el("div", { className: "canvas-pane rank" }, lesson.rankHead, lesson.rankHost);
  lesson.canvases = el("div", { className: "canvases" }, lesson.rankPane, lesson.greedyPane);
  lesson.placeholder = el("p", { className: "canvas-placeholder", testid: "canvas-placeholder" });
  lesson.placeholder.hidden = true;
  lesson.caption = el("p", { className: "caption", testid: "step-caption" });
  const legend = el("ul", { className: "legend" },
    legendItem(lesson, "lowest", "stage2.legendLowest"),
    legendItem(lesson, "fresh", "stage2.legendFresh"),
    legendItem(lesson, "partial", "stage2.legendPartial"),
    legendItem(lesson, "norule", "stage2.legendNoRule"));
  const widthNote = b.text(el("p", { className: "fine" }), "stage2.widthNote");
  lesson.controls = buildControls(lesson);
  lesson.log = el("ol", { className: "log", testid: "merge-log" });
  const logCol = el("aside", { className: "log-col", attrs: { "aria-labelledby": "log-title" } },
    b.text(el("h3", { className: "log-title", id: "log-title" }), "log.title"),
    lesson.log);
  lesson.mistakeSummary = el("p", { className: "mistake-summary", testid: "mistake-summary" });
  lesson.mistakePanel = el("div", { className: "mistake", testid: "mistake-panel" },
    b.text(el("h3", { className: "mistake-title" }), "mistake.title"),
    b.text(el("p", { className: "stage-text" }), "mistake.text"),
    lesson.mistakeSummary);
  lesson.mistakePanel.hidden = true;
  const stage2 = lesson.stage2 = el("section", { className: "card stage stage2", attrs: { "aria-labelledby": "stage2-title" } },
    stageHeader(lesson, 2, "stage2-title", "stage2.title", lesson.pieceTitle),
    lesson.explain,
    lesson.mistakePanel,
    el("div", { className: "stage2-grid" },
      el("div", { className: "canvas-col" }, lesson.placeholder, lesson.canvases, lesson.caption, lesson.controls.node, legend, widthNote),
      logCol));

  // Stage 3: ids.
  lesson.idsText = el("span", { className: "ids-text", testid: "token-ids" });
  lesson.copyButton = el("button", {
    className: "copy", testid: "copy-ids", attrs: { type: "button" }, on: { click: () => lesson.copyIds() },
  }, icon("copy"), el("span", { className: "copy-label" }));
  b.text(lesson.copyButton.lastChild, "stage3.copy");
  lesson.idsCode = el("code", { className: "ids-code", testid: "ids-code" }, "[", lesson.idsText, "]");
  lesson.summary = el("p", { className: "summary", testid: "summary" });
  lesson.finalTokens = el("ol", { className: "final-tokens", testid: "final-tokens" });
  lesson.finalMore = el("p", { className: "fine" });
  const stage3 = el("section", { className: "card stage", attrs: { "aria-labelledby": "stage3-title" } },
    stageHeader(lesson, 3, "stage3-title", "stage3.title", null),
    b.text(el("p", { className: "stage-text static" }), "stage3.text"),
    b.text(el("h3", { className: "field-label" }), "stage3.tokensLabel"),
    lesson.finalTokens,
    lesson.finalMore,
    b.text(el("h3", { className: "field-label", id: "ids-label" }), "stage3.idsLabel"),
    el("div", { className: "ids-box" }, lesson.idsCode, lesson.copyButton),
    lesson.summary);

  lesson.rankCanvas = new MergeCanvas(lesson.rankHost, {
    testid: "merge-canvas", describeCell: (frame, i) => describeCell(lesson.t, frame, i),
  });
  lesson.greedyCanvas = new MergeCanvas(lesson.greedyHost, {
    testid: "greedy-canvas", describeCell: (frame, i) => describeCell(lesson.t, frame, i),
  });

  lesson.main = el("div", { className: "lesson encode" }, intro, inputCard, stage1, stage2, stage3);
  root.append(lesson.main);
  lesson.i18n.apply(t);
}

function stageHeader(lesson, n, id, key, meta) {
  return el("header", { className: "stage-head" },
    el("span", { className: "stage-num", attrs: { "aria-hidden": "true" } }, String(n)),
    lesson.i18n.text(el("h2", { className: "stage-title", id }), key),
    meta);
}

function legendItem(lesson, kind, key) {
  return el("li", { className: `legend-item ${kind}` },
    el("span", { className: `swatch ${kind}`, attrs: { "aria-hidden": "true" } }, kind === "norule" ? "×" : ""),
    lesson.i18n.text(el("span", {}), key));
}

function buildControls(lesson) {
  const b = lesson.i18n;
  lesson.prevPiece = el("button", {
    className: "text-button", testid: "prev-piece", attrs: { type: "button" }, on: { click: () => lesson.pieceBy(-1) },
  }, icon("up"), b.text(el("span", {}), "controls.prevPiece"));
  lesson.nextPiece = el("button", {
    className: "text-button", testid: "next-piece", attrs: { type: "button" }, on: { click: () => lesson.pieceBy(1) },
  }, icon("down"), b.text(el("span", {}), "controls.nextPiece"));
  lesson.mistakeToggle = el("button", {
    className: "toggle", testid: "mistake-toggle", attrs: { type: "button", "aria-pressed": "false" },
    on: { click: () => lesson.ctx.setState({ mistake: !lesson.state.mistake }) },
  }, el("span", { className: "toggle-box", attrs: { "aria-hidden": "true" } }), b.text(el("span", {}), "controls.mistake"));
  return new StepControls(b, lesson.stepper, {
    onSpeed: (speed) => lesson.ctx.setState({ speed }),
    between: [el("div", { className: "piece-nav" }, lesson.prevPiece, lesson.nextPiece)],
    after: [lesson.mistakeToggle],
  });
}
