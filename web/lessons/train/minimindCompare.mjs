// The "Train like MiniMind" mode's last card: the student's tokenizer beside MiniMind's real one and
// GPT-2's on a text they type (`hf_compare`: tokens and counts side by side, newest answer wins).
//
//   const card = new CompareCard({ b, t, query });  root.append(card.node);  card.show(result);  card.relabel()

import { el } from "../../ui/dom.mjs";
import { errorLine, errorText, tokenChip } from "../../ui/lessonkit.mjs";
import { Latest } from "../../ui/latest.mjs";
import { grouped } from "./minimindCorpus.mjs";
import { settled } from "../../ui/settled.mjs";

const COMPARE_DELAY_MS = 250;

export class CompareCard {
  constructor({ b, t, query }) {
    this.t = t;
    this.query = query;
    this.result = null; // train_hf's answer
    this.compared = null; // hf_compare's answer
    this.error = null;
    this.latest = new Latest();
    this.timer = 0;
    this.typed = false; // the box holds the student's text, not the sample
    const r = (this.r = {});
    r.input = el("textarea", {
      id: "mm-compare", className: "text-input", testid: "compare-input", attrs: { rows: 2, spellcheck: "false" },
      on: { input: () => {
        this.typed = true;
        this.later();
      } },
    });
    r.error = errorLine("compare-error");
    r.rows = el("div", { className: "mm-rows" });
    this.node = el("section", { className: "card stage", attrs: { "aria-labelledby": "mm-compare-title" } },
      b.text(el("h2", { className: "stage-title", id: "mm-compare-title" }), "mm.compareTitle"),
      b.text(el("p", { className: "stage-text" }), "mm.compareText"),
      b.text(el("label", { className: "field-label", attrs: { for: "mm-compare" } }), "mm.compareLabel"),
      r.input, r.error, r.rows);
    r.input.value = t("mm.compareSample");
    this.node.hidden = true;
  }

  /** A new training's answer: compared at once. */
  show(result) {
    this.result = result;
    this.node.hidden = !result;
    this.later(0);
  }

  relabel() {
    if (!this.typed) this.r.input.value = this.t("mm.compareSample");
    this.render();
    if (this.result && !this.typed) this.later(0);
  }

  later(ms = COMPARE_DELAY_MS) {
    settled.cancelDelay(this.timer);
    if (!this.result) return;
    this.timer = settled.delay(() => this.compare(), ms);
  }

  async compare() {
    if (!this.result) return;
    const round = this.latest.next();
    const answer = await this.query("hf_compare", { tokenizer_json: this.result.tokenizer_json, text: this.r.input.value }, { round });
    if (!this.latest.is(round) || answer.superseded) return;
    this.compared = answer.ok ? answer.result : null;
    this.error = answer.ok ? null : answer.error;
    this.render();
  }

  render() {
    const { r, t } = this;
    r.error.hidden = !this.error;
    r.error.textContent = this.error ? errorText(t, this.error) : "";
    r.rows.replaceChildren();
    if (!this.compared) return;
    for (const row of this.compared.rows) {
      const chips = el("div", { className: "lk-chips" });
      row.tokens.forEach((token, i) => {
        const part = !row.whole[i];
        chips.append(tokenChip(token, row.ids[i], {
          tone: i, testid: "compare-chip", className: part ? "lk-chip-part" : "", title: part ? t("mm.partTitle") : "",
        }));
      });
      if (row.n_tokens > row.tokens.length) chips.append(el("span", { className: "fine" }, t("mm.rowMore", { more: grouped(row.n_tokens - row.tokens.length) })));
      r.rows.append(el("div", { className: "mm-row", testid: `compare-${row.name}` },
        el("h3", { className: "log-title" }, el("span", {}, t(`mm.row.${row.name}`)), " ",
          el("span", { className: "stage-meta", testid: "compare-count", data: { n: row.n_tokens } },
            t("mm.rowCount", { n: grouped(row.n_tokens), vocab: grouped(row.vocab_size) }))),
        chips));
    }
  }

  destroy() {
    this.latest.drop();
    settled.cancelDelay(this.timer);
  }
}
