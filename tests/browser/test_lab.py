"""The lab lesson in Chromium: a student types Python into the editor, presses Run and reads the result.

One test per result state (passed, failed, error, timeout); the timeout test also shows the rest of the
app still answering. The code a test enters comes from tests/lab_solutions/ (pasted, as a student
pastes) or is typed key by key; expected answers come from toklab's catalog and from Python here.
The tests share one booted page (conftest's `booted`), and with it the page's one lab worker.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from urllib.parse import quote

import pytest
from conftest import press_tool, shared_page_fixtures, wait_settled
from playwright.sync_api import expect
from lab_solutions import solution

open_app, page, console_errors = shared_page_fixtures()

ROOT = Path(__file__).resolve().parents[2]
LAB_READY_MS = 120_000
RESULT = '[data-testid="run-result"]'


def open_lab(open_app, fragment: str = "lesson=lab", drawn: bool = True):
    """The lab on `fragment`, its exercise drawn (drawn=False: a test that holds the catalog back) and its
    Python ready."""
    page = open_app(fragment)
    if drawn:
        wait_settled(page)  # the exercise is drawn and its code in the editor (the catalog came)
    page.wait_for_selector('[data-testid="lab-status"][data-state="ready"]', timeout=LAB_READY_MS)
    return page


def editor_text(page) -> str:
    """The editor's lines as text (innerText would add a newline for each empty line's <br>)."""
    return page.get_by_test_id("code-editor").evaluate(
        "(content) => [...content.querySelectorAll('.cm-line')].map((line) => line.textContent).join('\\n')")


def paste(page, code: str) -> None:
    """Select everything in the editor and paste `code` over it (Ctrl+A, Ctrl+V from the clipboard)."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.evaluate("(text) => navigator.clipboard.writeText(text)", code)
    page.get_by_test_id("code-editor").click()
    page.keyboard.press("Control+a")
    page.keyboard.press("Control+v")


SEEN = """() => {
    const at = (selector, name) => document.querySelector(selector)?.getAttribute(name);
    return {result: at('[data-testid="run-result"]', "data-state"), lab: at('[data-testid="lab-status"]', "data-state"),
            run_disabled: document.querySelector('[data-testid="run-code"]')?.disabled,
            asked: at('[data-testid="lesson-root"]', "data-asked"), settled: at('[data-testid="lesson-root"]', "data-settled"),
            hash: location.hash.slice(0, 120)};
}"""


def run_and_wait(page, state: str, timeout_ms: int = 60_000):
    page.get_by_test_id("run-code").click()
    try:
        page.wait_for_selector(f'{RESULT}[data-state="{state}"]', timeout=timeout_ms)
    except Exception as e:  # what the page showed, for the failure's report (a Run once showed nothing in CI)
        raise AssertionError(f"no {state!r} result after Run; the page: {page.evaluate(SEEN)}") from e
    return page.locator(RESULT)


def encode_answers(page) -> None:
    """The engine's worker still answers: encode shows GPT-2's ids of "tokenization"; then back to the lab."""
    page.get_by_test_id("lesson-tab-encode").click()
    box = page.get_by_test_id("text-input")
    box.fill("")
    box.type("tokenization")
    page.wait_for_function("() => document.querySelector('[data-testid=\"token-ids\"]')?.textContent.includes('30001, 1634')")
    page.get_by_test_id("lesson-tab-lab").click()


def catalog(dist_dir: Path) -> dict:
    data = json.loads((dist_dir / "lab" / "catalog.json").read_text(encoding="utf-8"))
    return {entry["id"]: entry for entry in data["exercises"]}


