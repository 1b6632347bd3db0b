"""`build.py test`: .venv with the test dependencies, Chromium, and the four test stages.

Stages: the engine's tests on CPython, the page's pure modules under Node's own test runner
(`node --test tests/js/*.test.mjs`), the engine's tests inside Pyodide under Node (tests/pyodide/run.mjs),
the browser tests in Chromium. Each writes JUnit XML; the pytest stages print their slowest tests
(--durations); the summary prints one `N passed, N failed, N skipped` line per stage with its wall time,
and a total.

The pytest stages are cut into shards, a few test modules each (`shards`, weighed by SECONDS). Two
workers take the shards and the other two stages from one queue, heaviest first, so both cores stay
busy to the end: the browser shards wait much of their time on Chromium and the page's worker, and
a worker that is done with the engine's tests goes on with the browser's. Each shard's output goes to
a log and is printed whole when it ends, so two never interleave their lines; the summary adds up a
stage's shards (its wall time runs from its first shard's start to its last one's end).
TOKLAB_TEST_LANES=1 runs the four stages whole, one after another, printing as they go.
`build.py test --stage browser` (repeatable; cpython, node, pyodide, browser) runs only the stages named.
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


def at_once(*steps):
    """Each step called in a thread of its own, all at once; their results in order. A clean clone spends
    its set-up waiting on the registries: pip installing the test tools beside the build (npm packs,
    Pyodide under Node) takes as long as the longer of the two, not both. A step that raised raises
    here, once all have ended.

    >>> at_once(lambda: 1, lambda: 2)
    [1, 2]
    """
    from concurrent.futures import ThreadPoolExecutor  # noqa: PLC0415

    with ThreadPoolExecutor(max_workers=len(steps)) as pool:
        futures = [pool.submit(step) for step in steps]
    return [future.result() for future in futures]


def built_with_test_files() -> tuple[Path, Path]:
    """dist/ built, then the wheels pytest needs inside Pyodide and axe-core's script."""
    ensure_built()
    return pyodide_test_wheels(), axe_script()


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


# `build.py test --stage NAME`: the short name of each stage, in the order they run.
STAGES = {"cpython": "engine on CPython", "node": "front end on Node", "pyodide": "engine in Pyodide", "browser": "browser"}


def run_tests(only: list[str] | None = None) -> int:
    """The test stages (`only`: their short names, STAGES' keys; all by default), then the summary;
    returns 1 if any stage failed or ran no test, else 0."""
    wanted = {STAGES[name] for name in only} if only else set(STAGES.values())
    node = need_node()
    python, (test_wheels, axe) = at_once(venv_python, built_with_test_files)
    chromium = find_chromium(python)
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
    cpython_tests = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "tests").glob("test_*.py"))]
    browser_tests = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "tests" / "browser").glob("test_*.py"))]
    pyodide = ("engine in Pyodide", [node, run_mjs, "--dist", str(DIST), "--wheels", str(test_wheels), "--junitxml", str(results_dir / "pyodide.xml")], "pyodide.xml")
    node_stage = ("front end on Node", node_test, "node.xml")
    began = time.monotonic()
    if os.environ.get("TOKLAB_TEST_LANES", "2") == "1":
        stages = [
            ("engine on CPython", pytest + cpython_tests + [f"--junitxml={results_dir / 'cpython.xml'}"], "cpython.xml"),
            node_stage,
            pyodide,
            ("browser", pytest + ["tests/browser", f"--junitxml={results_dir / 'browser.xml'}"], "browser.xml"),
        ]  # fmt: skip
        stages = [stage for stage in stages if stage[0] in wanted]
        summary = run_stages(stages, results_dir, env, lanes=[stages])
    else:
        weighed = [(SECONDS.get(pyodide[0], 0), pyodide), (1, node_stage)]
        for title, short, files, count in (("engine on CPython", "cpython", cpython_tests, CPYTHON_SHARDS),
                                           ("browser", "browser", browser_tests, BROWSER_SHARDS)):  # fmt: skip
            for n, (group, weight) in enumerate(shards(files, count), 1):
                name = f"{short}-{n}"
                cmd = pytest + [f"--basetemp={results_dir / ('tmp-' + name)}", f"--junitxml={results_dir / (name + '.xml')}", *group]
                weighed.append((weight, (title, cmd, f"{name}.xml")))
        jobs = [job for _, job in sorted(weighed, key=lambda item: -item[0]) if job[0] in wanted]
        order = ["engine on CPython", node_stage[0], pyodide[0], "browser"]
        summary = sorted(run_stages(jobs, results_dir, env, workers=WORKERS), key=lambda row: order.index(row[0]))
    print("\n======== summary ========")
    for title, _, passed, failed, skipped, note, took in summary:
        print(f"  {title:<20} {passed} passed, {failed} failed, {skipped} skipped  {minutes(took):>6}  {note}")
    totals = [sum(s[i] for s in summary) for i in (2, 3, 4)]
    bad = [s for s in summary if s[1] != 0]
    print(f"total: {totals[0]} passed, {totals[1]} failed, {totals[2]} skipped  in {minutes(time.monotonic() - began)}")
    return 1 if bad else 0


