"""One rule for drawing bytes and whitespace (web/glyphs.mjs), seen in the lessons in Chromium.

Where a lesson shows GPT-2's symbols, a byte is written the way GPT-2's table writes it (Ġ, Ċ, ĉ);
where it shows characters, a space, newline or tab is ␣ ↵ ⇥ and any other control character its Control
Picture. glyphs.mjs itself is held to the engine's byte table under Node (tests/js/glyphs.test.mjs); here
each lesson is looked at once to see that they draw by the same rule.
"""

from __future__ import annotations

import json

from conftest import shared_page_fixtures
from playwright.sync_api import expect

open_app, page, console_errors = shared_page_fixtures()  # the tests share one booted page (conftest)


def test_lessons_draw_a_newline_by_the_rule(open_app, r50k_oracle):
    # Encode's pieces strip shows text, whitespace as the spans show it (issue 37): the newline piece is ↵.
    page = open_app("lesson=encode&lang=en&text=" + "hi%0A")
    strip = page.get_by_test_id("pieces").get_by_test_id("piece")
    expect(strip).to_have_count(2)
    assert strip.locator(".piece-text").all_text_contents() == ["hi", "↵"]
    # Decode shows the token as GPT-2 writes it and the character it completes as a character.
    newline = r50k_oracle.encode_ordinary("\n")
    page = open_app("lesson=decode&lang=en&ids=" + "+".join(map(str, newline)))
    item = page.get_by_test_id("decode-item")
    expect(item).to_have_count(1)
    expect(item.get_by_test_id("decode-token")).to_have_text("Ċ")
    expect(item.get_by_test_id("decode-completes")).to_have_text("↵")
    # Train's corpus rows, merge list and vocabulary show characters: a control character is its picture.
    page = open_app("lesson=train&lang=en&corpus=" + "x%01y+x%01y+ab+ab" + "&step=1")
    rows = page.get_by_test_id("corpus-before").get_by_test_id("corpus-row")
    expect(rows).to_have_count(2)
    symbols = [json.loads(s) for s in rows.evaluate_all("els => els.map(e => e.dataset.symbols)")]
    assert ["x", "\x01", "y", "</w>"] in symbols
    shown = rows.locator(".lk-syms").all_text_contents()
    assert "x␁y</w>" in shown
    base = page.get_by_test_id("vocab-base")
    expect(base.first).to_be_visible()
    assert ["\x01", "␁"] in base.evaluate_all("els => els.map(e => [e.dataset.token, e.textContent])")
