// The words of "ask before telling" (./askFirst.mjs): the teacher's switch, the verdicts, and each
// lesson's opening question, one table per language. {name} is filled from the engine's answer.

import { registerTables } from "../i18n.mjs";

export const ASK_EN = Object.freeze({
  "ask.toggle": "Ask first",
  "ask.toggleHint": "Each lesson opens on a question and hides its answer until someone guesses. Turn it off to show every answer at once (while you present, say); a link keeps the choice.",
  "ask.show": "Show the answer",
  "ask.waiting": "(The engine is working out the answer…)",
  "ask.right": "Right! {answer}",
  "ask.wrong": "Not this one: you chose {pick}. {answer}",
  "ask.shown": "The answer: {answer}",
  "ask.shownNumber": "The answer: {n}.",
  "ask.listSep": ", ",
  "ask.fewest": "The fewest tokens: {names}, {n}.",
  "ask.most": "The most tokens: {names}, {n}.",

  "ask.encode.q": "Guess first: how many tokens does {table} cut {text} into? Type a number.",
  "ask.decode.q": "Guess first: how many characters do these {n} ids decode to? Type a number.",
  "ask.train.q": "Guess first: which adjacent pair merges first? Count the pairs in the corpus, then choose.",
  "ask.train.answer": "{pair} merges first: it occurs {count} times, more than any other pair.",
  "ask.train.answerTie": "{pair} merges first: it occurs {count} times, and of the {n} pairs that share that count the tie rule picks it.",
  "ask.compare.q": "Guess first: which of the four tokenizers cuts this text into the fewest tokens?",
  "ask.special.q": "Guess first: when {token} is allowed as a special token, which of these ids stands for it?",
  "ask.special.answer": "{token} is id {id}.",
  "ask.tables.q": "Guess first: which of the three tables cuts this text into the fewest tokens?",
  "ask.models.q": "Guess first: which of these tokenizers needs the fewest tokens for this text?",
  "ask.samples.q": "Guess first: window 1's input x starts with {token} (position {pos} of the stream). Which token is its first label, the first entry of y?",
  "ask.samples.answer": "y is x moved on by one: its first label is {label}, the token that follows {token}.",
  "ask.quirks.q": "Guess first: which of these does GPT-2 cut into the most tokens?",
});

export const ASK_ZH = Object.freeze({
  "ask.toggle": "先提问",
  "ask.toggleHint": "每一课先提一个问题，有人猜过之后才显示答案。讲课时可以关掉，答案就直接显示出来；链接会记住这个选择。",
  "ask.show": "直接看答案",
  "ask.waiting": "（引擎正在算答案……）",
  "ask.right": "答对了！{answer}",
  "ask.wrong": "不是这个，你选的是 {pick}。{answer}",
  "ask.shown": "答案：{answer}",
  "ask.shownNumber": "答案是 {n}。",
  "ask.listSep": "、",
  "ask.fewest": "token 最少的是 {names}：{n} 个。",
  "ask.most": "token 最多的是 {names}：{n} 个。",

  "ask.encode.q": "先猜一猜：{table} 会把 {text} 切成几个 token？填一个数。",
  "ask.decode.q": "先猜一猜：这 {n} 个 id 解码出来是几个字符？填一个数。",
  "ask.train.q": "先猜一猜：第一次合并的是哪个相邻对？先在语料里数一数，再选。",
  "ask.train.answer": "第一次合并的是 {pair}：它出现了 {count} 次，比别的相邻对都多。",
  "ask.train.answerTie": "第一次合并的是 {pair}：它出现了 {count} 次；有 {n} 个相邻对出现次数一样多，按平局规则选中的是它。",
  "ask.compare.q": "先猜一猜：这四种切法里，哪一种把这段文字切出的 token 最少？",
  "ask.special.q": "先猜一猜：把 {token} 当作特殊 token 时，下面哪个 id 代表它？",
  "ask.special.answer": "{token} 的 id 是 {id}。",
  "ask.tables.q": "先猜一猜：三张词表里，哪一张把这段文字切出的 token 最少？",
  "ask.models.q": "先猜一猜：下面这几个分词器，哪一个切这段文字用的 token 最少？",
  "ask.samples.q": "先猜一猜：第 1 个窗口的输入 x 从 {token} 开始（在 token 流的第 {pos} 位）。它的第一个标签，也就是 y 的第一个，是哪个 token？",
  "ask.samples.answer": "y 就是 x 往后挪一位：第一个标签是 {label}，也就是紧跟在 {token} 后面的那个 token。",
  "ask.quirks.q": "先猜一猜：GPT-2 把下面哪一段切出的 token 最多？",
});

registerTables({ en: ASK_EN, zh: ASK_ZH });
