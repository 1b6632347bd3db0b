"""The lab in Chromium when a student's code takes all the memory or crashes Python: a clear message,
and a fresh worker.

Two ways to ask for too much: one request larger than a 32-bit memory can address, and a loop that
keeps growing a list until the memory may grow no more; and one crash, a recursion that overflows the
JavaScript stack (a fatal error of Pyodide). Each ends with an error result that says what happened;
the next Run works, and the engine's lessons keep answering meanwhile.
"""

from __future__ import annotations

from lab_solutions import solution
from test_lab import LAB_READY_MS, RESULT, encode_answers, open_lab, paste, run_and_wait

READY = '[data-testid="lab-status"][data-state="ready"]'


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
    result = run_and_wait(page, "error", timeout_ms=30_000)
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
    result = run_and_wait(page, "error", timeout_ms=30_000)
    assert page.get_by_test_id("result-summary").get_attribute("data-kind") == "crash"
    assert "正在启动新的 Python" in result.inner_text()
    encode_answers(page)
    page.wait_for_selector(READY, timeout=LAB_READY_MS)
    paste(page, solution("right", "get_stats"))
    run_and_wait(page, "passed")


def test_code_that_closes_its_worker_is_told_at_once_and_the_next_run_works(open_app):
    page = open_lab(open_app)
    paste(page, solution("wrong", "get_stats_closes"))
    # Well within the 5 s time limit: the worker says it is closing before it goes.
    result = run_and_wait(page, "error", timeout_ms=4_000)
    assert page.get_by_test_id("result-summary").get_attribute("data-kind") == "closed"
    assert "Your code closed its own Python (js.close()" in result.inner_text()
    page.wait_for_selector(READY, timeout=LAB_READY_MS)
    paste(page, solution("right", "get_stats"))
    run_and_wait(page, "passed")
