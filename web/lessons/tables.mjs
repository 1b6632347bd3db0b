// Lesson "tables": why token counts differ. One text goes through GPT-2's r50k_base, GPT-4's
// cl100k_base and GPT-4o's o200k_base side by side: each column is the engine's `overview` of the text
// in that table (its count, its pieces, its tokens and ids), and a card says why the newer tables are
// kinder to Chinese and to digits. The larger tables load the first time (web/worker.mjs); a table that
// does not load says so in its own column.

import { param } from "../state.mjs";
import { LIMITS } from "../theme.mjs";
import { ITEM_LIMIT } from "../protocol.mjs";
import { el } from "../ui/dom.mjs";
import { intro, inputCard, stageHeader, errorText } from "../ui/lessonkit.mjs";
import { TextLesson } from "../ui/textLesson.mjs";
import { countQuiz } from "../ui/askFirst.mjs";
import { hexLabel, visibleSymbol } from "../glyphs.mjs";
import { ENCODINGS, withEncoding, tableTitle } from "./encodings.mjs";
import "./tables/strings.mjs";

export const PRESETS = Object.freeze([
  { id: "english", text: "The quick brown fox jumps over the lazy dog.", label: "tables.preset.english" },
  { id: "chinese", text: "今天天气真好", label: "tables.preset.chinese" },
  { id: "code", text: "def add(a, b):\n        return a + b\n", label: "tables.preset.code" },
  { id: "numbers", text: "In 2024, 1234567 people paid 3.14159 each.", label: "tables.preset.numbers" },
]);

const PARAMS = new Map([
  ["ttext", param.text(PRESETS[1].text, LIMITS.hashTextMax)],
]);

class TablesLesson extends TextLesson {
  constructor(ctx) {
    super(ctx, { id: "tables", params: PARAMS, field: "ttext", keepLastResult: true });
    const b = this.b;
    const input = this.textBox("tables");
    const card = inputCard(b, input, {
      name: "tables", labelKey: "tables.inputLabel", hintKey: "tables.inputHint", below: [this.errorBox],
      side: [b.text(el("h2", { className: "field-label" }), "tables.presets"), this.presets(PRESETS)],
    });
    this.columns = new Map();
    const columns = ENCODINGS.map((name, i) => {
      const count = el("span", { className: "stage-meta", testid: "tables-count", data: { encoding: name } });
      const body = el("div", { className: "lk-tables-body" });
      const column = el("section", {
        className: "card stage lk-tables", testid: `tables-${name}`, attrs: { "aria-labelledby": `tables-${name}-title` },
      },
      stageHeader(b, i + 1, `tables-${name}-title`, `encoding.${name}`, count),
      body);
      this.columns.set(name, { count, body, column, shown: false });
      return column;
    });
    const why = el("section", { className: "card lk-tables-why", testid: "tables-why" },
      b.text(el("h2", { className: "stage-title" }), "tables.why.title"),
      b.text(el("p", { className: "stage-text" }), "tables.why.chinese"),
      b.text(el("p", { className: "stage-text" }), "tables.why.digits"),
      b.text(el("p", { className: "stage-text" }), "tables.why.spaces"),
      b.text(el("p", { className: "stage-text" }), "encoding.note.cl100k_base"));
    const legend = b.text(el("p", { className: "fine lk-tables-legend", testid: "tables-legend" }), "tables.tokensLegend");
    const grid = el("div", { className: "lk-special-grid" }, ...columns);
    this.mount([intro(b, "tables.title", "tables.lead"), card, this.askFirst([grid])], legend, grid, why);
  }

  /**
   * One overview per table; a table that does not load is that column's error, not the lesson's. Each
   * column fills as its table answers (r50k is in memory, the others load), and one that waits says so
   * where its tokens will be, with the bytes loaded so far.
   */
  async query() {
    const text = this.get("ttext");
    const wanted = () => this.get("ttext") === text;
    const MB = 1024 * 1024;
    const answers = await Promise.all(ENCODINGS.map((name) => {
      const col = this.columns.get(name);
      if (!col.shown) this.waiting(name, "");
      col.column.setAttribute("aria-busy", "true");
      return this.ctx.query("overview", withEncoding({ text, allowed_special: "none" }, name), {
        onProgress: (p) => {
          if (!col.shown && wanted() && p && p.total) {
            this.waiting(name, this.t("encoding.loadingSize", { loaded: (p.loaded / MB).toFixed(1), total: (p.total / MB).toFixed(1) }));
          }
        },
      }).then((answer) => {
        if (wanted()) this.renderColumn(name, answer);
        return answer;
      });
    }));
    return { ok: true, result: ENCODINGS.map((name, i) => ({ name, answer: answers[i] })) };
  }

