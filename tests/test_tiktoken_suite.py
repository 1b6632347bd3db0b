"""toklab as a drop-in tiktoken: tiktoken's own test suite passes with `tiktoken` meaning toklab.

The suite is tiktoken 0.14.0's `tests/`, unmodified, from its source distribution on PyPI (pinned by
sha256, downloaded once with `pip download` and kept in .cache/sdists/). It runs in a subprocess whose
`tiktoken` is tests/tiktoken_shim/tiktoken, which only re-exports toklab. Tests of encodings toklab does
not ship are skipped by the plugin tests/tiktoken_shim/skip_unshipped.py, never edited.
"""

import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.cpython_only

ROOT = Path(__file__).resolve().parent.parent
SHIM = Path(__file__).resolve().parent / "tiktoken_shim"
SDIST = ("tiktoken", "0.14.0", "231dec90efcdccf1b565a1416107736f1e09b1a08fe736ef9d6363e626d03874")
CACHED = ROOT / ".cache" / "sdists" / f"{SDIST[0]}-{SDIST[1]}.tar.gz"
# The tests of tiktoken 0.14.0's suite that need p50k_base or p50k_edit, which toklab does not ship.
EXPECTED_SKIPS = {
    "tests/test_encoding.py::test_basic_encode",
    "tests/test_misc.py::test_encoding_for_model",
    "tests/test_simple_public.py::test_encoding_for_model",
}


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def tiktoken_sdist() -> Path:
    """tiktoken's pinned sdist: from .cache/, else downloaded with pip and hash-checked."""
    if CACHED.is_file() and _sha256(CACHED) == SDIST[2]:
        return CACHED
    CACHED.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=CACHED.parent) as tmp:
        cmd = [sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "--quiet", "--no-deps"]
        cmd += ["--no-binary", ":all:", "-d", tmp, f"{SDIST[0]}=={SDIST[1]}"]
        done = subprocess.run(cmd, capture_output=True, text=True)
        got = Path(tmp) / CACHED.name
        assert done.returncode == 0 and got.is_file(), f"pip download of tiktoken's sdist failed: {done.stderr[-500:]}"
        assert _sha256(got) == SDIST[2], f"{got.name} has sha256 {_sha256(got)}, not the pinned {SDIST[2]}"
        os.replace(got, CACHED)
    return CACHED


@pytest.fixture(scope="module")
def suite_run(tmp_path_factory):
    """Run tiktoken's tests/ against toklab; return (exit code, pytest's output)."""
    folder = tmp_path_factory.mktemp("tiktoken-suite")
    prefix = f"{SDIST[0]}-{SDIST[1]}/tests/"
    with tarfile.open(tiktoken_sdist()) as tar:
        members = [m for m in tar.getmembers() if m.name.startswith(prefix) and m.isfile()]
        assert {Path(m.name).name for m in members} >= {"test_encoding.py", "test_offsets.py", "test_pickle.py"}
        for member in members:
            target = folder / "tests" / member.name[len(prefix) :]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(tar.extractfile(member).read())
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(SHIM), str(ROOT / "py_src")]), PYTHONDONTWRITEBYTECODE="1", COLUMNS="400")
    cmd = [sys.executable, "-m", "pytest", "tests", "-p", "no:cacheprovider", "-p", "skip_unshipped", "-v"]
    done = subprocess.run(cmd, cwd=folder, env=env, capture_output=True, text=True, timeout=900)
    shutil.rmtree(folder, ignore_errors=True)
    return done.returncode, done.stdout + done.stderr


def test_tiktoken_suite_passes_with_toklab_as_tiktoken(suite_run):
    code, output = suite_run
    assert f"tiktoken from {SHIM / 'tiktoken' / '__init__.py'}" in output, output[-3000:]
    assert code == 0, output[-6000:]
    counts = dict((kind, int(n)) for n, kind in re.findall(r"(\d+) (passed|failed|skipped|error)", output.splitlines()[-1]))
    assert counts.get("passed", 0) >= 30 and "failed" not in counts and "error" not in counts, output[-3000:]


def test_only_tests_of_unshipped_encodings_are_skipped(suite_run):
    _, output = suite_run
    skipped = dict(re.findall(r"^(\S+) SKIPPED \(toklab does not ship this encoding: (.*)\)", output, re.M))
    assert set(skipped) == EXPECTED_SKIPS, output[-3000:]
    assert all("p50k_base" in reason for reason in skipped.values())
    assert len(re.findall(r" SKIPPED ", output)) == len(skipped)
