// The encode lesson's view: it owns the page's elements (page.mjs builds them) and draws them from data,
// the session's snapshot and the state, through the pure frames of frames.mjs.
//
// Drawing is in parts, each redrawn only when marked dirty, at most once per animation frame:
//   input     preset buttons, the preset's point, the error line, the notes under the text box
//   ids       the ids of the whole text and the summary line (cheap: drawn first)
//   strip     the pieces strip and its pager (patched: unchanged pieces keep their buttons)
//   stage2    the merge stage: title, placeholder, explanation, caption, log, canvases, the code view
//   stale     only the dimming of the cards (a slow engine answer)
//   controls  the step controls, the piece buttons and the selected piece in the strip
//   chips     the final-token chips (patched);  selection: only which chip group is highlighted
//   predict   the guessing box and the room's poll (predict.mjs makes its model)
//   spans     the token spans, count and ids under the text box (spans.mjs); with "predict", what a
//             pending guess hides (the spans, the preset's point, the final ids)
// `source()` returns what to draw from: {snapshot, state, tween, ready, quiz}; quiz.revealed is how
// many steps the student has seen (frames from there on are drawn without their ranks).

import { LIMITS } from "../../theme.mjs";
import { el, Bindings } from "../../ui/dom.mjs";
import { errorText } from "../../ui/lessonkit.mjs";
import { cpLength } from "../../canvas/frames.mjs";
import { buildPage } from "./page.mjs";
import { StripList, ChipList, renderLog, renderIds, copyIds } from "./panels.mjs";
import { explanation, announcement, mistakeWords, presetPoint } from "./words.mjs";
import { presetFor, inputNotes, isStale, stageFrame, canvasScenes, listedIds } from "./frames.mjs";
import { shownFrame } from "./predict.mjs";
import { codeFrame } from "./code.mjs";
import { tableFacts, tableWords } from "../tableWords.mjs";
import { modelFile, learnModel, tableTitle } from "../encodings.mjs";
import { cutText, startText, postSpecialsText, bytesNote } from "./modelWords.mjs";
import { settled } from "../../ui/settled.mjs";
import { isFamilyTrace } from "./family.mjs";
import { familyChrome, renderFamily } from "./familyView.mjs";

export class EncodeView {
  constructor(root, t, actions, source) {
    this.t = t;
    this.actions = actions;
    this.source = source;
    this.b = new Bindings();
    this.r = buildPage(root, t, this.b, actions);
    this.renderCut(); // GPT-2's words until an answer names another table
    this.strip = new StripList(this.r.strip, actions);
    this.chips = new ChipList(this.r.finalTokens);
    this.dirty = new Set();
    this.raf = 0;               // the frame that draws the dirty parts
    this.late = false;          // ... planned two frames ahead by markOverview
    this.stripScroll = false;   // scroll the selected piece into view after the strip was rebuilt
    this.after = {};            // what redraw() asked to do once the coming frame is drawn
  }

  /** Relabels every bound string in the current language and redraws everything. */
  relabel() {
    this.b.apply(this.t);
    this.renderCut();
    this.strip.forget();
    this.markAll();
  }

  // ------------------------------------------------------------ what to redraw

  mark(...parts) {
    for (const part of parts) this.dirty.add(part);
    if (!this.raf) {
      this.raf = settled.frame(() => {
        this.raf = 0;
        this.render();
      });
    }
  }

  /**
   * Marks `parts`, and says what to do once they are drawn: `focus` "next" (after a guess: the "next
   * question" button) or "choices" (after it: the first choice), `scroll` "canvas" (the merge stage to
   * the top of the screen, for the projector).
   *     view.redraw({ focus: "next" }, "predict")
   */
  redraw({ focus = null, scroll = null } = {}, ...parts) {
    if (focus) this.after = { ...this.after, focus };
    if (scroll) this.after = { ...this.after, scroll };
    this.mark(...parts);
  }

