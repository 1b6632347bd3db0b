// A 15-minute deck for the three tables lesson: one text through r50k, cl100k and o200k side by side,
// for English, Chinese, code and numbers. The format is in ../classroom/decks.mjs.

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
      notes: {
        en: "A plain English sentence: ten tokens in every table. Common English words were already whole tokens in GPT-2.\n\nSo the bigger tables are not about English prose. Ask the room where the extra 150,000 tokens went.",
        zh: "一句普通的英文：三张表都是十个 token。常见的英文单词在 GPT-2 里就已经是完整的 token 了。\n\n所以词表变大，并不是为了英文。问问大家：多出来的 15 万个 token 都用在哪里了？",
      },
    },
    {
      view: { ttext: "今天天气真好" },
      title: { en: "Chinese: 10, then 7, then 5", zh: "中文：10 个，7 个，5 个" },
      notes: {
        en: "Six characters: 10 tokens in r50k, 7 in cl100k, 5 in o200k. The newer tables were trained on far more text in other languages, so most common characters are single tokens. Not words, though: cl100k has no token for 今天 or 天气, and o200k's 天天 crosses the word boundary 今天|天气.\n\nFewer tokens means a cheaper request and more text in the same context window.",
        zh: "六个汉字：r50k 要 10 个 token，cl100k 要 7 个，o200k 只要 5 个。新的词表用了多得多的其他语言语料来训练，大多数常用汉字都成了单独的 token。但不是词：cl100k 里“今天”“天气”都不是 token，o200k 的“天天”还跨过了“今天|天气”的词界。\n\ntoken 少，请求就便宜，同样的上下文窗口也能装下更多文字。",
      },
    },
    {
      view: { ttext: "def add(a, b):\n        return a + b\n" },
      title: { en: "Code: whitespace gets cheap", zh: "代码：空白变便宜了" },
      notes: {
        en: "Twenty tokens in r50k, twelve in the newer tables. GPT-2 spends tokens on runs of spaces; cl100k and o200k have tokens for long runs of indentation.\n\nThis is one reason later models got better at code: the same program takes fewer tokens.",
        zh: "r50k 要 20 个 token，新的两张表只要 12 个。GPT-2 会在连续的空格上浪费 token；cl100k 和 o200k 有专门表示长串缩进的 token。\n\n后来的模型写代码更好，这是原因之一：同样的程序用的 token 更少。",
      },
    },
    {
      view: { ttext: "In 2024, 1234567 people paid 3.14159 each." },
      title: { en: "Numbers: at most three digits", zh: "数字：最多三位一组" },
      notes: {
        en: "Look at 1234567. GPT-2 cuts it wherever its merges happen to fall (\" 123\", \"45\", \"67\"). The newer pre-tokenizers first split numbers into groups of at most three digits, left to right: 123, 456, 7.\n\nHere the newer tables spend more tokens, 18 against 14, but the pieces are regular, which helps arithmetic.",
        zh: "看 1234567。GPT-2 的切法取决于合并规则碰巧怎么排（“ 123”“45”“67”）。新的预分词会先把数字从左到右分成最多三位一组：123、456、7。\n\n这里新词表反而用了更多 token（18 比 14），但切法很规整，这对算术有帮助。",
      },
    },
    {
      view: { ttext: "こんにちは世界" },
      title: { en: "Japanese: the biggest gap", zh: "日文：差距最大" },
      notes: {
        en: "\"Hello, world\" in Japanese: 10 tokens in r50k, 4 in cl100k, 2 in o200k.\n\nA five-fold difference for the same sentence. Ask what that means for someone paying per token, or for a model whose context holds a fixed number of tokens.",
        zh: "日文的“你好，世界”：r50k 要 10 个 token，cl100k 要 4 个，o200k 只要 2 个。\n\n同一句话差了五倍。问大家：对按 token 付费的人、对上下文长度固定的模型，这意味着什么？",
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
