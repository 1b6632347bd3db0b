// Lesson "train": learn BPE merges from a corpus, one step at a time.
//
// The engine (`train`) returns the whole trace: for every step the table of adjacent pair counts, the
// chosen pair, which pairs tied and the rule that broke the tie, the corpus after the merge, and why
// training stopped. This module only renders it. The frame shown is a pure function of (trace,
// state.step): step 0 is the corpus before training, step k the k-th merge, the last step the stop.
// "Use this tokenizer" sends the learned merges back to the engine (`toy_encode` for characters,
// `overview` with `merges` for bytes) to cut new text.

import { param } from "../state.mjs";
import { TIMING, LIMITS } from "../theme.mjs";
import { el } from "../ui/dom.mjs";
import { choiceGroup, numberField } from "../ui/fields.mjs";
import {
  TextLesson, Latest, Debounced, BusyLine, intro, stageHeader, inputCard, stageCard, textBox, errorLine, showError, omitDefault,
  tokenChip,
} from "../ui/lessonkit.mjs";
import { Stepper, StepControls } from "../ui/stepper.mjs";
import { visibleSymbol } from "../glyphs.mjs";

const WORDS = "low lower lowest low lower newest";
const CHINESE = "我 爱 中 国 人\n中 国 人 很 多\n我 爱 中 国\n北 京 是 中 国 首 都";
const PARAGRAPH = "the cat sat on the mat. the rat sat on the hat. that cat and that rat sat and sang.";

export const PRESETS = Object.freeze([
  { id: "words", corpus: WORDS, tmode: "chars", unit: "words", tryText: "lowest newer slower", label: "train.preset.words" },
  { id: "chinese", corpus: CHINESE, tmode: "chars", unit: "lines", tryText: "我 爱 北 京\n中 国 人 很 好", label: "train.preset.chinese" },
  { id: "paragraph", corpus: PARAGRAPH, tmode: "bytes", unit: "words", tryText: "the bat sat on that hat", label: "train.preset.paragraph" },
]);

const MODES = Object.freeze(["chars", "bytes"]);
const UNITS = Object.freeze(["words", "lines"]);
const TIES = Object.freeze(["first_occurrence", "lexicographic"]);
const SORTS = Object.freeze(["count", "pair"]);

const PARAMS = new Map([
  ["corpus", param.text(WORDS, LIMITS.hashTextMax)],
  ["tmode", param.oneOf("chars", MODES)],
  ["unit", param.oneOf("words", UNITS)],
  ["tie", param.oneOf("first_occurrence", TIES)],
  ["minf", omitDefault(param.int(2, { min: 1, max: 100000 }))],
  ["nmerges", omitDefault(param.int(0, { min: 0, max: 100000 }))],
  ["vsize", omitDefault(param.int(0, { min: 0, max: 1000000 }))],
  ["step", omitDefault(param.int(0))],
  ["sort", param.oneOf("count", SORTS)],
  ["try", param.text(PRESETS[0].tryText, LIMITS.hashTextMax)],
]);

const KEYS = [
  ["Space", "keys.play"],
  ["← →", "keys.step"],
  ["Home End", "keys.ends"],
];

const AUTO_TRAIN_CHARS = 20000;   // longer corpora train when the button is pressed
const ROWS_SHOWN = 120;           // corpus rows drawn per side
const PAIRS_SHOWN = 60;           // pair-table rows drawn
const TRAIN_DEBOUNCE_MS = 350;
const TRY_DEBOUNCE_MS = 200;
const SETTINGS = ["corpus", "tmode", "unit", "tie", "minf", "nmerges", "vsize"];

const samePair = (a, b) => Boolean(a && b) && a[0] === b[0] && a[1] === b[1];

/**
 * The example "use this tokenizer" offers for a corpus the student typed: its most frequent word, or
 * line when the unit is lines (the first of equals; a line counts without its spaces, as in training).
 * The merges were learned from it, so it shows them at work.
 *
 *     exampleFrom("hug pug hug pun", "words")  ->  "hug"
 *     exampleFrom("我 爱 你\n好\n我爱你", "lines")  ->  "我 爱 你"
 */
