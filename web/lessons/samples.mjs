// Lesson "samples": from a token stream to training samples. The engine (`samples`) tokenizes the text
// and cuts windows of block_size + 1 ids; x is a window without its last id, y the same window without
// its first, so each label is the next token of its input. This module lays the windows out so the
// shift by one can be seen column by column, with tokens under ids.
//
// State: the text (`scorpus`), block and batch size, tokenizer, sampling mode, seed and start.
// ←/→ draw the next or previous batch (another seed, or the next stretch of the stream).

import { STREAM_LIMIT } from "../protocol.mjs";
import { param } from "../state.mjs";
import { LIMITS } from "../theme.mjs";
import { el } from "../ui/dom.mjs";
import { choiceGroup, numberField } from "../ui/fields.mjs";
import { intro, inputCard, stageCard, tokenChip, omitDefault } from "../ui/lessonkit.mjs";
import { TextLesson } from "../ui/textLesson.mjs";
import "./samples/strings.mjs";

const MACHINE = "Machine learning models learn patterns from data. A language model reads a sequence of tokens and predicts what token is likely to appear next. During training, the model gradually improves its predictions by comparing them with the correct answers. Tokenization is an important step because it determines how raw text is divided into smaller units. Some tokenizers use characters, some use complete words, and modern language models often use subword tokens to balance vocabulary size and sequence length.";

export const PRESETS = Object.freeze([
  // 18.3.7: the chapter's paragraph cut by the toy BPE trained on it (vocabulary 100).
  { id: "chapter", text: MACHINE, label: "samples.preset.chapter", tok: "toy_bpe" },
  { id: "chinese", text: "我爱中国人。中国人很多。我爱中国。北京是中国首都。", label: "samples.preset.chinese", tok: null },
]);

const TOKENIZERS = Object.freeze(["toy_bpe", "r50k"]);
const MODES = Object.freeze(["random", "sequential"]);
const STREAM_HEAD = 12;    // ids of the stream's start always shown (the chapter prints its first ten)
const STREAM_AROUND = 3;   // ids shown before and after each window; a longer gap folds into one item

const PARAMS = new Map([
  ["scorpus", param.text(MACHINE, LIMITS.hashTextMax)],
  ["block", omitDefault(param.int(6, { min: 1, max: 64 }))],
  ["batch", omitDefault(param.int(3, { min: 1, max: 8 }))],
  ["tok", param.oneOf("toy_bpe", TOKENIZERS)],
  ["sampler", param.oneOf("random", MODES)],
  ["seed", omitDefault(param.int(0, { min: 0, max: 1e9 }))],
  ["start", omitDefault(param.int(0))],
]);

const KEYS = [["← →", "samples.keys.batch"]];

/**
 * The stream's id and token at position `p` as answer `r` lists them: window `w`'s own (its x, then its
 * last label), else the stream's first STREAM_LIMIT; null past what the answer lists.
 *   streamAt({ids: [5, 6, 7, 8], tokens: [...]}, {offset: 1, x: [6, 7], y: [7, 8], ...}, 3) -> {id: 8, token: ...}
 */
export function streamAt(r, w, p) {
  const k = p - w.offset;
  if (k >= 0 && k < w.x.length) return { id: w.x[k], token: w.x_tokens[k] };
  if (k === w.x.length && k > 0) return { id: w.y[k - 1], token: w.y_tokens[k - 1] };
  return p >= 0 && p < r.ids.length ? { id: r.ids[p], token: r.tokens[p] } : null;
}

