"""Ask before telling (issue 40): every lesson but the lab and the glossary opens on one question, its
answer hidden (not dimmed) until a guess or "Show the answer"; the verdict is judged against the engine's
answer; the teacher's switch turns asking off in every lesson, and a link keeps the choice (ask=0).

What is right comes from the oracles: tiktoken's counts and ids (r50k, cl100k, o200k), and the train
lesson's first merge counted by hand from its default corpus.
"""

from __future__ import annotations

import re

import pytest
from conftest import new_app_context, press_tool, settled_after, shared_page_fixtures, wait_settled, wait_until_ready
from oracles import tiktoken_encoding
from playwright.sync_api import expect

open_app, page, console_errors = shared_page_fixtures()  # the tests share one booted page (conftest)

PHONE = {"width": 390, "height": 844}
QUESTION = '[data-testid="ask-first"]'

# Each lesson that asks first, and an element of the answer its question hides.
ANSWERS = {
    "encode": "result",
    "decode": "decode-items",
    "train": "merge-list",
    "compare": "compare-rows",
    "special": "special-allowed",
    "tables": "tables-r50k_base",
    "samples": "samples-windows",
    "quirks": "quirks-results",
}


def ask(page, fragment: str):
    """The lesson of `fragment` with asking on (the default a reader gets), drawn."""
    opened = page(f"{fragment}&ask=1") if callable(page) else page
    wait_settled(opened)
    return opened


def verdict(page):
    return page.get_by_test_id("ask-feedback")


@pytest.mark.parametrize("lesson", sorted(ANSWERS))
def test_each_lesson_opens_on_a_question_with_its_answer_hidden(open_app, lesson):
    page = ask(open_app, f"lesson={lesson}&lang=en")
    question = page.locator(QUESTION)
    expect(question).to_have_count(1)
    expect(question).to_be_visible()
    expect(question).not_to_contain_text("ask.")
    # The question waits: hidden, not just dimmed (out of the layout and the accessibility tree).
    answer = page.get_by_test_id(ANSWERS[lesson])
    expect(answer.locator("xpath=ancestor-or-self::*[contains(@class, 'ask-waiting')]")).not_to_have_count(0)
    assert answer.evaluate("el => el.getClientRects().length") == 0
    # The question can be answered: choices to pick, or a number to type, and "Show the answer".
    choices = page.get_by_test_id("ask-choice")
    number = page.get_by_test_id("ask-number")
    assert choices.count() >= 2 or number.is_visible()
    expect(page.get_by_test_id("ask-next")).to_be_visible()
    # Show the answer: the answer appears, the question says it.
    page.get_by_test_id("ask-next").click()
    expect(verdict(page)).to_have_attribute("data-result", "shown")
    expect(question).to_be_visible()
    expect(answer).to_be_visible()


def test_lab_and_glossary_ask_nothing(open_app):
    for lesson in ("lab", "glossary"):
        page = ask(open_app, f"lesson={lesson}&lang=en")
        expect(page.locator(QUESTION)).to_have_count(0)


