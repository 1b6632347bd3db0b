// The phone's compact header: once the page's own header has scrolled away on a narrow screen, a bar
// stays at the top with the open lesson ("Lesson 2 of 9: Decode"), a labelled button back to the tabs
// and tools, and the other language. Wider screens never show it (style.css).
//
//     const bar = new PhoneBar(dom, { t, getState, setLang });   bar.render()   (after a lesson or language change)

import { LESSONS } from "../lessons/registry.mjs";
import { el } from "../ui/dom.mjs";
import { lessonNumber } from "./path.mjs";

export class PhoneBar {
  constructor(dom, { t, getState, setLang }) {
    this.t = t;
    this.getState = getState;
    this.dom = dom;
    this.lesson = el("span", { className: "phone-bar-lesson", testid: "phone-bar-lesson" });
    this.top = el("button", {
      className: "tool-button phone-bar-top", testid: "phone-bar-top", attrs: { type: "button" },
      on: { click: () => this.toTop() },
    });
    this.lang = el("button", {
      className: "tool-button phone-bar-lang", testid: "phone-bar-lang", attrs: { type: "button" },
      on: { click: () => setLang(this.getState().lang === "zh" ? "en" : "zh") },
    });
    this.node = el("div", { className: "phone-bar", testid: "phone-bar", attrs: { hidden: true } }, this.lesson, this.top, this.lang);
    const header = document.querySelector("header.topbar");
    header.after(this.node);
    // Shown while the header is out of view (the header's bottom edge has left the top of the screen).
    new IntersectionObserver((entries) => {
      for (const entry of entries) this.node.hidden = entry.isIntersecting || entry.boundingClientRect.bottom > 0;
    }).observe(header);
  }

  render() {
    const state = this.getState();
    if (!state) return;
    const t = this.t;
    this.lesson.textContent = t("path.phoneLesson", {
      n: lessonNumber(state.lesson), total: LESSONS.length, title: t(`lesson.${state.lesson}`),
    });
    this.top.textContent = t("path.toTop");
    this.top.title = t("path.toTopTitle");
    this.lang.textContent = t("path.otherLang");
    this.lang.setAttribute("aria-label", t("path.otherLangLabel"));
    this.lang.lang = state.lang === "zh" ? "en" : "zh-CN";
  }

  /** Back to the page's header, the open lesson's tab focused. */
  toTop() {
    window.scrollTo({ top: 0 });
    const tab = this.dom.nav.querySelector('[aria-current="page"]');
    if (tab) tab.focus({ preventScroll: true });
  }
}
