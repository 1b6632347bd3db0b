// Small building blocks shared by the train, decode, compare, special and samples lessons.
//
// Nothing here knows about tokenization: these helpers lay out cards and chips, show engine errors and
// how long a request has been running, and bind text boxes to the state. TextLesson (./textLesson.mjs)
// is the skeleton those lessons share. Text goes in with textContent only (through el()).

import { el, Bindings } from "./dom.mjs";
import { visibleSymbol } from "../glyphs.mjs";
import { LIMITS } from "../theme.mjs";
import { clipText } from "./clip.mjs";
import { settled } from "./settled.mjs";
import "./errorWords.mjs";
import "./boxWords.mjs";

/** The value of a lesson parameter, or its default when the state does not carry it yet. */
export function paramValue(state, params, name) {
  return state && Object.hasOwn(state, name) ? state[name] : params.get(name).def;
}

/**
 * The same parameter spec, but a value equal to its default stays out of the link. param.int writes
 * every value; a lesson's settings read better in a shared link when only the changed ones appear.
 */
export function omitDefault(spec) {
  return Object.freeze({ ...spec, omit: (v) => v === spec.def || spec.omit(v) });
}

/** Card header with a number badge, the same shape as the encode lesson's stages. */
export function stageHeader(bindings, n, id, key, meta = null, vars = undefined) {
  return el("header", { className: "stage-head" },
    el("span", { className: "stage-num", attrs: { "aria-hidden": "true" } }, String(n)),
    bindings.text(el("h2", { className: "stage-title", id }), key, vars),
    meta);
}

/**
 * The input card: the text box `input` under its label (and hint), then `below`; `side` on the right.
 * `name` makes the ids: <name>-label (labelling the card and the box), <name>-hint.
 */
export function inputCard(bindings, input, { name, labelKey, hintKey = null, below = [], side = [], sideClass = "" }) {
  return el("section", { className: "card input-card", attrs: { "aria-labelledby": `${name}-label` } },
    el("div", { className: "input-col" },
      bindings.text(el("label", { id: `${name}-label`, className: "field-label", attrs: { for: input.id } }), labelKey),
      input,
      hintKey ? bindings.text(el("p", { className: "hint", id: `${name}-hint` }), hintKey) : null,
      ...below),
    el("div", { className: sideClass ? `preset-col ${sideClass}` : "preset-col" }, ...side));
}

/** A numbered stage card: its header (with `meta`), its text, then `children`. */
export function stageCard(bindings, { n, id, titleKey, textKey, textVars, meta = null, textClass = "stage-text" }, ...children) {
  return el("section", { className: "card stage", attrs: { "aria-labelledby": id } },
    stageHeader(bindings, n, id, titleKey, meta),
    bindings.text(el("p", { className: textClass }), textKey, textVars),
    ...children);
}

/** The lesson intro: a title and a lead paragraph (`leadKey` and `leadVars` as Bindings.text takes them). */
export function intro(bindings, titleKey, leadKey, leadVars, titleVars) {
  return el("section", { className: "intro" },
    bindings.text(el("h1", { className: "lesson-title" }), titleKey, titleVars),
    bindings.text(el("p", { className: "lead" }), leadKey, leadVars));
}

/**
 * One token chip: the symbol on top, a small caption (id or index) under it. `tone` (0..3) picks one of
 * four tints; neighbours always differ, and every chip has its own border, so colour is never the only
 * cue for where a token ends. `raw`: the symbol is a label already (bytes in hex, "E4 BB"), shown as it is:
 * its spaces separate bytes and are not the text's spaces (␣).
 */
export function tokenChip(symbol, caption, { tone = 0, testid = "token-chip", className = "", title = "", raw = false } = {}) {
  const chip = el("span", {
    className: `lk-chip tone-${tone % 4}${className ? ` ${className}` : ""}`,
    testid,
    data: { token: symbol },
  },
  el("span", { className: "lk-chip-token" }, raw ? symbol : visibleSymbol(symbol)),
  caption === null || caption === undefined ? null : el("span", { className: "lk-chip-caption" }, String(caption)));
  if (title) chip.title = title;
  return chip;
}