def test_lab_opens_on_counting_pairs_with_its_stub_tests_and_keyboard_note(open_app, dist_dir):
    page = open_lab(open_app)
    entry = catalog(dist_dir)["get_stats"]
    assert page.get_by_test_id("lab-exercise-get_stats").get_attribute("aria-current") == "step"
    assert editor_text(page).strip() == entry["stub"].strip()
    shown = page.get_by_test_id("lab-shown").locator("li")
    assert shown.count() == len(entry["shown"]) == 3
    first = shown.first.inner_text()
    ids = [1, 2, 3, 1, 2]
    assert f"get_stats({ids})" in first and repr(dict(Counter(zip(ids, ids[1:])))) in first
    body = page.locator("main").inner_text()
    assert "Esc, then Tab" in body and "Tab indents" in body
    assert page.locator(RESULT).get_attribute("data-state") == "idle"
    editor = page.get_by_test_id("code-editor")
    assert editor.get_attribute("contenteditable") == "true"
    assert editor.get_attribute("aria-label") == "Your code for get_stats()"


def test_a_chinese_page_starts_with_chinese_comments_and_the_same_judge(open_app, dist_dir):
    entry = catalog(dist_dir)["get_stats"]
    page = open_lab(open_app, "lesson=lab&lang=zh")
    page_editor = page.get_by_test_id("code-editor")

    def shows(stub: str) -> None:
        expect(page_editor).to_contain_text(stub.splitlines()[1].strip())  # the docstring's first line
        assert editor_text(page).strip() == stub.strip()

    assert entry["stub_zh"] != entry["stub"]
    shows(entry["stub_zh"])
    # Untouched starting code follows the language; the checks are the same either way.
    page.get_by_test_id("lang-en").click()
    shows(entry["stub"])
    assert "src=" not in page.url
    page.get_by_test_id("lang-zh").click()
    shows(entry["stub_zh"])
    result = run_and_wait(page, "failed")
    expect(result).to_contain_text("get_stats([1, 2, 3, 1, 2])")


def test_run_waits_for_the_exercise_then_checks_it(open_app, booted):
    """Run is there before the exercises' catalog has come; pressed then it had nothing to check and did
    nothing. It stays disabled until the exercise is shown."""
    held = []
    catalog = re.compile(r".*/lab/catalog\.json(\?.*)?$")
    booted.context.route(catalog, lambda route: held.append(route))
    try:
        page = open_lab(open_app, "lesson=lab&ex=get_stats", drawn=False)
        expect(page.get_by_test_id("run-code")).to_be_disabled()
        assert len(held) == 1
        held[0].continue_()
    finally:
        booted.context.unroute(catalog)
    expect(page.get_by_test_id("run-code")).to_be_enabled()
    assert run_and_wait(page, "failed").is_visible()  # the starting code returns {}: the first test fails


def test_passed_typing_get_stats_key_by_key(open_app, screenshot):
    page = open_lab(open_app)
    page.get_by_test_id("code-editor").click()
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    # Typed as a person types: the editor indents after each colon and closes brackets; Shift+Tab dedents.
    for line in ["def get_stats(ids):", "counts = {}", "for pair in zip(ids, ids[1:]):", "counts[pair] = counts.get(pair, 0) + 1"]:
        page.keyboard.type(line)
        page.keyboard.press("Enter")
    page.keyboard.press("Shift+Tab")
    page.keyboard.type("return counts")
    assert editor_text(page).splitlines() == [
        "def get_stats(ids):", "    counts = {}", "    for pair in zip(ids, ids[1:]):",
        "        counts[pair] = counts.get(pair, 0) + 1", "    return counts"]
    result = run_and_wait(page, "passed")
    total = page.evaluate("() => fetch('lab/catalog.json').then(r => r.json()).then(c => c.exercises[0].total)")
    assert f"All {total} tests pass" in result.inner_text()
    step = page.get_by_test_id("lab-exercise-get_stats")
    assert step.get_attribute("data-state") == "passed"
    screenshot(page, "passed")
    # The session keeps the code and the progress: a reload shows both, and nothing runs by itself.
    page.reload()
    page.wait_for_selector('[data-testid="code-editor"]')
    assert "return counts" in editor_text(page)
    assert page.get_by_test_id("lab-exercise-get_stats").get_attribute("data-state") == "passed"
    assert page.locator(RESULT).get_attribute("data-state") == "idle"


