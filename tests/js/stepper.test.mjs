// The one stepper (web/ui/stepper.mjs) and its player (web/canvas/player.mjs), driven without a page:
// the host is a plain object whose step is a number, as a lesson's state is.

import { test } from "node:test";
import assert from "node:assert/strict";
import { web } from "./oracle.mjs";

const { Stepper } = await web("ui/stepper.mjs");
const { Player } = await web("canvas/player.mjs");

function host(total, extra = {}) {
  const h = {
    at: 0, shown: [], playing: [],
    step: () => h.at, total: () => total, show: (k) => { h.at = k; h.shown.push(k); },
    speed: () => 1, holdMs: 1, reducedMotion: () => true, onPlaying: (p) => h.playing.push(p),
    ...extra,
  };
  return h;
}

test("keys move the step and stay inside 0 .. total", () => {
  const h = host(3);
  const stepper = new Stepper(h);
  const key = (k) => stepper.onKey({ key: k });
  assert.equal(key("ArrowLeft"), true);
  assert.equal(h.at, 0);
  key("ArrowRight");
  key("ArrowRight");
  assert.equal(h.at, 2);
  key("End");
  assert.equal(h.at, 3);
  key("ArrowRight");
  assert.equal(h.at, 3);
  key("Home");
  assert.equal(h.at, 0);
  assert.equal(key("x"), false);
  stepper.goTo(-5);
  assert.equal(h.at, 0);
  h.at = 99; // a step from a link past the end is shown as the last one
  assert.equal(stepper.step(), 3);
});

test("play runs from the last step back at 0 to the end, one step at a time", async () => {
  const h = host(4);
  h.at = 4;
  const stepper = new Stepper(h);
  await stepper.play();
  assert.deepEqual(h.shown, [0, 1, 2, 3, 4]);
  assert.equal(stepper.playing, false);
});

test("pause stops a play before its next step", async () => {
  const h = host(50, { holdMs: 5 });
  const stepper = new Stepper(h);
  const played = stepper.play();
  assert.equal(stepper.playing, true);
  stepper.pause();
  await played; // the play loop has ended: it is the only thing that steps
  assert.equal(stepper.playing, false);
  assert.ok(h.at <= 1, `stopped at ${h.at}`);
  assert.deepEqual(h.playing, [true, false]);
});

test("a new player run finishes the old one on its last frame", async () => {
  const player = new Player();
  const ticks = [];
  globalThis.requestAnimationFrame ??= (fn) => setTimeout(() => fn(performance.now()), 16);
  globalThis.cancelAnimationFrame ??= (id) => clearTimeout(id);
  const first = player.tween(10_000, (t) => ticks.push(t));
  const second = player.wait(0);
  assert.equal(await first, false); // replaced: it did not end on its own
  assert.equal(ticks.at(-1), 1);    // but landed on its last frame
  assert.equal(await second, true);
  assert.equal(player.busy, false);
});

test("a key pressed while the steps are on their way is done when they arrive", () => {
  // The flake of main 97ec4d8's CI: End pressed while a pasted text's first trace was on its way went to
  // the end of nothing (step 0), and the trace then drew step 0.
  let total = 0;
  let waiting = true;
  const h = host(0, { total: () => total, waiting: () => waiting });
  const stepper = new Stepper(h);
  stepper.onKey({ key: "End" });
  assert.deepEqual(h.shown, [], "nothing is shown before the steps are there");
  total = 7;
  waiting = false;
  stepper.arrived();
  assert.equal(h.at, 7);
  stepper.arrived(); // once
  assert.deepEqual(h.shown, [7]);
});

test("the newest waiting press wins, and pause or drop forgets it", () => {
  let waiting = true;
  const h = host(5, { waiting: () => waiting });
  const stepper = new Stepper(h);
  stepper.onKey({ key: "End" });
  stepper.onKey({ key: "Home" });
  waiting = false;
  stepper.arrived();
  assert.deepEqual(h.shown, [0]);
  waiting = true;
  stepper.onKey({ key: "End" });
  stepper.pause(); // a new text or another piece: the press was for what is gone
  waiting = false;
  stepper.arrived();
  assert.deepEqual(h.shown, [0]);
  waiting = true;
  stepper.onKey({ key: "ArrowRight" });
  stepper.drop(); // the steps will not come (an error)
  waiting = false;
  stepper.arrived();
  assert.deepEqual(h.shown, [0]);
});
