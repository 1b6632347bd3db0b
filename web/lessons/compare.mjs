// Lesson "compare": one text, four tokenizers side by side. Characters, words, a toy BPE trained on a
// chosen corpus, and GPT-2's r50k. For each: its tokens, how many, its vocabulary size, the unknown
// tokens, and two costs the chapter weighs against each other: attention grows with T², the output
// layer with V. The engine (`compare`) does all the counting; this module lays the rows out.

import { param } from "../state.mjs";
import { LIMITS } from "../theme.mjs";
import { el, Bindings } from "../ui/dom.mjs";
import {
  Latest, intro, stageHeader, paramValue, presetButtons, errorLine, tokenChip, choiceGroup, numberField,
} from "../ui/lessonkit.mjs";

const CHAPTER = "Machine learning models learn patterns from data. A language model reads a sequence of tokens and predicts what token is likely to appear next. Tokenization is an important step because it determines how raw text is divided into smaller units.";
const CHINESE = "我爱中国人。中国人很多。我爱中国。北京是中国首都。今天天气真好。";

export const TEXTS = Object.freeze([
  { id: "dont", text: "I don't like tokenization.", label: "compare.preset.dont" },
  { id: "chinese", text: "我爱北京，中国人很多。", label: "compare.preset.chinese" },
  { id: "emoji", text: "unbelievable 🦄 lowest", label: "compare.preset.emoji" },
]);

const CORPORA = Object.freeze(new Map([
  ["text", null],
  ["chapter", CHAPTER],
  ["chinese", CHINESE],
]));

const PARAMS = new Map([
  ["ccorpus", param.oneOf("chapter", [...CORPORA.keys()])],
  ["bpe", param.int(100, { min: 1, max: 5000 })],
]);

const NAMES = Object.freeze(["characters", "words", "toy_bpe", "r50k"]);
const DEBOUNCE_MS = 200;

function fmt(n) {
  return n.toLocaleString();
}

function ratio(x) {
  if (x >= 100) return Math.round(x).toLocaleString();
  if (x >= 10) return x.toFixed(1);
  return x.toFixed(2);
}

class CompareLesson {
  constructor(ctx) {
    this.ctx = ctx;
    this.t = ctx.t;
    this.b = new Bindings();
    this.latest = new Latest();
    this.result = null;
    this.error = null;
    this.timer = 0;
    this.fromTyping = false;
    this.started = false;
    this.build();
  }

  get(name) {
    return paramValue(this.ctx.getState(), PARAMS, name);
  }

  build() {
    const b = this.b;
    this.input = el("textarea", {
      id: "compare-input", testid: "compare-input", className: "text-input",
      attrs: { rows: 2, spellcheck: "false", autocomplete: "off", dir: "auto", "aria-describedby": "compare-hint" },
    });
    this.input.addEventListener("input", () => {
      this.fromTyping = true;
      this.ctx.setState({ text: this.input.value });
    });
    const presets = presetButtons(b, TEXTS, "compare", (p) => this.ctx.setState({ text: p.text }));
    this.presetMap = presets.buttons;
    this.corpus = choiceGroup(b, {
      labelKey: "compare.corpus", testid: "compare-corpus",
      options: [...CORPORA.keys()].map((v) => ({ value: v, label: `compare.corpus.${v}` })),
      onChoose: (v) => this.ctx.setState({ ccorpus: v }),
    });
    this.bpe = numberField(b, { id: "compare-bpe", labelKey: "compare.bpeSize", min: 1, max: 5000, testid: "compare-bpe", onValue: (n) => this.ctx.setState({ bpe: n }) });
    this.errorBox = errorLine("compare-error");
    const inputCard = el("section", { className: "card input-card", attrs: { "aria-labelledby": "compare-label" } },
      el("div", { className: "input-col" },
        b.text(el("label", { id: "compare-label", className: "field-label", attrs: { for: "compare-input" } }), "compare.inputLabel"),
        this.input,
        b.text(el("p", { className: "hint", id: "compare-hint" }), "compare.inputHint"),
        this.errorBox,
        el("div", { className: "preset-row" }, presets.list)),
      el("div", { className: "preset-col lk-settings" },
        el("div", { className: "lk-setting" }, b.text(el("span", { className: "field-label" }), "compare.corpus"), this.corpus.node),
        b.text(el("p", { className: "hint" }), "compare.corpusHint"),
        el("div", { className: "lk-fields" }, this.bpe.node)));

    this.rows = el("div", { className: "lk-compare-rows", testid: "compare-rows" });
    const rowsCard = el("section", { className: "card stage", attrs: { "aria-labelledby": "compare-rows-title" } },
      stageHeader(b, 1, "compare-rows-title", "compare.rowsTitle"),
      b.text(el("p", { className: "stage-text" }), "compare.rowsText"),
      this.rows);

    this.table = el("table", { className: "lk-table lk-cost-table", testid: "compare-costs" });
    const costCard = el("section", { className: "card stage", attrs: { "aria-labelledby": "compare-cost-title" } },
      stageHeader(b, 2, "compare-cost-title", "compare.costTitle"),
      b.text(el("p", { className: "stage-text" }), "compare.costText"),
      el("div", { className: "lk-scroll" }, this.table),
      b.text(el("p", { className: "fine" }), "compare.costNote"));

    this.main = el("div", { className: "lesson lk compare" },
      intro(b, "compare.title", "compare.lead"), inputCard, rowsCard, costCard);
    this.ctx.root.append(this.main);
    b.apply(this.t);
  }