def test_failed_shows_the_first_failing_input_expected_and_got_with_no_serious_axe_violations(open_app, screenshot, axe_violations):
    page = open_lab(open_app)
    paste(page, solution("wrong", "get_stats_no_overlap"))
    result = run_and_wait(page, "failed")
    ids = [1, 2, 3, 1, 2]
    assert page.get_by_test_id("result-call").inner_text() == f"get_stats({ids})"
    assert page.get_by_test_id("result-expected").inner_text() == repr(dict(Counter(zip(ids, ids[1:]))))
    assert page.get_by_test_id("result-got").inner_text() == repr({(1, 2): 1, (3, 1): 1})
    assert "Test 1 of" in result.inner_text()
    screenshot(page, "failed")
    # The lab with a failed result on it, the fullest it gets (this Run serves both checks: a Run boots a lab worker).
    serious = [v for v in axe_violations(page) if v["impact"] in ("serious", "critical")]
    assert serious == [], [(v["id"], [n["target"] for n in v["nodes"]]) for v in serious]


def test_failed_on_a_generated_input_says_so(open_app, dist_dir):
    page = open_lab(open_app, "lesson=lab&ex=encode")
    paste(page, solution("wrong", "encode_leftmost"))
    run_and_wait(page, "failed")
    assert page.get_by_test_id("result-call").inner_text() == "encode('aaaa', merges)"
    assert page.get_by_test_id("result-got").inner_text() == "[257, 97]"
    expected = [s["expected"] for s in catalog(dist_dir)["encode"]["shown"] if s["call"] == "encode('aaaa', merges)"]
    assert page.get_by_test_id("result-expected").inner_text() == expected[0]


def test_error_a_syntax_error_points_at_the_students_line(open_app, screenshot):
    page = open_lab(open_app)
    page.get_by_test_id("code-editor").click()
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    page.keyboard.type("def get_stats(ids)")  # no colon
    page.keyboard.press("Enter")
    page.keyboard.type("return {}")
    result = run_and_wait(page, "error")
    assert "line 1" in result.inner_text()
    line = page.get_by_test_id("result-line")
    assert line.get_attribute("data-line") == "1"
    assert line.inner_text().startswith("1 | def get_stats(ids)")
    assert page.get_by_test_id("result-message").inner_text().startswith("SyntaxError")
    screenshot(page, "syntax")


def test_error_a_traceback_shows_only_the_students_lines(open_app):
    page = open_lab(open_app)
    code = solution("wrong", "get_stats_raises")
    paste(page, code)
    run_and_wait(page, "error")
    assert page.get_by_test_id("result-message").inner_text() == "IndexError: list index out of range"
    frames = page.get_by_test_id("result-trace").locator("li")
    lines = code.splitlines()
    assert frames.count() == 2
    for k in range(2):
        n = int(frames.nth(k).get_attribute("data-line"))
        assert lines[n - 1].strip() in frames.nth(k).inner_text()
    text = page.locator(RESULT).inner_text()
    assert "toklab_lab" not in text and "harness" not in text and "get_stats([1, 2, 3, 1, 2])" in text


def test_error_code_cannot_reach_the_network(open_app, booted):
    page = open_lab(open_app)
    requests_seen = booted.requests_seen
    paste(page, solution("wrong", "get_stats_fetches"))
    run_and_wait(page, "error")
    assert page.get_by_test_id("result-message").inner_text().startswith("ModuleNotFoundError")  # no `js` at all
    # A request the code had made would have been seen (Playwright's request event) before its failure
    # came back as this result: the events of one connection arrive in order.
    assert not [url for url in requests_seen if "lab-probe" in url]


def test_printed_output_is_shown_and_capped(open_app):
    page = open_lab(open_app)
    paste(page, solution("wrong", "get_stats_prints"))
    run_and_wait(page, "passed")
    output = page.get_by_test_id("run-output-text").inner_text()
    assert output.startswith("pair (1, 2)\npair (2, 3)")
    assert len(output) <= 4000
    assert page.get_by_test_id("run-output").get_by_text("Only the first").is_visible()


