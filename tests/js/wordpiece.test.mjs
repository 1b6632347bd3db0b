// A WordPiece table's stage (web/lessons/encode/wordpiece.mjs, wordpieceWords.mjs): pure functions of the
// engine's trace_piece answer and the step, checked on hand-made traces in the answer's shapes
// (toklab.hf.lesson.LessonTable, `wordpiece`) with hand-worked answers.

import { test } from "node:test";
import assert from "node:assert/strict";
import { web } from "./oracle.mjs";

const wp = await web("lessons/encode/wordpiece.mjs");
const fam = await web("lessons/encode/family.mjs");
const words = await web("lessons/encode/wordpieceWords.mjs");
const { translate } = await web("i18n.mjs");

const attempt = (start, end, piece, id = null) => ({ start, end, piece, found: id !== null, id });

// "hugs" in a vocabulary with hug (7) and ##s (9): hugs ✗, hug ✓, ##s ✓.
const HUGS = Object.freeze({
  family: "wordpiece", index: 0, text: "Hugs", symbols: ["h", "u", "g", "s"], steps: [],
  tokens: ["hug", "##s"], ids: [7, 9],
  greedy: { steps: [], tokens: ["hug", "##s"], ids: [7, 9] },
  wordpiece: {
    word: "hugs", prefix: "##", unk_token: "[UNK]", max_chars: 100,
    tries: [attempt(0, 4, "hugs"), attempt(0, 3, "hug", 7), attempt(3, 4, "##s", 9)],
    chosen: [{ start: 0, end: 3, piece: "hug", id: 7 }, { start: 3, end: 4, piece: "##s", id: 9 }],
    unk: null, unk_at: null,
  },
});

// "aé" where é is in no piece: a ✓ then ##é ✗: the whole word is [UNK] (0); the mistake keeps a.
const UNK = Object.freeze({
  family: "wordpiece", index: 1, text: "aé", symbols: ["a", "é"], steps: [],
  tokens: ["[UNK]"], ids: [0],
  greedy: { steps: [], tokens: ["a", "[UNK]"], ids: [5, 0] },
  wordpiece: {
    word: "aé", prefix: "##", unk_token: "[UNK]", max_chars: 100,
    tries: [attempt(0, 2, "aé"), attempt(0, 1, "a", 5), attempt(1, 2, "##é")],
    chosen: [{ start: 0, end: 2, piece: "[UNK]", id: 0 }],
    unk: "no_piece", unk_at: 1,
  },
});

test("a WordPiece trace is drawn on the family stage, one step per try", () => {
  assert.equal(fam.isFamilyTrace(HUGS), true);
  assert.equal(fam.stepCount(HUGS), 3);
  assert.equal(fam.stepCount({ ...UNK, wordpiece: { ...UNK.wordpiece, tries: [], unk: "too_long" } }), 0);
});

test("frame k: the tries so far, the pieces taken, the next try", () => {
  const f0 = wp.wordpieceFrame(HUGS, 0);
  assert.deepEqual([f0.step, f0.total, f0.final, f0.tries.length, f0.taken.length, f0.covered], [0, 3, false, 0, 0, 0]);
  assert.equal(f0.next.piece, "hugs");
  const f2 = wp.wordpieceFrame(HUGS, 2);
  assert.deepEqual(f2.tries.map((a) => [a.piece, a.found, a.current]), [["hugs", false, false], ["hug", true, true]]);
  assert.deepEqual(f2.taken, [{ start: 0, end: 3, piece: "hug", id: 7 }]);
  assert.equal(f2.covered, 3);
  assert.equal(f2.next.piece, "##s");
  const f3 = wp.wordpieceFrame(HUGS, 99);
  assert.equal(f3.step, 3);
  assert.equal(f3.final, true);
  assert.equal(f3.next, null);
  assert.deepEqual(f3.tokens.map((c) => c.piece), ["hug", "##s"]);
  assert.equal(f3.unk, null);
});

test("a word it cannot cover: [UNK] and where nothing matched", () => {
  const f = wp.wordpieceFrame(UNK, 3);
  assert.equal(f.unk, "no_piece");
  assert.equal(f.unkAt, 1);
  assert.deepEqual(f.tokens, [{ start: 0, end: 2, piece: "[UNK]", id: 0 }]);
  assert.equal(wp.wordpieceFrame(UNK, 2).unk, null); // not said before the last try
  assert.deepEqual(fam.familyMistake(UNK), { real: ["[UNK]"], wrong: ["a", "[UNK]"], wrongIds: [5, 0], same: false });
  assert.equal(fam.familyMistake(HUGS).same, true);
});

test("the captions say each try in both languages", () => {
  for (const lang of ["en", "zh"]) {
    const t = (key, vars) => translate(lang, key, vars);
    assert.match(words.wordpieceCaption(t, HUGS, 0), /hugs/);
    const found = words.wordpieceCaption(t, HUGS, 2);
    assert.match(found, /hug/);
    assert.match(found, /7/);
    assert.match(words.wordpieceCaption(t, HUGS, 1), /hugs/);
    const last = words.wordpieceCaption(t, UNK, 3);
    assert.match(last, /##é/);
    assert.match(last, /\[UNK\]/);
    assert.match(last, /2/); // character 2: where nothing matched
    const long = words.wordpieceCaption(t, { ...UNK, wordpiece: { ...UNK.wordpiece, tries: [], unk: "too_long", unk_at: null } }, 0);
    assert.match(long, /100/);
  }
});
