"""A time budget per request (issue 41, B5): the engine answers every request within its budget or with
the declared error `over_budget`, and goes on answering.

(a+)+$ is refused when a tokenizer.json is read (toklab.hf._config.nested_repeat), but a pattern such as
(a|aa)+$ backtracks as badly (2^40 tries on "a" * 40 + "b") and passes that check, as others would. In
the page's worker Python is interrupted once the request's budget is spent (toklab.budget, with the
worker's clock; tests/browser/test_budget.py runs that for real); here the clock is a stand-in that
records what was armed, and the interrupt is the KeyboardInterrupt Pyodide raises."""

import json

import pytest

from toklab import budget, protocol, webapi
from toklab.hf import Tokenizer

# A tokenizer.json whose Split pattern passes the nested-repeat check and never ends on "a" * 40 + "b".
BACKTRACKS = json.dumps({
    "pre_tokenizer": {"type": "Split", "pattern": {"Regex": "(a|aa)+$"}, "behavior": "Isolated", "invert": False},
    "model": {"type": "WordLevel", "vocab": {"ab": 0, "b": 1, "[UNK]": 2}, "unk_token": "[UNK]"},
})  # fmt: skip


class Clock:
    """The worker's clock as Python sees it: arm(ms), arm(0) to take the deadline away."""

    def __init__(self):
        self.armed = []

    def arm(self, ms):
        self.armed.append(ms)


@pytest.fixture
def clock():
    c = Clock()
    budget.use_clock(c)
    yield c
    budget.use_clock(None)


def test_the_pattern_passes_the_file_check():
    """What the budget is for: a file toklab reads whose pattern costs without bound."""
    assert Tokenizer.from_str(BACKTRACKS).encode("ab").ids == [0]


def test_a_request_interrupted_past_its_budget_is_a_declared_error_and_the_engine_goes_on(monkeypatch, clock):
    def interrupted(**_):  # what Pyodide raises inside re's matching loop once the worker's clock has run out
        raise KeyboardInterrupt

    handlers = {**webapi.HANDLERS, "hf_compare": interrupted}
    monkeypatch.setattr(webapi, "HANDLERS", handlers)
    payload = json.dumps({"tokenizer_json": BACKTRACKS, "text": "a" * 40 + "b"})
    got = json.loads(webapi.handle("hf_compare", payload))
    assert got["ok"] is False and got["error"]["code"] == "over_budget"
    assert got["error"]["params"] == {"seconds": protocol.REQUEST_BUDGET_MS // 1000}
    # armed with the whole budget for the request, and taken away after it
    assert clock.armed == [protocol.REQUEST_BUDGET_MS, 0]
    monkeypatch.setattr(webapi, "HANDLERS", {**handlers, "hf_compare": webapi.hf_compare})
    again = json.loads(webapi.handle("hf_compare", json.dumps({"tokenizer_json": BACKTRACKS, "text": "ab"})))
    assert again["ok"] is True and again["result"]["rows"][0]["n_tokens"] == 1


def test_a_budget_of_its_own_and_the_table_load_not_counted(clock):
    """The page may give a request its own budget; a table loaded for it restarts the clock."""
    got = json.loads(webapi.handle("overview", json.dumps({"text": "hi", "encoding": "r50k_base"}), None, 500))
    assert got["ok"] is True
    assert clock.armed == [500, 500, 0]  # armed, restarted once the table was there, taken away


def test_a_sliced_request_past_its_budget_ends_with_the_declared_error(monkeypatch, clock):
    def steps(**_):
        yield {"read": 0, "texts": 0}
        raise KeyboardInterrupt

    monkeypatch.setitem(webapi.SLICED, "train_hf", steps)
    job = webapi.start("train_hf", json.dumps({"corpus": "ab"}), 250)
    first = json.loads(job.run(1000))
    assert first["ok"] is False and first["error"]["code"] == "over_budget" and first["error"]["params"] == {"seconds": 0.25}
    assert clock.armed == [250, 0]
