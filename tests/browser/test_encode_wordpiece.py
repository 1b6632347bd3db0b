"""The encode lesson with the WordPiece table (issue 38): BERT's longest match, try by try, read off the
page as a student uses it (pick the table, type, press the stepping keys) and held to HuggingFace
`tokenizers` on CPython loading the tokenizer.json the build shipped (tools/wordpiece_models.py): the
ids shown, every try (its piece with ##, found exactly when tokenizers' vocabulary has it), the tokens
at the end, and [UNK] for a word it cannot cover, with the place where nothing matched. At a phone's,
a laptop's and a projector's size, in both languages, with screenshots. Every wait is on the page's own
sign: the lesson root's data-settled, and the stage's data-step once it is drawn."""

from __future__ import annotations

import sys
import urllib.parse
from pathlib import Path

import pytest
from conftest import save_screenshot, settled_after, shared_page_fixtures
from playwright.sync_api import expect
from test_encode_families import press, stage_drawn as family_stage_drawn  # the family stage's own waits

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
tokenizers = pytest.importorskip("tokenizers")

open_app, page, console_errors = shared_page_fixtures()

NAME = "wordpiece_en"
LOAD_MS = 120_000  # the first time: fetching the tokenizer.json and building it inside Pyodide, on a loaded machine
HELD_OUT = "The quiet harbour lanterns, naïve CAFÉ: Привет 今天 😀 [SEP] tokenization!"  # not a line of botchan.txt
STAGE = '[data-testid="family-stage"]'
TRIES = '[data-testid="wordpiece-try"]'
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}, "projector": {"width": 1920, "height": 1080}}


@pytest.fixture(scope="module")
def oracle():
    from tools.wordpiece_models import wordpiece_file

    return tokenizers.Tokenizer.from_file(str(wordpiece_file(NAME)))


@pytest.fixture(autouse=True)
def no_console_errors(console_errors):
    yield
    assert console_errors == []


def ids_text(ids: list[int]) -> str:
    return ", ".join(map(str, ids))


def stage_drawn(page, text: str | None = None) -> None:
    """The family stage shows a WordPiece trace (of the piece whose text is `text`)."""
    family_stage_drawn(page, "wordpiece", text)


def longest_match(vocab: dict, word: str) -> list[tuple[str, bool]]:
    """The tries WordPiece makes on `word`, by its definition, over tokenizers' own vocabulary."""
    tries, start = [], 0
    while start < len(word):
        end = len(word)
        while end > start:
            piece = ("##" if start else "") + word[start:end]
            tries.append((piece, piece in vocab))
            if piece in vocab:
                break
            end -= 1
        if end == start:
            return tries
        start = end
    return tries


