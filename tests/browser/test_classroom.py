"""The classroom kit in Chromium: a projector window that follows the presenter, speaker notes, decks
moved with PageDown / PageUp, and the embedded page.

BroadcastChannel reaches every page of one browser context, so one module-wide context holds the
presenter's window and its follow windows (each page boots its own engine once). What a follower
shows is read from its page (text boxes, the step text, the tabs), never from its state object.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from conftest import READY_TIMEOUT_MS, STATUS, new_app_context, settled_after, wait_settled  # tests/browser is on sys.path: pytest imports conftest from there

LESSON_IDS = ["encode", "decode", "train", "compare", "special", "tables", "families", "models", "samples", "quirks", "lab"]

# The type of every message a page posts on a BroadcastChannel, so a test can see that a window which
# must not drive the others (a follower, an embedded copy) never sent a view, without waiting a while.
POST_SPY = """
(() => {
  const post = BroadcastChannel.prototype.postMessage;
  window.__posted = [];
  BroadcastChannel.prototype.postMessage = function (message) {
    window.__posted.push(message && message.type);
    return post.call(this, message);
  };
})();
"""


def wait_until_ready(page) -> None:
    """The engine answers (the status element may be hidden: the embedded page has no header)."""
    page.wait_for_selector(f'{STATUS}[data-state="ready"], {STATUS}[data-state="error"]', state="attached",
                           timeout=READY_TIMEOUT_MS)
    assert page.locator(STATUS).get_attribute("data-state") == "ready", page.locator(STATUS).text_content()


class Room:
    """One browser context and the pages opened in it, with their console errors."""

    def __init__(self, browser, app_server):
        self.server = app_server
        self.context = new_app_context(browser, app_server)  # no service worker, kept to the origin
        self.errors: list[str] = []
        self.context.add_init_script(POST_SPY)
        self.context.on("page", self.watch)

    def watch(self, page):
        page.on("console", lambda m: self.errors.append(f"{page.url}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"{page.url}: pageerror: {e}"))

    def open(self, path: str, ready: bool = True):
        page = self.context.new_page()
        page.goto(self.server.url + path)
        if ready:
            wait_until_ready(page)
        return page


@pytest.fixture(scope="module")
def room(browser, app_server):
    room = Room(browser, app_server)
    yield room
    room.context.close()


@pytest.fixture(scope="module")
def pair(room):
    """The presenter's window and the projector window it opened with its button."""
    presenter = room.open("#lesson=encode&lang=en&text=tokenization")
    with room.context.expect_page() as opened:
        presenter.get_by_test_id("teach-button").click()
        presenter.get_by_test_id("open-projector").click()
    follower = opened.value
    assert "follow=1" in follower.url
    wait_until_ready(follower)
    expect(follower.get_by_test_id("follow-badge")).to_have_attribute("data-state", "following")
    # A choice closes the menu.
    expect(presenter.get_by_test_id("teach-menu")).not_to_have_attribute("open", "")
    return presenter, follower


def test_follower_mirrors_text_step_language_and_lesson(pair, room):
    presenter, follower = pair
    expect(follower.get_by_test_id("text-input")).to_have_value("tokenization")

    presenter.get_by_test_id("text-input").fill("fix the AI")
    expect(follower.get_by_test_id("text-input")).to_have_value("fix the AI")

    presenter.get_by_test_id("text-input").fill("tokenization")
    expect(presenter.get_by_test_id("step-text")).to_contain_text("0 / 10")
    presenter.locator("body").click(position={"x": 5, "y": 5})
    for _ in range(3):
        presenter.keyboard.press("ArrowRight")
    expect(presenter.get_by_test_id("step-text")).to_contain_text("3 / 10")
    expect(follower.get_by_test_id("step-text")).to_contain_text("3 / 10")
    expect(follower.get_by_test_id("scrubber")).to_have_value("3")

    presenter.get_by_test_id("lang-zh").click()
    expect(follower.locator("html")).to_have_attribute("lang", "zh-CN")
    expect(follower.get_by_test_id("lesson-tab-encode")).to_have_text(
        presenter.get_by_test_id("lesson-tab-encode").text_content())

    presenter.get_by_test_id("lesson-tab-decode").click()
    expect(follower.get_by_test_id("lesson-tab-decode")).to_have_attribute("aria-current", "page")
    expect(follower.get_by_test_id("ids-input")).to_have_value(presenter.get_by_test_id("ids-input").input_value())

    # The predict switch is state too.
    presenter.get_by_test_id("predict-toggle").click()
    expect(follower.get_by_test_id("predict-toggle")).to_have_attribute("aria-pressed", "true")
    presenter.get_by_test_id("predict-toggle").click()
    expect(follower.get_by_test_id("predict-toggle")).to_have_attribute("aria-pressed", "false")

    # The projector window keeps its own projector mode: it was opened with it on.
    expect(follower.locator("body")).to_have_class(re.compile(r"\bprojector\b"))
    expect(presenter.locator("body")).not_to_have_class(re.compile(r"\bprojector\b"))

    presenter.get_by_test_id("lang-en").click()
    presenter.get_by_test_id("lesson-tab-encode").click()
    expect(follower.get_by_test_id("lesson-tab-encode")).to_have_attribute("aria-current", "page")
    assert room.errors == []


