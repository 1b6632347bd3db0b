// Ask before telling (issue 40): the families lesson opens each text on one question, and its columns
// show only after a guess or a press of "Just show me". The question and its answer are computed from
// the columns' facts (facts.mjs); this module judges a pick and draws the card.
//
//     const ask = new AskFirst(b, {pick: (choice) => ..., show: () => ...});   place ask.node
//     ask.render(t, {question, choices, answer, picked, state})
//
// Test hooks: ask-card (data-kind, data-state = waiting | asking | told | failed), ask-first (the
// question), ask-choice (data-choice, aria-pressed once picked, data-right once told), ask-next (show
// the answer without a guess), ask-feedback (data-result = correct | wrong | shown): the shared question
// card's names (issue 40).

import { el } from "../../ui/dom.mjs";
import { fewest, choiceChars, cutSet } from "./facts.mjs";

export const NOWHERE = "nowhere";

/**
 * The question for `text` of kind "fewest" or "bytes", with its choices and its answer: the choices that
 * are right. A "bytes" question needs Llama 2's column and a text of few distinct characters; otherwise
 * it asks "fewest". `facts`: Map(column id -> its facts), complete (every column answered).
 *
 *     question("fewest", text, ["r50k", "llama2"], facts) -> {kind: "fewest", choices: ["r50k", "llama2"], right: ["llama2"]}
 *     question("bytes", "今天天气真好", ids, facts)        -> {kind: "bytes", choices: ["今", "天", "气", "真", "好", "nowhere"], right: ["气"]}
 */
export function question(kind, text, columns, facts) {
  const chars = kind === "bytes" && columns.includes("llama2") ? choiceChars(text) : null;
  if (chars && chars.length) {
    const cut = facts ? cutSet(facts.get("llama2")) : null;
    return { kind: "bytes", choices: [...chars, NOWHERE], right: cut ? (cut.length ? cut : [NOWHERE]) : null };
  }
  const right = facts ? fewest(columns.map((id) => ({ id, count: facts.get(id).count }))) : null;
  return { kind: "fewest", choices: columns.slice(), right };
}

export class AskFirst {
  constructor(b, { pick, show }) {
    this.buttons = new Map();
    this.choicesKey = null;
    this.pickFn = pick;
    this.title = b.text(el("h2", { className: "stage-title", id: "ask-title" }), "families.ask.title");
    this.question = el("p", { className: "predict-question", testid: "ask-first", id: "ask-first-question" });
    this.choices = el("div", { className: "predict-choices", testid: "ask-choices", attrs: { role: "group", "aria-labelledby": "ask-first-question" } });
    this.show = b.text(el("button", { className: "ghost", testid: "ask-next", attrs: { type: "button" }, on: { click: () => show() } }), "families.ask.show");
    this.verdict = el("p", { className: "predict-feedback", testid: "ask-feedback", attrs: { role: "status" } });
    this.node = el("section", { className: "card ask-card", testid: "ask-card", attrs: { "aria-labelledby": "ask-title" } },
      el("header", { className: "stage-head" }, this.title),
      this.question, this.choices, el("div", { className: "ask-foot" }, this.show), this.verdict);
  }

  /**
   * Draws the card. `state`: "waiting" (answers on their way: the choices are shown but disabled),
   * "asking", "told" (picked or shown: the verdict), "failed" (a column could not answer).
   * `labels`: Map(choice -> its label); `verdict`: {result, text} when told.
   */
  render(t, { q, labels, picked, state, verdict }) {
    this.node.dataset.kind = q.kind;
    this.node.dataset.state = state;
    this.question.textContent = t(`families.ask.${q.kind}`);
    const key = JSON.stringify(q.choices);
    if (key !== this.choicesKey) {
      this.choicesKey = key;
      this.buttons = new Map(q.choices.map((choice) => [choice, el("button", {
        className: "predict-choice", testid: "ask-choice", attrs: { type: "button" }, data: { choice },
        on: { click: () => this.pickFn(choice) },
      }, el("span", { className: "predict-choice-text" }))]));
      this.choices.replaceChildren(...this.buttons.values());
    }
    const told = state === "told";
    for (const [choice, button] of this.buttons) {
      button.firstChild.textContent = labels.get(choice);
      button.disabled = state !== "asking";
      button.setAttribute("aria-pressed", String(choice === picked));
      if (told && q.right) button.dataset.right = String(q.right.includes(choice));
      else delete button.dataset.right;
    }
    this.show.hidden = state !== "asking" && state !== "waiting";
    this.show.disabled = state !== "asking";
    const line = state === "waiting" ? t("families.ask.waiting") : state === "failed" ? t("families.ask.failed") : told ? verdict.text : "";
    this.verdict.hidden = !line;
    this.verdict.textContent = line;
    if (told) this.verdict.dataset.result = verdict.result;
    else delete this.verdict.dataset.result;
  }
}
