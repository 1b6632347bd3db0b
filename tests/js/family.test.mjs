// A SentencePiece table's merge stage (web/lessons/encode/family.mjs, familyWords.mjs): pure functions of
// the engine's trace_piece answer and the step, checked on hand-made traces in the answer's shapes
// (toklab.tables.SpmTable.trace_piece) with hand-worked answers.

import { test } from "node:test";
import assert from "node:assert/strict";
import { web } from "./oracle.mjs";

const fam = await web("lessons/encode/family.mjs");
const words = await web("lessons/encode/familyWords.mjs");
const { translate } = await web("i18n.mjs");

const scored = (position, left, right, score) => ({ position, left, right, merged: left + right, score });

// "ab气" in a BPE model by score: ▁ a b 气 (气 unknown: byte fallback); ab (-2) beats ▁a (-5), then ▁ab.
const BPE = Object.freeze({
  family: "spm_bpe", index: 0, text: "ab气",
  symbols: ["▁", "a", "b", "气"], spans: [[0, 3], [3, 4], [4, 5], [5, 8]],
  steps: [
    { position: 1, left: "a", right: "b", merged: "ab", score: -2, symbols: ["▁", "ab", "气"],
      scored: [scored(0, "▁", "a", -5), scored(1, "a", "b", -2)] },
    { position: 0, left: "▁", right: "ab", merged: "▁ab", score: -7, symbols: ["▁ab", "气"],
      scored: [scored(0, "▁", "ab", -7)] },
  ],
  tokens: ["▁ab", "<0xE6>", "<0xB0>", "<0x94>"], ids: [40, 233, 179, 151], fallback: [false, true, true, true],
  greedy: { steps: [], tokens: ["▁a", "b", "气"], ids: [30, 4, 0] },
  lattice: null,
});

// "▁he" in a Unigram model: ▁ h e, with ▁he (-5.3) beating ▁ + he and ▁ + h + e.
const node = (start, end, piece, logp, best = false) => ({ start, end, piece, id: start * 10 + end, logp, best, unknown: false });
const UNIGRAM = Object.freeze({
  family: "unigram", index: 0, text: "he", symbols: ["▁", "h", "e"], spans: [[0, 3], [3, 4], [4, 5]], steps: [],
  tokens: ["▁he"], ids: [3], fallback: [false],
  greedy: { steps: [], tokens: ["▁he"], ids: [3] },
  lattice: {
    text: "▁he",
    positions: [
      { at: 0, char: "▁", pieces: [node(0, 1, "▁", -3.3), node(0, 3, "▁he", -5.3, true)], best: { score: -3.3, start: 0, id: 1, piece: "▁" } },
      { at: 1, char: "h", pieces: [node(1, 2, "h", -5.7), node(1, 3, "he", -7.3)], best: { score: -9, start: 1, id: 12, piece: "h" } },
      { at: 2, char: "e", pieces: [node(2, 3, "e", -4.5)], best: { score: -5.3, start: 0, id: 3, piece: "▁he" } },
    ],
    path: [{ start: 0, end: 3, piece: "▁he", id: 3 }], ids: [3], score: -5.3,
  },
});

test("a family's trace is told apart from byte-level BPE's, and counts its own steps", () => {
  assert.equal(fam.isFamilyTrace(BPE), true);
  assert.equal(fam.isFamilyTrace(UNIGRAM), true);
  assert.equal(fam.isFamilyTrace({ steps: [] }), false);
  assert.equal(fam.isFamilyTrace(null), false);
  assert.equal(fam.stepCount(BPE), 2);
  assert.equal(fam.stepCount(UNIGRAM), 3); // one step per position of the lattice
  assert.equal(fam.stepCount({ steps: [{}, {}, {}, {}] }), 4);
  assert.equal(fam.stepCount(null), 0);
});

test("byte fallback: the unknown symbol keeps its span and ends as the trace's byte tokens", () => {
  const ends = fam.finalTokens(BPE);
  assert.deepEqual([...ends.keys()], [0, 5]);
  assert.deepEqual(ends.get(0), { end: 5, id: 40, bytes: null });
  assert.deepEqual(ends.get(5).bytes, [{ token: "<0xE6>", id: 233 }, { token: "<0xB0>", id: 179 }, { token: "<0x94>", id: 151 }]);
});

