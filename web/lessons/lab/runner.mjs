// The page's side of the lab's worker (../../lab-worker.mjs): one request at a time, a time limit, and a
// fresh worker for every request.
//
//   const runner = labRunner();                       // one for the page, started on first use
//   runner.onStatus(({ state, message }) => ...);      // "loading" | "restarting" | "ready" | "error"
//   runner.prepare("get_stats");                       // the exercise the next run is likely for
//   const result = await runner.run("get_stats", code);
//
// run() never rejects. Its result is {state: "answered", answer}, the worker's report of what the code
// returned (toklab_lab/harness.py), for judge.mjs to judge: never a verdict of its own; or one made
// here: {state: "timeout", limitMs}, {state: "cancelled"}, or {state: "error", error: {kind: "crash" |
// "closed" | "large" | "unavailable", message}} ("closed": the code closed its own worker; "large": its
// answer was longer than the worker sends, lab-worker.mjs). The limit counts from
// the moment the code is handed to a ready worker, not Python's start-up. When it passes, the worker is
// terminated (a loop that never ends cannot be interrupted any other way without cross-origin
// isolation).
//
// A worker runs student code once: whatever a request ends with (an answer, a timeout, a crash), that
// worker is terminated and a new one boots for the next request. So nothing one run changes in Python
// (a patched module, builtins, a pending promise) is there for the next: each run starts from the
// same fresh Python, and the worker itself refuses a second request. A worker makes one exercise's
// cases while it boots (the one named by prepare(), or by the run), so a fresh one is ready sooner; a
// run for another exercise replaces a worker that has not run anything yet.
//
// The worker is never the engine's: student code has no way to post to the engine's worker. The page
// hears the lab's worker only on a MessageChannel whose port it hands the worker first, before Python
// starts; the worker keeps that port out of student code's reach and removes its own postMessage
// (lab-worker.mjs, lab-seal.mjs), so anything posted on the worker itself is ignored here. An answer
// counts only when it names the run in flight by its id, which is random (never 1, 2, 3...), and the
// kind of request the page made; it is read as data, nothing else.

export const RUN_LIMIT_MS = 5000;

const STATES = new Set(["loading", "ready", "error"]);

export class LabRunner {
  constructor({ workerURL = new URL("../../lab-worker.mjs", import.meta.url), limitMs = RUN_LIMIT_MS } = {}) {
    this.workerURL = workerURL;
    this.limitMs = limitMs;
    this.worker = null;
    this.status = { state: "loading", message: "" };
    this.listeners = new Set();
    this.waiting = [];   // resolve(ok) of runs waiting for the worker to be ready
    this.port = null;    // the page's end of the worker's channel
    this.job = null;     // the run in flight: {id, kind, resolve, timer}
    this.restarts = 0;
    this.exercise = ""; // the exercise the worker makes the cases of while it boots ("": none yet)
    this.booting = ""; // the exercise of the worker running now
  }

  onStatus(fn) {
    this.listeners.add(fn);
    fn(this.status);
    return () => this.listeners.delete(fn);
  }

  setStatus(state, message = "") {
    this.status = { state, message };
    if (state === "ready" || state === "error") {
      for (const resolve of this.waiting.splice(0)) resolve(state === "ready");
    }
    for (const fn of this.listeners) fn(this.status);
  }

  /** Boots a worker unless one is running. */
  start(state = "loading") {
    if (this.worker) return;
    this.booting = this.exercise;
    const worker = new Worker(this.workerURL, { type: "module" });
    const channel = new MessageChannel();
    this.worker = worker;
    this.port = channel.port1;
    channel.port1.onmessage = (event) => this.onMessage(worker, event.data);
    worker.postMessage({ connect: true, exercise: this.exercise }, [channel.port2]);
    worker.onerror = (event) => {
      event.preventDefault();
      this.onCrash(worker, event.message || "the worker failed");
    };
    this.setStatus(state);
  }

  /**
   * The exercise the next run is likely for: a worker that has run nothing yet but was booted for
   * another exercise is replaced by one that makes this exercise's cases.
   */
  prepare(exercise) {
    if (typeof exercise !== "string" || exercise === this.exercise) return;
    this.exercise = exercise;
    if (this.worker && this.booting !== exercise && !(this.job && this.job.posted)) this.restart();
  }

