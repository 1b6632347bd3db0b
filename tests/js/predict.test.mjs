// Predict, then reveal (web/ui/predict.mjs, predictCount.mjs): the score kept for the session, the
// quiz's phases, the keys while guessing and the verdict on a typed number.

import { test } from "node:test";
import assert from "node:assert/strict";
import { web } from "./oracle.mjs";

const { Score, Quiz, guessKey, guessAnnouncement } = await web("ui/predict.mjs");
const { gapVerdict } = await web("ui/predictCount.mjs");
const i18n = await web("i18n.mjs");

function memoryStorage() {
  const m = new Map();
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)), m };
}

test("the score is kept in the session's storage and read back", () => {
  const storage = memoryStorage();
  const score = new Score(storage);
  score.add(true);
  score.add(false);
  score.add(true);
  assert.deepEqual(score.value, { right: 2, asked: 3 });
  assert.deepEqual(new Score(storage).value, { right: 2, asked: 3 }); // a reload
  score.reset();
  assert.deepEqual(new Score(storage).value, { right: 0, asked: 0 });
});

test("a storage that refuses or holds something else starts from nothing and keeps counting", () => {
  const refusing = { getItem: () => { throw new Error("blocked"); }, setItem: () => { throw new Error("full"); } };
  const score = new Score(refusing);
  score.add(true);
  assert.deepEqual(score.value, { right: 1, asked: 1 });
  const odd = memoryStorage();
  odd.setItem("toklab.predict.score", JSON.stringify({ right: "1", asked: 2 }));
  assert.deepEqual(new Score(odd).value, { right: 0, asked: 0 });
  odd.setItem("toklab.predict.score", "{not json");
  assert.deepEqual(new Score(odd).value, { right: 0, asked: 0 });
});

test("the quiz asks, tells, then asks again", () => {
  globalThis.sessionStorage ??= memoryStorage();
  const quiz = new Quiz((k) => k);
  assert.equal(quiz.next(), false); // nothing on show yet
  const verdict = { result: "correct", text: "yes" };
  assert.equal(quiz.show(verdict), verdict);
  assert.equal(quiz.phase, "told");
  assert.equal(guessAnnouncement({ status: quiz.phase, verdict, question: "q" }), "yes");
  assert.equal(quiz.next(), true);
  assert.equal(quiz.phase, "ask");
  assert.equal(quiz.verdict, null);
  assert.equal(guessAnnouncement({ status: "ask", question: "q" }), "q");
  assert.equal(guessAnnouncement({ status: "off" }), null);
});

test("Enter goes on after a verdict; while asking, the lesson's own keys decide", () => {
  // The target of a key: the page's body, or a button (Enter there is the button's own).
  globalThis.Element ??= class Element {};
  const at = (tag) => Object.assign(new Element(), { closest: (selector) => (selector.split(", ").includes(tag) ? {} : null) });
  const calls = [];
  const actions = { next: () => calls.push("next"), ask: (e) => { calls.push(`ask ${e.key}`); return e.key === "1"; } };
  assert.equal(guessKey({ key: "Enter", target: at("button") }, "told", actions), false);
  assert.equal(guessKey({ key: "Enter", target: at("body") }, "told", actions), true);
  assert.equal(guessKey({ key: "x", target: null }, "told", actions), false);
  assert.equal(guessKey({ key: "1", target: null }, "ask", actions), true);
  assert.equal(guessKey({ key: "2", target: null }, "ask", actions), false);
  assert.equal(guessKey({ key: "Enter", target: null }, "off", actions), false);
  assert.deepEqual(calls, ["next", "ask 1", "ask 2"]);
});

test("a typed count's verdict names the gap, in both languages", () => {
  for (const lang of ["en", "zh"]) {
    const t = (key, vars) => i18n.translate(lang, key, vars);
    const exact = gapVerdict(t, 1234, 1234);
    assert.equal(exact.result, "correct");
    assert.ok(exact.text.includes("1,234"), exact.text);
    const off = gapVerdict(t, 1000, 1234);
    assert.equal(off.result, "wrong");
    for (const n of ["1,000", "1,234", "234"]) assert.ok(off.text.includes(n), `${lang}: ${off.text}`);
    assert.ok(!/\{\w+\}/.test(off.text + exact.text), "every placeholder filled");
  }
});
