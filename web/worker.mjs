// The engine's home: a module Web Worker that boots Pyodide, installs micropip and the toklab wheel
// from this origin, loads the r50k table, then answers typed requests (docs/protocol.md §3). When the
// build made a start-up snapshot (tools/snapshot.py), it restores Python from that instead, in a
// fraction of the time, and boots the normal way when the snapshot cannot be used (a console warning
// says why).
//
//   page -> worker   {id, kind, payload, budgetMs?}   budgetMs: the request's time budget (toklab.budget;
//                    REQUEST_BUDGET_MS unless told): past it Python stops and answers `over_budget`
//   worker -> page   {id, ok: true, result} | {id, ok: false, error: {type, code, params, message}}
//   worker -> page   {status: "loading" | "ready" | "error", stage, message}   (unprompted; stage
//                    "crashed" when Python failed under a request, e.g. out of memory)
//   worker -> page   {id, progress: {encoding, loaded, total}}   while a request's table downloads
//   worker -> page   {tables: {held, loading}}   (unprompted, TablesMessage) what Python holds and which
//                    table the running request is loading: when ready, then at each change, before the
//                    answer of the request that made it; the page keeps the latest (engine.mjs's store)
//   worker -> page   {id, progress: {read, texts} | {paired, words} | {done, total, left, right}}
//                    while train_hf trains
//   page -> worker   {stop: id}   Stop: a sliced request (SLICED_KINDS) ends after its slice and answers
//                    what it has so far (train_hf: the merges learned, as a whole tokenizer.json)
//
// The time budget (toklab.budget): Pyodide asks its interrupt buffer now and then while Python runs (between
// bytecodes, and inside re's matching loop); `clock` below is that buffer, and answers SIGINT once the
// deadline Python armed for the request under way has passed. Python turns it into `over_budget` and
// the worker goes on: no SharedArrayBuffer (no cross-origin isolation) is needed, the clock is read in
// this thread. A pattern that backtracks without end is stopped that way, the page's request timeout
// (engine.mjs) stays the last resort.
//
// A sliced request (train_hf) runs in Python in slices of SLICE_MS (toklab.webapi.start): between two
// slices the worker posts the newest progress and turns its event loop, so a stop message is heard.
//
// A request whose payload names a larger table (`encoding`: cl100k_base, o200k_base) waits until the
// worker has fetched tables/<name>.tiktoken from this origin into Python's file system (a failed fetch
// is tried again by the next request), where toklab finds it through TOKLAB_TABLES; once Python holds
// the table, it has read the file whole and the file is deleted. An open model (qwen3, deepseek_v3,
// llama3, gemma3; minimind is inside the wheel) is fetched the same way from models/<name>.hfpack, its
// compact tokenizer.json. When the fetch fails, Python answers the request with `table_unavailable`.
//
// Nothing is fetched from anywhere but this worker's own origin: Pyodide's package base URL points at
// our own pyodide/ folder, micropip installs from wheel URLs with deps=False, and there is no index.

import { loadPyodide } from "./pyodide/pyodide.mjs";
import { restoreSnapshot } from "./pyboot.mjs";
import { CUSTOM_TABLE, SLICED_KINDS, STAGES, TABLE_FILES, TABLE_NAMES } from "./protocol.mjs";
import { failure } from "./failures.mjs";

const base = new URL("./", import.meta.url);
let stage = "start";
let handle = null;
let startJob = null; // toklab.webapi.start: a sliced request
let heldTables = null; // toklab.webapi.held_tables: the tables Python holds, as JSON
let python = null;

const SIGINT = 2;
/** Pyodide's interrupt buffer, read (index 0) and cleared (set to 0) by Python's signal check. */
const clock = {
  deadline: Infinity,
  /** From Python (toklab.budget): the deadline `ms` from now, or none (0). */
  arm(ms) {
    this.deadline = ms > 0 ? performance.now() + ms : Infinity;
  },
  get 0() {
    if (performance.now() <= this.deadline) return 0;
    this.deadline = Infinity; // one interrupt per deadline
    return SIGINT;
  },
  set 0(_value) {},
};

/** Says where the boot is: `nextStage` is a key of STAGES (protocol.mjs), whose message it sends unless told another. */
function status(state, nextStage, message = STAGES[nextStage]) {
  stage = nextStage;
  postMessage({ status: state, stage, message });
}

async function fetchJSON(url) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return response.json();
}

// The smallest WebAssembly module. Compiling it fails at once where the Content-Security-Policy forbids
// WebAssembly (no 'wasm-unsafe-eval'); Pyodide itself would only log a warning and never finish.
const EMPTY_WASM = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