def test_models_asks_which_table_needs_fewest(browser, app_server):
    """On a phone the large models wait for a tap: the question chooses among the rows that load themselves."""
    context = new_app_context(browser, app_server, viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(app_server.url + "#lesson=models&lang=en&mtext=hello%20world")
        wait_until_ready(page)
        wait_settled(page)
        expect(page.locator(QUESTION)).to_be_visible()
        expect(page.get_by_test_id("model-rows")).to_be_hidden()
        choices = page.get_by_test_id("ask-choice")
        labels = choices.all_inner_texts()
        assert any("GPT-2" in label or "r50k" in label for label in labels), labels
        r50k = len(tiktoken_encoding("r50k_base").encode("hello world"))
        # Pick GPT-2's row: right exactly when no other row counts fewer (the verdict names the fewest).
        choices.filter(has_text=re.compile("r50k|GPT-2")).first.click()
        expect(verdict(page)).to_have_attribute("data-result", re.compile("correct|wrong"))
        expect(page.get_by_test_id("model-rows")).to_be_visible()
        row = page.locator('[data-testid="model-row"][data-model="r50k_base"]')
        expect(row).to_have_attribute("data-tokens", str(r50k))
        counts = [int(n) for n in page.locator('[data-testid="model-row"][data-tokens]').evaluate_all("rows => rows.map(r => r.dataset.tokens)")]
        fewest = min(counts)
        expected = "correct" if r50k == fewest else "wrong"
        expect(verdict(page)).to_have_attribute("data-result", expected)
        expect(verdict(page)).to_contain_text(str(fewest))
    finally:
        context.close()


def test_a_wrong_count_says_wrong_and_shows_the_engine_count(open_app):
    page = ask(open_app, "lesson=encode&lang=en&text=tokenization")
    n = len(tiktoken_encoding("r50k_base").encode("tokenization"))
    number = page.get_by_test_id("ask-number")
    number.fill(str(n + 3))
    number.press("Enter")
    expect(verdict(page)).to_have_attribute("data-result", "wrong")
    expect(verdict(page)).to_contain_text(f"the answer is {n}")
    expect(verdict(page)).to_be_focused()
    expect(page.get_by_test_id("token-count")).to_be_visible()
    expect(page.get_by_test_id("token-count")).to_have_attribute("data-count", str(n))
    # The score counts the guess.
    expect(page.get_by_test_id("ask-score")).to_have_attribute("data-asked", "1")
    expect(page.get_by_test_id("ask-score")).to_have_attribute("data-right", "0")


def test_a_right_count_says_right(open_app):
    ids = "8582 99 226"
    text = tiktoken_encoding("r50k_base").decode([int(i) for i in ids.split()])
    page = ask(open_app, f"lesson=decode&lang=en&ids={ids.replace(' ', '+')}")
    number = page.get_by_test_id("ask-number")
    number.fill(str(len(text)))
    page.get_by_test_id("ask-guess").click()
    expect(verdict(page)).to_have_attribute("data-result", "correct")
    expect(page.get_by_test_id("decoded-text")).to_be_visible()
    expect(page.get_by_test_id("decoded-text")).to_have_text(text)


def test_a_choice_is_judged_by_the_keyboard(open_app):
    """Three tables, 今天天气真好: the choices are reached and picked with the keys alone."""
    text = "今天天气真好"
    counts = {name: len(tiktoken_encoding(name).encode(text)) for name in ("r50k_base", "cl100k_base", "o200k_base")}
    page = ask(open_app, f"lesson=tables&lang=en&ttext={text}")
    choices = page.get_by_test_id("ask-choice")
    expect(choices).to_have_count(3)
    labels = choices.all_inner_texts()
    most = max(counts, key=counts.get)  # the table with the most tokens: a wrong answer
    target = next(i for i, label in enumerate(labels) if label.startswith(most))
    choices.first.focus()
    for _ in range(target):
        page.keyboard.press("ArrowRight")
    expect(choices.nth(target)).to_be_focused()
    page.keyboard.press("Enter")
    expect(verdict(page)).to_have_attribute("data-result", "wrong")
    fewest = min(counts.values())
    expect(verdict(page)).to_contain_text(f"{fewest}.")
    for name, n in counts.items():
        expect(page.locator(f'[data-testid="tables-count"][data-encoding="{name}"]')).to_have_attribute("data-count", str(n))
        if n == fewest:
            expect(verdict(page)).to_contain_text(name)


def test_the_special_id_is_the_one_tiktoken_gives(open_app):
    special = tiktoken_encoding("r50k_base").encode("<|endoftext|>", allowed_special="all")
    assert len(special) == 1
    page = ask(open_app, "lesson=special&lang=en")
    page.get_by_test_id("ask-choice").filter(has_text=re.compile(rf"^{special[0]}$")).click()
    expect(verdict(page)).to_have_attribute("data-result", "correct")
    expect(page.get_by_test_id("special-allowed")).to_be_visible()


def test_the_first_merge_is_the_hand_counted_one(open_app):
    """The default corpus, "low lower lowest low lower newest": l+o and o+w both occur 5 times, and the
    first met reading the corpus (the default tie rule) is l+o."""
    page = ask(open_app, "lesson=train&lang=en")
    choices = page.get_by_test_id("ask-choice")
    wrong = choices.filter(has_text=re.compile(r"^o \+ w$"))
    expect(wrong).to_have_count(1)
    wrong.click()
    expect(verdict(page)).to_have_attribute("data-result", "wrong")
    expect(verdict(page)).to_contain_text("l + o merges first: it occurs 5 times")
    expect(page.get_by_test_id("merge-list")).to_be_visible()


def test_the_teacher_switch_turns_asking_off_and_the_link_keeps_it(open_app):
    page = ask(open_app, "lesson=encode&lang=en&text=tokenization")
    expect(page.locator(QUESTION)).to_be_visible()
    switch = page.get_by_test_id("ask-toggle")
    expect(switch).to_have_attribute("aria-pressed", "true")
    settled_after(page, lambda: press_tool(page, "ask-toggle"))
    expect(switch).to_have_attribute("aria-pressed", "false")
    expect(page.locator(QUESTION)).to_be_hidden()
    expect(page.get_by_test_id("token-count")).to_be_visible()
    expect(page).to_have_url(re.compile(r"[#&]ask=0(&|$)"))
    # Another lesson's tab: no question there either.
    settled_after(page, page.get_by_test_id("lesson-tab-tables").click)
    expect(page.locator(QUESTION)).to_be_hidden()
    expect(page.get_by_test_id("tables-r50k_base")).to_be_visible()
    expect(page).to_have_url(re.compile(r"[#&]ask=0(&|$)"))


def test_a_link_with_asking_off_opens_without_a_question(open_app):
    page = ask(open_app, "lesson=compare&lang=en&ask=0")
    expect(page.get_by_test_id("ask-toggle")).to_have_attribute("aria-pressed", "false")
    expect(page.locator(QUESTION)).to_be_hidden()
    expect(page.get_by_test_id("compare-rows")).to_be_visible()
    # Turned on again, the lesson asks afresh about what it shows, and the link says so (no ask=0).
    settled_after(page, lambda: press_tool(page, "ask-toggle"))
    expect(page.locator(QUESTION)).to_be_visible()
    expect(page.get_by_test_id("compare-rows")).to_be_hidden()
    expect(page).not_to_have_url(re.compile(r"ask=0"))


def test_the_question_is_asked_in_chinese(open_app):
    page = ask(open_app, "lesson=tables&lang=zh")
    question = page.locator(QUESTION)
    expect(question).to_contain_text("先猜一猜")
    expect(page.get_by_test_id("ask-next")).to_have_text("直接看答案")
    page.get_by_test_id("ask-choice").first.click()
    expect(verdict(page)).to_contain_text(re.compile("答对了|不是这个"))


@pytest.mark.parametrize("lesson", ["encode", "train"])
def test_asking_passes_axe(open_app, axe_violations, lesson):
    page = ask(open_app, f"lesson={lesson}&lang=en")
    bad = [v for v in axe_violations(page) if v["impact"] in ("serious", "critical")]
    assert bad == [], [(v["id"], [n["target"] for n in v["nodes"]]) for v in bad]
    page.get_by_test_id("ask-next").click()
    expect(verdict(page)).to_be_visible()
    bad = [v for v in axe_violations(page) if v["impact"] in ("serious", "critical")]
    assert bad == [], [(v["id"], [n["target"] for n in v["nodes"]]) for v in bad]


def test_turned_on_again_it_asks_about_what_is_on_show(open_app):
    """Answered, then another text, then asking off and on: the new question is about the new text."""
    page = ask(open_app, "lesson=tables&lang=en")
    page.get_by_test_id("ask-next").click()
    expect(verdict(page)).to_have_attribute("data-result", "shown")
    text = "hello world, hello tokens"
    settled_after(page, lambda: page.locator("#tables-input").fill(text))
    expect(page.locator(QUESTION)).to_be_hidden()  # one question per lesson opened: it tells at once now
    for _ in range(2):
        settled_after(page, lambda: press_tool(page, "ask-toggle"))
    expect(page.locator(QUESTION)).to_be_visible()
    expect(page.get_by_test_id("tables-r50k_base")).to_be_hidden()
    page.get_by_test_id("ask-next").click()
    fewest = min(len(tiktoken_encoding(name).encode(text)) for name in ("r50k_base", "cl100k_base", "o200k_base"))
    expect(verdict(page)).to_contain_text(f", {fewest}.")
