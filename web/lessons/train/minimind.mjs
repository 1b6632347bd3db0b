// The train lesson's "Train like MiniMind" mode: a corpus (minimindCorpus.mjs), a vocabulary size and
// MiniMind's special tokens go to the engine's `train_hf` (tokenizers' BpeTrainer rule for rule,
// toklab.hf.minimind), which trains in the worker in slices and says how far it is; Stop asks the worker
// to end and answer what it learned so far. The answer is a whole tokenizer.json: downloaded, its merges
// listed and searched (minimindMerges.mjs), and used beside MiniMind's real tokenizer and GPT-2's on a
// text the student types (minimindCompare.mjs). The progress line names the newest merge as characters
// (bytes where it is part of one), the file's own GPT-2 spelling beneath, both from the engine's news.
//
//   const panel = new MiniMindPanel({ t, query, stopRunning, announce });  root.append(panel.node)
//   panel.relabel()  after a language change;  panel.destroy()
//
// The panel's state is its own (a file's contents do not go into the URL); what it shows is drawn from
// that state by render(), and every sentence comes from minimindStrings.mjs.

import { el, Bindings } from "../../ui/dom.mjs";
import { numberField } from "../../ui/fields.mjs";
import { errorLine, errorText } from "../../ui/lessonkit.mjs";
import { MAX_TRAIN_VOCAB } from "../../protocol.mjs";
import { CompareCard } from "./minimindCompare.mjs";
import { CorpusPicker, grouped } from "./minimindCorpus.mjs";
import { MergesList } from "./minimindMerges.mjs";
import { tokenFace } from "../../ui/tokenFace.mjs";
import "./minimindStrings.mjs";


const DEFAULT_VOCAB = 6400; // MiniMind's

/** Seconds left at `done` of `total` merges, `ms` after the first merge: null until there is a rate. */
export function secondsLeft(done, total, ms) {
  if (done < 1 || ms <= 0) return null;
  return Math.max(0, Math.ceil(((total - done) * ms) / done / 1000));
}

/**
 * The newest merge's left, right and new token as a reader sees them, from the engine's news (its
 * `texts`, null for part of a character, and `hex`): characters with whitespace visible, or bytes.
 *
 *     newestFaces({texts: [" ", "the", " the"], hex: [...]})         -> ["␣", "the", "␣the"]
 *     newestFaces({texts: [null, null, "今"], hex: ["e4 bb", "8a", …]}) -> ["E4 BB", "8A", "今"]
 */
export function newestFaces(news) {
  return news.texts.map((text, k) => tokenFace(text, news.hex[k]).label);
}

export class MiniMindPanel {
  constructor({ t, query, stopRunning, announce }) {
    this.t = t;
    this.query = query;
    this.stopRunning = stopRunning;
    this.announce = announce;
    this.b = new Bindings();
    this.vocab = DEFAULT_VOCAB;
    this.running = false;
    this.news = null; // the newest progress
    this.mergesSince = 0; // when the first merge was heard
    this.error = null; // the engine's error
    this.result = null; // train_hf's answer
    this.gone = false;
    this.build();
    this.b.apply(t);
    this.render();
  }

  build() {
    const b = this.b;
    const r = (this.r = {});
    this.corpus = new CorpusPicker({ b, t: this.t, changed: () => {
      this.error = null;
      this.render();
    } });
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
    r.progressBytes = el("p", { className: "fine mm-progress-bytes", testid: "train-progress-bytes" });
    r.error = errorLine("mm-error");
    const corpusCard = el("section", { className: "card stage", attrs: { "aria-labelledby": "mm-corpus-title" } },
      b.text(el("h2", { className: "stage-title", id: "mm-corpus-title" }), "mm.corpusTitle"),
      ...this.corpus.nodes,
      el("div", { className: "lk-fields mm-settings" }, r.vocabField.node,
        el("label", { className: "mm-check", attrs: { for: "mm-special" } }, r.special, b.text(el("span", {}), "mm.specialLabel"))),
      el("div", { className: "lk-train-go" }, r.start, r.stop),
      r.bar, r.progress, r.progressBytes, r.error);

    r.summary = el("p", { className: "stage-text", testid: "train-result" });
    r.download = el("button", { className: "copy", testid: "download-tokenizer", attrs: { type: "button" }, on: { click: () => this.download() } });
    b.text(r.download, "mm.download");
    this.merges = new MergesList({ b, t: this.t });
    r.result = el("section", { className: "card stage", attrs: { "aria-labelledby": "mm-result-title" } },
      b.text(el("h2", { className: "stage-title", id: "mm-result-title" }), "mm.resultTitle"),
      r.summary,
      el("div", { className: "lk-train-go" }, r.download),
      b.text(el("p", { className: "hint" }), "mm.downloadHint"),
      ...this.merges.nodes);
    this.compare = new CompareCard({ b, t: this.t, query: this.query });

    this.node = el("div", { className: "lesson lk train mm", testid: "train-minimind" },
      el("section", { className: "intro" },
        b.text(el("h1", { className: "lesson-title" }), "mm.title"),
        b.text(el("p", { className: "lead" }), "mm.lead")),
      corpusCard, r.result, this.compare.node);
  }

  relabel() {
    this.b.apply(this.t);
    this.render();
    this.merges.render();
    this.compare.relabel();
  }

  // ------------------------------------------------------------ training

  async start() {
    const file = this.corpus.file;
    if (this.running || !file || this.corpus.busy) return;
    this.running = true;
    this.news = null;
    this.error = null;
    this.mergesSince = 0;
    this.render();
    const payload = { corpus: file.text, format: file.format, vocab_size: this.vocab };
    if (!this.r.special.checked) payload.special_tokens = [];
    const answer = await this.query("train_hf", payload, { onProgress: (news) => this.heard(news) });
    if (this.gone) return;
    this.running = false;
    if (answer.ok) {
      this.result = answer.result;
      this.merges.show(this.result);
      this.announce(this.t("mm.result", this.resultVars()));
      this.compare.show(this.result);
    } else if (!answer.superseded) {
      this.error = answer.error;
    }
    this.render();
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
    this.corpus.render(this.running);
    r.vocabField.show(this.vocab);
    // Start waits while a chosen file is read (it would train on the file before, or on none).
    r.start.disabled = this.running || !this.corpus.file || this.corpus.busy;
    r.stop.hidden = !this.running;
    r.error.hidden = !this.error;
    r.error.textContent = this.error ? this.errorWords(this.error) : "";
    r.result.hidden = !this.result;
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
    const merging = this.running && news && Object.hasOwn(news, "done");
    r.progressBytes.hidden = !merging;
    if (!merging) r.progressBytes.textContent = "";
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
      const [left, right, token] = newestFaces(news);
      r.progress.textContent = t("mm.merging", {
        done: grouped(news.done), total: grouped(news.total), left, right, token,
        left_time: seconds === null ? t("mm.timeUnknown") : t("mm.timeLeft", { seconds }),
      });
      r.progressBytes.textContent = t("mm.mergingBytes", { left: news.left, right: news.right, token: news.left + news.right });
      Object.assign(r.progress.dataset, { left: news.left, right: news.right });
      r.bar.value = news.total ? Math.min(1, news.done / news.total) : 1;
    }
  }

  destroy() {
    this.gone = true;
    this.corpus.destroy();
    this.compare.destroy();
    if (this.running) this.stopRunning("train_hf");
    this.node.remove();
  }
}
