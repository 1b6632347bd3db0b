"""`build.py test`: .venv with the test dependencies, Chromium, and the four test stages.

Stages: the engine's tests on CPython, the page's pure modules under Node's own test runner
(`node --test tests/js/*.test.mjs`), the engine's tests inside Pyodide under Node (tests/pyodide/run.mjs),
the browser tests in Chromium. Each writes JUnit XML; the pytest stages print their slowest tests
(--durations); the summary prints one `N passed, N failed, N skipped` line per stage with its wall time,
and a total.

The stages run in two lanes at once (the browser stage beside the other three, one after another), since
the browser tests spend much of their time waiting on Chromium and the page's worker; each stage's output
goes to a log and is printed whole when the stage ends, so two stages never interleave their lines.
TOKLAB_TEST_LANES=1 runs the four stages one after another, printing as they go.
"""

from __future__ import annotations

import os
import shutil
import sys
import subprocess
import threading
import time
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


NODE_MAJOR = 20  # the first with node --test's junit reporter


def need_node() -> str:
    node = shutil.which("node")
    wanted = f"install Node.js {NODE_MAJOR} or newer (apt-get install -y nodejs npm), then run again"
    if node is None:
        raise BuildError(f"node is missing: {wanted}")
    version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()
    try:
        major = int(version.lstrip("v").split(".")[0])
    except ValueError:
        major = 0
    if major < NODE_MAJOR:
        raise BuildError(f"node {version or '(unknown version)'} is too old: {wanted}")
    return node


def junit_counts(path: Path) -> tuple[int, int, int]:
    """(passed, failed, skipped) from a JUnit XML file (pytest's or node --test's); (0, 0, 0) if there is none.

    Counted from the <testcase> elements themselves: node's reporter writes no totals on its suites.
    """
    if not path.is_file():
        return 0, 0, 0
    passed = failed = skipped = 0
    for case in ET.parse(path).getroot().iter("testcase"):
        tags = {child.tag for child in case}
        if tags & {"failure", "error"}:
            failed += 1
        elif "skipped" in tags:
            skipped += 1
        else:
            passed += 1
    return passed, failed, skipped


def minutes(seconds: float) -> str:
    """75.4 -> "1:15"."""
    whole = round(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


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
    env = dict(os.environ, TOKLAB_CHROMIUM=chromium, TOKLAB_AXE=str(axe), TOKLAB_DIST=str(DIST), TOKLAB_PYTHON=str(python),
               PYTHONDONTWRITEBYTECODE="1")  # fmt: skip
    pytest = [str(python), "-m", "pytest", "-p", "no:cacheprovider", "--durations=25"]
    run_mjs = str(ROOT / "tests" / "pyodide" / "run.mjs")
    js_tests = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "tests" / "js").glob("*.test.mjs"))]
    node_test = [node, "--test", "--test-reporter=spec", "--test-reporter-destination=stdout",
                 "--test-reporter=junit", f"--test-reporter-destination={results_dir / 'node.xml'}", *js_tests]  # fmt: skip
    stages = [
        ("engine on CPython", pytest + ["tests", "--ignore=tests/browser", "--ignore=tests/pyodide", "--ignore=tests/js", f"--junitxml={results_dir / 'cpython.xml'}"], "cpython.xml"),
        ("front end on Node", node_test, "node.xml"),
        ("engine in Pyodide", [node, run_mjs, "--dist", str(DIST), "--wheels", str(test_wheels), "--junitxml", str(results_dir / "pyodide.xml")], "pyodide.xml"),
        ("browser", pytest + ["tests/browser", f"--junitxml={results_dir / 'browser.xml'}"], "browser.xml"),
    ]  # fmt: skip
    began = time.monotonic()
    serial = os.environ.get("TOKLAB_TEST_LANES", "2") == "1"
    summary = run_stages(stages, results_dir, env, lanes=[stages] if serial else [stages[:3], stages[3:]])
    print("\n======== summary ========")
    for title, _, passed, failed, skipped, note, took in summary:
        print(f"  {title:<20} {passed} passed, {failed} failed, {skipped} skipped  {minutes(took):>6}  {note}")
    totals = [sum(s[i] for s in summary) for i in (2, 3, 4)]
    bad = [s for s in summary if s[1] != 0]
    print(f"total: {totals[0]} passed, {totals[1]} failed, {totals[2]} skipped  in {minutes(time.monotonic() - began)}")
    return 1 if bad else 0


def run_stages(stages: list[tuple[str, list[str], str]], results_dir: Path, env: dict, lanes: list[list]) -> list[tuple]:
    """Runs each lane's stages one after another, the lanes at once; returns a summary row per stage
    (title, exit code, passed, failed, skipped, note, seconds) in the order of `stages`. A lone lane prints
    as it goes; with two, each stage's output is printed whole when it ends."""
    results: dict[str, tuple] = {}
    printing = threading.Lock()

    def run_stage(title: str, cmd: list[str], xml: str, live: bool) -> None:
        start = time.monotonic()
        if live:
            print(f"\n======== {title} ========", flush=True)
            code = subprocess.run(cmd, cwd=ROOT, env=env).returncode
        else:
            log = results_dir / f"{xml.removesuffix('.xml')}.log"
            with printing:
                print(f"-- {title}: started; its output follows when it ends ({log})", flush=True)
            with log.open("wb") as out:
                code = subprocess.run(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT).returncode
            with printing:
                print(f"\n======== {title} ({minutes(time.monotonic() - start)}) ========", flush=True)
                sys.stdout.buffer.write(log.read_bytes())
                sys.stdout.flush()
        took = time.monotonic() - start
        passed, failed, skipped = junit_counts(results_dir / xml)
        if code == 5 or (code == 0 and passed == 0):
            code, note = 1, "FAILED: ran no test"
        else:
            note = "ok" if code == 0 else f"FAILED (exit {code})"
        results[title] = (title, code, passed, failed, skipped, note, took)

    def run_lane(lane) -> None:
        for title, cmd, xml in lane:
            run_stage(title, cmd, xml, live=len(lanes) == 1)

    threads = [threading.Thread(target=run_lane, args=(lane,)) for lane in lanes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [results[title] for title, _, _ in stages if title in results]
