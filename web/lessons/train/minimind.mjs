// The train lesson's "Train like MiniMind" mode: a corpus file, a vocabulary size and MiniMind's special
// tokens go to the engine's `train_hf` (tokenizers' BpeTrainer rule for rule, toklab.hf.minimind), which
// trains in the worker in slices and says how far it is; Stop asks the worker to end and answer what it
// learned so far. The answer is a whole tokenizer.json: downloaded, its merges listed and searched, and
// used (`hf_compare`) beside MiniMind's real tokenizer and GPT-2's on a text the student types.
//
//   const panel = new MiniMindPanel({ t, query, stopRunning, announce });  root.append(panel.node)
//   panel.relabel()  after a language change;  panel.destroy()
//
// The panel's state is its own (a file's contents do not go into the URL); what it shows is drawn from
// that state by render(), and every sentence comes from minimindStrings.mjs.

import { el, Bindings } from "../../ui/dom.mjs";
import { numberField } from "../../ui/fields.mjs";
import { errorLine, errorText, tokenChip } from "../../ui/lessonkit.mjs";
import { MAX_CORPUS_CHARS, MAX_TRAIN_VOCAB } from "../../protocol.mjs";
import "./minimindStrings.mjs";

const DEFAULT_VOCAB = 6400; // MiniMind's
const ENDS_SHOWN = 10; // merges listed at each end of the list
const FOUND_SHOWN = 50; // merges listed that match a search
const COMPARE_DELAY_MS = 250;
const UTF8_MAX = 4; // bytes a character takes at most: a bigger file is over the limit without reading it

const grouped = (n) => n.toLocaleString("en-US");

/** A file size for people: "812 B", "3.4 KB", "2.9 MB". */
export function fileSize(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** How a corpus file is read, by its name: .jsonl (or .json) as MiniMind's sft lines, else one text per line. */
export function fileFormat(name) {
  return /\.jsonl?$/i.test(name) ? "jsonl" : "txt";
}

/** Characters as Python counts them (code points), for a text at most `cap` UTF-16 units longer than the limit. */
function codePoints(text) {
  let pairs = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) pairs += 1;
  }
  return text.length - pairs;
}

/**
 * A corpus file's text, or why it is refused: {text} | {key, vars}. Empty, not UTF-8 (or with NUL bytes),
 * and over MAX_CORPUS_CHARS characters are refused here, before the engine sees them.
 */
export async function readCorpus(file) {
  const vars = { name: file.name, size: fileSize(file.size), limit: grouped(MAX_CORPUS_CHARS) };
  if (file.size === 0) return { key: "mm.fileEmpty", vars };
  if (file.size > MAX_CORPUS_CHARS * UTF8_MAX) return { key: "mm.fileTooLargeBytes", vars };
  let bytes;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    return { key: "mm.fileUnreadable", vars: { ...vars, detail: String(error?.message ?? error) } };
  }
  if (bytes.includes(0)) return { key: "mm.fileBinary", vars: { ...vars, why: { key: "mm.why.nul" } } };
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { key: "mm.fileBinary", vars: { ...vars, why: { key: "mm.why.utf8" } } };
  }
  if (text.startsWith("\ufeff")) text = text.slice(1);
  const chars = text.length > MAX_CORPUS_CHARS ? codePoints(text) : text.length;
  if (chars > MAX_CORPUS_CHARS) return { key: "mm.fileTooLarge", vars: { ...vars, chars: grouped(chars) } };
  if (!text.trim()) return { key: "mm.fileEmpty", vars };
  return { text };
}

/** The words of a refusal: vars whose value is {key} are words themselves. */
function said(t, { key, vars = {} }) {
  const filled = {};
  for (const [name, value] of Object.entries(vars)) filled[name] = value && typeof value === "object" ? t(value.key) : value;
  return t(key, filled);
}

/**
 * What the merges list shows: the first and last ENDS_SHOWN (all when there are few), or the first
 * FOUND_SHOWN whose left, right or merged token contains `query`. Items are [rank (1-based), left, right].
 *
 *     mergesShown([["a","b"],["ab","c"]], "")   -> {items: [[1,"a","b"],[2,"ab","c"]], gap: false, found: 2}
 *     mergesShown([["a","b"],["ab","c"]], "bc") -> {items: [[2,"ab","c"]], gap: false, found: 1}
 */
