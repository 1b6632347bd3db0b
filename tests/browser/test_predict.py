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
from conftest import shared_page_fixtures, wait_settled
from playwright.sync_api import expect

open_app, page, console_errors = shared_page_fixtures()  # the tests share one booted page (conftest)

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
    wait_settled(page)
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


# ---------------------------------------------------------------- by keyboard alone, in Chinese


def test_keyboard_alone_in_chinese_with_the_verdict_announced(open_app):
    page = open_predict(open_app, "text=tokenization&predict=1&lang=zh")
    expect(page.get_by_test_id("predict-question")).to_contain_text("下一步合并的是哪一对")
    expect(page.get_by_test_id("announce")).to_contain_text("下一步合并的是哪一对")
    page.locator("h1").click()
    page.keyboard.press("ArrowRight")
    choices = page.get_by_test_id("pair-choice")
    expect(choices.nth(0)).to_be_focused()
    first = TOKENIZATION[0]
    for _ in range(first["position"]):
        page.keyboard.press("ArrowRight")
    expect(choices.nth(first["position"])).to_be_focused()
    page.keyboard.press("Enter")
    feedback = page.get_by_test_id("predict-feedback")
    expect(feedback).to_have_attribute("data-result", "correct")
    expect(feedback).to_contain_text(f"{first['left']} + {first['right']}，rank {first['rank']}")
    expect(page.get_by_test_id("announce")).to_contain_text("答对了")
    expect(page.get_by_test_id("predict-score")).to_have_text("共猜 1 次，猜对 1 次")
    wait_still(page, 1)
    expect(page.get_by_test_id("predict-next")).to_be_focused()
    page.keyboard.press("Enter")
    expect(choices.nth(0)).to_be_focused()
    expect(page.get_by_test_id("announce")).to_contain_text("第 2 步")
    # The score lives for the session: a reload keeps it; the reset clears it.
    page.reload()
    expect(page.get_by_test_id("predict-score")).to_have_text("共猜 1 次，猜对 1 次")
    page.get_by_test_id("predict-reset").click()
    expect(page.get_by_test_id("predict-score")).to_have_text("共猜 0 次，猜对 0 次")


def test_a_same_rule_elsewhere_is_wrong_and_says_leftmost_first(open_app):
    # "aaaa": the rule a + a applies at three places; GPT-2 merges the leftmost first.
    steps = reference_steps(list("aaaa"))
    assert steps[0]["position"] == 0
    page = open_predict(open_app, "text=aaaa&predict=1&lang=en")
    page.get_by_test_id("pair-choice").nth(2).click()
    feedback = page.get_by_test_id("predict-feedback")
    expect(feedback).to_have_attribute("data-result", "wrong")
    expect(feedback).to_contain_text(f"rank {steps[0]['rank']}")
    expect(feedback).to_contain_text("leftmost")


@pytest.mark.parametrize(
    ("text", "state", "words"),
    [("a" * 300, "message", "not available"), ("a", "message", "no merge")],
)
def test_pieces_without_a_question_say_so(open_app, text, state, words):
    page = open_app(f"text={text}&predict=1&lang=en")
    box = page.get_by_test_id("predict-box")
    expect(box).to_have_attribute("data-state", state)
    expect(page.get_by_test_id("predict-question")).to_contain_text(words)
    expect(page.get_by_test_id("pair-choice")).to_have_count(0)
    if len(text) > 1:
        # The piece still steps as usual.
        page.get_by_test_id("forward").click()
        wait_still(page, 1)


# ---------------------------------------------------------------- the whole class


