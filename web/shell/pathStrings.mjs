// The path's words (shell/path.mjs): numbered tabs, "Start here", the Next link, the phone's header.

import { registerPairs } from "../i18n.mjs";

registerPairs({
  "path.numbered": {
    en: "{n} · {title}",
    zh: "{n} · {title}",
  },
  "path.startHere": {
    en: "Start here",
    zh: "从这里开始",
  },
  "path.next": {
    en: "Next:",
    zh: "下一课：",
  },
  "path.nextLabel": {
    en: "The next lesson",
    zh: "下一课",
  },
  "path.moreTabs": {
    en: "More lessons: scroll the row",
    zh: "还有更多课程：左右滑动这一行",
  },
  "path.phoneLesson": {
    en: "Lesson {n} of {total}: {title}",
    zh: "第 {n} 课（共 {total} 课）：{title}",
  },
  "path.toTop": {
    en: "Lessons",
    zh: "课程列表",
  },
  "path.toTopTitle": {
    en: "Back to the top: the lesson tabs and the tools",
    zh: "回到页面顶部：课程标签和工具按钮",
  },
  "path.otherLang": {
    en: "中文",
    zh: "English",
  },
  "path.otherLangLabel": {
    en: "Switch to Chinese",
    zh: "切换到英文",
  },
});
