// The train lesson's view: it owns the page's elements (page.mjs builds them, panels.mjs its lists) and
// draws them from data: the session's snapshot and the lesson's values, through the pure frames of
// frames.mjs. `source()` returns {snapshot, values, playing, quiz} (quiz: quiz.mjs view(), guessing).
//
// Drawing is in parts; the lesson redraws the ones a change touched, at once (draw(...parts)):
//   busy    the busy line, the train button, the dimming of a stale training, the error line and the
//           size note under the corpus (what a training's start and answer change)
//   steps   the steps card at the shown step: controls, sentences, pair table, corpus, merges, vocabulary,
//           the code view, and the guessing box (a pending guess draws the frame masked: predict.mjs maskFrame)
//   corpus  only the corpus rows' highlights and the pair buttons (pointing at a pair)
//   try     the example cut by the trained tokenizer
// The text boxes and settings (showInput) are written at once, as the state changes.

import { Bindings } from "../../ui/dom.mjs";
import { showError } from "../../ui/lessonkit.mjs";
import { buildPage } from "./page.mjs";
import { pairTable, corpusItems, mergeItems, vocabChips, tryItems } from "./panels.mjs";
import { PRESETS, presetShown } from "./presets.mjs";
import { samePair, totalSteps, stepFrame, stepReady, tieOf, pairRows, stepMarks, corpusRows, mergesUpTo, vocabulary, recountShown } from "./frames.mjs";
import { sizeVars, stopText, explanation, tieText, pairsTitle, pairsFoot, corpusTitles } from "./words.mjs";
import { maskFrame } from "./predict.mjs";
import { codeFrame } from "./code.mjs";

export class TrainView {
  constructor(root, t, actions, source) {
    this.b = new Bindings();
    this.r = buildPage(root, t, this.b, actions);
    this.t = t;
    this.source = source;
    this.actions = actions;     // the lesson's: setState, stepper (page.mjs lists the rest)
    this.hover = null;          // the pair pointed at in the table: its places light up in the corpus
    this.pairButtons = [];      // [[pair, button]] of the table drawn
    this.busyFor = 0;           // the training whose clock the busy line shows
    this.masked = false;        // the shown frame is a pending guess
  }

  /** Relabels every bound string in the current language and redraws everything. */
  relabel() {
    this.b.apply(this.t);
    this.draw("busy", "steps", "try");
  }

  /** Redraws `parts` ("busy", "steps", "corpus", "try") from the source, now. */
  draw(...parts) {
    const { snapshot, values, playing, quiz } = this.source();
    if (parts.includes("busy")) this.renderBusy(snapshot);
    if (parts.includes("steps")) this.renderSteps(snapshot, values, playing, quiz);
    else if (parts.includes("corpus")) this.renderPointing(snapshot.trace, values, quiz);
    if (parts.includes("try")) this.renderTry(snapshot);
  }

  /**
   * Redraws `parts`, then moves the focus where `focus` says: "next" (after a guess: the "go on"
   * button), "choices" (after "go on": the first pair to choose, while a guess is pending).
   *     view.redraw({ focus: "next" }, "steps")
   */
  redraw({ focus = null } = {}, ...parts) {
    this.draw(...parts);
    if (focus === "next") this.r.predict.focusNext();
    else if (focus === "choices") this.focusChoice(false);
  }

  // ------------------------------------------------------------ the settings

  /** Puts the state's corpus, settings and example in their fields, and presses the matching preset. */
  showInput(values) {
    const r = this.r;
    // Writing the same value again would move the caret to the end while the user types.
    if (r.corpus.value !== values.corpus) r.corpus.value = values.corpus;
    for (const p of PRESETS) r.presets.buttons.get(p.id).setAttribute("aria-pressed", String(presetShown(p, values)));
    r.mode.set(values.tmode);
    r.unit.set(values.unit);
    r.tie.set(values.tie);
    r.minf.show(values.minf);
    r.nmerges.show(values.nmerges);
    r.vsize.show(values.vsize);
    this.showExample(values);
  }

