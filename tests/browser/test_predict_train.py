"""Predict, then reveal in the train lesson: the student picks the pair that merges next while the pair
table's counts are hidden, and a tie is explained on reveal.

Driven the way a person does it (click, keys, both languages). What is right comes from the engine's
own answer, asked on CPython (toklab.webapi.handle("train", ...)) with the settings the page trains on:
the chosen pair, the tie and every count come from there, never typed in here.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import shared_page_fixtures
from playwright.sync_api import expect

from toklab import webapi

open_app, page, console_errors = shared_page_fixtures()  # the tests share one booted page (conftest)

CHINESE = "我 爱 中 国 人\n中 国 人 很 多\n我 爱 中 国\n北 京 是 中 国 首 都"


def engine_steps(tie: str = "first_occurrence") -> list[dict]:
    """The engine's merge steps for the Chinese preset (lines, characters), as the page asks for them."""
    payload = {"corpus": CHINESE, "mode": "chars", "unit": "lines", "vocab_size": None, "num_merges": None,
               "min_frequency": 2, "tie_break": tie, "detail": "auto"}
    answer = json.loads(webapi.handle("train", json.dumps(payload)))
    assert answer["ok"], answer
    return answer["result"]["steps"]


def open_chinese(open_app, lang: str, extra: str = ""):
    page = open_app(f"lesson=train&lang={lang}&predict=1{extra}")
    page.get_by_test_id("train-preset-chinese").click()
    expect(page.get_by_test_id("predict-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("predict-box")).to_be_visible()
    expect(page.get_by_test_id("step-text")).to_have_text(re.compile(r"^0 / "))
    return page


def choice_pairs(page) -> list[tuple[str, str]]:
    return [(c.get_attribute("data-left"), c.get_attribute("data-right")) for c in page.get_by_test_id("pair-choice").all()]


def assert_pending(page, k: int, step: dict) -> None:
    """Merge k is the pending question: its pairs to choose from, and no count, mark or merge shown."""
    expect(page.get_by_test_id("step-text")).to_have_text(re.compile(rf"^{k} / "))
    expect(page.get_by_test_id("predict-box")).to_have_attribute("data-state", "ask")
    choices = page.get_by_test_id("pair-choice")
    expect(choices).to_have_count(len(step["pairs"]))
    assert sorted(choice_pairs(page)) == sorted(tuple(p["pair"]) for p in step["pairs"])
    for row in page.get_by_test_id("pair-row").all():
        assert row.get_attribute("data-count") == ""
        assert row.get_attribute("data-chosen") is None and row.get_attribute("data-tied") is None
    assert not re.search(r"\d", page.get_by_test_id("pair-table").inner_text())
    assert not re.search(r"\d", page.get_by_test_id("train-explain").inner_text().replace(str(k), "", 1))
    expect(page.locator('[data-testid="pair-row"].chosen')).to_have_count(0)
    expect(page.get_by_test_id("train-tie-line")).to_be_hidden()
    expect(page.get_by_test_id("corpus-after")).to_be_hidden()
    expect(page.get_by_test_id("merge-entry")).to_have_count(k - 1)
    expect(page.get_by_test_id("forward")).to_be_disabled()
    expect(page.get_by_test_id("last")).to_be_disabled()


def assert_revealed(page, step: dict) -> None:
    """After the verdict: every count the engine reported, and the chosen pair marked."""
    expect(page.get_by_test_id("pair-choice")).to_have_count(0)
    for p in step["pairs"]:
        row = page.locator(f'[data-testid="pair-row"][data-left="{p["pair"][0]}"][data-right="{p["pair"][1]}"]')
        expect(row).to_have_attribute("data-count", str(p["count"]))
    chosen = page.locator('[data-testid="pair-row"][data-chosen="true"]')
    expect(chosen).to_have_attribute("data-left", step["pair"][0])
    expect(chosen).to_have_attribute("data-right", step["pair"][1])


def pick(page, pair) -> None:
    page.locator(f'[data-testid="pair-choice"][data-left="{pair[0]}"][data-right="{pair[1]}"]').click()


def score(page, right: int, asked: int) -> None:
    expect(page.get_by_test_id("predict-score")).to_have_attribute("data-right", str(right))
    expect(page.get_by_test_id("predict-score")).to_have_attribute("data-asked", str(asked))


# ---------------------------------------------------------------- by click, in English


def test_click_wrong_then_tie_then_right_with_the_score_shared_with_encode(open_app):
    steps = engine_steps()
    page = open_chinese(open_app, "en")
    score(page, 0, 0)
    expect(page.get_by_test_id("predict-question")).to_contain_text("Step forward")
    page.get_by_test_id("forward").click()

    # Merge 1: a pair that is neither chosen nor tied.
    first = steps[0]
    assert_pending(page, 1, first)
    expect(page.get_by_test_id("announce")).to_contain_text("which pair merges next?")
    tied = [tuple(p) for p in first["tie"]["tied"]]
    wrong = next(p for p in first["pairs"] if tuple(p["pair"]) not in tied)
    pick(page, wrong["pair"])
    feedback = page.get_by_test_id("predict-feedback")
    expect(feedback).to_have_attribute("data-result", "wrong")
    expect(feedback).to_contain_text(f"{wrong['pair'][0]} + {wrong['pair'][1]}, which occurs {wrong['count']} times")
    expect(feedback).to_contain_text(f"{first['pair'][0]} + {first['pair'][1]} occurs {first['count']} times")
    expect(page.get_by_test_id("announce")).to_contain_text("You chose")
    score(page, 0, 1)
    assert_revealed(page, first)
    expect(page.get_by_test_id("predict-next")).to_be_focused()
    page.get_by_test_id("predict-next").click()

    # Merge 2: the engine reports a tie; a tied pair that the rule did not choose.
    second = steps[1]
    assert second["tie"]["n_tied"] > 1
    assert_pending(page, 2, second)
    other = next(p for p in second["tie"]["tied"] if p != second["pair"])
    pick(page, other)
    expect(feedback).to_have_attribute("data-result", "wrong")
    expect(feedback).to_contain_text(f"{other[0]} + {other[1]} also occurs {second['count']} times, a tie ({second['tie']['n_tied']} pairs")
    expect(feedback).to_contain_text("The rule “first occurrence” decides")
    expect(feedback).to_contain_text("met first when reading the corpus rows")
    expect(feedback).to_contain_text(f"So {second['pair'][0]} + {second['pair'][1]} merges.")
    score(page, 0, 2)
    assert_revealed(page, second)
    expect(page.get_by_test_id("train-tie-line")).to_be_visible()
    page.get_by_test_id("predict-next").click()

    # Merge 3: the right pick, itself decided by a tie.
    third = steps[2]
    assert_pending(page, 3, third)
    pick(page, third["pair"])
    expect(feedback).to_have_attribute("data-result", "correct")
    expect(feedback).to_contain_text(f"Right: {third['pair'][0]} + {third['pair'][1]} merges next, with {third['count']} occurrences")
    expect(feedback).to_contain_text(f"{third['tie']['n_tied']} pairs tie")
    score(page, 1, 3)
    assert len(steps) == 3
    expect(page.get_by_test_id("predict-next")).to_have_text("See the result")
    page.get_by_test_id("predict-next").click()
    expect(page.get_by_test_id("stop-reason")).to_be_visible()
    expect(page.get_by_test_id("predict-question")).to_contain_text("Every merge is revealed")
    expect(page.get_by_test_id("merge-entry")).to_have_count(3)

    # The score is the session's, the one the encode lesson keeps.
    page.get_by_test_id("lesson-tab-encode").click()
    expect(page.get_by_test_id("lesson-tab-encode")).to_have_attribute("aria-current", "page")
    if page.get_by_test_id("predict-toggle").get_attribute("aria-pressed") != "true":
        page.get_by_test_id("predict-toggle").click()
    score(page, 1, 3)


# ---------------------------------------------------------------- by keyboard, in Chinese


def test_keyboard_alone_in_chinese_with_a_tie_explained(open_app):
    steps = engine_steps()
    page = open_chinese(open_app, "zh")
    page.locator("h1").click()
    page.keyboard.press("ArrowRight")
    assert_pending(page, 1, steps[0])
    expect(page.get_by_test_id("announce")).to_contain_text("下一步合并哪一对")
    # An arrow goes to the choices, and the arrows move among them.
    page.keyboard.press("ArrowRight")
    expect(page.get_by_test_id("pair-choice").first).to_be_focused()
    order = choice_pairs(page)
    target = order.index(tuple(steps[0]["pair"]))
    for _ in range(target):
        page.keyboard.press("ArrowDown")
    expect(page.get_by_test_id("pair-choice").nth(target)).to_be_focused()
    expect(page.get_by_test_id("step-text")).to_have_text(re.compile(r"^1 / "))
    page.keyboard.press("Enter")
    feedback = page.get_by_test_id("predict-feedback")
    expect(feedback).to_have_attribute("data-result", "correct")
    expect(feedback).to_contain_text(f"答对了！下一步合并 {steps[0]['pair'][0]} + {steps[0]['pair'][1]}。它出现了 {steps[0]['count']} 次")
    expect(page.get_by_test_id("announce")).to_contain_text("答对了")
    score(page, 1, 1)
    expect(page.get_by_test_id("predict-next")).to_be_focused()
    page.keyboard.press("Enter")

    # The tie: go to a tied pair the rule did not choose, with the keys.
    second = steps[1]
    assert_pending(page, 2, second)
    expect(page.get_by_test_id("pair-choice").first).to_be_focused()
    other = next(tuple(p) for p in second["tie"]["tied"] if p != second["pair"])
    order = choice_pairs(page)
    page.keyboard.press("End")
    for _ in range(len(order) - 1 - order.index(other)):
        page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    expect(feedback).to_have_attribute("data-result", "wrong")
    expect(feedback).to_contain_text(f"差一点！{other[0]} + {other[1]} 也出现了 {second['count']} 次")
    expect(feedback).to_contain_text(f"共 {second['tie']['n_tied']} 对次数相同")
    expect(feedback).to_contain_text("按“最先出现的”规则来定")
    expect(feedback).to_contain_text(f"所以合并的是 {second['pair'][0]} + {second['pair'][1]}。")
    expect(page.get_by_test_id("announce")).to_contain_text("差一点")
    score(page, 1, 2)
    assert_revealed(page, second)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_tie_under_the_lexicographic_rule(open_app, lang):
    steps = engine_steps("lexicographic")
    page = open_chinese(open_app, lang, "&tie=lexicographic")
    page.get_by_test_id("forward").click()
    assert_pending(page, 1, steps[0])
    pick(page, steps[0]["pair"])
    page.get_by_test_id("predict-next").click()
    second = steps[1]
    assert_pending(page, 2, second)
    other = next(p for p in second["tie"]["tied"] if p != second["pair"])
    pick(page, other)
    feedback = page.get_by_test_id("predict-feedback")
    expect(feedback).to_have_attribute("data-result", "wrong")
    expect(feedback).to_contain_text("compared as text" if lang == "en" else "当作文字来比")
    expect(feedback).to_contain_text(f"{second['pair'][0]} + {second['pair'][1]}")
    assert_revealed(page, second)


def test_reduced_motion_and_turning_guessing_off_shows_the_counts(open_app):
    steps = engine_steps()
    page = open_chinese(open_app, "en")
    page.emulate_media(reduced_motion="reduce")
    page.get_by_test_id("forward").click()
    assert_pending(page, 1, steps[0])
    page.get_by_test_id("predict-toggle").click()
    expect(page.get_by_test_id("predict-box")).to_be_hidden()
    assert_revealed(page, steps[0])
    expect(page.get_by_test_id("forward")).to_be_enabled()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_pending_guess_has_no_serious_accessibility_violations(open_app, axe_violations, lang):
    steps = engine_steps()
    page = open_chinese(open_app, lang)
    page.get_by_test_id("forward").click()
    assert_pending(page, 1, steps[0])
    bad = [v for v in axe_violations(page) if v["impact"] in ("serious", "critical")]
    assert bad == [], json.dumps([{"id": v["id"], "nodes": [n["target"] for n in v["nodes"]][:5]} for v in bad], indent=1)