  /** Everything: a new overview (text, page or language). */
  markAll() {
    this.mark("input", "strip", "stage2", "controls", "ids", "chips", "spans");
  }

  /** What depends on the selected piece's trace: the canvas, the log, the controls, the chip highlight. */
  markTrace() {
    this.mark("stage2", "controls", "selection");
  }

  /**
   * A new text's overview. A long one (over LIMITS.listsLaterFrom pieces) has its ids written at once,
   * so the coming frame shows them and paints little else; every other part (the strip and the token
   * chips, thousands of elements, the merge stage, the controls) is drawn in the frame after it, with
   * whatever is marked meanwhile (the trace that follows). A short one is drawn in one frame, ids and
   * strip agreeing.
   */
  markOverview(overview) {
    if (overview.pieces.length <= LIMITS.listsLaterFrom) {
      this.markAll();
      return;
    }
    renderIds(this.r, this.t, overview);
    for (const part of ["input", "strip", "stage2", "controls", "chips", "spans"]) this.dirty.add(part);
    if (this.late) return; // drawn by the frame already planned: fast typing does not put it off
    settled.cancelFrame(this.raf);
    this.late = true;
    this.raf = settled.frame(() => {
      this.raf = settled.frame(() => {
        this.raf = 0;
        this.late = false;
        this.render();
      });
    });
  }

  render() {
    const dirty = this.dirty;
    const after = this.after;
    this.dirty = new Set();
    this.after = {};
    const { snapshot, state, ready, loadingTable, active, quiz } = this.source();
    const f = stageFrame(snapshot, state, ready, loadingTable, active);
    if (quiz.on) f.mistake = false;
    if (dirty.has("input")) this.renderInput(snapshot, state);
    if (dirty.has("ids")) {
      renderIds(this.r, this.t, snapshot.overview);
      const post = postSpecialsText(this.t, snapshot.overview);
      this.r.postSpecials.textContent = post;
      this.r.postSpecials.hidden = post === "";
    }
    if (dirty.has("strip")) this.renderStrip(snapshot.overview, state);
    if (dirty.has("stage2")) this.renderStage2(state, f, quiz);
    else if (dirty.has("stale")) this.r.main.classList.toggle("stale", isStale(snapshot));
    if (dirty.has("stage2") || dirty.has("controls") || dirty.has("strip")) this.renderControls(state, f, quiz);
    if (dirty.has("stage2") || dirty.has("predict")) this.renderPredict(quiz);
    if (dirty.has("chips")) this.chips.render(this.r, this.t, snapshot.overview, state.piece, state.hex);
    else if (dirty.has("selection")) this.chips.select(state.piece);
    if (["spans", "predict", "stage2", "selection", "input"].some((part) => dirty.has(part))) this.renderResult(snapshot, state, quiz);
    if (after.focus === "next") this.r.predict.focusNext();
    if (after.focus === "choices" && !this.r.predict.focusChoice(0) && quiz.model.poll && this.r.poll.rows.length) this.r.poll.rows[0].add.focus();
    // The merge stage scrolls up once it holds a piece's canvas (a link's trace may come later).
    if (after.scroll === "canvas" && snapshot.trace) settled.frame(() => this.r.stage2.scrollIntoView({ block: "start" }));
    else if (after.scroll) this.after = { ...this.after, scroll: after.scroll };
  }

  /**
   * The result under the text box, and what a pending guess hides: while the student guesses a piece's
   * merges (or its trace is still on its way), its tokens, the preset's point and the final ids would
   * give the answer away, so they wait for the reveal (every merge of the piece seen).
   */
  renderResult(snapshot, state, quiz) {
    const { t, r } = this;
    const trace = snapshot.trace;
    const hidden = quiz.on && (!trace || quiz.revealed < trace.steps.length);
    r.result.render(t, snapshot.overview, { selected: state.piece, hidden, lang: state.lang });
    r.main.classList.toggle("guessing", hidden);
    r.point.classList.toggle("held", hidden);
    r.idsBox.hidden = hidden;
    r.finalTokens.hidden = hidden;
    r.idsHidden.hidden = !hidden;
  }