def test_the_room_counts_hands_by_keys_and_typing_then_reveals(open_app, screenshot):
    page = open_app("text=tokenization&predict=1&room=1&lang=en&projector=1")
    page.set_viewport_size(PROJECTOR)
    options = page.get_by_test_id("poll-option")
    expect(options.first).to_be_visible()
    n = options.count()
    assert 2 <= n <= 4
    first = TOKENIZATION[0]
    labels = [o.get_by_test_id("poll-add").locator(".poll-label").inner_text() for o in options.all()]
    assert f"{first['left']} + {first['right']}" in labels
    right = labels.index(f"{first['left']} + {first['right']}")
    assert_nothing_revealed(page, 0)
    page.locator("h1").click()
    for key in ["1", "1", "1", "2", "2"]:
        page.keyboard.press(key)
    expect(options.nth(0)).to_have_attribute("data-count", "3")
    expect(options.nth(1)).to_have_attribute("data-count", "2")
    count = options.nth(n - 1).get_by_test_id("poll-count")
    count.fill("6")
    count.press("Tab")
    expect(options.nth(n - 1)).to_have_attribute("data-count", "6")
    counts = [int(o.get_attribute("data-count")) for o in options.all()]
    expect(page.get_by_test_id("poll-total")).to_contain_text(f"{sum(counts)} hands")
    # The bars are as long as the counts (the largest fills its track).
    widths = [o.get_by_test_id("poll-bar").locator(".poll-fill").evaluate("e => e.style.width") for o in options.all()]
    assert [float(w.rstrip("%")) for w in widths] == pytest.approx([100 * c / max(counts) for c in counts], abs=0.01)
    screenshot(page, "room-asking")
    page.get_by_test_id("poll-reveal").click()
    expect(options.nth(right)).to_have_attribute("data-right", "true")
    expect(page.get_by_test_id("poll-total")).to_contain_text(f"{counts[right]} of {sum(counts)} hands")
    expect(page.get_by_test_id("predict-feedback")).to_contain_text(f"rank {first['rank']}")
    notes = [o.get_by_test_id("poll-note").inner_text() for o in options.all()]
    assert notes[right] == f"rank {first['rank']}"
    wait_still(page, 1)
    screenshot(page, "room-revealed")
    page.get_by_test_id("predict-next").click()
    expect(page.get_by_test_id("poll-total")).to_contain_text("0 hands")


# ---------------------------------------------------------------- accessibility and sizes


@pytest.mark.parametrize("fragment", ["lang=en&predict=1", "lang=zh&predict=1&room=1&projector=1"])
def test_no_serious_accessibility_violations_while_guessing(open_app, axe_violations, fragment):
    page = open_predict(open_app, fragment) if "room" not in fragment else open_app(fragment)
    expect(page.get_by_test_id("predict-box")).to_be_visible()
    bad = [v for v in axe_violations(page) if v["impact"] in ("serious", "critical")]
    assert bad == [], json.dumps([{"id": v["id"], "nodes": [n["target"] for n in v["nodes"]][:5]} for v in bad], indent=1)
    if "room" not in fragment:
        page.get_by_test_id("pair-choice").first.click()
        expect(page.get_by_test_id("predict-feedback")).to_be_visible()
        bad = [v for v in axe_violations(page) if v["impact"] in ("serious", "critical")]
        assert bad == [], json.dumps([{"id": v["id"], "nodes": [n["target"] for n in v["nodes"]][:5]} for v in bad], indent=1)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", ["phone", "projector"])
def test_screenshots_while_guessing(open_app, screenshot, lang, size):
    page = open_app(f"text=tokenization&predict=1&lang={lang}" + ("&projector=1" if size == "projector" else ""))
    page.set_viewport_size(PHONE if size == "phone" else PROJECTOR)
    choices = page.get_by_test_id("pair-choice")
    expect(choices.first).to_be_visible()
    # Every choice fits on the screen (no sideways scrolling on a phone).
    width = page.evaluate("() => document.documentElement.clientWidth")
    for box in (c.bounding_box() for c in choices.all()):
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
    screenshot(page, f"ask-{lang}-{size}")
    choices.nth(0).click()
    expect(page.get_by_test_id("predict-feedback")).to_be_visible()
    wait_still(page, 1)
    page.get_by_test_id("predict-box").scroll_into_view_if_needed()
    screenshot(page, f"told-{lang}-{size}")


# ---------------------------------------------------------------- a number before the reveal


