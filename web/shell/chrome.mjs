// The page's frame around the lesson: the elements index.html has (status, note, tabs, help), the Stop,
// Restart and "the link holds less" elements made here, the words in the current language, the lesson
// tabs, projector mode, the keyboard help overlay and the keys the open lesson does not take.
//
//     const chrome = new Chrome({ t, getState, lesson: () => host, tab: (id) => ..., onKey });
//     chrome.render()            every word and the tabs (after a language change)
//     chrome.renderNav(), chrome.renderHelp(), chrome.applyProjector(state)
//     chrome.linkShort(short)    shows or hides "the link holds less than the page"
//     chrome.note(text), chrome.announce(text)

import { applyTheme, LIMITS } from "../theme.mjs";
import { LESSONS } from "../lessons/registry.mjs";
import { FirstVisit, lessonNumber, numberedTitle } from "./path.mjs";
import { PhoneBar } from "./phoneBar.mjs";

const APP_KEYS = [
  ["PageUp PageDown", "keys.deck"],
  ["?", "keys.help"],
  ["Esc", "keys.close"],
];

function findDom() {
  const dom = {
    html: document.documentElement,
    status: document.querySelector('[data-testid="status"]'),
    statusText: document.querySelector('[data-testid="status"] .status-text'),
    note: document.querySelector('[data-testid="note"]'),
    noteText: document.querySelector('[data-testid="note"] .note-text'),
    noteClose: document.querySelector('[data-testid="note-close"]'),
    nav: document.querySelector('[data-testid="lesson-nav"]'),
    main: document.getElementById("main"),
    live: document.querySelector('[data-testid="announce"]'),
    help: document.querySelector('[data-testid="help"]'),
    helpBody: document.querySelector('[data-testid="help"] tbody'),
    helpButton: document.querySelector('[data-testid="help-button"]'),
    helpClose: document.querySelector('[data-testid="help-close"]'),
    projector: document.querySelector('[data-testid="projector-toggle"]'),
    tools: document.querySelector(".topbar-tools"),
    toolsToggle: document.querySelector('[data-testid="tools-toggle"]'),
    langButtons: [...document.querySelectorAll("[data-lang]")],
    skip: document.querySelector(".skip-link"),
  };
  const button = (testid, key) => {
    const node = document.createElement("button");
    node.type = "button";
    node.className = "tool-button engine-button";
    node.dataset.testid = testid;
    node.dataset.i18n = key;
    node.hidden = true;
    return node;
  };
  dom.stop = button("stop-engine", "engine.stop");
  dom.stop.dataset.i18nTitle = "engine.stopTitle";
  dom.restart = button("restart-engine", "engine.restart");
  dom.status.after(dom.stop, dom.restart);
  dom.linkShort = document.createElement("div");
  dom.linkShort.className = "note link-short";
  dom.linkShort.dataset.testid = "link-short";
  dom.linkShort.setAttribute("role", "status");
  dom.linkShort.hidden = true;
  dom.linkShortText = document.createElement("span");
  dom.linkShort.append(dom.linkShortText);
  dom.note.after(dom.linkShort);
  return dom;
}

/** Targets where keys belong to the control: text entry, selects, range sliders for arrows, Space and Enter on a button. */
function keyBelongsToControl(event) {
  const target = event.target;
  if (!(target instanceof Element)) return false;
  if (target.closest("textarea, select, [contenteditable=''], [contenteditable='true']")) return true;
  // Space or Enter on a button presses that button, and nothing else: not the lesson's play key too.
  if ((event.key === " " || event.key === "Enter") && target.closest("button, summary, a[href], [role='button']")) return true;
  const input = target.closest("input");
  if (input) {
    if (input.type !== "range") return true;
    return event.key !== " ";
  }
  return false;
}

export class Chrome {
  /** t(key, vars); getState(); host(): the LessonHost; tab(id): a lesson tab was clicked; setLang(lang): the phone bar's language button. */
  constructor({ t, getState, host, tab, setLang }) {
    this.t = t;
    this.getState = getState;
    this.host = host;
    this.tab = tab;
    this.dom = findDom();
    this.short = false;
    // "Start here" stays on the first lesson's tab until the visitor opens a second lesson.
    this.visit = new FirstVisit(window.localStorage);
    this.firstOpened = null;
    const dom = this.dom;
    this.phoneBar = new PhoneBar(dom, { t, getState, setLang });
    dom.navList = document.createElement("ul");
    dom.navCue = document.createElement("span");
    dom.navCue.className = "lesson-nav-cue";
    dom.navCue.dataset.testid = "lesson-nav-cue";
    dom.navCue.hidden = true;
    dom.navCue.append(Object.assign(document.createElement("span"), { className: "cue-arrow", textContent: "›" }));
    dom.navCueText = document.createElement("span");
    dom.navCueText.className = "visually-hidden";
    dom.navCue.append(dom.navCueText);
    dom.nav.replaceChildren(dom.navList, dom.navCue);
    dom.navList.addEventListener("scroll", () => this.renderNavCue(), { passive: true });
    new ResizeObserver(() => {
      this.revealCurrentTab();
      this.renderNavCue();
    }).observe(dom.navList);
    dom.helpButton.addEventListener("click", () => this.openHelp());
    // A phone folds the teacher's tools (projector, teach, export, print, keys) under one button.
    dom.toolsToggle.addEventListener("click", () => {
      const open = dom.toolsToggle.getAttribute("aria-expanded") !== "true";
      dom.toolsToggle.setAttribute("aria-expanded", String(open));
      dom.tools.classList.toggle("tools-open", open);
    });
    dom.noteClose.addEventListener("click", () => {
      dom.note.hidden = true;
    });
    dom.helpClose.addEventListener("click", () => dom.help.close());
    dom.help.addEventListener("click", (event) => {
      if (event.target === dom.help) dom.help.close();
    });
    dom.skip.addEventListener("click", (event) => {
      event.preventDefault();
      dom.main.focus();
    });
    document.addEventListener("keydown", (event) => this.onKeyDown(event));
  }

