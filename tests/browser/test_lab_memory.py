"""The lab in Chromium when a student's code takes all the memory or crashes Python: a clear message,
and a fresh worker. The tests share one booted page (conftest's `booted`): what they break is the
lab's worker, which every Run replaces, never the page's engine.

Two ways to ask for too much: one request larger than a 32-bit memory can address, and a loop that
keeps growing a list until the memory may grow no more; and one crash, a recursion that overflows the
JavaScript stack (a fatal error of Pyodide). Each ends with an error result that says what happened;
the next Run works, and the engine's lessons keep answering meanwhile.
"""

from __future__ import annotations

import pytest
from conftest import shared_page_fixtures
from lab_solutions import solution
from test_lab import LAB_READY_MS, RESULT, encode_answers, open_lab, paste, run_and_wait

# One booted page for the module: each test opens the lab by hash, and each Run gets a fresh lab worker.
open_app, page, console_errors = shared_page_fixtures()

READY = '[data-testid="lab-status"][data-state="ready"]'
TRIES = 4

# Notes how the next run ends (error or timeout): the result box is the lesson's own, kept across runs.
WATCH_END = """() => {
    const box = document.querySelector('[data-testid="run-result"]');
    window.__endObserver?.disconnect();
    window.__ends = [];
    window.__endObserver = new MutationObserver(() => {
        if (["error", "timeout"].includes(box.dataset.state)) window.__ends.push(box.dataset.state);
    });
    window.__endObserver.observe(box, { attributes: true, attributeFilter: ["data-state"] });
}"""


def run_until_it_fails(page):
    """Runs the pasted code until it ends in an error; the result box.

    What these answers do (grow the memory, overflow the stack, close the worker) takes a second or
    two of work on a quiet machine, and the lab stops any run after 5 s of the page's clock: on a
    loaded one the limit may come first, and the page rightly says so (test_lab.py's timeout test
    checks that message). Such a run decides nothing; the next one gets a fresh worker, up to TRIES.
    """
    for _ in range(TRIES):
        page.wait_for_selector(READY, timeout=LAB_READY_MS)
        page.evaluate(WATCH_END)
        page.get_by_test_id("run-code").click()
        page.wait_for_function("() => window.__ends.length > 0", timeout=60_000)
        if page.evaluate("window.__ends[0]") == "error":
            return page.locator(RESULT)
    pytest.fail(f"each of {TRIES} runs reached the lab's time limit first", pytrace=False)


def test_running_out_of_memory_says_so_and_the_next_run_works(open_app, screenshot):
    page = open_lab(open_app)

    # One allocation larger than a 32-bit memory can address: Python refuses the size itself, as an
    # error at the student's line.
    paste(page, solution("wrong", "get_stats_huge"))
    run_and_wait(page, "error")
    assert page.get_by_test_id("result-summary").get_attribute("data-kind") == "run"
    assert page.get_by_test_id("result-message").inner_text().startswith("OverflowError")
    assert page.get_by_test_id("result-trace").locator("li").last.get_attribute("data-line") == "3"
    page.wait_for_selector(READY, timeout=LAB_READY_MS)
    paste(page, solution("right", "get_stats"))
    run_and_wait(page, "passed")

    # Memory that grows until it can grow no more: Python's MemoryError at the student's loop (the lab's
    # Python may grow by a bounded amount, so this comes well before the time limit), then a fresh worker.
    # (Every run gets a fresh worker: the one after the passed run is ready first.)
    page.wait_for_selector(READY, timeout=LAB_READY_MS)
    paste(page, solution("wrong", "get_stats_grows"))
    result = run_until_it_fails(page)
    assert page.get_by_test_id("result-summary").get_attribute("data-kind") == "memory"
    assert "more memory than the page can give (MemoryError)" in result.inner_text()
    assert "A fresh Python is starting" in result.inner_text()
    screenshot(page, "out-of-memory")
    encode_answers(page)
    page.wait_for_selector(READY, timeout=LAB_READY_MS)
    paste(page, solution("right", "get_stats"))
    run_and_wait(page, "passed")


def test_a_crashed_python_is_replaced_and_the_next_run_works(open_app):
    page = open_lab(open_app, "lesson=lab&lang=zh")
    # A recursion deeper than the JavaScript stack: a fatal error of Pyodide, which leaves that Python
    # unusable; the page says so in the page's language and starts another.
    paste(page, solution("wrong", "get_stats_crashes"))
    result = run_until_it_fails(page)
    assert page.get_by_test_id("result-summary").get_attribute("data-kind") == "crash"
    assert "正在启动新的 Python" in result.inner_text()
    encode_answers(page)
    page.wait_for_selector(READY, timeout=LAB_READY_MS)
    paste(page, solution("right", "get_stats"))
    run_and_wait(page, "passed")


def test_code_that_fills_javascripts_memory_finds_no_javascript_and_the_next_run_works(open_app):
    page = open_lab(open_app)
    paste(page, solution("wrong", "get_stats_js_memory"))
    # At once, at its own line: the lab's Python has no `js` (toklab_lab.nojs), so no JavaScript memory
    # is filled outside the cap on Python's own.
    run_and_wait(page, "error")
    message = page.get_by_test_id("result-message").inner_text()
    assert message.startswith("ModuleNotFoundError") and "no JavaScript" in message
    assert page.get_by_test_id("result-trace").locator("li").first.get_attribute("data-line") == "3"
    page.wait_for_selector(READY, timeout=LAB_READY_MS)
    paste(page, solution("right", "get_stats"))
    run_and_wait(page, "passed")
