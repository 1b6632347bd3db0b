// The encode lesson's session: its engine requests and what they answered, as immutable snapshots.
//
// It asks the engine for an `overview` of the text (pieces and ids, one page of pieces at a time) and a
// `trace_piece` for the selected piece only; a plain key's overview is asked for at its beforeinput
// (`prefetch`), before the browser has edited the box. The newest text wins (../../ui/latest.mjs): an
// answer for a text that is no longer wanted is dropped. Requests are merged: one overview is in flight
// at a time (typing into a long text asks again once, for the newest text, when it comes back), a trace
// already asked for is not asked again, and the last TRACE_CACHE traces are kept. Every change makes a
// new frozen snapshot and is reported to the listener as an event; the lesson decides what the page
// shows from there.
//
// The lesson pushes what it shows (`wish({text, piece, encoding})`, after every change; the session never
// asks it). The wanted text is read with the table to encode it with (`encoding`, ../encodings.mjs): a
// text in another table is another text here.
//
//     snapshot = {text, overview, trace, error, pending, slow}
//       overview  {text, encoding, ids, n_ids, n_pieces, piece_offset, pieces} of the wanted text (or an older one while
//                 `pending`), null before the first answer
//       trace     the selected piece's trace_piece answer, or null (not there yet, or too long)
//       error     the engine's last error, or null;  pending: an overview is on its way
//       slow      the pending overview has taken longer than TIMING.staleAfterMs
//
//     events: "overview" {previous, empty}  a new text's overview (previous: the piece shown before)
//             "page"                        another page of the same text's pieces
//             "tracing"                     the selected piece's trace was asked for
//             "trace"                       the selected piece's trace is in the snapshot
//             "error", "stale"

import { TIMING, LIMITS } from "../../theme.mjs";
import { MAX_TRACE_BYTES } from "../../protocol.mjs";
import { overviewPayload, tracePayload, pieceMeta } from "./frames.mjs";
import { withEncoding } from "../encodings.mjs";
import { Latest } from "../../ui/latest.mjs";
import { settled } from "../../ui/settled.mjs";

const TRACE_CACHE = 64;
const EMPTY = Object.freeze({ text: "", ids: [], n_ids: 0, n_pieces: 0, piece_offset: 0, piece_limit: 0, pieces: [] });

export class EncodeSession {
  /**
   * query(kind, payload) -> Promise<{ok, result | error}>: the engine.
   * listener(event, detail): called after each new snapshot.
   */
  constructor(query, listener) {
    this.query = query;
    this.wished = { text: "", piece: 0, encoding: null }; // what the lesson shows now (wish())
    this.listener = listener;
    this.snapshot = Object.freeze({ text: null, overview: null, trace: null, error: null, pending: false, slow: false });
    this.traces = new Map();    // JSON [encoding, text, piece] -> trace
    this.tracing = null;        // the key of the trace request on its way
    // Overview requests, merged: one on its way, for [text, encoding]; an answer counts only for the newest.
    this.overviews = new Latest((a, b) => a[0] === b[0] && a[1] === b[1]);
    this.traceTickets = new Latest(); // trace requests: likewise
    this.debounce = 0;
    this.deferred = false;      // a typed long text waits for a pause before it is asked for
    this.staleTimer = 0;
    this.early = null;          // {key, answer}: an overview asked for before its text was in the box
  }

  set(patch, event, detail) {
    this.snapshot = Object.freeze({ ...this.snapshot, ...patch });
    this.listener(event, detail);
  }

  /** What the lesson shows now: {text, piece, encoding} (the table in use); requests and answers are read against it. */
  wish(wished) {
    this.wished = wished;
  }

  /**
   * A key is about to make the text `text`: its overview is asked for now, while the browser is still
   * editing the box (several milliseconds in a long text), so the answer comes that much sooner. (Not in
   * the frame that shows the key's character: Chromium draws that frame before it reads any worker's
   * answer, bench/keystroke_floor.py.) The text change that follows takes that answer if its request
   * is the same; if the key did something else, it asks again.
   */
  prefetch(text) {
    const { piece, encoding } = this.wished;
    if (this.overviews.busy || text === "" || text.length > LIMITS.instantRetraceChars) return;
    const payload = withEncoding(overviewPayload(text, piece), encoding);
    this.early = { key: JSON.stringify(payload), answer: this.query("overview", payload) };
  }

  /** The overview for `payload`: the early request's answer when it asked for the same, else a new one. */
  async ask(payload) {
    const early = this.early;
    this.early = null;
    if (early && early.key === JSON.stringify(payload)) {
      const answer = await early.answer;
      if (!answer.superseded) return answer;
    }
    return this.query("overview", payload);
  }

  /** The wanted text changed: a long typed text is asked for after a pause, anything else at once. */
  textChanged({ typed = false } = {}) {
    settled.cancelDelay(this.debounce);
    if (typed && this.wished.text.length > LIMITS.instantRetraceChars) {
      this.deferred = true;
      this.debounce = settled.delay(() => this.retrace(), TIMING.retraceDebounceMs);
    } else {
      this.retrace();
    }
  }

