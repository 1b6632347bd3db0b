"""The engine's start-up snapshot: Python's memory once toklab is installed and toklab.webapi imported.

A normal start of the page's worker boots Pyodide (Python's own start-up: most of the wait), loads
micropip, installs the toklab wheel and reads the r50k table. The build does all but the last once, with
the very runtime that will run the page (Pyodide under Node: snapshot.mjs), and keeps Python's whole
WebAssembly memory (Pyodide's makeMemorySnapshot) with the files of site-packages, gzip-compressed, in
dist/snapshot/engine.bin. The worker restores it instead (web/worker.mjs), then loads the table, and
falls back to the normal start when the bundle is missing, fails its check or fails to restore.

Why not with the table loaded: Python's memory is 30 MB at start-up, 43 MB with the table, and Pyodide
restores a snapshot only into memory of its size (the worker grows it first, so both work); the bundle
grows from 8 to 13 MB, and in Chromium (2 busy cores) decompressing it delayed the runtime's own start
by about what loading the table after the restore takes (0.4-0.6 s), for 5 MB more to download.

A snapshot is only good for the pyodide.asm.wasm that made it (Pyodide checks its build id), the
standard library zip it booted with (zipimport keeps offsets into it in memory) and the toklab wheel it
installed, so its key hashes those with the programs that make it; the worker checks the file's key
against the manifest's. Without Node there is no snapshot, and the worker starts as before.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import struct
import tempfile
from pathlib import Path

from tools.bytecode import SITE_IN_PYODIDE
from tools.common import CACHE, TOOLS, BuildError, run_reporting, say, sha256_file

# Where the bundle goes in dist/, and the files whose content decides what is in it.
SNAPSHOT = "snapshot/engine.bin"
PROGRAMS = (TOOLS / "snapshot.py", TOOLS / "snapshot.mjs", TOOLS / "node_pyodide.mjs")
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib_pyc.zip")


def cache_key(out: Path) -> str:
    """The snapshot's key: a hash of the programs that make it, the runtime in `out`/pyodide (with the
    standard library zip the worker boots with) and every wheel in `out`/wheels."""
    digest = hashlib.sha256()
    paths = [*PROGRAMS, *(out / "pyodide" / name for name in RUNTIME), *sorted((out / "wheels").glob("*.whl"))]
    for path in paths:
        digest.update(path.name.encode() + b"\0" + sha256_file(path).encode())
    return digest.hexdigest()[:24]


def make_snapshot(out: Path) -> Path | None:
    """The snapshot bundle for `out` (a dist being built, bytecode added), made under Node and cached by
    key in .cache/snapshot/; None when Node is missing (the worker then starts Python the normal way)."""
    key = cache_key(out)
    cached = CACHE / "snapshot" / key / "engine.bin"
    if cached.is_file():
        return cached
    node = shutil.which("node")
    if node is None:
        say("node is missing: dist/ gets no start-up snapshot (the page will start Python the normal, slower way)")
        return None
    shutil.rmtree(CACHE / "snapshot", ignore_errors=True)  # one entry: the newest build's
    tmp = Path(tempfile.mkdtemp(prefix="snapshot-", dir=CACHE))
    env = dict(os.environ, TOKLAB_DIST=str(out), TOKLAB_OUT=str(tmp / "engine.bin"), TOKLAB_KEY=key, TOKLAB_SITE=SITE_IN_PYODIDE)
    try:
        run_reporting([node, str(TOOLS / "snapshot.mjs")], "making the start-up snapshot with Pyodide under Node",
                  "run `node --version` (Node 18 or newer is needed), then build again", cwd=tmp, env=env)  # fmt: skip
        if read_header(tmp / "engine.bin").get("key") != key:
            raise BuildError("the start-up snapshot made under Node carries another key: build again")
        cached.parent.mkdir(parents=True)
        os.replace(tmp / "engine.bin", cached)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return cached


def read_header(bundle: Path) -> dict:
    """The header of a snapshot bundle (tools/snapshot.mjs describes the layout)."""
    with gzip.open(bundle, "rb") as f:
        (length,) = struct.unpack("<I", f.read(4))
        return json.loads(f.read(length))


def add_snapshot(out: Path, bundle: Path | None, manifest: dict) -> None:
    """Put the bundle into `out` and name it, with its key, in the worker's manifest (left without a
    "snapshot" entry when there is none)."""
    if bundle is None:
        return
    target = out / SNAPSHOT
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(bundle, target)
    manifest["snapshot"] = {"file": SNAPSHOT, "key": read_header(bundle)["key"]}