export function mergesShown(merges, query) {
  const ranked = merges.map(([left, right], i) => [i + 1, left, right]);
  if (query) {
    const found = ranked.filter(([, l, r]) => l.includes(query) || r.includes(query) || (l + r).includes(query));
    return { items: found.slice(0, FOUND_SHOWN), gap: false, found: found.length };
  }
  if (ranked.length <= 2 * ENDS_SHOWN) return { items: ranked, gap: false, found: ranked.length };
  return { items: [...ranked.slice(0, ENDS_SHOWN), ...ranked.slice(-ENDS_SHOWN)], gap: true, found: ranked.length };
}

/** Seconds left at `done` of `total` merges, `ms` after the first merge: null until there is a rate. */
export function secondsLeft(done, total, ms) {
  if (done < 1 || ms <= 0) return null;
  return Math.max(0, Math.ceil(((total - done) * ms) / done / 1000));
}

export class MiniMindPanel {
  constructor({ t, query, stopRunning, announce }) {
    this.t = t;
    this.query = query;
    this.stopRunning = stopRunning;
    this.announce = announce;
    this.b = new Bindings();
    this.file = null; // {name, size, format, text}
    this.refusal = null; // {key, vars}: why the file was not taken
    this.vocab = DEFAULT_VOCAB;
    this.running = false;
    this.news = null; // the newest progress
    this.mergesSince = 0; // when the first merge was heard
    this.error = null; // the engine's error
    this.result = null; // train_hf's answer
    this.search = "";
    this.compared = null; // hf_compare's answer
    this.compareError = null;
    this.compareRound = 0;
    this.compareTimer = 0;
    this.gone = false;
    this.compareTyped = false; // the compare box holds the student's text, not the sample
    this.shipped = null; // corpora/index.json's poems
    this.loadingPoems = false;
    this.build();
    this.b.apply(t);
    this.loadShipped();
    this.r.compareInput.value = t("mm.compareSample");
    this.render();
  }

