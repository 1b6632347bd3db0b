// The text boxes' words (lessonkit.mjs refuseLongPastes): a paste or drop longer than the engine reads.
// Registered when lessonkit.mjs first imports this file.

import { registerPairs } from "../i18n.mjs";

registerPairs({
  "box.tooLong": {
    en: "Not pasted: the box would hold {length} characters, and it takes at most {limit} (the engine reads no more). Your text is as it was, and what you copied is still on the clipboard.",
    zh: "没有粘贴：粘贴后框里会有 {length} 个字符，而这里最多只能放 {limit} 个（引擎读不了更多）。你原来的文字没有变，复制的内容也还在剪贴板里。",
  },
});
