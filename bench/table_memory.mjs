// Each table of the models lesson loaded in turn inside Pyodide under Node, as the page's worker loads
// them (issue 39): the WebAssembly memory Python runs in, before and after each (it never shrinks, so
// the growth is what the table made it take), the Python heap the table keeps and its peak while
// loading (tracemalloc), the load time with tracemalloc on, and the row's time once loaded. Prints a
// table; asserts nothing.
//
//   node bench/table_memory.mjs [DIST] [--tables r50k_base,cl100k_base,...]
//
// DIST defaults to dist/ (python build.py makes it). The tables and the open models are read from
// DIST/tables and DIST/models and written into Python's file system, where toklab finds them
// (TOKLAB_TABLES), as the worker writes what it fetches. The text is the models lesson's Chinese preset.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { CHINESE } from "../web/lessons/models/presets.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const { values, positionals } = parseArgs({
  options: { tables: { type: "string", default: "r50k_base,cl100k_base,o200k_base,minimind,qwen3,deepseek_v3,llama3,gemma3" } },
  allowPositionals: true,
});
const dist = resolve(positionals[0] ?? join(here, "..", "dist"));
const indexURL = join(dist, "pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL, stdLibURL: join(indexURL, "python_stdlib_pyc.zip") });
const manifest = JSON.parse(readFileSync(join(dist, "wheels", "manifest.json"), "utf8"));
await pyodide.loadPackage(join(dist, "wheels", manifest.micropip), { messageCallback: () => {} });
pyodide.FS.mkdirTree("/dist-wheels");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: join(dist, "wheels") }, "/dist-wheels");
await pyodide.pyimport("micropip").install(`emfs:/dist-wheels/${manifest.toklab}`);
pyodide.FS.mkdirTree("/toklab-tables");
for (const folder of ["tables", "models"]) {
  for (const name of readdirSync(join(dist, folder))) {
    pyodide.FS.writeFile(`/toklab-tables/${name}`, readFileSync(join(dist, folder, name)));
  }
}
pyodide.pyimport("os").environ.__setitem__("TOKLAB_TABLES", "/toklab-tables");
pyodide.FS.mkdirTree("/bench");
pyodide.FS.writeFile("/bench/table_memory.py", readFileSync(join(here, "table_memory.py")));
pyodide.pyimport("sys").path.insert(0, "/bench");
const bench = pyodide.pyimport("table_memory");

const MB = (bytes) => (bytes / 2 ** 20).toFixed(1).padStart(7);
const wasm = () => pyodide._module.HEAPU8.byteLength;
const start = wasm();
console.log(`Pyodide ${pyodide.version}, Node ${process.version}; the text: the models lesson's Chinese preset (${CHINESE.length} characters)`);
console.log(`WebAssembly memory once toklab is imported (r50k not loaded yet): ${MB(start).trim()} MiB`);
console.log("table          load ms   row ms   wasm MiB (growth)   Python heap kept MiB   peak MiB   tokens");
for (const name of values.tables.split(",")) {
  const before = wasm();
  const got = JSON.parse(bench.load(name, CHINESE));
  const row = JSON.parse(bench.encode_ms(name, CHINESE));
  const after = wasm();
  console.log(`${name.padEnd(13)} ${got.ms.toFixed(0).padStart(8)} ${row.ms.toFixed(1).padStart(8)}   ${MB(after)} (${MB(after - before).trim().padStart(6)})      ${MB(got.kept)}            ${MB(got.peak)}   ${got.tokens}`);
}
console.log(`WebAssembly memory after all: ${MB(wasm()).trim()} MiB (growth ${MB(wasm() - start).trim()} MiB)`);