/** A busy line with elapsed seconds, for requests that may take a while (training a large corpus). */
export class BusyLine {
  constructor(t, key, testid = "busy") {
    this.t = t;
    this.key = key;
    this.timer = 0;
    this.started = 0;
    this.node = el("p", { className: "lk-busy", testid, attrs: { role: "status" } },
      el("span", { className: "lk-spinner", attrs: { "aria-hidden": "true" } }),
      el("span", { className: "lk-busy-text" }));
    this.text = this.node.lastChild;
    this.node.hidden = true;
  }

  start() {
    this.stop();
    this.started = performance.now();
    this.node.hidden = false;
    this.tick();
    this.timer = setInterval(() => this.tick(), 250);
  }

  tick() {
    const seconds = ((performance.now() - this.started) / 1000).toFixed(1);
    this.text.textContent = this.t(this.key, { seconds });
  }

  stop() {
    clearInterval(this.timer);
    this.timer = 0;
    this.node.hidden = true;
  }

  get running() {
    return this.timer !== 0;
  }
}

/** A row of preset buttons; `onPick(preset)` is called on click. Returns {list, buttons: Map(id -> button)}. */
export function presetButtons(bindings, presets, prefix, onPick) {
  const buttons = new Map();
  const list = el("ul", { className: "preset-list" });
  for (const preset of presets) {
    const button = el("button", {
      className: "preset",
      testid: `${prefix}-preset-${preset.id}`,
      attrs: { type: "button", "aria-pressed": "false" },
      on: { click: () => onPick(preset) },
    });
    bindings.text(button, preset.label);
    buttons.set(preset.id, button);
    list.append(el("li", {}, button));
  }
  return { list, buttons };
}

/** The engine's error, shown inline; showError() fills it. */
export function errorLine(testid) {
  const node = el("p", { className: "engine-error", testid, attrs: { role: "alert" } });
  node.hidden = true;
  return node;
}

// The params Python writes with thousands separators ("{length:,}").
const GROUPED = new Set(["length", "limit", "bytes", "digits", "symbols", "size"]);

/**
 * An error in the page's language: the string `err.<code>` filled with its params. An error without a
 * known code (none should reach the page) falls back to its English message.
 *
 *     errorText(t, {code: "unknown_id", params: {id: 99999, encoding: "r50k_base", max_id: 50256}})
 *       ->  "token id 99999 is not in r50k_base (ids run from 0 to 50256)"
 */
export function errorText(t, error) {
  if (!error) return "";
  const key = `err.${error.code}`;
  const vars = {};
  for (const [name, value] of Object.entries(error.params || {})) {
    vars[name] = typeof value === "number" && GROUPED.has(name) ? value.toLocaleString("en-US") : value;
  }
  const text = error.code ? t(key, vars) : key;
  return text === key ? String(error.message || error.type || "") : text;
}

/** Shows `error` (an engine answer's error, or null) in an errorLine(), hidden when there is none. */
export function showError(node, t, error) {
  node.hidden = !error;
  node.textContent = error ? t("error.engine", { message: errorText(t, error) }) : "";
}

/**
 * Runs `fn` at once, or `ms` after the last keystroke when the change came from typing: a preset, a
 * link or a button should answer at once, but every keystroke should not start an engine request.
 *
 *     on input:  debounced.typed(); ctx.setState(...)        in update():  debounced.schedule()
 */
export class Debounced {
  constructor(ms, fn) {
    this.ms = ms;
    this.fn = fn;
    this.timer = 0;
    this.typing = false;
    this.release = null; // the Settled hold while a run waits
  }

  /** Says that the change about to arrive was typed. */
  typed() {
    this.typing = true;
  }

  schedule() {
    const typing = this.typing;
    this.cancel();
    if (!typing) {
      this.fn();
      return;
    }
    // The lesson is not settled while the run waits for the pause (ui/settled.mjs).
    this.release = settled.hold();
    this.timer = setTimeout(() => {
      const release = this.release;
      this.timer = 0;
      this.release = null;
      try {
        this.fn();
      } finally {
        release();
      }
    }, this.ms);
  }

  cancel() {
    clearTimeout(this.timer);
    this.timer = 0;
    this.typing = false;
    if (this.release) this.release();
    this.release = null;
  }
}