let brokenBoot = null; // rejects the boot attempt under way

/** `promise`, or the failure that made a promise inside it reject unhandled, whichever comes first. */
function attempt(promise) {
  return new Promise((resolve, reject) => {
    brokenBoot = reject;
    promise.then(resolve, reject);
  });
}

async function boot() {
  status("loading", "runtime");
  const manifestLoaded = fetchJSON(new URL("wheels/manifest.json", base));
  manifestLoaded.catch(() => {});
  try {
    await WebAssembly.compile(EMPTY_WASM);
  } catch (error) {
    throw new Error(`WebAssembly is blocked here (the Content-Security-Policy needs 'wasm-unsafe-eval'): ${error.message}`);
  }
  const manifest = await manifestLoaded;
  const indexURL = new URL("pyodide/", base).href;
  // python_stdlib_pyc.zip is Pyodide's standard library plus the bytecode build.py compiled ahead for
  // the modules this worker imports (the stock python_stdlib.zip beside it is left as published).
  const stdLibURL = new URL("python_stdlib_pyc.zip", indexURL).href;
  const options = { indexURL, packageBaseUrl: indexURL, stdLibURL };
  if (manifest.snapshot) {
    try {
      handle = await attempt((async () => {
        const pyodide = await restoreSnapshot(base, options, manifest, {
          restored: () => status("loading", "toklab"),
        });
        status("loading", "table");
        return warmedHandle(pyodide);
      })());
    } catch (error) {
      console.warn(`The engine's start-up snapshot could not be used (${error.message}); starting Python the normal way.`);
      status("loading", "runtime");
    }
  }
  handle ??= await attempt(normalBoot(options, manifest));
  brokenBoot = null;

  status("ready", "ready");
  reportTables();
  // Run the two requests every edit makes once, on text with every kind of piece, so the first real
  // edit finds the engine's code paths already compiled (WebAssembly tiers up hot code) and its caches
  // started. Requests that arrive meanwhile wait the few milliseconds this takes.
  for (const [kind, payload] of WARM_UP) handle(kind, JSON.stringify(payload));
}

/** Pyodide, micropip, the toklab wheel installed by micropip, the r50k table: toklab.webapi's handle. */
async function normalBoot(options, { micropip, toklab, toklab_sha256: version }) {
  const pyodide = await loadPyodide(options);

  status("loading", "micropip");
  await pyodide.loadPackage(new URL(`wheels/${micropip}`, base).href, { messageCallback: () => {} });

  status("loading", "toklab");
  const installer = pyodide.pyimport("micropip");
  const wheel = new URL(`wheels/${toklab}?v=${encodeURIComponent(version)}`, base).href;
  await installer.install.callKwargs(wheel, { deps: false });
  installer.destroy();

  status("loading", "table");
  return warmedHandle(pyodide);
}

/** toklab.webapi's handle, once its warmup has loaded the r50k table. */
async function warmedHandle(pyodide) {
  const webapi = pyodide.pyimport("toklab.webapi");
  const webapiHandle = webapi.handle;
  startJob = webapi.start;
  heldTables = webapi.held_tables;
  pyodide.setInterruptBuffer(clock);
  const budget = pyodide.pyimport("toklab.budget");
  budget.use_clock(clock);
  budget.destroy();
  const warm = JSON.parse(webapiHandle("warmup", "{}"));
  if (!warm.ok) throw new Error(`${warm.error.type}: ${warm.error.message}`);
  python = pyodide; // where fetched tables are written
  return webapiHandle;
}

const WARM_SAMPLE = "Hello, world! It's 2024: naïve café, 東京タワー, 你好世界 🎉\n\tx  y";
const WARM_UP = [
  ["overview", { text: WARM_SAMPLE, allowed_special: "none" }],
  ["trace_piece", { text: WARM_SAMPLE, index: 1, allowed_special: "none" }],
];

const TABLES_DIR = "/tables";
// Each table whose file is fetched -> that file (toklab.protocol.TABLE_FILES): o200k_harmony reads
// o200k_base's, so the one file is fetched once for both. Python's file system holds what was fetched
// and not yet read; Python itself is the record of what is held (webapi.held_tables).

let told = { held: [], loading: {} }; // the latest `tables` message

/** Tells the page what Python holds and what the running request is loading, when that changed. */
function reportTables(loading = {}) {
  let held;
  try {
    held = JSON.parse(heldTables());
  } catch {
    return; // Python failed under a request: the page hears `crashed` and ends this worker
  }
  const next = { held, loading };
  if (JSON.stringify(next) === JSON.stringify(told)) return;
  told = next;
  postMessage({ tables: next });
}

