// Lesson "compare": one text, four tokenizers side by side. Characters, words, a toy BPE trained on a
// chosen corpus, and GPT-2's r50k. For each: its tokens, how many, its vocabulary size, the unknown
// tokens, and two costs the chapter weighs against each other: attention grows with T², the output
// layer with V. The engine (`compare`) does all the counting; this module lays the rows out. It opens on
// the chapter's own example (its text, its corpus, a toy vocabulary of 20), in its own field `ctext`.

import { param } from "../state.mjs";
import { LIMITS } from "../theme.mjs";
import { ITEM_LIMIT, MINIMIND } from "../protocol.mjs";
import { el } from "../ui/dom.mjs";
import { choiceGroup, numberField } from "../ui/fields.mjs";
import { intro, inputCard, stageCard, tokenChip, omitDefault } from "../ui/lessonkit.mjs";
import { TextLesson } from "../ui/textLesson.mjs";
import { CountGuess } from "../ui/predictCount.mjs";
import { countQuiz } from "../ui/askFirst.mjs";
import { CORPORA, NAMES, comparePayload, shownRows } from "./compare/query.mjs";
import "./compare/strings.mjs";
import { landscapeCard } from "./compare/landscape.mjs";
import { ChapterExamples } from "./compare/chapter.mjs";
import { factsOf } from "./encodings.mjs";

const DONT = "I don't like tokenization.";

export const TEXTS = Object.freeze([
  { id: "dont", text: DONT, label: "compare.preset.dont" },
  { id: "chinese", text: "我爱北京，中国人很多。", label: "compare.preset.chinese" },
  { id: "emoji", text: "unbelievable 🦄 lowest", label: "compare.preset.emoji" },
]);

const QUERY_PARAMS = new Map([
  ["ctext", param.text(DONT, LIMITS.hashTextMax)],
  ["ccorpus", param.oneOf("example", [...CORPORA.keys()])],
  ["bpe", omitDefault(param.int(20, { min: 1, max: 5000 }))],
]);
// Predict first: GPT-2's count is typed before the rows show (it changes no query).
const PARAMS = new Map([...QUERY_PARAMS, ["predict", param.bool(false)]]);

function fmt(n) {
  return n.toLocaleString();
}

function ratio(x) {
  if (x >= 100) return Math.round(x).toLocaleString();
  if (x >= 10) return x.toFixed(1);
  return x.toFixed(2);
}

class CompareLesson extends TextLesson {
  constructor(ctx) {
    super(ctx, { id: "compare", params: QUERY_PARAMS, field: "ctext", debounceMs: 200 });
    const b = this.b;
    const input = this.textBox("compare", { attrs: { "aria-describedby": "compare-hint" } });
    const presets = this.presets(TEXTS);
    this.corpus = choiceGroup(b, {
      labelKey: "compare.corpus", testid: "compare-corpus",
      options: [...CORPORA.keys()].map((v) => ({ value: v, label: `compare.corpus.${v}` })),
      onChoose: (v) => this.ctx.setState({ ccorpus: v }),
    });
    this.bpe = numberField(b, { id: "compare-bpe", labelKey: "compare.bpeSize", min: 1, max: 5000, testid: "compare-bpe", onValue: (n) => this.ctx.setState({ bpe: n }) });
    const card = inputCard(b, input, {
      name: "compare", labelKey: "compare.inputLabel", hintKey: "compare.inputHint",
      below: [this.errorBox, el("div", { className: "preset-row" }, presets)],
      sideClass: "lk-settings",
      side: [
        el("div", { className: "lk-setting" }, b.text(el("span", { className: "field-label" }), "compare.corpus"), this.corpus.node),
        b.text(el("p", { className: "hint" }), "compare.corpusHint"),
        el("div", { className: "lk-fields" }, this.bpe.node)],
    });

    this.rows = el("div", { className: "lk-compare-rows", testid: "compare-rows" });
    this.guess = new CountGuess(ctx, { questionKey: "predict.compare.ask", changed: () => this.render() });
    const guessCard = el("section", { className: "card predict-card", testid: "predict-card" }, this.guess.node);
    this.chapterNote = el("p", { className: "fine", testid: "compare-chapter-note" });
    const rowsCard = this.rowsCard = stageCard(b, { n: 1, id: "compare-rows-title", titleKey: "compare.rowsTitle", textKey: "compare.rowsText" },
      this.chapterNote, this.rows, b.text(el("p", { className: "fine" }), "compare.countsNote"));

    this.table = el("table", { className: "lk-table lk-cost-table", testid: "compare-costs" });
    const costCard = this.costCard = stageCard(b, { n: 2, id: "compare-cost-title", titleKey: "compare.costTitle", textKey: "compare.costText" },
      el("div", { className: "lk-scroll" }, this.table),
      b.text(el("p", { className: "fine" }), "compare.costNote"));

    this.modelText = el("p", { className: "stage-text", testid: "compare-model" });
    const modelCard = stageCard(b, { n: 3, id: "compare-model-title", titleKey: "compare.modelTitle", textKey: "compare.modelText" },
      this.modelText);

    this.landscape = landscapeCard(b, 4);
    this.chapter = new ChapterExamples(ctx, b, 5);
    this.mount([intro(b, "compare.title", "compare.lead"), card, this.askFirst([rowsCard, costCard]), guessCard], rowsCard, costCard, modelCard, this.landscape.card, this.chapter.card);
  }

