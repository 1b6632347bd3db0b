"""The train lesson's WordPiece card (issue 38): the same corpus learned by toklab's WordPieceTrainer beside
the toy BPE, as many merges each, so the student sees WordPiece's vocabulary is learned by merging too;
the example cut by longest match. Read off the page as a student uses it and held to HuggingFace
`tokenizers` on CPython: its WordPiece model, given the vocabulary the merges make, cuts the example into
the tokens the page lists. Every wait is on the page's own sign (the lesson root's data-settled)."""

from __future__ import annotations

import json
import sys
import urllib.parse
from pathlib import Path

import pytest
from conftest import save_screenshot, settled_after, shared_page_fixtures, wait_settled
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py_src"))
tokenizers = pytest.importorskip("tokenizers")

open_app, page, console_errors = shared_page_fixtures()

CARD = '[data-testid="train-wordpiece"]'
CORPUS = "low low lower lowest newest newest widest hug hugs pug"
EXAMPLE = "lowest newer hugs zebra"


@pytest.fixture(autouse=True)
def no_console_errors(console_errors):
    yield
    assert console_errors == []


def bpe_merges(corpus: str, unit: str = "words") -> int:
    """How many merges the lesson's toy BPE makes of `corpus` at its default settings (the engine on CPython)."""
    from toklab import webapi

    return json.loads(webapi.handle("train", json.dumps({"corpus": corpus, "unit": unit})))["result"]["n_steps"]


def learn(corpus: str, num_merges: int, unit: str = "words") -> dict:
    """What the engine learns on CPython from the same corpus (the merges the page should list)."""
    from toklab import webapi

    return json.loads(webapi.handle("train_wordpiece", json.dumps({"corpus": corpus, "unit": unit, "num_merges": num_merges, "text": ""})))["result"]


def oracle_cut(corpus: str, num_merges: int, text: str, unit: str = "words") -> list[list[str]]:
    """The example as tokenizers' WordPiece cuts it with the vocabulary the engine's merges make (the
    engine on CPython gives the merges; tokenizers does the cutting)."""
    learned = learn(corpus, num_merges, unit)
    vocab = {t: i for i, t in enumerate(learned["base_vocab"])}
    for m in learned["merges"]:
        vocab.setdefault(m["merged"], len(vocab))
    model = tokenizers.Tokenizer(tokenizers.models.WordPiece(vocab, unk_token="[UNK]"))
    words = text.split() if unit == "words" else ["".join(line.split()) for line in text.splitlines() if line.strip()]
    return [model.encode(w).tokens for w in words]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_wordpiece_learns_by_merging_beside_bpe(open_app, request, lang):
    page = open_app(f"lesson=train&corpus={urllib.parse.quote(CORPUS)}&try={urllib.parse.quote(EXAMPLE)}&lang={lang}")
    wait_settled(page)
    card = page.locator(CARD)
    expect(card).to_have_attribute("data-state", "ready")
    # At most as many merges as BPE made, listed side by side (each column the first 12 at most). Here
    # WordPiece stops first: BPE's </w> makes frequent pairs of its own (w + </w>), which ## does not.
    n_bpe = bpe_merges(CORPUS)
    learned = learn(CORPUS, n_bpe)
    assert 0 < learned["n_merges"] < n_bpe
    assert card.get_by_test_id("bpe-merge").count() == min(n_bpe, 12)
    assert card.get_by_test_id("wordpiece-merge").count() == min(learned["n_merges"], 12)
    expect(card.get_by_test_id("wordpiece-stop")).to_have_attribute("data-stop", learned["stop"])
    # Each WordPiece merge is left + right without its ##: the same rule as BPE's, on ## symbols.
    shown = card.get_by_test_id("wordpiece-merge").evaluate_all("ms => ms.map((m) => [m.dataset.left, m.dataset.right, m.dataset.merged])")
    assert shown == [[m["left"], m["right"], m["merged"]] for m in learned["merges"][:12]]
    for left, right, merged in shown:
        assert merged == left + right.removeprefix("##")
    start = card.get_by_test_id("wordpiece-start")
    expect(start).to_have_attribute("data-bpe", "l o w </w>")
    expect(start).to_have_attribute("data-wordpiece", "l ##o ##w")
    # The example cut by longest match, as tokenizers cuts it; zebra has a z the corpus never had: [UNK].
    shown = [t.split(" ") for t in card.get_by_test_id("wordpiece-word").evaluate_all("ws => ws.map((w) => w.dataset.tokens)")]
    assert shown == oracle_cut(CORPUS, n_bpe, EXAMPLE)
    assert shown[-1] == ["[UNK]"] and any(t.startswith("##") for w in shown for t in w)
    expect(card.get_by_test_id("wordpiece-summary")).to_contain_text("[UNK]")
    card.scroll_into_view_if_needed()
    save_screenshot(page, request.node.name, "card")
    # A new example is cut again, with what was learned.
    box = page.locator("#try-input")
    settled_after(page, lambda: box.fill("slower hug"))
    shown = [t.split(" ") for t in card.get_by_test_id("wordpiece-word").evaluate_all("ws => ws.map((w) => w.dataset.tokens)")]
    assert shown == oracle_cut(CORPUS, n_bpe, "slower hug")


def test_the_chinese_preset_reads_lines_both_ways(open_app):
    page = open_app("lesson=train&lang=zh")
    wait_settled(page)
    settled_after(page, lambda: page.get_by_test_id("train-preset-chinese").click())
    card = page.locator(CARD)
    expect(card).to_have_attribute("data-state", "ready")
    corpus = page.get_by_test_id("corpus-input").input_value()
    example = page.locator("#try-input").input_value()
    n_bpe = bpe_merges(corpus, "lines")
    assert card.get_by_test_id("bpe-merge").count() == min(n_bpe, 12)
    words = card.get_by_test_id("wordpiece-word")
    shown = [t.split(" ") for t in words.evaluate_all("ws => ws.map((w) => w.dataset.tokens)")]
    assert shown == oracle_cut(corpus, n_bpe, example, unit="lines")
    expect(card.get_by_test_id("wordpiece-start")).to_have_attribute("data-wordpiece", "我 ##爱 ##中 ##国 ##人")


def test_byte_level_training_has_no_wordpiece_card(open_app):
    page = open_app("lesson=train&tmode=bytes")
    wait_settled(page)
    expect(page.locator(CARD)).to_be_hidden()
