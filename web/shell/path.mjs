// The path through the lessons: each lesson's number in teaching order (its place in
// lessons/registry.mjs, never typed in), the "Start here" mark a first visit shows on the first
// lesson's tab, and the "Next" link at the end of every lesson but the last.
//
//     lessonNumber("decode")       -> 2 (while decode is second in LESSONS)
//     nextLesson("encode")         -> the registry's entry for decode; null for the last lesson
//     const visit = new FirstVisit(localStorage); visit.first -> true until visit.done()
//     const next = new NextLink(go); next.render(t, id) -> the <nav> (hidden for the last lesson)

import { LESSONS } from "../lessons/registry.mjs";
import { el } from "../ui/dom.mjs";
import "./pathStrings.mjs";

/** The lesson's place in the teaching order, from 1; 0 for an id the registry does not hold. */
export function lessonNumber(id) {
  return LESSONS.findIndex((entry) => entry.id === id) + 1;
}

/** The lesson after `id` in the registry's order, or null after the last one. */
export function nextLesson(id) {
  const i = LESSONS.findIndex((entry) => entry.id === id);
  return i >= 0 && i + 1 < LESSONS.length ? LESSONS[i + 1] : null;
}

/** A lesson's title with its number, as the tabs and the Next link write it: "2 · Decode". */
export function numberedTitle(t, id) {
  return t("path.numbered", { n: lessonNumber(id), title: t(`lesson.${id}`) });
}

const VISITED = "toklab.path.visited";

/** Whether this browser has opened a second lesson yet (localStorage; a browser that refuses it: a first visit each time). */
export class FirstVisit {
  constructor(storage) {
    this.storage = storage;
    let seen = false;
    try {
      seen = storage.getItem(VISITED) === "1";
    } catch {
      seen = false;
    }
    this.first = !seen;
  }

  /** The visitor moved on along the path: "Start here" is no longer shown. */
  done() {
    this.first = false;
    try {
      this.storage.setItem(VISITED, "1");
    } catch {
      // Storage refused (private mode, full): the mark simply goes for this page.
    }
  }
}

/** The link at the end of a lesson to the next one; go(id) opens it. */
export class NextLink {
  constructor(go) {
    this.id = null;
    this.label = el("span", { className: "lesson-next-lead" });
    this.title = el("span", { className: "lesson-next-title" });
    this.button = el("button", {
      className: "primary lesson-next-button", testid: "lesson-next-button", attrs: { type: "button" },
      on: { click: () => this.id && go(this.id) },
    }, this.label, " ", this.title, el("span", { attrs: { "aria-hidden": "true" } }, " →"));
    this.node = el("nav", { className: "card lesson-next", testid: "lesson-next" }, this.button);
  }

  /** The link after lesson `id`, in the current language; hidden after the last lesson. */
  render(t, id) {
    const next = nextLesson(id);
    this.id = next ? next.id : null;
    this.node.hidden = !next;
    this.node.setAttribute("aria-label", t("path.nextLabel"));
    if (!next) return this.node;
    this.node.dataset.next = next.id;
    this.label.textContent = t("path.next");
    this.title.textContent = numberedTitle(t, next.id);
    return this.node;
  }
}
