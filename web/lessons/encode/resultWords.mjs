// The words of the encode lesson's result-first parts: the token spans under the text box (spans.mjs),
// the "Why?" folds (why.mjs), and what the page says while a guess is pending. Both languages side by
// side, the same placeholders in each.

import { registerPairs } from "../../i18n.mjs";

registerPairs({
  "encode.tableMore": {
    en: "About this table · your own tokenizer file",
    zh: "关于这张词表 · 用你自己的词表文件",
  },
  "result.title": {
    en: "Your text as tokens",
    zh: "你的文字切成的 token",
  },
  "result.count": {
    en: "{n} tokens · {chars} characters · {ratio} characters per token",
    zh: "{n} 个 token · {chars} 个字符 · 平均每个 token {ratio} 个字符",
  },
  "result.count1": {
    en: "{n} token · {chars} characters · {ratio} characters per token",
    zh: "{n} 个 token · {chars} 个字符 · 平均每个 token {ratio} 个字符",
  },
  "result.none": {
    en: "0 tokens: the text box is empty.",
    zh: "0 个 token：文本框是空的。",
  },
  "result.spansLabel": {
    en: "The tokens of your text; arrow keys move between them, Enter opens a token's merges below",
    zh: "你的文字切成的 token；用方向键在它们之间移动，按 Enter 在下方查看这个 token 是怎么合并出来的",
  },
  "result.spanLabel": {
    en: "Token {n}: {text}, id {id}, bytes {bytes}",
    zh: "第 {n} 个 token：{text}，id {id}，字节 {bytes}",
  },
  "result.spanPartLabel": {
    en: "Token {n}: part of a character, bytes {bytes}, id {id}",
    zh: "第 {n} 个 token：只是某个字的一部分，字节 {bytes}，id {id}",
  },
  "result.detailHint": {
    en: "Point at or tap a token: its id and bytes. Click it: its merges below.",
    zh: "指向或轻点一个 token，看它的 id 和字节；点击它，在下面看它怎么合并出来。",
  },
  "result.detail": {
    en: "Token {n} “{text}” · id {id} · bytes {bytes} · from piece {piece}",
    zh: "第 {n} 个 token “{text}” · id {id} · 字节 {bytes} · 来自第 {piece} 个片段",
  },
  "result.detailPart": {
    en: "Token {n} is part of a character: bytes {bytes} · id {id} · from piece {piece}",
    zh: "第 {n} 个 token 只是某个字的一部分：字节 {bytes} · id {id} · 来自第 {piece} 个片段",
  },
  "result.more": {
    en: "{n} more tokens are not drawn here (the first {shown} are); the ids below are all of them.",
    zh: "这里只画出前 {shown} 个 token，还有 {n} 个没画；下面的 id 是全部的。",
  },
  "result.ids": {
    en: "Ids:",
    zh: "id：",
  },
  "result.hidden": {
    en: "The tokens and ids stay hidden while you guess. Reason from the pairs on the canvas: which two symbols often stand side by side in English text? Those pairs were learned first and have the lowest ranks.",
    zh: "猜的时候，token 和 id 先藏起来。从画布上的相邻对想一想：哪两个符号在英文里经常挨在一起？这样的对学得最早，rank 也最小。",
  },
  "result.pointHidden": {
    en: "What this example shows is hidden until you have guessed every merge of the piece.",
    zh: "“这个例子说明了什么”要等你猜完这个片段的每一次合并才会显示。",
  },
  "result.idsHidden": {
    en: "The ids appear once every merge of the piece is guessed.",
    zh: "猜完这个片段的每一次合并后，id 才会显示。",
  },
  "why.toggle": {
    en: "Why?",
    zh: "为什么？",
  },
});
