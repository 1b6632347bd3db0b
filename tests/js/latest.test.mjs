// The one "newest answer wins" primitive (web/ui/latest.mjs), alone and inside the two sessions that
// merge their requests (encode, train): answers are released by hand, in any order, so every race is
// played out, not waited for.

import { test } from "node:test";
import assert from "node:assert/strict";
import { heldEngine, settle, web } from "./oracle.mjs";

const { Latest } = await web("ui/latest.mjs");
const { EncodeSession } = await web("lessons/encode/session.mjs");
const { TrainSession } = await web("lessons/train/session.mjs");


test("a ticket counts until a newer one is taken or the tickets are dropped", () => {
  const latest = new Latest();
  const a = latest.next();
  assert.equal(latest.is(a), true);
  assert.equal(latest.now, a);
  const b = latest.next();
  assert.equal(latest.is(a), false);
  assert.equal(latest.is(b), true);
  latest.drop();
  assert.equal(latest.is(b), false);
});

test("a flight lets one request go; a different wish meanwhile asks again, the same one does not", () => {
  const latest = new Latest();
  const first = latest.open("a");
  assert.ok(first > 0);
  assert.equal(latest.busy, true);
  assert.equal(latest.open("b"), 0);
  assert.equal(latest.land(), false, "b was wished while a was on its way");
  assert.equal(latest.busy, false);
  const second = latest.open("b");
  assert.ok(second > first);
  assert.equal(latest.open("c"), 0);
  assert.equal(latest.open("b"), 0, "the last wish decides: back to what is on its way");
  assert.equal(latest.land(), true);
  assert.equal(latest.is(second), true);
});

test("a flight's wishes are compared with its own rule", () => {
  const latest = new Latest((x, y) => x[0] === y[0]);
  latest.open(["t", 1]);
  latest.open(["t", 2]);
  assert.equal(latest.land(), true);
});

test("an older overview that comes back late is not shown; the newest text is asked for once", async () => {
  const engine = heldEngine();
  const events = [];
  const session = new EncodeSession(engine.query, (event) => events.push(event));
  for (const text of ["one", "two", "three"]) {
    session.wish({ text, piece: 0, encoding: "r50k_base" }); // the lesson pushes what it shows
    session.textChanged();
  }
  const overviews = () => engine.asked.filter((a) => a.kind === "overview");
  assert.equal(overviews().length, 1, "one overview on its way at a time");
  overviews()[0].answer({ ids: [1], n_pieces: 1, piece_offset: 0, piece_limit: 1, pieces: [] });
  await settle();
  assert.equal(session.snapshot.overview, null, "the answer for 'one' is not shown");
  assert.deepEqual(overviews().map((a) => a.payload.text), ["one", "three"]);
  overviews()[1].answer({ ids: [2], n_pieces: 1, piece_offset: 0, piece_limit: 1, pieces: [] });
  await settle();
  assert.equal(session.snapshot.overview.text, "three");
  assert.deepEqual(session.snapshot.overview.ids, [2]);
  session.destroy();
});

test("a closed encode session drops the answer on its way", async () => {
  const engine = heldEngine();
  const events = [];
  const session = new EncodeSession(engine.query, (event) => events.push(event));
  session.wish({ text: "hi", piece: 0, encoding: "r50k_base" });
  session.textChanged();
  session.destroy();
  engine.asked[0].answer({ ids: [1], n_pieces: 1, piece_offset: 0, piece_limit: 1, pieces: [] });
  await settle();
  assert.equal(session.snapshot.overview, null);
  assert.deepEqual(events, ["pending"]);
});

test("a training asked for while one runs trains once more, for the newest settings", async () => {
  const engine = heldEngine();
  let want = { corpus: "low lower", mode: "chars", unit: "words", tie: "first_occurrence", minf: 2, nmerges: 0, vsize: 0, try: "low" };
  const session = new TrainSession(engine.query, () => {});
  const change = (corpus) => session.wish({ values: (want = corpus ? { ...want, corpus } : want), step: 0 });
  change();
  session.settingsChanged(true);
  change("new newer");
  session.settingsChanged(false);
  change("newest");
  session.settingsChanged(false);
  const trainings = () => engine.asked.filter((a) => a.kind === "train");
  assert.equal(trainings().length, 1);
  trainings()[0].answer({ kind: "chars", merges: [], steps: [] });
  await settle();
  assert.equal(session.snapshot.trace, null, "the first corpus's training is not shown");
  assert.equal(trainings().length, 2);
  assert.equal(JSON.stringify(trainings()[1].payload).includes("newest"), true);
  session.destroy();
  trainings()[1].answer({ kind: "chars", merges: [], steps: [] });
  await settle();
  assert.equal(session.snapshot.trace, null, "a closed session shows nothing");
});