def test_notes_only_in_the_presenters_window(pair):
    presenter, follower = pair
    notes = presenter.get_by_test_id("presenter-notes")
    expect(notes).to_be_visible()
    expect(notes).to_contain_text("Only this window shows the notes")
    expect(presenter.get_by_test_id("notes-followers")).to_have_text("Projector windows following: 1")
    expect(follower.get_by_test_id("presenter-notes")).to_have_count(0)
    expect(follower.get_by_test_id("teach-menu")).to_have_count(0)


def test_no_serious_axe_violations_in_either_window(pair, axe_violations):
    presenter, follower = pair
    presenter.get_by_test_id("teach-button").click()
    expect(presenter.get_by_test_id("deck-select")).to_be_visible()
    for page in (presenter, follower):
        bad = [v for v in axe_violations(page) if v["impact"] in ("serious", "critical")]
        assert bad == [], [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]]) for v in bad]
    # The menu closes like a menu: Escape inside it (focus goes back to its button), a press outside.
    menu = presenter.get_by_test_id("teach-menu")
    presenter.get_by_test_id("deck-select").focus()
    presenter.keyboard.press("Escape")
    expect(menu).not_to_have_attribute("open", "")
    expect(presenter.get_by_test_id("teach-button")).to_be_focused()
    presenter.get_by_test_id("teach-button").click()
    expect(menu).to_have_attribute("open", "")
    presenter.locator("main h1").first.click(position={"x": 5, "y": 5})  # its left end: the open menu hangs over its middle
    expect(menu).not_to_have_attribute("open", "")


def test_follower_edits_stay_local_until_the_presenter_moves(pair, r50k_oracle):
    presenter, follower = pair
    # The presenter's lesson settles its new text (piece, step: each a change it sends) before the
    # follower types: a clean-clone run saw a late view of the same text undo the follower's edit.
    settled_after(presenter, lambda: presenter.get_by_test_id("text-input").fill("the the"))
    expect(follower.get_by_test_id("text-input")).to_have_value("the the")
    wait_settled(follower)
    follower.get_by_test_id("text-input").fill("typed on the projector")
    # The follower took the edit (its lesson answered for it) and sent no view of its own.
    expect(follower.get_by_test_id("token-ids")).to_have_text(", ".join(map(str, r50k_oracle.encode_ordinary("typed on the projector"))))
    assert "view" not in follower.evaluate("() => window.__posted")
    expect(presenter.get_by_test_id("text-input")).to_have_value("the the")
    presenter.get_by_test_id("text-input").fill("Hello\nhello")
    expect(follower.get_by_test_id("text-input")).to_have_value("Hello\nhello")