  build() {
    const b = this.b;
    const r = (this.r = {});
    r.file = el("input", {
      id: "mm-file", className: "mm-file", testid: "corpus-file",
      attrs: { type: "file", accept: ".txt,.jsonl,.json,text/plain", "aria-describedby": "mm-file-hint" },
      on: { change: () => this.fileChosen() },
    });
    r.poems = el("button", { className: "copy", testid: "corpus-poems", attrs: { type: "button" }, on: { click: () => this.takePoems() } });
    r.poems.hidden = true;
    r.poemsLicence = el("a", { className: "fine", attrs: { target: "_blank", rel: "noopener" } });
    r.fileInfo = el("p", { className: "point", testid: "corpus-info", attrs: { "aria-live": "polite" } });
    r.fileError = errorLine("corpus-file-error");
    r.vocabField = numberField(b, {
      id: "mm-vocab", labelKey: "mm.vocabLabel", min: 1, max: MAX_TRAIN_VOCAB, testid: "vocab-size",
      onValue: (v) => {
        this.vocab = v;
        this.error = null;
        this.render();
      },
    });
    r.special = el("input", { id: "mm-special", testid: "special-preset", attrs: { type: "checkbox", checked: true } });
    r.start = el("button", { className: "copy", testid: "train-start", attrs: { type: "button" }, on: { click: () => this.start() } });
    b.text(r.start, "mm.start");
    r.stop = el("button", { className: "copy", testid: "train-stop", attrs: { type: "button" }, on: { click: () => this.stop() } });
    b.text(r.stop, "mm.stop");
    r.bar = el("progress", { className: "mm-bar", attrs: { max: 1, value: 0, "aria-labelledby": "mm-progress" } });
    r.progress = el("p", { className: "point mm-progress", id: "mm-progress", testid: "train-progress", attrs: { "aria-live": "polite" } });
    r.error = errorLine("mm-error");
    const corpusCard = el("section", { className: "card stage", attrs: { "aria-labelledby": "mm-corpus-title" } },
      b.text(el("h2", { className: "stage-title", id: "mm-corpus-title" }), "mm.corpusTitle"),
      b.text(el("label", { className: "field-label", attrs: { for: "mm-file" } }), "mm.fileLabel"),
      r.file,
      b.text(el("p", { className: "hint", id: "mm-file-hint" }), "mm.fileHint", { limit: grouped(MAX_CORPUS_CHARS) }),
      el("div", { className: "preset-row mm-shipped" }, r.poems, r.poemsLicence),
      r.fileInfo, r.fileError,
      el("div", { className: "lk-fields mm-settings" }, r.vocabField.node,
        el("label", { className: "mm-check", attrs: { for: "mm-special" } }, r.special, b.text(el("span", {}), "mm.specialLabel"))),
      el("div", { className: "lk-train-go" }, r.start, r.stop),
      r.bar, r.progress, r.error);

    r.summary = el("p", { className: "stage-text", testid: "train-result" });
    r.download = el("button", { className: "copy", testid: "download-tokenizer", attrs: { type: "button" }, on: { click: () => this.download() } });
    b.text(r.download, "mm.download");
    r.search = el("input", {
      id: "mm-search", className: "text-input mm-search", testid: "merge-search",
      attrs: { type: "search", autocomplete: "off", spellcheck: "false" },
      on: { input: () => {
        this.search = r.search.value;
        this.renderMerges();
      } },
    });
    r.mergeNote = el("p", { className: "fine", testid: "merge-note" });
    r.merges = el("ol", { className: "log lk-merges mm-merges", testid: "mm-merges" });
    r.result = el("section", { className: "card stage", attrs: { "aria-labelledby": "mm-result-title" } },
      b.text(el("h2", { className: "stage-title", id: "mm-result-title" }), "mm.resultTitle"),
      r.summary,
      el("div", { className: "lk-train-go" }, r.download),
      b.text(el("p", { className: "hint" }), "mm.downloadHint"),
      b.text(el("h3", { className: "log-title" }), "mm.mergesTitle"),
      b.text(el("label", { className: "field-label", attrs: { for: "mm-search" } }), "mm.searchLabel"),
      r.search, r.mergeNote, r.merges);

    r.compareInput = el("textarea", {
      id: "mm-compare", className: "text-input", testid: "compare-input", attrs: { rows: 2, spellcheck: "false" },
      on: { input: () => {
        this.compareTyped = true;
        this.compareLater();
      } },
    });
    r.compareError = errorLine("compare-error");
    r.rows = el("div", { className: "mm-rows" });
    r.compare = el("section", { className: "card stage", attrs: { "aria-labelledby": "mm-compare-title" } },
      b.text(el("h2", { className: "stage-title", id: "mm-compare-title" }), "mm.compareTitle"),
      b.text(el("p", { className: "stage-text" }), "mm.compareText"),
      b.text(el("label", { className: "field-label", attrs: { for: "mm-compare" } }), "mm.compareLabel"),
      r.compareInput, r.compareError, r.rows);

    this.node = el("div", { className: "lesson lk train mm", testid: "train-minimind" },
      el("section", { className: "intro" },
        b.text(el("h1", { className: "lesson-title" }), "mm.title"),
        b.text(el("p", { className: "lead" }), "mm.lead")),
      corpusCard, r.result, r.compare);
  }

  relabel() {
    this.b.apply(this.t);
    if (!this.compareTyped) this.r.compareInput.value = this.t("mm.compareSample");
    this.render();
    this.renderMerges();
    this.renderCompare();
    if (this.result && !this.compareTyped) this.compareLater(0);
  }

  // ------------------------------------------------------------ the corpus

  async fileChosen() {
    const file = this.r.file.files?.[0];
    if (!file) return;
    const read = await readCorpus(file);
    if (this.gone) return;
    if (read.key) {
      this.refusal = read;
      this.file = null;
    } else {
      this.refusal = null;
      this.file = { name: file.name, size: file.size, format: fileFormat(file.name), text: read.text };
    }
    this.error = null;
    this.render();
  }

  /** The shipped corpus's facts (corpora/index.json, made by the build): the button appears once known. */
  async loadShipped() {
    try {
      const response = await fetch(new URL("corpora/index.json", document.baseURI));
      if (!response.ok) return;
      this.shipped = (await response.json()).poems;
    } catch {
      return;
    }
    if (this.gone) return;
    this.r.poemsLicence.href = new URL(`corpora/${this.shipped.licence_file}`, document.baseURI).href;
    this.render();
  }