class SamplesLesson extends TextLesson {
  constructor(ctx) {
    // A new text starts the sequential sampler from the beginning again.
    super(ctx, { id: "samples", params: PARAMS, field: "scorpus", also: { start: 0 }, debounceMs: 250 });
    this.wholeStream = false; // the ids far from the windows folded (false) or all shown
    const b = this.b;
    const input = this.textBox("samples", { rows: 3 });
    const presets = this.presets(PRESETS, {
      pick: (p) => this.ctx.setState({ ...this.textPatch(p.text), ...(p.tok ? { tok: p.tok } : {}) }),
      pressed: (p) => p.text === this.get("scorpus") && (!p.tok || p.tok === this.get("tok")),
    });
    this.block = numberField(b, { id: "samples-block", labelKey: "samples.block", min: 1, max: 64, testid: "samples-block", onValue: (n) => this.ctx.setState({ block: n }) });
    this.batch = numberField(b, { id: "samples-batch", labelKey: "samples.batch", min: 1, max: 8, testid: "samples-batch", onValue: (n) => this.ctx.setState({ batch: n }) });
    this.tok = choiceGroup(b, {
      labelKey: "samples.tokenizer", testid: "samples-tok",
      options: TOKENIZERS.map((v) => ({ value: v, label: `samples.tok.${v}` })),
      onChoose: (v) => this.ctx.setState({ tok: v, start: 0 }),
    });
    this.sampler = choiceGroup(b, {
      labelKey: "samples.sampler", testid: "samples-mode",
      options: MODES.map((v) => ({ value: v, label: `samples.mode.${v}` })),
      onChoose: (v) => this.ctx.setState({ sampler: v }),
    });
    this.nextButton = el("button", { className: "ghost", testid: "samples-next", attrs: { type: "button" }, on: { click: () => this.move(1) } });
    this.prevButton = el("button", { className: "ghost", testid: "samples-prev", attrs: { type: "button" }, on: { click: () => this.move(-1) } });
    b.text(this.nextButton, "samples.next");
    b.text(this.prevButton, "samples.prev");
    const card = inputCard(b, input, {
      name: "samples", labelKey: "samples.inputLabel",
      below: [this.errorBox, el("div", { className: "preset-row" }, presets)],
      sideClass: "lk-settings",
      side: [
        el("div", { className: "lk-fields" }, this.block.node, this.batch.node),
        el("div", { className: "lk-setting" }, b.text(el("span", { className: "field-label" }), "samples.tokenizer"), this.tok.node),
        el("div", { className: "lk-setting" }, b.text(el("span", { className: "field-label" }), "samples.sampler"), this.sampler.node),
        el("div", { className: "pager" }, this.prevButton, this.nextButton)],
    });

    this.streamMeta = el("span", { className: "stage-meta", testid: "samples-stream-meta" });
    this.stream = el("ol", { className: "lk-stream", testid: "samples-stream", attrs: { tabindex: 0, "aria-labelledby": "samples-stream-title" } });
    // A new width (a phone turned, a window resized) moves the rows: the box scrolls to its windows again.
    this.streamResize = new ResizeObserver(() => this.scrollToWindows());
    this.streamResize.observe(this.stream);
    this.streamMore = el("p", { className: "fine", testid: "stream-more" });
    this.chapterNote = el("p", { className: "fine", testid: "samples-chapter-note" });
    const streamCard = stageCard(b, { n: 1, id: "samples-stream-title", titleKey: "samples.streamTitle", textKey: "samples.streamText", meta: this.streamMeta },
      this.chapterNote, this.stream, this.streamMore);

    this.windows = el("div", { className: "lk-windows", testid: "samples-windows" });
    this.windowsNote = el("p", { className: "fine", testid: "samples-note" });
    const windowsCard = stageCard(b, { n: 2, id: "samples-win-title", titleKey: "samples.windowsTitle", textKey: "samples.windowsText" },
      this.windowsNote,
      this.windows);

    this.mount([intro(b, "samples.title", "samples.lead"), card, this.askFirst([windowsCard])], streamCard, windowsCard);
  }

  move(delta) {
    if (this.get("sampler") === "random") {
      this.ctx.setState({ seed: Math.max(0, this.get("seed") + delta) });
    } else {
      const r = this.result;
      const stride = this.get("block") * this.get("batch");
      const max = r ? r.max_offset : 0;
      this.ctx.setState({ start: Math.max(0, Math.min(max, this.get("start") + delta * stride)) });
    }
  }

  showSettings() {
    this.block.show(this.get("block"));
    this.batch.show(this.get("batch"));
    this.tok.set(this.get("tok"));
    this.sampler.set(this.get("sampler"));
  }

