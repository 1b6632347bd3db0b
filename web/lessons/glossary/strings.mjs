// The glossary lesson's own words (the terms themselves are in ./terms.mjs), registered with ../../i18n.mjs.
import { registerPairs } from "../../i18n.mjs";

registerPairs({
  "glossary.title": { en: "Glossary", zh: "术语表" },
  "glossary.lead": {
    en: "Every term the lessons use, one line each. Each line links to the lesson that shows it at work.",
    zh: "各课用到的术语，每条一句话。每一条都链接到演示它的那一课。",
  },
  "glossary.filter": { en: "Find a term", zh: "查找术语" },
  "glossary.count": { en: "{n} of {total} terms", zh: "共 {total} 条，显示 {n} 条" },
  "glossary.none": { en: "No term matches “{query}”.", zh: "没有和“{query}”相符的术语。" },
  "glossary.see": { en: "See: {lesson} →", zh: "见：{lesson} →" },
});
