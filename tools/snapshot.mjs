// Makes the engine's start-up snapshot with Pyodide itself under Node: Python with toklab installed and
// toklab.webapi imported, as the page's worker has it just before it loads the r50k table.
// tools/snapshot.py runs this (`node tools/snapshot.mjs`) with, in the environment:
//   TOKLAB_DIST  the dist folder being built (its pyodide/ and wheels/, bytecode already added)
//   TOKLAB_OUT   the file to write: the snapshot bundle, gzip-compressed
//   TOKLAB_KEY   the bundle's key (tools/snapshot.py's cache_key), written into its header
//   TOKLAB_SITE  where Pyodide keeps site-packages
//
// The bundle, before compression (web/worker.mjs reads it):
//   uint32 LE  H, the header's length
//   H bytes    the header, JSON padded with spaces so that the memory starts at a multiple of 16:
//              {"format": 1, "key", "toklab_sha256", "pyodide", "memory": bytes, "files": [[path, bytes], ...]}
//   memory     pyodide.makeMemorySnapshot(): Python's whole WebAssembly memory
//   files      the files of site-packages, in the header's order: the file system is not in the memory
//              (Python reads the installed toklab's data files and lazily imported modules from there)
//
// The snapshot holds no JavaScript object but Pyodide's own (makeMemorySnapshot refuses otherwise), so
// micropip (loadPackage) is not used here: the wheel is unpacked into site-packages, as micropip would.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { nodePyodide } from "./node_pyodide.mjs";

// Each stage says "step k/5: ..." on its own line; tools/snapshot.py passes those on as the build's progress.
const step = (k, what) => console.log(`step ${k}/5: ${what}`);
step(1, "starting Pyodide");
const { dist, indexURL, loadPyodide, manifest } = await nodePyodide();
// The same standard library zip the worker boots with: zipimport keeps offsets into it in memory.
const stdLibURL = join(indexURL, "python_stdlib_pyc.zip");
// sys.executable comes from the program's name: under Node that would be this file's path, in the
// browser it is Emscripten's "./this.program".
const options = { indexURL, packageBaseUrl: indexURL, stdLibURL, _sysExecutable: "./this.program" };
const pyodide = await loadPyodide({ ...options, _makeSnapshot: true });
step(2, "installing the toklab wheel");
const sitePackages = process.env.TOKLAB_SITE;
const wheel = new Uint8Array(readFileSync(join(dist, "wheels", manifest.toklab)));
pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
// The table stays unloaded: with it, the memory grows from 30 to 43 MB and the bundle from 8 to 13 MB
// (gzip), and in Chromium the larger download and its decompression cost about what loading the table
// after the restore does (tools/snapshot.py).
step(3, "importing toklab.webapi and compiling its patterns");
const webapi = pyodide.pyimport("toklab.webapi");
webapi.prepare();
webapi.destroy();
step(4, "taking Python's memory");
const memory = pyodide.makeMemorySnapshot();

function walk(folder) {
  return pyodide.FS.readdir(folder)
    .filter((name) => name !== "." && name !== "..")
    .sort()
    .flatMap((name) => {
      const path = `${folder}/${name}`;
      return pyodide.FS.isDir(pyodide.FS.stat(path).mode) ? walk(path) : [[path, pyodide.FS.readFile(path)]];
    });
}
const files = walk(sitePackages);
let header = JSON.stringify({
  format: 1,
  key: process.env.TOKLAB_KEY,
  toklab_sha256: manifest.toklab_sha256,
  pyodide: pyodide.version,
  memory: memory.length,
  files: files.map(([path, data]) => [path, data.length]),
});
header += " ".repeat((16 - ((4 + Buffer.byteLength(header)) % 16)) % 16);
const length = Buffer.alloc(4);
length.writeUInt32LE(Buffer.byteLength(header));
step(5, `compressing the bundle (${Math.round(memory.length / 2 ** 20)} MB of memory, ${files.length} files)`);
const bundle = Buffer.concat([length, Buffer.from(header), memory, ...files.map(([, data]) => data)]);
writeFileSync(process.env.TOKLAB_OUT, gzipSync(bundle, { level: 6 }));
