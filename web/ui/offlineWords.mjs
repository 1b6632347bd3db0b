// The words of offline use (../offline.mjs), one table per language, merged into the i18n tables
// (../i18n.mjs) the way the questions are.

export const OFFLINE_EN = Object.freeze({
  "offline.updateReady": "A new version of Tokenizer Lab is ready.",
  "offline.reload": "Reload",
});

export const OFFLINE_ZH = Object.freeze({
  "offline.updateReady": "分词实验室有新版本了。",
  "offline.reload": "刷新页面",
});
