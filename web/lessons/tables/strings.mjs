// The "three tables" lesson's words (../tables.mjs). Registered when the lesson's module is first imported.

import { registerPairs } from "../../i18n.mjs";

registerPairs({
  "tables.title": {
    en: "Why token counts differ between tables",
    zh: "为什么不同词表数出的 token 不一样",
  },
  "tables.lead": {
    en: "The same text through GPT-2's r50k_base, GPT-4's cl100k_base and GPT-4o's o200k_base. Each table cut the text with its own pattern and merged with its own ranks, so the counts, the pieces and the ids all differ.",
    zh: "同一段文字，分别交给 GPT-2 的 r50k_base、GPT-4 的 cl100k_base 和 GPT-4o 的 o200k_base。每张词表用自己的规则切分、按自己的 rank 合并，所以 token 数、切出的片段和 id 都不一样。",
  },
  "tables.inputLabel": {
    en: "Text",
    zh: "文字",
  },
  "tables.inputHint": {
    en: "Every table encodes this text; the larger tables load the first time.",
    zh: "三张词表都会编码这段文字；较大的两张词表第一次用时要先加载。",
  },
  "tables.presets": {
    en: "Try",
    zh: "试试",
  },
  "tables.preset.english": {
    en: "English",
    zh: "英文",
  },
  "tables.preset.chinese": {
    en: "Chinese",
    zh: "中文",
  },
  "tables.preset.code": {
    en: "Code",
    zh: "代码",
  },
  "tables.preset.numbers": {
    en: "Numbers",
    zh: "数字",
  },
  "tables.count": {
    en: "{n} tokens",
    zh: "{n} 个 token",
  },
  "tables.pieces": {
    en: "{n} pieces: ",
    zh: "{n} 个片段：",
  },
  "tables.pieces1": {
    en: "1 piece: ",
    zh: "1 个片段：",
  },
  "tables.count1": {
    en: "1 token",
    zh: "1 个 token",
  },
  "tables.tokensLegend": {
    en: "Each token: the text it stands for (a dashed one is only part of a character, shown as its bytes), GPT-2's printable form of its bytes, its id.",
    zh: "每个 token 依次写出：它代表的文字（虚线框里的只是某个字符的一部分，所以写成它的字节），这些字节在 GPT-2 里的写法，以及它的 id。",
  },
  "tables.why.title": {
    en: "Why the newer tables are kinder to Chinese and to digits",
    zh: "为什么新词表对中文和数字更友好",
  },
  "tables.why.chinese": {
    en: "Chinese: GPT-2's table was learned mostly from English web pages, so few Chinese characters became tokens of their own and most take two or three byte tokens each. cl100k_base and o200k_base were learned from far more languages and have two and four times as many tokens. cl100k_base gives only part of the common characters a token of their own (气 still takes two byte tokens); o200k_base gives many more, and many common words too.",
    zh: "中文：GPT-2 的词表主要是从英文网页学出来的，很少有汉字能单独成为一个 token，大多数汉字要拆成两三个字节 token。cl100k_base 和 o200k_base 的训练语料涵盖的语言多得多，词表也分别是它的两倍和四倍。但 cl100k_base 里只有一部分常用字自成一个 token（“气”还是要两个字节 token）；o200k_base 里自成 token 的字多得多，不少常用词也只占一个 token。",
  },
  "tables.why.digits": {
    en: "Digits: GPT-2's pattern keeps a whole run of digits together and merges it by whatever the training text happened to hold, so numbers split unevenly. cl100k_base and o200k_base cut digits into groups of at most three before merging, so every number splits the same regular way and the table needs at most the 1,110 strings of one to three digits (0-9, 00-99 and 000-999, leading zeros included).",
    zh: "数字：GPT-2 的切分规则把一整串数字放在一起，再按训练语料里碰巧出现过的组合去合并，所以数字切得七零八落。cl100k_base 和 o200k_base 先把数字切成最多三位一组再合并，每个数都按同样整齐的方式切开，词表里最多只需要 1,110 个一到三位的数字串（0-9、00-99、000-999，含前导零）。",
  },
  "tables.why.spaces": {
    en: "Code: GPT-2's pattern already keeps a run of spaces together as one piece, but r50k has no token for two or more spaces, so each space of an indent costs a token. cl100k_base and o200k_base have tokens for runs of spaces, so an indent costs one.",
    zh: "代码：GPT-2 的切分规则本来就把一串空格放进同一个片段，可 r50k 里没有表示两个及以上空格的 token，缩进里每个空格都要一个 token。cl100k_base 和 o200k_base 有表示一串空格的 token，缩进只占一个。",
  },
});
