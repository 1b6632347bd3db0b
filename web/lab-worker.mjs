// The lab's worker: a second Pyodide, where students' code runs, apart from the engine's worker.
//
// It boots from this origin's own files: from the engine's start-up snapshot as worker.mjs does
// (pyboot.mjs: Python with toklab installed), or, when that cannot be used, the normal way (the same
// pyodide/ runtime and precompiled standard library, then the toklab wheel unpacked). Then it unpacks
// the lab's wheel (toklab_lab: the exercises and the checking harness) into site-packages and
// computes every exercise's cases once. Last, it closes its own ways out (fetch, XMLHttpRequest,
// WebSocket, nested workers...), so code run here reaches nothing but the page that started it; the
// Content-Security-Policy already limits the rest to this origin.
//
//   page -> worker   {id, kind: "run", payload: {exercise, code}}
//   worker -> page   {id, ok: true, result}   result: toklab_lab.harness's answer (see harness.py)
//   page -> worker   {id, kind: "steps", payload: {code, piece}}   a passed bpe(), watched on one piece
//   worker -> page   {id, ok: true, result}   result: toklab_lab.steps's answer (see steps.py)
//                    {id, ok: false, error: {type, message, crashed}}   Pyodide itself failed
//   worker -> page   {status: "loading" | "ready" | "error", message}   (unprompted)
//
// A run that never ends is the page's business: runner.mjs terminates this worker after its time limit
// and starts a fresh one. A failure of Pyodide itself (a fatal error, a stack overflow) comes back with
// crashed: true, and the page replaces the worker too.
//
// Memory: once Python is ready, its WebAssembly memory may grow by at most STUDENT_MEMORY more. Code
// that asks for gigabytes meets Python's MemoryError at that line long before the browser's own limit
// (and in well under the time limit, where growing to 4 GiB ten megabytes at a time would not be); the
// harness answers kind "memory", and the page then replaces this worker to give the memory back.

import { loadPyodide } from "./pyodide/pyodide.mjs";
import { restoreSnapshot } from "./pyboot.mjs";

const base = new URL("./", import.meta.url);
const STUDENT_MEMORY = 768 * 1024 * 1024; // bytes the student's code may add to what Python holds once ready
const PAGE = 65536; // a WebAssembly memory page
let harness = null;
let steps = null;

/**
 * Refuses to grow `memory` past `limit` bytes. Emscripten's heap growth calls memory.grow() and reads a
 * throw as "no more memory", so malloc() returns NULL and Python raises MemoryError.
 */
function capMemory(memory, limit) {
  const grow = WebAssembly.Memory.prototype.grow;
  Object.defineProperty(memory, "grow", {
    value: (pages) => {
      if (memory.buffer.byteLength + pages * PAGE > limit) throw new RangeError(`the lab's Python may use ${limit} bytes`);
      return grow.call(memory, pages);
    },
  });
}

function status(state, message) {
  postMessage({ status: state, message });
}

async function fetchOk(url) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return response;
}

/** The globals that reach beyond this worker; none is needed once Python has booted. */
const WAYS_OUT = [
  "fetch", "XMLHttpRequest", "WebSocket", "EventSource", "WebTransport", "Worker", "SharedWorker",
  "BroadcastChannel", "importScripts", "indexedDB", "caches",
];

function closeWaysOut() {
  // Student code may close this worker itself (`import js; js.close()`): the page hears why at once,
  // instead of waiting out the run's time limit.
  const close = self.close.bind(self);
  Object.defineProperty(self, "close", {
    value: () => {
      postMessage({ closed: true });
      close();
    },
    writable: false,
    configurable: false,
  });
  for (const name of WAYS_OUT) {
    try {
      Object.defineProperty(self, name, { value: undefined, writable: false, configurable: false });
    } catch {
      // Not defined in this browser, or already fixed: nothing to close.
    }
  }
}

/** Python with toklab installed: from the snapshot when this build has a usable one, else the normal way. */
async function startPython(engine) {
  const indexURL = new URL("pyodide/", base).href;
  const options = { indexURL, packageBaseUrl: indexURL, stdLibURL: new URL("python_stdlib_pyc.zip", indexURL).href };
  if (engine.snapshot) {
    try {
      return await restoreSnapshot(base, options, engine);
    } catch (error) {
      console.warn(`The lab's start-up snapshot could not be used (${error.message}); starting Python the normal way.`);
    }
  }
  const [pyodide, engineWheel] = await Promise.all([
    loadPyodide(options),
    fetchOk(new URL(`wheels/${engine.toklab}?v=${encodeURIComponent(engine.toklab_sha256)}`, base)).then((r) => r.arrayBuffer()),
  ]);
  pyodide.unpackArchive(engineWheel, "wheel");
  return pyodide;
}

async function boot() {
  status("loading", "runtime");
  // The lab's wheel downloads while Python starts.
  const labWheel = fetchOk(new URL("lab/manifest.json", base))
    .then((r) => r.json())
    .then((lab) => fetchOk(new URL(`lab/${lab.wheel}?v=${encodeURIComponent(lab.sha256)}`, base)))
    .then((r) => r.arrayBuffer());
  labWheel.catch(() => {});
  const engine = await fetchOk(new URL("wheels/manifest.json", base)).then((r) => r.json());
  const pyodide = await startPython(engine);
  status("loading", "packages");
  pyodide.unpackArchive(await labWheel, "wheel");
  status("loading", "exercises");
  const module = pyodide.pyimport("toklab_lab.harness");
  module.warm();
  harness = module;
  steps = pyodide.pyimport("toklab_lab.steps");
  const memory = pyodide._module.memory;
  capMemory(memory, memory.buffer.byteLength + STUDENT_MEMORY);
  closeWaysOut();
  status("ready", "ready");
}

const booted = boot().then(
  () => true,
  (error) => {
    status("error", error instanceof Error ? error.message : String(error));
    return false;
  },
);

/** Calls one of the Python functions below with string arguments; its JSON answer, or the failure. */
function call(kind, payload) {
  const { exercise, code, piece } = payload ?? {};
  const wanted = kind === "run" ? [exercise, code] : [code, piece];
  if (wanted.some((value) => typeof value !== "string")) {
    const needs = kind === "run" ? "an exercise and code" : "code and a piece";
    return { ok: false, error: { type: "BadRequest", message: `a ${kind} request needs ${needs} (strings)`, crashed: false } };
  }
  try {
    const answer = kind === "run" ? harness.run(...wanted) : steps.watch_bpe(...wanted);
    return { ok: true, result: JSON.parse(answer) };
  } catch (error) {
    // harness.run and steps.watch_bpe catch every Python exception, so this is Pyodide itself failing.
    return { ok: false, error: { type: String(error?.name ?? "Error"), message: String(error?.message ?? error), crashed: true } };
  }
}

self.onmessage = async (event) => {
  const { id, kind, payload } = event.data ?? {};
  if (!(await booted)) {
    postMessage({ id, ok: false, error: { type: "LabUnavailable", message: "Python could not start", crashed: false } });
    return;
  }
  if (kind !== "run" && kind !== "steps") {
    postMessage({ id, ok: false, error: { type: "BadRequest", message: `unknown request ${String(kind)}`, crashed: false } });
    return;
  }
  postMessage({ id, ...call(kind, payload) });
};
