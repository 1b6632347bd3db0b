// Python from the build's start-up snapshot (tools/snapshot.py, tools/snapshot.mjs): what both workers
// share, the engine's (worker.mjs) and the lab's (lab-worker.mjs). Restoring takes a fraction of a
// normal Pyodide boot; each worker falls back to its normal boot when this throws.
//
//     const pyodide = await restoreSnapshot(base, options, manifest, { restored });
//       base      the URL the worker's files are under (dist/)
//       options   loadPyodide's options (indexURL, packageBaseUrl, stdLibURL)
//       manifest  wheels/manifest.json; its `snapshot` names the bundle and its key
//       restored  called once Python's memory is restored, before site-packages is written
//
// The Python it returns has toklab installed in site-packages and toklab.webapi imported; no table is
// loaded.

import { loadPyodide } from "./pyodide/pyodide.mjs";

/**
 * Python as build.py left it in snapshot/engine.bin. Throws when the manifest names no snapshot, or
 * the bundle is missing, is not this build's (its key is not the manifest's) or does not restore.
 */
export async function restoreSnapshot(base, options, manifest, { restored = () => {} } = {}) {
  if (!manifest.snapshot) throw new Error("this build has no start-up snapshot");
  const { file, key } = manifest.snapshot;
  // Pyodide fetches and compiles its WebAssembly while the bundle downloads. Pyodide keeps its options
  // for as long as Python runs, and with them these two functions: they reach the bundle (tens of
  // megabytes) through `bundle`, which is emptied once Python is up.
  let bundle = readBundle(new URL(`${file}?v=${encodeURIComponent(key)}`, base), manifest);
  bundle.catch(() => {});
  try {
    const pyodide = await loadPyodide({
      ...options,
      _loadSnapshot: { then: (resolve, reject) => bundle.then(({ memory }) => resolve(memory), reject) },
      // Pyodide copies the snapshot into Python's memory as it is at start-up (30 MB), which fails for
      // a snapshot taken after it grew (one with the r50k table loaded): grow it first to the
      // snapshot's size (sbrk grows the memory and Pyodide's views of it).
      createPyodideModule: async (settings) => {
        const module = await (await import("./pyodide/pyodide.asm.mjs")).default(settings);
        const size = (await bundle).memory.length;
        const top = module._sbrk(0);
        if (size > top) module._sbrk(size - top);
        if (module.HEAP8.length < size) throw new Error(`Python's memory could not grow to ${size} bytes`);
        return module;
      },
    });
    restored();
    // Python's import system finds these without being told: it lists a folder again when the folder's
    // modification time is not the one it noted at build time (importlib.invalidate_caches() would
    // cost 0.1-0.2 s here, importing importlib.metadata).
    for (const [path, data] of (await bundle).files) {
      pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      pyodide.FS.writeFile(path, data);
    }
    return pyodide;
  } finally {
    bundle = null;
  }
}

/** The bundle at `url`, decompressed and checked against the manifest: {memory, files: [[path, bytes]]}. */
async function readBundle(url, manifest) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  let bytes;
  try {
    bytes = new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  } catch (error) {
    throw new Error(`${url.pathname} could not be decompressed: ${error.message}`);
  }
  const length = new DataView(bytes.buffer).getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
  if (header.key !== manifest.snapshot.key || header.toklab_sha256 !== manifest.toklab_sha256) {
    throw new Error(`${url.pathname} is not this build's (key ${header.key}, expected ${manifest.snapshot.key})`);
  }
  let offset = 4 + length;
  const memory = bytes.subarray(offset, (offset += header.memory));
  const files = header.files.map(([path, size]) => [path, bytes.subarray(offset, (offset += size))]);
  if (offset !== bytes.length) throw new Error(`${url.pathname} does not match its header`);
  return { memory, files };
}
