// Settled (web/ui/settled.mjs), the one sign that the lesson has drawn what was asked: frames are run by
// hand, so every order of holds, releases and frames is played out, not waited for.

import { test } from "node:test";
import assert from "node:assert/strict";
import { web } from "./oracle.mjs";

const { Settled } = await web("ui/settled.mjs");

/** A Settled on a fake root whose animation frames run only when the test calls frames.run(). */
function made() {
  let next = 1;
  const waiting = new Map();
  const frames = {
    request: (fn) => {
      const id = next++;
      waiting.set(id, fn);
      return id;
    },
    cancel: (id) => waiting.delete(id),
    run() {
      const now = [...waiting.entries()];
      waiting.clear();
      for (const [, fn] of now) fn(0);
    },
    get pending() {
      return waiting.size;
    },
  };
  const root = { dataset: {} };
  const settled = new Settled({ frame: frames.request, cancel: frames.cancel });
  settled.attach(root);
  return { settled, root, frames };
}

test("a state asked is settled one frame later when nothing holds it, and marked with its number", () => {
  const { settled, root, frames } = made();
  const n = settled.asked();
  assert.equal(root.dataset.asked, String(n));
  assert.equal(root.dataset.settled, undefined);
  frames.run();
  assert.equal(root.dataset.settled, String(n));
  assert.ok(settled.isSettled);
});

test("a hold keeps the lesson unsettled until it is released and a frame has passed", () => {
  const { settled, root, frames } = made();
  settled.asked();
  frames.run();
  const release = settled.hold();
  assert.equal(root.dataset.settled, undefined, "taken: unsettled at once");
  frames.run();
  assert.equal(root.dataset.settled, undefined, "a frame passes while held");
  release();
  release(); // twice is once
  assert.equal(root.dataset.settled, undefined, "released: still a frame to go");
  frames.run();
  assert.equal(root.dataset.settled, "1");
});

test("a newer state asked while an older one draws is the one marked", () => {
  const { settled, root, frames } = made();
  settled.asked();
  const release = settled.hold();
  const second = settled.asked();
  release();
  frames.run();
  assert.equal(root.dataset.settled, String(second));
});

test("a tracked promise holds until it settles, rejected or not", async () => {
  const { settled, root, frames } = made();
  settled.asked();
  let answer;
  settled.track(new Promise((resolve) => { answer = resolve; }));
  let fail;
  settled.track(new Promise((_, reject) => { fail = reject; })).catch(() => {});
  frames.run();
  assert.equal(root.dataset.settled, undefined);
  answer({ ok: true });
  await null;
  frames.run();
  assert.equal(root.dataset.settled, undefined, "one still on its way");
  fail(new Error("no"));
  await new Promise((resolve) => setTimeout(resolve, 0));
  frames.run();
  assert.equal(root.dataset.settled, "1");
});

test("a frame asked through it holds until it ran; a cancelled one lets go", () => {
  const { settled, root, frames } = made();
  settled.asked();
  let drawn = 0;
  settled.frame(() => {
    drawn += 1;
    settled.frame(() => { drawn += 1; }); // a redraw planned two frames ahead
  });
  frames.run();
  assert.equal(drawn, 1);
  assert.equal(root.dataset.settled, undefined, "the second frame is still to come");
  frames.run();
  assert.equal(drawn, 2);
  frames.run();
  assert.equal(root.dataset.settled, "1");
  const id = settled.frame(() => { drawn += 1; });
  assert.equal(root.dataset.settled, undefined);
  settled.cancelFrame(id);
  frames.run();
  assert.equal(drawn, 2);
  assert.equal(root.dataset.settled, "1");
});

test("a new lesson forgets what the old one held", () => {
  const { settled, root, frames } = made();
  settled.asked();
  settled.hold(); // never released: the old lesson was destroyed with it on its way
  settled.reset();
  settled.asked();
  frames.run();
  assert.equal(root.dataset.settled, "2");
});

test("a delayed run (a debounce) holds until it ran; a cancelled one lets go", async () => {
  const { settled, root, frames } = made();
  settled.asked();
  let ran = 0;
  settled.delay(() => { ran += 1; }, 5);
  frames.run();
  assert.equal(root.dataset.settled, undefined, "the pause is still on");
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(ran, 1);
  frames.run();
  assert.equal(root.dataset.settled, "1");
  const id = settled.delay(() => { ran += 1; }, 5);
  assert.equal(root.dataset.settled, undefined);
  settled.cancelDelay(id);
  frames.run();
  assert.equal(root.dataset.settled, "1");
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(ran, 1);
});
