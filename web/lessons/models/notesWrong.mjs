// The models lesson's card "What the notes get wrong": the few facts of the MiniMind notes (seed 001)
// that the real files contradict, each said beside the engine's answer that shows it. Nothing here is
// typed in but the notes' own words: the characters, tokens and ids come from `model_row`, the merges
// from the rows the lesson measured (an open model's make-up) and from `overview` (OpenAI's tables,
// n_merged), MiniMind's make-up from its file (protocol.mjs MINIMIND).
//
//     const wrong = new NotesWrong(ctx);   // place wrong.card; wrong.show(rows, t) after each row

import { registerPairs } from "../../i18n.mjs";
import { ENCODINGS, MINIMIND } from "../../protocol.mjs";
import { el } from "../../ui/dom.mjs";
import { stageCard } from "../../ui/lessonkit.mjs";
import { factsOf } from "../encodings.mjs";
import { CHINESE as NOTES_CORPUS } from "../train/presets.mjs";
import { MODELS, LOAD_ORDER } from "./table.mjs";

registerPairs({
  "notesWrong.title": { en: "What the notes get wrong", zh: "笔记里说错的地方" },
  "notesWrong.text": {
    en: "The MiniMind notes are a good guide, but a few of their facts do not hold up against the real files, and a few sentences are easy to misread. Each line below is worked out here, by the same tokenizers as the rows above.",
    zh: "MiniMind 的笔记讲得很好，但有几处说法和真实的文件对不上，还有几句话容易读偏。下面每一条都是在这里用上面那些真实的分词器算出来的。",
  },
  "notesWrong.waiting": { en: "Waiting for the engine…", zh: "正在等引擎算完……" },
  "notesWrong.quote": { en: "“{text}”", zh: "“{text}”" },
  "notesWrong.sep": { en: ", ", zh: "；" },
  "notesWrong.listSep": { en: ", ", zh: "、" },
  "notesWrong.chars": {
    en: "“今天天气真好这五个字” (“these five characters”): {text} has {n} characters. MiniMind's own file cuts it into {count} tokens, {tokens}, with ids {ids}; the notes' 今 → 1024, 天 → 875 … are made up to illustrate.",
    zh: "笔记说“今天天气真好这五个字”，其实{text}有 {n} 个字。MiniMind 自己的分词器把它切成 {count} 个 token：{tokens}，id 是 {ids}；笔记里的“今 → 1024、天 → 875……”只是为了举例编的。",
  },
  "notesWrong.prefix": {
    en: "The notes say MiniMind puts a prefix byte Ġ before each word, and their table writes 我 爱 中 国 as 我 Ġ爱 Ġ中 Ġ国. It adds nothing: Ġ is how a byte-level table writes a space byte that is already in the text. MiniMind cuts {joined} into {joinedTokens}, and {spaced} into {spacedTokens}: a Ġ only where a space was typed, and a token of its own, not glued to the character after it.",
    zh: "笔记说 MiniMind 会在每个词前面加一个前缀字节 Ġ，表里还把“我 爱 中 国”写成“我 Ġ爱 Ġ中 Ġ国”。其实它什么也没加：字节级词表把空格这个字节写成 Ġ，而这个空格本来就在文字里。MiniMind 把{joined}切成 {joinedTokens}，把{spaced}切成 {spacedTokens}：打了空格的地方才有 Ġ，而且 Ġ 自成一个 token，并不粘在后面的字上。",
  },
  "notesWrong.hint": {
    en: "Question 3's hint asks what Ġ is in UTF-8. Ġ itself is U+{code}, the bytes {utf8} in UTF-8. What it stands for is the byte {byte}, a space, only because GPT-2's byte table writes each of the 256 byte values as a printable character: a space alone is {label} in r50k, id {id}.",
    zh: "思考题 3 的提示问“Ġ 在 UTF-8 里对应什么”。Ġ 这个字符本身是 U+{code}，UTF-8 编码是 {utf8}。它之所以代表字节 {byte}（空格），只是因为 GPT-2 的字节表把 256 个字节值各写成一个可打印字符：单独一个空格在 r50k 里写作 {label}，id 是 {id}。",
  },
  "notesWrong.glm": {
    en: "The notes' table gives ChatGLM {notes} tokens, cut with SentencePiece. {notes} is GLM-4's vocabulary, and GLM-4's tokenizer is a byte-level BPE in tiktoken's style; SentencePiece was the earlier ChatGLMs'. No GLM-4 file ships here, so this one cannot be measured.",
    zh: "笔记的表里写 ChatGLM 的词表是 {notes}，分词方式是 SentencePiece。但 {notes} 是 GLM-4 的词表，而 GLM-4 的分词器是 tiktoken 风格的字节级 BPE；用 SentencePiece 的是更早的几代 ChatGLM。这里没有 GLM-4 的文件，所以这一条没法实测。",
  },
  "notesWrong.start": {
    en: "Easy to misread: the notes say byte-level BPE starts from “more units” than a character-level one. They mean the sequence: {text} is {n} characters but {nbytes} bytes, so a byte-level tokenizer starts with {nbytes} units to merge where a character-level one starts with {n}. Its starting vocabulary is the smaller one: {bytes} byte values, where a character vocabulary needs a row for each of thousands of Chinese characters.",
    zh: "容易读偏：笔记说字节级 BPE 的“初始单元比字符级更多”，指的是序列：{text}是 {n} 个字、{nbytes} 个字节，字节级分词器一开始要合并 {nbytes} 个单元，字符级的只有 {n} 个。起始词表反倒是字节级的小：只有 {bytes} 个字节值，字符级词表却要给几千个汉字各留一行。",
  },
  "notesWrong.merges": {
    en: "The notes close by saying a real tokenizer has hundreds of thousands of merge rules. That depends on what is counted. OpenAI's tables keep one rank per merged token, so each token is one rule: {openai}. A tokenizer.json lists its rules, and several rules may make the same token: {files}. MiniMind, the notes' own model, has {mm}.",
    zh: "笔记最后说，真实分词器的合并规则“有几十万条”。这要看数的是什么。OpenAI 的词表每个合并出来的 token 只记一个 rank，一个 token 就是一条规则：{openai}。tokenizer.json 列出的是规则，几条规则可以合出同一个 token：{files}。笔记讲的 MiniMind 只有 {mm} 条。",
  },
  "notesWrong.openai": { en: "{name} {n}", zh: "{name} {n} 条" },
  "notesWrong.file": { en: "{name} {rules} rules making {tokens} tokens", zh: "{name} 列了 {rules} 条规则，合出 {tokens} 个 token" },
  "notesWrong.sentence": {
    en: "The notes say that cut letter by letter, “sentence” is seven tokens, “seven letters”. It has {n} letters, so a character-level tokenizer makes {n} tokens of it. (MiniMind's own file cuts it into {tokens}.)",
    zh: "笔记说按字母拆，sentence 就是七个 token、“七个字母”。其实它有 {n} 个字母，字符级分词器会把它切成 {n} 个 token。（MiniMind 自己的分词器把它切成 {tokens}。）",
  },
  "notesWrong.ties": {
    en: "The notes break a tie by taking the pair met first, and say HuggingFace's BPE does the same. Its trainer does not: of the tied pairs it takes the one whose token ids are smallest. On the notes' corpus, the pair met first learns {first}; HuggingFace's rule learns {hf}, so its third token is {hfThird}, not {firstThird}. The Train lesson runs both rules.",
    zh: "笔记遇到并列时取最先出现的那一对，还说“HuggingFace 的 BPE 实现就是按这个顺序来的”。其实 HuggingFace 的训练器不是这样：并列时它取 token id 最小的那一对。在笔记的语料上，取最先出现的一对，学到的是{first}；按 HuggingFace 的规则，学到的是{hf}，第三个 token 是{hfThird}，不是{firstThird}。“训练”一课里两种规则都能试。",
  },
  "notesWrong.pretok": {
    en: "The notes say pre-tokenization keeps 北京 and 大学 from merging into 京大, a token across two words. Only where the pattern cuts: Chinese has no spaces, so a run of Chinese characters is one piece and a merge may cross a word. o200k cuts {text} into {tokens}: its {cross} crosses the boundary between 今天 and 天气.",
    zh: "笔记说预分词能防止“北京”“大学”合出“京大”这种跨词的 token。这只在正则切得开的地方成立：中文不用空格，一串汉字就是一个片段，合并照样可以跨词。o200k 把{text}切成 {tokens}，其中的“{cross}”就跨过了“今天”和“天气”的分界。",
  },
  "notesWrong.rules": {
    en: "The notes say that what does the work is the merge rules, not the vocabulary. Not for every table: OpenAI's tables ship no merge rules at all, only each token with its rank ({cl100k} tokens in cl100k), and the merges are read off the ranks.",
    zh: "笔记说“真正起作用的是合并规则，不是词表”。并不是每张表都这样：OpenAI 的词表根本不带合并规则，只有每个 token 和它的 rank（cl100k 有 {cl100k} 个），合并顺序是从 rank 推出来的。",
  },
  "notesWrong.rulesWhole": {
    en: "And Llama 3's file sets ignore_merges: a piece that is itself a token of the vocabulary is taken whole, before any merge.",
    zh: "Llama 3 的文件还设了 ignore_merges：一个片段本身就是词表里的 token 时，直接整个取用，不再一步步合并。",
  },
  "notesWrong.gpt1": {
    en: "The notes date BPE in language models from GPT-2 (2019). GPT-1 (2018) already used BPE, on characters, with 40,000 merges; GPT-2 moved it to bytes.",
    zh: "笔记说 2019 年 GPT-2 把 BPE 用到了语言模型上。其实 GPT-1（2018）就已经用了 BPE，是在字符上做的，有 40,000 次合并；GPT-2 把它搬到了字节上。",
  },
  "notesWrong.question": {
    en: "Question 1 asks what happens when “the merges go from 6400 to 12800”. But 6,400 is MiniMind's vocabulary, not its merges: {added} added tokens + {bytes} bytes + {merges} merges. What the question means is a vocabulary of {bigger}; Compare's “Check yourself” works it out.",
    zh: "思考题 1 问“如果把 BPE 的合并次数从 6400 增加到 12800”会怎样。但 6400 是 MiniMind 的词表大小，不是合并次数：它是 {added} 个新增 token + {bytes} 个字节 + {merges} 条合并。题目真正想问的是把词表扩大到 {bigger}，“对比”一课末尾的“想一想”算了这道题。",
  },
});

