// The state's URL hash, written by the page: throttled, one history entry per lesson, and never over a
// link the page has not read yet.
//
//     const hash = new HashSync({ getState, schemaFor, refused });
//     hash.schedule()     after every change: written soon (replaceState), the newest state when it runs
//     hash.write()        now (pagehide, and before a lesson change leaves this entry)
//     hash.push()         a new history entry for the state now (a lesson opened from its tab)
//     hash.keep(state, schema)   the long texts only (a lesson being left)
//     hash.heard(hash)    the page read this hash (a link, Back or Forward): the entry is that one now
//     hash.hold() / hash.release()   no write while a link is being opened (its lesson's module loads)
//
// Writes wait TIMING.hashDebounceMs after a change, and never come sooner than TIMING.hashMinGapMs after
// the last one, so playback at 4x stays under Safari's limit (100 replaceState calls in 30 s).
//
// The race this guards against: a link set in the tab (location.hash = ..., a click, the address bar)
// changes the URL at once, but the page hears of it only with the hashchange event, and reads it only
// once the link's lesson module has loaded. A waiting write that ran in between put the old lesson's
// hash over the link, and the link was lost. So the page keeps `known`, the hash it last wrote or read:
// a URL that is not `known` any more holds a link still to be read, and is not written over (until a
// round later no hashchange came for it); while a link is being opened (hold), writes wait for it; and
// the link is read as it was when its event came, not as the URL is once its lesson has loaded.
//
// Text too long for the link is kept in the tab (KeptText) with each write; what the storage refuses is
// told to `refused(names)`. The tab also notes the hash it wants (PendingHash), so a reload pressed just
// after an edit opens that edit.

import { TIMING } from "../theme.mjs";
import { formatHash, PendingHash, KeptText } from "../state.mjs";

export class HashSync {
  /**
   * getState(); schemaFor(lessonId) -> the schema, or null while the lesson's module is missing; `win`:
   * the window whose location, history and sessionStorage it uses (a fake one in tests/js/hashSync.test.mjs).
   */
  constructor({ getState, schemaFor, refused, win = globalThis.window }) {
    this.getState = getState;
    this.schemaFor = schemaFor;
    this.refused = refused;
    this.win = win;
    this.kept = new KeptText(win.sessionStorage);
    this.pending = new PendingHash(win.sessionStorage);
    this.timer = 0;
    this.lastWrite = -Infinity;
    this.holds = 0;
    this.known = win.location.hash;
    this.suspect = null; // a URL found not `known` once: a link whose hashchange is on its way?
  }

  /** The schema and the state's hash, or null while nothing can be written. */
  current() {
    const state = this.getState();
    const schema = state ? this.schemaFor(state.lesson) : null;
    return schema ? { state, schema, hash: formatHash(state, schema) } : null;
  }

  schedule() {
    const now = this.current();
    if (now && this.holds === 0 && this.win.location.hash === this.known) this.pending.want(now.hash, this.win.location.hash);
    if (this.timer) return;
    const wait = Math.max(TIMING.hashDebounceMs, this.lastWrite + TIMING.hashMinGapMs - performance.now());
    this.timer = setTimeout(() => this.write(), wait);
  }

  /**
   * Keeps the long texts; true when the URL may be written (no link is waiting to be read). A URL that
   * is not `known` waits one more round: a link's hashchange comes before it (and heard() makes it
   * known); a URL still unheard then was written by the page itself (the lab's Share, without a
   * clipboard), and is taken as known.
   */
  ready(now) {
    if (this.holds > 0) return false;
    const url = this.win.location.hash;
    if (url !== this.known) {
      if (this.suspect !== url) {
        this.suspect = url;
        if (!this.timer) this.timer = setTimeout(() => this.write(), TIMING.hashDebounceMs);
        return false;
      }
      this.known = url;
    }
    this.suspect = null;
    const refused = this.kept.save(now.state, now.schema);
    if (refused.length) this.refused(refused);
    return true;
  }

  write() {
    clearTimeout(this.timer);
    this.timer = 0;
    const now = this.current();
    if (!now || !this.ready(now) || now.hash === this.win.location.hash) return;
    this.lastWrite = performance.now();
    try {
      this.win.history.replaceState(null, "", now.hash);
    } catch {
      // Refused (too many calls): the state is still here, and the next write tries again.
    }
    this.known = this.win.location.hash;
  }

  push() {
    clearTimeout(this.timer);
    this.timer = 0;
    const now = this.current();
    if (!now || !this.ready(now)) return;
    this.pending.want(now.hash, now.hash);
    this.lastWrite = performance.now();
    try {
      this.win.history.pushState(null, "", now.hash);
    } catch {
      // Refused: this lesson shares the last one's entry; its hash is written there.
      this.schedule();
      return;
    }
    this.known = this.win.location.hash;
  }

  heard(hash) {
    clearTimeout(this.timer);
    this.timer = 0;
    this.known = hash;
    this.suspect = null;
  }

  hold() {
    this.holds += 1;
  }

  release() {
    this.holds = Math.max(0, this.holds - 1);
  }

  /** Keeps the long texts of `state`'s fields in `schema` (a lesson being left), the URL untouched. */
  keep(state, schema) {
    if (!schema) return;
    const refused = this.kept.save(state, schema);
    if (refused.length) this.refused(refused);
  }

  /** The long texts kept in the tab for the text fields of `schema` that `have` lacks. */
  restore(schema, have) {
    return this.kept.restore(schema, have);
  }

  /** A reload just after an edit opens the hash this tab wanted, not the one it had written yet. */
  recover(isReload) {
    const first = this.pending.recover(this.win.location.hash, isReload);
    this.pending.want(first, first);
    return first;
  }
}
