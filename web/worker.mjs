// The engine's home: a module Web Worker that boots Pyodide, installs micropip and the toklab wheel
// from this origin, loads the r50k table, then answers typed requests (docs/protocol.md §3).
//
//   page -> worker   {id, kind, payload}
//   worker -> page   {id, ok: true, result} | {id, ok: false, error: {type, message}}
//   worker -> page   {status: "loading" | "ready" | "error", stage, message}   (unprompted)
//
// Nothing is fetched from anywhere but this worker's own origin: Pyodide's package base URL points at
// our own pyodide/ folder, micropip installs from wheel URLs with deps=False, and there is no index.

import { loadPyodide } from "./pyodide/pyodide.mjs";

const base = new URL("./", import.meta.url);
let stage = "start";
let handle = null;

function status(state, nextStage, message) {
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

async function boot() {
  status("loading", "runtime", "Starting Python (Pyodide)");
  try {
    await WebAssembly.compile(EMPTY_WASM);
  } catch (error) {
    throw new Error(`WebAssembly is blocked here (the Content-Security-Policy needs 'wasm-unsafe-eval'): ${error.message}`);
  }
  const manifest = fetchJSON(new URL("wheels/manifest.json", base));
  const indexURL = new URL("pyodide/", base).href;
  // python_stdlib_pyc.zip is Pyodide's standard library plus the bytecode build.py compiled ahead for
  // the modules this worker imports (the stock python_stdlib.zip beside it is left as published).
  const stdLibURL = new URL("python_stdlib_pyc.zip", indexURL).href;
  const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL, stdLibURL });
  const { micropip, toklab, toklab_sha256: version } = await manifest;

  status("loading", "micropip", "Loading micropip");
  await pyodide.loadPackage(new URL(`wheels/${micropip}`, base).href, { messageCallback: () => {} });

  status("loading", "toklab", "Installing the toklab engine");
  const installer = pyodide.pyimport("micropip");
  const wheel = new URL(`wheels/${toklab}?v=${encodeURIComponent(version)}`, base).href;
  await installer.install.callKwargs(wheel, { deps: false });
  installer.destroy();

  status("loading", "table", "Loading the r50k table");
  const webapiHandle = pyodide.pyimport("toklab.webapi").handle;
  const warm = JSON.parse(webapiHandle("warmup", "{}"));
  if (!warm.ok) throw new Error(`${warm.error.type}: ${warm.error.message}`);
  handle = webapiHandle;

  status("ready", "ready", "Ready");
  // Run the two requests every edit makes once, on text with every kind of piece, so the first real
  // edit finds the engine's code paths already compiled (WebAssembly tiers up hot code) and its caches
  // started. Requests that arrive meanwhile wait the few milliseconds this takes.
  for (const [kind, payload] of WARM_UP) handle(kind, JSON.stringify(payload));
}

const WARM_SAMPLE = "Hello, world! It's 2024: naïve café, 東京タワー, 你好世界 🎉\n\tx  y";
const WARM_UP = [
  ["overview", { text: WARM_SAMPLE, allowed_special: "none" }],
  ["trace_piece", { text: WARM_SAMPLE, index: 1, allowed_special: "none" }],
];

const booted = boot().then(
  () => true,
  (error) => {
    const message = error instanceof Error ? error.message : String(error);
    status("error", stage, `Python could not start (${stage}): ${message}`);
    return false;
  },
);

function answer(id, kind, payload) {
  if (typeof kind !== "string") {
    return { id, ok: false, error: { type: "BadRequest", message: "a request needs a string kind" } };
  }
  try {
    const text = handle(kind, JSON.stringify(payload ?? {}));
    return { id, ...JSON.parse(text) };
  } catch (error) {
    const type = error?.type ?? error?.name ?? "Error";
    return { id, ok: false, error: { type: String(type), message: String(error?.message ?? error) } };
  }
}

self.onmessage = async (event) => {
  const { id, kind, payload } = event.data ?? {};
  if (!(await booted)) {
    postMessage({ id, ok: false, error: { type: "EngineUnavailable", message: `Python could not start (${stage})` } });
    return;
  }
  postMessage(answer(id, kind, payload));
};