  /** The column's waiting line: which table loads, and how far (`percent`: "" until the size is known). */
  waiting(name, percent) {
    const { count, body } = this.columns.get(name);
    count.textContent = "";
    delete count.dataset.count;
    body.replaceChildren(el("p", { className: "lk-busy", testid: "tables-waiting", attrs: { role: "status" } },
      el("span", { className: "lk-spinner", attrs: { "aria-hidden": "true" } }),
      el("span", {}, this.t("encoding.loading", { name: tableTitle(name, this.t), percent }))));
  }

  render() {
    if (!this.result) return;
    for (const { name, answer } of this.result) this.renderColumn(name, answer);
  }

  /** The opening question: which table makes the fewest tokens (each count the engine's; a table that failed is left out). */
  quiz() {
    const text = this.get("ttext");
    if (text === "") return null;
    const answers = this.result ? this.result.filter(({ answer }) => answer.ok) : null;
    const rows = answers
      ? answers.map(({ name, answer }) => ({ label: this.t(`encoding.${name}`), n: answer.result.n_ids }))
      : ENCODINGS.map((name) => ({ label: this.t(`encoding.${name}`), n: null }));
    if (answers && rows.length < 2) return null;
    return countQuiz(this.t, { key: text, question: this.t("ask.tables.q"), rows });
  }

  renderColumn(name, answer) {
    const t = this.t;
    const col = this.columns.get(name);
    col.shown = true;
    col.column.setAttribute("aria-busy", "false");
    const { count, body } = col;
    if (!answer.ok) {
      count.textContent = "";
      delete count.dataset.count;
      const message = answer.error.code === "table_unavailable" ? t("encoding.failedColumn", { name }) : t("error.engine", { message: errorText(t, answer.error) });
      body.replaceChildren(el("p", { className: "lk-refused", testid: "tables-error" }, message));
      return;
    }
    const o = answer.result;
    count.textContent = t(o.n_ids === 1 ? "tables.count1" : "tables.count", { n: o.n_ids });
    count.dataset.count = String(o.n_ids);
    const tokens = o.pieces.flatMap((p) => p.tokens.map((token, k) => ({
      token, id: p.ids[k], text: p.texts[k], bytes: p.rule === "special" ? null : p.bytes.slice(...p.spans[k]),
    })));
    const chips = tokens.slice(0, ITEM_LIMIT).map((token, i) => textChip(token, i));
    const pieces = o.pieces.slice(0, ITEM_LIMIT).map((p, i) =>
      el("span", { className: `lk-chip tone-${i % 4}`, testid: "tables-piece" }, el("span", { className: "lk-chip-token" }, p.text)));
    body.replaceChildren(
      el("p", { className: "fine" }, t(o.n_pieces === 1 ? "tables.pieces1" : "tables.pieces", { n: o.n_pieces })),
      el("div", { className: "lk-chips", testid: "tables-pieces" }, ...pieces),
      el("div", { className: "lk-chips", testid: "tables-tokens" }, ...chips),
      el("code", { className: "lk-ids", testid: "tables-ids" }, `[${o.ids.join(", ")}${o.n_ids > o.ids.length ? ", …" : ""}]`));
  }
}

/**
 * A token as the lesson compares them: the text it stands for (a token that is only part of a
 * character: its bytes, in a dashed chip), then GPT-2's printable form of its bytes, then its id.
 */
function textChip({ token, id, text, bytes }, i) {
  const whole = text !== null;
  return el("span", {
    className: `lk-chip tone-${i % 4}${whole ? "" : " lk-chip-part"}`,
    testid: "tables-chip",
    data: { token, text: whole ? text : "", bytes: bytes ? hexLabel(bytes) : "" },
  },
  el("span", { className: whole ? "lk-chip-text" : "lk-chip-token" }, whole ? visibleSymbol(text) : hexLabel(bytes)),
  el("span", { className: "lk-chip-caption lk-chip-printable" }, visibleSymbol(token)),
  el("span", { className: "lk-chip-caption" }, String(id)));
}

export default Object.freeze({
  id: "tables",
  params: PARAMS,
  keys: [],
  create: (ctx) => new TablesLesson(ctx),
});
