// The words of offline use (../offline.mjs), one table per language, registered with
// ../i18n.mjs when imported (by app.mjs), the way the questions are.

import { registerTables } from "../i18n.mjs";

export const OFFLINE_EN = Object.freeze({
  "offline.updateReady": "A new version of Tokenizer Lab is ready.",
  "offline.reload": "Reload",
});

export const OFFLINE_ZH = Object.freeze({
  "offline.updateReady": "分词实验室有新版本了。",
  "offline.reload": "刷新页面",
});

registerTables({ en: OFFLINE_EN, zh: OFFLINE_ZH });
