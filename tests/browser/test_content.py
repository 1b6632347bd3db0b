"""The quirks lesson and the questions after every lesson, in Chromium, driven as a person would.

Token counts and ids are checked against tiktoken built offline from the same r50k files (the oracle),
never against numbers typed into the test.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

LESSONS = ["encode", "decode", "train", "compare", "special", "samples", "quirks", "tables", "lab"]


def chip_ids(row) -> list[int]:
    return [int(c) for c in row.locator(".lk-chip-caption").all_inner_texts()]


def test_quirks_asks_first_then_reveals_the_oracles_ids(open_app, r50k_oracle, screenshot):
    page = open_app("lesson=quirks&lang=en")
    expect(page.get_by_test_id("quirks-preset-spelling")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("quirks-question")).to_contain_text("strawberry")
    # The question comes first: no tokens and no explanation until the student asks.
    expect(page.get_by_test_id("quirks-results")).to_be_hidden()
    expect(page.get_by_test_id("quirks-answer")).to_be_hidden()
    page.get_by_test_id("quirks-reveal").click()
    rows = page.get_by_test_id("quirks-row")
    expect(rows).to_have_count(2)
    for row, text in zip(rows.all(), [" strawberry", "strawberry"]):
        expect(row).to_have_attribute("data-count", str(len(r50k_oracle.encode(text))))
        assert chip_ids(row) == r50k_oracle.encode(text)
    expect(page.get_by_test_id("quirks-answer")).to_be_visible()
    # Another case hides the answer again until it is revealed.
    page.get_by_test_id("quirks-preset-glitch").click()
    expect(page.get_by_test_id("quirks-results")).to_be_hidden()
    page.wait_for_function("() => location.hash.includes('case=glitch')")
    page.get_by_test_id("quirks-reveal").click()
    assert chip_ids(rows.first) == r50k_oracle.encode(" SolidGoldMagikarp")
    screenshot(page, "en-glitch")


def test_quirks_languages_show_counts_ratios_and_whole_characters(open_app, r50k_oracle, screenshot):
    page = open_app("lesson=quirks&lang=zh&case=languages")
    expect(page.get_by_test_id("quirks-question")).to_contain_text("六种语言")
    page.get_by_test_id("quirks-reveal").click()
    rows = page.get_by_test_id("quirks-row")
    expect(rows).to_have_count(6)
    texts = [row.get_by_test_id("quirks-text").inner_text() for row in rows.all()]
    counts = [len(r50k_oracle.encode(text.strip('"'))) for text in texts]
    assert [int(row.get_attribute("data-count")) for row in rows.all()] == counts
    assert counts[1] > counts[0]  # Chinese costs GPT-2 more tokens than English for the same sentence
    chinese = rows.nth(1)
    expect(chinese).to_contain_text(f"{counts[1] / counts[0]:.1f}")
    # A token that is a whole character shows the character; part of one shows its bytes, dashed.
    expect(chinese.locator(".lk-chip:not(.partial)", has_text="天").first).to_be_visible()
    expect(chinese.locator(".lk-chip.partial").first).to_be_visible()
    screenshot(page, "zh-languages")


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lesson_ends_with_questions_whose_answers_wait(open_app, lesson):
    page = open_app(f"lesson={lesson}&lang=en")
    questions = page.get_by_test_id("check-question")
    expect(questions.first).to_be_visible()
    assert questions.count() >= 2
    answer = questions.first.get_by_test_id("check-answer")
    expect(answer).to_be_hidden()
    questions.first.locator("summary").click()
    expect(answer).to_be_visible()
    # The language switch rewrites questions and answers.
    english = questions.first.locator("summary").inner_text()
    page.locator('[data-lang="zh"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    expect(questions.first.locator("summary")).not_to_have_text(english)
    assert any("\u4e00" <= ch <= "\u9fff" for ch in questions.first.inner_text())


def test_questions_open_by_keyboard(open_app):
    page = open_app("lesson=train&lang=zh")
    first = page.get_by_test_id("check-question").first
    first.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(first.get_by_test_id("check-answer")).to_be_visible()
    expect(first).to_contain_text("1 次")
