// The encode lesson's actions (web/lessons/encode/actions.mjs), played in Node as the browser tests play
// them in the page: a link or a preset, typing, a paste, a piece chosen, steps, a table chosen and loaded,
// the engine's answers. The overviews are the engine's own (toklab's webapi.overview on CPython).

import { test } from "node:test";
import assert from "node:assert/strict";
import { python, web } from "./oracle.mjs";

const { reduce, START } = await web("lessons/encode/actions.mjs");
const { CUSTOM_TABLE } = await web("protocol.mjs");

const TEXTS = ["hello world", "hello world there", "hellp world", "hello worlds", ". . tokenization", "fix the AI"];
const OVERVIEWS = python(`
import json, sys
from toklab import webapi
print(json.dumps({text: webapi.overview(text) for text in json.load(sys.stdin)}))
`, TEXTS);

/**
 * A lesson in miniature: the app's state, the model, the overview shown and the table in use, changed
 * only by actions as EncodeLesson.dispatch changes them; `effects` lists what the lesson was told to do.
 */
class Lesson {
  constructor(state) {
    this.state = { text: "", piece: 0, step: 0, encoding: "r50k_base", ...state };
    this.model = START;
    this.overview = null;
    this.active = this.state.encoding;
    this.effects = [];
    this.outside(Object.keys(this.state)); // the lesson's first state
  }

  /** A change from outside the lesson's actions: its first state, a link, Back. */
  outside(names, patch = {}) {
    Object.assign(this.state, patch);
    this.model = reduce(this.world(), { type: "changed", changed: new Set(names) }).model;
  }

  world() {
    return { model: this.model, state: { ...this.state }, overview: this.overview, active: this.active };
  }

  dispatch(action) {
    const { model, patch, before, after } = reduce(this.world(), action);
    this.model = model;
    Object.assign(this.state, patch ?? {});
    this.effects.push(...before, ...after);
    return patch;
  }

  /** The engine's overview of the text shown arrives. */
  answer(previousText = null) {
    const previous = this.overview ? { text: previousText } : null;
    this.overview = this.state.text === "" ? { text: "", n_pieces: 0, piece_offset: 0, pieces: [] } : OVERVIEWS[this.state.text];
    return this.dispatch({ type: "overview", previous, empty: this.state.text === "" });
  }

  at() {
    return { piece: this.state.piece, step: this.state.step };
  }
}

test("the engine cuts the texts as these cases assume", () => {
  const texts = (text) => OVERVIEWS[text].pieces.map((p) => p.text);
  assert.deepEqual(texts("hello world"), ["hello", " world"]);
  assert.deepEqual(texts("hello world there"), ["hello", " world", " there"]);
  assert.deepEqual(texts(". . tokenization"), [".", " .", " tokenization"]);
});

test("a link's piece and step stay when its overview arrives, and that piece is held", () => {
  const lesson = new Lesson({ text: "fix the AI", piece: 1, step: 3 });
  lesson.answer();
  assert.deepEqual(lesson.at(), { piece: 1, step: 3 });
  assert.equal(lesson.model.held, " the");
  assert.ok(lesson.effects.includes("trace"), "the same piece asks for its trace");
});

test("typing that leaves the held piece as it was keeps it and its step", () => {
  const lesson = new Lesson({ text: "hello world", piece: 0, step: 2 });
  lesson.answer();
  lesson.dispatch({ type: "typed", text: "hello world there", caret: 17, pasted: false });
  lesson.answer();
  assert.deepEqual(lesson.at(), { piece: 0, step: 2 });
});

test("typing that changes the held piece follows the caret from step 0, and the held piece stays the reader's", () => {
  const lesson = new Lesson({ text: "hello world", piece: 0, step: 3 });
  lesson.answer();
  lesson.dispatch({ type: "typed", text: "hellp world", caret: 5, pasted: false });
  lesson.answer("hello");
  assert.deepEqual(lesson.at(), { piece: 0, step: 0 });
  assert.equal(lesson.model.held, "hello", "the piece the caret led to is not held");
  lesson.dispatch({ type: "stepped", step: 1 });
  assert.equal(lesson.model.held, "hellp", "a step the reader took holds the piece it is on");
});

test("the caret of the key that made the text is followed, not a later one", () => {
  const lesson = new Lesson({ text: "hello world", piece: 1, step: 1 });
  lesson.answer();
  lesson.dispatch({ type: "typed", text: "hello worlds", caret: 12, pasted: false });
  lesson.answer(" world");
  assert.deepEqual(lesson.at(), { piece: 1, step: 0 });
});

