// The lab's worker: a second Pyodide, where students' code runs, apart from the engine's worker.
//
// It boots from this origin's own files: from the engine's start-up snapshot as worker.mjs does
// (pyboot.mjs: Python with toklab installed), or, when that cannot be used, the normal way (the same
// pyodide/ runtime and precompiled standard library, then the toklab wheel unpacked). Then it unpacks
// the lab's wheel (toklab_lab: the exercises and the checking harness) into site-packages and
// computes every exercise's cases once. Last, it seals itself (lab-seal.mjs): every capability beyond
// computing is removed from its global object and the objects behind it (fetch, caches, storage,
// workers, eval, postMessage...), so code run here reaches nothing, whatever headers the host sends.
//
// The page talks to it over one MessageChannel only. Its first message to the worker carries that
// channel's port; the worker keeps the port where no student code can reach it (a variable of this
// module), and every answer and status goes back through it. `postMessage` on the worker's global is
// gone with the rest, so student code has no way to send the page anything: what arrives on the port
// is this file's own answer to the request the page made, under the id the page chose.
//
//   page -> worker   {connect: true, exercise}, transferring the port (the worker's first message, once);
//                    exercise: the one whose cases it makes while booting ("" for none)
//   page -> port     {id, kind: "run", payload: {exercise, code}}
//   port -> page     {id, kind, ok: true, result}   result: what the code returned for each case, as plain
//                                                   data (toklab_lab.harness.produce): no verdict, the page
//                                                   judges it (lessons/lab/judge.mjs)
//   page -> port     {id, kind: "steps", payload: {code, piece}}   a passed bpe(), watched on one piece
//   port -> page     {id, kind, ok: true, result}   result: toklab_lab.steps's answer (see steps.py)
//                    {id, kind, ok: false, error: {type, message, crashed}}   Pyodide itself failed, or the
//                                                   answer is longer than ANSWER_MAX (type "TooLarge")
//   port -> page     {status: "loading" | "ready" | "error", message}   (unprompted)
//   port -> page     {closed: true}   student code closed this worker (it has no `js` to do it with,
//                                    toklab_lab.nojs; this stays for a way to JavaScript nojs missed)
//
// One request per worker: student code runs here once, and a second request is refused (the page starts
// a fresh worker for every run, runner.mjs), so nothing a run changes in Python outlives it. A run that
// never ends is the page's business: runner.mjs terminates this worker after its time limit. A failure
// of Pyodide itself (a fatal error, a stack overflow) comes back with crashed: true.
//
// JavaScript: student code has none. Before sealing, toklab_lab.nojs takes Pyodide's bridge away from
// Python (`js`, `pyodide_js`, `pyodide.ffi`... are refused on import and gone from every module), so
// code cannot make JavaScript objects, whose memory the cap below would not count.
//
// Memory: once Python is ready, its WebAssembly memory may grow by at most STUDENT_MEMORY more. Code
// that asks for gigabytes meets Python's MemoryError at that line long before the browser's own limit
// (and in well under the time limit, where growing to 4 GiB ten megabytes at a time would not be); the
// harness answers kind "memory" (and the worker is replaced after the run, as after any).

import { loadPyodide } from "./pyodide/pyodide.mjs";
import { restoreSnapshot } from "./pyboot.mjs";
import { seal } from "./lab-seal.mjs";

// Taken before any student code runs: what this file calls after a run, as it was.
const parse = JSON.parse;
// uncurry(f)(thisArg, ...args) is f.call(thisArg, ...args), with f and call as they were here.
const uncurry = (fn) => Function.prototype.call.bind(fn);
const postTo = uncurry(MessagePort.prototype.postMessage);
const dataOf = uncurry(Object.getOwnPropertyDescriptor(MessageEvent.prototype, "data").get);

const base = new URL("./", import.meta.url);
const STUDENT_MEMORY = 768 * 1024 * 1024; // bytes the student's code may add to what Python holds once ready
// Characters of JSON an answer may have: harness.produce and steps.watch_bpe keep theirs far smaller, but
// student code runs beside them and may change what they return (a patched json.dumps), so a longer
// answer is refused here, before the page parses or draws any of it.
const ANSWER_MAX = 4 * 1024 * 1024;
const PAGE = 65536; // a WebAssembly memory page
let harness = null;
let steps = null;
let used = false; // a request was answered: this worker runs no more student code

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

// The page's port (see above), and `send`, its postMessage bound to it: both set by the first message.
let port = null;
let send = null;
let exercise = ""; // the exercise named by the page's first message
let ready = false;
const connected = new Promise((resolve) => {
  self.onmessage = (event) => {
    if (port || !event.ports || event.ports.length !== 1) return;
    port = event.ports[0];
    exercise = typeof event.data?.exercise === "string" ? event.data.exercise : "";
    const own = port;
    send = (message) => postTo(own, message);
    self.onmessage = null;
    port.onmessage = onRequest;
    resolve();
  };
});

function status(state, message) {
  send({ status: state, message });
}

async function fetchOk(url) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return response;
}

/**
 * Seals this worker (lab-seal.mjs). Should student code find a way to JavaScript and close the worker
 * itself (`js.close()`), the page hears why at once, instead of waiting out the run's time limit.
 */
function sealWorker() {
  const close = self.close.bind(self);
  seal(self, {
    close: () => {
      send({ closed: true });
      close();
    },
  });
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
  await connected;
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
  module.warm(exercise);
  harness = module;
  steps = pyodide.pyimport("toklab_lab.steps");
  pyodide.pyimport("toklab_lab.nojs").take_javascript_away();
  const memory = pyodide._module.memory;
  capMemory(memory, memory.buffer.byteLength + STUDENT_MEMORY);
  sealWorker();
  ready = true;
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
  const [first, second] = kind === "run" ? [exercise, code] : [code, piece];
  if (typeof first !== "string" || typeof second !== "string") {
    const needs = kind === "run" ? "an exercise and code" : "code and a piece";
    return { ok: false, error: { type: "BadRequest", message: `a ${kind} request needs ${needs} (strings)`, crashed: false } };
  }
  try {
    const answer = kind === "run" ? harness.produce(first, second) : steps.watch_bpe(first, second);
    if (typeof answer !== "string" || answer.length > ANSWER_MAX) {
      const message = `the answer has more than ${ANSWER_MAX} characters`;
      return { ok: false, error: { type: "TooLarge", message, crashed: false } };
    }
    return { ok: true, result: parse(answer) };
  } catch (error) {
    // harness.produce and steps.watch_bpe catch every Python exception, so this is Pyodide itself failing.
    return { ok: false, error: { type: String(error?.name ?? "Error"), message: String(error?.message ?? error), crashed: true } };
  }
}

/** One request from the page's port. Synchronous once booted: nothing student code could replace runs between. */
function onRequest(event) {
  const { id, kind, payload } = dataOf(event) ?? {};
  if (!ready) {
    booted.then((ok) => (ok ? onRequest(event) : send({ id, kind, ok: false, error: { type: "LabUnavailable", message: "Python could not start", crashed: false } })));
    return;
  }
  if (kind !== "run" && kind !== "steps") {
    send({ id, kind, ok: false, error: { type: "BadRequest", message: `unknown request ${String(kind)}`, crashed: false } });
    return;
  }
  if (used) {
    send({ id, kind, ok: false, error: { type: "BadRequest", message: "this worker has run code once: each run gets a fresh one", crashed: false } });
    return;
  }
  used = true;
  send({ id, kind, ...call(kind, payload) });
}
