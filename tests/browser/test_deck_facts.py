"""The numbers a deck's speaker notes state are the screen's (issue 26 item 8): a slide's notes are
filled from the engine's answer to the request its lesson makes for the slide's view, so a count or a
vocabulary size the notes say is one the page shows beside them. Driven as a teacher does: the Teach
menu's deck, PageDown through the slides, the notes read and the screen read.

The screen is read as a person reads it (the main column's text and its fields' values); numbers the
notes state that the screen does not show are checked against the engine on CPython for the request
the notes name (the compare deck's "asked for 20").
"""

from __future__ import annotations

import re

import pytest
from conftest import asked, shared_page_fixtures, wait_settled
from playwright.sync_api import expect
from toklab import webapi

open_app, page, console_errors = shared_page_fixtures()

NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?")

SCREEN = """() => {
    const main = document.querySelector("#main");
    const values = [...main.querySelectorAll("input, textarea")].map((field) => field.value);
    return [main.innerText, ...values].join("\\n");
}"""

CHAPTER = (
    "Machine learning models learn patterns from data. A language model reads a sequence of tokens and predicts what "
    "token is likely to appear next. Tokenization is an important step because it determines how raw text is divided "
    "into smaller units."
)


def numbers(text: str) -> set[str]:
    """The numbers a text states, written without grouping commas: "50,257 and 7." -> {"50257", "7"}."""
    return {m.group().replace(",", "").rstrip(".") for m in NUMBER.finditer(text)}


def ratio_of(number: str, shown: set[str]) -> bool:
    """A decimal the notes derive from two numbers on screen ("1.9 per character": 21 of 11)."""
    if "." not in number:
        return False
    whole = [int(n) for n in shown if n.isdigit() and int(n) > 0]
    return any(f"{a / b:.1f}" == number for a in whole for b in whole)


def start_deck(page, deck: str) -> None:
    page.get_by_test_id("teach-button").click()
    page.get_by_test_id("deck-select").select_option(deck)
    expect(page.get_by_test_id("presenter-notes")).to_be_visible()


def slide_notes(page, index: int, count: int) -> str:
    """The notes of slide `index` once the engine's numbers are in, the screen drawn for its view."""
    expect(page.get_by_test_id("deck-position")).to_have_text(f"{index} / {count}")
    body = page.get_by_test_id("notes-text")
    expect(body).not_to_have_attribute("data-facts", "pending", timeout=60_000)
    expect(page.locator("#main .stale")).to_have_count(0)
    return body.inner_text()


def reveal_if_asked(page) -> None:
    """Predict mode asks for GPT-2's count before the rows show: answer, so the rows are on screen."""
    box = page.get_by_test_id("predict-number")
    if box.is_visible():
        box.fill("1")
        box.press("Enter")
        expect(page.get_by_test_id("compare-rows")).to_be_visible()


def notes_against_screen(page, deck: str, elsewhere=None, reveal=None) -> int:
    """Every slide of `deck`: each number its notes state is on the screen beside them (or, for slide
    k, in `elsewhere[k]`, what the engine says of a request the notes name). Returns the slides read."""
    elsewhere = elsewhere or {}
    before = asked(page)
    start_deck(page, deck)
    count = int(page.get_by_test_id("deck-position").inner_text().split("/")[1])
    for index in range(1, count + 1):
        if index > 1:
            before = asked(page)
            page.keyboard.press("PageDown")
        notes = slide_notes(page, index, count)
        assert "{" not in notes and "…" not in notes, notes
        # The slide's view drawn (not the slide before's: its trace once satisfied encode_drawn).
        wait_settled(page, after=before)
        if reveal:
            reveal(page)
            wait_settled(page)
        shown = numbers(page.evaluate(SCREEN))
        stated = numbers(notes) - {"2"}  # "GPT-2", "T²", "occurs twice": words, not the screen's numbers
        missing = {n for n in stated - shown if not ratio_of(n, shown)}
        assert missing <= elsewhere.get(index, set()), (deck, index, sorted(missing), notes)
    page.get_by_test_id("deck-stop").click()
    return count