  update(state, changed) {
    if (changed.has("lang")) this.b.apply(this.t);
    if (!this.started || changed.has("text") || changed.has("ccorpus") || changed.has("bpe")) {
      this.started = true;
      const text = state.text;
      if (this.input.value !== text) this.input.value = text;
      for (const [id, button] of this.presetMap) {
        button.setAttribute("aria-pressed", String(TEXTS.find((p) => p.id === id).text === text));
      }
      this.corpus.set(this.get("ccorpus"));
      this.bpe.input.value = String(this.get("bpe"));
      clearTimeout(this.timer);
      if (this.fromTyping) this.timer = setTimeout(() => this.run(), DEBOUNCE_MS);
      else this.run();
      this.fromTyping = false;
    } else if (changed.has("lang")) {
      this.render();
    }
  }

  async run() {
    const gen = this.latest.next();
    this.main.classList.add("stale");
    const corpus = CORPORA.get(this.get("ccorpus"));
    const payload = { text: this.ctx.getState().text, bpe_vocab_size: this.get("bpe"), min_frequency: 2 };
    if (corpus !== null) payload.corpus = corpus;
    const answer = await this.ctx.query("compare", payload);
    if (!this.latest.is(gen)) return;
    this.main.classList.remove("stale");
    this.result = answer.ok ? answer.result : null;
    this.error = answer.ok ? null : answer.error;
    this.render();
  }

  render() {
    const t = this.t;
    this.errorBox.hidden = !this.error;
    this.errorBox.textContent = this.error ? t("error.engine", { message: this.error.message }) : "";
    const r = this.result;
    if (!r) {
      this.rows.replaceChildren();
      this.table.replaceChildren();
      return;
    }
    const rows = r.tokenizers.filter((row) => NAMES.includes(row.name));
    this.rows.replaceChildren(...rows.map((row) => this.renderRow(row)));
    this.renderCosts(rows);
  }

  renderRow(row) {
    const t = this.t;
    const unknown = new Set(row.unknown);
    const shown = row.tokens.slice(0, LIMITS.tokenChips);
    const chips = shown.map((tok, i) => tokenChip(tok, row.ids[i], {
      tone: i, testid: "compare-chip", className: unknown.has(tok) ? "unknown" : "",
      title: row.token_texts ? row.token_texts[i] : "",
    }));
    const stats = el("dl", { className: "lk-stats" },
      el("div", {}, el("dt", {}, t("compare.tokens")), el("dd", { testid: "compare-count" }, fmt(row.n_tokens))),
      el("div", {}, el("dt", {}, t("compare.vocab")), el("dd", { testid: "compare-vocab" }, fmt(row.vocab_size))),
      el("div", {}, el("dt", {}, t("compare.unknown")), el("dd", { testid: "compare-unknown" }, fmt(row.n_unknown))));
    const more = row.tokens.length > shown.length ? el("p", { className: "fine" }, t("compare.more", { n: row.tokens.length - shown.length })) : null;
    const unknownLine = row.n_unknown > 0
      ? el("p", { className: "lk-unknown-line" }, el("span", { className: "lk-mark", attrs: { "aria-hidden": "true" } }, "?"),
        t("compare.unknownList", { list: [...unknown].join("  ") }))
      : null;
    return el("article", { className: `lk-compare-row ${row.name}`, testid: "compare-row", data: { name: row.name, tokens: row.n_tokens } },
      el("header", { className: "lk-compare-head" },
        el("h3", { className: "lk-compare-name" }, t(`compare.name.${row.name}`)),
        el("p", { className: "fine" }, t(`compare.about.${row.name}`))),
      stats,
      el("div", { className: "lk-chips", testid: "compare-tokens" }, ...chips),
      more, unknownLine);
  }

  renderCosts(rows) {
    const t = this.t;
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
        el("td", {}, el("span", { className: "lk-cost" }, t("compare.attCost", { t: fmt(row.n_tokens), t2: fmt(row.costs.attention), rel: ratio(row.relative.attention) })), att),
        el("td", {}, el("span", { className: "lk-cost" }, t("compare.outCost", { v: fmt(row.costs.output_per_token), rel: ratio(row.relative.output_per_token) })), out));
    });
    this.table.replaceChildren(el("thead", {}, head), el("tbody", {}, ...body));
  }

  onKey() {
    return false;
  }

  destroy() {
    clearTimeout(this.timer);
    this.latest.next();
    this.main.remove();
  }
}

export default Object.freeze({
  id: "compare",
  params: PARAMS,
  keys: [],
  create: (ctx) => new CompareLesson(ctx),
});
