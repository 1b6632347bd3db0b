// The train_hf request's time inside Pyodide under Node, run the way the page's worker runs it: in slices
// of SLICE_MS (toklab.webapi.start), each answering its newest progress (the gaps between two are printed:
// the page hears of progress all along; the longest gap is printed in CPU and in wall time, and the news
// that ended the longest CPU gap says which phase it was).
//   node bench/pyodide_train.mjs DIST CORPUS.txt [VOCAB]   -> one JSON line on stdout
// Python boots from DIST/pyodide (a build's); toklab comes from py_src/ beside this folder, so no wheel is
// needed. Times: CPU milliseconds of this process (Node runs the WebAssembly on one thread; on a shared
// machine the wall clock, also printed, says more about the other processes).
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const [dist, corpus] = process.argv.slice(2, 4).map((p) => resolve(p));
const vocab = Number(process.argv[4] || 6400);
const indexURL = join(dist, "pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL, stdLibURL: join(indexURL, "python_stdlib_pyc.zip") });
pyodide.FS.mkdirTree("/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: join(here, "..", "py_src") }, "/src");
pyodide.pyimport("sys").path.insert(0, "/src");
const start = pyodide.pyimport("toklab.webapi").start;
const text = readFileSync(corpus, "utf8");
const SLICE_MS = 40; // web/worker.mjs's
let reports = 0;
let gap = 0;
let cpuGap = 0;
let gapAt = null; // the news that ended the longest CPU gap (which phase it was in)
const started = performance.now();
let last = started;
const cpu = process.cpuUsage();
const cpuNow = () => {
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000;
};
let lastCpu = 0;
const phases = {};
const job = start("train_hf", JSON.stringify({ corpus: text, vocab_size: vocab }));
let answer;
for (;;) {
  const out = JSON.parse(job.run(SLICE_MS));
  const now = performance.now();
  const nowCpu = cpuNow();
  gap = Math.max(gap, now - last);
  if (nowCpu - lastCpu > cpuGap) {
    cpuGap = nowCpu - lastCpu;
    gapAt = out.progress ?? "the answer";
  }
  last = now;
  lastCpu = nowCpu;
  const phase = !out.progress ? "answer" : "done" in out.progress ? "merging" : "paired" in out.progress ? "pairing" : "reading";
  phases[phase] ??= nowCpu; // the CPU time when the phase was first heard of
  if (!Object.hasOwn(out, "progress")) {
    answer = out;
    break;
  }
  reports += 1;
}
const ms = performance.now() - started;
const used = process.cpuUsage(cpu);
const cpu_ms = (used.user + used.system) / 1000;
const memory = pyodide._module.HEAPU8.length;
const result = answer.ok ? { vocab_size: answer.result.vocab_size, n_merges: answer.result.n_merges, stop: answer.result.stop } : answer.error;
console.log(JSON.stringify({ cpu_ms, wall_ms: ms, reports, longest_gap_ms: Math.round(gap), longest_cpu_gap_ms: Math.round(cpuGap), longest_cpu_gap_before: gapAt, phases_cpu_ms: phases, wasm_memory_mb: memory / 1e6, mb: Buffer.byteLength(text) / 1e6, ...result }));
