// Engine speed inside Pyodide under Node; bench/engine_speed.py runs this and prints the figures.
//   node bench/pyodide_speed.mjs DIST CORPUS_DIR ENCODINGS [MODELS [SPM]]   -> one JSON line on stdout
// Python boots as the page's worker boots it (dist/pyodide, the build's bytecode), installs the built
// toklab wheel and runs bench/engine_figures.py, the code that times CPython's figures too. MODELS
// (open models' names, comma-separated) are read from dist/models/ and written into Python's file
// system, as the page's worker writes the tables it fetches, where toklab finds them (TOKLAB_TABLES);
// SPM (SentencePiece models' names) likewise, from dist/models/<name>.model.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const [dist, corpusDir] = process.argv.slice(2, 4).map((p) => resolve(p));
const encodings = process.argv[4] ?? "r50k_base";
const models = process.argv[5] || "";
const spm = process.argv[6] || "";
const indexURL = join(dist, "pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
let t = performance.now();
const stdLibURL = join(indexURL, "python_stdlib_pyc.zip");
const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL, stdLibURL });
const boot = performance.now() - t;
const manifest = JSON.parse(readFileSync(join(dist, "wheels", "manifest.json"), "utf8"));
function mount(hostDir, at) {
  pyodide.FS.mkdirTree(at);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: hostDir }, at);
}
t = performance.now();
await pyodide.loadPackage(join(dist, "wheels", manifest.micropip), { messageCallback: () => {} });
mount(join(dist, "wheels"), "/dist-wheels");
mount(join(dist, "tables"), "/tables");
mount(corpusDir, "/corpus");
mount(here, "/bench");
await pyodide.pyimport("micropip").install(`emfs:/dist-wheels/${manifest.toklab}`);
const install = performance.now() - t;
const os = pyodide.pyimport("os");
os.environ.__setitem__("TOKLAB_TABLES", "/tables");
if (models || spm) {
  pyodide.FS.mkdirTree("/models");
  for (const name of models ? models.split(",") : []) {
    pyodide.FS.writeFile(`/models/${name}.hfpack`, readFileSync(join(dist, "models", `${name}.hfpack`)));
  }
  for (const name of spm ? spm.split(",") : []) {
    pyodide.FS.writeFile(`/models/${name}.model`, readFileSync(join(dist, "models", `${name}.model`)));
  }
  os.environ.__setitem__("TOKLAB_TABLES", "/models");
}
pyodide.pyimport("sys").path.insert(0, "/bench");
const out = JSON.parse(pyodide.pyimport("engine_figures").main("/corpus/corpus.txt", encodings, models, spm));
out.boot_ms = boot;
out.install_ms = install;
out.node = process.version;
console.log(JSON.stringify(out));