  // ------------------------------------------------------------ the parts

  /** The sentences that quote the table's numbers (lead, stage 3): rewritten when the table changes. */
  renderTable(overview) {
    const facts = tableFacts(overview);
    if (!facts) return;
    learnModel(overview.model);
    const table = { facts, encoding: overview.encoding || "r50k_base", model: overview.model || null };
    if (JSON.stringify(table) === JSON.stringify(this.r.table)) return;
    this.r.table = table;
    this.b.apply(this.t);
    this.renderCut();
  }

  /** The "Cut into pieces" text: what the chosen table's pre-tokenizer does, from its facts. */
  renderCut() {
    const table = this.r.table;
    const encoding = table ? table.encoding : "r50k_base";
    const text = cutText(this.t, encoding, table ? table.model : null, table ? table.facts.specials : []);
    this.r.cutText.textContent = text;
    this.r.cutText.dataset.table = encoding;
    this.r.bytesNote.textContent = bytesNote(this.t, encoding, table ? table.model : null);
    this.r.bytesNote.dataset.table = encoding;
  }

  renderInput(snapshot, state) {
    const { t, r } = this;
    this.renderTable(snapshot.overview);
    const text = state.text;
    const preset = presetFor(text, state.encoding);
    for (const [id, button] of r.presetButtons) {
      button.setAttribute("aria-pressed", String(preset !== null && preset.id === id));
    }
    r.point.hidden = preset === null;
    if (preset) {
      const o = snapshot.text === text ? snapshot.overview : null;
      const point = t(`preset.${preset.id}.point`, preset.vars);
      if (preset.encoding) {
        // A preset of its own table: its point quotes that table's answer (computed, never typed in).
        r.pointText.textContent = o && o.encoding === preset.encoding ? presetPoint(t, preset, o) : t(`preset.${preset.id}.waiting`);
      } else if (o && o.encoding && o.encoding !== "r50k_base") {
        // The notes describe GPT-2's table; another table gets its own count and ids first.
        const other = t("preset.otherTable", { table: tableTitle(o.encoding, t), tokens: o.n_ids, ids: listedIds(o) });
        r.pointText.textContent = `${other}${t("sentence.joiner")}${point}`;
      } else {
        const counts = preset.counts && o ? `${t("sentence.joiner")}${t("preset.counts", { chars: cpLength(text), tokens: o.n_ids })}` : "";
        r.pointText.textContent = `${point}${counts}`;
      }
    }
    const error = snapshot.error;
    r.errorBox.hidden = !error;
    r.errorBox.textContent = error
      ? `${t("error.engine", { message: errorText(t, error) })}${t("sentence.joiner")}${t("encode.keepTyping")}`
      : "";
    const notes = inputNotes(text, snapshot.overview);
    r.notes.replaceChildren(...notes.map((key) => el("li", { data: { note: key.slice(6) } }, t(key))));
    r.notes.hidden = notes.length === 0;
  }

  renderStrip(o, state) {
    const { t, r } = this;
    const n = o ? o.n_pieces : 0;
    r.pieceCount.textContent = n === 1 ? t("stage1.count1") : t("stage1.count", { n: n.toLocaleString() });
    if (!o) {
      this.strip.clear();
      r.pager.hidden = true;
      return;
    }
    if (this.strip.build(t, state.lang, o, state.piece, state.hex)) this.stripScroll = true;
    const paged = n > o.pieces.length;
    r.pager.hidden = !paged;
    if (paged) {
      r.pageText.textContent = t("stage1.page", {
        from: (o.piece_offset + 1).toLocaleString(),
        to: (o.piece_offset + o.pieces.length).toLocaleString(),
        n: n.toLocaleString(),
      });
      r.pagePrev.disabled = o.piece_offset === 0;
      r.pageNext.disabled = o.piece_offset + o.pieces.length >= n;
    }
  }

