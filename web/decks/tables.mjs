// A 15-minute deck for the three tables lesson: one text through r50k, cl100k and o200k side by side,
// for English, Chinese, code and numbers. The format is in ../classroom/decks.mjs. Every count the
// notes state comes from the lesson's own three overviews of the slide's text (`facts`).

import { ENCODINGS } from "../protocol.mjs";
import { withEncoding } from "../lessons/encodings.mjs";
import { listed, grouped } from "./said.mjs";

/** The number the numbers slide is about (its text holds it). */
const NUMBER = "1234567";

const quoted = (items, lang) => (lang === "zh" ? items.map((x) => `“${x}”`).join("") : items.map((x) => `"${x}"`).join(", "));

/** The characters of an overview's text that no token holds whole (cut into byte tokens), in order. */
function splitChars(overview) {
  const found = [];
  for (const piece of overview.pieces) {
    const owner = [];  // the character each byte of the piece belongs to
    for (const ch of piece.text) owner.push(...Array.from(new TextEncoder().encode(ch), () => ch));
    piece.spans.forEach(([start, end], j) => {
      if (piece.texts[j] !== null) return;
      for (let b = start; b < end; b++) if (!found.includes(owner[b])) found.push(owner[b]);
    });
  }
  return found;
}

/**
 * The three tables' overviews of the slide's text, as the notes quote them: each table's count by its
 * short name ({r50k}, {cl100k}, {o200k}), the newer two's as one number where they agree, and how
 * each cuts NUMBER when the text holds it.
 */
const SHOWN = Object.freeze({
  ask: (state) => ENCODINGS.map((name) => ["overview", withEncoding({ text: state.ttext, allowed_special: "none" }, name)]),
  vars: (overviews, lang) => {
    const out = {};
    const count = {};
    ENCODINGS.forEach((name, i) => {
      count[name] = overviews[i].n_ids;
      out[name.replace(/_base$/, "")] = count[name];
    });
    const [r50k, cl100k, o200k] = overviews;
    out.newer = count.cl100k_base === count.o200k_base ? count.cl100k_base : listed([count.cl100k_base, count.o200k_base], lang);
    out.chars = r50k.pieces.reduce((n, piece) => n + [...piece.text].length, 0);
    out.extra = grouped(o200k.n_vocab - r50k.n_vocab);
    out.fold = Math.round(count.r50k_base / count.o200k_base);
    const split = splitChars(cl100k);
    out.cl100kSplit = split.length ? quoted(split, lang) : lang === "zh" ? "没有哪个字" : "no character";
    const whole = r50k.pieces.find((piece) => piece.text.includes(NUMBER));
    if (whole) {
      const start = whole.start + whole.text.indexOf(NUMBER);
      out.gpt2Cut = quoted(whole.texts, lang);
      out.groups = listed(cl100k.pieces.filter((piece) => piece.start >= start && piece.end <= start + NUMBER.length).map((piece) => piece.text), lang);
    }
    return out;
  },
});