def tries_shown(page) -> list[tuple[str, bool]]:
    return [(p, f == "true") for p, f in page.locator(TRIES).evaluate_all("ts => ts.map((t) => [t.dataset.piece, t.dataset.found])")]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_wordpiece_ids_are_tokenizers(open_app, oracle, lang):
    page = open_app(f"lesson=encode&lang={lang}")
    page.get_by_test_id("encoding-select").select_option(NAME)
    expect(page.locator(".encoding-choice")).to_have_attribute("data-active", NAME, timeout=LOAD_MS)
    # Its option names it in the page's language with the size the file has, in a WordPiece group.
    option = page.locator(f'[data-testid="encoding-select"] option[value="{NAME}"]')
    expect(option).to_contain_text(f"{oracle.get_vocab_size():,}")
    assert "WordPiece" in option.evaluate("o => o.parentElement.label")
    settled_after(page, lambda: page.get_by_test_id("text-input").fill(HELD_OUT))
    stage_drawn(page)
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(oracle.encode(HELD_OUT, add_special_tokens=False).ids))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_try_in_order_as_longest_match_over_tokenizers_vocabulary(open_app, oracle, lang):
    word = "tokenization"
    page = open_app(f"lesson=encode&encoding={NAME}&text={word}&lang={lang}")  # a link, as shared
    expect(page.locator(".encoding-choice")).to_have_attribute("data-active", NAME, timeout=LOAD_MS)
    stage_drawn(page, word)
    expected = longest_match(oracle.get_vocab(), word)
    total = int(page.locator(STAGE).get_attribute("data-total"))
    assert total == len(expected)
    expect(page.locator(TRIES)).to_have_count(0)
    for k in range(total):
        assert press(page, "ArrowRight") == k + 1
        assert tries_shown(page) == expected[: k + 1]  # one row per try, each as tokenizers' vocabulary says
        current = page.locator(f'{TRIES}[data-current="true"]')
        expect(current).to_have_attribute("data-piece", expected[k][0])
        caption = page.get_by_test_id("step-caption").text_content()
        assert expected[k][0] in caption
        entry = page.locator('[data-testid="log-entry"][aria-current="step"]')
        expect(entry).to_have_attribute("data-piece", expected[k][0])
    encoded = oracle.encode(word, add_special_tokens=False)
    tokens = page.get_by_test_id("wordpiece-token").evaluate_all("ts => ts.map((t) => [t.dataset.piece, Number(t.dataset.id)])")
    assert tokens == [[p, i] for p, i in zip(encoded.tokens, encoded.ids)]
    assert any(p.startswith("##") for p, _ in tokens)
    expect(page.get_by_test_id("step-caption")).to_contain_text(ids_text(encoded.ids))
    assert press(page, "Home") == 0
    expect(page.locator(TRIES)).to_have_count(0)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_word_it_cannot_cover_is_one_unk(open_app, oracle, lang):
    """helloж: hell and ##o are found, then no piece matches at ж (character 6): the whole word is [UNK],
    and the common mistake (keep what was found, [UNK] for the rest) is shown beside it and differs."""
    word = "helloж"
    assert oracle.encode(word, add_special_tokens=False).tokens == ["[UNK]"]
    page = open_app(f"lesson=encode&encoding={NAME}&text={urllib.parse.quote(word)}&lang={lang}&mistake=1")
    expect(page.locator(".encoding-choice")).to_have_attribute("data-active", NAME, timeout=LOAD_MS)
    stage_drawn(page, word)
    expected = longest_match(oracle.get_vocab(), word)
    assert expected[-1] == ("##ж", False)
    assert press(page, "End") == len(expected)
    assert tries_shown(page) == expected
    unk = page.get_by_test_id("wordpiece-unk")
    expect(unk).to_have_attribute("data-piece", "[UNK]")
    expect(unk).to_have_attribute("data-id", str(oracle.token_to_id("[UNK]")))
    expect(unk).to_have_attribute("data-reason", "no_piece")
    expect(unk).to_have_attribute("data-at", str(len(word) - 1))
    expect(page.get_by_test_id("wordpiece-token")).to_have_count(0)
    expect(page.get_by_test_id("step-caption")).to_contain_text("[UNK]")
    mistake = page.get_by_test_id("family-mistake")
    expect(mistake).to_be_visible()
    expect(mistake).to_have_attribute("data-same", "false")
    expect(mistake.locator(".fam-run.real .fam-run-pieces")).to_have_text("[UNK]")
    kept = [piece for piece, found in expected if found]
    assert kept  # something was found before ж
    expect(mistake.locator(".fam-run.wrong .fam-run-pieces")).to_have_text(" · ".join([*kept, "[UNK]"]))


@pytest.mark.parametrize(("size", "lang"), [("phone", "zh"), ("laptop", "en"), ("projector", "en"), ("phone", "en"), ("laptop", "zh")])
def test_the_stage_fits_every_screen(open_app, request, size, lang):
    word = "lanterns"
    page = open_app(f"lesson=encode&encoding={NAME}&text={word}&lang={lang}&mistake=1")
    page.set_viewport_size(SIZES[size])
    expect(page.locator(".encoding-choice")).to_have_attribute("data-active", NAME, timeout=LOAD_MS)
    stage_drawn(page, word)
    press(page, "ArrowRight")
    press(page, "ArrowRight")
    # The page itself never scrolls sideways: a long word's tries scroll inside their own box.
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    for testid in ("wordpiece", "step-caption"):
        box = page.get_by_test_id(testid).bounding_box()
        assert box["width"] > 0 and box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"] + 1
    current = page.locator(f'{TRIES}[data-current="true"]')
    expect(current).to_be_visible()
    page.get_by_test_id("wordpiece").scroll_into_view_if_needed()
    save_screenshot(page, request.node.name, "tries")
    press(page, "End")
    expect(page.get_by_test_id("wordpiece-token").first).to_be_visible()
    save_screenshot(page, request.node.name, "tokens")


def test_no_serious_axe_violations_in_the_wordpiece_stage(open_app, axe_violations):
    page = open_app(f"lesson=encode&encoding={NAME}&text={urllib.parse.quote('helloж')}&lang=zh&mistake=1")
    expect(page.locator(".encoding-choice")).to_have_attribute("data-active", NAME, timeout=LOAD_MS)
    stage_drawn(page, "helloж")
    for at_end in (False, True):  # at the start, then at the end ([UNK] and the mistake)
        if at_end:
            press(page, "End")
        bad = [v for v in axe_violations(page) if v["impact"] in ("serious", "critical")]
        assert bad == [], [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in bad]