def compare_revealed(page) -> None:
    reveal_if_asked(page)
    expect(page.get_by_test_id("compare-row")).to_have_count(4)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_compare_deck_states_only_the_numbers_its_screen_shows(open_app, lang):
    page = open_app(f"lesson=compare&lang={lang}")
    # What the fourth slide says of a vocabulary asked to be 20, besides the screen's 100.
    twenty = webapi.compare("I don't like tokenization.", corpus=CHAPTER, bpe_vocab_size=20, min_frequency=2)
    elsewhere = {str(row[k]) for row in twenty["tokenizers"] for k in ("n_tokens", "vocab_size")} | {"20"}
    assert notes_against_screen(page, "compare", {4: elsewhere}, compare_revealed) >= 6


def special_drawn(page) -> None:
    expect(page.get_by_test_id("special-chip").first).to_be_visible(timeout=120_000)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_special_deck_states_only_the_ids_and_counts_its_screen_shows(open_app, lang):
    page = open_app(f"lesson=special&lang={lang}")
    assert notes_against_screen(page, "special", reveal=special_drawn) >= 6


def train_drawn(page) -> None:
    expect(page.get_by_test_id("train-step-meta")).to_contain_text(re.compile(r"\d"), timeout=60_000)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_train_deck_states_the_stop_the_screen_shows(open_app, r50k_oracle, lang):
    page = open_app(f"lesson=train&lang={lang}")
    # GPT-2's merges, which the sixth slide names beside the stop: the table's tokens of two bytes or more.
    gpt2 = str(sum(1 for token in r50k_oracle._mergeable_ranks if len(token) > 1))
    assert notes_against_screen(page, "train", {6: {gpt2}}, train_drawn) >= 8


def encode_drawn(page) -> None:
    """The piece's trace is drawn: the stepper counts its merges (predict mode hides the tokens, not this)."""
    expect(page.get_by_test_id("step-text").first).to_have_text(re.compile(r"^\d+ / [1-9]"), timeout=60_000)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_encode_deck_states_the_ids_and_counts_its_screen_shows(open_app, r50k_oracle, lang):
    page = open_app(f"lesson=encode&lang={lang}")
    # The last slide hides the tokens while the room predicts; its notes give the count the engine
    # gives (tiktoken's here).
    hidden = str(len(r50k_oracle.encode_ordinary("fizzlepuff")))
    assert notes_against_screen(page, "encode", {10: {hidden}}, encode_drawn) >= 10


def decode_drawn(page) -> None:
    if page.get_by_test_id("predict-number").is_visible():
        return  # the room guesses the count first: the notes' count is checked against tiktoken
    expect(page.get_by_test_id("decode-item").first).to_be_visible(timeout=60_000)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_decode_deck_states_what_its_screen_shows_of_the_ids(open_app, r50k_oracle, lang):
    page = open_app(f"lesson=decode&lang={lang}")
    # The last slide hides the text while the room predicts how many characters its ids make.
    ids = [15496, 11, 995, 0]
    hidden = {str(len(ids)), str(len(r50k_oracle.decode(ids)))}
    assert notes_against_screen(page, "decode", {8: hidden}, decode_drawn) >= 8


