"""What the page draws stays bounded, and a refused value says why (issue #27), driven as a person would.

Decoded text: one run of 960,000 characters with no break point took minutes to lay out; the page now
draws the first characters and says how many it left out. Texts are checked against tiktoken built
offline from the same r50k files; the bounds are read from the page (theme.mjs, the fields' min/max).
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs

import pytest
from conftest import shared_page_fixtures
from playwright.sync_api import expect

# One booted page for the module (conftest's `booted`): each test opens its lesson by hash.
open_app, page, console_errors = shared_page_fixtures()

NO_BREAK_ID = 35496  # r50k's 64-character token "ÃÂÃÂ…": no line break point inside a run of them
A_FRAME = "() => new Promise((done) => requestAnimationFrame(() => done(true)))"


def limits(page) -> dict:
    return page.evaluate("async () => ({ ...(await import('./theme.mjs')).LIMITS })")


def hash_fields(page) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(page.evaluate("location.hash").lstrip("#")).items()}


def test_a_long_decoded_run_draws_its_first_characters_and_says_how_many_are_left_out(open_app, r50k_oracle):
    page = open_app("lesson=decode&lang=en")
    ids = [NO_BREAK_ID] * 15_000  # 90 KB of ids: 72 s of layout before the bound
    text = r50k_oracle.decode(ids)
    shown = limits(page)["decodedChars"]
    assert len(text) > shown
    box = page.get_by_test_id("ids-input")
    box.fill(" ".join(map(str, ids)))
    note = page.get_by_test_id("decoded-note")
    expect(note).to_contain_text(f"…and {len(text) - shown} more characters (only the first {shown} are drawn).", timeout=120_000)
    expect(page.get_by_test_id("decoded-text")).to_have_text(text[:shown])
    # The page still draws frames and answers the next edit.
    page.wait_for_function(A_FRAME, timeout=30_000)
    box.press("End")
    box.press_sequentially(" 30001")
    expect(page.get_by_test_id("decode-count")).to_contain_text(f"{len(ids) + 1} items", timeout=60_000)
    more = len(r50k_oracle.decode(ids + [30001])) - shown
    expect(note).to_contain_text(f"…and {more} more characters")
    page.get_by_test_id("lang-zh").click()
    expect(note).to_contain_text(f"还有 {more} 个字符（只画出前 {shown} 个）")


def test_a_short_decoded_text_is_drawn_whole_without_a_note(open_app, r50k_oracle):
    page = open_app("lesson=decode&lang=en")
    ids = [NO_BREAK_ID] * 3
    page.get_by_test_id("ids-input").fill(" ".join(map(str, ids)))
    expect(page.get_by_test_id("decoded-text")).to_have_text(r50k_oracle.decode(ids), timeout=60_000)
    expect(page.get_by_test_id("decoded-note")).not_to_contain_text("more characters")


def test_a_refused_vocabulary_size_says_why_and_stays_as_typed(open_app):
    page = open_app("lesson=train&lang=en")
    field = page.get_by_test_id("train-vsize")
    why = page.get_by_test_id("train-vsize-error")
    least, most = field.get_attribute("min"), field.get_attribute("max")
    expect(why).to_be_hidden()
    reasons = {
        "-5": f"-5 is too small: the least allowed is {least}.",
        "1000000000": f"1000000000 is too large: at most {most} is allowed.",
        "2.5": f"2.5 is not a whole number: type one from {least} to {most}.",
    }
    for typed, reason in reasons.items():
        field.fill(typed)
        field.press("Enter")
        expect(why).to_be_visible()
        expect(why).to_contain_text(reason)
        expect(why).to_contain_text("The lesson keeps using the last allowed value.")
        expect(field).to_have_value(typed)
        expect(field).to_have_attribute("aria-invalid", "")
        assert "vsize" not in hash_fields(page)
    # A language switch says it in Chinese and keeps what was typed.
    page.get_by_test_id("lang-zh").click()
    expect(why).to_contain_text(f"2.5 不是整数：请填 {least} 到 {most} 之间的整数。")
    expect(field).to_have_value("2.5")
    # A good value is taken, and the reason goes.
    field.fill("300")
    field.press("Enter")
    expect(why).to_be_hidden()
    expect(field).not_to_have_attribute("aria-invalid", re.compile(".*"))
    expect(page).to_have_url(re.compile(r"[#&]vsize=300(&|$)"))


def paste(page, box, text: str, over_all: bool = False) -> None:
    """Put `text` on the clipboard, click `box` (and select all of it) and press Ctrl+V, as a person pastes."""
    page.evaluate("(text) => navigator.clipboard.writeText(text)", text)
    box.click()
    if over_all:
        box.press("ControlOrMeta+a")
    box.press("ControlOrMeta+v")


@pytest.mark.parametrize("lesson, testid", [("encode", "text-input"), ("compare", "compare-input")])
def test_a_paste_longer_than_the_engine_reads_is_refused_before_layout_and_loses_nothing(open_app, lesson, testid):
    page = open_app(f"lesson={lesson}&lang=en")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    box = page.get_by_test_id(testid)
    before = box.input_value()
    limit = limits(page)["boxChars"]
    big = "The quick brown fox jumps over the lazy dog. " * (2_000_000 // 45)  # a 2 MB paste froze the tab for minutes
    assert len(before) + len(big) > limit
    paste(page, box, big)
    note = page.get_by_test_id(f"{testid}-paste-note")
    expect(note).to_have_text(
        f"Not pasted: the box would hold {len(before) + len(big):,} characters, and it takes at most {limit:,} (the engine"
        " reads no more). Your text is as it was, and what you copied is still on the clipboard.",
        timeout=30_000,
    )
    page.wait_for_function(A_FRAME, timeout=30_000)
    expect(box).to_have_value(before)
    assert page.evaluate("navigator.clipboard.readText()") == big
    # A paste the engine can read goes in, and the note goes.
    paste(page, box, "hello", over_all=True)
    expect(box).to_have_value("hello")
    expect(note).to_be_hidden()
    page.get_by_test_id("lang-zh").click()
    paste(page, box, big, over_all=True)
    expect(note).to_contain_text(f"没有粘贴：粘贴后框里会有 {len(big):,} 个字符")
    expect(box).to_have_value("hello")


def test_a_paste_of_one_character_with_a_million_marks_is_refused_before_layout(open_app):
    """Short enough for the engine, but "e" and 999,999 acute accents froze the tab for minutes: a
    character may carry at most 30 combining marks in a row (Unicode's stream-safe text format)."""
    page = open_app("lesson=encode&lang=en")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    box = page.get_by_test_id("text-input")
    before = box.input_value()
    heavy = "e" + "\u0301" * 999_999
    assert len(heavy) <= limits(page)["boxChars"]  # the length guard alone lets it in
    paste(page, box, heavy, over_all=True)
    note = page.get_by_test_id("text-input-paste-note")
    expect(note).to_have_text(
        "Not pasted: one character of it carries 999,999 combining marks in a row, and the page draws at most 30"
        " (a longer run takes minutes to lay out). Your text is as it was, and what you copied is still on the"
        " clipboard.", timeout=30_000)
    page.wait_for_function(A_FRAME, timeout=30_000)
    expect(box).to_have_value(before)
    # Ordinary accents (a few marks on a character) still go in.
    paste(page, box, "cafe\u0301 e\u0301\u0302", over_all=True)
    expect(box).to_have_value("cafe\u0301 e\u0301\u0302")
    expect(note).to_be_hidden()
