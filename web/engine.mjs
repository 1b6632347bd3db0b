// The page-side client of the engine worker (docs/protocol.md §3).
//
//   import { createEngine, precomputed } from "./engine.mjs";
//   const engine = createEngine();
//   engine.onStatus(({ status, stage, message }) => ...);    // called at once with the latest status
//   const first = precomputed("overview", payload);          // answer built at build time, or undefined
//   const answer = await engine.request("overview", payload); // {ok: true, result} | {ok: false, error}
//   engine.request("warmup", {encoding: "cl100k_base"}, {onProgress: ({loaded, total}) => ...});
//
// request() never rejects for an engine error: errors come back as data. `engine.ready` resolves when
// Python is ready and rejects (with an Error) if it cannot start.

import { adoptBootWorker } from "./boot.mjs";
import { precomputed, precomputedKey } from "./precomputed.mjs";

export { precomputed, precomputedKey };

/**
 * The engine: the worker boot.mjs started with the page (the first call), or a new worker (later calls,
 * or when `workerURL` is given).
 */
export function createEngine({ workerURL = null } = {}) {
  const booted = workerURL ? null : adoptBootWorker();
  const worker = booted ? booted.worker : new Worker(workerURL ?? new URL("./worker.mjs", import.meta.url), { type: "module" });
  const pending = new Map();
  const listeners = new Set();
  let nextId = 1;
  let latest = { status: "loading", stage: "start", message: "Starting" };
  let settleReady;
  const ready = new Promise((resolve, reject) => {
    settleReady = { resolve, reject };
  });
  ready.catch(() => {});

  function setStatus(next) {
    latest = next;
    if (next.status === "ready") settleReady.resolve(true);
    if (next.status === "error") {
      settleReady.reject(new Error(next.message));
      for (const [id, resolve] of pending) {
        resolve({ ok: false, error: { type: "EngineUnavailable", message: next.message } });
        pending.delete(id);
      }
    }
    for (const fn of listeners) fn(latest);
  }

  function onMessage(event) {
    const message = event.data;
    if (Object.hasOwn(message, "status")) {
      setStatus({ status: message.status, stage: message.stage, message: message.message });
      return;
    }
    const resolve = pending.get(message.id);
    if (resolve === undefined) return;
    if (Object.hasOwn(message, "progress")) {
      resolve.onProgress?.(message.progress);
      return;
    }
    pending.delete(message.id);
    resolve(message.ok ? { ok: true, result: message.result } : { ok: false, error: message.error });
  }
  function onError(event) {
    event.preventDefault();
    setStatus({ status: "error", stage: latest.stage, message: `The engine worker failed: ${event.message ?? "unknown error"}` });
  }
  worker.onmessage = onMessage;
  worker.onerror = onError;
  for (const event of booted ? booted.early : []) {
    if (event.type === "message") onMessage(event);
    else onError(event);
  }

  /** onProgress({encoding, loaded, total}): while the worker fetches the table the payload names. */
  function request(kind, payload = {}, { onProgress = null } = {}) {
    if (latest.status === "error") {
      return Promise.resolve({ ok: false, error: { type: "EngineUnavailable", message: latest.message } });
    }
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, Object.assign((answer) => resolve(answer), { onProgress }));
      worker.postMessage({ id, kind, payload });
    });
  }

  function onStatus(fn) {
    listeners.add(fn);
    fn(latest);
    return () => listeners.delete(fn);
  }

  return { ready, request, onStatus, precomputed, status: () => latest, terminate: () => worker.terminate() };
}
