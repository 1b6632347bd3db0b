// Engine speed inside Pyodide under Node; bench/engine_speed.py runs this and prints the figures.
//   node bench/pyodide_speed.mjs DIST CORPUS_DIR   -> one JSON line on stdout
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [dist, corpusDir] = process.argv.slice(2).map((p) => resolve(p));
const indexURL = join(dist, "pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
let t = performance.now();
const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL });
const boot = performance.now() - t;
const manifest = JSON.parse(readFileSync(join(dist, "wheels", "manifest.json"), "utf8"));
t = performance.now();
await pyodide.loadPackage(join(dist, "wheels", manifest.micropip), { messageCallback: () => {} });
pyodide.FS.mkdirTree("/dist-wheels");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: join(dist, "wheels") }, "/dist-wheels");
pyodide.FS.mkdirTree("/corpus");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: corpusDir }, "/corpus");
await pyodide.pyimport("micropip").install(`emfs:/dist-wheels/${manifest.toklab}`);
const install = performance.now() - t;
const figures = pyodide.runPython(`
import hashlib, json, sys, time
from toklab import r50k
text = open("/corpus/corpus.txt", encoding="utf-8").read()
t = time.perf_counter(); enc = r50k.load_r50k(); load = time.perf_counter() - t
t = time.perf_counter(); ids = enc.encode_ordinary(text); cold = time.perf_counter() - t
t = time.perf_counter(); enc.encode_ordinary(text); warm = time.perf_counter() - t
fresh = r50k.load_r50k()
t = time.perf_counter(); fresh.trace(text); tr = time.perf_counter() - t
json.dumps({"python": sys.version.split()[0], "mb": len(text.encode()) / 1e6, "load_ms": load * 1000,
            "cold_s": cold, "warm_s": warm, "trace_s": tr,
            "ids_sha": hashlib.sha256(json.dumps(ids).encode()).hexdigest()})
`);
const out = JSON.parse(figures);
out.boot_ms = boot;
out.install_ms = install;
out.node = process.version;
console.log(JSON.stringify(out));
