// WordPiece beside BPE in the train lesson (issue 38): the same words learned by toklab's WordPieceTrainer
// (`train_wordpiece`, toklab.wordpiece_train), as many merges as the toy BPE made, so a student sees that
// WordPiece's vocabulary is learned by merging too, and that only its encode differs: the example is cut
// by longest match over the vocabulary (## before a piece inside a word, [UNK] for a word it cannot cover),
// not by replaying the merges. Everything shown is the engine's answer; nothing here tokenizes.
//
//     const card = new WordPieceCard({ t, query });   // place card.node
//     card.show(trace, values)   after each training or example change;  card.relabel();  card.destroy()
//
// Test hooks: train-wordpiece (data-state: idle, busy, ready, error, off), wordpiece-start (data-bpe,
// data-wordpiece: a word's first symbols each way), wordpiece-merge (data-left, data-right, data-merged),
// bpe-merge (data-merged), wordpiece-word (data-word, data-tokens), wordpiece-summary.

import { el, Bindings } from "../../ui/dom.mjs";
import { Latest } from "../../ui/latest.mjs";
import { stageHeader, errorLine, showError } from "../../ui/lessonkit.mjs";
import { visibleSymbol } from "../../glyphs.mjs";
import "./wordpieceStrings.mjs";

const LISTED = 12; // the merges each column lists (the steps card above lists every BPE merge)

export class WordPieceCard {
  constructor({ t, query }) {
    this.t = t;
    this.query = query;
    this.latest = new Latest();
    this.answer = null; // {trace, result} of the newest answer, or null
    this.b = new Bindings();
    this.text = this.b.text(el("p", { className: "stage-text" }), "train.wp.text");
    this.body = el("div", { className: "lk-wp" });
    this.errorBox = errorLine("wordpiece-error");
    this.node = el("section", { className: "card stage", testid: "train-wordpiece", attrs: { "aria-labelledby": "train-wp-title" } },
      stageHeader(this.b, 4, "train-wp-title", "train.wp.title"), this.text, this.errorBox, this.body);
    this.node.dataset.state = "idle";
    this.b.apply(t);
  }

  /** The toy BPE's `trace` was trained on `values` (the lesson's params): learn the same words WordPiece's way. */
  async show(trace, values) {
    const ticket = this.latest.next();
    if (!trace || trace.kind !== "toy") {
      this.answer = null;
      this.node.dataset.state = "off";
      this.node.hidden = true;
      return;
    }
    this.node.hidden = false;
    this.node.dataset.state = "busy";
    const answer = await this.query("train_wordpiece", {
      corpus: values.corpus, unit: values.unit, num_merges: trace.n_steps, min_frequency: values.minf, text: values.try,
    });
    if (!this.latest.is(ticket)) return;
    this.answer = answer.ok ? { trace, result: answer.result } : null;
    this.error = answer.ok ? null : answer.error;
    this.node.dataset.state = answer.ok ? "ready" : "error";
    this.draw();
  }

  relabel() {
    this.b.apply(this.t);
    this.draw();
  }

  draw() {
    const t = this.t;
    showError(this.errorBox, t, this.error ?? null);
    if (!this.answer) {
      this.body.replaceChildren();
      return;
    }
    const { trace, result: w } = this.answer;
    const first = trace.corpus[0];
    const start = el("p", {
      className: "lk-wp-start", testid: "wordpiece-start",
      data: { bpe: first ? first.symbols.join(" ") : "", wordpiece: w.rows[0] ? w.rows[0].symbols.join(" ") : "" },
    }, t("train.wp.start", {
      bpe: first ? first.symbols.map(visibleSymbol).join(" ") : "", wordpiece: w.rows[0] ? w.rows[0].symbols.map(visibleSymbol).join(" ") : "",
    }));
    const column = (titleKey, items, n, testid, render) => el("div", { className: "lk-train-col" },
      el("h3", { className: "log-title" }, t(titleKey, { n })),
      el("ol", { className: "log lk-wp-merges" }, ...items.slice(0, LISTED).map((m, i) => el("li", { testid, data: render(m).data },
        el("span", { className: "log-num" }, String(i + 1)), el("span", { className: "log-merge" }, render(m).text)))),
      n > LISTED ? el("p", { className: "fine" }, t("train.wp.more", { n: n - LISTED })) : null);
    const bpe = trace.merges.slice(0, LISTED).map(([left, right]) => ({ left, right })); // the answer lists its first page's
    const merges = el("div", { className: "lk-train-grid" },
      column("train.wp.bpeMerges", bpe, trace.n_steps, "bpe-merge", (m) => ({
        text: `${visibleSymbol(m.left)} + ${visibleSymbol(m.right)} → ${visibleSymbol(m.left + m.right)}`, data: { merged: m.left + m.right },
      })),
      column("train.wp.merges", w.merges, w.merges.length, "wordpiece-merge", (m) => ({
        text: `${visibleSymbol(m.left)} + ${visibleSymbol(m.right)} → ${visibleSymbol(m.merged)}`, data: { left: m.left, right: m.right, merged: m.merged },
      })));
    const words = el("ol", { className: "lk-try", testid: "wordpiece-words" }, ...w.words.map((word) => el("li", {
      className: `lk-wp-word${word.unk ? " unk" : ""}`, testid: "wordpiece-word", data: { word: word.word, tokens: word.tokens.join(" ") },
    }, el("span", { className: "lk-wp-of" }, visibleSymbol(word.word)), el("span", { className: "lk-wp-tokens" }, word.tokens.map(visibleSymbol).join(" · ")))));
    const summary = el("p", { className: "summary", testid: "wordpiece-summary" }, t(w.n_unknown ? "train.wp.summaryUnk" : "train.wp.summary", {
      merges: w.n_merges, size: w.vocab_size, words: w.n_words, tokens: w.n_tokens, unk: w.n_unknown,
    }));
    // Fewer merges than BPE's when no pair is left often enough: BPE's </w> makes pairs ## does not.
    const stop = w.stop === "vocab_size" ? null
      : el("p", { className: "fine", testid: "wordpiece-stop", data: { stop: w.stop } }, t(`train.wp.stop.${w.stop}`, { merges: w.n_merges, bpe: trace.n_steps, min: trace.min_frequency }));
    this.body.replaceChildren(start, merges, stop ?? "", el("h3", { className: "log-title" }, t("train.wp.cutTitle")), summary, words);
  }

  destroy() {
    this.latest.drop();
  }
}
