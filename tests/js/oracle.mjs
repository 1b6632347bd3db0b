// Shared by the Node tests of the page's pure modules (node --test tests/js/).
//
//   const glyphs = await web("glyphs.mjs");          // a module of web/, as the page imports it
//   python("import json; print(json.dumps(1 + 1))")  // -> 2: a snippet run by CPython, py_src/ on its path
//
// python() is how these tests ask an oracle outside the page: the engine's own tables (toklab), or
// Python itself (repr). It runs $TOKLAB_PYTHON (build.py test passes .venv's), else .venv's own Python
// when there is one (the oracles tiktoken and regex are installed there), else python3.

import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

const VENV_PYTHON = join(ROOT, ".venv", "bin", "python");

export function web(path) {
  return import(pathToFileURL(join(ROOT, "web", path)).href);
}

/** The JSON the Python snippet `code` prints; `input` (any JSON value) is on its stdin. */
export function python(code, input = null) {
  const out = execFileSync(process.env.TOKLAB_PYTHON || (existsSync(VENV_PYTHON) ? VENV_PYTHON : "python3"), ["-c", code], {
    cwd: ROOT,
    input: JSON.stringify(input),
    env: { ...process.env, PYTHONPATH: join(ROOT, "py_src"), PYTHONIOENCODING: "utf-8", PYTHONDONTWRITEBYTECODE: "1" },
    encoding: "utf8",
  });
  return JSON.parse(out);
}

/** An engine whose answers wait until the test releases them: asked = [{kind, payload, answer(result)}]. */
export function heldEngine() {
  const asked = [];
  const query = (kind, payload) => new Promise((resolve) => {
    asked.push({ kind, payload, answer: (result) => resolve({ ok: true, result }) });
  });
  return { asked, query };
}

/** Lets every promise already settled run its callbacks. */
export const settle = () => new Promise((resolve) => setImmediate(resolve));
