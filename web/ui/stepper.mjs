// The one stepper every stepping lesson uses (encode, train), and the step controls that drive it.
//
// A lesson shows frame k of something, k an integer in the state (`state.step`); the Stepper moves k:
// go to a step, step by one, play, pause, the keys for them. It never draws: it puts the step in the
// state through `host.show(k)`, and the lesson draws frame k from its data. Stepping forward by one may
// tween from frame k-1 to k: the Stepper runs the tween on the one Player (canvas/player.mjs), whose
// cancel token finishes a running tween or wait before the next starts, and exposes it as
// `stepper.tween` ({from, to, t} or null) for the lesson's drawing. With reduced motion there is no
// tween (the step lands at once) and playing still steps, one hold apart.
//
//     const stepper = new Stepper({
//       step: () => state.step, total: () => steps.length, show: (k) => ctx.setState({ step: k }),
//       speed: () => state.speed, holdMs: TIMING.holdMs, reducedMotion: ctx.reducedMotion,
//       tweenMs: (to) => TIMING.mergeMs, onTween: () => drawCanvas(), onPlaying: () => drawControls(),
//     });
//     onKey(event) { return stepper.onKey(event); }

import { Player } from "../canvas/player.mjs";
import { el, icon } from "./dom.mjs";
import { SPEEDS } from "../theme.mjs";
import "./stepperWords.mjs";
import { settled } from "./settled.mjs";

export class Stepper {
  /**
   * host.step() -> the step in the state;  host.total() -> the last step (0: nothing to step through)
   * host.show(k)                put step k in the state (the lesson redraws from there)
   * host.speed() -> factor      holds and tweens last 1/factor as long
   * host.holdMs                 the pause on each step while playing, at speed 1
   * host.leadHold               hold before the first step of a play too (default: step at once)
   * host.tweenMs(to) -> ms      how long the tween into step `to` lasts at speed 1 (default 0: none)
   * host.onTween()              draw the tween's current t (called on every animation frame)
   * host.onPlaying(playing)     playing started or stopped
   * host.reducedMotion() -> bool
   * host.waiting() -> bool     (optional) the steps are on their way: a press waits for them, and the
   *                            lesson calls arrived() once they are there (drop() when they will not come)
   */
  constructor(host) {
    this.host = host;
    this.player = new Player();
    this.run = null;        // the cancel token of the play loop running now
    this.tween = null;      // {from, to, t} while a tween runs
    this.queued = null;     // a press made while the steps were on their way, done when they arrive
  }

  get playing() {
    return this.run !== null;
  }

  /** The shown step: the state's, clamped to [0, total]. */
  step() {
    return Math.max(0, Math.min(this.host.total(), this.host.step()));
  }

  goTo(step) {
    this.pause();
    if (this.later(() => this.goTo(step))) return;
    this.host.show(Math.max(0, Math.min(this.host.total(), step)));
  }

  stepBy(delta) {
    this.pause();
    if (this.later(() => this.stepBy(delta))) return;
    if (delta === 1 && this.step() < this.host.total()) this.advance();
    else this.host.show(Math.max(0, Math.min(this.host.total(), this.step() + delta)));
  }

  togglePlay() {
    if (this.playing) this.pause();
    else this.play();
  }

  /** Plays from the shown step (from 0 when it is the last) to the end, a hold between steps. */
  async play() {
    if (this.playing || this.later(() => this.play()) || this.host.total() === 0) return;
    this.player.finish();
    const run = {};
    this.run = run;
    const release = settled.hold(); // playing: every step is still to come (ui/settled.mjs)
    try {
      await this.playSteps(run);
    } finally {
      release();
    }
  }

  /** The steps of one play, a hold between them, until the end or a pause. */
  async playSteps(run) {
    this.changed(true);
    let hold = Boolean(this.host.leadHold);
    if (this.step() >= this.host.total()) {
      this.host.show(0);
      hold = true;
    }
    while (this.run === run && this.step() < this.host.total()) {
      if (hold && !(await this.player.wait(this.host.holdMs / this.host.speed()))) break;
      if (this.run !== run) break;
      if (!(await this.advance())) break;
      hold = true;
    }
    if (this.run === run) {
      this.run = null;
      this.changed(false);
    }
  }

