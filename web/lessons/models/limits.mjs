// The models lesson's card on BPE's limits, as the MiniMind notes name them (seed 001, 5.5): it merges
// by frequency, not meaning, and what it merges depends on the text it was trained on. Both are shown
// on the rows the lesson measured: the tokens that glue 的 to other characters, and how far apart the
// tables' characters per token lie on the text in the box, MiniMind's place among them.
//
//     const limits = new Limits(b, n);   // place limits.card; limits.show(rows, t, name) after each row

import { registerPairs } from "../../i18n.mjs";
import { el } from "../../ui/dom.mjs";
import { stageCard } from "../../ui/lessonkit.mjs";
import { MODELS, LOAD_ORDER } from "./table.mjs";

registerPairs({
  "limits.title": { en: "What BPE cannot do (the notes, 5.5)", zh: "BPE 的局限（笔记 5.5 节）" },
  "limits.text": {
    en: "The notes name two limits. BPE merges by frequency, not meaning: a character as common as 的 gets glued to its neighbours, whether or not they make a word with it. And what it merges depends on the text it was trained on, so a table cuts text from another field less well.",
    zh: "笔记讲了两个局限。BPE 按频率合并，不看意思：“的”这样常见的字，会和前后的字粘成 token，不管它们是不是一个词。另外，合并什么取决于训练语料，换一个领域的文字，切得就没那么省。",
  },
  "limits.waiting": { en: "Waiting for the rows above…", zh: "等上面几行算完……" },
  "limits.de": {
    en: "On this text, tokens that glue 的 to other characters: {list}.",
    zh: "在这段文字里，把“的”和别的字粘在一起的 token：{list}。",
  },
  "limits.deNone": {
    en: "On this text no table glues 的 to another character: the Chinese text has several such tokens.",
    zh: "在这段文字里，没有哪张词表把“的”和别的字粘在一起；换成“中文”那段就能看到好几个。",
  },
  "limits.deModel": { en: "{name} {tokens}", zh: "{name}：{tokens}" },
  "limits.sep": { en: "; ", zh: "；" },
  "limits.tokenSep": { en: ", ", zh: "、" },
  "limits.domain": {
    en: "Characters per token on this text run from {min} ({minName}) to {max} ({maxName}). MiniMind, trained mostly on Chinese, ranks {rank} of the {n} tables, most characters first. Switch to the English or the code text and watch it move.",
    zh: "这段文字上，每个 token 的字符数从 {min}（{minName}）到 {max}（{maxName}）不等。MiniMind 主要用中文语料训练，在 {n} 张词表里排第 {rank}（字符数多的在前）。换成“英文”或“代码”那段，看看它排到哪里。",
  },
});

const DE = "的";

export class Limits {
  constructor(b, n) {
    this.list = el("ul", { className: "stage-text", testid: "models-limits" });
    this.card = stageCard(b, { n, id: "models-limits-title", titleKey: "limits.title", textKey: "limits.text" }, this.list);
  }

  /** `rows`: the lesson's measured rows (id -> model_row result); `name(id)`: a row's name as shown. */
  show(rows, t, name) {
    if (!LOAD_ORDER.every((id) => rows.has(id))) {
      this.list.replaceChildren(el("li", { className: "fine" }, t("limits.waiting")));
      return;
    }
    const measured = MODELS.filter((m) => !m.spm && !m.beside && rows.has(m.id));
    const glued = [];
    for (const m of measured) {
      const r = rows.get(m.id);
      const tokens = [...new Set(r.labels.filter((label, i) => !r.partial[i] && label.includes(DE) && [...label].length > 1))];
      if (tokens.length) glued.push(t("limits.deModel", { name: name(m.id), tokens: tokens.join(t("limits.tokenSep")) }));
    }
    const per = (id) => Number(rows.get(id).chars_per_token.toFixed(2));  // as the rows show it
    const ranked = measured.filter((m) => rows.get(m.id).chars_per_token !== null).sort((a, b) => per(b.id) - per(a.id));
    const items = [el("li", { testid: "models-limits-de" }, glued.length ? t("limits.de", { list: glued.join(t("limits.sep")) }) : t("limits.deNone"))];
    const mm = ranked.find((m) => m.own);
    if (ranked.length > 1 && mm) {
      const [first, last] = [ranked[0], ranked.at(-1)];
      const rank = 1 + ranked.filter((m) => per(m.id) > per(mm.id)).length;  // a tie shares its place
      items.push(el("li", { testid: "models-limits-domain" }, t("limits.domain", {
        min: per(last.id).toFixed(2), minName: name(last.id), max: per(first.id).toFixed(2), maxName: name(first.id), rank, n: ranked.length,
      })));
    }
    this.list.replaceChildren(...items);
  }
}
