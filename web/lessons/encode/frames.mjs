// The encode lesson's frames: what the page shows, as pure functions of the session's snapshot and
// the state (text, piece, step, mistake). Nothing here touches the DOM or asks the engine; the view
// draws what these return, and the canvas frames themselves come from canvas/frames.mjs (buildFrame).

import { MAX_TRACE_BYTES } from "../../protocol.mjs";
import { buildFrame } from "../../canvas/frames.mjs";
import { PRESETS } from "./presets.mjs";
import { stepCount } from "./family.mjs";

/** This lesson encodes like encode_ordinary: "<|endoftext|>" typed by a user is plain text. */
export const ALLOWED_SPECIAL = "none";

/**
 * The overview request for the page of pieces that holds piece `piece` (the engine knows the page size
 * and answers it as piece_limit; the first page needs no paging, so it matches the precomputed answer).
 *
 *     overviewPayload("hi", 0)     -> {text: "hi", allowed_special: "none"}
 *     overviewPayload("hi", 2345)  -> {text: "hi", allowed_special: "none", piece: 2345}
 */
export function overviewPayload(text, piece) {
  if (piece === 0) return { text, allowed_special: ALLOWED_SPECIAL };
  return { text, allowed_special: ALLOWED_SPECIAL, piece };
}

/** The overview's listed ids as the ids line writes them: "1, 2, …" when the text has more. */
export function listedIds(o) {
  return `${o.ids.join(", ")}${o.n_ids > o.ids.length ? ", …" : ""}`;
}

/** The trace_piece request for piece `index` of `text`. */
export function tracePayload(text, index) {
  return { text, index, allowed_special: ALLOWED_SPECIAL };
}

/** Piece `index` of an overview when it is on the loaded page, else null. */
export function pieceMeta(overview, index) {
  if (!overview) return null;
  const i = index - overview.piece_offset;
  return i >= 0 && i < overview.pieces.length ? overview.pieces[i] : null;
}

/** The piece (on the loaded page) that holds code point `caret`, or null. */
export function pieceAt(overview, caret) {
  for (const piece of overview.pieces) {
    if (caret > piece.start && caret <= piece.end) return piece.index;
  }
  return null;
}

/** The preset whose text is `text`, or null. */
export function presetFor(text, encoding = undefined) {
  const matches = PRESETS.filter((p) => p.text === text);
  return matches.find((p) => p.encoding && p.encoding === encoding) || matches.find((p) => !p.encoding) || null;
}

/** The notes under the text box (i18n keys) for `text`; `overview` says whether it held "<|endoftext|>". */
export function inputNotes(text, overview) {
  const notes = [];
  const o = overview && overview.text === text ? overview : null;
  if (o && Object.hasOwn(o, "plain_special") ? o.plain_special : text.includes("<|endoftext|>")) {
    notes.push("input.endoftext");
  }
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u.test(text)) notes.push("input.control");
  if (/[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u.test(text)) notes.push("input.rtl");
  if (!text.isWellFormed()) notes.push("input.surrogate");
  return notes;
}

/** Whether the shown piece is out of date: an error, or an answer slower than TIMING.staleAfterMs. */
export function isStale(snapshot) {
  return Boolean(snapshot.error) || (snapshot.pending && snapshot.slow);
}

/**
 * Everything the merge stage shows for (snapshot, state): the selected piece's overview entry, its
 * trace, the step (clamped), frame `step` of the trace, whether the common mistake is shown beside it,
 * and what the placeholder says when there is nothing to draw ([i18n key, vars] or null); `loadingTable`
 * is the name of a table on its way to the engine ("" when none is), `active` the table in use. What is
 * drawn is the chosen table's: while another loads, or before the table in use has answered, the stage
 * says so instead of showing the table before it (its caption read "Step 0 of 8" for r50k under Qwen3).
 */
