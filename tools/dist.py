"""dist/, the whole static site: written from scratch into a temporary folder, then renamed into place.

dist/ is either the old complete build or the new complete build, never half of one. Its .build-stamp
holds the fingerprint of every input (fingerprint()); ensure_built() builds only when that differs.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tarfile
import tempfile
from pathlib import Path

from tools.bytecode import add_bytecode, compile_bytecode
from tools.codemirror import PACKAGES as CODEMIRROR, bundle_codemirror, esbuild_pin
from tools.codemirror import cache_key as codemirror_key
from tools.common import CACHE, DIST, ROOT, BuildError, Steps, say, sha256_file
from tools.downloads import AXE_CORE, GIFENC, JS_TIKTOKEN, MICROPIP, PYODIDE, micropip_wheel, npm_tarball, prefetch
from tools.lab import ship_lab
from tools.models import MODELS, PACKAGES as MODEL_PACKAGES, packed, ship_models
from tools.spm_models import SCTG, ship_spm_models
from tools.wordpiece_models import ship_wordpiece_models
from tools.corpora import CHINESE_POETRY, SOTU, ship_corpora
from tools.offline import add_icons, add_offline
from tools.precompute import precompute
from tools.protocol_mjs import write_into as write_protocol
from tools.snapshot import add_snapshot, make_snapshot
from tools.tables import ship_tables
from tools.vendor import ship_gifenc
from tools.wheel import write_wheel

STAMP = ".build-stamp"
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


def input_files() -> list[Path]:
    """Every file whose content goes into dist/ or makes it: a change in any of them calls for a new build."""
    files = [ROOT / "build.py", ROOT / "pyproject.toml"]
    for folder in ("tools", "web", "py_src", "assets"):
        files += [
            p for p in sorted((ROOT / folder).rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
        ]  # fmt: skip
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


# The build's steps, in order: each is said as "[k/n] ..." when it starts (tools.common.Steps).
BUILD_STEPS = (
    "fetching what the build needs (cached in .cache/ after the first build)",
    "copying the front end and Pyodide's runtime, packing the toklab wheel",
    "compiling the engine's Python to bytecode (cached after the first build)",
    "making the engine's start-up snapshot (cached after the first build)",
    "copying the token tables, the open models' tokenizers and the corpora",
    "bundling CodeMirror and gifenc",
    "computing the lab's expected answers",
    "answering the default example's first requests (precomputed.json)",
    "drawing the icons and listing every file for offline use",
)


def build() -> Path:
    """Write dist/ from scratch, atomically. Returns DIST."""
    if not (ROOT / "web").is_dir():
        raise BuildError("web/ is missing: the front end must exist before a build")
    stamp = fingerprint()
    steps = Steps(BUILD_STEPS)
    steps.next("fetching what the build needs (cached in .cache/ after the first build)")
    prefetch(downloads())
    pyodide_tgz = npm_tarball(PYODIDE)
    micropip = micropip_wheel()
    for name in MODELS:  # each open model's compact form current (packed again when the packer changed)
        packed(name)  # before anything reads one: protocol.mjs's MiniMind facts do, below
    CACHE.mkdir(exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="dist-", dir=CACHE))
    try:
        steps.next("copying the front end and Pyodide's runtime, packing the toklab wheel")
        out = tmp / "dist"
        shutil.copytree(ROOT / "web", out, ignore=shutil.ignore_patterns("__pycache__", ".*"))
        write_protocol(out)  # protocol.mjs from toklab.protocol (web/ holds the same, committed)
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
        steps.next("compiling the engine's Python to bytecode (cached after the first build)")
        add_bytecode(out, compile_bytecode(out))
        toklab_hash = manifest["toklab_sha256"] = sha256_file(toklab_wheel)[:16]
        (wheels / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
        steps.next("making the engine's start-up snapshot (cached after the first build)")
        add_snapshot(out, make_snapshot(out), manifest)
        (wheels / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
        steps.next("copying the token tables, the open models' tokenizers and the corpora")
        shutil.copytree(ROOT / "assets", out / "assets")
        ship_tables(out / "tables")
        ship_models(out / "models")
        ship_spm_models(out / "models")  # the SentencePiece models (.model), botchan.txt and their licences
        ship_wordpiece_models(out / "models")  # the WordPiece tables, trained by toklab on botchan.txt
        ship_corpora(out / "corpora")
        steps.next("bundling CodeMirror and gifenc")
        bundle_codemirror(out / "vendor")
        ship_gifenc(out / "vendor")
        steps.next("computing the lab's expected answers")
        ship_lab(out / "lab")
        steps.next("answering the default example's first requests (precomputed.json)")
        (out / "precomputed.json").write_text(json.dumps(precompute(out / "tables"), ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        steps.next("drawing the icons and listing every file for offline use")
        add_icons(out)
        add_offline(out)  # last: it lists every file above
        (out / STAMP).write_text(stamp)
        if DIST.exists():
            os.replace(DIST, tmp / "old")  # removed with tmp
        os.replace(out, DIST)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    say(f"wrote {DIST.relative_to(Path.cwd()) if DIST.is_relative_to(Path.cwd()) else DIST} (toklab wheel {toklab_hash})")
    return DIST


def downloads() -> list:
    """Every npm tarball a build from scratch reads (and axe-core, which the tests inject), for prefetch();
    CodeMirror's sources only when its bundle is not cached."""
    items = [PYODIDE, JS_TIKTOKEN, GIFENC, AXE_CORE, CHINESE_POETRY, SOTU]
    items += [package for package in MODEL_PACKAGES.values() if package is not None]
    items.append(SCTG)
    if not (CACHE / "codemirror" / codemirror_key()).is_dir():
        items += list(CODEMIRROR)
        try:
            items.append(esbuild_pin())
        except BuildError:
            pass  # no esbuild for this machine: bundle_codemirror() says so in its turn
    return items


def ensure_built() -> Path:
    """dist/, built first when it is missing or older than its inputs."""
    if is_current():
        return DIST
    return build()
