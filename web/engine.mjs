// The page-side client of the engine worker (docs/protocol.md §3).
//
//   import { createEngine, precomputed } from "./engine.mjs";
//   const engine = createEngine();
//   engine.onStatus(({ status, stage, message }) => ...);    // called at once with the latest status
//   const first = precomputed("overview", payload);          // answer built at build time, or undefined
//   const answer = await engine.request("overview", payload); // {ok: true, result} | {ok: false, error}
//
// request() never rejects for an engine error: errors come back as data. `engine.ready` resolves when
// Python is ready and rejects (with an Error) if it cannot start.

const precomputedURL = new URL("./precomputed.json", import.meta.url);

/**
 * The key of one request in precomputed.json: kind, one space, then the payload as JSON with object
 * keys sorted and no whitespace.
 * precomputedKey("overview", {text: "tokenization", allowed_special: "none"})
 *   -> 'overview {"allowed_special":"none","text":"tokenization"}'
 */
export function precomputedKey(kind, payload) {
  return `${kind} ${canonicalJSON(payload ?? {})}`;
}

function canonicalJSON(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJSON).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).filter((k) => value[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJSON(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

async function loadPrecomputed() {
  try {
    const response = await fetch(precomputedURL, { cache: "no-cache" });
    if (!response.ok) return new Map();
    const { answers } = await response.json();
    return new Map(Object.entries(answers ?? {}));
  } catch {
    return new Map();
  }
}

// Loaded before this module finishes evaluating, so precomputed() is synchronous for its importers.
const answers = await loadPrecomputed();

/** The answer computed at build time for exactly this request ({ok, result}), or undefined. */
export function precomputed(kind, payload) {
  return answers.get(precomputedKey(kind, payload));
}

export function createEngine({ workerURL = new URL("./worker.mjs", import.meta.url) } = {}) {
  const worker = new Worker(workerURL, { type: "module" });
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

  worker.onmessage = (event) => {
    const message = event.data;
    if (Object.hasOwn(message, "status")) {
      setStatus({ status: message.status, stage: message.stage, message: message.message });
      return;
    }
    const resolve = pending.get(message.id);
    if (resolve === undefined) return;
    pending.delete(message.id);
    resolve(message.ok ? { ok: true, result: message.result } : { ok: false, error: message.error });
  };
  worker.onerror = (event) => {
    event.preventDefault();
    setStatus({ status: "error", stage: latest.stage, message: `The engine worker failed: ${event.message ?? "unknown error"}` });
  };

  function request(kind, payload = {}) {
    if (latest.status === "error") {
      return Promise.resolve({ ok: false, error: { type: "EngineUnavailable", message: latest.message } });
    }
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, resolve);
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