def test_timeout_stops_the_loop_and_the_rest_of_the_app_keeps_answering(open_app, screenshot):
    page = open_lab(open_app)
    paste(page, solution("wrong", "get_stats_forever"))
    page.get_by_test_id("code-editor").click()
    page.keyboard.press("Control+End")  # the caret where the typing goes, before the Run
    # The run's state as the page saw it when the typing reached the editor (read in the page: a test's
    # own round trips can take longer than the run's 5 s on a loaded machine).
    page.evaluate(f"""() => document.addEventListener("beforeinput", () => {{
        window.__stateWhenTyped ??= document.querySelector('{RESULT}').dataset.state;
    }}, {{ capture: true }})""")
    page.get_by_test_id("run-code").click()
    page.wait_for_selector(f'{RESULT}[data-state="running"]')
    # While the loop runs, the page answers: the editor takes typing at once.
    page.get_by_test_id("code-editor").focus()
    page.keyboard.insert_text("\n# still typing")
    assert "# still typing" in editor_text(page)
    assert page.evaluate("() => window.__stateWhenTyped") == "running"
    result = page.wait_for_selector(f'{RESULT}[data-state="timeout"]', timeout=30_000)
    assert "Stopped after 5 seconds" in result.inner_text()
    screenshot(page, "timeout")
    # The engine's worker never noticed: encode answers with GPT-2's ids. Back in the lab, the code is
    # kept, and a fresh Python runs the next attempt.
    encode_answers(page)
    page.wait_for_selector('[data-testid="lab-status"][data-state="ready"]', timeout=LAB_READY_MS)
    assert "# still typing" in editor_text(page)
    paste(page, solution("right", "get_stats"))
    run_and_wait(page, "passed")


def test_code_from_a_link_waits_for_run(open_app):
    code = solution("right", "merge")
    page = open_lab(open_app, f"lesson=lab&ex=merge&code={quote(code)}")
    assert page.get_by_test_id("lab-from-link").is_visible()
    assert editor_text(page).strip() == code.strip()
    # The lab is ready and the code is in the editor: a run that started by itself would show by now,
    # after the page's next two frames and a task.
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0))))")
    assert page.locator(RESULT).get_attribute("data-state") == "idle"
    run_and_wait(page, "passed")
    assert page.get_by_test_id("lab-from-link").is_hidden()


def test_share_puts_the_code_in_a_link(open_app, fresh_app, app_server):
    page = open_lab(open_app)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app_server.origin)
    paste(page, solution("right", "get_stats"))
    page.get_by_test_id("share-code").click()
    page.wait_for_selector('[data-testid="lab-flash"]:has-text("Link copied")')
    link = page.evaluate("() => navigator.clipboard.readText()")
    assert link.startswith(app_server.url + "#") and "lesson=lab" in link
    other = fresh_app(link.split("#", 1)[1], wait_ready=False)  # another tab
    other.wait_for_selector('[data-testid="code-editor"]', timeout=LAB_READY_MS)
    assert editor_text(other).strip() == solution("right", "get_stats").strip()


def test_keyboard_tab_indents_escape_then_tab_leaves_ctrl_enter_runs(open_app):
    page = open_lab(open_app)
    editor = page.get_by_test_id("code-editor")
    editor.click()
    page.keyboard.press("Control+Home")
    page.keyboard.press("Tab")
    assert editor_text(page).startswith("    def get_stats")
    assert page.evaluate("() => document.activeElement.closest('.lab-editor') !== null")
    page.keyboard.press("Control+z")
    assert editor_text(page).startswith("def get_stats")
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.dataset.testid")
    assert focused == "run-code"
    editor.click()
    page.keyboard.press("Control+Home")
    page.keyboard.type("?")  # a character in the code, not the app's key for its help
    assert editor_text(page).startswith("?def get_stats")
    assert page.get_by_test_id("help").is_hidden()
    page.keyboard.press("Backspace")
    page.keyboard.press("Control+Enter")
    page.wait_for_selector(f'{RESULT}[data-state="failed"]', timeout=60_000)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_screenshots(open_app, screenshot, console_errors, lang):
    """One Run (a lab worker's boot each) shown at a desktop's and a phone's width, plain and projected."""
    page = open_lab(open_app, f"lesson=lab&lang={lang}")
    paste(page, solution("wrong", "get_stats_no_overlap"))
    run_and_wait(page, "failed")
    if lang == "zh":
        assert "调用" in page.locator(RESULT).inner_text()
        assert re.search("[\u4e00-\u9fff]", page.get_by_test_id("lab-prompt").inner_text())
    projector = page.get_by_test_id("projector-toggle")
    for width, height in [(1280, 800), (390, 844)]:
        page.set_viewport_size({"width": width, "height": height})
        expect(page.locator(RESULT)).to_have_attribute("data-state", "failed")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width + 1
        screenshot(page, f"{lang}-{width}x{height}")
        press_tool(page, "projector-toggle")  # a phone folds the teacher's tools under one button (issue 37)
        expect(projector).to_have_attribute("aria-pressed", "true")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width + 1
        screenshot(page, f"{lang}-{width}x{height}-projector")
        press_tool(page, "projector-toggle")
        expect(projector).to_have_attribute("aria-pressed", "false")
    assert console_errors == []


