// What tools/bytecode.mjs and tools/snapshot.mjs share: the Pyodide of the dist folder being built
// (TOKLAB_DIST), loaded under Node, and an exit that prints only the last line of Python's traceback
// (the one that says what went wrong).
//
//     const { dist, indexURL, loadPyodide, manifest } = await nodePyodide();
//     manifest: dist/wheels/manifest.json ({toklab, micropip, ...}: the wheels' file names)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export async function nodePyodide() {
  const dist = process.env.TOKLAB_DIST;
  const indexURL = join(dist, "pyodide") + "/";
  const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
  process.on("uncaughtException", (error) => {
    const lines = String(error?.message ?? error).trim().split("\n");
    console.error(`error: ${lines[lines.length - 1]}`);
    process.exit(1);
  });
  const manifest = JSON.parse(readFileSync(join(dist, "wheels", "manifest.json"), "utf8"));
  return { dist, indexURL, loadPyodide, manifest };
}