const WEATHER = "今天天气真好";
const JOINED = "我爱中国";
const SPACED = "我 爱 中 国"; // the notes' own example of words with spaces between them
const SENTENCE = "sentence"; // the notes' English word, "seven letters"
const BOUNDARY = 2; // 今天|天气: the word boundary after the second character of WEATHER
const fmt = (n) => n.toLocaleString("en-US");
const hex = (bytes) => [...bytes].map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join(" ");
const quote = (text, t) => t("notesWrong.quote", { text });
const learned = (tokens, t) => tokens.map((token) => quote(token, t)).join(t("notesWrong.listSep"));

export class NotesWrong {
  constructor(ctx, b, n) {
    this.ctx = ctx;
    this.answers = null; // the card's own requests, once answered
    this.asked = false;
    this.list = el("ul", { className: "stage-text lk-notes-wrong", testid: "notes-wrong" });
    this.card = stageCard(b, { n, id: "notes-wrong-title", titleKey: "notesWrong.title", textKey: "notesWrong.text" }, this.list);
    this.rows = new Map();
  }

  /** The card's requests, asked once the lesson's rows are in (they share the one engine). */
  async ask() {
    this.asked = true;
    const row = (text, encoding) => this.ctx.query("model_row", { text, encoding });
    const merged = (encoding) => this.ctx.query("overview", encoding === "r50k_base" ? { text: "a", allowed_special: "none" } : { text: "a", allowed_special: "none", encoding });
    const trained = (tie_break) => this.ctx.query("train", { corpus: NOTES_CORPUS, unit: "lines", tie_break, detail: "merges" });
    const [weather, joined, spaced, space, sentence, o200kWeather, first, hf, ...tables] = await Promise.all([
      row(WEATHER, "minimind"), row(JOINED, "minimind"), row(SPACED, "minimind"), row(" ", "r50k_base"),
      row(SENTENCE, "minimind"), row(WEATHER, "o200k_base"), trained("first_occurrence"), trained("huggingface"),
      ...ENCODINGS.map(merged)]);
    const all = [weather, joined, spaced, space, sentence, o200kWeather, first, hf, ...tables];
    if (!all.every((a) => a.ok)) return;
    const [r50k, cl100k, o200k] = tables.map((a) => a.result.n_merged);
    this.answers = {
      weather: weather.result, joined: joined.result, spaced: spaced.result, space: space.result,
      sentence: sentence.result, o200kWeather: o200kWeather.result, first: first.result.learned, hf: hf.result.learned,
      merged: new Map([["r50k_base", r50k], ["cl100k_base", cl100k], ["o200k_base", o200k]]),
      ranks: new Map(ENCODINGS.map((name, i) => [name, tables[i].result.n_ranks])),
    };
    this.render();
  }