/** `name`'s file in /tables, and its character index's when it is an OpenAI table. */
function filesOf(name) {
  const file = TABLE_FILES[name].slice(TABLE_FILES[name].lastIndexOf("/") + 1);
  return file.endsWith(".tiktoken") ? [file, file.replace(/\.tiktoken$/, ".charmerge.json")] : [file];
}

/** Fetches a larger table's file into Python's file system, posting progress under request `id`. */
async function fetchTable(name, id) {
  const path = TABLE_FILES[name];
  const [file, indexFile] = filesOf(name);
  // An OpenAI table's character index (toklab.charmerge), made at build time: optional (Python makes it).
  const index = !indexFile ? Promise.resolve(null)
    : fetch(new URL(path.replace(/\.tiktoken$/, ".charmerge.json"), base))
      .then((r) => (r.ok ? r.arrayBuffer() : null))
      .catch(() => null);
  const response = await fetch(new URL(path, base));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const total = Number(response.headers.get("Content-Length")) || 0;
  // The body goes straight into one buffer when its length is known (else in chunks, joined after), and
  // that buffer becomes the file's contents (canOwn): one copy of the file in memory, not three.
  let data = new Uint8Array(total);
  const chunks = [];
  let loaded = 0;
  let posted = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!chunks.length && loaded + value.length <= total) data.set(value, loaded);
    else chunks.push(value);
    loaded += value.length;
    if (loaded - posted >= 1 << 18) {
      posted = loaded;
      postMessage({ id, progress: { encoding: name, loaded, total } });
      reportTables({ [name]: { loaded, total } });
    }
  }
  if (loaded !== total) {
    const whole = new Uint8Array(loaded);
    let offset = loaded - chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    whole.set(data.subarray(0, offset));
    for (const chunk of chunks) whole.set(chunk, (offset += chunk.length) - chunk.length);
    data = whole;
  }
  postMessage({ id, progress: { encoding: name, loaded, total: total || loaded } });
  reportTables({ [name]: { loaded, total: total || loaded } });
  python.FS.mkdirTree(TABLES_DIR);
  const indexData = await index;
  if (indexData) python.FS.writeFile(`${TABLES_DIR}/${indexFile}`, new Uint8Array(indexData), { canOwn: true });
  python.FS.writeFile(`${TABLES_DIR}/${file}`, data, { canOwn: true });
  const environ = python.pyimport("os").environ;
  environ.set("TOKLAB_TABLES", TABLES_DIR);
  environ.destroy();
}

/** Whether a table reading the same file as `name` is held: Python keeps what it read (o200k_harmony
 * and o200k_base share one ranks object, toklab.registry.load_table), and the file is not needed again. */
const fileHeld = (name) => told.held.some((held) => Object.hasOwn(TABLE_FILES, held) && TABLE_FILES[held] === TABLE_FILES[name]);

/**
 * The table a payload names, when Python does not hold it yet: said to the page as loading, and its file
 * fetched into Python's file system when it has one not fetched yet (a failure is left for Python to
 * report, and the next request naming it fetches again).
 */
async function ensureTable(payload, id) {
  const name = payload && typeof payload === "object" ? payload.encoding : undefined;
  if (!TABLE_NAMES.includes(name) || name === CUSTOM_TABLE || told.held.includes(name)) return; // Python answers a bad name
  reportTables({ [name]: { loaded: 0, total: 0 } });
  if (!Object.hasOwn(TABLE_FILES, name) || fileHeld(name)) return;
  if (python.FS.analyzePath(`${TABLES_DIR}/${filesOf(name)[0]}`).exists) return;
  try {
    await fetchTable(name, id);
  } catch (error) {
    console.warn(`The ${name} table could not be fetched: ${String(error?.message ?? error)}`);
  }
}

/** Deletes the files of the tables Python holds: it read them whole, and their bytes (JavaScript's, outside
 * Python's memory) would stay for the session, 15 MB for the models lesson's. A failed load's file stays. */
function dropReadFiles() {
  for (const name of told.held) {
    if (!Object.hasOwn(TABLE_FILES, name)) continue;
    for (const file of filesOf(name)) if (python.FS.analyzePath(`${TABLES_DIR}/${file}`).exists) python.FS.unlink(`${TABLES_DIR}/${file}`);
  }
}

