// The code view's words (ui/codeview.mjs), one table per language, registered with ../i18n.mjs
// when imported. The code itself and the variables' names are Python and stay as they are in both languages.

import { registerTables } from "../i18n.mjs";

export const CODE_EN = Object.freeze({
  "code.toggle": "Show the Python",
  "code.title": "The engine's Python",
  "code.loading": "Reading the source from the engine…",
  "code.failed": "The engine could not give its source: {message}",
  "code.where": "{module}.{function} · {path}, lines {from}–{to}",
  "code.source": "Source",
  "code.values": "Values at this step",
  "code.before": "before this line",
  "code.after": "after it",
  "code.rows": "the first {shown} of {n} rows",
  "code.notRecorded": "not recorded: the fast loop ran",
  "code.encode.note": "The reference implementation: the lesson's steps were recorded by a faster loop that makes exactly these steps (tested step by step). The lit line did this step.",
  "code.train.ran": "This loop ran on your corpus, line for line. The lit line did this step.",
  "code.train.fast": "Your corpus is large, so the lesson ran the fast loop (toklab.fasttrain), which makes the same choices (tested). Shown: the readable loop, the reference implementation. The lit line did this step.",
});

export const CODE_ZH = Object.freeze({
  "code.toggle": "显示 Python 代码",
  "code.title": "引擎的 Python 代码",
  "code.loading": "正在从引擎读取源代码…",
  "code.failed": "引擎没能给出源代码：{message}",
  "code.where": "{module}.{function} · {path}，第 {from}–{to} 行",
  "code.source": "源代码",
  "code.values": "这一步的变量值",
  "code.before": "执行这行之前",
  "code.after": "执行之后",
  "code.rows": "前 {shown} 行，共 {n} 行",
  "code.notRecorded": "没有记录：运行的是快速版循环",
  "code.encode.note": "这是参考实现：本课的每一步由一个更快的循环记录下来，它走的每一步都和这里完全相同（逐步测试过）。高亮的那一行完成了这一步。",
  "code.train.ran": "你的语料就是用这个循环逐行训练的。高亮的那一行完成了这一步。",
  "code.train.fast": "你的语料较大，本课运行的是快速版循环（toklab.fasttrain），它的选择与这里完全相同（测试过）。这里显示的是易读的版本，即参考实现。高亮的那一行完成了这一步。",
});

registerTables({ en: CODE_EN, zh: CODE_ZH });