function exampleFrom(corpus, unit) {
  const items = unit === "lines" ? corpus.split(/\r\n|\r|\n/).map((line) => line.trim()) : corpus.split(/\s+/);
  const counts = new Map();   // key (a line counts without its spaces) -> [first item, count]
  for (const item of items) {
    const key = item.replace(/\s+/g, "");
    if (key === "") continue;
    const seen = counts.get(key);
    if (seen) seen[1] += 1;
    else counts.set(key, [item, 1]);
  }
  let best = ["", 0];
  for (const entry of counts.values()) if (entry[1] > best[1]) best = entry;
  return best[0];
}

// The text box holds the corpus; the lesson's query is training (run()), and "use this tokenizer" has
// its own box, request and pause after typing.
class TrainLesson extends TextLesson {
  constructor(ctx) {
    super(ctx, { id: "train", params: PARAMS, field: "corpus", debounceMs: TRAIN_DEBOUNCE_MS });
    this.tryLatest = new Latest();
    this.tryDebounced = new Debounced(TRY_DEBOUNCE_MS, () => this.runTry());
    this.stepper = new Stepper({
      step: () => this.get("step"),
      total: () => this.total(),
      show: (k) => this.ctx.setState({ step: k }),
      speed: () => this.get("speed"),
      holdMs: TIMING.holdMs * 1.6,
      leadHold: true,
      reducedMotion: () => this.ctx.reducedMotion(),
      onPlaying: (playing) => {
        this.render();
        if (!playing) this.announce();
      },
    });
    this.trace = null;
    this.tried = null;
    this.tryError = null;
    this.hover = null;
    this.trainedKey = null;
    this.build();
  }

  // ------------------------------------------------------------ building the page