export default Object.freeze({
  id: "tables",
  lesson: "tables",
  focus: "tables-pieces",
  minutes: 15,
  title: { en: "Three tables: GPT-2 to GPT-4o", zh: "三张词表：从 GPT-2 到 GPT-4o" },
  summary: {
    en: "The algorithm stayed the same from GPT-2 to GPT-4o; the tables grew (50 thousand, 100 thousand, 200 thousand tokens) and the pre-tokenizer changed how it treats digits and whitespace. The same text costs different numbers of tokens in each.\n\nThe deck for this lesson (Teach menu) takes about 15 minutes.",
    zh: "从 GPT-2 到 GPT-4o，算法本身没变；变的是词表（5 万、10 万、20 万个 token），以及预分词对数字和空白的处理方式。同一段文字，在三张词表里花费的 token 数各不相同。\n\n本课的课件（“授课”菜单）大约 15 分钟。",
  },
  slides: Object.freeze([
    {
      view: { ttext: "The quick brown fox jumps over the lazy dog." },
      title: { en: "English: all three agree", zh: "英文：三张表结果一样" },
      facts: SHOWN,
      notes: {
        en: "A plain English sentence: {r50k} tokens in every table. Common English words were already whole tokens in GPT-2.\n\nSo the bigger tables are not about English prose. Ask the room where o200k's extra {extra} tokens went.",
        zh: "一句普通的英文：三张表都是 {r50k} 个 token。常见的英文单词在 GPT-2 里就已经是完整的 token 了。\n\n所以词表变大，并不是为了英文。问问大家：o200k 多出来的 {extra} 个 token 都用在哪里了？",
      },
    },
    {
      view: { ttext: "今天天气真好" },
      title: { en: "Chinese: fewer tokens in each newer table", zh: "中文：一张比一张省 token" },
      facts: SHOWN,
      notes: {
        en: "In Chinese, {chars} characters: {r50k} tokens in r50k, {cl100k} in cl100k, {o200k} in o200k. The newer tables were trained on far more text in other languages, so many more characters are tokens of their own; still, cl100k cuts {cl100kSplit} into bytes. And the tokens are characters, not words: cl100k has no token for 今天 or 天气, and o200k's 天天 crosses the word boundary 今天|天气.\n\nFewer tokens means a cheaper request and more text in the same context window.",
        zh: "{chars} 个汉字：r50k 要 {r50k} 个 token，cl100k 要 {cl100k} 个，o200k 只要 {o200k} 个。新的词表用了多得多的其他语言语料来训练，能单独成为 token 的汉字多了很多，不过 cl100k 还是把{cl100kSplit}拆成了字节。而且成为 token 的是字，不是词：cl100k 里“今天”“天气”都不是 token，o200k 的“天天”还跨过了“今天|天气”的词界。\n\ntoken 少，请求就便宜，同样的上下文窗口也能装下更多文字。",
      },
    },
    {
      view: { ttext: "def add(a, b):\n        return a + b\n" },
      title: { en: "Code: whitespace gets cheap", zh: "代码：空白变便宜了" },
      facts: SHOWN,
      notes: {
        en: "{r50k} tokens in r50k, {newer} in the newer tables. GPT-2 spends tokens on runs of spaces; cl100k and o200k have tokens for long runs of indentation.\n\nThis is one reason later models got better at code: the same program takes fewer tokens.",
        zh: "r50k 要 {r50k} 个 token，新的两张表只要 {newer} 个。GPT-2 会在连续的空格上浪费 token；cl100k 和 o200k 有专门表示长串缩进的 token。\n\n后来的模型写代码更好，这是原因之一：同样的程序用的 token 更少。",
      },
    },
    {
      view: { ttext: `In 2024, ${NUMBER} people paid 3.14159 each.` },
      title: { en: "Numbers: at most three digits", zh: "数字：最多三位一组" },
      facts: SHOWN,
      notes: {
        en: "Look at 1234567. GPT-2 cuts it wherever its merges happen to fall ({gpt2Cut}). The newer pre-tokenizers first split numbers into groups of at most three digits, left to right: {groups}.\n\nHere the newer tables spend more tokens, {newer} against {r50k}, but the pieces are regular, which helps arithmetic.",
        zh: "看 1234567。GPT-2 的切法取决于合并规则碰巧怎么排（{gpt2Cut}）。新的预分词会先把数字从左到右分成最多三位一组：{groups}。\n\n这里新词表反而用了更多 token（{newer} 比 {r50k}），但切法很规整，这对算术有帮助。",
      },
    },
    {
      view: { ttext: "こんにちは世界" },
      title: { en: "Japanese: the biggest gap", zh: "日文：差距最大" },
      facts: SHOWN,
      notes: {
        en: "\"Hello, world\" in Japanese: {r50k} tokens in r50k, {cl100k} in cl100k, {o200k} in o200k.\n\nA {fold}-fold difference for the same sentence. Ask what that means for someone paying per token, or for a model whose context holds a fixed number of tokens.",
        zh: "日文的“你好，世界”：r50k 要 {r50k} 个 token，cl100k 要 {cl100k} 个，o200k 只要 {o200k} 个。\n\n同一句话差了 {fold} 倍。问大家：对按 token 付费的人、对上下文长度固定的模型，这意味着什么？",
      },
    },
    {
      view: { ttext: "The weather is really nice today." },
      title: { en: "Your turn: bring a sentence", zh: "轮到你们：自己出一句" },
      notes: {
        en: "Ask students for sentences in the languages they speak, or a line of code they wrote, and type them in.\n\nCollect the three counts on the board. Which language gains the most from the newer tables, and why?",
        zh: "请学生说几句自己会的语言，或者一行他们写过的代码，输入进去。\n\n把三个数字记在黑板上。哪种语言从新词表里获益最多？为什么？",
      },
    },
  ]),
});
