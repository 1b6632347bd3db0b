"""The families in the page (issue 38): Llama 1/2 and Mistral in the models lesson, and the SentencePiece
tables in the encode lesson, read off the page and checked against `sentencepiece` (the models' own
tokenizer.model files, as tools/spm_models.py fetched them) and `tokenizers` (Llama 3's tokenizer.json)
on CPython. Every wait is on the page's own sign (a row's data-tokens, the canvas's data)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
S = pytest.importorskip("sentencepiece")
tokenizers = pytest.importorskip("tokenizers")

from conftest import shared_page_fixtures  # noqa: E402

open_app, page, console_errors = shared_page_fixtures()

LOAD_MS = 300_000  # the first time: fetching and loading every table inside Pyodide, on a loaded machine
TODAY = "今天天气真好"


@pytest.fixture(scope="module")
def spm():
    from tools.spm_models import model_file

    return {name: S.SentencePieceProcessor(model_file=str(model_file(name))) for name in ("llama2", "mistral", "unigram_en", "unigram_ja")}


def row(page, model: str):
    return page.locator(f'[data-testid="model-row"][data-model="{model}"]')


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_llama2_and_mistral_rows_are_sentencepieces_answers(open_app, spm, lang):
    from tools.models import tokenizer_json

    llama3 = tokenizers.Tokenizer.from_file(str(tokenizer_json("llama3")))
    page = open_app(f"lesson=models&lang={lang}")
    page.get_by_test_id("models-preset-weather").click()
    for name in ("llama2", "mistral"):
        expect(row(page, name)).to_have_attribute("data-tokens", str(len(spm[name].encode(TODAY))), timeout=LOAD_MS)
        expect(row(page, name)).to_have_attribute("data-vocab", str(spm[name].get_piece_size()))
    assert len(spm["llama2"].encode(TODAY)) == 9  # the notes' case: 气 as three bytes
    pieces = spm["llama2"].encode(TODAY, out_type=str)
    qi = " ".join(p for p in pieces if p.startswith("<0x"))
    expect(row(page, "llama2").get_by_test_id("model-fallback")).to_contain_text(f"气 → {qi}")
    n3 = len(llama3.encode(TODAY, add_special_tokens=False).ids)
    expect(row(page, "llama2").get_by_test_id("model-vs-llama3")).to_contain_text(f"{n3}")
    expect(row(page, "llama2").get_by_test_id("model-licence")).to_contain_text("Llama 2 Community License")
    expect(row(page, "mistral").get_by_test_id("model-licence")).to_contain_text("Apache-2.0")
    chips = row(page, "llama2").get_by_test_id("model-chip")
    expect(chips).to_have_count(len(pieces))
