// The page-side client of the engine worker (docs/protocol.md §3).
//
//   import { createEngine, precomputed } from "./engine.mjs";
//   const engine = createEngine();
//   engine.onStatus(({ status, stage, message, code }) => ...);  // called at once with the latest status
//   engine.onActivity((running) => ...);   // {kind, lane, since} while a request runs in the worker, else null
//   const first = precomputed("overview", payload);              // answer built at build time, or undefined
//   const answer = await engine.request("overview", payload);    // {ok: true, result} | {ok: false, error}
//   engine.request("overview", payload, { lane: "decode", round: 7 });  // round 8 of "decode" replaces it
//   engine.request("warmup", {encoding: "cl100k_base"}, {onProgress: ({loaded, total}) => ...});
//   engine.restart();                        // a new worker; what it had or was to get is answered `engine_stopped`
//   engine.restart({ keepWaiting: true });   // Stop: only the running request ends (`stopped`); the rest wait
//   engine.stopRunning("train_hf");          // a sliced request (SLICED_KINDS) ends and answers what it has so far
//   engine.status()                          // the latest status, as onStatus gives it
//   engine.holds("cl100k_base")              // the worker holds that table, as it last said
//   engine.tables()                          // the tables store: {held: [names], loading: {name: {loaded, total}}}
//   engine.onTables((tables) => ...)         // called at once and at each change of the store
//
// The tables store is the page's one record of which tables the worker holds and which it is loading.
// The worker says both itself (its `tables` message, toklab.protocol.TablesMessage: Python's own list
// of the tables it holds, and the table the running request loads, with its file's progress), before
// the answer of the request that changed them; a new worker holds r50k only until it says more. A
// request still waiting in the page that names a table the worker does not hold makes that table
// loading too (nothing fetched yet). Every select and count derives from the store
// (lessons/encodings.mjs, lessons/encode/quick.mjs).
//
// request() never rejects: errors come back as data. `engine.ready` resolves when Python is first ready
// and rejects (with an Error) if the first worker cannot start.
//
// Requests wait in the page, in order, and go to the worker one at a time once Python is ready, so:
//   - a request waiting in the queue is replaced by one of the same lane (who asks: a lesson) and kind
//     from a later round (the asker's count of its questions; requests of one round, such as one
//     overview per table, never replace each other): the old one resolves at once as
//     {ok: false, superseded: true, error: {code: "superseded"}}, and the new one goes to the end of
//     the queue, so a lane's answers always come back in the order it asked;
//   - a request's own work has a time budget in the worker (toklab.budget: REQUEST_BUDGET_MS, or the
//     request's `budgetMs`): past it Python stops and answers the error `over_budget`, and the engine
//     goes on; the timeout below is the last resort, for a worker that cannot answer at all;
//   - a request that runs longer than `requestTimeoutMs` without a word, or a boot longer than
//     `bootTimeoutMs`, stops the worker: the status becomes an error with code "request_timeout" or
//     "boot_timeout"; each progress message of the request starts its clock again (a long training
//     that keeps saying how far it is is not killed);
//   - a worker that fails once ready (an uncaught error, Python fatally failed, out of memory) makes the
//     status an error with code "crashed"; one that fails before, or a boot that fails, "boot_failed";
//   - a worker that dies without a word (no error event: killed, closed) is found by a heartbeat: a
//     ready worker is pinged when idle every `heartbeatMs` and just before each request (the worker
//     answers a ping before it starts the request after it); no answer within `aliveMs` is "crashed";
//   - restart() ends the worker and starts a new one (from the start-up snapshot, like the first);
//     restart({keepWaiting: true}) answers only the running request, with the error `stopped`, and
//     the waiting ones go to the new worker.
// While the status is an error, every request is answered at once with the error `engine_stopped`.

import { adoptBootWorker } from "./boot.mjs";
import { precomputed, precomputedKey } from "./precomputed.mjs";
import { TIMING } from "./theme.mjs";
import { failure, statusError } from "./failures.mjs";
import { DEFAULT_ENCODING, CUSTOM_TABLE, TABLE_NAMES } from "./protocol.mjs";

export { precomputed, precomputedKey };

/** The answer to a request once the engine has stopped: the page shows it by its code. */
function unavailable(detail) {
  return failure("engine_stopped", { detail });
}

/** The answer to the request that was running when the user pressed Stop. */
const STOPPED = Object.freeze({ ok: false, error: failure("stopped") });

/** The answer to a request that a newer one of its lane and kind replaced while it waited. */
const SUPERSEDED = Object.freeze({ ok: false, superseded: true, error: failure("superseded") });

/**
 * The engine: the worker boot.mjs started with the page (the first call), or a new worker (later calls,
 * or when `workerURL` is given). A restart always starts a new worker.
 */