  render() {
    const { t, dom } = this;
    dom.html.lang = t("meta.htmlLang");
    document.title = t("app.title");
    for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
    for (const el of document.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
    for (const el of document.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
    const lang = this.getState().lang;
    for (const button of dom.langButtons) button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
    this.renderNav();
    this.renderHelp();
    this.linkShort(this.short);
  }

  renderNav() {
    const current = this.getState().lesson;
    if (this.firstOpened === null) this.firstOpened = current;
    else if (current !== this.firstOpened && this.visit.first) this.visit.done();
    const items = LESSONS.map((entry) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "lesson-tab";
      button.dataset.testid = `lesson-tab-${entry.id}`;
      const number = document.createElement("span");
      number.className = "tab-num";
      number.textContent = String(lessonNumber(entry.id));
      const title = document.createElement("span");
      title.className = "tab-title";
      title.textContent = this.t(`lesson.${entry.id}`);
      button.append(number, title);
      button.title = numberedTitle(this.t, entry.id);
      if (entry === LESSONS[0] && this.visit.first) {
        const start = document.createElement("span");
        start.className = "start-here";
        start.dataset.testid = "start-here";
        start.textContent = this.t("path.startHere");
        button.append(start);
      }
      if (entry.id === current) button.setAttribute("aria-current", "page");
      button.addEventListener("click", () => this.tab(entry.id));
      li.append(button);
      return li;
    });
    this.dom.navList.replaceChildren(...items);
    this.dom.navCueText.textContent = this.t("path.moreTabs");
    this.revealCurrentTab();
    this.renderNavCue();
    this.phoneBar.render();
  }

  /** The open lesson's tab scrolled into the row's view (a phone shows three or four tabs at once). */
  revealCurrentTab() {
    const list = this.dom.navList;
    const tab = list.querySelector('[aria-current="page"]');
    if (!tab || list.scrollWidth <= list.clientWidth) return;
    const left = tab.offsetLeft - list.offsetLeft;
    const right = left + tab.offsetWidth;
    if (left < list.scrollLeft) list.scrollLeft = Math.max(0, left - 24);
    else if (right > list.scrollLeft + list.clientWidth) list.scrollLeft = right - list.clientWidth + 48;
  }

  /** The cue at the row's end while more tabs hide past it. */
  renderNavCue() {
    const list = this.dom.navList;
    const more = list.scrollWidth - list.clientWidth - list.scrollLeft > 2;
    this.dom.navCue.hidden = !more;
    this.dom.nav.dataset.more = String(more);
  }

  applyProjector(state) {
    applyTheme(state.projector);
    document.body.classList.toggle("projector", state.projector);
    this.dom.html.classList.toggle("projector", state.projector);
    this.dom.projector.setAttribute("aria-pressed", String(state.projector));
  }

  /** The note that the link holds less than the page: some text field is too long for it. */
  linkShort(short) {
    this.short = short;
    this.dom.linkShort.hidden = !short;
    if (short) this.dom.linkShortText.textContent = this.t("link.short", { max: LIMITS.hashTextMax.toLocaleString("en-US") });
  }

  /** A quiet note under the header; it stays until dismissed or replaced. */
  note(text) {
    this.dom.noteText.textContent = text;
    this.dom.note.hidden = false;
  }

  announce(text) {
    if (this.dom.live.textContent !== text) this.dom.live.textContent = text;
  }

  renderHelp() {
    const mod = this.host().module;
    const keys = [...(mod && mod.keys ? mod.keys : []), ...APP_KEYS];
    const rows = keys.map(([combo, key]) => {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.scope = "row";
      for (const part of combo.split(" ")) {
        const kbd = document.createElement("kbd");
        kbd.textContent = this.t(`kbd.${part}`) === `kbd.${part}` ? part : this.t(`kbd.${part}`);
        th.append(kbd, " ");
      }
      const td = document.createElement("td");
      td.textContent = this.t(key);
      tr.append(th, td);
      return tr;
    });
    this.dom.helpBody.replaceChildren(...rows);
  }

  openHelp() {
    if (!this.dom.help.open) this.dom.help.showModal();
  }

  onKeyDown(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (this.dom.help.open) return;
    if (keyBelongsToControl(event)) return;
    if (event.key === "?") {
      event.preventDefault();
      this.openHelp();
      return;
    }
    const lesson = this.host().lesson;
    if (lesson && lesson.onKey(event)) event.preventDefault();
  }
}