export function stageFrame(snapshot, state, engineReady, loadingTable = "", active = null) {
  const o = snapshot.overview;
  const current = !loadingTable && !(active && o && o.encoding && o.encoding !== active);
  const trace = current ? snapshot.trace : null;
  const meta = pieceMeta(o, state.piece);
  const total = stepCount(trace); // a Unigram trace steps through its lattice's positions (family.mjs)
  const step = Math.min(state.step, total);
  let placeholder = null;
  if (state.text === "") placeholder = ["encode.empty"];
  else if (!trace && meta && meta.bytes.length > MAX_TRACE_BYTES) placeholder = ["stage2.tooLong", { bytes: meta.bytes.length.toLocaleString() }];
  else if (!trace && snapshot.error) placeholder = ["encode.keepTyping"];
  else if (!trace && loadingTable) placeholder = ["encode.loadingTable"];
  else if (!trace && !engineReady) placeholder = ["encode.waiting"];
  else if (!trace) placeholder = ["encode.tracing"];
  return {
    overview: o,
    meta,
    trace,
    total,
    step,
    frame: trace ? buildFrame(trace, trace, step) : null,
    mistake: state.mistake && Boolean(trace && trace.greedy),
    placeholder,
    stale: isStale(snapshot),
  };
}

/**
 * The canvases' scenes at `step`, or between tween.from and tween.to at tween.t: the rank-order run,
 * and (with `mistake`) the left-to-right run, which steps with it while it has steps left.
 */
export function canvasScenes(trace, step, tween, mistake) {
  const rank = tween
    ? { from: buildFrame(trace, trace, tween.from), to: buildFrame(trace, trace, tween.to), t: tween.t }
    : { from: buildFrame(trace, trace, step), to: null, t: 0 };
  if (!mistake || !trace.greedy) return { rank, greedy: null };
  const g = trace.greedy;
  const last = g.steps.length;
  const gStep = Math.min(step, last);
  const a = tween ? Math.min(tween.from, last) : gStep;
  const b = tween ? Math.min(tween.to, last) : gStep;
  const greedy = a === b
    ? { from: buildFrame(trace, g, b), to: null, t: 0 }
    : { from: buildFrame(trace, g, a), to: buildFrame(trace, g, b), t: tween.t };
  return { rank, greedy: { ...greedy, step: gStep, total: last } };
}

/**
 * The first piece (on the loaded page) with something to show: one that holds a character of several
 * bytes, or that takes at least two merges (each merge joins two symbols, so a piece of b bytes that
 * ends as k tokens took b - k merges); else the first with any merge; else the first piece.
 *
 *     firstTellingPiece(overview of "Hi! 今天")  ->  the index of " 今天"  ("Hi" takes one merge, "!" none)
 */
export function firstTellingPiece(overview) {
  const pieces = overview.pieces.filter((p) => p.rule !== "special");
  const merges = (p) => p.bytes.length - p.ids.length;
  const telling = pieces.find((p) => p.bytes.length > [...p.text].length || merges(p) >= 2)
    || pieces.find((p) => merges(p) >= 1);
  return telling ? telling.index : overview.piece_offset;
}

/**
 * Which piece and step a new text's overview opens (pure; the "overview" action of actions.mjs applies it). The
 * piece stays (within the new count) unless the text was typed: after a paste the first piece with
 * something to show opens at step 0; after typing that changed the piece the reader was on (`held`, the
 * text of the piece a link, a preset or the reader's own choice put them on, else `previousText`, the
 * piece's text before), the caret's piece (`caret`, a code point offset, or null) opens at step 0.
 *     followPiece(overview, { piece: 3, step: 2, typed: true, pasted: false, held: "the", previousText: null, caret: 12 })
 *       -> { piece: 4, step: 0 }
 */
export function followPiece(overview, { piece, step, typed, pasted, held = null, previousText = null, caret = null }) {
  let next = Math.max(0, Math.min(overview.n_pieces - 1, piece));
  if (typed && pasted) return { piece: firstTellingPiece(overview), step: 0 };
  if (!typed) return { piece: next, step };
  const now = pieceMeta(overview, next);
  const was = held ?? previousText ?? null;
  if (was !== null && now && was === now.text) return { piece: next, step };
  const atCaret = caret === null ? null : pieceAt(overview, caret);
  if (atCaret !== null) next = atCaret;
  return { piece: next, step: 0 };
}
