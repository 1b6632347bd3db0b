// Lesson "encode": watch GPT-2 (r50k) turn text into ids: pieces, merges by rank, id lookup.
//
// The lesson asks the engine for an `overview` of the text (pieces and ids, paged) and a `trace_piece`
// for the selected piece only, and renders them. Which merge step is shown is `state.step`, an integer;
// every frame is built from (trace, step) alone, so stepping back or jumping is instant and exact. The
// player only adds a tween between step k-1 and k.

import { param } from "../state.mjs";
import { TIMING, LIMITS } from "../theme.mjs";
import { buildFrame, cpLength } from "../canvas/frames.mjs";
import { Stepper } from "../ui/stepper.mjs";
import { el, Bindings } from "../ui/dom.mjs";
import { PRESETS } from "./encode/presets.mjs";
import { buildView } from "./encode/view.mjs";
import { buildStrip, renderLog, renderIds, renderChips, markSelectedChips } from "./encode/panels.mjs";
import { explanation, announcement, mistakeWords } from "./encode/words.mjs";
import { pieceLabel } from "../glyphs.mjs";

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

/** This lesson encodes like encode_ordinary: "<|endoftext|>" typed by a user is plain text. */
const ALLOWED_SPECIAL = "none";
const TRACE_CACHE = 64;

class EncodeLesson {
  constructor(ctx) {
    this.ctx = ctx;
    this.t = ctx.t;
    this.i18n = new Bindings();
    this.stepper = new Stepper({
      step: () => this.state.step,
      total: () => this.total(),
      show: (k) => this.ctx.setState({ step: k }),
      speed: () => this.state.speed,
      holdMs: TIMING.holdMs,
      reducedMotion: () => this.ctx.reducedMotion(),
      tweenMs: (to) => TIMING.mergeMs + (to === this.total() ? TIMING.lookupMs : 0),
      onTween: () => this.drawCanvases(),
      onPlaying: () => this.mark("controls"),
    });
    this.overview = null;
    this.traces = new Map();
    this.trace = null;
    this.error = null;
    this.pending = false;
    this.slow = false; // the engine has taken longer than TIMING.staleAfterMs on the pending text
    this.staleTimer = 0;
    this.gen = 0;
    this.traceGen = 0;
    this.tracing = null; // the [text, piece] key of the trace request on its way
    this.retraceTimer = 0;
    this.fromTyping = false;
    this.typedSinceTrace = false;
    this.dirty = new Set();
    this.raf = 0;
    this.listsRaf = 0; // the frame that marks a long text's lists (markOverview)
    this.scrollToCanvas = false;
    this.inflight = false;
    this.retraceAgain = false;
    this.stripFor = null;
    this.stripScroll = false;
    buildView(this);
  }

  get state() {
    return this.ctx.getState();
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
    // A new text redraws the piece when the engine answers for it (afterTrace), not before.
    if ((changed.has("step") || changed.has("piece")) && !changed.has("text")) this.onStepChanged();
    if (changed.has("speed")) this.mark("controls");
    if (changed.has("mistake")) this.mark("stage2");
    if (changed.has("projector") || changed.has("motion")) this.mark("stage2");
    if (changed.has("projector") && state.projector) this.scrollToCanvas = true;
    if (changed.has("lang")) this.announceStep();
  }

  destroy() {
    this.stepper.destroy();
    clearTimeout(this.retraceTimer);
    clearTimeout(this.staleTimer);
    cancelAnimationFrame(this.raf);
    cancelAnimationFrame(this.listsRaf);
    this.rankCanvas.destroy();
    this.greedyCanvas.destroy();
    this.main.remove();
  }

