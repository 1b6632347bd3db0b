// The lesson that is open: lesson modules loaded once each (lessons/registry.mjs), the lesson created on
// the state with its context (ctx, written once in registry.mjs), its "check yourself" card, and the
// message with a Retry button when a module does not load.
//
//     const host = new LessonHost(root, { makeContext, t, opened, failed });
//     await host.load(id)        -> the module (rejects when it does not load)
//     host.schemaFor(id)         -> Map of the core fields and the lesson's own, or null while not loaded
//     await host.open(id, state) the lesson on `state` (an older open() that finishes later gives way)
//     host.lesson, host.module   the open lesson (update, onKey, destroy) and its module
//     the lesson ends with the link to the next one (shell/path.mjs NextLink)
//
// Settled (ui/settled.mjs), once for every lesson: the root carries data-asked (the newest state asked)
// and data-settled (the state drawn, absent while anything is on its way). The host counts each open and
// each update as a state asked, holds it while a lesson's module loads, and tracks the lesson's engine
// requests (ctx.query); a lesson holds it for what else it waits on (debounces, frames, files).

import { LESSONS, findLesson } from "../lessons/registry.mjs";
import { checkCard } from "../ui/questions.mjs";
import { NextLink } from "./path.mjs";
import { Latest } from "../ui/latest.mjs";
import { settled } from "../ui/settled.mjs";

export class LessonHost {
  /**
   * core: the core fields' schema; makeContext(id): the ctx a lesson gets; t(key, vars); opened(): a
   * lesson (or its error) is on the page now; retry(id): the Retry button; next(id): the Next link at
   * the lesson's end.
   */
  constructor(root, { core, makeContext, t, opened, retry, next }) {
    this.root = root;
    this.core = core;
    this.makeContext = makeContext;
    this.t = t;
    this.opened = opened;
    this.retry = retry;
    this.modules = new Map();
    this.failures = new Map(); // lesson id -> how many times its module did not load
    this.module = null;
    this.lesson = null;
    this.questions = null;
    this.opening = new Latest(); // the newest open(): an older one whose module loads later gives way
    this.next = new NextLink(next);
    settled.attach(root);
  }

  has(id) {
    return this.modules.has(id);
  }

  async load(id) {
    if (this.modules.has(id)) return this.modules.get(id);
    const entry = findLesson(id) || LESSONS[0];
    const failed = this.failures.get(entry.id) ?? 0;
    let mod;
    try {
      mod = (await entry.load(failed)).default;
    } catch (error) {
      this.failures.set(entry.id, failed + 1); // the next try asks under a new URL (registry.mjs)
      throw error;
    }
    this.modules.set(entry.id, mod);
    return mod;
  }

  schemaFor(id) {
    const mod = this.modules.get(id);
    if (!mod) return null;
    const schema = new Map(this.core);
    if (mod.params) for (const [name, spec] of mod.params) schema.set(name, spec);
    return schema;
  }

  /** Opens lesson `id` on `getState()` (read once its module is there): an error box if it does not load. */
  async open(id, getState) {
    const ticket = this.opening.next();
    settled.asked();
    const loading = settled.hold();
    let mod;
    try {
      mod = await this.load(id);
    } catch (error) {
      loading();
      if (this.opening.is(ticket)) this.showError(id, error);
      return false;
    }
    loading();
    if (!this.opening.is(ticket)) return false;
    this.close();
    settled.reset();
    this.module = mod;
    this.root.replaceChildren();
    this.lesson = watched(mod.create(watchedContext(this.makeContext(id))));
    this.questions = checkCard(mod.id);
    if (this.questions) {
      this.root.append(this.questions.node);
      this.questions.apply(this.t);
    }
    this.root.append(this.next.render(this.t, mod.id));
    this.opened();
    const state = getState();
    this.lesson.update(state, new Set(Object.keys(state)));
    return true;
  }

  close() {
    if (this.lesson) this.lesson.destroy();
    this.lesson = null;
    this.module = null;
    this.questions = null;
  }

  /** The lesson's module did not load (offline, a failed fetch): say so, with a Retry button. */
  showError(id, error) {
    this.close();
    settled.reset();
    const t = this.t;
    const box = document.createElement("section");
    box.className = "card lesson-error";
    box.dataset.testid = "lesson-error";
    box.setAttribute("role", "alert");
    const text = document.createElement("p");
    text.dataset.i18n = "lessonError.text";
    text.textContent = t("lessonError.text");
    const detail = document.createElement("p");
    detail.className = "fine";
    detail.textContent = String(error && error.message || error);
    const retry = document.createElement("button");
    retry.type = "button";
    retry.className = "primary";
    retry.dataset.testid = "lesson-retry";
    retry.dataset.i18n = "lessonError.retry";
    retry.textContent = t("lessonError.retry");
    retry.addEventListener("click", () => this.retry(id));
    box.append(text, detail, retry);
    this.root.replaceChildren(box);
    this.opened();
  }

  /** The lesson's text in the new language, and its card's. */
  relabel() {
    if (this.questions) this.questions.apply(this.t);
    if (this.module) this.next.render(this.t, this.module.id);
  }
}

/** The lesson's context, its engine requests tracked by Settled (held until answered). */
function watchedContext(ctx) {
  const query = ctx.query;
  return { ...ctx, query: (...args) => settled.track(query(...args)) };
}

/** The lesson, each of its updates counted as a newer state asked (ui/settled.mjs). */
function watched(lesson) {
  const update = lesson.update.bind(lesson);
  lesson.update = (state, changed) => {
    settled.asked();
    return update(state, changed);
  };
  return lesson;
}
