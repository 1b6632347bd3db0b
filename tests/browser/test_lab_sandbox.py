"""The lab's seal, tried from inside: student code, pasted into the real page and run with the Run button,
tries every way out of its worker it knows (tests/lab_solutions/attacks/), on a host that sends the
page's Content-Security-Policy header and on one that sends no header at all.

Each attempt must fail at once, no request it would make may reach the server or leave the browser, the
page's caches must stay as they were, and an answer posted by student code must change nothing: the
page shows the real failure and keeps no progress.
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest
from lab_solutions import SOLUTIONS

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

    # The promises it started settle without reaching anything: run the report until none is pending.
    paste(page, attack("settled"))
    for _ in range(20):
        run_and_wait(page, "failed")
        settled = output(page)
        if "pending" not in settled.values():
            break
    assert settled in ({"loadPackage": "rejected"}, {"loadPackage": "resolved"}), settled

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
