"""A time budget per request, in the page's worker (issue 41, B5): a tokenizer.json whose Split pattern
backtracks without end on a text ((a|aa)+$ on "a" * 40 + "b": it passes the nested-repeat check made
when the file is read) is stopped by the worker's clock once the request's budget is spent. The answer
is the declared error `over_budget`, the engine stays ready (no timeout, no restart, nothing the worker
held is lost: the opened file still answers the next text)."""

from __future__ import annotations

import json

from conftest import shared_page_fixtures

open_app, page, console_errors = shared_page_fixtures()  # the tests share one booted page (conftest)

BACKTRACKS = json.dumps({
    "pre_tokenizer": {"type": "Split", "pattern": {"Regex": "(a|aa)+$"}, "behavior": "Isolated", "invert": False},
    "model": {"type": "WordLevel", "vocab": {"ab": 0, "b": 1, "[UNK]": 2}, "unk_token": "[UNK]"},
})  # fmt: skip

# A second engine (its own worker) on the shared page, driven through engine.mjs's own API. The budget is
# a second here (the page's default is REQUEST_BUDGET_MS); the request's timeout stays the page's 60 s.
ASK = """async ([file, slow]) => {
    const { createEngine } = await import("./engine.mjs");
    const engine = createEngine();
    const statuses = [];
    engine.onStatus(({ status, code }) => statuses.push([status, code]));
    await engine.ready;
    const opened = await engine.request("tokenizer_file", { json: file, name: "backtracks.json" });
    const stopped = await engine.request("model_row", { text: slow, encoding: "custom" }, { budgetMs: 1000 });
    const after = await engine.request("model_row", { text: "ab", encoding: "custom" });
    engine.terminate();
    return { opened: opened.ok || opened.error, stopped, after: after.ok ? after.result.ids : after, statuses };
}"""


def test_a_pattern_that_backtracks_without_end_is_stopped_by_the_budget_and_the_engine_goes_on(open_app):
    page = open_app("lesson=encode&lang=en&text=hi")
    got = page.evaluate(ASK, [BACKTRACKS, "a" * 40 + "b"])
    assert got["opened"] is True
    stopped = got["stopped"]
    assert stopped["ok"] is False and stopped["error"]["code"] == "over_budget", stopped
    assert stopped["error"]["params"] == {"seconds": 1}
    assert got["after"] == [0]  # the file opened before is still the engine's "custom" table
    assert ["error", "request_timeout"] not in got["statuses"] and all(s != "error" for s, _ in got["statuses"])