  build() {
    const b = this.b;
    const input = this.textBox("corpus", { rows: 4, attrs: { "aria-describedby": "corpus-hint" } });
    const presets = this.presets(PRESETS, {
      pick: (p) => {
        this.stepper.pause();
        this.ctx.setState({ corpus: p.corpus, tmode: p.tmode, unit: p.unit, try: p.tryText, step: 0 });
      },
      pressed: (p) => p.corpus === this.get("corpus") && p.tmode === this.get("tmode") && p.unit === this.get("unit"),
    });
    const choose = (name) => (v) => this.ctx.setState({ [name]: v, step: 0 });
    this.mode = choiceGroup(b, { labelKey: "train.mode", testid: "train-mode", options: MODES.map((v) => ({ value: v, label: `train.mode.${v}` })), onChoose: choose("tmode") });
    this.unit = choiceGroup(b, { labelKey: "train.unit", testid: "train-unit", options: UNITS.map((v) => ({ value: v, label: `train.unit.${v}` })), onChoose: choose("unit") });
    this.tie = choiceGroup(b, { labelKey: "train.tie", testid: "train-tie", options: TIES.map((v) => ({ value: v, label: `train.tie.${v}` })), onChoose: choose("tie") });
    this.minf = numberField(b, { id: "train-minf", labelKey: "train.minf", min: 1, max: 100000, testid: "train-minf", onValue: choose("minf") });
    this.nmerges = numberField(b, { id: "train-nmerges", labelKey: "train.nmerges", min: 0, max: 100000, testid: "train-nmerges", onValue: choose("nmerges") });
    this.vsize = numberField(b, { id: "train-vsize", labelKey: "train.vsize", min: 0, max: 1000000, testid: "train-vsize", onValue: choose("vsize") });
    this.trainButton = el("button", { className: "copy", testid: "train-button", attrs: { type: "button" }, on: { click: () => this.run() } });
    b.text(this.trainButton, "train.trainNow");
    this.busy = new BusyLine(this.t, "train.busy", "train-busy");
    this.sizeNote = el("p", { className: "point", testid: "train-size-note" });
    this.sizeNote.hidden = true;
    const setting = (key, node) => el("div", { className: "lk-setting" }, b.text(el("span", { className: "field-label" }), key), node);
    const card = inputCard(b, input, {
      name: "corpus", labelKey: "train.corpusLabel", hintKey: "train.corpusHint",
      below: [
        el("div", { className: "preset-row" }, presets),
        el("div", { className: "lk-train-go" }, this.trainButton, this.busy.node),
        this.errorBox, this.sizeNote],
      sideClass: "lk-settings",
      side: [
        setting("train.mode", this.mode.node),
        setting("train.unit", this.unit.node),
        setting("train.tie", this.tie.node),
        el("div", { className: "lk-fields" }, this.minf.node, this.nmerges.node, this.vsize.node),
        b.text(el("p", { className: "hint" }), "train.limitsHint")],
    });

    // Stage 1: the steps.
    this.stepMeta = el("span", { className: "stage-meta", testid: "train-step-meta" });
    this.explain = el("p", { className: "stage-text explain", testid: "train-explain" });
    this.tieLine = el("p", { className: "lk-tie-line", testid: "train-tie-line" });
    this.recount = el("div", { className: "mistake lk-recount", testid: "train-recount" },
      b.text(el("h3", { className: "mistake-title" }), "train.recountTitle"),
      b.text(el("p", {}), "train.recountText"));
    this.recount.hidden = true;
    this.controls = new StepControls(b, this.stepper, { onSpeed: (s) => this.ctx.setState({ speed: s }) });
    this.tableTitle = el("h3", { className: "log-title" });
    this.sortButtons = new Map();
    this.pairTable = el("table", { className: "lk-table lk-pairs", testid: "pair-table" });
    this.pairNote = el("p", { className: "fine" });
    this.beforeTitle = el("h3", { className: "log-title" });
    this.before = el("ol", { className: "lk-corpus", testid: "corpus-before" });
    this.afterTitle = el("h3", { className: "log-title" });
    this.after = el("ol", { className: "lk-corpus", testid: "corpus-after" });
    this.noTables = el("p", { className: "canvas-placeholder", testid: "train-no-tables" });
    this.noTables.hidden = true;
    this.grid = el("div", { className: "lk-train-grid" },
      el("div", { className: "lk-train-col" }, this.tableTitle, el("div", { className: "lk-scroll lk-pairs-wrap" }, this.pairTable), this.pairNote),
      el("div", { className: "lk-train-col" }, this.beforeTitle, this.before, this.afterTitle, this.after));
    this.mergeList = el("ol", { className: "log lk-merges", testid: "merge-list" });
    this.vocabMeta = el("span", { className: "stage-meta", testid: "vocab-size" });
    this.vocab = el("div", { className: "lk-chips", testid: "vocab" });
    this.stopBox = el("p", { className: "lk-stop", testid: "stop-reason" });
    this.stopBox.hidden = true;
    const stage = el("section", { className: "card stage", attrs: { "aria-labelledby": "train-steps-title" } },
      stageHeader(b, 1, "train-steps-title", "train.stepsTitle", this.stepMeta),
      this.explain, this.tieLine, this.stopBox, this.recount,
      this.controls.node,
      this.noTables, this.grid,
      el("div", { className: "lk-train-grid" },
        el("div", { className: "lk-train-col" }, b.text(el("h3", { className: "log-title" }), "train.mergesTitle"), this.mergeList),
        el("div", { className: "lk-train-col" },
          el("h3", { className: "log-title" }, b.text(el("span", {}), "train.vocabTitle"), " ", this.vocabMeta), this.vocab)));

    const tieCard = stageCard(b, { n: 2, id: "train-tie-title", titleKey: "train.tieTitle", textKey: "train.tieText1" },
      b.text(el("p", { className: "stage-text" }), "train.tieText2"));

    // Stage 3: use the tokenizer.
    this.tryInput = textBox(this.ctx, this.tryDebounced, { id: "try-input", patch: (v) => ({ try: v }) });
    this.tryOut = el("ol", { className: "lk-try", testid: "try-output" });
    this.trySummary = el("p", { className: "summary", testid: "try-summary" });
    this.tryErrorBox = errorLine("try-error");
    const tryCard = stageCard(b, { n: 3, id: "train-try-title", titleKey: "train.tryTitle", textKey: "train.tryText" },
      b.text(el("label", { className: "field-label", attrs: { for: "try-input" } }), "train.tryLabel"),
      this.tryInput, this.tryErrorBox, this.trySummary, this.tryOut);

    this.mount(intro(b, "train.title", "train.lead"), card, stage, tieCard, tryCard);
  }

