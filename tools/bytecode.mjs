// Compiles the Python the page's worker imports to bytecode, with Pyodide itself under Node.
// tools/bytecode.py runs this (`node tools/bytecode.mjs`) with, in the environment:
//   TOKLAB_DIST      the dist folder being built (its pyodide/ and wheels/)
//   TOKLAB_OUT       the folder to write into (mounted as /out): stdlib/... and site/... .pyc files
//   TOKLAB_REQUESTS  the page's first requests, JSON [[kind, payload], ...], answered before compiling
//   TOKLAB_STDLIB, TOKLAB_SITE  where Pyodide keeps its standard library zip and site-packages
// It boots Pyodide, runs bytecode_pyodide.py (which notes the modules Pyodide's start-up imported),
// loads micropip and installs the toklab wheel as the worker does, then calls its main().
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { nodePyodide } from "./node_pyodide.mjs";

// Each stage says "step k/4: ..." on its own line (bytecode_pyodide.py says steps 3 and 4, with counts);
// tools/bytecode.py passes those on as the build's progress.
console.log("step 1/4: starting Pyodide");
const { dist, indexURL, loadPyodide, manifest } = await nodePyodide();
const names = ["TOKLAB_REQUESTS", "TOKLAB_STDLIB", "TOKLAB_SITE"];
const env = Object.fromEntries(names.map((name) => [name, process.env[name]]));
const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL, env });
pyodide.runPython(readFileSync(new URL("./bytecode_pyodide.py", import.meta.url), "utf8"));
console.log("step 2/4: installing micropip and the toklab wheel");
await pyodide.loadPackage(join(dist, "wheels", manifest.micropip), { messageCallback: () => {} });
for (const [at, host] of [["/dist-wheels", join(dist, "wheels")], ["/out", process.env.TOKLAB_OUT]]) {
  pyodide.FS.mkdirTree(at);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: host }, at);
}
await pyodide.pyimport("micropip").install.callKwargs(`emfs:/dist-wheels/${manifest.toklab}`, { deps: false });
pyodide.globals.get("main")();
