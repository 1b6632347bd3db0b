// Which piece and step a new text's overview opens in Encode (web/lessons/encode/frames.mjs followPiece),
// decided in Node on the engine's own overviews (toklab's webapi.overview on CPython): the piece a link
// or a preset put the reader on stays, typing that changes it follows the caret, a paste opens the first
// piece with something to show. The browser's test_encode_lesson types and pastes the same paths.

import { test } from "node:test";
import assert from "node:assert/strict";
import { python, web } from "./oracle.mjs";

const { followPiece } = await web("lessons/encode/frames.mjs");

const TEXTS = ["hello world", "hello world there", "hellp world", "hello worlds", ". . tokenization", "fix the AI"];
const OVERVIEWS = python(`
import json, sys
from toklab import webapi
print(json.dumps({text: webapi.overview(text) for text in json.load(sys.stdin)}))
`, TEXTS);

test("the engine cuts the texts as these cases assume", () => {
  const texts = (text) => OVERVIEWS[text].pieces.map((p) => p.text);
  assert.deepEqual(texts("hello world"), ["hello", " world"]);
  assert.deepEqual(texts("hellp world"), ["hellp", " world"]);
  assert.deepEqual(texts("hello worlds"), ["hello", " worlds"]);
  assert.deepEqual(texts(". . tokenization"), [".", " .", " tokenization"]);
});

test("a text not typed (a link, a preset, a table) keeps the piece within the new count and its step", () => {
  const o = OVERVIEWS["fix the AI"];
  assert.deepEqual(followPiece(o, { piece: 1, step: 3, typed: false, pasted: false }), { piece: 1, step: 3 });
  assert.deepEqual(followPiece(o, { piece: 99, step: 3, typed: false, pasted: false }), { piece: o.n_pieces - 1, step: 3 });
});

test("typing that leaves the reader's piece as it was keeps it and its step", () => {
  const o = OVERVIEWS["hello world there"];
  assert.deepEqual(followPiece(o, { piece: 0, step: 2, typed: true, pasted: false, held: "hello", caret: 17 }), { piece: 0, step: 2 });
  // No held piece: the piece's text before the edit counts.
  assert.deepEqual(followPiece(o, { piece: 1, step: 1, typed: true, pasted: false, previousText: " world", caret: 17 }), { piece: 1, step: 1 });
});

test("typing that changes the reader's piece follows the caret to its piece, from step 0", () => {
  const o = OVERVIEWS["hello worlds"];
  // On " world", an "s" typed at its end: the piece is now " worlds", where the caret is.
  assert.deepEqual(followPiece(o, { piece: 1, step: 1, typed: true, pasted: false, held: " world", caret: 12 }), { piece: 1, step: 0 });
  // The reader on " world"; "o" of "hello" replaced by "p": " world" is as it was, so it stays.
  const p = OVERVIEWS["hellp world"];
  assert.deepEqual(followPiece(p, { piece: 1, step: 1, typed: true, pasted: false, held: " world", caret: 5 }), { piece: 1, step: 1 });
  // The reader on "hello", changed to "hellp": the caret (after the "p") is in piece 0, from step 0.
  assert.deepEqual(followPiece(p, { piece: 0, step: 3, typed: true, pasted: false, held: "hello", caret: 5 }), { piece: 0, step: 0 });
  // A piece the link put the reader on that the edit removed (the text before had more pieces).
  assert.deepEqual(followPiece(p, { piece: 2, step: 1, typed: true, pasted: false, held: " there", caret: 5 }), { piece: 0, step: 0 });
  // The caret cannot be read: the piece stays, from step 0.
  assert.deepEqual(followPiece(p, { piece: 0, step: 1, typed: true, pasted: false, held: "hello", caret: null }), { piece: 0, step: 0 });
});

test("a paste opens the first piece with something to show, from step 0, wherever the caret is", () => {
  const o = OVERVIEWS[". . tokenization"];
  assert.deepEqual(followPiece(o, { piece: 0, step: 4, typed: true, pasted: true, held: ".", caret: 16 }), { piece: 2, step: 0 });
});