let inserting = false; // an insertUndoable() is under way: its input event is not typing

/** Whether an input event comes from insertUndoable() (a preset), not from typing. */
export function insertingText() {
  return inserting;
}

/**
 * Puts `text` in the text box as one edit the browser can undo (Ctrl+Z brings back what was there, a
 * pasted corpus say), then gives the focus back to where it was (the preset button). Setting `.value`
 * would empty the box's undo history; setRangeText() does not join it either. The caller sets the state.
 */
export function insertUndoable(input, text) {
  if (input.value === text) return;
  const before = document.activeElement;
  inserting = true;
  try {
    input.focus({ preventScroll: true });
    input.select();
    const done = text === "" ? document.execCommand("delete") : document.execCommand("insertText", false, text);
    if (!done || input.value !== text) input.value = text;
  } finally {
    inserting = false;
    if (before instanceof HTMLElement && before !== input) before.focus({ preventScroll: true });
  }
}

// Combining marks one character may carry before a paste is refused: Unicode's stream-safe text format
// (UAX #15) allows 30 in a row. A browser lays out one character with all its marks at once, and its
// cost grows faster than the marks: "e" and 999,999 acute accents froze the tab for minutes, while the
// same number of characters of ordinary text take a second.
export const MARKS_IN_A_ROW = 30;
const MARK_RUN = new RegExp(`\\p{M}{${MARKS_IN_A_ROW + 1},}`, "gu");

/** The longest run of combining marks in `text` (0 when it has none over MARKS_IN_A_ROW), in UTF-16 units. */
export function longestMarkRun(text) {
  let longest = 0;
  for (const run of text.matchAll(MARK_RUN)) longest = Math.max(longest, run[0].length);
  return longest;
}

/**
 * Refuses a paste or a drop that would make `box` longer than `limit` characters, or that puts more than
 * MARKS_IN_A_ROW combining marks on one character, before the browser lays it out (a 2 MB paste froze the
 * tab for minutes): the box keeps its text, what was copied stays on the clipboard, and a note under the
 * box (`<box id>-paste-note`) says why, in the language of `t`.
 */
export function refuseLongPastes(box, t, limit = LIMITS.boxChars) {
  const note = el("p", { className: "paste-note", testid: `${box.id}-paste-note`, attrs: { role: "status" } });
  note.hidden = true;
  const check = (event, data) => {
    const text = data ? data.getData("text/plain") : "";
    const { value, selectionStart: a, selectionEnd: b } = box;
    const length = clipText(value.slice(0, a), 0).total + clipText(text, 0).total + clipText(value.slice(b), 0).total;
    const marks = longestMarkRun(text);
    if (length <= limit && marks <= MARKS_IN_A_ROW) {
      note.hidden = true;
      return;
    }
    event.preventDefault();
    note.textContent = length > limit
      ? t("box.tooLong", { length: length.toLocaleString("en-US"), limit: limit.toLocaleString("en-US") })
      : t("box.tooManyMarks", { marks: marks.toLocaleString("en-US"), limit: MARKS_IN_A_ROW });
    note.hidden = false;
    if (!note.isConnected) box.after(note);
  };
  box.addEventListener("paste", (event) => check(event, event.clipboardData));
  box.addEventListener("drop", (event) => check(event, event.dataTransfer));
  return note;
}

/**
 * A textarea whose typing goes into the state as `patch(value)`, marked as typed for `debounced`.
 * `id` is also its test id. Spell checking and autocomplete are off: the text is data, not prose.
 * A paste longer than the engine reads is refused with a note (refuseLongPastes, in the words of `t`).
 */
export function textBox(ctx, debounced, { id, patch, rows = 2, className = "text-input", attrs = {}, t = ctx.t }) {
  const input = el("textarea", {
    id, testid: id, className,
    attrs: { rows, spellcheck: "false", autocomplete: "off", dir: "auto", ...attrs },
  });
  refuseLongPastes(input, t);
  input.addEventListener("input", () => {
    if (inserting) return;
    debounced.typed();
    ctx.setState(patch(input.value));
  });
  return input;
}
