// The Compare lesson's card of the chapter's small examples (seed 000, 18.3.2-18.3.4): the character
// tokenizer trained on "hello world", "learning" letter by letter, MiniGPT as <unk> for a word
// tokenizer, and the BPE vocabulary of 21 built with four special tokens. Each line is the engine's
// answer to the chapter's own call (`compare` trains characters and words on the corpus; `train` learns
// the merges); only the chapter's inputs are written here.
//
//     const chapter = new ChapterExamples(ctx, b, n);   // place chapter.card; chapter.show(t) to fill it

import { registerPairs } from "../../i18n.mjs";
import { el } from "../../ui/dom.mjs";
import { stageCard } from "../../ui/lessonkit.mjs";
import { WORDS } from "../train/presets.mjs";

registerPairs({
  "compare.chapterTitle": { en: "The chapter's small examples, run", zh: "教材里的几个小例子，跑一遍" },
  "compare.chapterText": {
    en: "Before BPE, the chapter tries the two simplest tokenizers on a few words. Here are its calls, answered by the same engine as the rows above.",
    zh: "讲 BPE 之前，教材先拿几个词试了两种最简单的分词器。下面是它的那几次调用，由上面各行用的同一个引擎算出来。",
  },
  "compare.chapterWaiting": { en: "Waiting for the engine…", zh: "正在等引擎算完……" },
  "compare.chapterHello": {
    en: "A character tokenizer trained on “{corpus}” has a vocabulary of {v}: <unk> and the {n} different characters, the space included. “{word}” becomes {ids}.",
    zh: "在“{corpus}”上训练的字符级分词器，词表有 {v} 项：<unk>，加上 {n} 个不同的字符（空格也算一个）。“{word}”编码成 {ids}。",
  },
  "compare.chapterLetters": {
    en: "Letter by letter, “{word}” is {n} tokens; a word tokenizer that has seen it makes {w} of it.",
    zh: "按字母切，“{word}”是 {n} 个 token；见过这个词的词级分词器只给 {w} 个。",
  },
  "compare.chapterUnknown": {
    en: "A word tokenizer trained on “{corpus}” never saw {word}: “{text}” becomes {ids}, and {word} is id {unk}, <unk>. Its vocabulary has {v} entries. GPT-2's byte-level table cuts {word} into {pieces} instead: nothing is unknown.",
    zh: "在“{corpus}”上训练的词级分词器没见过 {word}：“{text}”编码成 {ids}，{word} 成了 id {unk}，也就是 <unk>。这个词表有 {v} 项。GPT-2 的字节级词表则把 {word} 切成 {pieces}：没有什么是不认识的。",
  },
  "compare.chapterVocab": {
    en: "Trained on “{corpus}”, BPE learns {merges} merges, then every pair left occurs fewer than twice. The chapter builds its vocabulary with four special tokens (<pad>, <bos>, <eos>, <unk>): 4 + {alpha} symbols + {merges} merges = {total}.",
    zh: "在“{corpus}”上训练，BPE 学到 {merges} 条合并后，剩下的每一对都出现不到 2 次。教材建词表时加了四个特殊 token（<pad>、<bos>、<eos>、<unk>）：4 + {alpha} 个符号 + {merges} 条合并 = {total}。",
  },
});

const HELLO = { corpus: "hello world", word: "hello" };
const LEARNING = { corpus: "deep learning is fun deep learning is useful", word: "learning" };
const UNKNOWN = { corpus: LEARNING.corpus, text: "MiniGPT is fun", word: "MiniGPT" };
const SPECIALS = ["<pad>", "<bos>", "<eos>", "<unk>"]; // the chapter's build_bpe_vocab call

const row = (answer, name) => answer.tokenizers.find((r) => r.name === name);
const list = (ids) => `[${ids.join(", ")}]`;

export class ChapterExamples {
  constructor(ctx, b, n) {
    this.ctx = ctx;
    this.answers = null;
    this.asked = false;
    this.t = null;
    this.list = el("ul", { className: "stage-text", testid: "compare-chapter-examples" });
    this.card = stageCard(b, { n, id: "compare-chapter-title", titleKey: "compare.chapterTitle", textKey: "compare.chapterText" }, this.list);
  }

  async ask() {
    this.asked = true;
    const compare = (text, corpus) => this.ctx.query("compare", { text, corpus, bpe_vocab_size: 100, min_frequency: 2 });
    const [hello, learning, unknown, trained] = await Promise.all([
      compare(HELLO.word, HELLO.corpus), compare(LEARNING.word, LEARNING.corpus), compare(UNKNOWN.text, UNKNOWN.corpus),
      this.ctx.query("train", { corpus: WORDS, unit: "words", min_frequency: 2, detail: "merges" })]);
    if (![hello, learning, unknown, trained].every((a) => a.ok)) return;
    this.answers = { hello: hello.result, learning: learning.result, unknown: unknown.result, trained: trained.result };
    this.render();
  }

  show(t) {
    this.t = t;
    if (!this.asked) this.ask();
    this.render();
  }

  render() {
    const t = this.t;
    if (!t) return;
    const a = this.answers;
    if (!a) {
      this.list.replaceChildren(el("li", { className: "fine" }, t("compare.chapterWaiting")));
      return;
    }
    const chars = row(a.hello, "characters");
    const words = row(a.unknown, "words");
    const at = UNKNOWN.text.split(" ").indexOf(UNKNOWN.word);
    const gpt2 = row(a.unknown, "r50k");
    const end = gpt2.token_texts.findIndex((text) => text.startsWith(" "));  // the word's tokens end where " is" starts
    const pieces = gpt2.tokens.slice(0, end < 0 ? undefined : end).map((token) => `[${token}]`).join(" ");
    const tr = a.trained;
    this.list.replaceChildren(
      el("li", { testid: "compare-chapter-hello" }, t("compare.chapterHello", { corpus: HELLO.corpus, v: chars.vocab_size, n: chars.vocab_size - 1, word: HELLO.word, ids: list(chars.ids) })),
      el("li", { testid: "compare-chapter-letters" }, t("compare.chapterLetters", { word: LEARNING.word, n: row(a.learning, "characters").n_tokens, w: row(a.learning, "words").n_tokens })),
      el("li", { testid: "compare-chapter-unknown" }, t("compare.chapterUnknown", { corpus: UNKNOWN.corpus, word: UNKNOWN.word, text: UNKNOWN.text, ids: list(words.ids), unk: words.ids[at], v: words.vocab_size, pieces })),
      el("li", { testid: "compare-chapter-vocab" }, t("compare.chapterVocab", { corpus: WORDS, merges: tr.merges.length, alpha: tr.base_vocab.length, total: SPECIALS.length + tr.base_vocab.length + tr.merges.length })));
  }
}
