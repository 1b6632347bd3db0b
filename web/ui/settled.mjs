// Settled: the one sign that the open lesson has drawn what was asked of it (issue 36).
//
// The lesson root (`main#main`, data-testid "lesson-root") carries two attributes:
//   data-asked="<n>"     the number of the newest state the lesson was asked to show (a counter: every
//                        lesson opened and every update of its state adds one)
//   data-settled="<n>"   present only while the lesson has drawn state n, the newest asked, and nothing is
//                        on its way: no engine request, no debounced run, no animation frame or tween,
//                        no file being read, no lazily loaded card growing. Removed at once when a newer
//                        state is asked or something starts that will change what is drawn.
// A test (tests/browser/conftest.py `wait_settled`) reads data-asked, acts, then waits for data-settled
// above it; a control whose data is not there yet is disabled or queues its press.
//
// The lesson host (shell/lessonHost.mjs) attaches the root, calls `asked()` on each open and update, and
// `reset()` when a lesson is replaced (what the old lesson still held is forgotten). Everything that
// draws later holds it: `settled.hold()` -> release(), `settled.track(promise)`, `settled.frame(fn)` in
// place of requestAnimationFrame (`settled.cancelFrame(id)`), `settled.delay(fn, ms)` in place of a
// debounce's setTimeout (`settled.cancelDelay(id)`). The lesson's ctx.query is tracked for it.
// Without a root (Node tests) it only counts.

export class Settled {
  /** `frame(fn)`: the animation-frame scheduler (requestAnimationFrame in a page; injected in Node). */
  constructor({ frame = null, cancel = null } = {}) {
    this.root = null;
    // Looked up at each call, so a test that puts its own requestAnimationFrame on globalThis is obeyed.
    this.raf = frame || ((fn) => (globalThis.requestAnimationFrame ? globalThis.requestAnimationFrame(fn) : setTimeout(() => fn(0), 0)));
    this.unraf = cancel || ((id) => (globalThis.cancelAnimationFrame ? globalThis.cancelAnimationFrame(id) : clearTimeout(id)));
    this.n = 0;              // the newest state asked
    this.epoch = 0;          // a lesson's holds belong to the epoch they were taken in
    this.holds = new Set();  // the holds still on
    this.frames = new Map(); // frame id -> its hold's release
    this.delays = new Map(); // timer id -> its hold's release
    this.drawn = -1;         // the state marked settled, -1 while none is
    this.checking = false;   // a frame is planned to see whether nothing is held any more
  }

  /** The element that carries the attributes (the lesson root). */
  attach(root) {
    this.root = root;
    this.write();
  }

  /** A newer state is asked of the lesson: unsettled until it and whatever it starts are drawn. */
  asked() {
    this.n += 1;
    this.unsettle();
    this.check();
    return this.n;
  }

  /** A new lesson replaces the old: the old one's holds and frames no longer count. */
  reset() {
    this.epoch += 1;
    this.holds.clear();
    this.frames.clear();
    this.delays.clear();
    this.unsettle();
    this.check();
  }

  /** Something that will change what is drawn has started; call the returned function once it has. */
  hold() {
    const token = { epoch: this.epoch };
    this.holds.add(token);
    this.unsettle();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (this.holds.delete(token)) this.check();
    };
  }

  /** A newer state asked, on its way in `promise` (a slide's view, its lesson's module loading). */
  asking(promise) {
    this.asked();
    return this.track(promise);
  }

  /** `promise`, held until it settles (its own handlers run before the check's frame). */
  track(promise) {
    const release = this.hold();
    Promise.resolve(promise).then(release, release);
    return promise;
  }

  /** requestAnimationFrame(fn), held until fn has run (or the frame is cancelled by cancelFrame). */
  frame(fn) {
    const release = this.hold();
    const id = this.raf((time) => {
      this.frames.delete(id);
      try {
        fn(time);
      } finally {
        release();
      }
    });
    this.frames.set(id, release);
    return id;
  }

  cancelFrame(id) {
    if (!id) return;
    this.unraf(id);
    const release = this.frames.get(id);
    this.frames.delete(id);
    if (release) release();
  }

  /** setTimeout(fn, ms), held until fn has run (or the timer is cancelled by cancelDelay): a pause before a run. */
  delay(fn, ms) {
    const release = this.hold();
    const id = setTimeout(() => {
      this.delays.delete(id);
      try {
        fn();
      } finally {
        release();
      }
    }, ms);
    this.delays.set(id, release);
    return id;
  }

  cancelDelay(id) {
    clearTimeout(id);
    const release = this.delays.get(id);
    this.delays.delete(id);
    if (release) release();
  }

  /** Whether nothing is held and the newest state is marked drawn. */
  get isSettled() {
    return this.drawn === this.n;
  }

  unsettle() {
    if (this.drawn === -1) return this.write();
    this.drawn = -1;
    this.write();
  }

  /** Once nothing is held, one more frame (what was drawn is painted), then the mark. */
  check() {
    if (this.checking || this.holds.size > 0) return;
    this.checking = true;
    this.raf(() => {
      this.checking = false;
      if (this.holds.size > 0) return;
      this.drawn = this.n;
      this.write();
    });
  }

  write() {
    if (!this.root) return;
    this.root.dataset.asked = String(this.n);
    if (this.drawn >= 0) this.root.dataset.settled = String(this.drawn);
    else delete this.root.dataset.settled;
  }
}

/** The page's one Settled (the lesson host attaches it to the lesson root). */
export const settled = new Settled();
