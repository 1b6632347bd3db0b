// Lesson "glossary": every term the lessons use, one line each in the page's language, each linking to
// the lesson that shows it. A filter box narrows the list as one types (the English and the Chinese name
// and the line are searched, whatever the language), and its text is kept in the URL (`gq`).

import { param } from "../state.mjs";
import { Bindings, el } from "../ui/dom.mjs";
import { intro } from "../ui/lessonkit.mjs";
import { LESSONS } from "./registry.mjs";
import { TERMS } from "./glossary/terms.mjs";
import "./glossary/strings.mjs";

const PARAMS = new Map([["gq", param.text("", 200)]]);

/** Lowercase, so "BPE" finds "bpe"; the Chinese is unchanged. */
const fold = (s) => s.toLowerCase();

/** The terms whose name or line, in either language, holds `query` (all of them for an empty query). */
export function matching(query, terms = TERMS) {
  const q = fold(query.trim());
  if (!q) return terms;
  return terms.filter((term) => [...term.en, ...term.zh].some((text) => fold(text).includes(q)));
}

class GlossaryLesson {
  constructor(ctx) {
    this.ctx = ctx;
    this.t = ctx.t;
    this.b = new Bindings();
    const b = this.b;
    this.input = el("input", {
      id: "glossary-filter", className: "text-input", testid: "glossary-filter",
      attrs: { type: "search", autocomplete: "off", spellcheck: "false", "aria-describedby": "glossary-count" },
      on: { input: () => ctx.setState({ gq: this.input.value }) },
    });
    this.count = el("p", { className: "hint", id: "glossary-count", testid: "glossary-count", attrs: { "aria-live": "polite" } });
    this.list = el("dl", { className: "glossary-list", testid: "glossary-list" });
    const card = el("section", { className: "card input-card", attrs: { "aria-labelledby": "glossary-label" } },
      el("div", { className: "input-col" },
        b.text(el("label", { id: "glossary-label", className: "field-label", attrs: { for: "glossary-filter" } }), "glossary.filter"),
        this.input, this.count));
    this.listCard = el("section", { className: "card" }, this.list);
    this.main = el("div", { className: "lesson lk glossary" }, intro(b, "glossary.title", "glossary.lead"), card, this.listCard);
    ctx.root.append(this.main);
    b.apply(this.t);
  }

  update(state, changed) {
    if (changed.has("lang")) this.b.apply(this.t);
    const query = state.gq || "";
    if (this.input.value !== query) this.input.value = query;
    this.render(query, state.lang);
  }

  render(query, lang) {
    const shown = matching(query);
    const known = new Set(LESSONS.map((l) => l.id));
    this.list.replaceChildren(...shown.flatMap((term) => {
      const [name, line] = term[lang === "zh" ? "zh" : "en"];
      const link = known.has(term.lesson)
        ? el("a", { className: "glossary-link", attrs: { href: `#lesson=${term.lesson}` } }, this.t("glossary.see", { lesson: this.t(`lesson.${term.lesson}`) }))
        : null;
      return [
        el("dt", { testid: "glossary-term", data: { term: term.id, lesson: term.lesson } }, name),
        el("dd", {}, line, " ", link),
      ];
    }));
    this.count.textContent = shown.length === 0
      ? this.t("glossary.none", { query: query.trim() })
      : this.t("glossary.count", { n: shown.length, total: TERMS.length });
  }

  onKey() {
    return false;
  }

  /** What an export draws: the list of terms (the filter is a search, not the lesson's text). */
  exportScene() {
    return { view: [this.listCard], text: "", table: null, merges: null };
  }

  destroy() {
    this.main.remove();
  }
}

export default Object.freeze({
  id: "glossary",
  params: PARAMS,
  keys: [],
  create: (ctx) => new GlossaryLesson(ctx),
});
