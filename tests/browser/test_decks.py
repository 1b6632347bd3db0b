"""Decks and the projector (issue 23): a slide scrolls both windows to what it is about, the Teach menu
closes after a choice, a deck opens with its speaker notes (which say what they are), and the follow
window's badge covers nothing of the lesson.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from test_classroom import Room, wait_until_ready  # noqa: F401  (tests/browser is on sys.path)

# The card of [data-testid=id] is at the top of the window, or the window is scrolled to its end with
# the card in view (a card near the page's end cannot reach the top).
AT_TOP = """(id) => {
    const target = document.querySelector(`#main [data-testid="${id}"]`);
    if (!target || !target.getClientRects().length) return false;
    const card = target.closest('.card') || target;
    const top = card.getBoundingClientRect().top;
    const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    return Math.abs(top) < 4 || (atEnd && top >= 0 && top < window.innerHeight);
}"""


@pytest.fixture(scope="module")
def room(browser, app_server):
    room = Room(browser, app_server)
    yield room
    room.context.close()


def overlaps(a, b) -> bool:
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


def test_a_deck_scrolls_both_windows_to_each_slides_subject(room):
    # Asking off, as a teacher presents: each slide's subject is drawn (the final tokens are an answer).
    presenter = room.open("#lesson=encode&lang=en&text=tokenization&ask=0")
    menu = presenter.get_by_test_id("teach-menu")
    with room.context.expect_page() as opened:
        presenter.get_by_test_id("teach-button").click()
        presenter.get_by_test_id("open-projector").click()
    follower = opened.value
    wait_until_ready(follower)
    expect(menu).not_to_have_attribute("open", "")
    notes = presenter.get_by_test_id("presenter-notes")

    presenter.get_by_test_id("teach-button").click()
    expect(presenter.get_by_test_id("notes-toggle-hint")).to_contain_text("Only this window shows them")
    presenter.get_by_test_id("deck-select").select_option("encode")
    expect(menu).not_to_have_attribute("open", "")
    expect(presenter.get_by_test_id("deck-position")).to_have_text("1 / 10")
    # The deck brought its notes, and they say what they are.
    expect(notes).to_be_visible()
    expect(notes).to_contain_text("What to say on each slide")
    expect(presenter.get_by_test_id("notes-title")).to_contain_text("A word is not what the model sees")

    # Slide 1 is about the merge canvas; slide 4 about the final tokens; slide 5 about the wrong cut.
    for window in (presenter, follower):
        window.wait_for_function(AT_TOP, arg="merge-canvas", timeout=60_000)
    first = presenter.evaluate("() => window.scrollY")
    assert first > 0
    for _ in range(3):
        presenter.keyboard.press("PageDown")
    expect(presenter.get_by_test_id("deck-position")).to_have_text("4 / 10")
    for window in (presenter, follower):
        window.wait_for_function(AT_TOP, arg="final-tokens", timeout=60_000)
    assert presenter.evaluate("() => window.scrollY") != first
    presenter.keyboard.press("PageDown")
    expect(follower.get_by_test_id("deck-position")).to_have_text("5 / 10")
    for window in (presenter, follower):
        window.wait_for_function(AT_TOP, arg="greedy-pane", timeout=60_000)

    # The follow badge sits in the page's flow: it covers no part of the lesson, the legend included.
    badge = follower.get_by_test_id("follow-badge")
    expect(badge).to_have_attribute("data-state", "following")
    follower.evaluate("() => window.scrollTo(0, 0)")
    legend = follower.locator("#main .legend").first
    legend.scroll_into_view_if_needed()
    box = badge.bounding_box()
    assert not overlaps(box, legend.bounding_box())
    main_top = follower.locator("#main").bounding_box()["y"]
    assert box["y"] + box["height"] <= main_top + 1
    presenter.get_by_test_id("deck-stop").click()
    assert room.errors == []
