"""The lab's seal, tried from inside: student code, pasted into the real page and run with the Run button,
tries every way out of its worker it knows (tests/lab_solutions/attacks/), on a host that sends the
page's Content-Security-Policy header and on one that sends no header at all.

Each attempt must fail at once, no request it would make may reach the server or leave the browser, the
page's caches must stay as they were, and an answer posted by student code must change nothing: the
page shows the real failure and keeps no progress. Code that attacks the checking itself (patching it,
answers equal to anything, a fake verdict, results without end) is judged failing by the page, and a
right answer still passes after all of them.
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest
from lab_solutions import SOLUTIONS, solution

from conftest import keep_to_origin, wait_until_ready  # tests/browser is on sys.path
from test_lab import RESULT, open_lab, paste, run_and_wait

from tools.server import StaticHandler

ATTACKS = SOLUTIONS / "attacks"
MARKER = "sandbox-probe"
PAGE_CACHES = "async () => { const names = await caches.keys(); return names.sort(); }"


def attack(name: str) -> str:
    return (ATTACKS / f"{name}.py").read_text(encoding="utf-8")


class BareHandler(StaticHandler):
    """build.py's handler without the policy header, as a static host that sends no headers serves."""

    def end_headers(self) -> None:
        http.server.SimpleHTTPRequestHandler.end_headers(self)


@pytest.fixture
def bare_server(dist_dir: Path):
    requests: list[str] = []
    handler = type("Handler", (BareHandler,), {"requests_seen": requests})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(dist_dir)))
    server.daemon_threads = True
    server.requests = requests
    server.origin = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(params=["policy header", "no headers"])
def host(request, app_server, browser):
    """(open_lab() -> page, the server's recorded paths, every URL the browser asked for) on each host."""
    if request.param == "policy header":
        open_app = request.getfixturevalue("open_app")
        context = request.getfixturevalue("context")
        return (lambda: open_lab(open_app)), app_server.requests, context.requests_seen
    server = request.getfixturevalue("bare_server")
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    request.addfinalizer(context.close)
    context.add_init_script(script="delete Navigator.prototype.serviceWorker;")
    context.requests_seen = []
    context.on("request", lambda r: context.requests_seen.append(r.url))
    keep_to_origin(context, server.origin)

    def open_bare():
        page = context.new_page()
        page.goto(server.origin + "/#lesson=lab")
        wait_until_ready(page)
        page.wait_for_selector('[data-testid="lab-status"][data-state="ready"]', timeout=120_000)
        return page

    return open_bare, server.requests, context.requests_seen


def output(page) -> dict[str, str]:
    lines = page.get_by_test_id("run-output-text").inner_text().splitlines()
    return dict(line.split(": ", 1) for line in lines if ": " in line)


def test_student_code_finds_no_way_out_of_the_lab(host):
    open_page, server_requests, browser_requests = host
    page = open_page()
    caches_before = page.evaluate(PAGE_CACHES)
    paste(page, attack("escape"))
    run_and_wait(page, "failed")
    tried = output(page)
    assert len(tried) >= 30, tried
    assert {name: verdict for name, verdict in tried.items() if not verdict.startswith("blocked")} == {}
    assert {"import js", "import pyodide.ffi", "import _pyodide_core", "a module's variables"} <= set(tried)

    # Every run gets a fresh Python in a fresh worker: what it left behind (its pending promises, noted
    # in builtins) is gone with its worker, and the next run finds nothing of it.
    paste(page, attack("settled"))
    run_and_wait(page, "failed")
    assert output(page) == {"escape.py": "not run"}

    assert [path for path in server_requests if MARKER in path] == []
    assert [url for url in browser_requests if MARKER in url] == []
    assert page.evaluate(PAGE_CACHES) == caches_before


def test_a_forged_answer_posted_by_student_code_changes_nothing(open_app):
    page = open_lab(open_app)
    paste(page, attack("forge"))
    result = run_and_wait(page, "failed")
    assert "get_stats([1, 2, 3, 1, 2])" in result.inner_text()
    assert "pass" not in page.get_by_test_id("result-summary").inner_text().lower()
    assert page.evaluate("() => JSON.parse(sessionStorage.getItem('toklab.lab.get_stats')).state") == "failed"
    # Later runs are not answered by anything it posted either.
    paste(page, attack("settled"))
    run_and_wait(page, "failed")
    assert page.locator(RESULT).get_attribute("data-state") == "failed"


ATTACKED = '[data-testid="run-result"][data-state="failed"], [data-testid="run-result"][data-state="error"]'


def test_attacks_on_the_checker_are_judged_failing_and_a_right_answer_then_passes(open_app):
    page = open_lab(open_app)
    progress = "() => JSON.parse(sessionStorage.getItem('toklab.lab.get_stats') || 'null')?.state ?? null"
    seen = {}
    for name in ("patch_checker", "eq_always", "builtins_patch", "exits", "huge", "generator"):
        paste(page, attack(name))
        page.get_by_test_id("run-code").click()
        page.wait_for_selector(ATTACKED, timeout=60_000)
        summary = page.get_by_test_id("result-summary").inner_text()
        seen[name] = page.locator(RESULT).get_attribute("data-state")
        assert "tests pass" not in summary, (name, summary)
        assert page.evaluate(progress) in ("failed", "error"), name
        assert page.get_by_test_id("lab-exercise-get_stats").get_attribute("data-state") != "passed", name
        if name == "eq_always":
            assert page.get_by_test_id("result-got").inner_text() == "{}"
        if name in ("huge", "generator"):
            assert page.get_by_test_id("result-not-plain").inner_text() == \
                "Your function did not return a dict of {(int, int): int}, so it cannot equal the answer, whatever == says."
        if name == "exits":
            assert "All 72 tests pass" in page.get_by_test_id("run-output-text").inner_text()
            assert page.get_by_test_id("result-message").inner_text().startswith("SystemExit")
    assert seen == {"patch_checker": "error", "eq_always": "failed", "builtins_patch": "error", "exits": "error",
                    "huge": "failed", "generator": "failed"}
    paste(page, solution("right", "get_stats"))
    run_and_wait(page, "passed")
    assert page.evaluate(progress) == "passed"
    assert page.get_by_test_id("lab-exercise-get_stats").get_attribute("data-state") == "passed"
