// The encode lesson's actions: every change the lesson makes carries its cause, and one pure function
// decides what it does to the piece and the step (docs/frontend.md, "One action, from key to canvas").
//
//     const { model, patch, before, after } = reduce({ model, state, overview, active }, action);
//
//   model     what the lesson remembers between actions (below, START): the piece the reader was put
//             on or went to (`held`), whether the text was typed since the last overview, the caret
//             and paste of the last key, whether a table chosen here restarts its trace at step 0
//   state     the app's state as it is (text, piece, step, encoding)
//   overview  the overview shown (the session's snapshot; for "overview", the new one), or null
//   active    the table in use (EncodingChoice's: r50k until the chosen table has loaded)
//   action    {type, ...} (below)
// and returns the new model, the patch for the app's state (null: none), and the effects the lesson
// runs before and after the patch ("pause", "ask", "trace", ...: EncodeLesson.effect). The lesson's
// update() runs once, after the patch, and never dispatches from inside itself: an action dispatched
// while an update runs waits for it.
//
// Actions:
//   changed     {changed}                 the state changed from outside (the first state, a link, Back,
//                                         the classroom, a control of the page's own)
//   typed       {text, caret, pasted}     a key or a paste in the box; caret in code points, or null
//   preset      {preset}                  an example chosen
//   pieceChosen {piece}                   a piece chosen (a chip, a key, a page of pieces)
//   stepped     {step}                    the Stepper went to a step
//   tableChosen {encoding}                a table chosen (the quick counts)
//   fileOpened  {name, again}             the reader's tokenizer.json opened (again: a second one)
//   tableInUse  {}                        the table in use changed (a larger one loaded, or back to r50k)
//   overview    {previous, empty}         a new text's overview arrived (previous: the piece shown before)
//   trace       {total}                   the selected piece's trace arrived, with its number of steps

import { pieceMeta, followPiece } from "./frames.mjs";
import { CUSTOM_TABLE } from "../../protocol.mjs";

/** The model before the lesson's first state. */
export const START = Object.freeze({ opened: false, held: null, typed: false, pasted: false, caret: null, restart: false });

/** The text of piece `index` of `overview`, or null (no overview, or the piece is on another page). */
export const pieceText = (overview, index) => (overview && pieceMeta(overview, index)?.text) ?? null;

/**
 * What a patch does to the model: a table chosen after the first state restarts its trace at step 0
 * when it is in use (the table a link opened with keeps the link's step); a piece or step the reader
 * went to, with the text as it is, is the piece held (typing elsewhere keeps it).
 */
function patched(model, state, patch, overview, { follow = false } = {}) {
  const next = { ...state, ...(patch ?? {}) };
  const changes = (name) => !Object.is(next[name], state[name]);
  let m = model;
  if (changes("encoding") && model.opened) m = { ...m, restart: true };
  if (!follow && !changes("text") && (changes("piece") || changes("step"))) m = { ...m, held: pieceText(overview, next.piece) };
  return m;
}

function result(model, state, overview, patch, { before = [], after = [], follow = false } = {}) {
  return { model: patched(model, state, patch, overview, { follow }), patch, before, after };
}

export function reduce({ model, state, overview = null, active = null }, action) {
  switch (action.type) {
    case "changed": {
      const { changed } = action;
      let m = { ...model, opened: true };
      if (changed.has("encoding") && model.opened) m.restart = true;
      if (changed.has("text")) m.typed = false; // a link or Back set the text: no caret to follow
      else if (changed.has("piece") || changed.has("step")) m.held = pieceText(overview, state.piece);
      return { model: m, patch: null, before: [], after: [] };
    }
    case "typed":
      return result({ ...model, typed: true, pasted: Boolean(action.pasted), caret: action.caret ?? null }, state, overview, { text: action.text });
    case "preset": {
      const { preset } = action;
      const patch = { text: preset.text, piece: preset.piece, step: 0, ...(preset.encoding ? { encoding: preset.encoding } : {}) };
      return result({ ...model, typed: false }, state, overview, patch, { before: ["pause"] });
    }
    case "pieceChosen":
      return result(model, state, overview, action.piece === state.piece ? null : { piece: action.piece, step: 0 }, { before: ["pause"] });
    case "stepped":
      return result(model, state, overview, { step: action.step });
    case "tableChosen":
      return result(model, state, overview, { encoding: action.encoding });
    case "fileOpened":
      return result(model, state, overview, { encoding: CUSTOM_TABLE, tokfile: action.name, piece: 0, step: 0 },
        { before: ["pause", "forgetTraces"], after: action.again ? ["reloadCustom"] : [] });
    case "tableInUse":
      return result({ ...model, typed: false, restart: false }, state, overview, model.restart ? { step: 0 } : null,
        { before: ["pause"], after: ["ask"] });
    case "overview": {
      if (action.empty) {
        return result({ ...model, typed: false, pasted: false }, state, overview, { piece: 0, step: 0 }, { before: ["drop"], after: ["markAll"] });
      }
      const { typed, pasted, held } = model;
      const { piece, step } = followPiece(overview, {
        piece: state.piece, step: state.step, typed, pasted, held,
        previousText: action.previous?.text ?? null, caret: typed && !pasted ? model.caret : null,
      });
      // The piece the caret led to is not held: the piece the reader was put on stays the one a fast
      // typist's later texts are compared with, whichever of them the engine answered.
      const m = { ...model, typed: false, pasted: false, held: !typed || pasted ? pieceText(overview, piece) : held };
      // A piece that moved asks for its trace in update(), as any change of piece does; the same piece asks here.
      return result(m, state, overview, { piece, step }, { before: ["overviewShown"], after: piece === state.piece ? ["trace"] : [], follow: true });
    }
    case "trace":
      // A step past the end is cut to it, but not on r50k's trace while the chosen table still loads.
      if (active === state.encoding && state.step > action.total) return result(model, state, overview, { step: action.total });
      return result(model, state, overview, null, { after: ["stepChanged"] });
    default:
      throw new Error(`encode: no action ${action.type}`);
  }
}