  /**
   * A control whose data is not there yet queues its press (issue 36): End pressed while the piece's
   * steps are still on their way goes to the end of those steps when they come, not to the end of the
   * nothing there was. The newest press wins; pause() (a new text, another piece) drops it.
   */
  later(press) {
    if (!this.host.waiting || !this.host.waiting()) return false;
    this.queued = press;
    return true;
  }

  /** The steps have arrived: the press made while they were on their way is done now. */
  arrived() {
    const press = this.queued;
    this.queued = null;
    if (press) press();
  }

  /** The steps will not come (an error, an empty text): the press waiting for them is forgotten. */
  drop() {
    this.queued = null;
  }

  /** Stops playing and lands a running tween on its last frame; forgets a press waiting for steps. */
  pause() {
    this.queued = null;
    if (this.run !== null) {
      this.run = null;
      this.changed(false);
    }
    this.player.finish();
  }

  /** Lands a running tween on its last frame (the lesson calls it when its step changes otherwise). */
  settle() {
    this.player.finish();
  }

  destroy() {
    this.run = null;
    this.queued = null;
    this.player.finish();
  }

  /** Space, ← →, Home End. Returns true when the key was one of them. */
  onKey(event) {
    switch (event.key) {
      case " ":
      case "Spacebar":
        this.togglePlay();
        return true;
      case "ArrowLeft":
        this.stepBy(-1);
        return true;
      case "ArrowRight":
        this.stepBy(1);
        return true;
      case "Home":
        this.goTo(0);
        return true;
      case "End":
        this.goTo(Infinity);
        return true;
      default:
        return false;
    }
  }

  /** Shows the next step, tweening into it. Resolves true when it landed without being cancelled. */
  advance() {
    const from = this.step();
    const to = from + 1;
    this.player.finish();
    this.host.show(to);
    const ms = this.host.tweenMs && !this.host.reducedMotion() ? this.host.tweenMs(to) / this.host.speed() : 0;
    if (!(ms > 0)) return Promise.resolve(true);
    const tween = { from, to, t: 0 };
    this.tween = tween;
    return this.player.tween(ms, (t) => {
      if (this.tween !== tween) return;
      if (t >= 1) this.tween = null;
      else tween.t = t;
      this.host.onTween();
    });
  }

  changed(playing) {
    if (this.host.onPlaying) this.host.onPlaying(playing);
  }
}

/**
 * Scrolls the page so `node` is back where it was on the screen once what its press changed has been
 * drawn: the next frame, the one after, and then each frame until the lesson has settled (what the press
 * asked may arrive later, from the engine, and grow the canvas above the button), for at most
 * FOLLOW_MS; a newer press, or the reader scrolling by wheel or touch, ends the following.
 */
const FOLLOW_MS = 3000;
let following = 0;

function keepInPlace(node) {
  const before = node.getBoundingClientRect().top;
  const mine = ++following;
  let own = true;
  const mineStill = () => own && mine === following && node.isConnected;
  const letGo = () => { own = false; };
  window.addEventListener("wheel", letGo, { once: true, passive: true });
  window.addEventListener("touchstart", letGo, { once: true, passive: true });
  const settle = () => {
    if (!mineStill()) return false;
    const moved = node.getBoundingClientRect().top - before;
    if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
    return true;
  };
  const until = performance.now() + FOLLOW_MS;
  const follow = () => {
    if (!settle()) return;
    if (settled.isSettled || performance.now() > until) {
      window.removeEventListener("wheel", letGo);
      window.removeEventListener("touchstart", letGo);
      return;
    }
    requestAnimationFrame(follow); // not settled.frame: following must not hold the lesson unsettled
  };
  settled.frame(() => {
    settle();
    settled.frame(() => {
      settle();
      requestAnimationFrame(follow);
    });
  });
}