def test_late_follower_gets_the_current_view(pair, room):
    presenter, _ = pair
    presenter.get_by_test_id("text-input").fill("late joiner")
    presenter.get_by_test_id("lang-zh").click()
    late = room.open("?follow=1", ready=False)
    expect(late.get_by_test_id("follow-badge")).to_have_attribute("data-state", "following", timeout=60_000)
    expect(late.get_by_test_id("text-input")).to_have_value("late joiner")
    expect(late.locator("html")).to_have_attribute("lang", "zh-CN")
    expect(presenter.get_by_test_id("notes-followers")).to_contain_text("2")
    # A presenter's window that closes says so (its pagehide), and the next view it hears resumes.
    presenter.evaluate("""() => {
        const channel = new BroadcastChannel(`toklab-classroom:${location.pathname.replace(/[^/]*$/, "")}`);
        channel.postMessage({type: "gone"});
        channel.close();
    }""")
    expect(late.get_by_test_id("follow-badge")).to_have_attribute("data-state", "waiting")
    expect(late.get_by_test_id("follow-badge")).to_contain_text("正在等待讲者的窗口")
    presenter.get_by_test_id("text-input").fill("back again")
    expect(late.get_by_test_id("follow-badge")).to_have_attribute("data-state", "following")
    expect(late.get_by_test_id("text-input")).to_have_value("back again")
    late.close()
    expect(presenter.get_by_test_id("notes-followers")).to_contain_text("1")
    presenter.get_by_test_id("lang-en").click()


def test_follower_drops_fields_it_cannot_read(pair, room):
    presenter, follower = pair
    presenter.get_by_test_id("text-input").fill("tokenization")
    expect(follower.get_by_test_id("text-input")).to_have_value("tokenization")
    # A message as another page of the origin could send it: unreadable fields are left at defaults.
    presenter.evaluate("""() => {
        const channel = new BroadcastChannel(`toklab-classroom:${location.pathname.replace(/[^/]*$/, "")}`);
        channel.postMessage({type: "view", view: {state: {lesson: "encode", text: 42, step: "3", piece: -1, lang: "xx"}, deck: {index: "1"}}});
        channel.close();
    }""")
    expect(follower.get_by_test_id("text-input")).to_have_value("tokenization")
    expect(follower.get_by_test_id("scrubber")).to_have_value("0")
    expect(follower.locator("html")).to_have_attribute("lang", "en")
    expect(follower.get_by_test_id("deck-position")).to_be_hidden()
    assert room.errors == []


def test_deck_moves_with_page_keys_on_both_windows(pair, room):
    presenter, follower = pair
    # Outside a deck the notes say what the lesson is about, with a button that starts its deck.
    expect(presenter.get_by_test_id("notes-title")).to_have_text("About this lesson")
    expect(presenter.get_by_test_id("notes-text")).to_contain_text("lowest")
    presenter.get_by_test_id("notes-start").click()
    position = presenter.get_by_test_id("deck-position")
    expect(position).to_have_text("1 / 10")
    expect(follower.get_by_test_id("deck-position")).to_have_text("1 / 10")
    expect(presenter.get_by_test_id("notes-title")).to_contain_text("A word is not what the model sees")
    presenter.locator("body").click(position={"x": 5, "y": 5})
    presenter.keyboard.press("PageUp")  # nothing before the first slide
    expect(position).to_have_text("1 / 10")
    presenter.keyboard.press("PageDown")
    presenter.keyboard.press("PageDown")
    expect(position).to_have_text("3 / 10")
    expect(presenter.get_by_test_id("scrubber")).to_have_value("5")
    expect(follower.get_by_test_id("deck-position")).to_have_text("3 / 10")
    expect(follower.get_by_test_id("scrubber")).to_have_value("5")
    assert "deck=encode" in presenter.url and "slide=3" in presenter.url
    presenter.keyboard.press("PageUp")
    expect(position).to_have_text("2 / 10")
    expect(presenter.get_by_test_id("scrubber")).to_have_value("1")
    # Clickers send PageDown even while the text box has focus.
    presenter.get_by_test_id("text-input").focus()
    presenter.keyboard.press("PageDown")
    expect(position).to_have_text("3 / 10")
    # The notes follow the language; the follow window never shows them.
    presenter.get_by_test_id("lang-zh").click()
    expect(presenter.get_by_test_id("notes-title")).to_contain_text("合并出来的还能再合并")
    expect(follower.get_by_test_id("presenter-notes")).to_have_count(0)
    presenter.get_by_test_id("deck-stop").click()
    expect(position).to_be_hidden()
    expect(follower.get_by_test_id("deck-position")).to_be_hidden()
    presenter.get_by_test_id("lang-en").click()
    assert room.errors == []