const booted = boot().then(
  () => true,
  (error) => {
    const message = error instanceof Error ? error.message : String(error);
    status("error", stage, `Python could not start (${stage}): ${message}`);
    return false;
  },
);

/**
 * The payload as JSON text for Python, or null when JSON has no way to write it: a message may hold what
 * structured cloning keeps and JSON does not (a cycle, a BigInt, a function), which JSON.stringify throws
 * on or leaves out. That is a bad payload, declared as one; Python never saw it and did not fail.
 */
function payloadText(payload) {
  try {
    const text = JSON.stringify(payload ?? {});
    return typeof text === "string" ? text : null;
  } catch {
    return null;
  }
}

function answer(id, kind, payload, budgetMs) {
  if (typeof kind !== "string") {
    return { id, ok: false, error: failure("bad_request") };
  }
  const text = payloadText(payload);
  if (text === null) return { id, ok: false, error: failure("payload_not_json") };
  try {
    return { id, ...JSON.parse(handle(kind, text, progressOf(id), budgetMs)) };
  } catch (error) {
    const detail = String(error?.message ?? error);
    // toklab.webapi turns every Python exception into data, so what is thrown here comes from below
    // Python (out of memory, a fatal Pyodide error): this Python cannot be trusted again.
    if (error?.name !== "PythonError") crashed(detail);
    return { id, ok: false, error: failure("worker_failed", { detail }) };
  }
}

/** The `progress` callback a long request (train_hf: after each merge) calls inside Python: it posts
 * `{id, progress: {done, total, left, right}}` at most every PROGRESS_MS, and the last merge always. */
const PROGRESS_MS = 100;
function progressOf(id) {
  let last = -Infinity;
  return (done, total, left, right) => {
    const now = performance.now();
    if (now - last < PROGRESS_MS && done < total) return true;
    last = now;
    postMessage({ id, progress: { done, total, left, right } });
    return true;
  };
}

const SLICED = new Set(SLICED_KINDS);
const SLICE_MS = 40;
const stops = new Set(); // ids of sliced requests the page asked to stop

/** A sliced request: Python works SLICE_MS at a time; between slices its newest progress is posted and
 * the event loop turns (a stop message comes in); a stop answers what was done so far. */
async function answerSliced(id, kind, payload, budgetMs) {
  let job = null;
  const text = payloadText(payload);
  if (text === null) return { id, ok: false, error: failure("payload_not_json") };
  try {
    job = startJob(kind, text, budgetMs);
    for (;;) {
      const out = JSON.parse(stops.has(id) ? job.stop() : job.run(SLICE_MS));
      if (!Object.hasOwn(out, "progress")) return { id, ...out };
      postMessage({ id, progress: out.progress });
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } catch (error) {
    const detail = String(error?.message ?? error);
    if (error?.name !== "PythonError") crashed(detail);
    return { id, ok: false, error: failure("worker_failed", { detail }) };
  } finally {
    stops.delete(id);
    job?.destroy();
  }
}

/** Says that Python failed under a request; the page ends this worker and offers a new one. */
function crashed(detail) {
  status("error", "crashed", `The engine failed: ${detail}`);
}

// A promise inside Pyodide that fails with nobody listening (its WebAssembly could not be fetched, say)
// leaves loadPyodide() waiting for ever: it ends the boot attempt under way, or, once Python is ready,
// says the engine failed.
self.onunhandledrejection = (event) => {
  const detail = String(event.reason?.message ?? event.reason);
  if (stage === "ready") crashed(detail);
  else if (brokenBoot) brokenBoot(new Error(detail));
};

self.onmessage = async (event) => {
  // The page's heartbeat (engine.mjs): answered at once, before any request that came after it.
  if (event.data && Object.hasOwn(event.data, "ping")) {
    postMessage({ pong: event.data.ping });
    return;
  }
  if (event.data && Object.hasOwn(event.data, "stop")) {
    stops.add(event.data.stop);
    return;
  }
  const { id, kind, payload, budgetMs } = event.data ?? {};
  if (!(await booted)) {
    postMessage({ id, ok: false, error: failure("engine_unavailable", { stage }) });
    return;
  }
  await ensureTable(payload, id);
  const budget = Number.isFinite(budgetMs) && budgetMs > 0 ? budgetMs : null; // null: Python's REQUEST_BUDGET_MS
  const reply = SLICED.has(kind) ? await answerSliced(id, kind, payload, budget) : answer(id, kind, payload, budget);
  if (stage === "ready") {
    reportTables();
    dropReadFiles();
  }
  postMessage(reply);
};
