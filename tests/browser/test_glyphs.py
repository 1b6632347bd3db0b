"""One rule for drawing bytes and whitespace (web/glyphs.mjs), checked in Chromium.

Where a lesson shows GPT-2's symbols, a byte is written the way GPT-2's table writes it (Ġ, Ċ, ĉ);
where it shows characters, a space, newline or tab is ␣ ↵ ⇥ and any other control character its Control
Picture. GPT-2's side comes from the engine (printable tokens, and each piece's label: tests/test_facts.py);
the page draws the character side, and each lesson is looked at once to see that they draw by the same rule.
"""

from __future__ import annotations

import json

from playwright.sync_api import expect

from toklab.bytes_unicode import BYTE_TO_UNICODE
from toklab.facts import piece_label

# Every C0 control, space and DEL: the characters GPT-2's table moves to U+0100 onwards.
BLANKS = [chr(cp) for cp in range(0x21)] + ["\x7f"]
STAND_IN = {" ": "␣", "\n": "↵", "\t": "⇥", "\x7f": "␡"}


def draw(page, name: str, items: list) -> list:
    """Each item through glyphs.mjs's function `name`, in the page."""
    return page.evaluate(
        "async ([name, items]) => { const g = await import('./glyphs.mjs'); return items.map((x) => g[name](x)); }",
        [name, items],
    )


def test_gpt2_symbols_and_characters_follow_one_rule(page):
    """The character side in the page; GPT-2's side (the pieces strip's label) is the engine's, tested
    in tests/test_facts.py."""
    rows = zip(BLANKS, draw(page, "visibleChar", BLANKS), draw(page, "visibleSymbol", BLANKS))
    for ch, char, symbol in rows:
        # The character side: one stand-in, the same in the canvas, the chips and the corpus rows.
        assert char == symbol == STAND_IN.get(ch, chr(0x2400 + ord(ch))), repr(ch)
    # A printable token is drawn as it is on the character side too: the two sides never fight.
    tokens = [BYTE_TO_UNICODE[b] for b in range(256)] + ["Ġthe", "ĊĊ", "Âł", "âĢĭ"]
    assert draw(page, "visibleSymbol", tokens) == tokens
    # Visible text stays as it is, as the engine's piece labels keep it; a joiner inside an emoji keeps shaping it.
    visible = ["the", "今天", "🦄", "👨\u200d👩\u200d👧", "naïve"]
    assert draw(page, "visibleSymbol", visible) == [piece_label(v) for v in visible] == visible
    assert draw(page, "visibleSymbol", ["a b\n", "\u200b", "\u00a0", "\x85"]) == ["a␣b↵", "U+200B", "␣", "U+0085"]


def test_lessons_draw_a_newline_by_the_rule(open_app, r50k_oracle):
    # Encode's pieces strip shows GPT-2's symbols: the newline piece is Ċ.
    page = open_app("lesson=encode&lang=en&text=" + "hi%0A")
    strip = page.get_by_test_id("pieces").get_by_test_id("piece")
    expect(strip).to_have_count(2)
    assert strip.locator(".piece-text").all_text_contents() == ["hi", "Ċ"]
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
