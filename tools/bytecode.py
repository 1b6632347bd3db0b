"""Ahead-of-time bytecode for the Python the page's worker imports.

Pyodide's runtime ships its standard library as .py sources, so each module the engine needs beyond
Pyodide's own start-up (micropip's imports: urllib.parse, ipaddress, html, platform ...; toklab itself)
would be compiled in the browser on every page load: about a third of the engine's start-up time.
The build compiles them once, with the very runtime that will run them (Pyodide under Node:
bytecode.mjs, which runs bytecode_pyodide.py), and puts each .pyc beside its source: in a copy of
python_stdlib.zip (pyodide/python_stdlib_pyc.zip, which the worker boots with; the stock zip stays as
published) and in the wheels' __pycache__ folders. They are checked-hash pycs (PEP 552): Python uses
one only while its source's hash matches, so none can ever run code other than its source's. Which
modules: those the worker imports after Pyodide's own start-up, up to its first answers (recorded, not
listed by hand).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import zipfile
from pathlib import Path

from tools.common import CACHE, TOOLS, BuildError, run_reporting, say, sha256_file
from tools.downloads import PYODIDE_PYTHON
from tools.precompute import PRECOMPUTED_REQUESTS
from tools.wheel import add_to_wheel, zip_entry

# The stdlib zip the worker boots with, and where Pyodide keeps the stdlib zip and site-packages.
STDLIB_PYC = "python_stdlib_pyc.zip"
STDLIB_IN_PYODIDE = f"/lib/python{PYODIDE_PYTHON.replace('.', '')}.zip"
SITE_IN_PYODIDE = f"/lib/python{PYODIDE_PYTHON}/site-packages"
# The files whose content decides which .pyc files come out: their change calls for a new compile.
PROGRAMS = (TOOLS / "bytecode.py", TOOLS / "bytecode.mjs", TOOLS / "node_pyodide.mjs", TOOLS / "bytecode_pyodide.py")


def cache_key(out: Path) -> str:
    """The cache folder's name: a hash of the compiling programs, the requests and the inputs in `out`."""
    digest = hashlib.sha256(json.dumps(PRECOMPUTED_REQUESTS).encode())
    for path in PROGRAMS:
        digest.update(path.name.encode() + b"\0" + sha256_file(path).encode())
    for path in [out / "pyodide" / "python_stdlib.zip", *sorted((out / "wheels").glob("*.whl"))]:
        digest.update(path.name.encode() + b"\0" + sha256_file(path).encode())
    return digest.hexdigest()[:24]


def compile_bytecode(out: Path) -> Path | None:
    """The .pyc files for `out` (a dist being built), made by Pyodide under Node and cached by input.

    Returns a folder with stdlib/<zip path>.pyc and site/<package>/__pycache__/<module>.cpython-314.pyc,
    or None when Node is missing (the app then works as well, only its start-up compiles them).
    """
    folder = CACHE / "bytecode" / cache_key(out)
    if (folder / "stdlib").is_dir():
        return folder
    node = shutil.which("node")
    if node is None:
        say(
            "node is missing: the wheels and the standard library go into dist/ without ahead-of-time bytecode "
            "(Python will compile them in the browser, a slower start)"
        )
        return None
    shutil.rmtree(CACHE / "bytecode", ignore_errors=True)  # one entry: the newest build's
    tmp = Path(tempfile.mkdtemp(prefix="bytecode-", dir=CACHE))
    env = dict(
        os.environ, TOKLAB_DIST=str(out), TOKLAB_OUT=str(tmp), TOKLAB_REQUESTS=json.dumps(PRECOMPUTED_REQUESTS),
        TOKLAB_STDLIB=STDLIB_IN_PYODIDE, TOKLAB_SITE=SITE_IN_PYODIDE,
    )  # fmt: skip
    try:
        run_reporting([node, str(TOOLS / "bytecode.mjs")], "compiling bytecode with Pyodide under Node",
                  "run `node --version` (Node 18 or newer is needed), then build again", cwd=tmp, env=env)  # fmt: skip
        if not (tmp / "stdlib").is_dir() or not (tmp / "site").is_dir():
            raise BuildError("compiling bytecode with Pyodide under Node wrote no .pyc files: build again")
        folder.parent.mkdir(parents=True, exist_ok=True)
        os.replace(tmp, folder)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return folder


def add_bytecode(out: Path, compiled: Path | None) -> None:
    """Put the compiled .pyc files beside their sources: a copy of the stdlib zip (written even with
    nothing to add, so the worker can always boot from it), and the wheels."""
    stock = out / "pyodide" / "python_stdlib.zip"
    shutil.copyfile(stock, out / "pyodide" / STDLIB_PYC)
    if compiled is None:
        return
    with zipfile.ZipFile(out / "pyodide" / STDLIB_PYC, "a", compression=zipfile.ZIP_DEFLATED) as zf:
        for pyc in sorted((compiled / "stdlib").rglob("*.pyc")):
            zf.writestr(zip_entry(pyc.relative_to(compiled / "stdlib").as_posix()), pyc.read_bytes())
    for wheel in sorted((out / "wheels").glob("*.whl")):
        package = wheel.name.split("-")[0]
        extra = {
            pyc.relative_to(compiled / "site").as_posix(): pyc.read_bytes()
            for pyc in sorted((compiled / "site" / package).rglob("*.pyc"))
        } if (compiled / "site" / package).is_dir() else {}  # fmt: skip
        if extra:
            add_to_wheel(wheel, extra)