test("BPE by score: each frame's candidates with their scores, the engine's choice marked", () => {
  const f0 = fam.scoreFrame(BPE, 0);
  assert.deepEqual(f0.cells.map((c) => c.text), ["▁", "a", "b", "气"]);
  assert.deepEqual(f0.cells.map((c) => c.bytes !== null), [false, false, false, true]); // 气 stays bytes from the start
  assert.deepEqual(f0.pairs.map((p) => [p.merged, p.score, p.winner]), [["ab", -2, true], ["▁a", -5, false]]); // highest first
  assert.equal(f0.final, false);
  const f1 = fam.scoreFrame(BPE, 1);
  assert.deepEqual(f1.cells.map((c) => [c.text, c.fresh]), [["▁", false], ["ab", true], ["气", false]]);
  assert.equal(f1.candidates, 2); // the merge just made was chosen from two pairs
  assert.deepEqual(f1.pairs.map((p) => p.merged), ["▁ab"]);
  const f2 = fam.scoreFrame(BPE, 9); // clamped to the end
  assert.equal(f2.step, 2);
  assert.equal(f2.final, true);
  assert.equal(f2.pairs, null);
  assert.deepEqual(f2.cells.map((c) => c.id), [40, null]);
});

test("a very long piece's steps without candidates leave the pairs out", () => {
  const long = { ...BPE, steps: BPE.steps.map((s) => ({ ...s, scored: null })) };
  assert.equal(fam.scoreFrame(long, 0).pairs, null);
  assert.equal(fam.scoreFrame(long, 1).candidates, null);
});

test("lattice rows: each piece in the first row free at its start", () => {
  assert.deepEqual(fam.latticeRows([{ start: 0, end: 1 }, { start: 0, end: 3 }, { start: 1, end: 2 }, { start: 1, end: 3 }, { start: 2, end: 3 }]), [0, 1, 0, 2, 0]);
  assert.deepEqual(fam.latticeRows([]), []);
});

test("Unigram: Viterbi's walk position by position, the best path lit at the end", () => {
  const f0 = fam.latticeFrame(UNIGRAM, 0);
  assert.equal(f0.total, 3);
  assert.deepEqual(f0.chars, ["▁", "h", "e"]);
  assert.equal(f0.pieces.length, 5);
  assert.ok(f0.pieces.every((p) => !p.seen && !p.compared && !p.lit));
  assert.deepEqual(f0.ends, []);
  const f2 = fam.latticeFrame(UNIGRAM, 2);
  assert.deepEqual(f2.pieces.filter((p) => p.seen).map((p) => p.piece), ["▁", "▁he", "h", "he"]);
  assert.deepEqual(f2.compared.map((p) => p.piece), ["h"]); // the pieces ending after h
  assert.equal(f2.here.piece, "h");
  const f3 = fam.latticeFrame(UNIGRAM, 3);
  assert.deepEqual(f3.compared.map((p) => [p.piece, p.chosenHere]), [["▁he", true], ["he", false], ["e", false]]);
  assert.deepEqual(f3.pieces.filter((p) => p.lit).map((p) => p.piece), ["▁he"]);
  assert.deepEqual(f3.ends.map((e) => e.piece), ["▁", "h", "▁he"]);
  assert.equal(f3.final, true);
});

test("the common mistake against the family's real answer", () => {
  assert.deepEqual(fam.familyMistake(BPE), { real: ["▁ab", "气"], wrong: ["▁a", "b", "气"], wrongIds: [30, 4, 0], same: false });
  assert.equal(fam.familyMistake(UNIGRAM).same, true);
  assert.equal(fam.familyMistake({ ...BPE, greedy: null }), null);
});

test("the captions say what merged and why, in both languages", () => {
  for (const lang of ["en", "zh"]) {
    const t = (key, vars) => translate(lang, key, vars);
    const start = words.familyCaption(t, BPE, 0);
    assert.match(start, /a \+ b → ab/);
    assert.match(start, /-2/);
    const end = words.familyCaption(t, BPE, 2);
    assert.match(end, /▁ \+ ab → ▁ab/);
    assert.match(end, /<0xE6> <0xB0> <0x94>/);
    assert.match(end, /40, 233, 179, 151/);
    assert.match(words.familyCaption(t, UNIGRAM, 3), /▁he/);
    assert.notEqual(words.familyExplain(t, BPE, "X"), words.familyExplain(t, UNIGRAM, "X"));
  }
  const en = (key, vars) => translate("en", key, vars);
  assert.match(words.familyCaption(en, { ...BPE, steps: BPE.steps.map((st) => ({ ...st, scored: null })) }, 0), /highest is a \+ b → ab/);
  assert.match(words.familyCaption(en, BPE, 2), /the only pair/);
    assert.equal(words.formatScore(-1234), "-1234");
  assert.equal(words.formatScore(-5.31987), "-5.32");
});