  // ------------------------------------------------------------ state

  /**
   * Typing a corpus starts again at step 0. The example box follows the corpus until the student writes
   * their own example there: while it is empty, a preset's example or the one drawn from the corpus.
   */
  textPatch(corpus) {
    const patch = { corpus, step: 0 };
    const example = this.get("try");
    // Either unit: the example drawn before a switch of unit is still the lesson's, not the student's.
    const follows = example.trim() === "" || PRESETS.some((p) => p.tryText === example)
      || UNITS.some((unit) => example === exampleFrom(this.get("corpus"), unit));
    if (follows) patch.try = exampleFrom(corpus, this.get("unit"));
    return patch;
  }

  update(state, changed) {
    if (changed.has("lang")) this.b.apply(this.t);
    const settings = SETTINGS.some((k) => changed.has(k));
    if (!this.started || settings) {
      this.showText();
      this.showSettings();
      const first = !this.started;
      this.started = true;
      const big = this.get("corpus").length > AUTO_TRAIN_CHARS;
      if (first || !big) {
        this.debounced.schedule();
      } else {
        this.debounced.cancel();
        this.markStale();
      }
    }
    if (changed.has("try") || changed.has("lang") && !this.tried) {
      if (this.tryInput.value !== this.get("try")) this.tryInput.value = this.get("try");
      // New settings train again first, and training runs the example when it is done.
      if (this.trace && !settings) this.tryDebounced.schedule();
      else this.tryDebounced.cancel();
    }
    if (changed.has("step") || changed.has("sort") || changed.has("lang") || changed.has("speed")) this.render();
    if (changed.has("lang")) this.renderTry();
    if (changed.has("step") && !this.stepper.playing) this.announce();
  }

  showSettings() {
    this.mode.set(this.get("tmode"));
    this.unit.set(this.get("unit"));
    this.tie.set(this.get("tie"));
    this.minf.input.value = String(this.get("minf"));
    this.nmerges.input.value = String(this.get("nmerges"));
    this.vsize.input.value = String(this.get("vsize"));
    if (this.tryInput.value !== this.get("try")) this.tryInput.value = this.get("try");
  }

  settingsKey() {
    return JSON.stringify(SETTINGS.map((k) => this.get(k)));
  }

  markStale() {
    const stale = this.trainedKey !== this.settingsKey();
    this.main.classList.toggle("stale", stale);
    this.trainButton.classList.toggle("lk-attention", stale);
  }

  // ------------------------------------------------------------ engine

  /** Trains on the current settings: the lesson's query, run by the debounce or the train button. */
  async run() {
    this.debounced.cancel();
    this.stepper.pause();
    const gen = this.latest.next();
    const key = this.settingsKey();
    const payload = {
      corpus: this.get("corpus"), mode: this.get("tmode"), unit: this.get("unit"),
      vocab_size: this.get("vsize") || null, num_merges: this.get("nmerges") || null,
      min_frequency: this.get("minf"), tie_break: this.get("tie"), detail: "auto",
    };
    this.main.classList.add("stale");
    this.busy.start();
    this.trainButton.disabled = true;
    const answer = await this.ctx.query("train", payload);
    if (!this.latest.is(gen)) return;
    this.busy.stop();
    this.trainButton.disabled = false;
    if (!answer.ok) {
      this.error = answer.error;
      this.renderError();
      return;
    }
    this.error = null;
    this.trace = answer.result;
    this.trainedKey = key;
    this.markStale();
    this.renderError();
    const total = this.total();
    if (this.get("step") > total) this.ctx.setState({ step: total });
    this.render();
    this.ctx.announce(this.t("train.done", { n: this.trace.merges.length, reason: this.stopText() }));
    this.runTry();
  }

