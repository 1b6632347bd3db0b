"""The code view (issue 12): the engine's own Python beside the merge canvas and in Train, the line of
the step lit, the step's values as a debugger shows them.

Oracles: the files in py_src/toklab themselves (the lit line is that line of the file, and the line whose
`# step:` comment names the kind of step shown), Python's own repr() of the values the page's log and
canvas show, tiktoken for the rank of each merged pair, and toklab's trainer run here on CPython on the
corpus the page shows. One page is booted for the encode tests and the train tests share it.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from conftest import settled_after, wait_until_ready
from playwright.sync_api import expect

from toklab.bytes_unicode import UNICODE_TO_BYTE
from toklab.training import train_toy

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "py_src" / "toklab"
TEXT = "tokenization"
CURRENT = '[data-testid="code-line-current"]'


def file_line(path: str, number: int) -> str:
    return (PACKAGE / path).read_text(encoding="utf-8").splitlines()[number - 1]


def marked_lines(path: str, kind: str) -> list[int]:
    """The file's line numbers whose `# step:` comment names `kind`, read from the file here."""
    lines = (PACKAGE / path).read_text(encoding="utf-8").splitlines()
    return [n for n, line in enumerate(lines, 1) if re.search(rf"#\s*step:.*\b{kind}\b", line)]


def current_line(page, path: str) -> int:
    """The lit line's number, after checking that its text is exactly that line of the file."""
    current = page.locator(CURRENT)
    expect(current).to_have_count(1)
    number = int(current.get_attribute("data-line"))
    assert current.text_content() == file_line(path, number)
    return number


def var(page, name: str, when: str = "") -> str:
    return page.locator(f'[data-testid="code-var"][data-name="{name}"][data-when="{when}"] dd code').text_content()


@pytest.fixture(scope="module")
def shared(booted, app_server):
    """The module's booted page (conftest), opened once: the tests run in order on it."""
    page = booted.open(f"lesson=encode&text={TEXT}")
    page.origin_url = app_server.url
    return page


def go_to_step(page, k: int) -> None:
    page.get_by_test_id("scrubber").fill(str(k))
    expect(page.get_by_test_id("merge-canvas")).to_have_attribute("data-step", str(k))
    expect(page.get_by_test_id("merge-canvas")).to_have_attribute("data-animating", "false")


def test_encode_switch_by_click_and_keyboard_kept_in_the_url(shared):
    page = shared
    toggle = page.get_by_test_id("code-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_test_id("code-view")).to_be_hidden()
    assert "code=1" not in page.url
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("code-view")).to_be_visible()
    expect(page).to_have_url(re.compile(r"code=1"))
    expect(page.get_by_test_id("code-where")).to_contain_text("toklab.reference.lowest_rank_merge")
    expect(page.get_by_test_id("code-where")).to_contain_text("reference.py")
    expect(page.get_by_test_id("code-note")).to_contain_text("reference implementation")
    toggle.focus()  # Enter presses it (Space plays the steps everywhere but in text fields: the app's key)
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_test_id("code-view")).to_be_hidden()
    expect(page).not_to_have_url(re.compile(r"code=1"))
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("code-view")).to_be_visible()
    expect(page).to_have_url(re.compile(r"code=1"))


def test_encode_stepping_moves_the_line_and_the_values(shared, r50k_oracle):
    page = shared
    if page.get_by_test_id("code-toggle").get_attribute("aria-pressed") != "true":
        page.get_by_test_id("code-toggle").click()
    go_to_step(page, 0)
    assert current_line(page, "reference.py") in marked_lines("reference.py", "start")
    canvas = page.get_by_test_id("merge-canvas")
    total = int(canvas.get_attribute("data-total"))
    assert total == 10  # the hand-derived example: ten merges
    assert var(page, "symbols") == repr(json.loads(canvas.get_attribute("data-symbols")))
    before = json.loads(canvas.get_attribute("data-symbols"))
    merge_lines = marked_lines("reference.py", "merge")
    for k in (1, 2, 5, total):
        go_to_step(page, k)
        entry = page.locator('[data-testid="log-entry"][aria-current="step"]')
        assert entry.get_attribute("data-step") == str(k)
        left, right, merged = entry.locator(".sym").all_text_contents()
        rank = int(entry.get_attribute("data-rank"))
        assert current_line(page, "reference.py") in merge_lines
        assert var(page, "pair") == repr((left, right))
        assert var(page, "rank") == str(rank)
        # r50k: a merge's rank is its line in vocab.bpe, and the merged token's id is 256 + rank.
        assert r50k_oracle.encode_single_token(bytes(UNICODE_TO_BYTE[c] for c in merged)) == 256 + rank
        after = json.loads(canvas.get_attribute("data-symbols"))
        assert var(page, "symbols", "after") == repr(after)
        if k == 1:
            assert var(page, "symbols", "before") == repr(before)
        assert after[int(var(page, "i"))] == merged
        assert "".join(ast.literal_eval(var(page, "symbols", "before"))) == "".join(after) == TEXT
    assert page.errors == []


