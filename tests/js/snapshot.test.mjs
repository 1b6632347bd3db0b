// Why the worker's start-up snapshot is refused (web/pyboot.mjs restoreSnapshot, as dist/ ships it): each
// way the bundle can be broken before Python's memory is restored, and the reason the worker's console
// warning then gives ("The engine's start-up snapshot could not be used (<reason>)", web/worker.mjs).
// The bundle is dist's own engine.bin, broken as tests/browser/test_snapshot.py breaks it, answered by an
// injected fetch; Pyodide's own check of the memory (a bundle that passes these but does not restore) and
// the normal boot the worker falls back to are the browser's (test_snapshot.py boots them in Chromium).

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import { ROOT } from "./oracle.mjs";

const DIST = process.env.TOKLAB_DIST || join(ROOT, "dist");
const MANIFEST = join(DIST, "wheels", "manifest.json");
const manifest = existsSync(MANIFEST) ? JSON.parse(readFileSync(MANIFEST, "utf8")) : {};
const skip = manifest.snapshot ? false : "no dist/ with a start-up snapshot (python build.py, with Node)";

/** {header, memory, files} of dist's bundle, as test_snapshot.py's bundle_parts reads it (read once). */
let parts = null;
function bundleParts() {
  if (parts) return parts;
  const bundle = gunzipSync(readFileSync(join(DIST, manifest.snapshot.file)));
  const length = bundle.readUInt32LE(0);
  const header = JSON.parse(bundle.subarray(4, 4 + length).toString("utf8"));
  const start = 4 + length;
  parts = { header, memory: bundle.subarray(start, start + header.memory), files: bundle.subarray(start + header.memory) };
  return parts;
}

function repack(header, memory, files) {
  let text = Buffer.from(JSON.stringify(header));
  text = Buffer.concat([text, Buffer.alloc((16 - ((4 + text.length) % 16)) % 16, " ")]);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(text.length);
  return gzipSync(Buffer.concat([length, text, memory, files]));
}

// How the snapshot's URL answers, and the reason the worker's warning gives (test_snapshot.py's BROKEN).
const BROKEN = {
  missing: ["HTTP 404", () => [404, Buffer.from("not found")]],
  "not-gzip": ["could not be decompressed", ({ memory }) => [200, memory.subarray(0, 4096)]],
  "gzip-cut-short": ["could not be decompressed", ({ header, memory, files }) => {
    const packed = repack(header, memory, files);
    return [200, packed.subarray(0, packed.length - 1000)];
  }],
  "shorter-than-its-header": ["does not match its header", ({ header, memory, files }) => [200, repack(header, memory, files.subarray(0, files.length - 1000))]],
  "another-build": ["is not this build's", ({ header, memory, files }) => [200, repack({ ...header, key: "0".repeat(header.key.length) }, memory, files)]],
};

const BASE = "http://toklab.test/";

for (const [how, [reason, broken]] of Object.entries(BROKEN)) {
  test(`a snapshot that is ${how} is refused, saying ${reason}`, { skip }, async (t) => {
    const { restoreSnapshot } = await import(pathToFileURL(join(DIST, "pyboot.mjs")).href);
    const [status, body] = broken(bundleParts());
    const asked = [];
    t.mock.method(globalThis, "fetch", async (url) => {
      asked.push(new URL(url).pathname);
      return new Response(body, { status });
    });
    const indexURL = join(DIST, "pyodide") + "/";
    const options = { indexURL, packageBaseUrl: indexURL, stdLibURL: join(indexURL, "python_stdlib_pyc.zip") };
    let restored = false;
    await assert.rejects(restoreSnapshot(BASE, options, manifest, { restored: () => (restored = true) }), (error) => {
      assert.ok(error.message.includes(reason), error.message);
      assert.ok(error.message.includes(`/${manifest.snapshot.file}`), error.message);
      return true;
    });
    assert.equal(restored, false);
    assert.deepEqual(asked, [`/${manifest.snapshot.file}`]);
  });
}
