"""A pytest plugin for tokenizers' binding tests run against toklab.hf: the tests of behaviours only
the Rust library has are skipped, each with its reason.

The list is tests/test_hf_suite.py's RUST_ONLY (node id -> reason), handed over as JSON in the
environment variable TOKLAB_RUST_ONLY. The header line says which `tokenizers` the run imported, so
the caller can check it is the shim.
"""

import json
import os

import pytest


def pytest_report_header(config):
    import tokenizers

    return f"tokenizers from {tokenizers.__file__}"


def pytest_collection_modifyitems(config, items):
    rust_only = json.loads(os.environ.get("TOKLAB_RUST_ONLY", "{}"))
    for item in items:
        reason = rust_only.get(item.nodeid)
        if reason is not None:
            item.add_marker(pytest.mark.skip(reason=f"Rust-only: {reason}"))
