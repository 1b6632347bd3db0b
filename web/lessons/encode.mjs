// Lesson "encode": watch GPT-2 (r50k) turn text into ids: pieces, merges by rank, id lookup.
//
// The lesson asks the engine for an `overview` of the text (pieces and ids, paged) and a `trace_piece`
// for the selected piece only, and renders them. Which merge step is shown is `state.step`, an integer;
// every frame is built from (trace, step) alone, so stepping back or jumping is instant and exact. The
// player only adds a tween between step k-1 and k.

import { param } from "../state.mjs";
import { TIMING, LIMITS, SPEEDS } from "../theme.mjs";
import { MergeCanvas, visibleChar } from "../canvas/mergeCanvas.mjs";
import { buildFrame, hexBytes, cpLength } from "../canvas/frames.mjs";
import { Player } from "../canvas/player.mjs";
import { el, icon, Bindings } from "../ui/dom.mjs";

/** Each preset teaches one point; `piece` is the piece shown first. */
export const PRESETS = Object.freeze([
  { id: "tokenization", text: "tokenization", piece: 0 },
  { id: "fizzlepuff", text: "fizzlepuff", piece: 0 },
  { id: "unicorn", text: "🦄", piece: 0 },
  { id: "space", text: "the the", piece: 1 },
  { id: "case", text: "Hello hello", piece: 0 },
  { id: "boundary", text: "fix the AI", piece: 1 },
  { id: "middle", text: "understand", piece: 0, vars: { word: "understand" } },
  { id: "byte", text: "a", piece: 0 },
  { id: "chinese", text: "今天天气真好", piece: 0 },
]);

const PARAMS = new Map([
  ["piece", param.int(0)],
  ["step", param.int(0)],
  ["mistake", param.bool(false)],
]);

const KEYS = [
  ["Space", "keys.play"],
  ["← →", "keys.step"],
  ["↑ ↓ [ ]", "keys.piece"],
  ["Home End", "keys.ends"],
];

const ALLOWED_SPECIAL = "none";
const TRACE_CACHE = 64;

/** How a piece is written in the strip: spaces as Ġ (GPT-2's mark), controls as visible symbols. */
export function pieceLabel(text) {
  let out = "";
  for (const ch of text) out += ch === " " ? "Ġ" : ch === "\u3000" || /\s/u.test(ch) || /\p{Cc}/u.test(ch) ? visibleChar(ch) : ch;
  return out;
}

/** Where two runs of steps first differ (index), or -1 when one is a prefix of the other. */
export function firstDifference(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    if (a[i].merged !== b[i].merged || a[i].position !== b[i].position) return i;
  }
  return a.length === b.length ? -1 : n;
}