  async runTry() {
    this.tryDebounced.cancel();
    const trace = this.trace;
    if (!trace) return;
    const gen = this.tryLatest.next();
    const text = this.get("try");
    let answer;
    if (trace.kind === "bytes") {
      answer = await this.ctx.query("overview", { text, allowed_special: "none", merges: trace.merges });
    } else {
      answer = await this.ctx.query("toy_encode", { merges: trace.merges, text, unit: trace.unit, vocab: trace.vocab });
    }
    if (!this.tryLatest.is(gen)) return;
    this.tried = answer.ok ? { kind: trace.kind, result: answer.result } : null;
    this.tryError = answer.ok ? null : answer.error;
    this.renderTry();
  }

  // ------------------------------------------------------------ stepping

  total() {
    return this.trace ? this.trace.steps.length + 1 : 0;
  }

  step() {
    return Math.min(this.get("step"), this.total());
  }

  onKey(event) {
    return this.stepper.onKey(event);
  }

  // ------------------------------------------------------------ frames

  /** Everything one step shows, from the trace and the step number alone. */
  frame(k) {
    const tr = this.trace;
    const n = tr.steps.length;
    if (k === 0) return { kind: "start", before: tr.corpus, after: null, pairs: null, step: null, learned: [], vocabSize: tr.base_vocab.length };
    if (k <= n) {
      const s = tr.steps[k - 1];
      const before = k === 1 ? tr.corpus : tr.steps[k - 2].corpus;
      return { kind: "merge", before, after: s.corpus || null, pairs: s.pairs || null, step: s, learned: tr.learned.slice(0, this.learnedUpTo(k)), vocabSize: s.vocab_size };
    }
    const last = n ? tr.steps[n - 1] : null;
    return {
      kind: "stop", before: tr.stop.corpus || (last ? last.corpus : tr.corpus) || null, after: null, pairs: tr.stop.pairs || null,
      step: null, learned: tr.learned, vocabSize: last ? last.vocab_size : tr.base_vocab.length,
    };
  }

  learnedUpTo(k) {
    return this.trace.steps.slice(0, k).filter((s) => s.new_token !== false).length;
  }

  stopText() {
    const tr = this.trace;
    const s = tr.stop;
    const pair = s.pair ? `(${s.pair[0]}, ${s.pair[1]})` : "";
    return this.t(`train.stop.${s.reason}`, {
      n: s.reason === "vocab_size" ? tr.vocab_size : tr.num_merges, count: s.count ?? 0, pair, min: tr.min_frequency,
    });
  }

  // ------------------------------------------------------------ rendering

  renderError() {
    showError(this.errorBox, this.t, this.error);
    const tr = this.trace;
    this.sizeNote.hidden = !(tr && !tr.tables_shown);
    if (tr && !tr.tables_shown) this.sizeNote.textContent = this.t("train.tooLarge", { note: tr.size_note });
  }

  render() {
    const t = this.t;
    const tr = this.trace;
    const total = this.total();
    const k = this.step();
    this.controls.render(t, { step: k, total, playing: this.stepper.playing, speed: this.get("speed"), enabled: Boolean(tr) });
    if (!tr) return;
    this.renderError();
    const f = this.frame(k);
    this.stepMeta.textContent = t("train.stepMeta", { rows: tr.n_rows, words: tr.n_sequences, merges: tr.merges.length });
    // Explanation.
    let text;
    if (f.kind === "start") text = t(tr.kind === "bytes" ? "train.startBytes" : "train.startChars", { n: tr.n_symbols, rows: tr.n_rows, alpha: tr.n_alphabet });
    else if (f.kind === "merge") {
      const s = f.step;
      text = t("train.merge", { k, left: s.pair[0], right: s.pair[1], merged: s.merged, count: s.count, v: s.vocab_size });
      if (s.new_token === false) text = `${text} ${t("train.notNew", { merged: s.merged })}`;
    } else text = t("train.stopped", { n: tr.merges.length });
    this.explain.textContent = text;
    // Tie line.
    const tie = f.step && f.step.tie;
    this.tieLine.hidden = !(tie && tie.n_tied > 1);
    if (tie && tie.n_tied > 1) {
      this.tieLine.textContent = t("train.tieLine", {
        n: tie.n_tied, count: f.step.count, rule: t(`train.tie.${tie.rule}`), left: f.step.pair[0], right: f.step.pair[1],
      });
    }
    // Stop.
    this.stopBox.hidden = f.kind !== "stop";
    this.stopBox.dataset.reason = tr.stop.reason;
    this.stopBox.textContent = f.kind === "stop" ? `${t("train.stopLabel")} ${this.stopText()}` : "";
    const chinese = this.get("corpus") === CHINESE && this.get("unit") === "lines";
    this.recount.hidden = !(f.kind === "stop" && chinese && tr.stop.reason === "min_frequency");
    // Tables.
    const tables = tr.tables_shown;
    this.noTables.hidden = tables;
    this.noTables.textContent = tables ? "" : t("train.noTables");
    this.grid.hidden = !tables;
    if (tables) {
      this.renderPairs(f);
      this.renderCorpus(f);
    }
    this.renderMerges(k);
    this.renderVocab(f);
  }