  onKey(event) {
    if (this.stepper.onKey(event)) return true;
    switch (event.key) {
      case "ArrowUp":
      case "[":
        this.pieceBy(-1);
        return true;
      case "ArrowDown":
      case "]":
        this.pieceBy(1);
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
    this.stepper.pause();
    this.typedSinceTrace = false;
    this.ctx.setState({ text: preset.text, piece: preset.piece, step: 0 });
  }

  onTextChanged(typing) {
    this.stepper.pause();
    this.mark("input");
    clearTimeout(this.retraceTimer);
    if (typing && this.textarea.value.length > LIMITS.instantRetraceChars) {
      this.retraceTimer = setTimeout(() => this.retrace(), TIMING.retraceDebounceMs);
    } else {
      this.retrace();
    }
  }

  total() {
    return this.trace ? this.trace.steps.length : 0;
  }

  pieceBy(delta) {
    const n = this.overview ? this.overview.n_pieces : 0;
    if (n === 0) return;
    this.selectPiece(Math.max(0, Math.min(n - 1, this.state.piece + delta)));
  }

  selectPiece(index) {
    this.stepper.pause();
    if (index === this.state.piece) return;
    this.ctx.setState({ piece: index, step: 0 });
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
    this.traceGen += 1; // a trace still on its way is for the old text
    this.tracing = null;
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
    // Dimming the cards repaints every one of their thousands of items: only for a slow answer.
    clearTimeout(this.staleTimer);
    this.slow = false;
    this.staleTimer = setTimeout(() => {
      this.slow = true;
      this.mark("stale");
    }, TIMING.staleAfterMs);
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
    this.markOverview();
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
    if (this.tracing === key) return; // asked already: that answer is drawn when it comes
    this.trace = null;
    this.markTrace();
    if (meta.bytes.length > LIMITS.traceBytes) return;
    const gen = ++this.traceGen;
    this.tracing = key;
    const answer = await this.ctx.query("trace_piece", { text, index, allowed_special: ALLOWED_SPECIAL });
    if (this.tracing === key) this.tracing = null;
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
    if (this.state.step > this.total()) this.ctx.setState({ step: this.total() });
    this.onStepChanged();
    this.markTrace();
  }

  traceKey() {
    return this.trace ? JSON.stringify([this.state.text, this.state.piece]) : null;
  }

  onStepChanged() {
    this.stepper.settle();
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

  /**
   * A new text's overview. A long one (over LIMITS.listsLaterFrom pieces) has its ids written at once
   * and its long lists (strip and token chips, thousands of elements) built a frame later, so the
   * frame that shows the ids stays light; a short one is drawn in one frame, ids and strip agreeing.
   */
  markOverview() {
    if (this.overview.pieces.length <= LIMITS.listsLaterFrom) {
      this.markAll();
      return;
    }
    renderIds(this);
    for (const part of ["input", "stage2", "controls"]) this.mark(part);
    // Registered after the render above, so it runs after it in the coming frame: its marks go to the next.
    cancelAnimationFrame(this.listsRaf);
    this.listsRaf = requestAnimationFrame(() => {
      for (const part of ["strip", "chips"]) this.mark(part);
    });
  }

  /** Everything: a new overview (text, page or language). */
  markAll() {
    for (const part of ["input", "strip", "stage2", "controls", "ids", "chips"]) this.mark(part);
  }

  /** What depends on the selected piece's trace: the canvas, the log, the controls, the chip highlight. */
  markTrace() {
    for (const part of ["stage2", "controls", "selection"]) this.mark(part);
  }

  render() {
    const dirty = this.dirty;
    this.dirty = new Set();
    if (dirty.has("input")) this.renderInput();
    if (dirty.has("ids")) renderIds(this);
    if (dirty.has("strip")) this.renderStrip();
    if (dirty.has("stage2")) this.renderStage2();
    else if (dirty.has("stale")) this.renderStale();
    if (dirty.has("stage2") || dirty.has("controls") || dirty.has("strip")) this.renderControls();
    if (dirty.has("chips")) renderChips(this);
    else if (dirty.has("selection")) markSelectedChips(this);
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
      const message = t("error.engine", { message: this.error.message || this.error.type });
      this.errorBox.textContent = `${message}${t("sentence.joiner")}${t("encode.keepTyping")}`;
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
    if (this.stripFor !== o) {
      buildStrip(this, o, selected);
      this.stripScroll = true; // show the selected piece in the new strip (renderControls)
    }
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
    const tween = this.stepper.tween;
    let scene;
    if (tween) {
      scene = { from: this.frame(piece, tween.from), to: this.frame(piece, tween.to), t: tween.t };
    } else {
      scene = { from: this.frame(piece, step), to: null, t: 0 };
    }
    const shown = scene.to || scene.from;
    this.rankCanvas.setScene({
      ...scene, key, piece, run: piece, mode: "rank", projector: state.projector, labels,
      ariaLabel: this.t("stage2.canvasLabel", { symbols: shown.symbols.join(" · ") }),
    });
    if (tween) this.rankCanvas.drawNow();
    if (state.mistake && piece.greedy) {
      // The left-to-right run steps with the ranked one, and moves with it while it has steps left.
      const g = piece.greedy;
      const last = g.steps.length;
      const gStep = Math.min(step, last);
      const a = tween ? Math.min(tween.from, last) : gStep;
      const b = tween ? Math.min(tween.to, last) : gStep;
      const gScene = a === b
        ? { from: buildFrame(piece, g, b), to: null, t: 0 }
        : { from: buildFrame(piece, g, a), to: buildFrame(piece, g, b), t: tween.t };
      const shownG = gScene.to || gScene.from;
      this.greedyCanvas.setScene({
        ...gScene, key: `${key} greedy`, piece, run: g, mode: "greedy", projector: state.projector, labels,
        ariaLabel: this.t("stage2.canvasLabel", { symbols: shownG.symbols.join(" · ") }),
      });
      if (tween) this.greedyCanvas.drawNow();
      this.greedyStep.textContent = this.t("mistake.step", { step: gStep, total: last });
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
    this.main.classList.toggle("stale", this.stale());
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
    this.explain.textContent = explanation(this.t, piece, frame);
    this.caption.textContent = announcement(this.t, piece, frame);
    renderLog(this, piece, step);
    if (mistake) {
      const words = mistakeWords(this.t, piece);
      this.rankBadge.textContent = words.rank;
      this.greedyBadge.textContent = words.greedy;
      this.greedyBadge.classList.toggle("same", words.same);
      this.mistakeSummary.textContent = words.summary;
      // At the step where the two orders part, both panes say so.
      for (const flag of this.partsFlags) flag.hidden = words.diverge < 0 || step !== words.diverge;
    }
    this.drawCanvases();
    if (this.scrollToCanvas) {
      this.scrollToCanvas = false;
      requestAnimationFrame(() => this.stage2.scrollIntoView({ block: "start" }));
    }
  }

  /** Dims the shown piece while the engine works on a new text (the piece is redrawn when it answers). */
  /** Whether the shown piece is out of date: an error, or an answer slower than TIMING.staleAfterMs. */
  stale() {
    return Boolean(this.error) || (this.pending && this.slow);
  }

  renderStale() {
    this.main.classList.toggle("stale", this.stale());
  }

  announceStep() {
    if (!this.trace) return;
    const step = Math.min(this.state.step, this.total());
    this.ctx.announce(announcement(this.t, this.trace, this.frame(this.trace, step)));
  }

  renderControls() {
    const t = this.t;
    const total = this.total();
    const step = Math.min(this.state.step, total);
    const has = Boolean(this.trace);
    this.controls.render(t, { step, total, playing: this.stepper.playing, speed: this.state.speed, enabled: has });
    const n = this.overview ? this.overview.n_pieces : 0;
    this.prevPiece.disabled = this.state.piece <= 0;
    this.nextPiece.disabled = this.state.piece >= n - 1;
    const offset = this.overview ? this.overview.piece_offset : 0;
    const previous = this.strip.querySelector('[aria-pressed="true"]');
    const item = this.strip.children[this.state.piece - offset];
    const current = item ? item.firstChild : null;
    if (previous !== current || this.stripScroll) {
      this.stripScroll = false;
      if (previous && previous !== current) previous.setAttribute("aria-pressed", "false");
      if (current) {
        current.setAttribute("aria-pressed", "true");
        const top = item.offsetTop;
        if (top < this.strip.scrollTop || top + item.offsetHeight > this.strip.scrollTop + this.strip.clientHeight) {
          this.strip.scrollTop = Math.max(0, top - this.strip.clientHeight / 2);
        }
      }
    }
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

}

export default Object.freeze({
  id: "encode",
  params: PARAMS,
  keys: KEYS,
  create: (ctx) => new EncodeLesson(ctx),
});