def guess_number(page, n: int, by_keyboard: bool) -> None:
    box = page.get_by_test_id("predict-number")
    expect(box).to_be_visible()
    box.fill(str(n))
    if by_keyboard:
        box.press("Enter")
    else:
        page.get_by_test_id("predict-guess").click()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_quirks_a_count_is_typed_before_the_reveal_and_the_gap_shown(open_app, r50k_oracle, lang):
    page = open_app(f"lesson=quirks&case=spelling&predict=1&lang={lang}")
    expect(page.get_by_test_id("predict-question")).to_contain_text('" strawberry"')
    expect(page.get_by_test_id("quirks-reveal")).to_be_hidden()
    expect(page.get_by_test_id("quirks-results")).to_be_hidden()
    real = len(r50k_oracle.encode(" strawberry"))
    guess_number(page, real + 3, by_keyboard=True)
    feedback = page.get_by_test_id("predict-feedback")
    expect(feedback).to_have_attribute("data-result", "wrong")
    expect(feedback).to_contain_text(str(real + 3))
    expect(feedback).to_contain_text(str(real))
    expect(feedback).to_contain_text("3 off" if lang == "en" else "差了 3")
    expect(page.get_by_test_id("quirks-results")).to_be_visible()
    expect(page.get_by_test_id("quirks-row").first).to_have_attribute("data-count", str(real))
    expect(page.get_by_test_id("announce")).to_contain_text(str(real + 3))
    # Another case asks again; the right count is "correct".
    page.get_by_test_id("quirks-preset-glitch").click()
    expect(page.get_by_test_id("quirks-results")).to_be_hidden()
    guess_number(page, len(r50k_oracle.encode(" SolidGoldMagikarp")), by_keyboard=False)
    expect(feedback).to_have_attribute("data-result", "correct")
    expect(page.get_by_test_id("predict-score")).to_have_attribute("data-right", "1")
    expect(page.get_by_test_id("predict-score")).to_have_attribute("data-asked", "2")


def test_compare_hides_the_rows_until_gpt2s_count_is_guessed(open_app, r50k_oracle):
    page = open_app("lesson=compare&lang=en&predict=1&ctext=I+don%27t+like+tokenization.")
    expect(page.get_by_test_id("predict-number")).to_be_visible()
    expect(page.get_by_test_id("compare-rows")).to_be_hidden()
    expect(page.get_by_test_id("compare-costs")).to_be_hidden()
    real = len(r50k_oracle.encode("I don't like tokenization."))
    guess_number(page, real, by_keyboard=True)
    expect(page.get_by_test_id("predict-feedback")).to_have_attribute("data-result", "correct")
    expect(page.locator('[data-testid="compare-row"][data-name="r50k"]')).to_have_attribute("data-tokens", str(real))
    # A new text is a new question.
    page.get_by_test_id("compare-preset-emoji").click()
    expect(page.get_by_test_id("compare-rows")).to_be_hidden()
    expect(page.get_by_test_id("predict-number")).to_be_visible()
    # Off: the rows show at once, as before.
    page.get_by_test_id("predict-toggle").click()
    expect(page.get_by_test_id("compare-rows")).to_be_visible()
    expect(page.get_by_test_id("predict-box")).to_be_hidden()


def test_decode_asks_how_many_characters_first(open_app):
    page = open_app("lesson=decode&lang=zh&predict=1&ids=8582+99+226")
    expect(page.get_by_test_id("predict-question")).to_contain_text("3 个 id")
    expect(page.get_by_test_id("decode-items")).to_be_hidden()
    expect(page.get_by_test_id("decoded-text")).to_be_hidden()
    guess_number(page, 3, by_keyboard=True)
    feedback = page.get_by_test_id("predict-feedback")
    expect(feedback).to_have_attribute("data-result", "wrong")
    expect(feedback).to_contain_text("正确答案是 1")
    expect(page.get_by_test_id("decoded-text")).to_have_text("🦄")


@pytest.mark.parametrize("lesson", ["quirks", "compare", "decode"])
def test_guessing_a_number_has_no_serious_accessibility_violations(open_app, axe_violations, lesson):
    page = open_app(f"lesson={lesson}&lang=zh&predict=1&projector=1")
    expect(page.get_by_test_id("predict-number")).to_be_visible()
    bad = [v for v in axe_violations(page) if v["impact"] in ("serious", "critical")]
    assert bad == [], json.dumps([{"id": v["id"], "nodes": [n["target"] for n in v["nodes"]][:5]} for v in bad], indent=1)