  /** The lesson's measured rows (id -> model_row result): the open models' merges come from them. */
  show(rows, t) {
    this.rows = rows;
    this.t = t;
    if (!this.asked && LOAD_ORDER.every((id) => rows.has(id))) this.ask();
    this.render();
  }

  /** The pre-tokenization line, when o200k's tokens of WEATHER have one that crosses 今天|天气. */
  pretok(t, tokens) {
    const row = this.answers.o200kWeather;
    if (row.partial.some(Boolean)) return [];  // every token whole characters: their labels count the characters
    let at = 0;
    for (const [i, label] of row.labels.entries()) {
      const end = at + [...label].length;
      if (at < BOUNDARY && end > BOUNDARY) {
        return [el("li", { testid: "notes-wrong-pretok" }, t("notesWrong.pretok", { text: quote(WEATHER, t), tokens: tokens(row), cross: label }))];
      }
      at = end;
    }
    return [];
  }

  render() {
    const t = this.t;
    if (!t) return;
    const a = this.answers;
    if (!a) {
      this.list.replaceChildren(el("li", { className: "fine" }, t("notesWrong.waiting")));
      return;
    }
    const tokens = (r) => r.labels.map((label) => `[${label}]`).join(" ");
    const label = a.space.labels[0];
    const item = (id, key, vars, more = null) => el("li", { testid: `notes-wrong-${id}` }, more ? `${t(key, vars)}${t("sentence.joiner")}${t(more)}` : t(key, vars));
    const openai = [];
    const files = [];
    for (const id of LOAD_ORDER) {
      const name = t(`models.name.${id}`);
      if (a.merged.has(id)) openai.push(t("notesWrong.openai", { name, n: fmt(a.merged.get(id)) }));
      else if (id !== "minimind" && this.rows.has(id) && this.rows.get(id).makeup) {
        const m = this.rows.get(id).makeup;
        files.push(t("notesWrong.file", { name, rules: fmt(m.merges), tokens: fmt(m.merged) }));
      }
    }
    const chatglm = MODELS.find((m) => m.id === "chatglm");
    this.list.replaceChildren(
      item("chars", "notesWrong.chars", { text: quote(WEATHER, t), n: a.weather.n_chars, count: a.weather.n_tokens, tokens: tokens(a.weather), ids: a.weather.ids.join(", ") }),
      item("prefix", "notesWrong.prefix", { joined: quote(JOINED, t), joinedTokens: tokens(a.joined), spaced: quote(SPACED, t), spacedTokens: tokens(a.spaced) }),
      item("hint", "notesWrong.hint", { code: label.codePointAt(0).toString(16).toUpperCase().padStart(4, "0"), utf8: hex(new TextEncoder().encode(label)), byte: `0x${hex(new TextEncoder().encode(" "))}`, label, id: a.space.ids[0] }),
      item("glm", "notesWrong.glm", { notes: fmt(chatglm.notes) }),
      item("start", "notesWrong.start", { bytes: fmt(MINIMIND.n_bytes), text: quote(WEATHER, t), n: a.weather.n_chars, nbytes: new TextEncoder().encode(WEATHER).length }),
      item("merges", "notesWrong.merges", { openai: openai.join(t("notesWrong.sep")), files: files.join(t("notesWrong.sep")), mm: fmt(MINIMIND.n_merges) }),
      item("sentence", "notesWrong.sentence", { n: a.sentence.n_chars, tokens: tokens(a.sentence) }),
      item("ties", "notesWrong.ties", { first: learned(a.first, t), hf: learned(a.hf, t), firstThird: quote(a.first[2] ?? "", t), hfThird: quote(a.hf[2] ?? "", t) }),
      ...this.pretok(t, tokens),
      item("rules", "notesWrong.rules", { cl100k: fmt(a.ranks.get("cl100k_base")) }, factsOf("llama3")?.whole_tokens ? "notesWrong.rulesWhole" : null),
      item("gpt1", "notesWrong.gpt1", {}),
      item("question", "notesWrong.question", { added: fmt(MINIMIND.n_added), bytes: fmt(MINIMIND.n_bytes), merges: fmt(MINIMIND.n_merges), bigger: fmt(MINIMIND.vocab_size_with_added * 2) }));
  }
}