  update(state, changed) {
    this.guess.show(Boolean(state.predict));
    this.guess.ask(this.get("ctext"));
    super.update(state, changed);
    if (changed.has("predict") || changed.has("lang")) {
      this.render();
      this.renderAsk();
    }
  }

  showSettings() {
    this.corpus.set(this.get("ccorpus"));
    this.bpe.show(this.get("bpe"));
  }

  query() {
    this.queried = this.get("ctext");
    return this.ctx.query("compare", comparePayload({ ctext: this.queried, ccorpus: this.get("ccorpus"), bpe: this.get("bpe") }));
  }

  render() {
    const r = this.result;
    // The count to judge is the newest answer's, and only when it answers the text in the box.
    const fresh = r && this.queried === this.get("ctext") && !this.main.classList.contains("stale");
    const gpt2 = fresh ? r.tokenizers.find((row) => row.name === "r50k") : null;
    this.guess.render({ answer: gpt2 ? gpt2.n_tokens : null });
    const hide = this.guess.hiding();
    this.rowsCard.hidden = hide;
    this.costCard.hidden = hide;
    const chapter = this.get("ctext") === DONT && this.get("ccorpus") === "example" && this.get("bpe") === 20;
    this.chapterNote.hidden = !(r && chapter);
    this.chapterNote.textContent = this.t("compare.chapterNote");
    this.chapter.show(this.t);
    if (!r) {
      this.rows.replaceChildren();
      this.table.replaceChildren();
      this.modelText.textContent = "";
      this.landscape.showLoss(null, this.t);
      return;
    }
    const rows = shownRows(r);
    this.rows.replaceChildren(...rows.map((row) => this.renderRow(row)));
    this.renderCosts(rows);
    // GPT-2's vocabulary: 256 byte tokens, then one token per merge, then <|endoftext|>.
    const v = rows.find((row) => row.name === "r50k").vocab_size;
    this.landscape.showLoss(rows.find((row) => row.name === "r50k"), this.t);
    const m = MINIMIND;
    this.modelText.textContent = this.t("compare.modelNumbers", {
      v: fmt(v), merges: fmt(v - 256 - 1),
      mm_v: fmt(m.vocab_size_with_added), mm_added: fmt(m.n_added), mm_special: fmt(m.n_special), mm_bytes: fmt(m.n_bytes),
      mm_merges: fmt(m.n_merges), mm_notes: fmt(m.vocab_size_with_added - m.n_bytes), mm_dim: fmt(m.hidden_size),
      qwen: factsOf("qwen3") ? fmt(factsOf("qwen3").vocab_size) : "…",
    });
  }

  /** The opening question: which of the four tokenizers makes the fewest tokens (the engine's counts). */
  quiz() {
    const r = this.result;
    // Predict asks its own question (GPT-2's count).
    if (this.error || this.get("ctext") === "" || this.ctx.getState().predict) return null;
    const fresh = r && this.queried === this.get("ctext") && !this.main.classList.contains("stale");
    const rows = NAMES.map((name) => {
      const row = fresh ? r.tokenizers.find((x) => x.name === name) : null;
      return { label: this.t(`compare.name.${name}`), n: row ? row.n_tokens : null };
    });
    const key = [this.get("ctext"), this.get("ccorpus"), this.get("bpe")].join("\u0000");
    return countQuiz(this.t, { key, question: this.t("ask.compare.q"), rows });
  }

