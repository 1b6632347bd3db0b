// The text boxes' words (lessonkit.mjs refuseLongPastes): a paste or drop longer than the engine reads.
// Registered when lessonkit.mjs first imports this file.

import { registerPairs } from "../i18n.mjs";

registerPairs({
  "box.tooLong": {
    en: "Not pasted: the box would hold {length} characters, and it takes at most {limit} (the engine reads no more). Your text is as it was, and what you copied is still on the clipboard.",
    zh: "没有粘贴：粘贴后框里会有 {length} 个字符，而这里最多只能放 {limit} 个（引擎读不了更多）。你原来的文字没有变，复制的内容也还在剪贴板里。",
  },
  "box.tooManyMarks": {
    en: "Not pasted: one character of it carries {marks} combining marks in a row, and the page draws at most {limit} (a longer run takes minutes to lay out). Your text is as it was, and what you copied is still on the clipboard.",
    zh: "没有粘贴：其中一个字符上连着叠了 {marks} 个组合符号，而页面最多只画 {limit} 个（更长的一串要花好几分钟才能排版）。你原来的文字没有变，复制的内容也还在剪贴板里。",
  },
});
