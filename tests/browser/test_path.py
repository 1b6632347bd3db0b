"""A path through the lessons (issue 23): numbered tabs in the registry's order, "Start here" on a first
visit, "Next: …" at the end of each lesson, and on a phone labelled buttons, a cue that the tab row
scrolls and a compact header that stays at the top.

The order is read from web/lessons/registry.mjs (the one place it is written), never typed here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import click_when_settled, shared_page_fixtures, wait_until_ready
from playwright.sync_api import expect

open_app, page, console_errors = shared_page_fixtures()

ROOT = Path(__file__).resolve().parents[2]
REGISTRY = (ROOT / "web" / "lessons" / "registry.mjs").read_text(encoding="utf-8")
ORDER = re.findall(r'^  lesson\("(\w+)"\),$', REGISTRY, re.M)
PHONE = {"width": 390, "height": 844}


def test_the_registry_names_every_lesson_once():
    assert len(ORDER) >= 9 and len(set(ORDER)) == len(ORDER)


def test_the_tabs_are_numbered_in_the_registrys_order(open_app):
    page = open_app("lesson=encode&lang=en")
    tabs = page.locator(".lesson-tab")
    expect(tabs).to_have_count(len(ORDER))
    ids = [tab.get_attribute("data-testid") for tab in tabs.all()]
    assert ids == [f"lesson-tab-{lesson}" for lesson in ORDER]
    numbers = page.locator(".lesson-tab .tab-num").all_inner_texts()
    assert numbers == [str(n) for n in range(1, len(ORDER) + 1)]


def test_start_here_marks_the_first_lesson_until_a_second_one_is_opened(fresh_app):
    page = fresh_app(f"lesson={ORDER[2]}&lang=en")
    start = page.get_by_test_id("start-here")
    expect(start).to_have_count(1)
    expect(start).to_be_visible()
    expect(start).to_have_text("Start here")
    # It sits in the first lesson's tab, whichever lesson the link opened.
    expect(page.get_by_test_id(f"lesson-tab-{ORDER[0]}").get_by_test_id("start-here")).to_be_visible()
    page.get_by_test_id("lang-zh").click()
    expect(start).to_have_text("从这里开始")
    page.get_by_test_id(f"lesson-tab-{ORDER[0]}").click()
    expect(page.get_by_test_id(f"lesson-tab-{ORDER[0]}")).to_have_attribute("aria-current", "page")
    expect(page.get_by_test_id("start-here")).to_have_count(0)
    page.reload()
    wait_until_ready(page)
    expect(page.get_by_test_id(f"lesson-tab-{ORDER[0]}")).to_be_visible()
    expect(page.get_by_test_id("start-here")).to_have_count(0)
    assert fresh_app.errors == []


def test_next_walks_every_lesson_in_order_and_the_last_has_none(open_app, console_errors):
    page = open_app(f"lesson={ORDER[0]}&lang=en")
    titles = page.locator(".lesson-tab .tab-title").all_inner_texts()
    for i, lesson in enumerate(ORDER):
        expect(page.get_by_test_id(f"lesson-tab-{lesson}")).to_have_attribute("aria-current", "page", timeout=60_000)
        link = page.get_by_test_id("lesson-next")
        if i + 1 == len(ORDER):
            expect(link).to_be_hidden()
            break
        expect(link).to_have_attribute("data-next", ORDER[i + 1])
        expect(link).to_have_text(f"Next: {i + 2} · {titles[i + 1]} →")
        # The link is the lesson's last word: nothing in the lesson's root sits below it.
        below = page.evaluate("""() => {
            const link = document.querySelector('[data-testid=lesson-next]').getBoundingClientRect();
            return [...document.querySelectorAll('#main *')]
                .filter((n) => !n.closest('[data-testid=lesson-next]') && n.getClientRects().length)
                .filter((n) => n.getBoundingClientRect().top >= link.bottom).length;
        }""")
        assert below == 0, lesson
        click_when_settled(page, page.get_by_test_id("lesson-next-button"))
        # The next lesson opens from its top.
        page.wait_for_function("() => window.scrollY === 0")
    assert console_errors == []


def test_next_says_it_in_chinese(open_app):
    page = open_app(f"lesson={ORDER[1]}&lang=zh")
    title = page.get_by_test_id(f"lesson-tab-{ORDER[2]}").locator(".tab-title").inner_text()
    expect(page.get_by_test_id("lesson-next")).to_have_text(f"下一课： 3 · {title} →")


def test_a_phone_shows_labelled_buttons_and_a_cue_that_the_tabs_scroll(open_app):
    page = open_app(f"lesson={ORDER[0]}&lang=en")
    page.set_viewport_size(PHONE)
    # The teacher's tools are folded under one button (issue 37); opened, each says what it does.
    page.get_by_test_id("tools-toggle").click()
    for testid, words in (("projector-toggle", "Projector"), ("teach-button", "Teach"), ("help-button", "Keys")):
        button = page.get_by_test_id(testid)
        expect(button).to_be_visible()
        assert button.inner_text().strip() == words, testid  # what is rendered: the icon is not
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], testid
    # The bare icons are gone: what a phone shows of each button is its words.
    assert page.locator(".topbar-tools .tool-icon").evaluate_all("(ns) => ns.filter((n) => n.getClientRects().length).length") == 0
    cue = page.get_by_test_id("lesson-nav-cue")
    expect(cue).to_be_visible()
    last = page.get_by_test_id(f"lesson-tab-{ORDER[-1]}")
    last.scroll_into_view_if_needed()
    expect(cue).to_be_hidden()
    page.set_viewport_size({"width": 1920, "height": 1080})
    expect(cue).to_be_hidden()


def test_a_phone_keeps_the_lesson_and_the_language_at_the_top(open_app):
    page = open_app(f"lesson={ORDER[3]}&lang=en")
    page.set_viewport_size(PHONE)
    bar = page.get_by_test_id("phone-bar")
    expect(bar).to_be_hidden()
    title = page.get_by_test_id(f"lesson-tab-{ORDER[3]}").locator(".tab-title").inner_text()
    # The open lesson's tab is scrolled into the row's view.
    tab = page.get_by_test_id(f"lesson-tab-{ORDER[3]}").bounding_box()
    assert tab["x"] >= 0 and tab["x"] + tab["width"] <= PHONE["width"]
    page.mouse.wheel(0, 1500)
    expect(bar).to_be_visible()
    expect(page.get_by_test_id("phone-bar-lesson")).to_have_text(f"Lesson 4 of {len(ORDER)}: {title}")
    box = bar.bounding_box()
    assert box["y"] == 0 and box["height"] < 80
    for testid in ("phone-bar-top", "phone-bar-lang"):
        b = page.get_by_test_id(testid).bounding_box()
        assert b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"] and b["y"] + b["height"] <= box["height"], testid
    page.get_by_test_id("phone-bar-lang").click()
    expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    zh_title = page.get_by_test_id(f"lesson-tab-{ORDER[3]}").locator(".tab-title").inner_text()
    expect(page.get_by_test_id("phone-bar-lesson")).to_have_text(f"第 4 课（共 {len(ORDER)} 课）：{zh_title}")
    expect(page.get_by_test_id("phone-bar-lang")).to_have_text("English")
    page.get_by_test_id("phone-bar-top").click()
    page.wait_for_function("() => window.scrollY === 0")
    expect(bar).to_be_hidden()
    expect(page.get_by_test_id(f"lesson-tab-{ORDER[3]}")).to_be_focused()


def test_a_wide_screen_never_shows_the_phone_bar(open_app):
    page = open_app(f"lesson={ORDER[0]}&lang=en")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.mouse.wheel(0, 1500)
    page.wait_for_function("() => window.scrollY > 0")
    expect(page.get_by_test_id("phone-bar")).to_be_hidden()


def test_a_phone_hint_says_tap(open_app):
    page = open_app("lesson=train&lang=en")
    page.set_viewport_size(PHONE)
    expect(page.get_by_test_id("train-explain")).to_contain_text("tap ▶")
    expect(page.get_by_test_id("forward")).to_be_visible()
    page.get_by_test_id("lang-zh").click()
    expect(page.get_by_test_id("train-explain")).to_contain_text("点 ▶")


def test_space_on_a_clicked_button_presses_only_that_button(open_app):
    page = open_app("lesson=encode&lang=en&text=tokenization")
    play = page.get_by_test_id("play")
    expect(page.get_by_test_id("merge-canvas")).to_have_attribute("data-total", "10")
    toggle = page.get_by_test_id("mistake-toggle")
    before = toggle.get_attribute("aria-pressed")
    toggle.click()
    expect(toggle).not_to_have_attribute("aria-pressed", before)
    expect(toggle).to_be_focused()
    page.keyboard.press("Space")
    expect(toggle).to_have_attribute("aria-pressed", before)
    expect(play).not_to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("scrubber")).to_have_value("0")
    # Away from a button, Space still plays.
    page.locator("main h1").first.click()
    page.keyboard.press("Space")
    page.wait_for_function("() => document.querySelector('[data-testid=scrubber]').value !== '0'")


def test_python_ready_says_what_it_means(open_app):
    page = open_app("lesson=decode&lang=en")
    status = page.get_by_test_id("status")
    expect(status).to_have_text("Python ready")
    expect(status).to_have_attribute("title", re.compile(r"engine is Python running inside this page"))
    page.get_by_test_id("lang-zh").click()
    expect(status).to_have_attribute("title", re.compile(r"在这个网页里运行的 Python"))


def test_the_book_the_lessons_quote_is_named_once(open_app):
    page = open_app("lesson=samples&lang=en")
    note = page.get_by_test_id("source-note")
    expect(note).to_contain_text("“the chapter”")
    expect(note).to_contain_text("18.3 Tokenizer：字符、BPE 与词表")
    page.get_by_test_id("lang-zh").click()
    expect(note).to_contain_text("“教材”")
    expect(note).to_contain_text("MiniGPT")
    assert page.locator("footer [data-testid=source-note]").count() == 1


def test_a_passed_lab_exercise_leads_on_to_the_next(open_app, dist_dir):
    from lab_solutions import solution
    from test_lab import open_lab, paste, run_and_wait

    exercises = json.loads((dist_dir / "lab" / "catalog.json").read_text(encoding="utf-8"))["exercises"]
    page = open_lab(open_app, "lesson=lab&lang=en&ex=get_stats")
    expect(page.get_by_test_id("lab-next")).to_have_count(0)
    paste(page, solution("right", "get_stats"))
    run_and_wait(page, "passed")
    nxt = page.get_by_test_id("lab-next")
    expect(nxt).to_have_text(f"Next: {exercises[1]['function']}() →")
    nxt.click()
    expect(page.get_by_test_id(f"lab-exercise-{exercises[1]['id']}")).to_have_attribute("aria-current", "step")
    expect(page.get_by_test_id("lab-next")).to_have_count(0)
