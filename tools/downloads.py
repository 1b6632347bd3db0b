"""The pinned downloads: Pyodide, micropip, axe-core and gifenc, and the wheels pytest needs inside Pyodide.

Each is fetched with the registry's own client (`npm pack`, `pip download`), checked against a pinned
sha256 and kept in .cache/, so a second build needs no network.
"""

from __future__ import annotations

import os
import shutil
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

from tools.common import CACHE, ROOT, BuildError, run_quiet, say, sha256_file


@dataclass(frozen=True)
class Download:
    """One pinned file from a registry: `npm pack NAME@VERSION` or `pip download NAME==VERSION`."""

    name: str
    version: str
    sha256: str


PYODIDE = Download("pyodide", "314.0.7", "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0")
MICROPIP = Download("micropip", "0.11.1", "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3")
JS_TIKTOKEN = Download("js-tiktoken", "1.0.21", "3b1f24b185565ca9a8d8f51466dfc4f99d67f1f05bc009258710ddb7a8d810fa")
AXE_CORE = Download("axe-core", "4.14.1", "e6b0ce02b84d892e2e33e403485e7f3d6c29e2be6df65daf44d89ba564139745")
# The GIF encoder the encode lesson's "export GIF" uses (tools/vendor.py ships its ES module).
GIFENC = Download("gifenc", "1.0.3", "29470c10132cd66ecac3b4da025b57ab9ec35df6e40215947f22eb2f14a128d4")
PYODIDE_PYTHON = "3.14"


def check_hash(path: Path, item: Download) -> None:
    actual = sha256_file(path)
    if actual != item.sha256:
        raise BuildError(
            f"{item.name} {item.version}: sha256 of the download is {actual}, the pinned hash is {item.sha256}; "
            "the file was discarded: check the registry you reach, or update the pin in tools/downloads.py on purpose"
        )


def cached(path: Path, item: Download) -> bool:
    return path.is_file() and sha256_file(path) == item.sha256


def tarball_path(item: Download) -> Path:
    return CACHE / "npm" / f"{item.name}-{item.version}.tgz"


def prefetch(items: list[Download], at_once: int = 6) -> None:
    """npm_tarball() of each item not in .cache/ yet, `at_once` at a time. A clean build waits on the
    registry more than on the CPU, and one `npm pack` after another spent about a minute of it; the
    build steps then find every tarball cached. A failed download raises as npm_tarball() does. Only
    whether the file is there is looked at: npm_tarball() checks its hash when a step asks for it."""
    from concurrent.futures import ThreadPoolExecutor  # noqa: PLC0415

    missing = [item for item in dict.fromkeys(items) if not tarball_path(item).is_file()]
    if missing:
        with ThreadPoolExecutor(max_workers=at_once) as pool:
            list(pool.map(npm_tarball, missing))


def npm_tarball(item: Download) -> Path:
    """The package's tarball from the npm registry (`npm pack`), hash-checked and cached."""
    path = tarball_path(item)
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
    """`pip download` of pure wheels for Pyodide's Python into `dest`."""
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
