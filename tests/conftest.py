"""Shared set-up for every test, on CPython and inside Pyodide.

Fixtures (use them instead of importing tiktoken/regex yourself, so Pyodide skips cleanly):
    r50k_oracle   tiktoken's r50k_base Encoding built offline (skips where tiktoken is missing)
    gpt2_regex    GPT-2's pre-tokenizer pattern compiled by `regex` (skips where regex is missing)
    hf_tokenizers oracles.huggingface_merges, HuggingFace's BPE trainer (skips where tokenizers is missing)
    r50k_dir      the folder holding encoder.json / vocab.bpe (repo assets, or the wheel's copy)
    tiktoken_oracle  name -> tiktoken's Encoding for r50k_base, cl100k_base, o200k_base or o200k_harmony, built offline
    regex_oracle     (pattern, text) -> the pieces `regex` finds (skips where regex is missing)
    version_delta    the characters tiktoken's and regex's Unicode versions classify differently
    copy_programs    copy_programs("tools.bytecode"): a build step's PROGRAMS copied to tmp_path and put
                     in their place, so a test may change them and watch the step's cache key
Hypothesis profiles: "toklab" (the default), "ci" (the default where $CI is set, as in .ci/run: the
same examples, derandomized, so a CI run is reproducible and a failure shows again on a re-run; no
example database), "sweep" (HYPOTHESIS_PROFILE=sweep: 20 times the examples).
Marker:
    @pytest.mark.cpython_only   left out inside Pyodide (for tests that need the repository, subprocesses...)

Inside Pyodide, what cannot run there is left out at collection, not skipped test by test: a module
marked `pytestmark = pytest.mark.cpython_only` is not imported at all (`collect_ignore`), and a test
marked cpython_only, or asking for an oracle fixture whose library Pyodide lacks (tiktoken, regex,
tokenizers: ORACLE_NEEDS), is deselected. Each such test would only have skipped in its set-up.

On CPython `tests/` and `py_src/` are on sys.path (pyproject.toml); inside Pyodide toklab comes from
the installed wheel and only tests/ is there (tests/pyodide/run.mjs).
"""

import importlib
import importlib.util
import os
import re
import shutil
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

import oracles  # noqa: E402

IN_PYODIDE = sys.platform == "emscripten"

try:
    from hypothesis import HealthCheck, settings
except ImportError:
    pass
else:
    # Pyodide runs several times slower than CPython: no per-example deadline anywhere.
    settings.register_profile("toklab", deadline=None, suppress_health_check=[HealthCheck.too_slow])
    settings.register_profile("ci", settings.get_profile("toklab"), derandomize=True, database=None)
    settings.register_profile("sweep", settings.get_profile("toklab"), max_examples=2000)
    default = "ci" if os.environ.get("CI", "").lower() in ("1", "true", "yes") else "toklab"
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", default))

# The oracle fixtures below and the libraries each needs (each skips where one is missing).
ORACLE_NEEDS = {
    "r50k_oracle": ("tiktoken",),
    "gpt2_regex": ("regex",),
    "hf_tokenizers": ("tokenizers",),
    "tiktoken_oracle": ("tiktoken",),
    "regex_oracle": ("regex",),
    "version_delta": ("tiktoken", "regex"),
}
CPYTHON_ONLY_MODULE = re.compile(r"^pytestmark = pytest\.mark\.cpython_only\b", re.M)
# Inside Pyodide, the test modules marked cpython_only as a whole are not collected (see the docstring).
# hf_suite/ is HuggingFace tokenizers' own binding tests, run only by test_hf_suite.py (in a subprocess).
collect_ignore = ["hf_suite"] + (
    sorted(p.name for p in TESTS.glob("test_*.py") if CPYTHON_ONLY_MODULE.search(p.read_text(encoding="utf-8")))
    if IN_PYODIDE
    else []
)


def pytest_configure(config):
    config.addinivalue_line("markers", "cpython_only: needs CPython and the repository; left out inside Pyodide")


def pytest_collection_modifyitems(config, items):
    if not IN_PYODIDE:
        return
    missing = {name for names in ORACLE_NEEDS.values() for name in names if importlib.util.find_spec(name) is None}
    unable = {fixture for fixture, needs in ORACLE_NEEDS.items() if missing.intersection(needs)}
    kept, left_out = [], []
    for item in items:
        out = "cpython_only" in item.keywords or unable.intersection(getattr(item, "fixturenames", ()))
        (left_out if out else kept).append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept


@pytest.fixture(scope="session")
def r50k_oracle():
    pytest.importorskip("tiktoken")
    return oracles.tiktoken_r50k()


@pytest.fixture(scope="session")
def gpt2_regex():
    regex = pytest.importorskip("regex")
    return regex.compile(oracles.GPT2_PATTERN)


@pytest.fixture(scope="session")
def hf_tokenizers():
    pytest.importorskip("tokenizers")
    return oracles.huggingface_merges


@pytest.fixture(scope="session")
def r50k_dir():
    return oracles.r50k_dir()


@pytest.fixture(scope="session")
def tiktoken_oracle():
    pytest.importorskip("tiktoken")
    return oracles.tiktoken_encoding


@pytest.fixture(scope="session")
def regex_oracle():
    pytest.importorskip("regex")
    return oracles.regex_pieces


@pytest.fixture(scope="session")
def version_delta():
    pytest.importorskip("tiktoken")
    pytest.importorskip("regex")
    return oracles.unicode_version_delta()


@pytest.fixture
def copy_programs(tmp_path, monkeypatch):
    def copy(module_name: str) -> list[Path]:
        copies = []
        for path in importlib.import_module(module_name).PROGRAMS:
            copies.append(tmp_path / path.name)
            shutil.copyfile(path, copies[-1])
        monkeypatch.setattr(f"{module_name}.PROGRAMS", tuple(copies))
        return copies

    return copy