  showExample(values) {
    if (this.r.tryInput.value !== values.try) this.r.tryInput.value = values.try;
  }

  // ------------------------------------------------------------ the parts

  renderBusy(snapshot) {
    const r = this.r;
    if (snapshot.busy && this.busyFor !== snapshot.asked) r.busy.start();
    else if (!snapshot.busy) r.busy.stop();
    this.busyFor = snapshot.busy ? snapshot.asked : 0;
    r.trainButton.disabled = snapshot.busy;
    r.main.classList.toggle("stale", snapshot.stale);
    r.trainButton.classList.toggle("lk-attention", snapshot.outdated);
    const trace = snapshot.trace;
    showError(r.errorBox, this.t, snapshot.error);
    r.sizeNote.hidden = !(trace && !trace.tables_shown);
    if (trace && !trace.tables_shown) r.sizeNote.textContent = this.t("train.tooLarge", sizeVars(trace));
    // A long corpus changed and waits for the button: say so beside it, and what the dimmed result is.
    const waiting = Boolean(snapshot.outdated && !snapshot.busy && trace);
    r.outdatedNote.hidden = !waiting;
    r.outdatedNote.textContent = waiting ? this.t("train.outdated", { button: this.t("train.trainNow") }) : "";
  }

  renderSteps(snapshot, values, playing, quiz) {
    const { t, r } = this;
    const trace = snapshot.trace;
    const total = totalSteps(trace);
    const k = Math.min(values.step, quiz.limit);
    r.controls.render(t, { step: k, total, playing, speed: values.speed, enabled: Boolean(trace) });
    // While a guess is pending, nothing steps past it.
    if (k >= quiz.limit) {
      r.controls.forward.disabled = true;
      r.controls.last.disabled = true;
    }
    this.renderPredict(quiz);
    r.codeToggle.setAttribute("aria-pressed", String(values.code));
    if (trace && !stepReady(trace, k)) { // a long training's page of steps is on its way (session.needStep)
      r.explain.textContent = t("train.loadingSteps", { k });
      return;
    }
    // While a guess is pending, the code stays at the step before it.
    r.code.render(t, values.code && trace ? codeFrame(trace, stepFrame(trace, quiz.pending ? k - 1 : k)) : null);
    if (!trace) return;
    this.masked = quiz.pending;
    const f = this.masked ? maskFrame(trace, stepFrame(trace, k)) : stepFrame(trace, k);
    r.stepMeta.textContent = t("train.stepMeta", { rows: trace.n_rows, words: trace.n_sequences, merges: trace.n_steps });
    r.explain.textContent = this.masked ? t("predict.train.explain", { k }) : explanation(t, trace, f);
    const tie = tieOf(f);
    r.tieLine.hidden = !tie;
    if (tie) r.tieLine.textContent = tieText(t, f);
    r.stopBox.hidden = f.kind !== "stop";
    r.stopBox.dataset.reason = trace.stop.reason;
    r.stopBox.textContent = f.kind === "stop" ? `${t("train.stopLabel")} ${stopText(t, trace)}` : "";
    r.recount.hidden = !recountShown(values, trace, f);
    const tables = trace.tables_shown;
    r.noTables.hidden = tables;
    r.noTables.textContent = tables ? "" : k === 0 ? t("train.noTablesStart", { n: trace.n_steps }) : t("train.noTables");
    r.grid.hidden = !tables;
    if (tables) {
      this.renderPairs(trace, f, values.sort);
      this.renderCorpus(f);
    }
    this.renderMerges(trace, this.masked ? k - 1 : k);
    r.vocabMeta.textContent = t("train.vocabMeta", { n: f.vocabSize });
    r.vocab.replaceChildren(...vocabChips(t, trace, vocabulary(trace, f)));
  }