def test_embed_hides_the_frame_and_fits_480_pixels(pair, room, axe_violations):
    _, follower = pair
    page = room.open("?embed=1#lesson=encode&lang=en")
    page.set_viewport_size({"width": 480, "height": 800})
    for testid in ("lesson-nav", "help-button", "lang-en"):
        expect(page.get_by_test_id(testid)).to_be_hidden()
    expect(page.locator("header.topbar")).to_be_hidden()
    expect(page.locator("footer.footer")).to_be_hidden()
    expect(page.get_by_test_id("presenter-notes")).to_have_count(0)
    link = page.get_by_test_id("embed-open")
    expect(link).to_be_visible()
    expect(link).to_have_attribute("target", "_blank")
    bad = [v for v in axe_violations(page) if v["impact"] in ("serious", "critical")]
    assert bad == [], [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]]) for v in bad]
    for lesson in LESSON_IDS:
        page.evaluate("(lesson) => { location.hash = `#lesson=${lesson}&lang=en`; }", lesson)
        expect(page.locator(f"main > .lesson.{lesson}")).to_be_attached()
        expect(page.locator("main .stale")).to_have_count(0)
        page.wait_for_function("() => document.fonts.status === 'loaded'")
        widths = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert widths[0] <= widths[1], f"{lesson} scrolls sideways at 480 px: {widths}"
    # The link follows the view a moment after it changes (it is rewritten after the hash is).
    expect(link).to_have_attribute("href", re.compile(r"lesson=lab"))
    assert "embed" not in link.get_attribute("href")
    # An embedded copy never drives the projector window: it sent no view while it went through every lesson.
    assert "view" not in page.evaluate("() => window.__posted")
    expect(follower.get_by_test_id("lesson-tab-lab")).not_to_have_attribute("aria-current", "page")
    page.close()
    assert room.errors == []


def deck_data(page, deck_id: str) -> dict:
    return page.evaluate("(id) => import(`./decks/${id}.mjs`).then((m) => JSON.parse(JSON.stringify(m.default)))", deck_id)


def test_every_slide_of_every_deck_opens(pair, room):
    presenter, follower = pair
    follower.close()
    notes = presenter.get_by_test_id("presenter-notes")
    expect(notes).to_be_hidden()  # no projector window left, and no ?presenter=1
    presenter.get_by_test_id("teach-button").click()
    presenter.get_by_test_id("notes-toggle").click()
    expect(notes).to_be_visible()
    expect(presenter.get_by_test_id("teach-menu")).not_to_have_attribute("open", "")
    assert "presenter=1" in presenter.url
    select = presenter.get_by_test_id("deck-select")
    deck_ids = [v for v in select.locator("option").evaluate_all("(os) => os.map((o) => o.value)") if v]
    assert deck_ids == LESSON_IDS
    position = presenter.get_by_test_id("deck-position")
    for deck_id in deck_ids:
        deck = deck_data(presenter, deck_id)
        slides = deck["slides"]
        assert 6 <= len(slides) <= 12, deck_id
        for text in [deck["title"], deck["summary"]] + [s[part] for s in slides for part in ("title", "notes")]:
            assert text["en"].strip() and re.search(r"[\u4e00-\u9fff]", text["zh"]), (deck_id, text)
        presenter.get_by_test_id("teach-button").click()
        select.select_option(deck_id)
        expect(presenter.get_by_test_id("teach-menu")).not_to_have_attribute("open", "")
        for n, slide in enumerate(slides, start=1):
            if n > 1:
                presenter.keyboard.press("PageDown")
            where = f"{deck_id} slide {n}"
            expect(position).to_have_text(f"{n} / {len(slides)}")
            lesson = slide["view"].get("lesson", deck["lesson"])
            expect(presenter.get_by_test_id(f"lesson-tab-{lesson}")).to_have_attribute("aria-current", "page")
            expect(presenter.get_by_test_id("notes-title")).to_contain_text(slide["title"]["en"])
            expect(presenter.locator("main .stale")).to_have_count(0, timeout=20_000)
            if "step" in slide["view"]:
                expect(presenter.get_by_test_id("scrubber")).to_have_value(str(slide["view"]["step"]), timeout=20_000)
            errors = presenter.locator('[data-testid$="-error"]:visible, [data-testid="engine-error"]:visible')
            assert [e.text_content() for e in errors.all() if e.text_content().strip()] == [], where
            assert room.errors == [], where
        presenter.keyboard.press("PageDown")  # past the last slide: stays
        expect(position).to_have_text(f"{len(slides)} / {len(slides)}")
