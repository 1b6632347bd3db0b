// bench/peers's page: toklab (Pyodide from the built dist/, booted in this page as the app's worker boots
// it: its stdlib with the build's bytecode, micropip, the toklab wheel) and the JavaScript tokenizers of
// entry.mjs, one table at a time, on the same text. bench/peers/__main__.py drives it through
// window.peers and times each call from outside as well (the renderer's CPU time).
//
// Paths: this page is served at /bench/, the build at /dist/, the bundled peers at /peers/.

const DIST = new URL("/dist/", location.href);
const FETCHED = { openai: ["cl100k_base", "o200k_base"], model: ["qwen3", "deepseek_v3", "llama3", "gemma3"], spm: ["llama2", "mistral"] };

let pyodide = null;
let side = null; // toklab_side.py, imported in Python
let PEERS = null;
let text = "";
let current = null; // {encode, free} of the table loaded
let lastIds = null;
const reference = new Map(); // table -> toklab's ids (Int32Array)
const readyPeers = new Set();

async function bytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Milliseconds `fn` took, by the page's clock. */
async function timed(fn) {
  const start = performance.now();
  const result = await fn();
  return { ms: performance.now() - start, result };
}

/** toklab's engine: Pyodide, micropip, the toklab wheel, then toklab_side.py imported. */
async function bootToklab() {
  const manifest = JSON.parse(new TextDecoder().decode(await bytes(new URL("wheels/manifest.json", DIST))));
  const indexURL = new URL("pyodide/", DIST).href;
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", DIST).href);
  pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL, stdLibURL: new URL("python_stdlib_pyc.zip", indexURL).href });
  await pyodide.loadPackage(new URL(`wheels/${manifest.micropip}`, DIST).href, { messageCallback: () => {} });
  const micropip = pyodide.pyimport("micropip");
  await micropip.install.callKwargs(new URL(`wheels/${manifest.toklab}`, DIST).href, { deps: false });
  pyodide.FS.mkdirTree("/bench");
  pyodide.FS.writeFile("/bench/toklab_side.py", await bytes(new URL("toklab_side.py", location.href)));
  pyodide.FS.mkdirTree("/tables");
  pyodide.pyimport("os").environ.__setitem__("TOKLAB_TABLES", "/tables");
  pyodide.pyimport("sys").path.insert(0, "/bench");
  side = pyodide.pyimport("toklab_side");
}

/** The file the app's worker fetches for `table` into Python's file system (none: inside the wheel). */
async function fetchTable(table) {
  const writes = [];
  if (FETCHED.openai.includes(table)) {
    writes.push([`${table}.tiktoken`, `tables/${table}.tiktoken`], [`${table}.charmerge.json`, `tables/${table}.charmerge.json`]);
  } else if (FETCHED.model.includes(table)) {
    writes.push([`${table}.hfpack`, `models/${table}.hfpack`]);
  } else if (FETCHED.spm.includes(table)) {
    writes.push([`${table}.model`, `models/${table}.model`]);
  }
  const files = await Promise.all(writes.map(async ([name, path]) => [name, await bytes(new URL(path, DIST))]));
  for (const [name, data] of files) pyodide.FS.writeFile(`/tables/${name}`, data);
  return files.map(([name]) => `/tables/${name}`);
}

const TOKLAB = {
  async load(table) {
    const written = await fetchTable(table);
    side.load(table);
    return {
      encode: () => side.encode(),
      free: () => {
        side.unload();
        for (const path of written) pyodide.FS.unlink(path); // Python's files live in its memory
      },
      ids: () => {
        const data = side.ids();
        const view = data.toJs();
        data.destroy();
        return new Int32Array(view.buffer, view.byteOffset, view.byteLength / 4).slice();
      },
    };
  },
};

window.peers = {
  /** The text every library encodes, handed to Python once too. */
  setText(value) {
    text = value;
    if (side) side.set_text(text);
    return text.length;
  },

  async bootToklab() {
    const { ms } = await timed(bootToklab);
    side.set_text(text);
    return ms;
  },

  async libraries() {
    PEERS ??= (await import("/peers/entry.mjs")).PEERS;
    return Object.fromEntries(Object.entries(PEERS).map(([name, peer]) => [name, peer.tables]));
  },

  /** What `library` needs once, whatever the table; ms. */
  async setup(library) {
    if (library === "toklab" || readyPeers.has(library)) return 0;
    const { ms } = await timed(() => PEERS[library].setup());
    readyPeers.add(library);
    return ms;
  },

  /** `table` read into a tokenizer of `library`; ms. */
  async load(library, table) {
    const { ms, result } = await timed(() => (library === "toklab" ? TOKLAB.load(table) : PEERS[library].load(table)));
    current = result;
    return ms;
  },

  /** The text encoded by the table loaded: {ms, count}. */
  encode() {
    const start = performance.now();
    const ids = current.encode(text);
    const ms = performance.now() - start;
    const count = typeof ids === "number" ? ids : ids.length;
    lastIds = typeof ids === "number" ? null : ids;
    return { ms, count };
  },

  /** Keeps toklab's ids of `table` as its reference (after toklab's cold encode). */
  keepReference(table) {
    reference.set(table, current.ids());
    return reference.get(table).length;
  },

  /** Whether the last ids are toklab's for `table`: {same, at} (at: the first index that differs);
   * null when toklab gave none. */
  compare(table) {
    const want = reference.get(table);
    const got = lastIds;
    if (!want) return null;
    const n = Math.min(want.length, got.length);
    let at = 0;
    while (at < n && want[at] === Number(got[at])) at++;
    return { same: at === n && want.length === got.length, at };
  },

  unload() {
    current?.free();
    current = null;
    lastIds = null;
  },

  /** Pyodide's WebAssembly memory in bytes (it only grows). */
  wasmBytes() {
    return pyodide ? pyodide._module.HEAPU8.length : 0;
  },
};
