// The Compare lesson's last card: the wider family of tokenizers (BPE, WordPiece, Unigram; byte-level
// BPE against SentencePiece with byte fallback) and a short history, and what an untrained model's
// first loss says about V, and weight tying. Its strings are registered here; the loss is computed
// from the rows shown, Llama 3's vocabulary from its file (the open models' facts, built in), MiniMind's
// tying from its config (protocol.mjs MINIMIND).

import { registerPairs } from "../../i18n.mjs";
import { MINIMIND } from "../../protocol.mjs";
import { el } from "../../ui/dom.mjs";
import { stageCard } from "../../ui/lessonkit.mjs";
import { factsOf } from "../encodings.mjs";

const LLAMA2 = 32000; // Llama 1 and 2's vocabulary (their SentencePiece model; no file of it ships here)

registerPairs({
  "compare.landscapeTitle": { en: "The wider family", zh: "分词方法不止一种" },
  "compare.landscapeText": {
    en: "Three subword methods are in use. BPE (GPT-2, Llama 3, Qwen, DeepSeek, MiniMind) learns merges by frequency, as in the Train lesson. WordPiece (BERT) also merges, but picks the pair that most raises the likelihood of the corpus. Unigram (in SentencePiece, used by T5) starts from a large vocabulary and prunes it down.",
    zh: "现在常用的子词方法有三种。BPE（GPT-2、Llama 3、Qwen、DeepSeek、MiniMind）按频次学合并规则，就是“训练”一课做的事。WordPiece（BERT）也做合并，但选的是最能提高语料似然的那一对。Unigram（SentencePiece 里的一种，T5 用的就是它）反过来，先准备一张很大的词表，再一轮轮删掉用处最小的 token，直到剩下想要的大小。",
  },
  "compare.landscapeBytes": {
    en: "Byte-level BPE starts from the 256 byte values, so nothing is ever unknown; a space is just byte 0x20 (GPT-2 prints it Ġ). Its alphabet is small, but a common Chinese character is three bytes, so the sequence it starts from is long. SentencePiece starts from characters, writes a space as ▁, and with byte fallback spells a character it lacks as byte tokens such as <0xE4> (Gemma works this way): its alphabet holds thousands of characters, and a sequence starts at one unit per character.",
    zh: "字节级 BPE 从 256 个字节值出发，所以不会碰到不认识的字符；空格就是字节 0x20（GPT-2 把它写成 Ġ）。它的起始单元很少，可一个常用汉字就占三个字节，起步的序列就长。SentencePiece 从字符出发，把空格写成 ▁；开了字节回退的话，词表里没有的字就拆成 <0xE4> 这样的字节 token（Gemma 就是这样）。它的起始单元有几千个字符，序列则是一个字一个单元起步。",
  },
  "compare.landscapeHistory": {
    en: "A short history: BPE began as a data-compression method on bytes (Philip Gage, 1994). Sennrich, Haddow and Birch (2016) used it on characters to split rare words for translation. GPT-1 (2018) brought it to a language model, still on characters; GPT-2 (2019) went back to bytes. Vocabularies have grown since: Llama 1 and 2 had {llama2} tokens, Llama 3's file has {llama3}, {times} times as many.",
    zh: "简短的历史：BPE 最早是一种针对字节的数据压缩方法（Philip Gage，1994）。Sennrich、Haddow 和 Birch（2016）把它用在字符上，为机器翻译切分少见的词。GPT-1（2018）把它带进了语言模型，仍然以字符为单位；GPT-2（2019）又回到了字节。此后词表越来越大：Llama 1 和 2 有 {llama2} 个 token，Llama 3 的文件里有 {llama3} 个，是前者的 {times} 倍。",
  },
  "compare.tying": {
    en: "The embedding maps an id to D numbers; the output layer maps D numbers back to a score for every id: two V × D matrices. Weight tying uses one matrix for both, so the vocabulary costs V × D numbers once. MiniMind ties them (tie_word_embeddings is true in its config): its {v} × {d} = {n} numbers serve both ends.",
    zh: "嵌入矩阵把一个 id 变成 D 个数，输出层再把 D 个数变回每个 id 的得分：这是两个 V × D 的矩阵。权重共享（weight tying）让两头共用同一个矩阵，词表的参数只算一份 V × D。MiniMind 就是这样（它的配置里 tie_word_embeddings 为 true）：{v} × {d} = {n} 个数，两头一起用。",
  },
  "compare.untied": {
    en: "The embedding maps an id to D numbers; the output layer maps D numbers back to a score for every id: two V × D matrices. Weight tying would use one matrix for both; MiniMind's config does not tie them, so its {v} × {d} = {n} numbers are paid twice.",
    zh: "嵌入矩阵把一个 id 变成 D 个数，输出层再把 D 个数变回每个 id 的得分：这是两个 V × D 的矩阵。权重共享（weight tying）可以让两头共用一个矩阵；MiniMind 的配置没有共享，所以 {v} × {d} = {n} 个数要算两份。",
  },
  "compare.firstLoss": {
    en: "An untrained model spreads its guess evenly over the vocabulary, so its first loss is about ln V: ln {v} = {ln} for {name}. In the textbook chapter this app's first lessons follow (18.3, “Tokenizer: characters, BPE and the vocabulary”), an untrained small GPT over a toy vocabulary of 100 starts at a loss of 4.616, against ln 100 = {ln100}. The vocabulary itself is counted, never learned by gradient descent; the embedding rows are what training learns.",
    zh: "没训练过的模型对词表里每一项的猜测几乎一样，所以第一步的损失大约是 ln V：{name} 的 ln {v} = {ln}。本应用前几课所依据的教材章节（18.3“Tokenizer：字符、BPE 与词表”）里，一个没训练过的小 GPT 在 100 项的玩具词表上，第一步损失是 4.616，而 ln 100 = {ln100}。词表本身是统计出来的，从不靠梯度下降学习；训练学的是嵌入矩阵里的那些行。",
  },
});

