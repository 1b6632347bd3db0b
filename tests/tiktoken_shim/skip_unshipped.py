"""A pytest plugin for tiktoken's suite run against toklab: a test that needs an encoding toklab does not
ship (p50k_base, p50k_edit, ...) is reported as skipped, with the reason, instead of failed.

Only toklab's UnknownEncoding turns into a skip; every other failure stays a failure. The header line
says which `tiktoken` the run imported, so the caller can check it is the shim.
"""

import pytest

import tiktoken
from toklab.registry import UnknownEncoding


def pytest_report_header(config):
    return f"tiktoken from {tiktoken.__file__}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    outcome = yield
    error = outcome.excinfo[1] if outcome.excinfo else None
    if isinstance(error, UnknownEncoding):
        outcome.force_exception(pytest.skip.Exception(f"toklab does not ship this encoding: {error}", _use_item_location=True))
