"""Predict, then reveal: the student (or the whole class) guesses each step before the page shows it.

Driven the way a person does it (click, keys, both languages, projector and phone sizes). What is right
comes from the oracle: GPT-2's own merge list (assets/r50k/vocab.bpe) applied by a small reference BPE
here (lowest rank first, leftmost on a tie), and tiktoken for token counts.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
CANVAS = '[data-testid="merge-canvas"]'
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}


@cache
def merge_ranks() -> dict[tuple[str, str], int]:
    """(left, right) -> rank: the line of the rule in vocab.bpe (0-based, after the version line)."""
    lines = (ROOT / "assets" / "r50k" / "vocab.bpe").read_text(encoding="utf-8").split("\n")[1:]
    return {tuple(line.split(" ")): i for i, line in enumerate(line for line in lines if line)}


def reference_steps(symbols: list[str]) -> list[dict]:
    """GPT-2's merges of one piece (printable symbols), each with the ranks of every pair before it."""
    ranks = merge_ranks()
    symbols = list(symbols)
    steps = []
    while len(symbols) > 1:
        candidates = [ranks.get((a, b)) for a, b in zip(symbols, symbols[1:])]
        known = [(r, i) for i, r in enumerate(candidates) if r is not None]
        if not known:
            break
        rank, i = min(known)
        steps.append({"position": i, "left": symbols[i], "right": symbols[i + 1], "rank": rank, "candidates": candidates})
        symbols[i : i + 2] = [symbols[i] + symbols[i + 1]]
    return steps


TOKENIZATION = reference_steps(list("tokenization"))


def canvas_data(page) -> dict:
    return page.eval_on_selector(
        CANVAS,
        "c => ({step: Number(c.dataset.step), ranks: c.dataset.ranks, chosen: c.dataset.chosen,"
        " lowest: c.dataset.lowest, symbols: JSON.parse(c.dataset.symbols), animating: c.dataset.animating})",
    )


def wait_still(page, step: int) -> None:
    expect(page.locator(CANVAS)).to_have_attribute("data-step", str(step))
    expect(page.locator(CANVAS)).to_have_attribute("data-animating", "false")


def assert_nothing_revealed(page, step: int) -> None:
    """While a guess is pending: no rank on the canvas or in its data, no future entry in the log."""
    data = canvas_data(page)
    assert data["step"] == step
    assert not re.search(r"\d", data["ranks"]), data["ranks"]
    assert data["chosen"] == "" and data["lowest"] == ""
    for entry in page.get_by_test_id("log-entry").all():
        k = int(entry.get_attribute("data-step"))
        if k > step:
            assert entry.get_attribute("data-hidden") == "true"
            assert entry.get_attribute("data-rank") is None and entry.get_attribute("data-merged") is None
            assert not re.search(r"\d", entry.locator(".log-merge").inner_text())
    expect(page.get_by_test_id("step-caption")).to_be_hidden()


def assert_choices_are_the_pairs(page, symbols: list[str]) -> None:
    choices = page.get_by_test_id("pair-choice")
    expect(choices).to_have_count(len(symbols) - 1)
    pairs = [(c.get_attribute("data-left"), c.get_attribute("data-right")) for c in choices.all()]
    assert pairs == list(zip(symbols, symbols[1:]))


def open_predict(open_app, fragment: str):
    page = open_app(fragment)
    expect(page.get_by_test_id("predict-box")).to_be_visible()
    expect(page.get_by_test_id("pair-choice").first).to_be_visible()
    return page


# ---------------------------------------------------------------- one student, by click


def test_a_wrong_pick_names_both_ranks_then_a_right_one_scores(open_app):
    page = open_predict(open_app, "text=tokenization&predict=1&lang=en")
    expect(page.get_by_test_id("predict-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("predict-score")).to_have_text(re.compile(r"\b0 of 0\b"))
    assert_nothing_revealed(page, 0)
    assert_choices_are_the_pairs(page, list("tokenization"))
    # Nothing steps past the pending question.
    expect(page.get_by_test_id("forward")).to_be_disabled()
    page.locator("h1").click()
    page.keyboard.press("End")
    assert canvas_data(page)["step"] == 0

    first = TOKENIZATION[0]
    wrong = next(i for i in range(11) if i != first["position"] and first["candidates"][i] is not None)
    pick = page.get_by_test_id("pair-choice").nth(wrong)
    left, right = pick.get_attribute("data-left"), pick.get_attribute("data-right")
    pick.click()
    feedback = page.get_by_test_id("predict-feedback")
    expect(feedback).to_have_attribute("data-result", "wrong")
    expect(feedback).to_contain_text(f"{left} + {right}, rank {first['candidates'][wrong]}")
    expect(feedback).to_contain_text(f"{first['left']} + {first['right']} first, rank {first['rank']}")
    expect(page.get_by_test_id("predict-score")).to_have_text(re.compile(r"\b0 of 1\b"))
    # Then the merge is shown, and the next frame keeps its ranks hidden.
    wait_still(page, 1)
    assert_nothing_revealed(page, 1)
    log1 = page.locator('[data-testid="log-entry"][data-step="1"]')
    expect(log1).to_have_attribute("data-rank", str(first["rank"]))
    expect(page.get_by_test_id("predict-next")).to_be_focused()

    page.get_by_test_id("predict-next").click()
    second = TOKENIZATION[1]
    symbols = list("tokenization")
    symbols[first["position"] : first["position"] + 2] = [first["left"] + first["right"]]
    assert_choices_are_the_pairs(page, symbols)
    page.get_by_test_id("pair-choice").nth(second["position"]).click()
    expect(feedback).to_have_attribute("data-result", "correct")
    expect(feedback).to_contain_text(f"{second['left']} + {second['right']} next, rank {second['rank']}")
    expect(page.get_by_test_id("predict-score")).to_have_text(re.compile(r"\b1 of 2\b"))
    wait_still(page, 2)
    # Steps already seen can be stepped back to, and show their ranks again.
    page.get_by_test_id("back").click()
    wait_still(page, 1)
    assert json.loads(canvas_data(page)["ranks"]) == second["candidates"]
    expect(page.get_by_test_id("predict-box")).to_have_attribute("data-state", "message")


def test_the_switch_is_kept_in_the_url_and_off_keeps_the_old_view(page):
    expect(page.get_by_test_id("predict-box")).to_be_hidden()
    expect(page.get_by_test_id("step-caption")).to_be_visible()
    page.get_by_test_id("predict-toggle").click()
    expect(page.get_by_test_id("pair-choice").first).to_be_visible()
    expect(page).to_have_url(re.compile(r"predict=1"))
    page.get_by_test_id("predict-toggle").click()
    expect(page.get_by_test_id("predict-box")).to_be_hidden()
    expect(page).not_to_have_url(re.compile(r"predict=1"))
    assert re.search(r"\d", canvas_data(page)["ranks"])