const grouped = (n) => n.toLocaleString("en-US");

/** Llama 3's vocabulary (every entry of its file) against Llama 1 and 2's. */
function llamaVars() {
  const facts = factsOf("llama3");
  const llama3 = facts ? facts.vocab_size_with_added : null;
  return { llama2: grouped(LLAMA2), llama3: llama3 ? grouped(llama3) : "…", times: llama3 ? (llama3 / LLAMA2).toFixed(1) : "…" };
}

/** The card (stage `n`) and its loss line, which `showLoss(rows, t)` fills from the rows shown. */
export function landscapeCard(b, n) {
  const loss = el("p", { className: "stage-text", testid: "compare-first-loss" });
  const card = stageCard(b, { n, id: "compare-landscape-title", titleKey: "compare.landscapeTitle", textKey: "compare.landscapeText" },
    b.text(el("p", { className: "stage-text" }), "compare.landscapeBytes"),
    b.text(el("p", { className: "stage-text", testid: "compare-history" }), "compare.landscapeHistory", () => llamaVars()),
    b.text(el("p", { className: "stage-text", testid: "compare-tying" }), MINIMIND.tie_word_embeddings ? "compare.tying" : "compare.untied", {
      v: grouped(MINIMIND.vocab_size_with_added), d: grouped(MINIMIND.hidden_size), n: grouped(MINIMIND.vocab_size_with_added * MINIMIND.hidden_size),
    }),
    loss);
  const showLoss = (row, t) => {
    loss.textContent = row
      ? t("compare.firstLoss", { v: row.vocab_size.toLocaleString("en-US"), ln: Math.log(row.vocab_size).toFixed(3), name: row.name, ln100: Math.log(100).toFixed(3) })
      : "";
  };
  return { card, showLoss };
}