  query() {
    return this.ctx.query("samples", {
      text: this.get("scorpus"), block_size: this.get("block"), batch_size: this.get("batch"),
      tokenizer: this.get("tok"), mode: this.get("sampler"), seed: this.get("seed"), start: this.get("start"),
    });
  }

  async run() {
    const answer = await super.run();
    if (answer && answer.ok) {
      this.ctx.announce(this.t("samples.announce", { n: answer.result.windows.length, offsets: answer.result.offsets.join(", ") }));
    }
  }

  render() {
    const t = this.t;
    const r = this.result;
    const chapter = Boolean(r) && this.get("scorpus") === MACHINE && this.get("tok") === "toy_bpe";
    this.chapterNote.hidden = !chapter;
    this.chapterNote.textContent = chapter
      ? t("samples.chapterNote", { v: r.vocab_size.toLocaleString(), n: r.n_ids, first: `[${r.ids.slice(0, 10).join(", ")}]` })
      : "";
    if (!r) {
      this.stream.replaceChildren();
      this.windows.replaceChildren();
      return;
    }
    const sequential = r.mode === "sequential";
    this.prevButton.disabled = sequential ? this.get("start") <= 0 : this.get("seed") <= 0;
    this.nextButton.disabled = sequential && this.get("start") >= r.max_offset;
    this.streamMeta.textContent = t("samples.streamMeta", { n: r.n_ids, v: r.vocab_size.toLocaleString() });
    const windowOf = new Map();
    r.windows.forEach((w, k) => {
      for (let i = w.offset; i <= w.offset + r.block_size && i < r.n_ids; i += 1) {
        if (!windowOf.has(i)) windowOf.set(i, k);
      }
    });
    const shown = Math.min(r.ids.length, STREAM_LIMIT); // the answer lists the stream's first STREAM_LIMIT ids
    const items = [];
    // The ids far from every window fold into "⋯ n ids" (a button shows them), so every window is in
    // view at once, on a phone too; the whole stream is one press away.
    const kept = (i) => this.wholeStream || i < STREAM_HEAD
      || r.windows.some((w) => i >= w.offset - STREAM_AROUND && i <= w.offset + r.block_size + STREAM_AROUND);
    let folded = 0;
    const fold = () => {
      if (folded === 0) return;
      const n = folded;
      folded = 0;
      items.push(el("li", { className: "lk-stream-gap" }, el("button", {
        className: "ghost lk-gap-button", testid: "stream-gap", attrs: { type: "button", title: t("samples.gapShow") },
        on: { click: () => { this.wholeStream = true; this.render(); } },
      }, t("samples.gap", { n }))));
    };
    for (let i = 0; i < shown; i += 1) {
      if (!kept(i)) {
        folded += 1;
        continue;
      }
      fold();
      const k = windowOf.get(i);
      const chip = tokenChip(r.tokens[i], r.ids[i], { tone: i, testid: "stream-chip", className: k === undefined ? "dim" : `in-window w${k % 4}` });
      // A window's name goes in the row before its first token, as an item of its own: above the token
      // it made that item taller and covered the token of the row before.
      if (k !== undefined && i === r.windows[k].offset) {
        items.push(el("li", { className: `lk-win-flag w${k % 4}`, testid: "window-flag", data: { window: k + 1 } }, t("samples.windowN", { n: k + 1 })));
      }
      items.push(el("li", { data: { pos: i, window: k === undefined ? "" : k + 1 } }, chip));
    }
    fold();
    this.stream.replaceChildren(...items);
    this.scrollToWindows();
    this.streamMore.textContent = r.n_ids > shown ? t("samples.streamMore", { n: r.n_ids - shown }) : "";
    this.streamMore.hidden = r.n_ids <= shown;
    const notes = [];
    if (r.n_ids < r.block_size + 1) notes.push(t("samples.tooShort", { n: r.n_ids, need: r.block_size + 1 }));
    else if (r.truncated) notes.push(t("samples.truncated", { n: r.windows.length }));
    notes.push(sequential ? t("samples.sequentialNote", { start: this.get("start") }) : t("samples.randomNote", { seed: r.seed ?? this.get("seed") }));
    this.windowsNote.textContent = notes.join(" ");
    this.windows.replaceChildren(...r.windows.map((w, k) => this.renderWindow(w, k)));
  }

