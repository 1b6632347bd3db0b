// The one player: runs a tween (t from 0 to 1 over a duration) or a wait, with a cancel token.
//
// Starting a new run finishes the old one first: its last tick is t = 1, so whatever it was drawing
// lands on its final frame, and its promise resolves to false ("did not complete on its own").
// Frames stay a pure function of (step, t); the player only supplies t.

import { settled } from "../ui/settled.mjs";

export class Player {
  constructor() {
    this.current = null;
  }

  /** True while a tween or wait runs. */
  get busy() {
    return this.current !== null;
  }

  /**
   * Tween over `ms` milliseconds, calling onTick(t) on each animation frame, ending with onTick(1).
   * Resolves true when it ran to the end, false when it was cancelled or replaced.
   */
  tween(ms, onTick) {
    this.finish();
    if (!(ms > 0)) {
      onTick(1);
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const token = { onTick, resolve, raf: 0, timer: 0 };
      const start = performance.now();
      const tick = (now) => {
        if (this.current !== token) return;
        const t = Math.min(1, (now - start) / ms);
        onTick(t);
        if (t >= 1) {
          this.current = null;
          resolve(true);
        } else {
          token.raf = settled.frame(tick);
        }
      };
      this.current = token;
      token.raf = settled.frame(tick);
    });
  }

  /** Wait `ms` milliseconds under the same cancel token. */
  wait(ms) {
    this.finish();
    return new Promise((resolve) => {
      // A wait is a step still to come: the lesson is not settled meanwhile (ui/settled.mjs).
      const token = { onTick: null, resolve, raf: 0, timer: 0, release: settled.hold() };
      token.timer = setTimeout(() => {
        token.release();
        if (this.current !== token) return;
        this.current = null;
        resolve(true);
      }, Math.max(0, ms));
      this.current = token;
    });
  }

  /** Complete the running tween at once (t = 1) and cancel it. */
  finish() {
    const token = this.current;
    if (!token) return;
    this.current = null;
    settled.cancelFrame(token.raf);
    clearTimeout(token.timer);
    if (token.release) token.release();
    if (token.onTick) token.onTick(1);
    token.resolve(false);
  }
}