WORKERS = 2  # the machine CI runs on has two cores
CPYTHON_SHARDS = 2  # each shard loads the tables and models its tests ask for again: few shards
BROWSER_SHARDS = 6  # each shard starts its own Chromium and server: a few seconds each
# Seconds each heavy test module takes (its JUnit XML's test times added up), and the Pyodide stage's wall
# time, from one clean-clone CI run on the two cores with the machine loaded (load average 8-10); the
# browser modules' from a later run of that stage alone (session 19, one booted page per shard: load
# average 8-20), scaled by 0.77 to the same clock (the seven modules that open only pages of their own,
# classroom, decks, engine_payloads, lab_sandbox, lab_snapshot, one_way and snapshot, add up to the
# seconds they had before); the first module of a shard carries its shared page's boot;
# `python -m tools.testrun weights` prints these lines again from the last run's .cache/test-results/.
# A module not named here is weighed by its size, at DEFAULT_SECONDS_PER_KB. The weights only cut the
# shards and order the queue (heaviest first, so the one long Pyodide stage starts at once instead of
# last): a wrong one makes the run longer, never wrong.
SECONDS = {
    "engine in Pyodide": 295,
    "tests/test_hf_models.py": 80,
    "tests/test_tiktoken_suite.py": 51,
    "tests/test_encodings.py": 42,
    "tests/test_hf_recorded.py": 23,
    "tests/test_hf_compact.py": 22,
    "tests/test_hf_unicode.py": 13,
    "tests/test_protocol.py": 10,
    "tests/test_server.py": 8,
    "tests/test_build.py": 7,
    "tests/test_testrun.py": 7,
    "tests/test_imports.py": 6,
    "tests/browser/test_encode_lesson.py": 199,
    "tests/browser/test_resilience.py": 117,
    "tests/browser/test_snapshot.py": 93,
    "tests/browser/test_class_ready.py": 92,
    "tests/browser/test_lab.py": 83,
    "tests/browser/test_classroom.py": 81,
    "tests/browser/test_offline.py": 78,
    "tests/browser/test_open_models.py": 72,
    "tests/browser/test_custom_table.py": 71,
    "tests/browser/test_encode_wordpiece.py": 67,
    "tests/browser/test_models_lesson.py": 65,
    "tests/browser/test_navigation.py": 58,
    "tests/browser/test_families_lesson.py": 55,
    "tests/browser/test_quick_counts.py": 54,
    "tests/browser/test_lessons.py": 53,
    "tests/browser/test_codeview.py": 49,
    "tests/browser/test_deck_facts.py": 49,
    "tests/browser/test_lab_sandbox.py": 48,
    "tests/browser/test_sheets_match.py": 47,
    "tests/browser/test_encode_families.py": 45,
    "tests/browser/test_predict.py": 43,
    "tests/browser/test_notes_wrong.py": 42,
    "tests/browser/test_content.py": 42,
    "tests/browser/test_result_first.py": 42,
    "tests/browser/test_bounds.py": 40,
    "tests/browser/test_ask_first.py": 40,
    "tests/browser/test_train_minimind.py": 35,
    "tests/browser/test_settled.py": 32,
    "tests/browser/test_path.py": 32,
    "tests/browser/test_smoke.py": 30,
    "tests/browser/test_lab_snapshot.py": 30,
    "tests/browser/test_strings.py": 29,
    "tests/browser/test_lab_merges.py": 25,
    "tests/browser/test_lab_memory.py": 22,
    "tests/browser/test_export.py": 19,
    "tests/browser/test_one_way.py": 19,
    "tests/browser/test_models_deck.py": 18,
    "tests/browser/test_encodings_page.py": 17,
    "tests/browser/test_families.py": 15,
    "tests/browser/test_decks.py": 13,
    "tests/browser/test_budget.py": 12,
    "tests/browser/test_predict_train.py": 12,
    "tests/browser/test_glossary.py": 9,
    "tests/browser/test_train_hf_worker.py": 8,
    "tests/browser/test_layout.py": 7,
    "tests/browser/test_first_ten.py": 5,
    "tests/browser/test_engine_payloads.py": 5,
    "tests/browser/test_train_wordpiece.py": 5,
    "tests/browser/test_train_pages.py": 3,
    "tests/browser/test_decode_presets.py": 3,
    "tests/browser/test_glyphs.py": 3,
}
DEFAULT_SECONDS_PER_KB = {"tests": 0.2, "tests/browser": 4.0}


def module_seconds(path: str) -> float:
    """SECONDS[path], or an estimate from the module's size."""
    if path in SECONDS:
        return SECONDS[path]
    folder = path.rsplit("/", 1)[0]
    return (ROOT / path).stat().st_size / 1024 * DEFAULT_SECONDS_PER_KB.get(folder, 1.0)


