"""Layout at every size (issue 23), measured as boxes, never as pixels: what a phone shows of Compare's
costs stays on the screen, Quirks writes part of a character as hex bytes with plain spaces (␣ is the
text's space), and so on. Each test reads what is shown."""

from __future__ import annotations

import json
import re

from conftest import shared_page_fixtures
from playwright.sync_api import expect

open_app, page, console_errors = shared_page_fixtures()

PHONE = {"width": 390, "height": 844}

# Elements under `selector` whose box leaves the viewport on the right, or whose text overflows its box.
CUT = """(selector) => [...document.querySelectorAll(selector)].filter((n) => n.getClientRects().length).flatMap((n) => {
    const box = n.getBoundingClientRect();
    const out = [];
    if (box.left < -0.5 || box.right > document.documentElement.clientWidth + 0.5) out.push(['outside', n.textContent, box.left, box.right]);
    if (n.scrollWidth > n.clientWidth + 1) out.push(['overflow', n.textContent, n.scrollWidth, n.clientWidth]);
    return out;
})"""


def test_a_phone_shows_compares_costs_whole(open_app):
    page = open_app("lesson=compare&lang=en")
    page.set_viewport_size(PHONE)
    rows = page.get_by_test_id("cost-row")
    expect(rows).to_have_count(4)
    assert page.evaluate(CUT, "[data-testid=compare-costs] tbody td, [data-testid=compare-costs] tbody th, .lk-cost") == []
    # Each cost says which one it is, and the numbers are the whole numbers ("(×1.00)", not "(×").
    heads = page.locator("[data-testid=compare-costs] thead th").all_text_contents()
    labels = rows.first.locator("td").evaluate_all(
        "(cells) => cells.map((c) => getComputedStyle(c, '::before').content)")
    assert labels == [json.dumps(h, ensure_ascii=False) for h in heads[1:]]
    for cost in page.locator(".lk-cost").all_inner_texts():
        assert cost.count("(") == cost.count(")"), cost


def test_quirks_writes_part_of_a_character_as_hex_bytes_with_plain_spaces(open_app, r50k_oracle):
    page = open_app("lesson=quirks&lang=en&case=languages")  # asking off: the rows show at once
    expect(page.get_by_test_id("quirks-row").first).to_be_visible()
    texts = [json.loads(t) for t in page.get_by_test_id("quirks-text").all_inner_texts()]
    wanted = []
    for text in texts:
        for token in r50k_oracle.encode(text):
            data = r50k_oracle.decode_single_token_bytes(token)
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                wanted.append(data.hex(" ").upper())
    assert wanted, "the case has no token that is part of a character"
    shown = page.locator("[data-testid=quirks-chip].partial .lk-chip-token").all_inner_texts()
    assert shown == wanted
    assert all(re.fullmatch(r"[0-9A-F]{2}( [0-9A-F]{2})*", s) for s in shown)


def test_the_step_buttons_stay_put_while_the_texts_above_them_change(open_app):
    page = open_app("lesson=encode&lang=en&text=tokenization")
    page.set_viewport_size(PHONE)
    page.emulate_media(reduced_motion="reduce")  # each step drawn at once: the boxes measured are the step's
    canvas = page.get_by_test_id("merge-canvas")
    expect(canvas).to_have_attribute("data-total", "10")
    forward = page.get_by_test_id("forward")
    forward.scroll_into_view_if_needed()
    heights, places = set(), set()
    for step in range(1, 11):
        box = forward.bounding_box()
        places.add((round(box["x"]), round(box["y"])))
        heights.add(round(page.get_by_test_id("step-caption").bounding_box()["height"]))
        forward.click()
        expect(page.get_by_test_id("scrubber")).to_have_value(str(step))
        expect(canvas).to_have_attribute("data-animating", "false")
        # The page scrolled back (two frames after the press): the button is where the thumb is.
        page.wait_for_function(
            "(y) => Math.abs(document.querySelector('[data-testid=forward]').getBoundingClientRect().top - y) < 1",
            arg=box["y"], timeout=10_000)
    assert len(heights) > 1, "the captions all had one height: the test shows nothing"
    assert len(places) == 1, places


HEAD_BOXES = """() => [...document.querySelectorAll(".lk-tables .stage-head")].map((head) => {
    const box = (el) => { const r = el.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; };
    return [head.innerText, box(head.querySelector(".stage-num")), box(head.querySelector(".stage-title"))];
})"""


def test_each_tables_card_has_its_number_beside_its_title(open_app):
    page = open_app("lesson=tables&lang=en")
    for size in (PHONE, {"width": 1280, "height": 800}, {"width": 1920, "height": 1080}):
        page.set_viewport_size(size)
        heads = page.locator(".lk-tables .stage-head")
        expect(heads).to_have_count(3)
        # Each head's number and title measured in one go: read one after the other, a scroll the resize
        # set going could move the page between the two (a failure seen on a loaded machine).
        for text, num, title in page.evaluate(HEAD_BOXES):
            # Side by side: the number left of the title, on the title's lines.
            assert num["x"] + num["width"] <= title["x"], (size, text)
            assert num["y"] < title["y"] + title["height"] and title["y"] < num["y"] + num["height"], (size, text)


def test_samples_window_names_cover_no_token_and_the_stream_shows_the_first_window(open_app):
    page = open_app("lesson=samples&lang=en")
    flags = page.get_by_test_id("window-flag")
    expect(flags.first).to_be_visible()
    chips = page.get_by_test_id("stream-chip")
    boxes = chips.evaluate_all("(cs) => cs.map((c) => { const r = c.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })")
    for flag in flags.all():
        f = flag.bounding_box()
        for left, top, right, bottom in boxes:
            assert not (f["x"] < right - 0.5 and left + 0.5 < f["x"] + f["width"] and f["y"] < bottom - 0.5 and top + 0.5 < f["y"] + f["height"]), flag.inner_text()
    # The first window's name is inside the stream box's visible part.
    box = page.get_by_test_id("samples-stream").bounding_box()
    first = flags.first.bounding_box()
    assert box["y"] <= first["y"] and first["y"] + first["height"] <= box["y"] + box["height"]
