"""`build.py test`: .venv with the test dependencies, Chromium, and the three test stages.

Stages: the engine's tests on CPython, the same tests inside Pyodide under Node (tests/pyodide/run.mjs),
the browser tests in Chromium. Each writes JUnit XML; the summary prints one
`N passed, N failed, N skipped` line per stage and a total.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import venv
import xml.etree.ElementTree as ET
from pathlib import Path

from tools.common import CACHE, DIST, ROOT, TOOLS, BuildError, run_quiet, say, sha256_file
from tools.dist import ensure_built
from tools.downloads import axe_script, pyodide_test_wheels

VENV = ROOT / ".venv"


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
    subprocess.run([str(python), "-m", "playwright", "install", "chromium"], capture_output=True)
    done = subprocess.run([str(python), "-I", str(TOOLS / "playwright_chromium.py")], capture_output=True, text=True)
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


def run_tests() -> int:
    """Every test stage, then the summary; returns 1 if any stage failed or ran no test, else 0."""
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
    run_mjs = str(ROOT / "tests" / "pyodide" / "run.mjs")
    stages = [
        ("engine on CPython", pytest + ["tests", "--ignore=tests/browser", "--ignore=tests/pyodide", f"--junitxml={results_dir / 'cpython.xml'}"], "cpython.xml"),
        ("engine in Pyodide", [node, run_mjs, "--dist", str(DIST), "--wheels", str(test_wheels), "--junitxml", str(results_dir / "pyodide.xml")], "pyodide.xml"),
        ("browser", pytest + ["tests/browser", f"--junitxml={results_dir / 'browser.xml'}"], "browser.xml"),
    ]  # fmt: skip
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
    for title, _, passed, failed, skipped, note in summary:
        print(f"  {title:<20} {passed} passed, {failed} failed, {skipped} skipped  {note}")
    totals = [sum(s[i] for s in summary) for i in (2, 3, 4)]
    bad = [s for s in summary if s[1] != 0]
    print(f"total: {totals[0]} passed, {totals[1]} failed, {totals[2]} skipped")
    return 1 if bad else 0
