// The app shell's words for an engine that stops, hangs or fails, a link that cannot hold the text,
// and a lesson that does not load (app.mjs and shell/). Merged into the tables of i18n.mjs.

export const SHELL_EN = Object.freeze({
  "engine.stop": "Stop",
  "engine.stopTitle": "Stop this long job: Python starts again and your text stays",
  "engine.restart": "Restart",
  "engine.stopped": "Stopped. Python is starting again; your text and settings are kept.",
  "engine.crashed": "Python stopped working. Press Restart to go on.",
  "engine.bootTimeout": "Python did not start within {seconds} s. Press Restart to try again.",
  "engine.requestTimeout": "The engine did not answer within {seconds} s and was stopped. Press Restart to go on.",
  "err.superseded": "a newer request replaced this one",
  "err.stopped": "you stopped it before it finished. Change something, or ask again, to run it once more",
  "link.short": "The link does not hold all of your text: text over {max} characters stays out of it. This tab keeps it (a reload brings it back), but a copied link opens with the default text.",
  "link.storageFull": "This tab's storage is full: your long text is still on the page, but a reload will lose it (the link cannot hold it either). Copy it somewhere safe, or make it shorter than {max} characters.",
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
  "err.superseded": "这个请求已被更新的请求取代",
  "err.stopped": "你在它完成前停止了它。改动设置或再次请求即可重新运行",
  "link.short": "链接装不下你输入的全部文字：超过 {max} 个字符的文字不会写进链接。这个标签页会替你保留（刷新后还在），但复制出去的链接只会打开默认文字。",
  "link.storageFull": "这个标签页的存储空间已满：你输入的长文字还在页面上，但一刷新就会丢失（链接也装不下它）。请先把它复制到别处保存，或者删减到 {max} 个字符以内。",
  "lessonError.text": "这一课没能加载。请检查网络连接，然后重试。",
  "lessonError.retry": "重试",
});