def tables_drawn(page) -> None:
    expect(page.get_by_test_id("tables-count")).to_have_count(3)
    for count in page.get_by_test_id("tables-count").all():
        expect(count).to_contain_text(re.compile(r"\d"), timeout=120_000)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_tables_deck_states_the_counts_its_screen_shows(open_app, tiktoken_oracle, lang):
    page = open_app(f"lesson=tables&lang={lang}")
    r50k, o200k = tiktoken_oracle("r50k_base"), tiktoken_oracle("o200k_base")
    # The first slide asks where o200k's extra tokens went; the Japanese one says how many times fewer.
    extra = str(o200k.n_vocab - r50k.n_vocab)
    japanese = "こんにちは世界"
    fold = str(round(len(r50k.encode_ordinary(japanese)) / len(o200k.encode_ordinary(japanese))))
    # The Chinese slide counts the characters of the text in the box, which the columns do not.
    chinese = str(len("今天天气真好"))
    assert notes_against_screen(page, "tables", {1: {extra}, 2: {chinese}, 5: {fold}}, tables_drawn) >= 6


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_tables_deck_names_the_characters_cl100k_cuts_into_bytes(open_app, tiktoken_oracle, lang):
    """Issue 40 item 7: not "most common characters are single tokens"; the Chinese slide names the
    characters of its text that cl100k holds in no token whole (气: E6 B0 + 94), found by tiktoken."""
    page = open_app(f"lesson=tables&lang={lang}")
    cl100k = tiktoken_oracle("cl100k_base")
    text = "今天天气真好"
    split = [ch for ch in text if len(cl100k.encode_ordinary(ch)) > 1]
    assert split == ["气"]
    start_deck(page, "tables")
    count = int(page.get_by_test_id("deck-position").inner_text().split("/")[1])
    page.keyboard.press("PageDown")
    notes = slide_notes(page, 2, count)
    quoted = "".join(f"“{ch}”" for ch in split) if lang == "zh" else ", ".join(f'"{ch}"' for ch in split)
    assert (f"cl100k cuts {quoted} into bytes" if lang == "en" else f"cl100k 还是把{quoted}拆成了字节") in notes, notes
    page.get_by_test_id("deck-stop").click()


def samples_drawn(page) -> None:
    expect(page.get_by_test_id("sample-window").first).to_be_visible(timeout=60_000)
    expect(page.get_by_test_id("samples-stream-meta")).to_contain_text(re.compile(r"\d"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_samples_deck_states_the_counts_and_offsets_its_screen_shows(open_app, r50k_oracle, lang):
    page = open_app(f"lesson=samples&lang={lang}")
    # The GPT-2 slide sets GPT-2's largest id and the toy BPE's vocabulary (the engine's, for the
    # paragraph in the box) against the 50,257 on screen.
    paragraph = page.locator("#main textarea").first.input_value()
    toy = str(webapi.samples(paragraph, tokenizer="toy_bpe")["vocab_size"])
    assert notes_against_screen(page, "samples", {7: {toy, str(r50k_oracle.n_vocab - 1)}}, samples_drawn) >= 8


def quirks_revealed(page) -> None:
    """Each case asks first: reveal, as the teacher does, so the rows are on screen."""
    reveal = page.get_by_test_id("quirks-reveal")
    rows = page.get_by_test_id("quirks-row")
    guess = page.get_by_test_id("predict-number")
    # The slide's case is drawn after its notes: wait for what it shows first (a question, or its rows).
    shown = page.locator(", ".join(f'[data-testid="{t}"]:visible' for t in ("quirks-reveal", "quirks-row", "predict-number")))
    expect(shown.first).to_be_visible(timeout=60_000)
    if reveal.is_visible():
        expect(reveal).to_be_enabled(timeout=60_000)
        reveal.click()
    if not guess.is_visible():
        expect(rows.first).to_be_visible(timeout=60_000)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_quirks_deck_states_the_counts_and_cuts_its_screen_shows(open_app, lang):
    page = open_app(f"lesson=quirks&lang={lang}")
    assert notes_against_screen(page, "quirks", reveal=quirks_revealed) >= 8


def lab_drawn(page) -> None:
    expect(page.get_by_test_id("lab-shown")).to_contain_text(re.compile(r"\d"), timeout=60_000)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_lab_deck_states_the_ids_its_screen_shows(open_app, r50k_oracle, lang):
    page = open_app(f"lesson=lab&lang={lang}")
    assert notes_against_screen(page, "lab", reveal=lab_drawn) >= 7
    # The ids the last two slides quote are GPT-2's own (tiktoken's), not the lesson's typing.
    start_deck(page, "lab")
    for _ in range(5):
        page.keyboard.press("PageDown")
    unicorn = slide_notes(page, 6, 7)
    assert str(r50k_oracle.encode_ordinary("🦄")) in unicorn, unicorn
    page.keyboard.press("PageDown")
    assert str(r50k_oracle.encode_ordinary("tokenization")) in slide_notes(page, 7, 7)
    page.get_by_test_id("deck-stop").click()
