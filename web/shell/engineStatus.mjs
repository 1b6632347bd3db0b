// The engine as the page's shell sees it: the worker's client (engine.mjs, loaded once), its status
// line, the Stop button while a request runs long and the Restart button after a crash or a timeout,
// the lessons' query(), "is Python ready" and "does the worker hold this table" for the lessons.
//
//     const engine = new EngineHost(dom, { t, note, reopen });
//     engine.query(kind, payload, options)   -> Promise<{ok, result | error}>, never rejects
//     engine.ready(), engine.onReady(fn), engine.holds(table), engine.render()   (render: after a language change)
//     engine.tables(), engine.onTables(fn) -> unsubscribe   the tables store (engine.mjs): what the worker holds and loads
//
// The status is the engine's own (engine.status()); this keeps none of its own but the one of a client
// that did not load. Stop: a new worker; the request that ran is answered "stopped" and the waiting ones
// go to the new one, and the lesson is not opened again (that would ask the long request once more).
// Restart: a new worker and `reopen()` (the open lesson starts again on the same state, so the text
// stays). Either way the new worker holds only r50k_base, and engine.holds() says so.

import { TIMING } from "../theme.mjs";
import { failure } from "../failures.mjs";
import { SLICED_KINDS, DEFAULT_ENCODING } from "../protocol.mjs";

export class EngineHost {
  /** dom: {status, statusText, stop, restart}; t(key, vars); note(text); reopen(): the lesson again. */
  constructor(dom, { t, note, reopen }) {
    this.dom = dom;
    this.t = t;
    this.note = note;
    this.reopen = reopen;
    this.engine = null;
    // The status while there is no engine: loading its module, or the module did not load.
    this.missing = { status: "loading", stage: "", message: "", code: "", params: {} };
    this.stopTimer = 0;
    this.busy = false; // a request has run past TIMING.stopAfterMs: the line says Python is busy, not ready
    this.readyListeners = [];
    this.tableListeners = new Set(); // the tables store's listeners: told once the engine is there, and at each change
    this.loaded = import("../engine.mjs")
      .then((mod) => {
        this.engine = mod.createEngine();
        this.engine.onStatus(() => this.changed());
        this.engine.onActivity((running) => this.showStopLater(running));
        this.engine.onTables((tables) => {
          for (const fn of this.tableListeners) fn(tables);
        });
        return this.engine;
      })
      .catch((error) => {
        this.missing = { ...this.missing, status: "error", message: String(error && error.message || error) };
        this.changed();
        return null;
      });
    dom.stop.addEventListener("click", () => this.stop());
    dom.restart.addEventListener("click", () => this.restart());
  }

  /** The engine's status (engine.mjs), or the one of a client that is not there. */
  status() {
    const s = this.engine ? this.engine.status() : this.missing;
    return { status: s.status || "loading", stage: s.stage || "", message: s.message || "", code: s.code || "", params: s.params || {} };
  }

  ready() {
    return this.status().status === "ready";
  }

  /** Whether the engine's worker holds `table` now (a new worker holds only r50k_base). */
  holds(table) {
    return this.engine ? this.engine.holds(table) : table === DEFAULT_ENCODING;
  }

  /** The tables store: {held, loading} (engine.mjs); before the engine is there, only r50k_base is held. */
  tables() {
    return this.engine ? this.engine.tables() : { held: [DEFAULT_ENCODING], loading: {} };
  }

  /** fn(tables) now and at each change of the store; returns the unsubscribe. */
  onTables(fn) {
    this.tableListeners.add(fn);
    fn(this.tables());
    return () => this.tableListeners.delete(fn);
  }

  /** fn() once Python is ready (at once if it is). */
  onReady(fn) {
    if (this.ready()) fn();
    else this.readyListeners.push(fn);
  }

  /** The status changed: the line says it, and a ready engine calls who waited for it. */
  changed() {
    this.render();
    if (this.ready()) for (const fn of this.readyListeners.splice(0)) fn();
  }

  render() {
    const { t, dom } = this;
    const { status, stage, message, code, params } = this.status();
    dom.status.dataset.state = status;
    let text;
    if (status === "ready") text = t(this.busy ? "status.busy" : "status.ready");
    else if (status === "error" && code === "crashed") text = t("engine.crashed");
    else if (status === "error" && code === "boot_timeout") text = t("engine.bootTimeout", params);
    else if (status === "error" && code === "request_timeout") text = t("engine.requestTimeout", params);
    else if (status === "error") text = t("status.error", { message: message || stage });
    else {
      const known = `status.stage.${stage}`;
      const label = t(known) !== known ? t(known) : message || stage || t("status.starting");
      text = t("status.loading", { stage: label });
    }
    dom.statusText.textContent = text;
    // What "Python ready" means, for whoever hovers or focuses it.
    dom.status.title = status === "ready" && !this.busy ? t("status.readyTitle") : text;
    dom.status.dataset.busy = String(status === "ready" && this.busy);
    dom.restart.hidden = status !== "error";
    if (status !== "ready") dom.stop.hidden = true;
  }

  /**
   * Once the running request has taken TIMING.stopAfterMs, the line says Python is busy (a request that
   * never ends, such as a pattern that backtracks without end, no longer reads "Python ready") and the
   * Stop button shows; both go when none runs.
   */
  showStopLater(running) {
    clearTimeout(this.stopTimer);
    this.dom.stop.hidden = true;
    this.setBusy(false);
    if (!running) return;
    const wait = Math.max(0, running.since + TIMING.stopAfterMs - performance.now());
    this.stopTimer = setTimeout(() => {
      this.setBusy(true);
      // A sliced request (train_hf) has its own Stop in its lesson, which keeps what it did (stopRunning).
      if (!SLICED_KINDS.includes(running.kind)) this.dom.stop.hidden = false;
    }, wait);
  }

  setBusy(busy) {
    if (this.busy === busy) return;
    this.busy = busy;
    this.render();
  }

  /** Restart (after a crash or a timeout): a new engine worker, and the open lesson starts again. */
  restart() {
    if (!this.engine) {
      window.location.reload();
      return;
    }
    clearTimeout(this.stopTimer);
    this.dom.stop.hidden = true;
    this.setBusy(false);
    this.engine.restart();
    this.reopen();
  }

  /** Stop (a request running long): a new engine worker; the lesson shows "stopped" and stays. */
  stop() {
    clearTimeout(this.stopTimer);
    this.dom.stop.hidden = true;
    this.setBusy(false);
    this.engine.restart({ keepWaiting: true });
    this.note(this.t("engine.stopped"));
  }

  /** Asks the running request of `kind`, a sliced one, to end and answer what it has so far. */
  stopRunning(kind) {
    this.engine?.stopRunning(kind);
  }

  async query(kind, payload, options) {
    await this.loaded;
    const engine = this.engine;
    if (!engine) {
      return { ok: false, error: failure("engine_missing") };
    }
    if (!this.ready() && typeof engine.precomputed === "function") {
      try {
        const pre = await engine.precomputed(kind, payload);
        if (pre && typeof pre === "object") return Object.hasOwn(pre, "ok") ? pre : { ok: true, result: pre };
      } catch {
        // No precomputed answer: ask the engine below.
      }
    }
    try {
      return await engine.request(kind, payload, options);
    } catch (error) {
      const detail = String(error && error.message || error);
      return { ok: false, error: failure("request_failed", { detail }) };
    }
  }
}
