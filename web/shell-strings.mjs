// The app shell's words for an engine that stops, hangs or fails, a link that cannot hold the text,
// and a lesson that does not load (app.mjs). Merged into the tables of i18n.mjs.

export const SHELL_EN = Object.freeze({
  "engine.stop": "Stop",
  "engine.stopTitle": "Stop this long job: Python starts again and your text stays",
  "engine.restart": "Restart",
  "engine.stopped": "Stopped. Python is starting again; your text and settings are kept.",
  "engine.crashed": "Python stopped working. Press Restart to go on.",
  "engine.bootTimeout": "Python did not start within {seconds} s. Press Restart to try again.",
  "engine.requestTimeout": "The engine did not answer within {seconds} s and was stopped. Press Restart to go on.",
  "link.short": "The link does not hold all of your text: text over {max} characters stays out of it. This tab keeps it (a reload brings it back), but a copied link opens with the default text.",
  "lessonError.text": "This lesson could not be loaded. Check the connection, then try again.",
  "lessonError.retry": "Retry",
});

export const SHELL_ZH = Object.freeze({
  "engine.stop": "停止",
  "engine.stopTitle": "停止这项耗时的任务：Python 会重新启动，你输入的文字会保留",
  "engine.restart": "重新启动",
  "engine.stopped": "已停止。Python 正在重新启动，你输入的文字和设置都还在。",
  "engine.crashed": "Python 停止工作了。请点击“重新启动”继续。",
  "engine.bootTimeout": "Python 在 {seconds} 秒内没能启动。请点击“重新启动”再试一次。",
  "engine.requestTimeout": "引擎在 {seconds} 秒内没有回应，已被停止。请点击“重新启动”继续。",
  "link.short": "链接装不下你输入的全部文字：超过 {max} 个字符的文字不会写进链接。这个标签页会替你保留（刷新后还在），但复制出去的链接只会打开默认文字。",
  "lessonError.text": "这一课没能加载。请检查网络连接，然后重试。",
  "lessonError.retry": "重试",
});