def shards(files: list[str], count: int, weigh=module_seconds) -> list[tuple[list[str], float]]:
    """`files` cut into at most `count` groups of about equal weight (each file, heaviest first, joins the
    lightest group), as (the group's files in their given order, its weight).

    >>> shards(["a", "b", "c", "d"], 2, weigh={"a": 5, "b": 3, "c": 2, "d": 1}.get)
    [(['a', 'd'], 6), (['b', 'c'], 5)]
    """
    groups: list[list[str]] = [[] for _ in range(max(1, min(count, len(files))))]
    totals: list[float] = [0] * len(groups)
    for path in sorted(files, key=weigh, reverse=True):
        lightest = totals.index(min(totals))
        groups[lightest].append(path)
        totals[lightest] += weigh(path)
    order = {path: i for i, path in enumerate(files)}
    return [(sorted(group, key=order.__getitem__), total) for group, total in zip(groups, totals) if group]


def run_stages(stages: list[tuple[str, list[str], str]], results_dir: Path, env: dict, lanes: list[list] | None = None,
               workers: int = 0) -> list[tuple]:  # fmt: skip
    """Runs the stages, each (title, command, its JUnit XML's name): with `lanes`, each lane's one after
    another and the lanes at once; with `workers`, that many at a time, taken from one queue in the order
    given. Several entries may share a title (a stage's shards): their counts add up. Returns a summary
    row per stage (title, exit code, passed, failed, skipped, note, seconds) in the order of first
    appearance. A lone lane prints as it goes; otherwise each entry's output is printed whole when it ends."""
    results: dict[str, dict] = {}
    printing = threading.Lock()
    live = lanes is not None and len(lanes) == 1
    shares = {title: sum(1 for t, _, _ in stages if t == title) for title, _, _ in stages}
    seen: dict[str, int] = {}

    def run_stage(title: str, cmd: list[str], xml: str) -> None:
        start = time.monotonic()
        with printing:
            seen[title] = seen.get(title, 0) + 1
            label = title if shares[title] == 1 else f"{title} [{seen[title]}/{shares[title]}]"
        if live:
            print(f"\n======== {label} ========", flush=True)
            code = subprocess.run(cmd, cwd=ROOT, env=env).returncode
        else:
            log = results_dir / f"{xml.removesuffix('.xml')}.log"
            with printing:
                print(f"-- {label}: started; its output follows when it ends ({log})", flush=True)
            with log.open("wb") as out:
                code = subprocess.run(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT).returncode
            with printing:
                print(f"\n======== {label} ({minutes(time.monotonic() - start)}) ========", flush=True)
                sys.stdout.buffer.write(log.read_bytes())
                sys.stdout.flush()
        end = time.monotonic()
        passed, failed, skipped = junit_counts(results_dir / xml)
        if code == 5 or (code == 0 and passed == 0):
            code, note = 1, "FAILED: ran no test"
        else:
            note = "ok" if code == 0 else f"FAILED (exit {code})"
        with printing:
            row = results.setdefault(title, {"code": 0, "counts": [0, 0, 0], "notes": [], "start": start, "end": end})
            row["code"] = row["code"] or code
            row["counts"] = [a + b for a, b in zip(row["counts"], (passed, failed, skipped))]
            if note != "ok":
                row["notes"].append(note if shares[title] == 1 else f"{xml}: {note}")
            row["start"], row["end"] = min(row["start"], start), max(row["end"], end)

    def run_queue(queue: list) -> None:
        while True:
            with printing:
                if not queue:
                    return
                title, cmd, xml = queue.pop(0)
            run_stage(title, cmd, xml)

    if lanes is not None:
        queues = [list(lane) for lane in lanes]
    else:
        shared = list(stages)
        queues = [shared] * max(1, workers)  # the workers take from one list
    threads = [threading.Thread(target=run_queue, args=(queue,)) for queue in queues]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    summary = []
    for title in dict.fromkeys(t for t, _, _ in stages):
        if title in results:
            row = results[title]
            note = "; ".join(row["notes"]) or "ok"
            summary.append((title, row["code"], *row["counts"], note, row["end"] - row["start"]))
    return summary


def module_times(results_dir: Path) -> dict[str, float]:
    """Seconds per test module, added up from the JUnit XML files in `results_dir` (pytest's: a test's
    classname is its module's dotted path)."""
    times: dict[str, float] = {}
    for xml in sorted(results_dir.glob("*.xml")):
        for case in ET.parse(xml).getroot().iter("testcase"):
            dotted = case.get("classname") or ""
            if dotted.startswith("tests."):
                module = dotted.replace(".", "/") + ".py"
                times[module] = times.get(module, 0.0) + float(case.get("time") or 0)
    return times


if __name__ == "__main__":  # python -m tools.testrun weights: SECONDS' module lines from the last run
    if sys.argv[1:] != ["weights"]:
        sys.exit("usage: python -m tools.testrun weights")
    for module, seconds in sorted(module_times(CACHE / "test-results").items(), key=lambda item: -item[1]):
        if seconds >= 6:
            print(f'    "{module}": {round(seconds)},')
