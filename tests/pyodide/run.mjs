// Runs the engine's pytest suite inside real Pyodide under Node, against the built toklab wheel.
//
//   node tests/pyodide/run.mjs --dist dist --wheels .cache/pyodide-test-wheels [--junitxml FILE] [-- PYTEST ARGS]
//
// `python build.py test` calls this after building. Pyodide boots from dist/pyodide/, micropip from
// dist/wheels/, then micropip installs (deps=False, from the Emscripten file system, no index) the pure
// wheels listed in tests/pyodide/requirements.txt and dist/wheels/toklab-*.whl. tests/ is mounted
// read-only-in-spirit at /tests; tests/browser and tests/pyodide are left out. Tests that need
// tiktoken or regex skip themselves here with pytest.importorskip (see tests/conftest.py).

import { readdirSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const here = dirname(fileURLToPath(import.meta.url));
const { values, positionals } = parseArgs({
  options: {
    dist: { type: "string", default: join(here, "..", "..", "dist") },
    wheels: { type: "string" },
    junitxml: { type: "string" },
  },
  allowPositionals: true,
});
const dist = resolve(values.dist);
const testsDir = resolve(here, "..");
if (!values.wheels) {
  console.error("run.mjs: --wheels DIR (the wheels of tests/pyodide/requirements.txt) is required");
  process.exit(2);
}
const wheelsDir = resolve(values.wheels);

const indexURL = join(dist, "pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
const started = performance.now();
// The standard library the page's worker boots with: Pyodide's, plus build.py's ahead-of-time bytecode.
const stdLibURL = join(indexURL, "python_stdlib_pyc.zip");
const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL, stdLibURL });
const manifest = JSON.parse(readFileSync(join(dist, "wheels", "manifest.json"), "utf8"));
await pyodide.loadPackage(join(dist, "wheels", manifest.micropip), { messageCallback: () => {} });

function mount(hostDir, at) {
  pyodide.FS.mkdirTree(at);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: hostDir }, at);
}
mount(testsDir, "/tests");
mount(wheelsDir, "/test-wheels");
mount(join(dist, "wheels"), "/dist-wheels");
mount(join(dist, "tables"), "/tables"); // cl100k_base and o200k_base
mount(join(dist, "models"), "/models"); // the open models' compact tokenizer.json (.hfpack)
// TOKLAB_TABLES names one folder: the tables and the models are links in it, as dist/ serves them apart.
pyodide.FS.mkdirTree("/toklab-tables");
for (const [folder, at] of [["tables", "/tables"], ["models", "/models"]]) {
  for (const name of readdirSync(join(dist, folder))) pyodide.FS.symlink(`${at}/${name}`, `/toklab-tables/${name}`);
}
mount(resolve(here, "..", "..", "assets", "minimind"), "/assets/minimind"); // MiniMind's tokenizer.json (tests/test_hf_recorded.py)
let junitArg = [];
if (values.junitxml) {
  const target = resolve(values.junitxml);
  mkdirSync(dirname(target), { recursive: true });
  mount(dirname(target), "/results");
  junitArg = [`--junitxml=/results/${target.slice(dirname(target).length + 1)}`];
}

const wheels = readdirSync(wheelsDir)
  .filter((name) => name.endsWith(".whl"))
  .map((name) => `emfs:/test-wheels/${name}`);
wheels.push(`emfs:/dist-wheels/${manifest.toklab}`);
const micropip = pyodide.pyimport("micropip");
await micropip.install.callKwargs(wheels, { deps: false });
console.log(`run.mjs: Pyodide ${pyodide.version} ready in ${((performance.now() - started) / 1000).toFixed(1)} s; installed ${wheels.length} wheels`);

pyodide.globals.set("pytest_args", pyodide.toPy([
  "/tests",
  "--ignore=/tests/browser",
  "--ignore=/tests/pyodide",
  "-p", "no:cacheprovider",
  "-ra",
  "--durations=25",
  "--strict-markers",
  ...junitArg,
  ...positionals,
]));
const code = pyodide.runPython(`
import os, sys, pytest, toklab
os.environ["TOKLAB_TABLES"] = "/toklab-tables"
os.makedirs("/home/pyodide/run", exist_ok=True)
os.chdir("/home/pyodide/run")
if "site-packages" not in toklab.__file__:
    raise SystemExit(f"toklab was imported from {toklab.__file__}, not from the installed wheel")
print(f"toklab from {os.path.dirname(toklab.__file__)} on Python {sys.version.split()[0]} ({sys.platform})", flush=True)
int(pytest.main(list(pytest_args)))
`);
process.exit(code);
