"""The encode lesson shows the result first (issue 23): the user's own text as token spans right under
the text box, with the count, the characters per token and the ids, tied to the merges below; the long
paragraphs folded behind "Why?"; tokens shown as characters; a paste opening its first telling piece;
and predict mode hiding what it asks until the reveal.

Every expectation comes from tiktoken's r50k_base (built offline) and the `regex` pre-tokenizer, never
from the page's own code. The tests share one booted page (with clipboard access, for the paste).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest
from conftest import BootedPage, shared_page_fixtures, wait_settled, wait_until_ready
from playwright.sync_api import expect
from test_encode_lesson import bytes_to_unicode

open_app, page, console_errors = shared_page_fixtures()

# Waits are for the page's own markers; the machine may be loaded, so they are generous.
SLOW = 60_000
SPANS = '[data-testid="token-spans"] [data-testid="token-span"]'
VISIBLE = {" ": "␣", "\n": "↵", "\t": "⇥"}


@pytest.fixture(scope="module")
def booted(browser, app_server):
    shared = BootedPage(browser, app_server, permissions=["clipboard-read", "clipboard-write"])
    yield shared
    shared.close()


def type_text(page, text: str) -> None:
    """Empties the text box and types `text` key by key, as a person does."""
    box = page.get_by_test_id("text-input")
    box.click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    expect(page.get_by_test_id("token-count")).to_have_attribute("data-count", "0", timeout=SLOW)
    page.keyboard.type(text)


def expected_label(token_bytes: bytes) -> tuple[str, str]:
    """(what a span shows, its data-text): the characters with whitespace made visible, or dashed hex bytes."""
    try:
        text = token_bytes.decode("utf-8")
    except UnicodeDecodeError:
        return token_bytes.hex(" ").upper(), ""
    return "".join(VISIBLE.get(ch, ch) for ch in text), text


def wait_for_spans(page, ids: list[int]) -> None:
    """Until the spans are those of `ids`: a text typed halfway may already have as many tokens."""
    wait_settled(page, timeout_ms=SLOW)
    expect(page.get_by_test_id("token-count")).to_have_attribute("data-count", str(len(ids)), timeout=SLOW)
    expect(page.locator(SPANS)).to_have_count(len(ids), timeout=SLOW)
    page.wait_for_function(
        "([selector, ids]) => JSON.stringify([...document.querySelectorAll(selector)].map((e) => Number(e.dataset.id))) === JSON.stringify(ids)",
        arg=[SPANS, ids], timeout=SLOW,
    )


@pytest.mark.parametrize("text", ["Hello, world!", "今天天气真好", "emoji 🦄👍🏽 ok", "a  b\n\tc   end "])
def test_spans_are_tiktokens_tokens_as_you_type(page, r50k_oracle, text):
    type_text(page, text)
    ids = r50k_oracle.encode_ordinary(text)
    wait_for_spans(page, ids)
    spans = page.locator(SPANS)
    shown = spans.evaluate_all("els => els.map(e => [Number(e.dataset.id), e.dataset.bytes, e.dataset.text, e.textContent])")
    want = []
    for i in ids:
        token_bytes = r50k_oracle.decode_single_token_bytes(i)
        label, whole = expected_label(token_bytes)
        want.append([i, token_bytes.hex(" ").upper(), whole, label])
    assert shown == want
    # A token that is only part of a character is dashed; whole ones are not.
    parts = spans.evaluate_all("els => els.map(e => e.classList.contains('part'))")
    assert parts == [w[2] == "" for w in want]
    chars = len(text)
    count = page.get_by_test_id("token-count")
    expect(count).to_contain_text(f"{len(ids)} token")
    expect(count).to_contain_text(f"{chars} characters")
    ratio = (Decimal(chars) / Decimal(len(ids))).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    expect(count).to_contain_text(f"{ratio} characters per token")
    expect(page.get_by_test_id("result-ids")).to_have_text(f"[{', '.join(map(str, ids))}]")
    # Each span is labelled for a screen reader with its id and bytes.
    first = spans.first
    label = first.get_attribute("aria-label")
    assert str(ids[0]) in label and want[0][1] in label


def test_hover_says_a_tokens_id_and_bytes_and_a_click_opens_its_piece(page, r50k_oracle, gpt2_regex):
    text = "Hi there 今天"
    type_text(page, text)
    ids = r50k_oracle.encode_ordinary(text)
    wait_for_spans(page, ids)
    pieces = gpt2_regex.findall(text)
    last = page.locator(SPANS).last
    last.hover()
    token_bytes = r50k_oracle.decode_single_token_bytes(ids[-1])
    detail = page.get_by_test_id("token-detail")
    expect(detail).to_contain_text(f"id {ids[-1]}")
    expect(detail).to_contain_text(token_bytes.hex(" ").upper())
    last.click()
    pressed = page.locator('[data-testid="piece"][aria-pressed="true"]')
    expect(pressed).to_have_attribute("data-index", str(len(pieces) - 1))
    expect(page.get_by_test_id("piece-title")).to_contain_text(f"Piece {len(pieces)} of {len(pieces)}")
    canvas = page.get_by_test_id("merge-canvas")
    expect(canvas).to_have_attribute("data-text", pieces[-1], timeout=SLOW)
    expect(canvas).to_have_attribute("data-step", "0")
    # The spans of the open piece are marked; the keyboard reaches the others: Home, then Enter.
    for span in page.locator(SPANS).all():
        expect(span).to_have_attribute("aria-pressed", "true" if span.get_attribute("data-piece") == str(len(pieces) - 1) else "false")
    last.focus()
    page.keyboard.press("Home")
    expect(page.locator(SPANS).first).to_be_focused()
    page.keyboard.press("Enter")
    expect(pressed).to_have_attribute("data-index", "0")
    expect(page.locator(SPANS).first).to_have_attribute("aria-pressed", "true")


def test_why_folds_remember_their_state_across_a_reload(page):
    lead = page.locator("#encode-lead")
    toggle = page.locator('[data-testid="why-toggle"][data-fold="encode.lead"]')
    stage1 = page.locator('[data-testid="why-toggle"][data-fold="encode.stage1"]')
    expect(lead).to_be_hidden()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_have_text("Why?")
    toggle.click()
    expect(lead).to_be_visible()
    expect(lead).to_contain_text("integer ids")
    stage1.click()
    expect(page.locator("#encode-stage1-text")).to_be_visible()
    page.reload()
    wait_until_ready(page)
    expect(page.locator("#encode-lead")).to_be_visible()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#encode-stage1-text")).to_be_visible()
    expect(page.locator("#stage2-explain")).to_be_hidden()
    toggle.click()
    expect(lead).to_be_hidden()
    page.reload()
    wait_until_ready(page)
    expect(page.locator("#encode-lead")).to_be_hidden()
    expect(page.locator("#encode-stage1-text")).to_be_visible()
    # In Chinese the toggle says so.
    page.get_by_role("button", name="中文").click()
    expect(toggle).to_have_text("为什么？")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_first_screen_holds_the_box_its_tokens_and_the_canvas(open_app, r50k_oracle, lang):
    page = open_app(f"lesson=encode&lang={lang}")
    ids = r50k_oracle.encode_ordinary("tokenization")
    wait_for_spans(page, ids)
    expect(page.get_by_test_id("merge-canvas")).to_be_visible(timeout=SLOW)
    height = page.viewport_size["height"]
    for testid in ("text-input", "token-spans", "token-count", "result-ids"):
        box = page.get_by_test_id(testid).bounding_box()
        assert box["y"] + box["height"] <= height, testid
    canvas = page.get_by_test_id("merge-canvas").bounding_box()
    assert canvas["y"] + 24 <= height, canvas


def test_a_paste_opens_the_first_piece_with_something_to_show(page, r50k_oracle, gpt2_regex):
    text = "Hi! 今天。"
    pieces = gpt2_regex.findall(text)

    def telling(piece: str) -> bool:
        data = piece.encode()
        return len(data) > len(piece) or len(data) - len(r50k_oracle.encode_ordinary(piece)) >= 2

    want = next(i for i, p in enumerate(pieces) if telling(p))
    assert want != len(pieces) - 1  # the caret's piece (the last) is not the one to open
    type_text(page, "x")
    expect(page.get_by_test_id("token-count")).to_have_attribute("data-count", "1", timeout=SLOW)
    page.evaluate("text => navigator.clipboard.writeText(text)", text)
    box = page.get_by_test_id("text-input")
    box.click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Control+V")
    expect(box).to_have_value(text)
    ids = r50k_oracle.encode_ordinary(text)
    wait_for_spans(page, ids)
    expect(page.locator('[data-testid="piece"][aria-pressed="true"]')).to_have_attribute("data-index", str(want), timeout=SLOW)
    expect(page.get_by_test_id("piece-title")).to_contain_text(f"Piece {want + 1} of {len(pieces)}")


def test_final_tokens_show_characters_with_gpt2s_byte_form_beneath(page, r50k_oracle):
    text = "今天天气真好"
    type_text(page, text)
    ids = r50k_oracle.encode_ordinary(text)
    wait_for_spans(page, ids)
    chips = page.get_by_test_id("final-token")
    expect(chips).to_have_count(len(ids))
    shown = chips.evaluate_all("els => els.map(e => [e.querySelector('.chip-token').textContent,"
                               " e.querySelector('.chip-form').textContent, e.classList.contains('part')])")
    want = []
    for i in ids:
        token_bytes = r50k_oracle.decode_single_token_bytes(i)
        label, whole = expected_label(token_bytes)
        want.append([label, chips_form(token_bytes), whole == ""])
    assert shown == want
    assert any(w[0] == "天" for w in want) and any(w[2] for w in want)


def chips_form(token_bytes: bytes) -> str:
    """GPT-2's printable form of the bytes (the published byte table, test_encode_lesson's oracle)."""
    table = bytes_to_unicode()
    return "".join(table[b] for b in token_bytes)


def test_predict_hides_the_point_the_tokens_and_the_ids_until_the_reveal(open_app):
    # "the the" is a preset with a point; its first piece "the" takes two merges to guess.
    page = open_app("lesson=encode&lang=en&text=the+the&predict=1")
    expect(page.get_by_test_id("pair-choice").first).to_be_visible(timeout=SLOW)
    result = page.get_by_test_id("result")
    expect(result).to_have_attribute("data-state", "hidden")
    expect(page.get_by_test_id("result-hidden")).to_contain_text("which two symbols often stand side by side")
    expect(page.get_by_test_id("token-spans")).to_be_hidden()
    expect(page.get_by_test_id("token-count")).to_be_hidden()
    expect(page.get_by_test_id("result-ids")).to_be_hidden()
    expect(page.get_by_test_id("ids-code")).to_be_hidden()
    expect(page.get_by_test_id("final-tokens")).to_be_hidden()
    expect(page.get_by_test_id("ids-hidden")).to_be_visible()
    # The point waits for the reveal too.
    expect(page.get_by_test_id("preset-point")).to_be_hidden()
    expect(page.get_by_test_id("point-hidden")).to_be_visible()
    # Two guesses (right or wrong, each reveals its merge): the piece is seen, and all is shown.
    page.get_by_test_id("pair-choice").first.click()
    page.get_by_test_id("predict-next").click()
    expect(page.get_by_test_id("pair-choice").first).to_be_visible()
    expect(result).to_have_attribute("data-state", "hidden")
    page.get_by_test_id("pair-choice").first.click()
    expect(result).to_have_attribute("data-state", "shown", timeout=SLOW)
    expect(page.get_by_test_id("token-spans")).to_be_visible()
    expect(page.get_by_test_id("preset-point")).to_be_visible()
    expect(page.get_by_test_id("point-hidden")).to_be_hidden()
    expect(page.get_by_test_id("ids-code")).to_be_visible()
    expect(page.get_by_test_id("ids-hidden")).to_be_hidden()


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (1920, 1080)])
def test_screenshots_of_the_first_screen(open_app, screenshot, r50k_oracle, lang, size):
    page = open_app(f"lesson=encode&lang={lang}&text=%E4%BB%8A%E5%A4%A9+tokenization+%F0%9F%A6%84")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    wait_for_spans(page, r50k_oracle.encode_ordinary("今天 tokenization 🦄"))
    expect(page.get_by_test_id("merge-canvas")).to_have_attribute("data-animating", "false", timeout=SLOW)
    screenshot(page, f"{lang}-{size[0]}x{size[1]}")


def test_predict_choices_read_as_characters_or_bytes_with_gpt2s_symbols_beside(open_app):
    text = "天天"
    page = open_app("lesson=encode&lang=en&predict=1&text=%E5%A4%A9%E5%A4%A9")
    choices = page.get_by_test_id("pair-choice")
    data = text.encode()
    expect(choices).to_have_count(len(data) - 1, timeout=SLOW)
    # At step 0 every symbol is one byte of a three-byte character: its bytes, then GPT-2's symbols.
    want = [f"{a:02X} + {b:02X}   ({chips_form(bytes([a]))} + {chips_form(bytes([b]))})" for a, b in zip(data, data[1:])]
    assert [c.inner_text() for c in choices.all()] == want


def test_decode_and_special_show_characters_not_mojibake(open_app, r50k_oracle):
    text = "今天 hi"
    ids = r50k_oracle.encode_ordinary(text)
    page = open_app("lesson=decode&lang=en&ids=" + "+".join(map(str, ids)))
    items = page.get_by_test_id("decode-item")
    expect(items).to_have_count(len(ids), timeout=SLOW)
    faces = items.evaluate_all("els => els.map(e => [e.querySelector('[data-testid=decode-text]').textContent,"
                               " e.querySelector('[data-testid=decode-token]').textContent])")
    assert faces == [[expected_label(r50k_oracle.decode_single_token_bytes(i))[0], chips_form(r50k_oracle.decode_single_token_bytes(i))] for i in ids]
    page = open_app("lesson=special&lang=en&stext=%E4%BB%8A%E5%A4%A9+hi%3C%7Cendoftext%7C%3E")
    # Refused (a message), allowed, plain: the two with tokens.
    allowed = page.get_by_test_id("special-tokens").nth(0).get_by_test_id("special-chip")
    plain = page.get_by_test_id("special-tokens").nth(1).get_by_test_id("special-chip")
    plain_ids = r50k_oracle.encode_ordinary("今天 hi<|endoftext|>")
    expect(plain).to_have_count(len(plain_ids), timeout=SLOW)
    shown = plain.evaluate_all("els => els.map(e => e.firstChild.textContent)")
    assert shown == [expected_label(r50k_oracle.decode_single_token_bytes(i))[0] for i in plain_ids]
    allowed_ids = r50k_oracle.encode("今天 hi<|endoftext|>", allowed_special="all")
    expect(allowed).to_have_count(len(allowed_ids))
    expect(allowed.last).to_contain_text("<|endoftext|>")
    expect(allowed.last).to_contain_text(str(allowed_ids[-1]))
