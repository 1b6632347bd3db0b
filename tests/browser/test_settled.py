"""The one sign that the page has drawn what was asked (web/ui/settled.mjs): the lesson root's
data-settled. Every lesson reaches it once opened; a change takes it away at once and it comes back,
for the newer state, only once the answer is drawn."""

from playwright.sync_api import expect

from conftest import ROOT_SELECTOR, asked, shared_page_fixtures, wait_settled

LESSON_IDS = ["encode", "decode", "train", "compare", "special", "tables", "models", "samples", "quirks", "lab", "glossary"]

open_app, page, console_errors = shared_page_fixtures()

TYPE_AND_LOOK = """([testid, text]) => {
    const box = document.querySelector(`[data-testid="${testid}"]`);
    box.value = text;
    box.dispatchEvent(new Event("input", { bubbles: true }));
    return document.querySelector('[data-testid="lesson-root"]').dataset.settled;
}"""


def test_every_lesson_settles_once_opened(open_app, console_errors):
    for lesson in LESSON_IDS:
        page = open_app(f"lesson={lesson}")
        drawn = wait_settled(page)
        assert drawn == asked(page), lesson
        assert page.locator(ROOT_SELECTOR).get_attribute("data-settled") == str(drawn)
        assert console_errors == [], lesson


def test_a_change_is_unsettled_at_once_and_settles_with_its_answer_drawn(open_app):
    page = open_app("lesson=decode&ids=15496")
    wait_settled(page)
    before = asked(page)
    # In the same task as the input event: the typed state is asked and its answer not drawn yet.
    assert page.evaluate(TYPE_AND_LOOK, ["ids-input", "15496, 995"]) is None
    wait_settled(page, after=before)
    expect(page.get_by_test_id("decoded-text")).to_have_text("Hello world")