  /** Terminates the worker and boots a new one. */
  restart() {
    if (this.worker) {
      this.port.onmessage = null;
      this.port.close();
      this.port = null;
      this.worker.onerror = null;
      this.worker.terminate();
      this.worker = null;
    }
    this.restarts += 1;
    this.start("restarting");
  }

  onMessage(worker, data) {
    if (worker !== this.worker || data === null || typeof data !== "object") return;
    if (Object.hasOwn(data, "status")) {
      if (STATES.has(data.status) && !Object.hasOwn(data, "id")) {
        const state = data.status === "loading" && this.status.state === "restarting" ? "restarting" : data.status;
        this.setStatus(state, typeof data.message === "string" ? data.message : "");
      }
      return;
    }
    const job = this.job;
    if (data.closed === true) {
      // The code in flight closed its worker: the run ends now, and a new worker boots.
      if (job && job.posted) this.finish(job, { state: "error", error: { kind: "closed", message: "" } });
      else this.restart();
      return;
    }
    if (!job || data.id !== job.id || data.kind !== job.kind) return;
    if (data.ok === true && data.result && typeof data.result === "object") {
      this.finish(job, job.kind === "run" ? { state: "answered", answer: data.result } : data.result);
      return;
    }
    const error = data.error && typeof data.error === "object" ? data.error : {};
    const message = typeof error.message === "string" ? error.message : "";
    const kind = error.crashed ? "crash" : error.type === "TooLarge" ? "large" : "unavailable";
    this.finish(job, { state: "error", error: { kind, message } });
  }

  onCrash(worker, message) {
    if (worker !== this.worker) return;
    const job = this.job;
    if (job && job.posted) {
      this.finish(job, { state: "error", error: { kind: "crash", message } });
    } else {
      this.setStatus("error", message);
    }
  }

  /** Ends `job` with `result`; a worker that was handed its code is replaced (see the top). */
  finish(job, result) {
    clearTimeout(job.timer);
    if (this.job === job) this.job = null;
    job.resolve(result);
    if (job.posted) this.restart();
  }

  whenReady() {
    if (this.status.state === "ready") return Promise.resolve(true);
    if (this.status.state === "error") return Promise.resolve(false);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Runs `code` for `exercise`; `onStarted()` is called when the code reaches a ready worker. */
  run(exercise, code, { onStarted = () => {} } = {}) {
    return this.request("run", { exercise, code }, onStarted);
  }

  /**
   * Watches a passed bpe() `code` merge `piece` (toklab_lab/steps.py): {state: "ok", symbols, steps,
   * ids} or "unseen", or an error, a timeout or a crash as run() answers them.
   */
  watchSteps(code, piece) {
    return this.request("steps", { code, piece });
  }

  request(kind, payload, onStarted = () => {}) {
    this.cancel();
    this.prepare(kind === "run" ? payload.exercise : "bpe");
    this.start();
    const job = { id: jobId(), kind, resolve: null, timer: 0, posted: false };
    const result = new Promise((resolve) => {
      job.resolve = resolve;
    });
    this.job = job;
    this.whenReady().then((ok) => {
      if (this.job !== job) return;
      if (!ok) {
        this.finish(job, { state: "error", error: { kind: "unavailable", message: this.status.message } });
        return;
      }
      job.posted = true;
      this.port.postMessage({ id: job.id, kind, payload });
      job.timer = setTimeout(() => {
        if (this.job !== job) return;
        this.finish(job, { state: "timeout", limitMs: this.limitMs });
      }, this.limitMs);
      onStarted();
    });
    return result;
  }

  /** Drops the run in flight (its promise answers {state: "cancelled"}); a started one stops its worker. */
  cancel() {
    const job = this.job;
    if (!job) return;
    this.finish(job, { state: "cancelled" });
  }
}

/** A run's id: 128 random bits as hex (crypto.randomUUID needs a secure context; this does not). */
function jobId() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

let shared = null;

/** The page's one runner: its worker boots on first use and is kept while the page lives. */
export function labRunner() {
  if (!shared) shared = new LabRunner();
  return shared;
}
