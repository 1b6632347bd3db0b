// Ask before telling (web/ui/askFirst.mjs): a question on counts is right for every row that shares the
// best count, a guess is judged against the answer given (never one of its own), and a question without
// the engine's answer yet cannot be answered.

import { test } from "node:test";
import assert from "node:assert/strict";
import { web } from "./oracle.mjs";

const { judge, answered, countQuiz } = await web("ui/askFirst.mjs");
const i18n = await web("i18n.mjs");
const en = (key, vars) => i18n.translate("en", key, vars);

const rows = [{ label: "r50k", n: 10 }, { label: "cl100k", n: 7 }, { label: "o200k", n: 7 }];

test("the fewest: every row that shares the best count is right, and the answer names them all", () => {
  const quiz = countQuiz(en, { key: "k", question: "q", rows });
  assert.deepEqual(quiz.choices, ["r50k", "cl100k", "o200k"]);
  assert.deepEqual(quiz.correct, [1, 2]);
  assert.equal(quiz.answer, "The fewest tokens: cl100k, o200k, 7.");
  assert.equal(judge(en, quiz, 2).result, "correct");
  const wrong = judge(en, quiz, 0);
  assert.equal(wrong.result, "wrong");
  assert.match(wrong.text, /you chose r50k\. The fewest tokens: cl100k, o200k, 7\./);
});

test("the most: the largest count is right", () => {
  const quiz = countQuiz(en, { key: "k", question: "q", rows, most: true });
  assert.deepEqual(quiz.correct, [0]);
  assert.equal(judge(en, quiz, 0).result, "correct");
});

test("a count on its way: the question waits (it cannot be answered)", () => {
  const quiz = countQuiz(en, { key: "k", question: "q", rows: [{ label: "a", n: 3 }, { label: "b", n: null }] });
  assert.equal(answered(quiz), false);
  assert.equal(answered({ key: "k", question: "q", number: null }), false);
  assert.equal(answered({ key: "k", question: "q", number: 0 }), true);
});

test("a typed number is judged by its gap to the engine's, and Show the answer is no guess", () => {
  const quiz = { key: "k", question: "q", number: 2 };
  assert.equal(judge(en, quiz, 2).result, "correct");
  assert.deepEqual(judge(en, quiz, 5), { result: "wrong", text: "You guessed 5; the answer is 2, 3 off." });
  assert.deepEqual(judge(en, quiz, null), { result: "shown", text: "The answer: 2." });
  const choice = countQuiz(en, { key: "k", question: "q", rows });
  assert.equal(judge(en, choice, null).result, "shown");
});