  async takePoems() {
    const shipped = this.shipped;
    if (!shipped || this.running) return;
    this.loadingPoems = true;
    this.render();
    let text = null;
    let detail = "";
    try {
      const response = await fetch(new URL(`corpora/${shipped.file}`, document.baseURI));
      if (response.ok) text = await response.text();
      else detail = `HTTP ${response.status}`;
    } catch (error) {
      detail = String(error?.message ?? error);
    }
    if (this.gone) return;
    this.loadingPoems = false;
    if (text === null) {
      this.refusal = { key: "mm.fileUnreadable", vars: { name: shipped.file, detail } };
    } else {
      this.refusal = null;
      this.file = { name: shipped.file, size: new TextEncoder().encode(text).length, format: "txt", text };
    }
    this.error = null;
    this.render();
  }

  // ------------------------------------------------------------ training

  async start() {
    if (this.running || !this.file) return;
    this.running = true;
    this.news = null;
    this.error = null;
    this.mergesSince = 0;
    this.render();
    const payload = { corpus: this.file.text, format: this.file.format, vocab_size: this.vocab };
    if (!this.r.special.checked) payload.special_tokens = [];
    const answer = await this.query("train_hf", payload, { onProgress: (news) => this.heard(news) });
    if (this.gone) return;
    this.running = false;
    if (answer.ok) {
      this.result = answer.result;
      this.search = "";
      this.r.search.value = "";
      this.announce(this.t("mm.result", this.resultVars()));
      this.compareLater(0);
    } else if (!answer.superseded) {
      this.error = answer.error;
    }
    this.render();
    this.renderMerges();
    (answer.ok ? this.r.download : this.r.start).focus({ preventScroll: true });
  }

  heard(news) {
    if (this.gone || !this.running) return;
    if (Object.hasOwn(news, "done") && !this.mergesSince) this.mergesSince = performance.now();
    this.news = news;
    this.renderProgress();
  }

  stop() {
    if (this.running) this.stopRunning("train_hf");
  }