  renderPairs(f) {
    const t = this.t;
    const sort = this.get("sort");
    this.tableTitle.textContent = f.kind === "stop" ? t("train.pairsStop") : f.kind === "start" ? t("train.pairsStart") : t("train.pairsTitle", { k: this.step() });
    if (!f.pairs) {
      this.pairTable.replaceChildren();
      this.pairNote.textContent = f.kind === "start" ? t("train.pairsLater") : t("train.noPairs");
      return;
    }
    const tied = f.step && f.step.tie ? f.step.tie.tied : [];
    const chosen = f.step ? f.step.pair : null;
    const rows = f.pairs.map((p, i) => ({ ...p, order: i }));
    if (sort === "pair") rows.sort((a, b) => (a.pair[0] < b.pair[0] ? -1 : a.pair[0] > b.pair[0] ? 1 : a.pair[1] < b.pair[1] ? -1 : a.pair[1] > b.pair[1] ? 1 : 0));
    const head = el("tr", {},
      this.sortHeader("pair", "train.colPair", sort),
      this.sortHeader("count", "train.colCount", sort),
      el("th", { attrs: { scope: "col" } }, t("train.colNote")));
    const body = rows.slice(0, PAIRS_SHOWN).map((p) => {
      const isChosen = samePair(p.pair, chosen);
      const isTied = tied.length > 1 && tied.some((q) => samePair(q, p.pair));
      const below = f.kind === "stop" && p.count < this.trace.min_frequency;
      const note = isChosen ? `✓ ${t("train.chosen")}` : isTied ? `= ${t("train.tied")}` : below ? t("train.below", { min: this.trace.min_frequency }) : "";
      const button = el("button", {
        className: "lk-pair-button", attrs: { type: "button", "aria-pressed": String(samePair(this.hover, p.pair)) },
        on: {
          mouseenter: () => this.setHover(p.pair),
          mouseleave: () => this.setHover(null),
          focus: () => this.setHover(p.pair),
          blur: () => this.setHover(null),
          click: () => this.setHover(samePair(this.hover, p.pair) ? null : p.pair),
        },
      }, this.pairLabel(p.pair));
      button.setAttribute("aria-label", t("train.pairLabel", { left: p.pair[0], right: p.pair[1], count: p.count }));
      return el("tr", {
        className: `${isChosen ? "chosen" : ""}${isTied ? " tied" : ""}`, testid: "pair-row",
        data: { left: p.pair[0], right: p.pair[1], count: p.count, chosen: isChosen, tied: isTied },
      },
      el("td", {}, button),
      el("td", { className: "lk-num" }, String(p.count)),
      el("td", { className: "lk-note" }, note));
    });
    this.pairTable.replaceChildren(el("thead", {}, head), el("tbody", {}, ...body));
    const hidden = rows.length - body.length;
    this.pairNote.textContent = [hidden > 0 ? t("train.morePairs", { n: hidden }) : "", t("train.hoverHint")].filter(Boolean).join(" ");
  }