/**
 * First / back / play / forward / last, a scrubber, the step text and a speed menu, driving a Stepper.
 * `between` goes after the scrubber, `after` after the speed menu (the encode lesson's piece buttons
 * and common-mistake toggle). Test ids: `<prefix>first`, `<prefix>play`, `<prefix>scrubber` ...
 */
export class StepControls {
  constructor(bindings, stepper, { onSpeed, prefix = "", between = [], after = [] }) {
    this.b = bindings;
    const p = prefix;
    this.first = this.button("first", "controls.first", `${p}first`, () => stepper.goTo(0));
    this.back = this.button("back", "controls.back", `${p}back`, () => stepper.stepBy(-1));
    this.play = el("button", {
      className: "icon-button play", testid: `${p}play`, attrs: { type: "button" }, on: { click: () => stepper.togglePlay() },
    }, icon("play"));
    // Named from the first time the strings are written, before its first render (a screen reader, or an
    // audit, may meet it then); render names it again as it plays or pauses.
    this.playing = false;
    bindings.label(this.play, () => (this.playing ? "controls.pause" : "controls.play"));
    this.forward = this.button("forward", "controls.forward", `${p}forward`, () => stepper.stepBy(1));
    this.last = this.button("last", "controls.last", `${p}last`, () => stepper.goTo(Infinity));
    this.scrub = el("input", {
      className: "scrub", testid: `${p}scrubber`, attrs: { type: "range", min: 0, max: 0, step: 1, value: 0 },
      on: { input: () => stepper.goTo(Number(this.scrub.value)) },
    });
    bindings.label(this.scrub, "controls.scrub");
    this.stepText = el("span", { className: "step-text", testid: `${p}step-text` });
    const speedId = `${p}speed-select`;
    this.speed = el("select", { className: "speed", testid: `${p}speed`, id: speedId },
      ...SPEEDS.map((s) => el("option", { attrs: { value: String(s) } }, `${s}×`)));
    this.speed.addEventListener("change", () => onSpeed(Number(this.speed.value)));
    const transport = el("div", { className: "transport", attrs: { role: "group" } },
      this.first, this.back, this.play, this.forward, this.last);
    bindings.label(transport, "controls.label");
    this.node = el("div", { className: "controls" },
      transport,
      el("div", { className: "scrub-wrap" }, this.scrub, this.stepText),
      ...between,
      el("label", { className: "speed-wrap", attrs: { for: speedId } },
        bindings.text(el("span", {}), "controls.speed"), this.speed),
      ...after);
    // A press on a step button keeps that button where it was on the screen: the texts above it change
    // height from step to step, and the next press must find it under the same thumb.
    transport.addEventListener("click", (event) => {
      const pressed = event.target instanceof Element ? event.target.closest("button") : null;
      if (pressed) keepInPlace(pressed);
    }, true);
  }

  button(name, key, testid, onClick) {
    const button = el("button", {
      className: "icon-button", testid, attrs: { type: "button" }, on: { click: onClick },
    }, icon(name));
    this.b.label(button, key);
    this.b.title(button, key);
    return button;
  }

  /** Shows step / total, whether it plays, and the speed. */
  render(t, { step, total, playing, speed, enabled }) {
    this.first.disabled = !enabled || step === 0;
    this.back.disabled = !enabled || step === 0;
    this.forward.disabled = !enabled || step >= total;
    this.last.disabled = !enabled || step >= total;
    this.play.disabled = !enabled || total === 0;
    this.playing = playing;
    this.play.replaceChildren(icon(playing ? "pause" : "play"));
    const label = t(playing ? "controls.pause" : "controls.play");
    this.play.setAttribute("aria-label", label);
    this.play.title = `${label} (Space)`;
    this.play.setAttribute("aria-pressed", String(playing));
    this.scrub.max = String(total);
    this.scrub.value = String(step);
    this.scrub.disabled = !enabled || total === 0;
    this.scrub.setAttribute("aria-valuetext", `${step} / ${total}`);
    this.stepText.textContent = `${step} / ${total}`;
    this.speed.value = String(speed);
  }
}
