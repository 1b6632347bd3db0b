// The cases of the "why models stumble" lesson and their words, one table per language (registered
// with ../../i18n.mjs when imported). A case is a few texts the engine tokenizes when the case opens;
// every count, token and id shown comes from that answer, never from this file. Each case asks its
// question first.

import { registerTables } from "../../i18n.mjs";

/** Case id -> the texts it tokenizes, in the order they are shown. `label` keys name each text. */
export const CASES = Object.freeze([
  Object.freeze({ id: "spelling", texts: [" strawberry", "strawberry"] }),
  Object.freeze({ id: "arithmetic", texts: ["12345 + 1 = 12346", "12345 + 67890 = 80235"] }),
  Object.freeze({ id: "trailing", texts: ["Tell me a story about", "Tell me a story about "] }),
  Object.freeze({ id: "indent", texts: ["def area(r):\n    return 3.14 * r * r", "def area(r):\n\treturn 3.14 * r * r"] }),
  Object.freeze({ id: "glitch", texts: [" SolidGoldMagikarp", " Pikachu"] }),
  Object.freeze({ id: "case", texts: ["hello", "Hello", "HELLO", " hello"] }),
  Object.freeze({
    id: "languages",
    texts: [
      "The weather is really nice today.",
      "今天天气真好。",
      "今日は本当にいい天気です。",
      "오늘 날씨가 정말 좋아요.",
      "الطقس جميل حقًا اليوم.",
      "आज मौसम सचमुच बहुत अच्छा है।",
    ],
    labels: ["English", "中文", "日本語", "한국어", "العربية", "हिन्दी"],
  }),
]);

export const QUIRKS_EN = {
  "quirks.title": "Why language models stumble on easy things",
  "quirks.lead": "A model never sees letters, digits or spaces: it sees ids, the numbers under each token. Each case asks a question first: guess, then reveal what GPT-2's tokenizer really hands the model.",
  "quirks.cases": "Cases",
  "quirks.partial": "Part of a character: its UTF-8 bytes in hex",
  "quirks.reveal": "Reveal the tokens",
  "quirks.tokens": "{n} tokens",
  "quirks.tokens1": "1 token",
  "quirks.ratio": "{ratio}× the English count",

  "quirks.spelling.title": "Spelling",
  "quirks.spelling.q": "How many r's are in \"strawberry\"? Before you count: how many tokens does the model get for \" strawberry\" (with a space before it)?",
  "quirks.spelling.a": "With a space in front the whole word is one id, so the model is never shown its letters: to count the r's it must recall how that one id is spelled, something it only picked up indirectly from training text. Without the space the same word arrives in pieces that split the letters differently.",
  "quirks.arithmetic.title": "Arithmetic",
  "quirks.arithmetic.q": "How will GPT-2 cut 12345 and 12346? One token per digit, or something else?",
  "quirks.arithmetic.a": "A run of digits is one piece, and BPE then cuts it into chunks it happened to learn. The chunks do not follow place value (ones, tens, hundreds), and one changed digit can move the cut: 12345 and 12346 in the first line differ only in their last digit, yet GPT-2 cuts them in different places. Column-by-column addition is not what the model sees. Newer tables (cl100k, o200k) first cut digits into groups of at most three, so there both numbers split the same way.",
  "quirks.trailing.title": "A trailing space",
  "quirks.trailing.q": "The two prompts differ by one space at the end. How do their last tokens differ?",
  "quirks.trailing.a": "In running text the space before a word is part of the word's token (\" about\", \" a\"). A prompt that ends in a space ends in a lone space token instead, a token that rarely comes before a word in training text, so the model's next word starts from an unusual place. Tools trim that space for this reason.",
  "quirks.indent.title": "Code indentation",
  "quirks.indent.q": "Four spaces or one tab before \"return\": which costs more tokens?",
  "quirks.indent.a": "GPT-2's pattern keeps a run of spaces together as one piece, but its table has no token for two or more spaces: each space of the indent becomes a token of its own (the last one joins the word after it), on every line, while a tab is one token. Tables trained with more code (cl100k, o200k) have tokens for long runs of spaces.",
  "quirks.glitch.title": "A glitch token",
  "quirks.glitch.q": "\" SolidGoldMagikarp\" is an odd string. Is it one token or many?",
  "quirks.glitch.a": "One. The name was frequent in the text the tokenizer was built from (a Reddit user name), but almost absent from the text the model was trained on, so the vector for that id stayed close to its random start. Asked to repeat it, GPT-3 models (which use GPT-2's vocabulary) answered with other words entirely. A token can exist without the model knowing it.",
  "quirks.case.title": "Case and a leading space",
  "quirks.case.q": "\"hello\", \"Hello\", \"HELLO\" and \" hello\": does the model get the same id for any two of them?",
  "quirks.case.a": "No: each is a different byte sequence, so each gets its own tokens and ids. The model has to learn separately that they mean the same word; nothing in the tokenizer lower-cases text.",
  "quirks.languages.title": "The cost of a language",
  "quirks.languages.q": "The same sentence in six languages: which one costs GPT-2 the most tokens?",
  "quirks.languages.a": "Context windows and prices are counted in tokens, so a language the table was not trained on pays more for the same meaning and fits less into the same window. GPT-2's table was learned mostly from English web text; the newer tables (cl100k, o200k) were built with far more languages and cut the gap.",
};