  /**
   * The opening question: window 1's first label. The choices are tokens of the stream from where the
   * window starts (by id); the right one is the engine's y[0].
   */
  quiz() {
    const r = this.result;
    const key = [...PARAMS.keys()].map((name) => String(this.get(name))).join("\u0000");
    if (this.error || this.get("scorpus") === "") return null;
    if (!r) return { key, question: this.t("ask.samples.q", { token: "…", pos: "…" }), choices: [], correct: null };
    const w = r.windows[0];
    if (!w || w.x.length < 1) return null;
    const positions = [];
    for (let p = w.offset; p < w.offset + r.block_size + 2 && positions.length < 4; p += 1) {
      const here = streamAt(r, w, p);
      if (here === null) break;
      if (!positions.some((q) => q.id === here.id)) positions.push(here);
    }
    if (positions.length < 2) return null;
    positions.sort((a, b) => a.id - b.id); // by id: where the right one stands is no clue
    const label = (p) => `${p.token} (${p.id})`;
    const correct = positions.flatMap((p, i) => (p.id === w.y[0] ? [i] : []));
    if (correct.length === 0) return null;
    const first = `${w.x_tokens[0]} (${w.x[0]})`;
    return {
      key, question: this.t("ask.samples.q", { token: first, pos: w.offset }), choices: positions.map(label), correct,
      answer: this.t("ask.samples.answer", { label: `${w.y_tokens[0]} (${w.y[0]})`, token: first }),
    };
  }

  /** The box scrolls: its top is the first window's row, so the windows are what it shows. */
  scrollToWindows() {
    const firstFlag = this.stream.querySelector(".lk-win-flag");
    this.stream.scrollTop = firstFlag ? Math.max(0, firstFlag.offsetTop - 4) : 0; // offsetTop: from the box (position: relative)
  }

  destroy() {
    this.streamResize.disconnect();
    super.destroy();
  }

  renderWindow(w, k) {
    const t = this.t;
    const cols = w.x.length;
    const table = el("table", { className: "lk-window-table", testid: "sample-window", data: { offset: w.offset } });
    const caption = el("caption", { testid: "window-caption" }, t("samples.windowCaption", { n: k + 1, from: w.offset, to: w.offset + cols }));
    const head = el("tr", {}, el("th", { attrs: { scope: "col" } }, t("samples.position")),
      ...w.x.map((_, i) => el("th", { attrs: { scope: "col" } }, String(i))));
    const row = (name, ids, tokens, testid) => el("tr", { testid },
      el("th", { attrs: { scope: "row" } }, t(`samples.${name}`)),
      ...ids.map((id, i) => el("td", { data: { id } },
        el("span", { className: "lk-cell-id" }, String(id)),
        el("span", { className: "lk-cell-tok" }, tokens[i]))));
    const arrows = el("tr", { className: "lk-shift", attrs: { "aria-hidden": "true" } }, el("th", {}),
      ...w.x.map(() => el("td", {}, "↙")));
    table.append(caption, el("thead", {}, head),
      el("tbody", {}, row("x", w.x, w.x_tokens, "sample-x"), arrows, row("y", w.y, w.y_tokens, "sample-y")));
    const example = cols > 1 ? t("samples.example", { context: w.x_tokens.slice(0, 2).join(" "), next: w.y_tokens[1] }) : "";
    return el("div", { className: `lk-window w${k % 4}` }, el("div", { className: "lk-scroll" }, table), el("p", { className: "fine" }, example));
  }

  onKey(event) {
    if (event.key === "ArrowRight") {
      this.move(1);
      return true;
    }
    if (event.key === "ArrowLeft") {
      this.move(-1);
      return true;
    }
    return false;
  }
}

export default Object.freeze({
  id: "samples",
  params: PARAMS,
  keys: KEYS,
  create: (ctx) => new SamplesLesson(ctx),
  sheet: (ctx, state) => import("../classroom/sheets.mjs").then((m) => m.samplesSheet(ctx, state)),
});
