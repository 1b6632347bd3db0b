// The one place lessons are registered. The app builds its lesson tabs from this list, in this order,
// and loads a lesson's module only when it is first opened.
//
// To add a lesson:
//   1. write web/lessons/<id>.mjs whose default export is
//        { id, params: Map(name -> spec from ../state.mjs), keys: [[keyLabel, i18nKey], ...],
//          create(ctx) -> { update(state, changed), onKey(event) -> handled?, destroy() } }
//      (ctx is described in app.mjs: t, query, setState, getState, announce, note, root, ...);
//   2. add { id, load } below;
//   3. add "lesson.<id>" (the tab title) and the lesson's own strings to both tables in ../i18n.mjs.

export const LESSONS = Object.freeze([
  Object.freeze({ id: "encode", load: () => import("./encode.mjs") }),
  Object.freeze({ id: "decode", load: () => import("./decode.mjs") }),
  Object.freeze({ id: "train", load: () => import("./train.mjs") }),
  Object.freeze({ id: "compare", load: () => import("./compare.mjs") }),
  Object.freeze({ id: "special", load: () => import("./special.mjs") }),
  Object.freeze({ id: "samples", load: () => import("./samples.mjs") }),
]);

export function findLesson(id) {
  return LESSONS.find((lesson) => lesson.id === id) || null;
}
