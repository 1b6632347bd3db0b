// Whole class, one projector: the teacher shows 2 to 4 candidate answers numbered 1 to 4, counts the
// raised hands (keys 1 to 4 add one to an answer, or the count is typed), a bar chart shows the room's
// guesses, then "Reveal" shows which answer was right. The lesson gives the options and judges them;
// this module only keeps the tally for the question on show and draws it.

import { el } from "./dom.mjs";

export const MAX_OPTIONS = 4;
const MAX_HANDS = 999;

export class RoomPoll {
  /** actions.reveal(counts): the teacher asked for the answer; actions.changed(i, n): a tally changed. */
  constructor(actions) {
    this.actions = actions;
    this.key = null;
    this.counts = [];
    this.rows = [];
    this.list = el("ol", { className: "poll-options", testid: "poll-options" });
    this.total = el("p", { className: "poll-total", testid: "poll-total" });
    this.revealButton = el("button", { className: "primary poll-reveal", testid: "poll-reveal", attrs: { type: "button" }, on: { click: () => this.actions.reveal(this.counts.slice()) } });
    this.hint = el("p", { className: "fine poll-hint" });
    this.node = el("div", { className: "poll", testid: "poll" }, this.hint, this.list, this.total, this.revealButton);
  }

  /**
   * model: {key, options: [{label}], revealed: bool, answer: index | null, notes: [string] | null}
   * A new key (a new question) starts every tally at zero.
   */
  render(t, model) {
    if (model.key !== this.key) {
      this.key = model.key;
      this.counts = model.options.map(() => 0);
      this.build(t, model.options);
    }
    this.hint.textContent = t("poll.hint", { n: model.options.length });
    this.revealButton.textContent = t("poll.reveal");
    this.revealButton.hidden = model.revealed;
    this.rows.forEach((row, i) => {
      row.addHint.textContent = t("poll.add");
      row.input.setAttribute("aria-label", t("poll.count", { n: i + 1, option: model.options[i].label }));
      const right = model.revealed && i === model.answer;
      row.item.classList.toggle("right", right);
      row.item.classList.toggle("revealed", model.revealed);
      row.item.dataset.right = String(right);
      row.note.textContent = model.revealed && model.notes ? model.notes[i] : "";
      row.mark.textContent = model.revealed ? (right ? "✓" : "✗") : "";
    });
    this.draw(t, model);
  }

  build(t, options) {
    this.rows = options.map((option, i) => {
      const add = el("button", {
        className: "poll-add", testid: "poll-add", attrs: { type: "button" }, data: { option: i + 1 },
        on: { click: () => this.add(i) },
      }, el("kbd", { className: "poll-num" }, String(i + 1)), el("span", { className: "poll-label" }, option.label),
      el("span", { className: "visually-hidden" }));
      const input = el("input", {
        className: "lk-number poll-count", testid: "poll-count",
        attrs: { type: "number", min: 0, max: MAX_HANDS, step: 1, inputmode: "numeric", value: 0 },
      });
      input.addEventListener("change", () => {
        const n = Number(input.value);
        if (Number.isInteger(n) && n >= 0 && n <= MAX_HANDS) this.set(i, n);
        else input.value = String(this.counts[i]);
      });
      const fill = el("span", { className: "poll-fill" });
      const bar = el("span", { className: "poll-bar", testid: "poll-bar", attrs: { "aria-hidden": "true" } }, fill);
      const mark = el("span", { className: "poll-mark", attrs: { "aria-hidden": "true" } });
      const note = el("span", { className: "poll-note", testid: "poll-note" });
      const item = el("li", { className: "poll-option", testid: "poll-option", data: { option: i + 1 } }, mark, add, input, bar, note);
      return { item, add, addHint: add.lastChild, input, fill, bar, mark, note };
    });
    this.list.replaceChildren(...this.rows.map((row) => row.item));
  }

  /** One more raised hand for option i (0-based); false when there is no such option. */
  add(i) {
    if (i < 0 || i >= this.counts.length) return false;
    this.set(i, Math.min(MAX_HANDS, this.counts[i] + 1));
    return true;
  }

  set(i, n) {
    this.counts[i] = n;
    this.rows[i].input.value = String(n);
    this.actions.changed(i, n);
  }

  /** The bars (as wide as the share of the largest count) and the total. */
  draw(t, model) {
    const most = Math.max(1, ...this.counts);
    const sum = this.counts.reduce((a, b) => a + b, 0);
    this.rows.forEach((row, i) => {
      row.fill.style.width = `${(100 * this.counts[i]) / most}%`;
      row.item.dataset.count = String(this.counts[i]);
      if (Number(row.input.value) !== this.counts[i]) row.input.value = String(this.counts[i]);
    });
    let text = t("poll.total", { n: sum });
    if (model.revealed && model.answer !== null) {
      text = t("poll.result", { right: this.counts[model.answer], n: sum });
    }
    this.total.textContent = text;
    this.total.dataset.total = String(sum);
  }
}