  download() {
    if (!this.result) return;
    const blob = new Blob([this.result.tokenizer_json], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = el("a", { attrs: { href: url, download: "tokenizer.json" } });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  // ------------------------------------------------------------ comparing

  compareLater(ms = COMPARE_DELAY_MS) {
    clearTimeout(this.compareTimer);
    if (!this.result) return;
    this.compareTimer = setTimeout(() => this.compare(), ms);
  }

  async compare() {
    if (!this.result) return;
    this.compareRound += 1;
    const round = this.compareRound;
    const answer = await this.query("hf_compare", { tokenizer_json: this.result.tokenizer_json, text: this.r.compareInput.value }, { round });
    if (this.gone || round !== this.compareRound || answer.superseded) return;
    this.compared = answer.ok ? answer.result : null;
    this.compareError = answer.ok ? null : answer.error;
    this.renderCompare();
  }

  // ------------------------------------------------------------ drawing

  resultVars() {
    const res = this.result;
    return {
      vocab: grouped(res.vocab_size), special: grouped(res.special_tokens.length), merges: grouped(res.n_merges),
      texts: grouped(res.n_texts), words: grouped(res.n_words), why: this.t(`mm.stop.${res.stop}`),
    };
  }

  render() {
    const { r, t } = this;
    r.fileInfo.textContent = this.file
      ? t("mm.fileInfo", { name: this.file.name, size: fileSize(this.file.size), format: t(`mm.format.${this.file.format}`) })
      : t("mm.noFile");
    r.fileError.hidden = !this.refusal;
    r.fileError.textContent = this.refusal ? said(t, this.refusal) : "";
    r.vocabField.show(this.vocab);
    r.poems.hidden = !this.shipped;
    r.poemsLicence.hidden = !this.shipped;
    if (this.shipped) {
      const s = this.shipped;
      r.poems.textContent = t(this.loadingPoems ? "mm.poemsLoading" : "mm.poems", { count: grouped(s.count), size: fileSize(s.bytes) });
      r.poems.disabled = this.running || this.loadingPoems;
      r.poemsLicence.textContent = t("mm.poemsSource", { package: s.package, version: s.version, licence: s.licence });
    }
    r.start.disabled = this.running || !this.file;
    r.stop.hidden = !this.running;
    r.file.disabled = this.running;
    r.error.hidden = !this.error;
    r.error.textContent = this.error ? this.errorWords(this.error) : "";
    r.result.hidden = !this.result;
    r.compare.hidden = !this.result;
    if (this.result) r.summary.textContent = t("mm.result", this.resultVars());
    this.renderProgress();
  }

  errorWords(error) {
    if (error.code === "too_small" && error.params?.field === "vocab_size") {
      return this.t("mm.vocabTooSmall", { value: grouped(this.vocab), min: grouped(error.params.min) });
    }
    return errorText(this.t, error);
  }

  renderProgress() {
    const { r, t } = this;
    const news = this.news;
    r.progress.dataset.state = this.running ? "running" : this.result ? "done" : "idle";
    r.progress.dataset.done = String(news?.done ?? 0);
    r.bar.hidden = !this.running;
    if (!this.running) {
      r.progress.textContent = "";
      r.progress.hidden = true;
      return;
    }
    r.progress.hidden = false;
    if (!news) {
      r.progress.textContent = t("mm.waiting");
      r.bar.removeAttribute("value");
    } else if (Object.hasOwn(news, "read")) {
      r.progress.textContent = t("mm.reading", { read: grouped(news.read), texts: grouped(news.texts) });
      r.bar.value = news.texts ? news.read / news.texts : 0;
    } else if (Object.hasOwn(news, "paired")) {
      r.progress.textContent = t("mm.pairing", { paired: grouped(news.paired), words: grouped(news.words) });
      r.bar.value = news.words ? news.paired / news.words : 0;
    } else {
      const seconds = secondsLeft(news.done, news.total, performance.now() - this.mergesSince);
      r.progress.textContent = t("mm.merging", {
        done: grouped(news.done), total: grouped(news.total), left: news.left, right: news.right, token: news.left + news.right,
        left_time: seconds === null ? t("mm.timeUnknown") : t("mm.timeLeft", { seconds }),
      });
      r.bar.value = news.total ? Math.min(1, news.done / news.total) : 1;
    }
  }

  renderMerges() {
    const { r, t } = this;
    r.merges.replaceChildren();
    if (!this.result) return;
    const merges = this.result.merges;
    const shown = mergesShown(merges, this.search);
    const n = grouped(merges.length);
    if (this.search) {
      r.mergeNote.textContent = shown.found
        ? t("mm.mergesFound", { found: grouped(shown.found), query: this.search, shown: grouped(shown.items.length) })
        : t("mm.mergesNone", { query: this.search });
    } else {
      r.mergeNote.textContent = shown.gap ? t("mm.mergesFirstLast", { first: ENDS_SHOWN, last: ENDS_SHOWN, n }) : t("mm.mergesAll", { n });
    }
    let previous = 0;
    for (const [rank, left, right] of shown.items) {
      if (shown.gap && rank !== previous + 1 && previous) r.merges.append(el("li", { className: "mm-gap", attrs: { "aria-hidden": "true" } }, "⋯"));
      previous = rank;
      r.merges.append(el("li", { testid: "mm-merge", data: { rank } },
        el("span", { className: "mm-rank" }, `${grouped(rank)}.`), " ",
        el("code", {}, left), " + ", el("code", {}, right), " → ", el("code", {}, left + right)));
    }
  }

  renderCompare() {
    const { r, t } = this;
    r.compareError.hidden = !this.compareError;
    r.compareError.textContent = this.compareError ? errorText(t, this.compareError) : "";
    r.rows.replaceChildren();
    if (!this.compared) return;
    for (const row of this.compared.rows) {
      const chips = el("div", { className: "lk-chips" });
      row.tokens.forEach((token, i) => {
        const part = !row.whole[i];
        chips.append(tokenChip(token, row.ids[i], {
          tone: i, testid: "compare-chip", className: part ? "lk-chip-part" : "", title: part ? t("mm.partTitle") : "",
        }));
      });
      if (row.n_tokens > row.tokens.length) chips.append(el("span", { className: "fine" }, t("mm.rowMore", { more: grouped(row.n_tokens - row.tokens.length) })));
      r.rows.append(el("div", { className: "mm-row", testid: `compare-${row.name}` },
        el("h3", { className: "log-title" }, el("span", {}, t(`mm.row.${row.name}`)), " ",
          el("span", { className: "stage-meta", testid: "compare-count", data: { n: row.n_tokens } },
            t("mm.rowCount", { n: grouped(row.n_tokens), vocab: grouped(row.vocab_size) }))),
        chips));
    }
  }

  destroy() {
    this.gone = true;
    clearTimeout(this.compareTimer);
    if (this.running) this.stopRunning("train_hf");
    this.node.remove();
  }
}
