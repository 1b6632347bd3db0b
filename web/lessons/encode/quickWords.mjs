// The words of the encode lesson's quick answer (quick.mjs): the token count of the text in every table.
// Both languages side by side, the same placeholders in each.

import { registerPairs } from "../../i18n.mjs";

registerPairs({
  // sentencepiece's two test models, short enough for the row (their titles name them in full)
  "quick.short.wordpiece_en": {
    en: "WordPiece en",
    zh: "WordPiece 英文",
  },
  "quick.short.unigram_en": {
    en: "Unigram en",
    zh: "Unigram 英文",
  },
  "quick.short.unigram_ja": {
    en: "Unigram ja",
    zh: "Unigram 日文",
  },
  "quick.label": {
    en: "Tokens of this text in each table; choose one to see its tokens below",
    zh: "这段文字在每张词表里是几个 token；点一张，下面就显示它切出的 token",
  },
  "quick.count": {
    en: "{name}: {n} tokens. Show them",
    zh: "{name}：{n} 个 token。点此查看",
  },
  "quick.count1": {
    en: "{name}: {n} token. Show it",
    zh: "{name}：{n} 个 token。点此查看",
  },
  "quick.loading": {
    en: "{name}: counting… {size}",
    zh: "{name}：正在计数…… {size}",
  },
  "quick.loadingSize": {
    en: "(loading the table, {loaded} of {total} MB)",
    zh: "（正在加载词表，{loaded} / {total} MB）",
  },
  "quick.tap": {
    en: "Load",
    zh: "加载",
  },
  "quick.offer": {
    en: "{name}: a large file, not loaded on this connection. Tap to load it and count",
    zh: "{name}：文件较大，在这种网络下不会自动加载。点一下加载并计数",
  },
  "quick.error": {
    en: "{name}: could not be counted (the table did not load)",
    zh: "{name}：没能计数（词表没有加载成功）",
  },
  "quick.models": {
    en: "Side by side in Models ›",
    zh: "在“模型”一课里并排比较 ›",
  },
});
