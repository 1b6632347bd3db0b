"""`build.py test`'s own reading of its stages (tools/testrun.py): the counts come from the JUnit XML
each runner writes, pytest's and node --test's alike (CPython only: it runs the runners)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

if sys.platform == "emscripten":
    pytest.skip("build.py runs on CPython only", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools.testrun import junit_counts, minutes  # noqa: E402

NODE_TESTS = """
import { test } from "node:test";
import assert from "node:assert/strict";
test("passes", () => assert.equal(1 + 1, 2));
test("fails", () => assert.equal(1 + 1, 3));
test("skipped", { skip: true }, () => {});
test("passes too", async () => {});
"""

PYTEST_TESTS = """
import pytest
def test_passes(): assert True
def test_fails(): assert False
@pytest.mark.skip
def test_skipped(): pass
def test_errors(broken): pass
@pytest.fixture
def broken(): raise RuntimeError
"""


def test_node_junit_counts(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node here")
    (tmp_path / "a.test.mjs").write_text(NODE_TESTS)
    xml = tmp_path / "node.xml"
    done = subprocess.run([node, "--test", "--test-reporter=junit", f"--test-reporter-destination={xml}", "a.test.mjs"],
                          cwd=tmp_path, capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert junit_counts(xml) == (2, 1, 1)


def test_pytest_junit_counts(tmp_path):
    (tmp_path / "test_a.py").write_text(PYTEST_TESTS)
    xml = tmp_path / "py.xml"
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={xml}", "test_a.py"],
                          cwd=tmp_path, capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 1, done.stdout
    assert junit_counts(xml) == (1, 2, 1)  # an error in set-up counts as a failure
    assert junit_counts(tmp_path / "none.xml") == (0, 0, 0)


def test_minutes():
    assert [minutes(s) for s in (0, 59.4, 59.6, 75.4, 600)] == ["0:00", "0:59", "1:00", "1:15", "10:00"]


def test_two_lanes_run_at_once_and_keep_each_stage_whole(tmp_path, capsys):
    """Stage a waits for a file that stage c (the other lane) writes: only lanes that run at once can finish.
    Each stage's lines come out together, and the summary keeps the order of the stages."""
    from tools.testrun import run_stages

    flag = tmp_path / "c-started"
    wait_for_c = f"import pathlib,time\nfor _ in range(600):\n    if pathlib.Path({str(flag)!r}).exists(): break\n    time.sleep(0.05)\nelse: raise SystemExit(3)\nprint('a1'); print('a2')"
    (tmp_path / "test_a.py").write_text("def test_a(): pass\n")
    (tmp_path / "test_c.py").write_text("def test_c(): pass\ndef test_d(): assert False\n")

    def stage(name: str, pre: str, test_file: str) -> tuple[str, list[str], str]:
        code = f"{pre}\nimport pytest,sys\nsys.exit(pytest.main(['-q','-p','no:cacheprovider','--junitxml={tmp_path / (name + '.xml')}','{tmp_path / test_file}']))"
        return (name, [sys.executable, "-c", code], f"{name}.xml")

    stages = [stage("a", wait_for_c, "test_a.py"), stage("c", f"open({str(flag)!r}, 'w').close(); print('c1')", "test_c.py")]
    summary = run_stages(stages, tmp_path, dict(os.environ), lanes=[stages[:1], stages[1:]])
    assert [(row[0], row[2], row[3]) for row in summary] == [("a", 1, 0), ("c", 1, 1)]
    assert summary[0][1] == 0 and summary[1][1] == 1
    out = capsys.readouterr().out
    assert "a1\na2" in out
    assert out.index("======== c") < out.index("c1") < out.index("======== a") or out.index("======== a") < out.index("a1") < out.index("======== c")


def test_workers_take_from_one_queue_and_a_stages_shards_add_up(tmp_path, capsys):
    """Two workers, three entries: shard a1 waits for a file that shard b (third in the queue) writes, so
    b must start while a1 runs, taken by the worker that finished a2. The summary adds up a's shards."""
    from tools.testrun import run_stages

    flag = tmp_path / "b-started"
    wait_for_b = f"import pathlib,time\nfor _ in range(600):\n    if pathlib.Path({str(flag)!r}).exists(): break\n    time.sleep(0.05)\nelse: raise SystemExit(3)"
    (tmp_path / "test_a1.py").write_text("def test_a1(): pass\n")
    (tmp_path / "test_a2.py").write_text("def test_a2(): pass\ndef test_a3(): assert False\n")
    (tmp_path / "test_b.py").write_text("def test_b(): pass\n")

    def entry(title: str, name: str, pre: str) -> tuple[str, list[str], str]:
        code = f"{pre}\nimport pytest,sys\nsys.exit(pytest.main(['-q','-p','no:cacheprovider','--junitxml={tmp_path / (name + '.xml')}','{tmp_path / ('test_' + name + '.py')}']))"
        return (title, [sys.executable, "-c", code], f"{name}.xml")

    entries = [entry("a", "a1", wait_for_b), entry("a", "a2", ""), entry("b", "b", f"open({str(flag)!r}, 'w').close()")]
    summary = run_stages(entries, tmp_path, dict(os.environ), workers=2)
    assert [(row[0], row[2], row[3], row[4]) for row in summary] == [("a", 2, 1, 0), ("b", 1, 0, 0)]
    assert summary[0][1] != 0 and "a2.xml: FAILED" in summary[0][5] and summary[1][1] == 0
    out = capsys.readouterr().out
    assert "======== a [1/2]" in out and "======== a [2/2]" in out and "======== b (" in out


def test_shards_are_even_and_keep_every_file_once():
    from tools.testrun import module_seconds, shards

    files = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "tests" / "browser").glob("test_*.py"))]
    groups = shards(files, 6)
    assert len(groups) == 6
    assert sorted(f for group, _ in groups for f in group) == sorted(files)
    weights = [weight for _, weight in groups]
    assert max(weights) - min(weights) <= max(module_seconds(f) for f in files)
    assert shards(["x"], 3, weigh=lambda f: 1) == [(["x"], 1)]


def test_module_times_add_up_a_modules_tests_from_the_junit_files(tmp_path):
    """`python -m tools.testrun weights` reads what pytest wrote: each test's time, added up under its module's path."""
    from tools.testrun import module_times

    folder = tmp_path / "tests"
    folder.mkdir()
    (tmp_path / "pytest.ini").write_text("[pytest]\n")  # the root the classnames start from, as the repository is
    (folder / "test_b.py").write_text("def test_one(): pass\ndef test_two(): pass\n")
    (folder / "test_c.py").write_text("def test_three(): pass\n")
    for name in ("test_b.py", "test_c.py"):
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={tmp_path / (name + '.xml')}", f"tests/{name}"],
                              cwd=tmp_path, capture_output=True, text=True)  # fmt: skip
        assert done.returncode == 0, done.stdout
    times = module_times(tmp_path)
    assert set(times) == {"tests/test_b.py", "tests/test_c.py"}
    assert all(seconds >= 0 for seconds in times.values())
    assert module_times(tmp_path / "tests") == {}  # no XML there