  renderStage2(state, f, quiz) {
    const { t, r } = this;
    const { overview: o, meta, trace: piece } = f;
    r.pieceTitle.textContent = meta
      ? t("stage2.piece", { n: meta.index + 1, total: o.n_pieces.toLocaleString(), text: meta.label })
      : "";
    r.placeholder.hidden = f.placeholder === null;
    r.placeholder.textContent = f.placeholder ? t(...f.placeholder) : "";
    // A SentencePiece table's steps are drawn in its family's own terms (familyView.mjs), not on the canvas.
    const family = familyChrome(r, t, piece);
    r.canvases.hidden = !piece || family;
    r.main.classList.toggle("stale", f.stale);
    // Side by side with the common mistake.
    r.greedyPane.hidden = !f.mistake;
    r.mistakePanel.hidden = !f.mistake || family;
    r.rankHead.hidden = !f.mistake;
    r.canvases.classList.toggle("two", f.mistake);
    r.mistakeToggle.setAttribute("aria-pressed", String(state.mistake));
    r.hexToggle.setAttribute("aria-pressed", String(state.hex));
    r.codeToggle.setAttribute("aria-pressed", String(state.code));
    r.stage2Grid.classList.toggle("with-code", state.code);
    r.code.render(t, state.code && piece && !family ? codeFrame(piece, f.step) : null);
    if (!piece) {
      r.explain.textContent = state.text === "" ? "" : r.cutText.textContent;
      r.explain.hidden = true;
      r.log.replaceChildren();
      r.caption.textContent = "";
      return;
    }
    r.explain.hidden = false;
    if (family) {
      const o = this.source().snapshot.overview;
      const title = tableTitle(o && o.encoding ? o.encoding : "r50k_base", t);
      renderFamily(r, t, piece, f.step, { title, mistake: state.mistake, goTo: (k) => this.actions.stepper.goTo(k) });
      return;
    }
    const guessNote = quiz.model.status === "ask" ? `${t("sentence.joiner")}${t("predict.encode.hiddenNote")}` : "";
    const encoding = r.table ? r.table.encoding : "r50k_base";
    const opening = f.frame.step === 0 && !f.frame.final || piece.whole ? startText(t, piece, encoding, r.table ? r.table.model : null) : null;
    r.explain.textContent = `${opening ?? explanation(t, piece, f.frame, encoding)}${guessNote}`;
    const asking = quiz.model.status === "ask" || quiz.model.status === "told";
    r.caption.hidden = asking;
    r.caption.textContent = asking ? "" : announcement(t, piece, f.frame);
    renderLog(r, t, piece, f.step, (k) => this.actions.stepper.goTo(k), quiz.revealed);
    if (f.mistake) {
      const words = mistakeWords(t, piece);
      r.rankBadge.textContent = words.rank;
      r.greedyBadge.textContent = words.greedy;
      r.greedyBadge.classList.toggle("same", words.same);
      r.mistakeSummary.textContent = words.summary;
      // At the step where the two orders part, both panes say so.
      for (const flag of r.partsFlags) flag.hidden = words.diverge < 0 || f.step !== words.diverge;
    }
    this.drawCanvases();
  }