test("a paste opens the first piece with something to show, from step 0, and holds it", () => {
  const lesson = new Lesson({ text: "hello world", piece: 0, step: 4 });
  lesson.answer();
  lesson.dispatch({ type: "typed", text: ". . tokenization", caret: 16, pasted: true });
  lesson.answer();
  assert.deepEqual(lesson.at(), { piece: 2, step: 0 });
  assert.equal(lesson.model.held, " tokenization");
  assert.equal(lesson.model.pasted, false, "the next overview is not a paste's");
});

test("a preset after typing is not followed by the caret", () => {
  const lesson = new Lesson({ text: "hello world", piece: 0, step: 0 });
  lesson.answer();
  lesson.dispatch({ type: "typed", text: "hello worlds", caret: 1, pasted: false });
  lesson.dispatch({ type: "preset", preset: { text: "fix the AI", piece: 2 } });
  assert.deepEqual(lesson.effects.slice(-1), ["pause"]);
  lesson.answer();
  assert.deepEqual(lesson.at(), { piece: 2, step: 0 });
  assert.equal(lesson.model.held, " AI");
});

test("a piece chosen goes to its step 0 and is held; the same piece changes nothing but pauses", () => {
  const lesson = new Lesson({ text: "fix the AI", piece: 0, step: 2 });
  lesson.answer();
  assert.deepEqual(lesson.dispatch({ type: "pieceChosen", piece: 2 }), { piece: 2, step: 0 });
  assert.equal(lesson.model.held, " AI");
  lesson.effects.length = 0;
  assert.equal(lesson.dispatch({ type: "pieceChosen", piece: 2 }), null);
  assert.deepEqual(lesson.effects, ["pause"]);
});

test("a table chosen here starts its trace at step 0 once it is in use; a link's table keeps the link's step", () => {
  const linked = new Lesson({ text: "fix the AI", piece: 1, step: 5, encoding: "o200k_base" });
  linked.active = "o200k_base";
  assert.equal(linked.dispatch({ type: "tableInUse" }), null);
  assert.deepEqual(linked.at(), { piece: 1, step: 5 });

  const lesson = new Lesson({ text: "fix the AI", piece: 1, step: 3 });
  lesson.answer();
  lesson.dispatch({ type: "tableChosen", encoding: "cl100k_base" });
  assert.equal(lesson.model.restart, true);
  // r50k's trace arrives meanwhile: its step is not cut, as the chosen table is not in use yet.
  assert.equal(lesson.dispatch({ type: "trace", total: 1 }), null);
  lesson.active = "cl100k_base";
  lesson.effects.length = 0;
  assert.deepEqual(lesson.dispatch({ type: "tableInUse" }), { step: 0 });
  assert.deepEqual(lesson.effects, ["pause", "ask"]);
  assert.equal(lesson.model.restart, false);
  // A link (outside) that changes the table after the first state restarts it too.
  lesson.outside(["encoding"], { encoding: "o200k_base" });
  assert.equal(lesson.model.restart, true);
});

test("a step past the end of the trace in use is cut to its end", () => {
  const lesson = new Lesson({ text: "fix the AI", piece: 1, step: 9 });
  lesson.answer();
  assert.deepEqual(lesson.dispatch({ type: "trace", total: 2 }), { step: 2 });
  lesson.effects.length = 0;
  assert.equal(lesson.dispatch({ type: "trace", total: 2 }), null);
  assert.deepEqual(lesson.effects, ["stepChanged"]);
});

test("an emptied box goes to piece 0, step 0", () => {
  const lesson = new Lesson({ text: "fix the AI", piece: 2, step: 1 });
  lesson.answer();
  lesson.dispatch({ type: "typed", text: "", caret: 0, pasted: false });
  assert.deepEqual(lesson.answer(), { piece: 0, step: 0 });
  assert.equal(lesson.model.typed, false);
});

test("the reader's file becomes the table from its first step; a second file reloads it", () => {
  const lesson = new Lesson({ text: "fix the AI", piece: 2, step: 1 });
  lesson.answer();
  assert.deepEqual(lesson.dispatch({ type: "fileOpened", name: "a.json", again: false }), { encoding: CUSTOM_TABLE, tokfile: "a.json", piece: 0, step: 0 });
  assert.equal(lesson.model.restart, true);
  lesson.effects.length = 0;
  lesson.dispatch({ type: "fileOpened", name: "b.json", again: true });
  assert.deepEqual(lesson.effects, ["pause", "forgetTraces", "reloadCustom"]);
});
