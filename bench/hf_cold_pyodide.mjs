// The open models' cold encode inside Pyodide under Node, from a folder of toklab's Python source, so two
// checkouts compare under one Pyodide (an A/B on a busy machine: run them in turn, more than once).
//   python -c "import sys; sys.path[:0]=['bench']; import corpora; open('/tmp/held_out.txt','w').write(
//     ''.join(corpora.held_out(k, 0.5)[0] for k in ('english','chinese','japanese','python')))"
//   node bench/hf_cold_pyodide.mjs DIST PY_SRC TEXT MODELS      (e.g. dist py_src /tmp/held_out.txt qwen3,gemma3)
// Pyodide boots from DIST/pyodide; MODELS' packs are read from DIST/models; PY_SRC is imported as it is
// (not the built wheel). For each model, a fresh tokenizer: load, cold encode (ids), reading the tokens
// and offsets, warm encode; each figure is the Node process's CPU seconds (process.cpuUsage).
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [dist, src, textPath, models] = process.argv.slice(2);
const indexURL = join(resolve(dist), "pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL, stdLibURL: join(indexURL, "python_stdlib_pyc.zip") });
const mount = (host, at) => { pyodide.FS.mkdirTree(at); pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: host }, at); };
mount(resolve(src), "/src");
mount(dirname(resolve(textPath)), "/text");
pyodide.FS.mkdirTree("/models");
for (const name of models.split(",")) pyodide.FS.writeFile(`/models/${name}.hfpack`, readFileSync(join(dist, "models", `${name}.hfpack`)));
globalThis.cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
pyodide.globals.set("models", models);
pyodide.globals.set("text_file", "/text/" + resolve(textPath).split("/").pop());
pyodide.runPython(`
import os, sys
os.environ["TOKLAB_TABLES"] = "/models"
sys.path.insert(0, "/src")
from js import cpu
import toklab.hf  # imported before the first load is timed
from toklab import registry
text = open(text_file, encoding="utf-8").read()
for name in models.split(","):
    registry._TOKENIZERS.clear()
    t = cpu(); tok = registry.get_tokenizer(name); load = cpu() - t
    t = cpu(); e = tok.encode(text); ids = e.ids; cold = cpu() - t
    t = cpu(); read = (e.tokens, e.offsets); rd = cpu() - t
    t = cpu(); again = tok.encode(text).ids; warm = cpu() - t
    print(f"{name}: load {load:.2f} cold {cold:.2f} read {rd:.2f} warm {warm:.2f} tokens {len(ids)}")
    del tok, e, read, again
`);