  renderRow(row) {
    const t = this.t;
    const unknown = new Set(row.unknown);
    const shown = row.tokens.slice(0, ITEM_LIMIT);
    const chips = shown.map((tok, i) => tokenChip(tok, row.ids[i], {
      tone: i, testid: "compare-chip", className: unknown.has(tok) ? "unknown" : "",
      title: row.token_texts ? row.token_texts[i] : "",
    }));
    const stats = el("dl", { className: "lk-stats" },
      el("div", {}, el("dt", {}, t("compare.tokens")), el("dd", { testid: "compare-count" }, fmt(row.n_tokens))),
      el("div", {}, el("dt", {}, t("compare.vocab")), el("dd", { testid: "compare-vocab" }, fmt(row.vocab_size))),
      el("div", {}, el("dt", {}, t("compare.unknown")), el("dd", { testid: "compare-unknown" }, fmt(row.n_unknown))));
    const more = row.n_tokens > shown.length ? el("p", { className: "fine" }, t("compare.more", { n: row.n_tokens - shown.length })) : null;
    const unknownLine = row.n_unknown > 0
      ? el("p", { className: "lk-unknown-line" }, el("span", { className: "lk-mark", attrs: { "aria-hidden": "true" } }, "?"),
        t("compare.unknownList", { list: [...unknown].join("  ") }))
      : null;
    return el("article", { className: `lk-compare-row ${row.name}`, testid: "compare-row", data: { name: row.name, tokens: row.n_tokens } },
      el("header", { className: "lk-compare-head" },
        el("h3", { className: "lk-compare-name" }, t(`compare.name.${row.name}`)),
        el("p", { className: "fine" }, t(`compare.about.${row.name}`, { v: fmt(row.vocab_size) }))),
      stats,
      el("div", { className: "lk-chips", testid: "compare-tokens" }, ...chips),
      more, unknownLine);
  }

  renderCosts(rows) {
    const t = this.t;
    // A cost relative to the characters tokenizer's; none when that is 0 (an empty text): the cost alone.
    const cost = (key, vars, rel) => (typeof rel === "number" ? t(key, { ...vars, rel: ratio(rel) }) : t(`${key}Alone`, vars));
    const maxAtt = Math.max(1, ...rows.map((r) => r.costs.attention));
    const maxOut = Math.max(1, ...rows.map((r) => r.costs.output_per_token));
    const bar = (kind) => el("span", { className: `lk-bar ${kind}`, attrs: { "aria-hidden": "true" } },
      el("span", { className: "lk-bar-fill" }));
    const head = el("tr", {},
      el("th", { attrs: { scope: "col" } }, t("compare.tokenizer")),
      el("th", { attrs: { scope: "col" } }, t("compare.attention")),
      el("th", { attrs: { scope: "col" } }, t("compare.output")));
    const body = rows.map((row) => {
      const att = bar("att");
      const out = bar("out");
      att.firstChild.style.width = `${Math.max(1, (100 * row.costs.attention) / maxAtt)}%`;
      out.firstChild.style.width = `${Math.max(1, (100 * row.costs.output_per_token) / maxOut)}%`;
      return el("tr", { testid: "cost-row", data: { name: row.name } },
        el("th", { attrs: { scope: "row" } }, t(`compare.name.${row.name}`)),
        el("td", { data: { label: t("compare.attention") } }, el("span", { className: "lk-cost" }, cost("compare.attCost", { t: fmt(row.n_tokens), t2: fmt(row.costs.attention) }, row.relative.attention)), att),
        el("td", { data: { label: t("compare.output") } }, el("span", { className: "lk-cost" }, cost("compare.outCost", { v: fmt(row.costs.output_per_token) }, row.relative.output_per_token)), out));
    });
    this.table.replaceChildren(el("thead", {}, head), el("tbody", {}, ...body));
  }

}

export default Object.freeze({
  id: "compare",
  params: PARAMS,
  keys: [],
  create: (ctx) => new CompareLesson(ctx),
  sheet: (ctx, state) => import("../classroom/sheets.mjs").then((m) => m.compareSheet(ctx, state)),
});