  /** Draws the canvases now: the shown step, or the running tween at its current t. */
  drawCanvases() {
    const { snapshot, state, tween, quiz } = this.source();
    const piece = snapshot.trace;
    if (!piece || isFamilyTrace(piece)) return;
    const hide = (scene) => ({ ...scene, from: shownFrame(scene.from, quiz.revealed), to: scene.to && shownFrame(scene.to, quiz.revealed) });
    const { t, r } = this;
    const step = Math.min(state.step, piece.steps.length);
    const encoding = snapshot.overview ? snapshot.overview.encoding : undefined;
    let table;
    if (modelFile(encoding)) table = t("canvas.tableOpen", { name: tableTitle(encoding, t) });
    else if (encoding && encoding !== "r50k_base") table = t("canvas.tableOf", { name: encoding });
    else table = t("canvas.table", r.table ? tableWords(r.table.facts, r.table.encoding, t) : {});
    const labels = { lowest: t("canvas.lowest"), leftmost: t("canvas.leftmost"), table, pending: t("canvas.pending") };
    const key = JSON.stringify([encoding, state.text, state.piece]);
    const scenes = canvasScenes(piece, step, tween, state.mistake && !quiz.on);
    scenes.rank = hide(scenes.rank);
    const label = (scene) => t("stage2.canvasLabel", { symbols: (scene.to || scene.from).symbols.join(" · ") });
    r.rankCanvas.setScene({
      ...scenes.rank, key, piece, run: piece, mode: "rank", projector: state.projector, labels, ariaLabel: label(scenes.rank), hex: state.hex,
      caption: (frame) => announcement(t, piece, frame), // the step caption, for the GIF's frames
    });
    if (tween) r.rankCanvas.drawNow();
    const g = scenes.greedy;
    if (g) {
      r.greedyCanvas.setScene({
        from: g.from, to: g.to, t: g.t, key: `${key} greedy`, piece, run: piece.greedy, mode: "greedy",
        projector: state.projector, labels, ariaLabel: label(g), hex: state.hex,
      });
      if (tween) r.greedyCanvas.drawNow();
      r.greedyStep.textContent = t("mistake.step", { step: g.step, total: g.total });
    }
  }

  renderControls(state, f, quiz) {
    const r = this.r;
    r.controls.render(this.t, { step: f.step, total: f.total, playing: this.actions.stepper.playing, speed: state.speed, enabled: Boolean(f.trace) });
    // While a guess is pending, nothing steps past it.
    if (f.step >= quiz.limit) {
      r.controls.forward.disabled = true;
      r.controls.last.disabled = true;
    }
    r.predictToggle.setAttribute("aria-pressed", String(quiz.on));
    r.roomToggle.setAttribute("aria-pressed", String(quiz.on && quiz.room));
    r.mistakeToggle.disabled = quiz.on;
    const n = f.overview ? f.overview.n_pieces : 0;
    r.prevPiece.disabled = state.piece <= 0;
    r.nextPiece.disabled = state.piece >= n - 1;
    this.strip.select(state.piece, this.stripScroll);
    this.stripScroll = false;
  }

  /** The guessing box and the room's poll; moves the focus where a guess or "next" left it. */
  renderPredict(quiz) {
    const { t, r } = this;
    const model = quiz.model;
    r.predict.render(t, model);
    r.poll.node.hidden = !model.poll;
    if (model.poll) r.poll.render(t, model.poll);
  }

  /** Focuses choice i of the guessing box (Infinity: the last); false when none is shown. */
  focusChoice(i) {
    return this.r.predict.focusChoice(i === Infinity ? this.r.predict.buttons.length - 1 : i);
  }

  /** One more hand for the room's answer i; false when the poll has no such answer. */
  addHand(i) {
    return !this.r.poll.node.hidden && this.r.poll.add(i);
  }

  // ------------------------------------------------------------ the text box

  /** Puts `text` in the box (writing the same value again would move the caret while the user types). */
  showText(text) {
    if (this.r.textarea.value !== text) this.r.textarea.value = text;
  }

  /** Where the text box's caret is, in code points, or null when the box does not have the focus. */
  caret() {
    const box = this.r.textarea;
    if (document.activeElement !== box) return null;
    return cpLength(box.value.slice(0, box.selectionStart));
  }

  copyIds(ids) {
    return copyIds(this.t, this.r.copyButton, this.r.idsCode, ids);
  }

  destroy() {
    settled.cancelFrame(this.raf);
    this.r.rankCanvas.destroy();
    this.r.greedyCanvas.destroy();
    this.r.main.remove();
  }
}