function sameIds(a, b) {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

class EncodeLesson {
  constructor(ctx) {
    this.ctx = ctx;
    this.t = ctx.t;
    this.i18n = new Bindings();
    this.player = new Player();
    this.overview = null;
    this.traces = new Map();
    this.trace = null;
    this.error = null;
    this.pending = false;
    this.gen = 0;
    this.traceGen = 0;
    this.retraceTimer = 0;
    this.fromTyping = false;
    this.typedSinceTrace = false;
    this.playing = false;
    this.animateNext = false;
    this.shownKey = null;
    this.shownStep = null;
    this.tween = null;
    this.currentTween = Promise.resolve(true);
    this.dirty = new Set();
    this.raf = 0;
    this.scrollToCanvas = false;
    this.inflight = false;
    this.retraceAgain = false;
    this.stripFor = null;
    this.build();
  }

  get state() {
    return this.ctx.getState();
  }

  // ------------------------------------------------------------ building the page

  build() {
    const t = this.t;
    const root = this.ctx.root;
    const b = this.i18n;

    const intro = el("section", { className: "intro" },
      b.text(el("h1", { className: "lesson-title" }), "encode.title"),
      b.text(el("p", { className: "lead" }), "encode.lead"));

    this.textarea = el("textarea", {
      id: "text-input",
      testid: "text-input",
      className: "text-input",
      attrs: { rows: 2, spellcheck: "false", autocomplete: "off", autocapitalize: "off", dir: "auto", "aria-describedby": "text-hint engine-error" },
    });
    this.textarea.addEventListener("input", () => this.onTyped());
    this.errorBox = el("p", { className: "engine-error", testid: "engine-error", id: "engine-error", attrs: { role: "alert" } });
    this.errorBox.hidden = true;
    this.notes = el("ul", { className: "input-notes", testid: "input-notes" });
    this.presetButtons = new Map();
    const presetList = el("ul", { className: "preset-list" });
    for (const preset of PRESETS) {
      const button = el("button", {
        className: "preset",
        testid: `preset-${preset.id}`,
        attrs: { type: "button", "aria-pressed": "false" },
        on: { click: () => this.choosePreset(preset) },
      });
      b.text(button, `preset.${preset.id}.label`, preset.vars);
      this.presetButtons.set(preset.id, button);
      presetList.append(el("li", {}, button));
    }
    this.pointText = el("p", { className: "point-text", testid: "preset-point" });
    this.point = el("div", { className: "point" },
      b.text(el("strong", { className: "point-title" }), "encode.pointTitle"), this.pointText);

    const inputCard = el("section", { className: "card input-card", attrs: { "aria-labelledby": "text-label" } },
      el("div", { className: "input-col" },
        b.text(el("label", { id: "text-label", className: "field-label", attrs: { for: "text-input" } }), "encode.inputLabel"),
        this.textarea,
        b.text(el("p", { className: "hint", id: "text-hint" }), "encode.inputHint"),
        this.errorBox,
        this.notes),
      el("div", { className: "preset-col" },
        b.text(el("h2", { className: "field-label" }), "encode.presets"),
        presetList,
        this.point));

    // Stage 1: pieces.
    this.pieceCount = el("span", { className: "stage-meta", testid: "piece-count" });
    this.strip = el("ol", { className: "strip", testid: "pieces" });
    this.pagePrev = el("button", { className: "ghost", attrs: { type: "button" }, on: { click: () => this.turnPage(-1) } });
    this.pageNext = el("button", { className: "ghost", attrs: { type: "button" }, on: { click: () => this.turnPage(1) } });
    b.text(this.pagePrev, "stage1.prevPage");
    b.text(this.pageNext, "stage1.nextPage");
    this.pageText = el("span", { className: "pager-text" });
    this.pager = el("div", { className: "pager" }, this.pagePrev, this.pageText, this.pageNext);
    this.pager.hidden = true;
    const stage1 = el("section", { className: "card stage", attrs: { "aria-labelledby": "stage1-title" } },
      this.stageHeader(1, "stage1-title", "stage1.title", this.pieceCount),
      b.text(el("p", { className: "stage-text static" }), "stage1.text"),
      this.pager,
      this.strip);

    // Stage 2: merges.
    this.pieceTitle = el("span", { className: "stage-meta", testid: "piece-title" });
    this.explain = el("p", { className: "stage-text explain", testid: "stage-explain" });
    this.rankHost = el("div", { className: "canvas-host" });
    this.greedyHost = el("div", { className: "canvas-host" });
    this.rankBadge = el("span", { className: "verdict right" });
    this.greedyBadge = el("span", { className: "verdict wrong" });
    this.rankHead = el("div", { className: "pane-head" },
      b.text(el("span", { className: "pane-title" }), "mistake.rank"), this.rankBadge);
    this.greedyHead = el("div", { className: "pane-head" },
      b.text(el("span", { className: "pane-title" }), "mistake.greedy"), this.greedyBadge);
    this.greedyStep = el("span", { className: "pane-step" });
    this.greedyPane = el("div", { className: "canvas-pane greedy", testid: "greedy-pane" }, this.greedyHead, this.greedyHost, this.greedyStep);
    this.greedyPane.hidden = true;
    this.rankPane = el("div", { className: "canvas-pane rank" }, this.rankHead, this.rankHost);
    this.canvases = el("div", { className: "canvases" }, this.rankPane, this.greedyPane);
    this.placeholder = el("p", { className: "canvas-placeholder", testid: "canvas-placeholder" });
    this.placeholder.hidden = true;
    this.caption = el("p", { className: "caption", testid: "step-caption" });
    const legend = el("ul", { className: "legend" },
      this.legendItem("lowest", "stage2.legendLowest"),
      this.legendItem("fresh", "stage2.legendFresh"),
      this.legendItem("partial", "stage2.legendPartial"),
      this.legendItem("norule", "stage2.legendNoRule"));
    const widthNote = b.text(el("p", { className: "fine" }), "stage2.widthNote");
    this.controls = this.buildControls();
    this.log = el("ol", { className: "log", testid: "merge-log" });
    const logCol = el("aside", { className: "log-col", attrs: { "aria-labelledby": "log-title" } },
      b.text(el("h3", { className: "log-title", id: "log-title" }), "log.title"),
      this.log);
    this.mistakeSummary = el("p", { className: "mistake-summary", testid: "mistake-summary" });
    this.mistakePanel = el("div", { className: "mistake", testid: "mistake-panel" },
      b.text(el("h3", { className: "mistake-title" }), "mistake.title"),
      b.text(el("p", { className: "stage-text" }), "mistake.text"),
      this.mistakeSummary);
    this.mistakePanel.hidden = true;
    const stage2 = this.stage2 = el("section", { className: "card stage stage2", attrs: { "aria-labelledby": "stage2-title" } },
      this.stageHeader(2, "stage2-title", "stage2.title", this.pieceTitle),
      this.explain,
      this.mistakePanel,
      el("div", { className: "stage2-grid" },
        el("div", { className: "canvas-col" }, this.placeholder, this.canvases, this.caption, this.controls, legend, widthNote),
        logCol));

    // Stage 3: ids.
    this.idsText = el("span", { className: "ids-text", testid: "token-ids" });
    this.copyButton = el("button", {
      className: "copy", testid: "copy-ids", attrs: { type: "button" }, on: { click: () => this.copyIds() },
    }, icon("copy"), el("span", { className: "copy-label" }));
    b.text(this.copyButton.lastChild, "stage3.copy");
    this.idsCode = el("code", { className: "ids-code", testid: "ids-code" }, "[", this.idsText, "]");
    this.summary = el("p", { className: "summary", testid: "summary" });
    this.finalTokens = el("ol", { className: "final-tokens", testid: "final-tokens" });
    this.finalMore = el("p", { className: "fine" });
    const stage3 = el("section", { className: "card stage", attrs: { "aria-labelledby": "stage3-title" } },
      this.stageHeader(3, "stage3-title", "stage3.title", null),
      b.text(el("p", { className: "stage-text static" }), "stage3.text"),
      b.text(el("h3", { className: "field-label" }), "stage3.tokensLabel"),
      this.finalTokens,
      this.finalMore,
      b.text(el("h3", { className: "field-label", id: "ids-label" }), "stage3.idsLabel"),
      el("div", { className: "ids-box" }, this.idsCode, this.copyButton),
      this.summary);

    this.rankCanvas = new MergeCanvas(this.rankHost, {
      testid: "merge-canvas", describeCell: (frame, i) => this.describeCell(frame, i),
    });
    this.greedyCanvas = new MergeCanvas(this.greedyHost, {
      testid: "greedy-canvas", describeCell: (frame, i) => this.describeCell(frame, i),
    });

    this.main = el("div", { className: "lesson encode" }, intro, inputCard, stage1, stage2, stage3);
    root.append(this.main);
    this.i18n.apply(t);
  }

  stageHeader(n, id, key, meta) {
    return el("header", { className: "stage-head" },
      el("span", { className: "stage-num", attrs: { "aria-hidden": "true" } }, String(n)),
      this.i18n.text(el("h2", { className: "stage-title", id }), key),
      meta);
  }

  legendItem(kind, key) {
    return el("li", { className: `legend-item ${kind}` },
      el("span", { className: `swatch ${kind}`, attrs: { "aria-hidden": "true" } }, kind === "norule" ? "×" : ""),
      this.i18n.text(el("span", {}), key));
  }

  iconButton(name, key, testid, onClick) {
    const button = el("button", {
      className: "icon-button", testid, attrs: { type: "button" }, on: { click: onClick },
    }, icon(name));
    this.i18n.label(button, key);
    this.i18n.title(button, key);
    return button;
  }

  buildControls() {
    const b = this.i18n;
    this.firstButton = this.iconButton("first", "controls.first", "first", () => this.goTo(0));
    this.backButton = this.iconButton("back", "controls.back", "back", () => this.stepBy(-1));
    this.playButton = el("button", {
      className: "icon-button play", testid: "play", attrs: { type: "button" }, on: { click: () => this.togglePlay() },
    }, icon("play"));
    this.forwardButton = this.iconButton("forward", "controls.forward", "forward", () => this.stepBy(1));
    this.lastButton = this.iconButton("last", "controls.last", "last", () => this.goTo(Infinity));
    this.scrub = el("input", {
      className: "scrub", testid: "scrubber", attrs: { type: "range", min: 0, max: 0, step: 1, value: 0 },
      on: { input: () => this.goTo(Number(this.scrub.value)) },
    });
    b.label(this.scrub, "controls.scrub");
    this.stepText = el("span", { className: "step-text", testid: "step-text" });
    this.prevPiece = el("button", {
      className: "text-button", testid: "prev-piece", attrs: { type: "button" }, on: { click: () => this.pieceBy(-1) },
    }, icon("up"), b.text(el("span", {}), "controls.prevPiece"));
    this.nextPiece = el("button", {
      className: "text-button", testid: "next-piece", attrs: { type: "button" }, on: { click: () => this.pieceBy(1) },
    }, icon("down"), b.text(el("span", {}), "controls.nextPiece"));
    this.speed = el("select", { className: "speed", testid: "speed", id: "speed-select" },
      ...SPEEDS.map((s) => el("option", { attrs: { value: String(s) } }, `${s}×`)));
    this.speed.addEventListener("change", () => this.ctx.setState({ speed: Number(this.speed.value) }));
    this.mistakeToggle = el("button", {
      className: "toggle", testid: "mistake-toggle", attrs: { type: "button", "aria-pressed": "false" },
      on: { click: () => this.ctx.setState({ mistake: !this.state.mistake }) },
    }, el("span", { className: "toggle-box", attrs: { "aria-hidden": "true" } }), b.text(el("span", {}), "controls.mistake"));
    const transport = el("div", { className: "transport", attrs: { role: "group" } },
      this.firstButton, this.backButton, this.playButton, this.forwardButton, this.lastButton);
    b.label(transport, "controls.label");
    return el("div", { className: "controls" },
      transport,
      el("div", { className: "scrub-wrap" }, this.scrub, this.stepText),
      el("div", { className: "piece-nav" }, this.prevPiece, this.nextPiece),
      el("label", { className: "speed-wrap", attrs: { for: "speed-select" } },
        b.text(el("span", {}), "controls.speed"), this.speed),
      this.mistakeToggle);
  }

  // ------------------------------------------------------------ state changes

  update(state, changed) {
    if (changed.has("lang")) {
      this.i18n.apply(this.t);
      this.stripFor = null;
      this.markAll();
    }
    if (changed.has("text")) {
      if (this.textarea.value !== state.text) this.textarea.value = state.text;
      const typing = this.fromTyping;
      this.fromTyping = false;
      this.onTextChanged(typing);
    }
    if (changed.has("piece") && !changed.has("text")) this.ensureTrace();
    if (changed.has("step") || changed.has("piece") || changed.has("text")) this.onStepChanged();
    if (changed.has("speed")) this.speed.value = String(state.speed);
    if (changed.has("mistake")) this.mark("stage2");
    if (changed.has("projector") || changed.has("motion")) this.mark("stage2");
    if (changed.has("projector") && state.projector) this.scrollToCanvas = true;
    if (changed.has("lang")) this.announceStep();
  }

  destroy() {
    this.pause();
    clearTimeout(this.retraceTimer);
    cancelAnimationFrame(this.raf);
    this.rankCanvas.destroy();
    this.greedyCanvas.destroy();
    this.main.remove();
  }

  onKey(event) {
    switch (event.key) {
      case " ":
      case "Spacebar":
        this.togglePlay();
        return true;
      case "ArrowLeft":
        this.stepBy(-1);
        return true;
      case "ArrowRight":
        this.stepBy(1);
        return true;
      case "ArrowUp":
      case "[":
        this.pieceBy(-1);
        return true;
      case "ArrowDown":
      case "]":
        this.pieceBy(1);
        return true;
      case "Home":
        this.goTo(0);
        return true;
      case "End":
        this.goTo(Infinity);
        return true;
      default:
        return false;
    }
  }

  onTyped() {
    this.fromTyping = true;
    this.typedSinceTrace = true;
    this.ctx.setState({ text: this.textarea.value });
  }

  choosePreset(preset) {
    this.pause();
    this.typedSinceTrace = false;
    this.ctx.setState({ text: preset.text, piece: preset.piece, step: 0 });
  }

  onTextChanged(typing) {
    this.pause();
    this.mark("input");
    clearTimeout(this.retraceTimer);
    if (typing) {
      this.retraceTimer = setTimeout(() => this.retrace(), TIMING.retraceDebounceMs);
    } else {
      this.retrace();
    }
  }

  total() {
    return this.trace ? this.trace.steps.length : 0;
  }

  goTo(step) {
    this.pause();
    const target = Math.max(0, Math.min(this.total(), step));
    this.ctx.setState({ step: target });
  }

  stepBy(delta) {
    this.pause();
    const target = Math.max(0, Math.min(this.total(), this.state.step + delta));
    if (delta === 1 && target !== this.state.step) this.animateNext = true;
    this.ctx.setState({ step: target });
  }

  pieceBy(delta) {
    const n = this.overview ? this.overview.n_pieces : 0;
    if (n === 0) return;
    this.selectPiece(Math.max(0, Math.min(n - 1, this.state.piece + delta)));
  }

  selectPiece(index) {
    this.pause();
    if (index === this.state.piece) return;
    this.ctx.setState({ piece: index, step: 0 });
  }

  togglePlay() {
    if (this.playing) this.pause();
    else this.play();
  }

  async play() {
    if (!this.trace || this.total() === 0) return;
    this.playing = true;
    this.mark("controls");
    if (this.state.step >= this.total()) {
      this.ctx.setState({ step: 0 });
      if (!(await this.player.wait(TIMING.holdMs / this.state.speed)) || !this.playing) return this.stopped();
    }
    while (this.playing && this.trace && this.state.step < this.total()) {
      this.animateNext = true;
      this.ctx.setState({ step: this.state.step + 1 });
      if (!(await this.currentTween) || !this.playing) break;
      if (this.state.step >= this.total()) break;
      if (!(await this.player.wait(TIMING.holdMs / this.state.speed))) break;
    }
    return this.stopped();
  }

  stopped() {
    this.playing = false;
    this.mark("controls");
  }

  pause() {
    if (this.playing) {
      this.playing = false;
      this.mark("controls");
    }
    this.player.finish();
  }

  // ------------------------------------------------------------ engine requests

  overviewPayload(text, offset) {
    if (offset === 0) return { text, allowed_special: ALLOWED_SPECIAL };
    return { text, allowed_special: ALLOWED_SPECIAL, piece_offset: offset, piece_limit: LIMITS.piecePage };
  }

  pageStart(index) {
    return Math.floor(index / LIMITS.piecePage) * LIMITS.piecePage;
  }

  pieceMeta(index) {
    const o = this.overview;
    if (!o) return null;
    const i = index - o.piece_offset;
    return i >= 0 && i < o.pieces.length ? o.pieces[i] : null;
  }

  async retrace() {
    clearTimeout(this.retraceTimer);
    if (this.inflight) {
      // One overview at a time: typing into a long text must not queue a request per pause.
      this.retraceAgain = true;
      return;
    }
    const text = this.state.text;
    const gen = ++this.gen;
    this.traceGen += 1;
    const previous = this.overview;
    const previousPiece = previous ? this.pieceMeta(this.state.piece) : null;
    if (text === "") {
      this.overview = { text: "", ids: [], n_pieces: 0, piece_offset: 0, pieces: [] };
      this.trace = null;
      this.error = null;
      this.pending = false;
      this.typedSinceTrace = false;
      this.ctx.setState({ piece: 0, step: 0 });
      this.markAll();
      return;
    }
    this.pending = true;
    this.mark("stage2");
    let offset = this.pageStart(this.state.piece);
    let answer;
    this.inflight = true;
    try {
      answer = await this.ctx.query("overview", this.overviewPayload(text, offset));
      if (answer.ok && offset > 0 && answer.result.pieces.length === 0 && answer.result.n_pieces > 0) {
        offset = this.pageStart(answer.result.n_pieces - 1);
        answer = await this.ctx.query("overview", this.overviewPayload(text, offset));
      }
    } finally {
      this.inflight = false;
    }
    if (this.retraceAgain) {
      this.retraceAgain = false;
      if (text !== this.state.text) {
        this.retrace();
        return;
      }
    }
    if (gen !== this.gen || text !== this.state.text) return;
    this.pending = false;
    if (!answer.ok) {
      this.error = answer.error;
      this.markAll();
      return;
    }
    this.error = null;
    this.overview = { text, ...answer.result };
    const n = this.overview.n_pieces;
    let piece = Math.max(0, Math.min(n - 1, this.state.piece));
    let step = this.state.step;
    if (this.typedSinceTrace) {
      const now = this.pieceMeta(piece);
      if (!previousPiece || !now || previousPiece.text !== now.text) {
        const atCaret = this.pieceAtCaret();
        if (atCaret !== null) piece = atCaret;
        step = 0;
      }
    }
    this.typedSinceTrace = false;
    this.markAll();
    if (piece !== this.state.piece || step !== this.state.step) {
      this.ctx.setState({ piece, step });
      if (this.pieceMeta(piece) === null || piece === this.state.piece) this.ensureTrace();
    } else {
      this.ensureTrace();
    }
  }

  /** The piece (on the loaded page) that holds the text box's caret, or null. */
  pieceAtCaret() {
    if (document.activeElement !== this.textarea || !this.overview) return null;
    const caretUnits = this.textarea.selectionStart;
    const caret = cpLength(this.textarea.value.slice(0, caretUnits));
    const pieces = this.overview.pieces;
    for (const piece of pieces) {
      if (caret > piece.start && caret <= piece.end) return piece.index;
    }
    return null;
  }

  async turnPage(delta) {
    if (!this.overview) return;
    const start = this.overview.piece_offset + delta * LIMITS.piecePage;
    if (start < 0 || start >= this.overview.n_pieces) return;
    this.selectPiece(start);
  }

  async loadPage(index) {
    const text = this.state.text;
    const gen = this.gen;
    const answer = await this.ctx.query("overview", this.overviewPayload(text, this.pageStart(index)));
    if (gen !== this.gen || text !== this.state.text) return false;
    if (!answer.ok) {
      this.error = answer.error;
      this.markAll();
      return false;
    }
    this.overview = { text, ...answer.result };
    this.markAll();
    return true;
  }

  async ensureTrace() {
    const state = this.state;
    const text = state.text;
    const index = state.piece;
    if (!this.overview || this.overview.text !== text || this.overview.n_pieces === 0) return;
    const meta = this.pieceMeta(index);
    if (!meta) {
      if (await this.loadPage(index)) this.ensureTrace();
      return;
    }
    const key = JSON.stringify([text, index]);
    if (this.traces.has(key)) {
      this.trace = this.traces.get(key);
      this.afterTrace();
      return;
    }
    this.trace = null;
    this.markAll();
    if (meta.bytes.length > LIMITS.traceBytes) return;
    const gen = ++this.traceGen;
    const answer = await this.ctx.query("trace_piece", { text, index, allowed_special: ALLOWED_SPECIAL });
    if (gen !== this.traceGen) return;
    if (!answer.ok) {
      this.error = answer.error;
      this.markAll();
      return;
    }
    this.traces.set(key, answer.result);
    while (this.traces.size > TRACE_CACHE) this.traces.delete(this.traces.keys().next().value);
    if (this.state.text === text && this.state.piece === index) {
      this.trace = answer.result;
      this.afterTrace();
    }
  }

  afterTrace() {
    this.shownKey = null;
    if (this.state.step > this.total()) this.ctx.setState({ step: this.total() });
    this.onStepChanged();
    this.markAll();
  }

  traceKey() {
    return this.trace ? JSON.stringify([this.state.text, this.state.piece]) : null;
  }

  onStepChanged() {
    const key = this.traceKey();
    const step = Math.min(this.state.step, this.total());
    const animate = this.animateNext && key !== null && key === this.shownKey && step === this.shownStep + 1
      && !this.ctx.reducedMotion();
    this.animateNext = false;
    this.player.finish();
    this.tween = null;
    if (animate) {
      const tween = { from: step - 1, to: step, t: 0 };
      const ms = (TIMING.mergeMs + (step === this.total() ? TIMING.lookupMs : 0)) / this.state.speed;
      this.tween = tween;
      this.currentTween = this.player.tween(ms, (t) => {
        if (this.tween !== tween) return;
        if (t >= 1) this.tween = null;
        else tween.t = t;
        this.drawCanvases();
      });
    } else {
      this.currentTween = Promise.resolve(true);
    }
    this.shownKey = key;
    this.shownStep = step;
    this.mark("stage2");
    this.announceStep();
  }

  // ------------------------------------------------------------ rendering

  mark(part) {
    this.dirty.add(part);
    if (!this.raf) {
      this.raf = requestAnimationFrame(() => {
        this.raf = 0;
        this.render();
      });
    }
  }

  markAll() {
    for (const part of ["input", "strip", "stage2", "controls", "ids"]) this.mark(part);
  }

  render() {
    const dirty = this.dirty;
    this.dirty = new Set();
    if (dirty.has("input")) this.renderInput();
    if (dirty.has("strip")) this.renderStrip();
    if (dirty.has("stage2")) this.renderStage2();
    if (dirty.has("stage2") || dirty.has("controls")) this.renderControls();
    if (dirty.has("ids") || dirty.has("strip")) this.renderIds();
  }

  renderInput() {
    const t = this.t;
    const text = this.state.text;
    const preset = PRESETS.find((p) => p.text === text) || null;
    for (const [id, button] of this.presetButtons) {
      button.setAttribute("aria-pressed", String(preset !== null && preset.id === id));
    }
    this.point.hidden = preset === null;
    if (preset) this.pointText.textContent = t(`preset.${preset.id}.point`);
    if (this.error) {
      this.errorBox.hidden = false;
      this.errorBox.textContent = `${t("error.engine", { message: this.error.message || this.error.type })} ${t("encode.keepTyping")}`;
    } else {
      this.errorBox.hidden = true;
      this.errorBox.textContent = "";
    }
    const notes = [];
    const o = this.overview && this.overview.text === text ? this.overview : null;
    if (o && Object.hasOwn(o, "plain_special") ? o.plain_special : text.includes("<|endoftext|>")) {
      notes.push("input.endoftext");
    }
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u.test(text)) notes.push("input.control");
    if (/[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u.test(text)) notes.push("input.rtl");
    if (!text.isWellFormed()) notes.push("input.surrogate");
    if (text.length > LIMITS.hashTextMax) notes.push("input.long");
    this.notes.replaceChildren(...notes.map((key) => el("li", { data: { note: key.slice(6) } }, t(key))));
    this.notes.hidden = notes.length === 0;
  }

  renderStrip() {
    const t = this.t;
    const o = this.overview;
    const n = o ? o.n_pieces : 0;
    this.pieceCount.textContent = n === 1 ? t("stage1.count1") : t("stage1.count", { n: n.toLocaleString() });
    if (!o) {
      this.strip.replaceChildren();
      this.pager.hidden = true;
      return;
    }
    const selected = this.state.piece;
    if (this.stripFor !== o) this.buildStrip(o, selected);
    const paged = n > o.pieces.length;
    this.pager.hidden = !paged;
    if (paged) {
      this.pageText.textContent = t("stage1.page", {
        from: (o.piece_offset + 1).toLocaleString(),
        to: (o.piece_offset + o.pieces.length).toLocaleString(),
        n: n.toLocaleString(),
      });
      this.pagePrev.disabled = o.piece_offset === 0;
      this.pageNext.disabled = o.piece_offset + o.pieces.length >= n;
    }
  }

  /** The piece buttons, rebuilt only for a new page of pieces or a new language. */
  buildStrip(o, selected) {
    const t = this.t;
    this.stripFor = o;
    const items = o.pieces.map((piece) => {
      const label = pieceLabel(piece.text);
      const button = el("button", {
        className: `piece rule-${piece.rule}`,
        testid: "piece",
        attrs: { type: "button", "aria-pressed": String(piece.index === selected) },
        data: { index: piece.index, rule: piece.rule, text: piece.text, tokens: piece.tokens.length },
        on: { click: () => this.selectPiece(piece.index) },
      },
      el("span", { className: "visually-hidden" }, t("stage1.pieceLabel", { n: piece.index + 1 })),
      el("span", { className: "piece-text" }, label),
      el("span", { className: "piece-rule" }, t(`rule.${piece.rule}`)));
      return el("li", {}, button);
    });
    this.strip.replaceChildren(...items);
  }

  frame(run, step) {
    return buildFrame(this.trace, run, step);
  }

  labels() {
    const t = this.t;
    return {
      lowest: t("canvas.lowest"),
      leftmost: t("canvas.leftmost"),
      table: t("canvas.table"),
      pending: t("canvas.pending"),
    };
  }

  drawCanvases() {
    const piece = this.trace;
    if (!piece) return;
    const state = this.state;
    const step = Math.min(state.step, this.total());
    const labels = this.labels();
    const key = this.traceKey();
    let scene;
    if (this.tween) {
      scene = { from: this.frame(piece, this.tween.from), to: this.frame(piece, this.tween.to), t: this.tween.t };
    } else {
      scene = { from: this.frame(piece, step), to: null, t: 0 };
    }
    const shown = scene.to || scene.from;
    this.rankCanvas.setScene({
      ...scene, key, piece, run: piece, mode: "rank", projector: state.projector, labels,
      ariaLabel: this.t("stage2.canvasLabel", { symbols: shown.symbols.join(" · ") }),
    });
    if (this.tween) this.rankCanvas.drawNow();
    if (state.mistake && piece.greedy) {
      const g = piece.greedy;
      const gStep = Math.min(step, g.steps.length);
      const from = buildFrame(piece, g, gStep);
      this.greedyCanvas.setScene({
        from, to: null, t: 0, key: `${key} greedy`, piece, run: g, mode: "greedy", projector: state.projector, labels,
        ariaLabel: this.t("stage2.canvasLabel", { symbols: from.symbols.join(" · ") }),
      });
      this.greedyStep.textContent = this.t("mistake.step", { step: gStep, total: g.steps.length });
    }
  }

  renderStage2() {
    const t = this.t;
    const state = this.state;
    const o = this.overview;
    const piece = this.trace;
    const meta = o ? this.pieceMeta(state.piece) : null;
    // Piece title.
    this.pieceTitle.textContent = meta
      ? t("stage2.piece", { n: meta.index + 1, total: o.n_pieces.toLocaleString(), text: pieceLabel(meta.text) })
      : "";
    // Placeholder when there is nothing to draw.
    let placeholder = "";
    if (state.text === "") placeholder = t("encode.empty");
    else if (!piece && meta && meta.bytes.length > LIMITS.traceBytes) placeholder = t("stage2.tooLong", { bytes: meta.bytes.length.toLocaleString() });
    else if (!piece && this.error) placeholder = t("encode.keepTyping");
    else if (!piece && !this.ctx.engineReady()) placeholder = t("encode.waiting");
    else if (!piece) placeholder = t("encode.tracing");
    this.placeholder.hidden = placeholder === "";
    this.placeholder.textContent = placeholder;
    this.canvases.hidden = !piece;
    this.main.classList.toggle("stale", this.pending || Boolean(this.error));
    // Side by side with the common mistake.
    const mistake = state.mistake && Boolean(piece && piece.greedy);
    this.greedyPane.hidden = !mistake;
    this.mistakePanel.hidden = !mistake;
    this.rankHead.hidden = !mistake;
    this.canvases.classList.toggle("two", mistake);
    this.mistakeToggle.setAttribute("aria-pressed", String(state.mistake));
    if (!piece) {
      this.explain.textContent = state.text === "" ? "" : t("stage1.text");
      this.explain.hidden = true;
      this.log.replaceChildren();
      this.caption.textContent = "";
      return;
    }
    this.explain.hidden = false;
    const total = this.total();
    const step = Math.min(state.step, total);
    const frame = this.frame(piece, step);
    this.explain.textContent = this.explanation(piece, frame);
    this.caption.textContent = this.announcement(piece, frame);
    this.renderLog(piece, step);
    if (mistake) this.renderMistake(piece);
    this.drawCanvases();
    if (this.scrollToCanvas) {
      this.scrollToCanvas = false;
      requestAnimationFrame(() => this.stage2.scrollIntoView({ block: "start" }));
    }
  }

  explanation(piece, frame) {
    const t = this.t;
    const total = frame.total;
    if (piece.bytes.length === 1) return t("stage2.single");
    if (total === 0) return t("stage2.nothing");
    let text;
    if (frame.final) {
      const n = piece.tokens.length;
      text = t("stage2.final", { tokens: n === 1 ? t("stage3.tokens1") : t("stage3.tokens", { n }) });
    }
    else if (frame.step === 0) text = t("stage2.start", { bytes: piece.bytes.length });
    else {
      const s = frame.last;
      text = t("stage2.middle", { step: frame.step, left: s.left, right: s.right, merged: s.merged, rank: s.rank });
    }
    if (!frame.pairs && !frame.final) text = `${text} ${t("stage2.noRanks")}`;
    return text;
  }

  announcement(piece, frame) {
    const t = this.t;
    const total = frame.total;
    let text;
    if (frame.step === 0) {
      text = frame.next
        ? t("announce.startNext", { total, bytes: piece.bytes.length, left: frame.next.left, right: frame.next.right, rank: frame.next.rank })
        : t("announce.start", { total, bytes: piece.bytes.length });
    } else {
      const s = frame.last;
      text = t("announce.step", { step: frame.step, total, left: s.left, right: s.right, merged: s.merged, rank: s.rank });
    }
    if (frame.final) {
      text = `${text}${frame.step > 0 ? t("announce.sep") : " "}${t("announce.final", { tokens: piece.tokens.join(", "), ids: piece.ids.join(", ") })}`;
    }
    return text;
  }

  announceStep() {
    if (!this.trace) return;
    const step = Math.min(this.state.step, this.total());
    this.ctx.announce(this.announcement(this.trace, this.frame(this.trace, step)));
  }

  renderLog(piece, step) {
    const t = this.t;
    const entries = [];
    const start = el("button", {
      className: "log-entry start", testid: "log-entry",
      attrs: { type: "button", "aria-current": step === 0 ? "step" : "false" },
      data: { step: 0 },
      on: { click: () => this.goTo(0) },
    }, el("span", { className: "log-num" }, "0"), el("span", { className: "log-merge" }, t("log.start", { n: piece.bytes.length })));
    entries.push(el("li", {}, start));
    piece.steps.forEach((s, i) => {
      const k = i + 1;
      const button = el("button", {
        className: `log-entry${k <= step ? " done" : " future"}`,
        testid: "log-entry",
        attrs: { type: "button", "aria-current": k === step ? "step" : "false" },
        data: { step: k, merged: s.merged, rank: s.rank, id: s.id },
        on: { click: () => this.goTo(k) },
      },
      el("span", { className: "log-num" }, String(k)),
      el("span", { className: "log-merge" },
        el("span", { className: "sym" }, s.left), el("span", { className: "op" }, "+"),
        el("span", { className: "sym" }, s.right), el("span", { className: "op" }, "→"),
        el("span", { className: "sym merged" }, s.merged)),
      el("span", { className: "log-rank" }, t("log.rank", { rank: s.rank })),
      el("span", { className: "log-id" }, t("log.id", { id: s.id })));
      entries.push(el("li", {}, button));
    });
    if (piece.steps.length === 0) entries.push(el("li", { className: "log-empty" }, t("log.empty")));
    this.log.replaceChildren(...entries);
    const current = this.log.querySelector('[aria-current="step"]');
    if (current && this.log.scrollHeight > this.log.clientHeight) {
      const item = current.parentElement;
      const top = item.offsetTop;
      const bottom = top + item.offsetHeight;
      if (top < this.log.scrollTop || bottom > this.log.scrollTop + this.log.clientHeight) {
        this.log.scrollTop = Math.max(0, top - (this.log.clientHeight - item.offsetHeight) / 2);
      }
    }
  }

  renderMistake(piece) {
    const t = this.t;
    const g = piece.greedy;
    const d = firstDifference(piece.steps, g.steps);
    const same = sameIds(piece.ids, g.ids);
    this.rankBadge.textContent = `✓ ${t("mistake.matches")}`;
    this.greedyBadge.textContent = same ? `= ${t("mistake.matches")}` : `✗ ${t("mistake.notGpt2")}`;
    this.greedyBadge.classList.toggle("same", same);
    const parts = [];
    if (d === -1) {
      parts.push(t("mistake.same"));
    } else {
      const real = piece.steps[d];
      const wrong = g.steps[d];
      if (real && wrong) {
        parts.push(t("mistake.diverge", {
          step: d + 1, real: `${real.left} + ${real.right}`, rankReal: real.rank,
          wrong: `${wrong.left} + ${wrong.right}`, rankWrong: wrong.rank,
        }));
      }
      parts.push(same ? t("mistake.sameEnd") : t("mistake.differentEnd", {
        wrong: g.tokens.join(" + "), wrongIds: g.ids.join(", "),
        real: piece.tokens.join(" + "), realIds: piece.ids.join(", "),
      }));
    }
    this.mistakeSummary.textContent = parts.join(" ");
  }

  renderControls() {
    const t = this.t;
    const total = this.total();
    const step = Math.min(this.state.step, total);
    const has = Boolean(this.trace);
    this.firstButton.disabled = !has || step === 0;
    this.backButton.disabled = !has || step === 0;
    this.forwardButton.disabled = !has || step >= total;
    this.lastButton.disabled = !has || step >= total;
    this.playButton.disabled = !has || total === 0;
    this.playButton.replaceChildren(icon(this.playing ? "pause" : "play"));
    const playLabel = t(this.playing ? "controls.pause" : "controls.play");
    this.playButton.setAttribute("aria-label", playLabel);
    this.playButton.title = `${playLabel} (Space)`;
    this.playButton.setAttribute("aria-pressed", String(this.playing));
    this.scrub.max = String(total);
    this.scrub.value = String(step);
    this.scrub.disabled = !has || total === 0;
    this.scrub.setAttribute("aria-valuetext", `${step} / ${total}`);
    this.stepText.textContent = `${step} / ${total}`;
    const n = this.overview ? this.overview.n_pieces : 0;
    this.prevPiece.disabled = this.state.piece <= 0;
    this.nextPiece.disabled = this.state.piece >= n - 1;
    this.speed.value = String(this.state.speed);
    const offset = this.overview ? this.overview.piece_offset : 0;
    const previous = this.strip.querySelector('[aria-pressed="true"]');
    const item = this.strip.children[this.state.piece - offset];
    const current = item ? item.firstChild : null;
    if (previous !== current) {
      if (previous) previous.setAttribute("aria-pressed", "false");
      if (current) {
        current.setAttribute("aria-pressed", "true");
        const top = item.offsetTop;
        if (top < this.strip.scrollTop || top + item.offsetHeight > this.strip.scrollTop + this.strip.clientHeight) {
          this.strip.scrollTop = Math.max(0, top - this.strip.clientHeight / 2);
        }
      }
    }
  }

  renderIds() {
    const t = this.t;
    const o = this.overview;
    const ids = o ? o.ids : [];
    this.idsText.textContent = ids.join(", ");
    this.copyButton.disabled = ids.length === 0;
    if (!o) {
      this.summary.textContent = "";
      this.finalTokens.replaceChildren();
      return;
    }
    const pieces = o.n_pieces === 1 ? t("stage1.count1") : t("stage1.count", { n: o.n_pieces.toLocaleString() });
    const tokens = ids.length === 1 ? t("stage3.tokens1") : t("stage3.tokens", { n: ids.length.toLocaleString() });
    const n = cpLength(o.text);
    const chars = n === 1 ? t("stage3.chars1") : t("stage3.chars", { n: n.toLocaleString() });
    this.summary.textContent = t("stage3.summary", { chars, pieces, tokens });
    const chips = [];
    let shown = 0;
    for (const piece of o.pieces) {
      if (shown >= LIMITS.tokenChips) continue;
      const group = el("li", {
        className: `token-group${piece.index === this.state.piece ? " selected" : ""}`,
        data: { piece: piece.index },
      });
      piece.tokens.forEach((token, i) => {
        if (shown >= LIMITS.tokenChips) return;
        shown += 1;
        group.append(el("span", { className: "token-chip", testid: "final-token", data: { id: piece.ids[i], token } },
          el("span", { className: "chip-token" }, token),
          el("span", { className: "chip-id" }, String(piece.ids[i]))));
      });
      chips.push(group);
    }
    this.finalTokens.replaceChildren(...chips);
    const more = ids.length - shown;
    this.finalMore.hidden = more <= 0;
    this.finalMore.textContent = more > 0 ? t("stage3.more", { n: more.toLocaleString(), shown: shown.toLocaleString() }) : "";
  }

  async copyIds() {
    const ids = this.overview ? this.overview.ids : [];
    const text = `[${ids.join(", ")}]`;
    const label = this.copyButton.lastChild;
    try {
      await navigator.clipboard.writeText(text);
      label.textContent = this.t("stage3.copied");
    } catch {
      const range = document.createRange();
      range.selectNodeContents(this.idsCode);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      label.textContent = this.t("stage3.copyFailed");
    }
    setTimeout(() => {
      label.textContent = this.t("stage3.copy");
    }, 2000);
  }

  describeCell(frame, i) {
    const t = this.t;
    const cell = frame.cells[i];
    const hex = hexBytes(cell.bytes);
    const lines = [cell.text, t("cell.bytes", { hex })];
    const whole = cell.chars.filter((c) => !c.partial).map((c) => visibleChar(c.char));
    if (whole.length) lines.push(t("cell.chars", { chars: whole.join(" ") }));
    for (const c of cell.chars.filter((ch) => ch.partial)) {
      lines.push(t("cell.partial", {
        char: visibleChar(c.char),
        from: Math.max(cell.start, c.start) - c.start + 1,
        to: Math.min(cell.end, c.end) - c.start,
        n: c.end - c.start,
      }));
    }
    if (frame.final && frame.ids[i] !== undefined) lines.push(t("cell.id", { id: frame.ids[i] }));
    const label = `${t("cell.label", { n: i + 1, total: frame.cells.length, symbol: cell.text, hex })}. ${lines.slice(2).join(". ")}`;
    return { label, lines };
  }
}

export default Object.freeze({
  id: "encode",
  params: PARAMS,
  keys: KEYS,
  create: (ctx) => new EncodeLesson(ctx),
});
