// The one place lessons are registered, and the one place the lesson contract is written. The app
// builds its lesson tabs from LESSONS, in this order, and loads a lesson's module only when it is
// first opened.
//
// The contract. A lesson module's default export is
//
//     { id, params, keys, create(ctx), sheet? }
//       id       the lesson's name in the URL (#lesson=<id>) and in i18n ("lesson.<id>")
//       params   Map(name -> spec from ../state.mjs): the lesson's own state fields, in the URL hash; a
//                name means one thing in every lesson (a tab carries the state's value to the next one)
//       keys     [[keyLabel, i18nKey], ...]: the rows it adds to the keyboard help
//       sheet(ctx, state) -> Promise<{work, key}>   its printable worksheet (../classroom/print.mjs);
//                without one the lesson gets the pieces sheet
//       create(ctx) -> { update(state, changed), onKey(event) -> handled?, exportScene(), destroy() }
//         update   the state changed: `changed` is the Set of field names (every name on the first call)
//         onKey    a key pressed while focus is not in a text field; true when the lesson used it
//         exportScene() -> {view, text, table, merges}   what the PNG and GIF exports draw
//                  (../classroom/export.mjs): the cards that are the lesson's view (Elements; not its
//                  intro, text box, settings or questions), its text ("" when none), its table (null
//                  when it has no choice of table), its merge canvas (a MergeCanvas, or null)
//         destroy  remove the page and stop every timer, request and animation
//       Settled (../ui/settled.mjs): the lesson root says data-settled once the lesson has drawn the
//       newest state asked and nothing is on its way. The host counts updates and tracks ctx.query; a
//       lesson holds `settled` for anything else it waits on before drawing (a pause, a frame, a file).
//
// and `ctx`, given by the app (app.mjs makeContext), holds
//     root                     the element the lesson renders into
//     t(key, vars)             a string in the current language (i18n.mjs)
//     getState(), setState(patch)   the one state object (setState calls update at once)
//     query(kind, payload, {onProgress, round}?) -> Promise<{ok, result | error}>   the engine (or its
//                              precomputed answer); never throws; onProgress while a table the payload names
//                              downloads; a request of a later round replaces a waiting one of the same kind
//                              ({ok: false, superseded: true}; docs/frontend.md, "The engine's requests")
//     engineReady(), onEngineReady(fn)   whether Python answers yet
//     holdsTable(name)         whether the engine's worker holds that table now (a restarted one holds
//                              only r50k_base; the others are fetched when a request names them)
//     tables(), onTables(fn)   the engine's tables store ({held, loading}: engine.mjs): onTables calls fn
//                              at once and at each change, and returns the unsubscribe
//     announce(text)           the aria-live region;   note(text)  a quiet note under the header
//     reducedMotion()          true when the user asked for reduced motion
//     linkValues()             the fields the link that opened the lesson named ({} when its tab, a reload
//                              or a restart opened it): the lab says "this code came from a link" by it
//
// How a lesson is built inside (docs/frontend.md): TextLesson (ui/textLesson.mjs) for one text box and one
// query; session, frames and view with the Stepper (ui/stepper.mjs) for a lesson that steps (encode, train).
//
// To add a lesson: write web/lessons/<id>.mjs keeping the contract, add { id, load } below, add
// "lesson.<id>" (the tab title, needed before the lesson loads) to the titles below, and register the
// lesson's own strings from its module (e.g. <id>/strings.mjs, imported by <id>.mjs; ../i18n.mjs).

import { registerPairs } from "../i18n.mjs";

/**
 * A lesson's module, loaded by `load(attempt)`. A module whose fetch failed stays failed in the page's
 * module map (Chromium 150 answers the same URL with the same error, never asking the network again), so
 * attempt k > 0 (a Retry after k failures) asks for it under a URL of its own: `special.mjs?attempt=1`.
 * The service worker keys files by path, so the copy it keeps still answers offline.
 */
const lesson = (id) => Object.freeze({
  id,
  load: (attempt = 0) => import(attempt > 0 ? `./${id}.mjs?attempt=${attempt}` : `./${id}.mjs`),
});

export const LESSONS = Object.freeze([
  lesson("encode"),
  lesson("decode"),
  lesson("train"),
  lesson("compare"),
  lesson("special"),
  lesson("tables"),
  lesson("families"),
  lesson("models"),
  lesson("samples"),
  lesson("quirks"),
  lesson("lab"),
  lesson("glossary"),
]);

// The tabs' titles, in both languages.
registerPairs({
  "lesson.glossary": {
    en: "Glossary",
    zh: "术语表",
  },
  "lesson.encode": {
    en: "Encode",
    zh: "编码",
  },
  "lesson.train": {
    en: "Train",
    zh: "训练",
  },
  "lesson.decode": {
    en: "Decode",
    zh: "解码",
  },
  "lesson.compare": {
    en: "Compare",
    zh: "对比",
  },
  "lesson.special": {
    en: "Special tokens",
    zh: "特殊 token",
  },
  "lesson.models": {
    en: "Models",
    zh: "模型",
  },
  "lesson.samples": {
    en: "Samples",
    zh: "训练样本",
  },
  "lesson.tables": {
    en: "Three tables",
    zh: "三张词表",
  },
  "lesson.families": {
    en: "Families",
    zh: "分词家族",
  },
  "lesson.quirks": {
    en: "Why models stumble",
    zh: "模型为何犯错",
  },
  "lesson.lab": {
    en: "Lab",
    zh: "动手写",
  },
});

export function findLesson(id) {
  return LESSONS.find((lesson) => lesson.id === id) || null;
}
