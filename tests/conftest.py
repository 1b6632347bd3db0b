"""Shared set-up for every test, on CPython and inside Pyodide.

Fixtures (use them instead of importing tiktoken/regex yourself, so Pyodide skips cleanly):
    r50k_oracle   tiktoken's r50k_base Encoding built offline (skips where tiktoken is missing)
    gpt2_regex    GPT-2's pre-tokenizer pattern compiled by `regex` (skips where regex is missing)
    hf_tokenizers oracles.huggingface_merges, HuggingFace's BPE trainer (skips where tokenizers is missing)
    r50k_dir      the folder holding encoder.json / vocab.bpe (repo assets, or the wheel's copy)
    tiktoken_oracle  name -> tiktoken's Encoding for r50k_base, cl100k_base or o200k_base, built offline
    regex_oracle     (pattern, text) -> the pieces `regex` finds (skips where regex is missing)
    version_delta    the characters tiktoken's and regex's Unicode versions classify differently
Hypothesis profiles: "toklab" (the default), "sweep" (HYPOTHESIS_PROFILE=sweep: 20 times the examples).
Marker:
    @pytest.mark.cpython_only   skips inside Pyodide (for tests that need the repository, subprocesses...)

On CPython `tests/` and `py_src/` are on sys.path (pyproject.toml); inside Pyodide toklab comes from
the installed wheel and only tests/ is there (tests/pyodide/run.mjs).
"""

import os
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
    settings.register_profile("sweep", settings.get_profile("toklab"), max_examples=2000)
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "toklab"))


def pytest_configure(config):
    config.addinivalue_line("markers", "cpython_only: needs CPython and the repository; skipped inside Pyodide")


def pytest_collection_modifyitems(config, items):
    if not IN_PYODIDE:
        return
    skip = pytest.mark.skip(reason="CPython only (running inside Pyodide)")
    for item in items:
        if "cpython_only" in item.keywords:
            item.add_marker(skip)


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