  sortHeader(kind, key, sort) {
    const th = el("th", { attrs: { scope: "col", "aria-sort": sort === kind ? (kind === "count" ? "descending" : "ascending") : "none" } },
      el("button", { className: "lk-sort", testid: `sort-${kind}`, attrs: { type: "button" }, on: { click: () => this.ctx.setState({ sort: kind }) } },
        this.t(key), el("span", { attrs: { "aria-hidden": "true" } }, sort === kind ? (kind === "count" ? " ▼" : " ▲") : " ↕")));
    return th;
  }

  pairLabel(pair) {
    return el("span", { className: "lk-pair" },
      el("span", { className: "sym" }, visibleSymbol(pair[0])), el("span", { className: "op" }, ","),
      el("span", { className: "sym" }, visibleSymbol(pair[1])));
  }

  setHover(pair) {
    if (samePair(pair, this.hover) || (pair === null && this.hover === null)) return;
    this.hover = pair;
    if (!this.trace) return;
    const f = this.frame(this.step());
    this.renderCorpus(f);
    for (const button of this.pairTable.querySelectorAll(".lk-pair-button")) {
      const row = button.closest("tr");
      button.setAttribute("aria-pressed", String(samePair(pair, [row.dataset.left, row.dataset.right])));
    }
  }

  renderCorpus(f) {
    const t = this.t;
    const s = f.step;
    const hits = new Map();
    const fresh = new Map();
    if (s && s.occurrences) {
      for (const [row, pos, after] of s.occurrences) {
        if (!hits.has(row)) hits.set(row, new Set());
        hits.get(row).add(pos).add(pos + 1);
        if (!fresh.has(row)) fresh.set(row, new Set());
        fresh.get(row).add(after);
      }
    }
    this.beforeTitle.textContent = f.kind === "merge" ? t("train.before") : f.kind === "stop" ? t("train.final") : t("train.corpusStart");
    this.before.replaceChildren(...this.corpusRows(f.before, hits, "hit"));
    this.afterTitle.hidden = !f.after;
    this.after.hidden = !f.after;
    this.afterTitle.textContent = f.after ? t("train.after", { merged: s.merged }) : "";
    this.after.replaceChildren(...(f.after ? this.corpusRows(f.after, fresh, "fresh") : []));
  }

  corpusRows(rows, marks, cls) {
    if (!rows) return [];
    const t = this.t;
    const hover = this.hover;
    const out = rows.slice(0, ROWS_SHOWN).map((row, r) => {
      const mine = marks.get(r);
      const hovered = new Set();
      if (hover) {
        for (let i = 0; i + 1 < row.symbols.length; i += 1) {
          if (row.symbols[i] === hover[0] && row.symbols[i + 1] === hover[1]) hovered.add(i).add(i + 1);
        }
      }
      const syms = row.symbols.map((sym, i) => el("span", {
        className: `lk-sym${mine && mine.has(i) ? ` ${cls}` : ""}${hovered.has(i) ? " hover" : ""}`,
      }, visibleSymbol(sym)));
      return el("li", { className: "lk-corpus-row", testid: "corpus-row", data: { symbols: JSON.stringify(row.symbols) } },
        el("span", { className: "lk-syms" }, ...syms),
        row.count > 1 ? el("span", { className: "lk-times" }, `×${row.count}`) : null);
    });
    if (rows.length > ROWS_SHOWN) out.push(el("li", { className: "fine" }, t("train.moreRows", { n: rows.length - ROWS_SHOWN })));
    return out;
  }