def test_encode_from_the_url_in_chinese_and_projector(shared):
    page = shared
    page.goto(f"{page.origin_url}#lesson=encode&text={quote('lower')}&code=1&step=2")
    page.reload()
    wait_until_ready(page)
    expect(page.get_by_test_id("code-view")).to_be_visible()
    expect(page.get_by_test_id("code-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("merge-canvas")).to_have_attribute("data-step", "2")
    line = current_line(page, "reference.py")
    assert line in marked_lines("reference.py", "merge")
    entry = page.locator('[data-testid="log-entry"][aria-current="step"]')
    left, right, _ = entry.locator(".sym").all_text_contents()
    assert var(page, "pair") == repr((left, right))
    page.get_by_test_id("lang-zh").click()
    expect(page.get_by_test_id("code-toggle")).to_have_text("显示 Python 代码")
    expect(page.get_by_test_id("code-view").locator("h3")).to_have_text("引擎的 Python 代码")
    expect(page.get_by_test_id("code-view")).to_contain_text("这一步的变量值")
    assert current_line(page, "reference.py") == line  # the code stays code
    page.get_by_test_id("projector-toggle").click()
    expect(page.locator("body.projector")).to_have_count(1)
    expect(page.get_by_test_id("code-view")).to_be_visible()
    assert current_line(page, "reference.py") == line
    page.get_by_test_id("projector-toggle").click()
    page.get_by_test_id("lang-en").click()
    expect(page.get_by_test_id("code-toggle")).to_have_text("Show the Python")


def test_a_piece_with_nothing_to_merge_is_at_the_return_line(shared):
    page = shared
    page.goto(f"{page.origin_url}#lesson=encode&text=a&code=1&ask=0")
    page.reload()
    wait_until_ready(page)
    expect(page.get_by_test_id("merge-canvas")).to_have_attribute("data-total", "0")
    assert current_line(page, "reference.py") in marked_lines("reference.py", "done")
    assert var(page, "symbols") == repr(["a"])


def test_no_serious_axe_violations_with_the_code_view_open(shared, axe_violations):
    page = shared
    expect(page.get_by_test_id("code-view")).to_be_visible()
    bad = [v for v in axe_violations(page) if v["impact"] in ("serious", "critical")]
    assert bad == [], [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]]) for v in bad]


def test_train_shows_the_training_loop_at_each_step(shared):
    page = shared
    # The train lesson is open before its toggle is looked for (encode's has the same test id).
    settled_after(page, page.get_by_test_id("lesson-tab-train").click)
    toggle = page.get_by_test_id("code-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "true")  # `code` is kept from encode, as `step` is
    toggle.click()
    expect(page.get_by_test_id("code-view")).to_be_hidden()
    expect(page).not_to_have_url(re.compile(r"code=1"))
    toggle.click()
    if page.get_by_test_id("first").is_enabled():  # `step` may be kept from encode too
        page.get_by_test_id("first").click()
    expect(page).to_have_url(re.compile(r"lesson=train.*code=1|code=1.*lesson=train"))
    expect(page.get_by_test_id("code-where")).to_contain_text("toklab.training.run_full")
    expect(page.get_by_test_id("code-note")).to_contain_text("This loop ran on your corpus")
    corpus = page.get_by_test_id("corpus-input").input_value()
    trained = train_toy(corpus)  # the page's default settings: characters, words, min_frequency 2
    assert trained["tables_shown"]
    expect(page.get_by_test_id("merge-list").get_by_test_id("merge-entry")).to_have_count(0)
    assert current_line(page, "training.py") in marked_lines("training.py", "start")
    forward = page.get_by_test_id("forward")
    merge_lines = marked_lines("training.py", "merge")
    for k, step in enumerate(trained["steps"], 1):
        forward.click()
        entry = page.locator('[data-testid="merge-entry"][aria-current="step"]')
        expect(entry).to_have_attribute("data-merged", step["merged"])
        assert [entry.get_attribute("data-left"), entry.get_attribute("data-right")] == step["pair"]
        assert current_line(page, "training.py") in merge_lines
        assert var(page, "pair") == repr(tuple(step["pair"]))
        assert var(page, "count") == str(step["count"])
        assert var(page, "pair[0] + pair[1]") == repr(step["merged"])
        assert len(step["corpus"]) <= 6  # every row is written out
        assert var(page, "corpus", "after") == repr({tuple(r["symbols"]): r["count"] for r in step["corpus"]})
    forward.click()
    reason = trained["stop"]["reason"]
    assert reason == "min_frequency"
    expect(page.get_by_test_id("stop-reason")).to_have_attribute("data-reason", reason)
    assert current_line(page, "training.py") in marked_lines("training.py", reason)
    assert var(page, "count") == str(trained["stop"]["count"])
    page.get_by_test_id("lang-zh").click()
    expect(page.get_by_test_id("code-toggle")).to_have_text("显示 Python 代码")
    expect(page.get_by_test_id("code-note")).to_contain_text("逐行训练")
    assert current_line(page, "training.py") in marked_lines("training.py", reason)
    page.get_by_test_id("lang-en").click()
    assert page.errors == []


def test_phone_width_stacks_the_code_below_the_canvas_and_scrolls_it(browser, app_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US", reduced_motion="reduce")
    try:
        page = context.new_page()
        page.goto(f"{app_server.url}#lesson=encode&text={TEXT}&code=1&step=3")
        wait_until_ready(page)
        code = page.get_by_test_id("code-view")
        expect(code).to_be_visible()
        expect(page.get_by_test_id("merge-canvas")).to_have_attribute("data-step", "3")
        assert current_line(page, "reference.py") in marked_lines("reference.py", "merge")
        canvas_box = page.get_by_test_id("merge-canvas").bounding_box()
        assert code.bounding_box()["y"] >= canvas_box["y"] + canvas_box["height"]
        source = page.get_by_test_id("code-source")
        assert source.evaluate("pre => pre.scrollWidth > pre.clientWidth")  # the long lines scroll sideways
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390  # the page does not
        page.get_by_test_id("forward").click()
        expect(page.get_by_test_id("merge-canvas")).to_have_attribute("data-step", "4")
        expect(page.locator('[data-testid="log-entry"][aria-current="step"]')).to_have_attribute("data-step", "4")
        assert var(page, "rank") == page.locator('[data-testid="log-entry"][aria-current="step"]').get_attribute("data-rank")
    finally:
        context.close()