LONG_CODE = solution("right", "get_stats") + "# " + "my own notes " * 640 + "\n"  # over the link's 8,000 characters
MINE = "my own notes my own notes"  # a part of LONG_CODE a link's code does not have
EDITOR_HAS = ("([content, want, not]) => { const text = [...content.querySelectorAll('.cm-line')]"
              ".map((line) => line.textContent).join('\\n'); return text.includes(want) && !text.includes(not); }")


def wait_for_code(page, part: str, not_part: str) -> None:
    """Waits until the editor's lines on screen hold `part` and not `not_part` (the editor draws only the
    lines in view, and lives where document.querySelector does not look)."""
    page.wait_for_function(EDITOR_HAS, arg=[page.get_by_test_id("code-editor").element_handle(), part, not_part])


def test_share_says_when_the_link_cannot_hold_the_code(open_app, app_server):
    page = open_lab(open_app)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app_server.origin)
    paste(page, LONG_CODE)
    page.get_by_test_id("share-code").click()
    page.wait_for_selector('[data-testid="lab-flash"]:has-text("without your code")')
    link = page.evaluate("() => navigator.clipboard.readText()")
    assert "lesson=lab" in link and "src=" not in link
    page.get_by_test_id("reset-code").click()


def test_a_link_s_code_does_not_replace_the_student_s_own_which_one_press_brings_back(open_app):
    """Code over 8,000 characters lives only in the tab's storage: a link opened in the same tab shows its
    own code and keeps the student's apart, offered back (it once replaced the only copy)."""
    page = open_lab(open_app)
    paste(page, LONG_CODE)
    wait_for_code(page, MINE, "# from a link")
    own = page.get_by_test_id("lab-own-code")
    expect(own).to_be_hidden()
    linked = solution("right", "get_stats").replace("def get_stats", "# from a link\ndef get_stats")
    page.evaluate("(hash) => { location.hash = hash; }", "lesson=lab&src=" + quote(linked))
    wait_for_code(page, "# from a link", MINE)
    assert page.get_by_test_id("lab-from-link").is_visible()
    expect(own).to_be_visible()
    own.click()
    wait_for_code(page, MINE, "# from a link")
    expect(own).to_be_hidden()
    page.reload()
    page.wait_for_selector('[data-testid="code-editor"]', timeout=LAB_READY_MS)
    wait_for_code(page, MINE, "# from a link")
    page.get_by_test_id("reset-code").click()


def test_full_storage_with_code_longer_than_a_link_is_said(open_app):
    page = open_lab(open_app)
    page.evaluate("""() => {
        const real = Storage.prototype.setItem;
        window.__restoreStorage = () => { Storage.prototype.setItem = real; };
        Storage.prototype.setItem = function () { throw new DOMException("full", "QuotaExceededError"); };
    }""")
    try:
        paste(page, LONG_CODE)
        page.wait_for_selector('[data-testid="lab-flash"]:has-text("storage is full")')
    finally:
        page.evaluate("() => window.__restoreStorage()")
    page.get_by_test_id("reset-code").click()