export const QUIRKS_ZH = {
  "quirks.title": "语言模型为什么会在简单的事上出错",
  "quirks.lead": "模型从来看不到字母、数字和空格，它看到的只是 id，也就是每个 token 下面的那个数字。每个例子都先提一个问题：先猜，再揭晓 GPT-2 的分词器到底交给了模型什么。",
  "quirks.cases": "例子",
  "quirks.partial": "一个字符的一部分：显示它的 UTF-8 字节（十六进制）",
  "quirks.reveal": "揭晓 token",
  "quirks.tokens": "{n} 个 token",
  "quirks.tokens1": "1 个 token",
  "quirks.ratio": "是英文的 {ratio} 倍",

  "quirks.spelling.title": "拼写",
  "quirks.spelling.q": "“strawberry”里有几个 r？先别数：前面带一个空格的“ strawberry”，模型拿到的是几个 token？",
  "quirks.spelling.a": "前面有空格时，整个词就是一个 id，模型根本看不到里面的字母：要数 r，它只能回想这个 id 怎么拼，而这只能从训练文本里间接学到。不带空格时，同一个词会拆成几段，字母的切法也不一样。",
  "quirks.arithmetic.title": "算术",
  "quirks.arithmetic.q": "GPT-2 会怎么切 12345 和 12346？一个数字一个 token，还是别的切法？",
  "quirks.arithmetic.a": "一串数字是一个片段，BPE 再按恰好学到的规则把它切成几段。这些段和数位（个位、十位、百位）对不上，而且只改一位数字，切开的位置就可能跟着变：第一行的 12345 和 12346 只差最后一位，GPT-2 却在不同的地方把它们切开。模型看到的并不是一列一列对齐的竖式。新一些的词表（cl100k、o200k）先把数字切成最多三位一组，在那里这两个数的切法是一样的。",
  "quirks.trailing.title": "末尾多一个空格",
  "quirks.trailing.q": "两个提示词只差末尾一个空格。它们最后的 token 有什么不同？",
  "quirks.trailing.a": "在正常文字里，词前面的空格属于这个词的 token（“ about”“ a”）。提示词如果以空格结尾，最后一个 token 就成了单独的空格，而在训练文本里，这种 token 很少出现在词的前面，于是模型只能从一个不常见的位置接着往下写。很多工具会因此去掉末尾的空格。",
  "quirks.indent.title": "代码缩进",
  "quirks.indent.q": "“return”前面是四个空格还是一个 Tab，哪个更费 token？",
  "quirks.indent.a": "GPT-2 的切分规则会把一串连续空格放进同一个片段，可它的词表里没有任何表示两个及以上空格的 token：缩进里的每个空格都单独成为一个 token（最后一个和后面的词连在一起），每一行都是这样；而一个 Tab 只是一个 token。用更多代码训练的词表（cl100k、o200k）有专门表示一长串空格的 token。",
  "quirks.glitch.title": "“故障” token",
  "quirks.glitch.q": "“ SolidGoldMagikarp”是个奇怪的字符串。它是一个 token 还是很多个？",
  "quirks.glitch.a": "一个。构建分词器用的文本里，这个名字（一个 Reddit 用户名）出现得很多；可训练模型的文本里几乎没有它，所以这个 id 的向量几乎还停在随机初始值。当年让 GPT-3 系列模型（它们沿用 GPT-2 的词表）重复这个词，它们会说出完全不相干的词。词表里有这个 token，不代表模型认识它。",
  "quirks.case.title": "大小写和前导空格",
  "quirks.case.q": "“hello”“Hello”“HELLO”和“ hello”：有没有哪两个拿到同样的 id？",
  "quirks.case.a": "没有。它们是不同的字节序列，各有各的 token 和 id。模型得分别学会它们是同一个词；分词器本身不会把文字转成小写。",
  "quirks.languages.title": "不同语言的代价",
  "quirks.languages.q": "同一句话写成六种语言：哪一种在 GPT-2 里最费 token？",
  "quirks.languages.a": "上下文窗口和价格都按 token 计算，所以词表没怎么学过的语言，表达同样的意思要付更多钱，同样大的窗口也装得更少。GPT-2 的词表主要从英文网页里学来；新一些的词表（cl100k、o200k）用了多得多的语言来构建，差距小了很多。",
};

registerTables({ en: QUIRKS_EN, zh: QUIRKS_ZH });
