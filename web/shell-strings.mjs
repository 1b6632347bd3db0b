// The app shell's words (app.mjs and shell/): the header, the engine's status while Python starts, the keyboard
// help, an engine that stops, hangs or fails, a link that cannot hold the text, and a lesson that does
// not load. Registered when app.mjs first imports this file, before anything is drawn.

import { registerPairs } from "./i18n.mjs";

registerPairs({
  "meta.htmlLang": {
    en: "en",
    zh: "zh-CN",
  },
  "app.title": {
    en: "Tokenizer Lab",
    zh: "分词实验室",
  },
  "app.subtitle": {
    en: "How tokenizers turn text into ids, step by step",
    zh: "一步一步看分词器怎样把文字变成 id",
  },
  "app.skip": {
    en: "Skip to the lesson",
    zh: "跳到课程内容",
  },
  "app.lessons": {
    en: "Lessons",
    zh: "课程",
  },
  "app.language": {
    en: "Language",
    zh: "语言",
  },
  "app.projector": {
    en: "Projector",
    zh: "投影模式",
  },
  "app.tools": {
    en: "Teacher tools",
    zh: "教师工具",
  },
  "app.keys": {
    en: "Keys",
    zh: "快捷键",
  },
  "app.dismiss": {
    en: "Dismiss this note",
    zh: "关闭这条提示",
  },
  "app.footer": {
    en: "Every table here is a real one, with its real merge rules: GPT-2's (r50k), cl100k and o200k, and the open models' own tokenizer.json files, run by Python inside your browser. Nothing you type leaves this page.",
    zh: "这里的每张词表都是真实的，合并规则也是原样：GPT-2（r50k）、cl100k、o200k，以及各开源模型自己的 tokenizer.json，都由浏览器里的 Python 运行。你输入的文字不会离开本页。",
  },
  "app.source": {
    en: "Where the pages say “the chapter” or “the Chinese notes”, they mean the Chinese course notes these lessons are built on: “18.3 Tokenizer：字符、BPE 与词表” (jshn9515, 2026), the chapter on tokenizers of a course that builds a small GPT, MiniGPT, from scratch. “The MiniMind notes” are a Chinese study series on MiniMind, a small open language model (64M parameters) trained from scratch; its part 02, “Token的三世之旅” (a token's three lives), follows 今天天气真好 from text to ids to vectors.",
    zh: "页面里说的“教材”，指这些课程依据的中文讲义：《18.3 Tokenizer：字符、BPE 与词表》（jshn9515，2026），是一门从零搭建小型 GPT（MiniGPT）的课程里讲分词器的一章。“MiniMind 笔记”指一组学习 MiniMind 的中文笔记：MiniMind 是一个从零训练的小型开源语言模型（6400 万参数），笔记第 02 篇《Token的三世之旅》讲“今天天气真好”怎样从文字变成 id，再变成向量。",
  },
  "status.starting": {
    en: "starting",
    zh: "启动中",
  },
  "status.stage.start": {
    en: "starting",
    zh: "启动中",
  },
  "status.stage.runtime": {
    en: "starting Pyodide (1/4)",
    zh: "启动 Pyodide（1/4）",
  },
  "status.stage.micropip": {
    en: "loading micropip (2/4)",
    zh: "加载 micropip（2/4）",
  },
  "status.stage.toklab": {
    en: "installing the engine (3/4)",
    zh: "安装分词引擎（3/4）",
  },
  "status.stage.table": {
    en: "reading the r50k table (4/4)",
    zh: "读取 r50k 词表（4/4）",
  },
  "status.loading": {
    en: "Loading Python: {stage}…",
    zh: "正在加载 Python：{stage}…",
  },
  "status.busy": {
    en: "Python is busy with a long request…",
    zh: "Python 正在处理一个耗时的请求……",
  },
  "status.ready": {
    en: "Python ready",
    zh: "Python 已就绪",
  },
  "status.readyTitle": {
    en: "Python ready: the tokenizer's engine is Python running inside this page, so every answer is worked out here, on your device.",
    zh: "Python 已就绪：分词引擎是在这个网页里运行的 Python，所有结果都在你自己的设备上算出来。",
  },
  "status.error": {
    en: "Python could not start: {message}",
    zh: "Python 无法启动：{message}",
  },
  "note.badHash": {
    en: "The link had parts that could not be read; they were ignored.",
    zh: "链接中有无法识别的部分，已忽略。",
  },
  "help.title": {
    en: "Keyboard",
    zh: "快捷键",
  },
  "help.intro": {
    en: "These keys work anywhere on the page except while you type in the text box.",
    zh: "在文本框中输入时快捷键不生效，其他位置都可以使用。",
  },
  "help.close": {
    en: "Close",
    zh: "关闭",
  },
  "kbd.Space": {
    en: "Space",
    zh: "空格",
  },
  "keys.help": {
    en: "show this list",
    zh: "显示本列表",
  },
  "keys.close": {
    en: "close this list",
    zh: "关闭本列表",
  },
  "sentence.joiner": {
    en: " ",
    zh: "",
  },
  "engine.stop": {
    en: "Stop",
    zh: "停止",
  },
  "engine.stopTitle": {
    en: "Stop this long job: Python starts again and your text stays",
    zh: "停止这项耗时的任务：Python 会重新启动，你输入的文字会保留",
  },
  "engine.restart": {
    en: "Restart",
    zh: "重新启动",
  },
  "engine.stopped": {
    en: "Stopped. Python is starting again; your text and settings are kept.",
    zh: "已停止。Python 正在重新启动，你输入的文字和设置都还在。",
  },
  "engine.crashed": {
    en: "Python stopped working. Press Restart to go on.",
    zh: "Python 停止工作了。请点击“重新启动”继续。",
  },
  "engine.bootTimeout": {
    en: "Python did not start within {seconds} s. Press Restart to try again.",
    zh: "Python 在 {seconds} 秒内没能启动。请点击“重新启动”再试一次。",
  },
  "engine.requestTimeout": {
    en: "The engine did not answer within {seconds} s and was stopped. Press Restart to go on.",
    zh: "引擎在 {seconds} 秒内没有回应，已被停止。请点击“重新启动”继续。",
  },
  "link.short": {
    en: "The link does not hold all of your text: text over {max} characters stays out of it. This tab keeps it (a reload brings it back), but a copied link opens with the default text.",
    zh: "链接装不下你输入的全部文字：超过 {max} 个字符的文字不会写进链接。这个标签页会替你保留（刷新后还在），但复制出去的链接只会打开默认文字。",
  },
  "link.storageFull": {
    en: "This tab's storage is full: your long text is still on the page, but a reload will lose it (the link cannot hold it either). Copy it somewhere safe, or make it shorter than {max} characters.",
    zh: "这个标签页的存储空间已满：你输入的长文字还在页面上，但一刷新就会丢失（链接也装不下它）。请先把它复制到别处保存，或者删减到 {max} 个字符以内。",
  },
  "lessonError.text": {
    en: "This lesson could not be loaded. Check the connection, then try again.",
    zh: "这一课没能加载。请检查网络连接，然后重试。",
  },
  "lessonError.retry": {
    en: "Retry",
    zh: "重试",
  },
});