  /** The guessing box and the toggle's state. */
  renderPredict(quiz) {
    const r = this.r;
    r.predictToggle.setAttribute("aria-pressed", String(quiz.on));
    r.predict.render(this.t, quiz.model);
  }

  /** Focuses the first (or, with `last`, the last) pair to choose; false when no guess is pending. */
  focusChoice(last) {
    if (!this.masked || this.pairButtons.length === 0) return false;
    this.pairButtons[last ? this.pairButtons.length - 1 : 0][1].focus();
    return true;
  }

  renderPairs(trace, f, sort) {
    const { t, r } = this;
    r.tableTitle.textContent = pairsTitle(t, f);
    const table = pairRows(trace, f, sort, this.masked);
    r.pairNote.textContent = this.masked && table
      ? [table.hidden > 0 ? t("train.morePairs", { n: table.hidden }) : "", t("predict.train.hiddenNote")].filter(Boolean).join(" ")
      : pairsFoot(t, f, table);
    if (!table) {
      r.pairTable.replaceChildren();
      this.pairButtons = [];
      return;
    }
    const drawn = pairTable(t, trace, table, {
      sort,
      onSort: (kind) => this.actions.setState({ sort: kind }),
      hover: this.hover,
      point: (pair) => this.point(pair),
      toggle: (pair) => this.point(samePair(this.hover, pair) ? null : pair),
      pick: this.masked ? (pair) => this.actions.pick(f.k, pair) : null,
    });
    r.pairTable.replaceChildren(drawn.head, drawn.body);
    this.pairButtons = drawn.buttons;
  }

  renderCorpus(f) {
    const { t, r } = this;
    const { hits, fresh } = stepMarks(f.step);
    const [before, after] = corpusTitles(t, f);
    r.beforeTitle.textContent = before;
    r.before.replaceChildren(...corpusItems(t, corpusRows(f.before, hits, this.hover), "hit"));
    r.afterTitle.hidden = !f.after;
    r.after.hidden = !f.after;
    r.afterTitle.textContent = after || "";
    r.after.replaceChildren(...(f.after ? corpusItems(t, corpusRows(f.after, fresh, this.hover), "fresh") : []));
  }

  renderMerges(trace, k) {
    const r = this.r;
    const { items, current } = mergeItems(this.t, mergesUpTo(trace, k), k, (step) => this.actions.stepper.goTo(step));
    const list = r.mergeList;
    list.replaceChildren(...items);
    if (current && list.scrollHeight > list.clientHeight) {
      list.scrollTop = Math.max(0, current.offsetTop - list.clientHeight / 2);
    }
  }

  renderTry(snapshot) {
    const { t, r } = this;
    showError(r.tryErrorBox, t, snapshot.tryError);
    if (!snapshot.tried) {
      r.tryOut.replaceChildren();
      r.trySummary.textContent = "";
      return;
    }
    const { summary, items } = tryItems(t, snapshot.tried);
    const { merges, total } = snapshot.tried;
    r.trySummary.textContent = `${t("train.tryWith", { k: merges, n: total })}${t("sentence.joiner")}${summary}`;
    r.trySummary.dataset.merges = String(merges);
    r.tryOut.replaceChildren(...items);
  }

  // ------------------------------------------------------------ pointing at a pair

  /** Lights up every place of `pair` in the corpus (null: none). */
  point(pair) {
    if (samePair(pair, this.hover) || (pair === null && this.hover === null)) return;
    this.hover = pair;
    this.draw("corpus");
  }

  renderPointing(trace, values, quiz) {
    if (!trace || !trace.tables_shown) return;
    const f = stepFrame(trace, Math.min(values.step, quiz.limit));
    this.renderCorpus(this.masked ? maskFrame(trace, f) : f);
    if (this.masked) return;
    for (const [pair, button] of this.pairButtons) button.setAttribute("aria-pressed", String(samePair(this.hover, pair)));
  }

  destroy() {
    this.r.busy.stop();
    this.r.main.remove();
  }
}