  renderMerges(k) {
    const t = this.t;
    const tr = this.trace;
    const done = Math.min(k, tr.steps.length);
    const items = [];
    for (let i = 0; i < done; i += 1) {
      const s = tr.steps[i];
      items.push(el("li", {},
        el("button", {
          className: "log-entry done", testid: "merge-entry",
          attrs: { type: "button", "aria-current": i + 1 === k ? "step" : "false" },
          data: { left: s.pair[0], right: s.pair[1], merged: s.merged },
          on: { click: () => this.stepper.goTo(i + 1) },
        },
        el("span", { className: "log-num" }, String(i + 1)),
        el("span", { className: "log-merge" },
          el("span", { className: "sym" }, visibleSymbol(s.pair[0])), el("span", { className: "op" }, "+"),
          el("span", { className: "sym" }, visibleSymbol(s.pair[1])), el("span", { className: "op" }, "→"),
          el("span", { className: "sym merged" }, visibleSymbol(s.merged))),
        el("span", { className: "log-rank" }, t("train.count", { count: s.count })))));
    }
    if (items.length === 0) items.push(el("li", { className: "log-empty" }, t("train.noMerges")));
    this.mergeList.replaceChildren(...items);
    const current = this.mergeList.querySelector('[aria-current="step"]');
    if (current && this.mergeList.scrollHeight > this.mergeList.clientHeight) {
      const item = current.parentElement;
      this.mergeList.scrollTop = Math.max(0, item.offsetTop - this.mergeList.clientHeight / 2);
    }
  }

  renderVocab(f) {
    const t = this.t;
    const tr = this.trace;
    this.vocabMeta.textContent = t("train.vocabMeta", { n: f.vocabSize });
    const chips = [];
    if (tr.kind === "bytes") {
      chips.push(el("span", { className: "lk-chip lk-base-note" }, t("train.byteBase", { n: tr.base_vocab.length })));
    } else {
      tr.base_vocab.slice(0, 200).forEach((sym, i) => chips.push(tokenChip(sym, null, { tone: 3, testid: "vocab-base", className: "base" })));
    }
    f.learned.slice(-300).forEach((tok, i, all) => chips.push(tokenChip(tok, null, {
      tone: 0, testid: "vocab-learned", className: i === all.length - 1 && f.kind === "merge" ? "newest" : "learned",
    })));
    this.vocab.replaceChildren(...chips);
  }

  renderTry() {
    const t = this.t;
    showError(this.tryErrorBox, t, this.tryError);
    const tried = this.tried;
    if (!tried) {
      this.tryOut.replaceChildren();
      this.trySummary.textContent = "";
      return;
    }
    const r = tried.result;
    if (tried.kind === "bytes") {
      this.trySummary.textContent = t("train.trySummaryBytes", { n: r.ids.length, pieces: r.n_pieces });
      this.tryOut.replaceChildren(...r.pieces.slice(0, 300).map((p) => el("li", { className: "lk-try-word", testid: "try-word" },
        el("span", { className: "lk-try-src" }, visibleSymbol(p.text)),
        el("span", { className: "op", attrs: { "aria-hidden": "true" } }, "→"),
        el("span", { className: "lk-chips" }, ...p.tokens.map((tok, i) => tokenChip(tok, p.ids[i], { tone: i, testid: "try-token" }))))));
      return;
    }
    this.trySummary.textContent = t("train.trySummary", { n: r.n_tokens, unknown: r.n_unknown });
    const unknown = (w) => new Set(w.unknown);
    this.tryOut.replaceChildren(...r.words.slice(0, 300).map((w) => {
      const bad = unknown(w);
      const used = w.steps.map(([left, right]) => `${left}+${right}`).join(", ");
      return el("li", { className: "lk-try-word", testid: "try-word", data: { word: w.word } },
        el("span", { className: "lk-try-src" }, w.word),
        el("span", { className: "op", attrs: { "aria-hidden": "true" } }, "→"),
        el("span", { className: "lk-chips" }, ...w.tokens.map((tok, i) => tokenChip(tok, null, { tone: i, testid: "try-token", className: bad.has(tok) ? "unknown" : "" }))),
        el("span", { className: "fine lk-try-steps" }, w.steps.length ? t("train.tryUsed", { merges: used }) : t("train.tryNone")));
    }));
  }

  announce() {
    if (!this.trace) return;
    this.ctx.announce(`${this.step()} / ${this.total()}. ${this.explain.textContent}`);
  }

  destroy() {
    this.stepper.destroy();
    this.busy.stop();
    this.tryDebounced.cancel();
    this.tryLatest.next();
    super.destroy();
  }
}

export default Object.freeze({
  id: "train",
  params: PARAMS,
  keys: KEYS,
  create: (ctx) => new TrainLesson(ctx),
});
