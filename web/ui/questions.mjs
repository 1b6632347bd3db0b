// The "check yourself" card the shell adds at the end of every lesson: each question is a <details>
// element, so its answer stays hidden until the student opens it (by click, Enter or Space), and the
// browser keeps it accessible without any script of ours.

import { el, Bindings } from "./dom.mjs";
import { QUESTIONS } from "../questions.mjs";

/**
 * checkCard("encode") -> { node, apply(t) } or null when the lesson asks no questions.
 * apply(t) writes every string in the current language (call it again after a language switch).
 */
export function checkCard(lessonId) {
  const list = Object.hasOwn(QUESTIONS, lessonId) ? QUESTIONS[lessonId] : null;
  if (!list || list.length === 0) return null;
  const bindings = new Bindings();
  const items = list.map(({ id, vars, how }) => {
    const values = vars ? vars() : undefined;
    return el("details", { className: "check-item", testid: "check-question", data: how ? { question: id, how } : { question: id } },
      el("summary", { className: "check-summary" },
        bindings.text(el("span", { className: "check-q" }), `check.${id}.q`, values),
        bindings.text(el("span", { className: "check-show" }), "check.show")),
      bindings.text(el("p", { className: "check-a", testid: "check-answer" }), `check.${id}.a`, values));
  });
  const heading = `check-title-${lessonId}`;
  const node = el("section", { className: "card check-card", testid: "check-section", attrs: { "aria-labelledby": heading } },
    bindings.text(el("h2", { className: "stage-title", id: heading }), "check.title"),
    bindings.text(el("p", { className: "check-lead" }), "check.lead"),
    el("div", { className: "check-list" }, ...items));
  return { node, apply: (t) => bindings.apply(t) };
}