export function createEngine({
  workerURL = null,
  bootTimeoutMs = TIMING.bootTimeoutMs,
  requestTimeoutMs = TIMING.requestTimeoutMs,
  heartbeatMs = TIMING.heartbeatMs,
  aliveMs = TIMING.aliveMs,
  newWorker = (at) => new Worker(at, { type: "module" }), // injected in Node tests (tests/js/engine.test.mjs)
} = {}) {
  const url = workerURL ?? new URL("./worker.mjs", import.meta.url);
  let booted = workerURL ? null : adoptBootWorker();
  const listeners = new Set();
  const activityListeners = new Set();
  const queue = []; // {id, kind, payload, lane, round, resolve, onProgress}, oldest first
  let running = null; // the request the worker is answering, with {since, timer}
  let worker = null;
  let generation = 0; // messages from an ended worker are not heard
  let bootTimer = 0;
  let pingTimer = 0; // the next idle heartbeat
  let pongTimer = 0; // a ping waiting for its answer
  let pings = 0;
  let nextId = 1;
  let terminated = false; // terminate() was called: no worker, no restart
  let latest = { status: "loading", stage: "start", message: "Starting", code: "", params: {} };
  const FRESH = Object.freeze({ held: Object.freeze([DEFAULT_ENCODING]), loading: Object.freeze({}) });
  let told = FRESH; // the worker's latest `tables` message
  const tableListeners = new Set();
  let tables = Object.freeze({ held: Object.freeze([DEFAULT_ENCODING]), loading: Object.freeze({}) });
  let settleReady;
  const ready = new Promise((resolve, reject) => {
    settleReady = { resolve, reject };
  });
  ready.catch(() => {});

  function startWorker() {
    generation += 1;
    const mine = generation;
    told = FRESH;
    publishTables();
    let early = [];
    if (booted) {
      ({ worker, early } = booted);
      booted = null;
    } else {
      worker = newWorker(url);
    }
    worker.onmessage = (event) => {
      if (mine === generation) onMessage(event);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (mine === generation) onError(event);
    };
    clearTimeout(bootTimer);
    bootTimer = setTimeout(() => {
      stop(statusError("boot_timeout", { seconds: Math.round(bootTimeoutMs / 1000) }));
    }, bootTimeoutMs);
    for (const event of early) {
      if (mine !== generation) break;
      if (event.type === "message") onMessage(event);
      else onError(event);
    }
  }

  /** Ends the worker (its later messages are not heard) and every request it had or was to get. */
  function endWorker(detail) {
    generation += 1;
    clearTimeout(bootTimer);
    clearTimeout(pingTimer);
    clearTimeout(pongTimer);
    pingTimer = 0;
    pongTimer = 0;
    if (worker) worker.terminate();
    worker = null;
    const jobs = running ? [running, ...queue.splice(0)] : queue.splice(0);
    if (running) clearTimeout(running.timer);
    running = null;
    for (const job of jobs) job.resolve({ ok: false, error: unavailable(detail) });
    if (jobs.length) announceActivity();
    publishTables();
  }

  /** The table a request waiting or running will load: the one its payload names, when the worker does not hold it; else null. */
  const loads = (job) => {
    const name = job.payload?.encoding;
    return TABLE_NAMES.includes(name) && name !== CUSTOM_TABLE && !told.held.includes(name) ? name : null;
  };

  /** The store as it is now (the worker's word, and the tables waiting requests name), told to its listeners when it changed. */
  function publishTables() {
    const loading = {};
    for (const job of running ? [running, ...queue] : queue) {
      const name = loads(job);
      if (name) loading[name] = Object.freeze({ loaded: 0, total: 0 });
    }
    for (const [name, progress] of Object.entries(told.loading)) loading[name] = Object.freeze({ ...progress });
    const next = { held: Object.freeze([...told.held]), loading: Object.freeze(loading) };
    if (JSON.stringify(next) === JSON.stringify(tables)) return;
    tables = Object.freeze(next);
    for (const fn of tableListeners) fn(tables);
  }

  function setStatus(next) {
    latest = { code: "", params: {}, ...next };
    if (latest.status === "ready") {
      clearTimeout(bootTimer);
      settleReady.resolve(true);
    }
    if (latest.status === "error") {
      settleReady.reject(new Error(latest.message));
      endWorker(latest.message);
    }
    for (const fn of listeners) fn(latest);
    if (latest.status === "ready") {
      pump();
      heartbeatLater();
    }
  }

  /** "Still there?": the worker answers {pong} at once when its thread is free. */
  function ping() {
    clearTimeout(pingTimer);
    pingTimer = 0;
    if (!worker || latest.status !== "ready" || pongTimer) return;
    pings += 1;
    worker.postMessage({ ping: pings });
    pongTimer = setTimeout(() => {
      pongTimer = 0;
      const seconds = Math.round(aliveMs / 1000);
      stop(statusError("crashed", { detail: `no answer within ${seconds} s` }));
    }, aliveMs);
  }

  function heartbeatLater() {
    if (pingTimer || pongTimer || running || latest.status !== "ready") return;
    pingTimer = setTimeout(ping, heartbeatMs);
  }

  /** Stops the worker and says why: `code` is one of the status codes above (protocol.mjs's STATUS_CODES). */
  function stop({ code, params = {}, message }) {
    setStatus({ status: "error", stage: latest.stage, code, params, message });
  }

  function onMessage(event) {
    const message = event.data;
    if (Object.hasOwn(message, "pong")) {
      clearTimeout(pongTimer);
      pongTimer = 0;
      heartbeatLater();
      return;
    }
    if (Object.hasOwn(message, "tables")) {
      told = message.tables;
      publishTables();
      return;
    }
    if (Object.hasOwn(message, "status")) {
      const failed = message.status === "error";
      const code = failed ? (message.stage === "crashed" ? "crashed" : "boot_failed") : "";
      setStatus({ status: message.status, stage: message.stage, message: message.message, code });
      return;
    }
    if (!running || message.id !== running.id) return;
    if (Object.hasOwn(message, "progress")) {
      clearTimeout(running.timer);
      running.timer = requestTimer(running);
      running.onProgress?.(message.progress);
      return;
    }
    const job = running;
    clearTimeout(job.timer);
    running = null;
    publishTables();
    job.resolve(message.ok ? { ok: true, result: message.result } : { ok: false, error: message.error });
    announceActivity();
    pump();
    heartbeatLater();
  }

  function onError(event) {
    const detail = event.message ?? "unknown error";
    stop(statusError(latest.status === "ready" ? "crashed" : "boot_failed", { detail }));
  }

  /** Sends the oldest waiting request to the worker when Python is ready and idle. */
  function pump() {
    if (running || !worker || latest.status !== "ready" || queue.length === 0) return;
    ping(); // answered before the request starts, or the worker is gone
    const job = queue.shift();
    running = job;
    job.since = performance.now();
    job.timer = requestTimer(job);
    const message = { id: job.id, kind: job.kind, payload: job.payload };
    if (job.budgetMs) message.budgetMs = job.budgetMs;
    worker.postMessage(message);
    announceActivity();
  }

  /** The request's clock: `requestTimeoutMs` from now without a word from the worker stops it. */
  function requestTimer(job) {
    const limit = job.timeoutMs ?? requestTimeoutMs;
    return setTimeout(() => {
      stop(statusError("request_timeout", { seconds: Math.round(limit / 1000), kind: job.kind }));
    }, limit);
  }

  /** Asks the worker to end the running request of `kind` (a sliced one) and answer what it has so far. */
  function stopRunning(kind) {
    if (running && running.kind === kind && worker) worker.postMessage({ stop: running.id });
  }

  function announceActivity() {
    const now = running ? { kind: running.kind, lane: running.lane, since: running.since } : null;
    for (const fn of activityListeners) fn(now);
  }

  /**
   * onProgress({encoding, loaded, total}): while the worker fetches the table the payload names.
   * lane, round: who asks (a lesson's id) and its count of questions; a waiting request of the same lane
   * and kind from an earlier round is superseded. Without a round nothing is superseded.
   * timeoutMs: this request's own limit instead of requestTimeoutMs (loading a large open model).
   * budgetMs: the time its work may take in the worker instead of Python's REQUEST_BUDGET_MS.
   */
  function request(kind, payload = {}, { onProgress = null, lane = null, round = null, timeoutMs = null, budgetMs = null } = {}) {
    if (latest.status === "error" || terminated) {
      return Promise.resolve({ ok: false, error: unavailable(terminated ? "the engine was terminated" : latest.message) });
    }
    return new Promise((resolve) => {
      if (lane !== null && round !== null) {
        const older = (job) => job.lane === lane && job.kind === kind && job.round !== null && job.round < round;
        for (const job of queue.filter(older)) {
          queue.splice(queue.indexOf(job), 1);
          job.resolve(SUPERSEDED);
        }
      }
      queue.push({ id: nextId++, kind, payload, lane, round, resolve, onProgress, timeoutMs, budgetMs });
      publishTables();
      pump();
    });
  }

  /**
   * A new worker, from the start: what the old one had or was to get is answered `engine_stopped`; with
   * keepWaiting, only the running request is answered (`stopped`) and the waiting ones stay queued.
   */
  function restart({ keepWaiting = false } = {}) {
    if (terminated) return;
    const waiting = keepWaiting ? queue.splice(0) : [];
    if (keepWaiting && running) {
      const job = running;
      clearTimeout(job.timer);
      running = null;
      job.resolve(STOPPED);
      announceActivity();
    }
    endWorker("the engine was restarted");
    queue.push(...waiting);
    publishTables();
    setStatus({ status: "loading", stage: "start", message: "Starting" });
    startWorker();
  }

  function onStatus(fn) {
    listeners.add(fn);
    fn(latest);
    return () => listeners.delete(fn);
  }

  function onTables(fn) {
    tableListeners.add(fn);
    fn(tables);
    return () => tableListeners.delete(fn);
  }

  function onActivity(fn) {
    activityListeners.add(fn);
    return () => activityListeners.delete(fn);
  }

  function terminate() {
    terminated = true;
    endWorker("the engine was terminated");
  }

  startWorker();
  const holds = (name) => tables.held.includes(name);
  return { ready, request, restart, stopRunning, onStatus, onActivity, precomputed, status: () => latest, holds, tables: () => tables, onTables, terminate };
}
