// A long training's steps in pages (issue 41, P3): the train lesson's trace keeps every step at its place
// as its page comes (frames.mjs), the session asks for the page the shown step needs (`train_steps`, the
// shown training's own settings), and a newer training supersedes a page on its way. Answers are
// released by hand, so every order is played out, not waited for.

import { test } from "node:test";
import assert from "node:assert/strict";
import { heldEngine, settle, web } from "./oracle.mjs";

const { pagedTrace, withPage, stepReady, neededStep, mergesUpTo, stepFrame, MERGES_LISTED } = await web("lessons/train/frames.mjs");
const { TrainSession } = await web("lessons/train/session.mjs");

/** Step i of a made-up training of n merges, as the engine writes a step without tables. */
function step(i) {
  return { pair: [`a${i}`, `b${i}`], merged: `a${i}b${i}`, count: 2, tie: { rule: "first_occurrence", tied: [], n_tied: 1, ids: null },
    new_token: true, vocab_size: 10 + i + 1, pairs: null, occurrences: null, corpus: null };
}

/** The page of `limit` steps of a training of `n` merges that holds step `index`, as train_steps answers it. */
function page(n, index, limit) {
  const offset = Math.floor(Math.max(0, Math.min(index, n - 1)) / limit) * limit;
  const steps = [];
  for (let i = offset; i < Math.min(n, offset + limit); i += 1) steps.push(step(i));
  return { steps, n_steps: n, step_offset: offset, step_limit: limit };
}

function answer(n, limit) {
  const merges = Array.from({ length: n }, (_, i) => step(i).pair);
  return { kind: "toy", unit: "words", tables_shown: false, corpus: [], special_tokens: ["<unk>"], base_vocab: ["a", "b"], base_vocab_size: 10, learned: merges.slice(0, 600).map(([a, b]) => a + b), n_learned: n, merges,
    stop: { reason: "min_frequency", pair: null, count: 1, pairs: null, corpus: null }, ...page(n, 0, limit) };
}

test("the paged trace holds every step at its place, and a frame is ready once its page came", () => {
  let trace = pagedTrace(answer(1200, 500));
  assert.equal(trace.steps.length, 1200);
  assert.equal(stepReady(trace, 0), true);
  assert.equal(stepReady(trace, 500), true);
  assert.equal(stepReady(trace, 501), false);
  assert.equal(neededStep(trace, 1201), 1199, "the stop lists the last merges");
  assert.equal(stepReady(trace, 1201), false);
  trace = withPage(trace, page(1200, 1199, 500));
  assert.equal(stepReady(trace, 1201), true);
  assert.equal(stepReady(trace, 700), false, "the middle page has not come");
  const stop = stepFrame(trace, 1201);
  assert.equal(stop.kind, "stop");
  assert.equal(stop.vocabSize, 10 + 1200);
  const merge = stepFrame(trace, 1200);
  assert.deepEqual(merge.step.pair, ["a1199", "b1199"]);
  assert.equal(merge.learned.length, 200, "the vocabulary draws the tokens of the merges listed (those whose page came)");
  assert.equal(merge.learned.at(-1), "a1199b1199");
  const listed = mergesUpTo(trace, 1201);
  assert.equal(listed.first, 1000, "only the merges whose page came are listed (not 900, of the middle page)");
  assert.deepEqual(listed.steps.at(-1).pair, ["a1199", "b1199"]);
  trace = withPage(trace, page(1200, 700, 500));
  assert.equal(mergesUpTo(trace, 1201).first, 1200 - MERGES_LISTED);
  assert.equal(mergesUpTo(trace, 1201).steps.length, MERGES_LISTED);
});


test("the session asks for the page the shown step needs, with the shown training's settings", async () => {
  const engine = heldEngine();
  const want = { corpus: "long", tmode: "chars", unit: "words", tie: "first_occurrence", minf: 2, nmerges: 0, vsize: 0, try: "x" };
  let shown = 0;
  const events = [];
  const session = new TrainSession(engine.query, (event) => events.push(event));
  session.wish({ values: want, step: shown });
  session.settingsChanged(true);
  engine.asked[0].answer(answer(1200, 500));
  await settle();
  shown = 1201; // End
  session.wish({ values: want, step: shown });
  session.needStep(shown);
  assert.equal(session.loadingSteps(), true);
  const asked = engine.asked.filter((a) => a.kind === "train_steps");
  assert.equal(asked.length, 1);
  assert.deepEqual(asked[0].payload, { ...engine.asked[0].payload, step: 1199 });
  session.needStep(shown); // asked again while on its way: no second request
  assert.equal(engine.asked.filter((a) => a.kind === "train_steps").length, 1);
  asked[0].answer(page(1200, 1199, 500));
  await settle();
  assert.equal(session.loadingSteps(), false);
  assert.equal(events.at(-1), "steps");
  assert.equal(stepReady(session.snapshot.trace, 1201), true);
  session.destroy();
});

test("a newer training supersedes a page on its way, and the step then shown is asked for", async () => {
  const engine = heldEngine();
  let want = { corpus: "first", tmode: "chars", unit: "words", tie: "first_occurrence", minf: 2, nmerges: 0, vsize: 0, try: "x" };
  let shown = 800;
  const session = new TrainSession(engine.query, () => {});
  session.wish({ values: want, step: shown });
  session.settingsChanged(true);
  engine.asked[0].answer(answer(1200, 500));
  await settle();
  session.needStep(shown);
  want = { ...want, corpus: "second" };
  session.wish({ values: want, step: shown });
  session.settingsChanged(false);
  await new Promise((resolve) => setTimeout(resolve, 10));
  const trainings = engine.asked.filter((a) => a.kind === "train");
  assert.equal(trainings.length, 2);
  trainings[1].answer(answer(2000, 500));
  await settle();
  shown = 1600;
  session.wish({ values: want, step: shown });
  session.needStep(shown); // the new training's page: waits for the old one's answer
  const old = engine.asked.filter((a) => a.kind === "train_steps");
  assert.equal(old.length, 1);
  old[0].answer(page(1200, 799, 500));
  await settle();
  assert.equal(stepReady(session.snapshot.trace, 801), false, "the old training's page is not put into the new one");
  const again = engine.asked.filter((a) => a.kind === "train_steps");
  assert.equal(again.length, 2);
  assert.equal(again[1].payload.corpus, "second");
  assert.equal(again[1].payload.step, 1599);
  again[1].answer(page(2000, 1599, 500));
  await settle();
  assert.equal(stepReady(session.snapshot.trace, 1600), true);
  session.destroy();
});