  /** Asks for the wanted text's overview, at the page that holds the wanted piece. */
  async retrace() {
    settled.cancelDelay(this.debounce);
    this.deferred = false;
    const { text, piece: wanted, encoding } = this.wished;
    const ticket = this.overviews.open([text, encoding]);
    if (!ticket) return;
    this.traceTickets.drop(); // a trace still on its way is for the old text
    this.tracing = null;
    const previous = this.snapshot.overview ? pieceMeta(this.snapshot.overview, wanted) : null;
    if (text === "") {
      this.overviews.land();
      this.stopStale();
      this.set({ text, overview: { ...EMPTY, encoding }, trace: null, error: null, pending: false }, "overview", { previous, empty: true });
      return;
    }
    this.startStale();
    this.set({ pending: true }, "pending");
    let answer;
    let same;
    try {
      answer = await this.ask(withEncoding(overviewPayload(text, wanted), encoding));
    } finally {
      same = this.overviews.land();
    }
    if (!same && !this.wanted(text, encoding)) {
      this.retrace(); // another text was asked for meanwhile: that one now
      return;
    }
    if (!this.overviews.is(ticket) || !this.wanted(text, encoding)) return;
    this.stopStale();
    if (!answer.ok) {
      this.set({ pending: false, error: answer.error }, "error");
      return;
    }
    this.set({ text, overview: { text, encoding, ...answer.result }, error: null, pending: false }, "overview", { previous, empty: false });
  }

  /** Whether the steps of the text and piece wanted are on their way (a step key waits for them). */
  waiting() {
    return this.deferred || this.snapshot.pending || this.tracing !== null;
  }

  /** The table under a name changed (a new file opened as "custom"): its traces are another table's. */
  forgetTraces() {
    this.traces.clear();
    this.tracing = null;
  }

  /** Whether `text` in `encoding` is still what the lesson shows. */
  wanted(text, encoding) {
    const now = this.wished;
    return now.text === text && now.encoding === encoding;
  }

  /** Asks for the page of pieces that holds `index`; true when it is in the snapshot. */
  async loadPage(index) {
    const { text, encoding } = this.wished;
    const ticket = this.overviews.now;
    const answer = await this.query("overview", withEncoding(overviewPayload(text, index), encoding));
    if (!this.overviews.is(ticket) || !this.wanted(text, encoding)) return false;
    if (!answer.ok) {
      this.set({ error: answer.error }, "error");
      return false;
    }
    this.set({ overview: { text, encoding, ...answer.result } }, "page");
    return true;
  }

  /** Puts the wanted piece's trace in the snapshot: from the cache, or asked for once. */
  async ensureTrace() {
    const { text, piece: index, encoding } = this.wished;
    const o = this.snapshot.overview;
    if (!o || o.text !== text || o.encoding !== encoding || o.n_pieces === 0) return;
    const meta = pieceMeta(o, index);
    if (!meta) {
      if (await this.loadPage(index)) this.ensureTrace();
      return;
    }
    const key = JSON.stringify([encoding, text, index]);
    if (this.traces.has(key)) {
      this.set({ trace: this.traces.get(key) }, "trace");
      return;
    }
    if (this.tracing === key) return; // asked already: that answer is drawn when it comes
    this.set({ trace: null }, "tracing");
    if (meta.bytes.length > MAX_TRACE_BYTES) return;
    const ticket = this.traceTickets.next();
    this.tracing = key;
    const answer = await this.query("trace_piece", withEncoding(tracePayload(text, index), encoding));
    if (this.tracing === key) this.tracing = null;
    if (!this.traceTickets.is(ticket)) return;
    if (!answer.ok) {
      this.set({ error: answer.error }, "error");
      return;
    }
    this.traces.set(key, answer.result);
    while (this.traces.size > TRACE_CACHE) this.traces.delete(this.traces.keys().next().value);
    const now = this.wished;
    if (now.text === text && now.encoding === encoding && now.piece === index) this.set({ trace: answer.result }, "trace");
  }

  // Dimming the cards repaints every one of their thousands of items: only for a slow answer.
  startStale() {
    clearTimeout(this.staleTimer);
    this.snapshot = Object.freeze({ ...this.snapshot, slow: false });
    this.staleTimer = setTimeout(() => this.set({ slow: true }, "stale"), TIMING.staleAfterMs);
  }

  stopStale() {
    clearTimeout(this.staleTimer);
    this.snapshot = Object.freeze({ ...this.snapshot, slow: false });
  }

  destroy() {
    settled.cancelDelay(this.debounce);
    clearTimeout(this.staleTimer);
    this.early = null;
    this.overviews.drop();
    this.traceTickets.drop();
    this.listener = () => {};
  }
}
