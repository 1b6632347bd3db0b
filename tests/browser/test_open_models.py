"""The open models in the page (issue #24): chosen from the encode lesson's table select, their ids are
HuggingFace `tokenizers`' ids for the same tokenizer.json (the oracle, on CPython), the URL keeps the
choice across a reload, Gemma's ▁ and byte fallback show in the merge canvas, MiniMind's preset quotes
the real file, and Decode and Special tokens follow the choice."""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
from conftest import shared_page_fixtures, wait_settled
from playwright.sync_api import expect

open_app, page, console_errors = shared_page_fixtures()  # the tests share one booted page (conftest)

LOAD_MS = 180_000  # fetching a model and building its tokenizer inside Pyodide, on a loaded machine
TEXTS = {
    "chinese": "今天天气真好，我们去北京吧",
    "english": "Tokenizers split   text: it's 2024, 1234567!",
    "code": "def f(x):\n    return x ** 2",
    "emoji": "hi 🦄👩‍👩‍👧 ok",
}


@pytest.fixture(scope="module")
def oracle():
    """name -> tokenizers.Tokenizer from the model's own pinned tokenizer.json (tools/models.py)."""
    tokenizers = pytest.importorskip("tokenizers")
    from tools.models import tokenizer_json

    made = {}

    def get(name):
        if name not in made:
            made[name] = tokenizers.Tokenizer.from_file(str(tokenizer_json(name)))
        return made[name]

    return get


def ids_text(ids: list[int]) -> str:
    return ", ".join(map(str, ids))


def choose(page, name: str) -> None:
    """Chooses `name` in the table select, as a person does, and waits until it has loaded."""
    page.get_by_test_id("encoding-select").select_option(name)
    expect(page.get_by_test_id("encoding-status")).to_have_attribute("data-state", "ready", timeout=LOAD_MS)
    expect(page.locator(".encoding-choice")).to_have_attribute("data-active", name, timeout=LOAD_MS)


def type_text(page, text: str) -> None:
    box = page.get_by_test_id("text-input")
    box.fill(text)


@pytest.mark.parametrize("name", ["minimind", "qwen3", "deepseek_v3", "llama3", "gemma3"])
def test_each_model_gives_the_ids_tokenizers_gives(open_app, oracle, name):
    page = open_app("lesson=encode")
    option = page.locator(f"[data-testid=encoding-select] option[value={name}]")
    size = f"{oracle(name).get_vocab_size(with_added_tokens=True):,}"
    expect(option).to_contain_text(size)  # the label: the model's name and its vocabulary size
    choose(page, name)
    expect(page).to_have_url(re.compile(rf"encoding={name}\b"))
    for text in TEXTS.values():
        type_text(page, text)
        want = oracle(name).encode(text, add_special_tokens=False).ids
        expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(want), timeout=LOAD_MS)
    # A link to the first piece's last step: the merge canvas ends on the first ids of the text.
    text = TEXTS["english"]
    want = oracle(name).encode(text, add_special_tokens=False).ids
    page = open_app(f"lesson=encode&encoding={name}&text={quote(text)}&piece=0&step=999")
    wait_settled(page, timeout_ms=LOAD_MS)
    canvas = page.get_by_test_id("merge-canvas")
    expect(canvas).to_have_attribute("data-final", "true")
    expect(canvas).to_have_attribute("data-piece", "0")
    shown = json.loads(canvas.get_attribute("data-ids"))
    assert shown and want[: len(shown)] == shown, (shown, want)


def test_the_choice_survives_a_reload_and_decode_and_special_follow(open_app, oracle):
    text = "你好<|im_end|>"
    page = open_app(f"lesson=encode&text={quote(text)}")
    choose(page, "minimind")
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text([1968, 2]), timeout=LOAD_MS)
    assert oracle("minimind").encode(text).ids == [1968, 2]
    page.reload()
    expect(page.get_by_test_id("encoding-select")).to_have_value("minimind", timeout=LOAD_MS)
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text([1968, 2]), timeout=LOAD_MS)
    expect(page.locator(".stage-text[data-table=minimind]")).to_contain_text("MiniMind (minimind-3) is a byte-level BPE")

    page.get_by_test_id("lesson-tab-decode").click()
    expect(page.get_by_test_id("encoding-select")).to_have_value("minimind", timeout=LOAD_MS)
    page.get_by_test_id("ids-input").fill("5640, 3660, 2131, 658, 2")
    want = oracle("minimind").decode([5640, 3660, 2131, 658, 2], skip_special_tokens=False)
    expect(page.get_by_test_id("decoded-text")).to_have_text(want, timeout=LOAD_MS)

    page.get_by_test_id("lesson-tab-special").click()
    expect(page.get_by_test_id("encoding-select")).to_have_value("minimind", timeout=LOAD_MS)
    page.get_by_test_id("special-input").fill(text)
    expect(page.get_by_test_id("special-allowed").get_by_test_id("special-ids")).to_have_text("[1968, 2]", timeout=LOAD_MS)
    expect(page.get_by_test_id("special-refused").get_by_test_id("special-ids")).to_have_text("[1968, 2]")
    expect(page.get_by_test_id("special-library")).to_contain_text("HuggingFace tokenizers")


def test_the_minimind_preset_quotes_the_real_file(open_app, oracle):
    page = open_app("lesson=encode&lang=zh")
    page.get_by_test_id("preset-minimind").click()
    want = oracle("minimind").encode("今天天气真好").ids
    assert want == [5640, 3660, 2131, 658]
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(want), timeout=LOAD_MS)
    expect(page).to_have_url(re.compile(r"encoding=minimind"))
    point = page.get_by_test_id("preset-point")
    expect(point).to_contain_text(f"今天 / 天气 / 真 / 好 = [{ids_text(want)}]", timeout=LOAD_MS)
    expect(point).to_contain_text("今 / 天 / 天气 / 真 / 好")
    # Each merge is shown: the log has one line per merge of the piece, rank and id apart.
    page.get_by_test_id("last").click()
    canvas = page.get_by_test_id("merge-canvas")
    expect(canvas).to_have_attribute("data-ids", json.dumps(want, separators=(",", ":")))


def test_gemma_shows_the_block_for_spaces_byte_fallback_and_its_bos_apart(open_app, oracle):
    gemma = oracle("gemma3")
    vocab = gemma.get_vocab()
    missing = next(chr(c) for c in range(0x4E00, 0x9FFF) if chr(c) not in vocab)
    text = f"hi {missing}"
    page = open_app(f"lesson=encode&encoding=gemma3&text={quote(text)}")
    want = gemma.encode(text, add_special_tokens=False).ids
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(want), timeout=LOAD_MS)
    canvas = page.get_by_test_id("merge-canvas")
    symbols = [f"<0x{b:02X}>" for b in missing.encode()]
    start = json.dumps(["h", "i", "\u2581", *symbols], ensure_ascii=False, separators=(",", ":"))
    expect(canvas).to_have_attribute("data-symbols", start, timeout=LOAD_MS)
    bos = gemma.token_to_id("<bos>")
    post = page.get_by_test_id("post-specials")
    expect(post).to_be_visible()
    expect(post).to_contain_text(f"<bos> (id {bos})")
    expect(post).to_contain_text(ids_text(gemma.encode(text).ids))
    # the pieces strip shows the typed text, a space as ␣ as the spans do; the canvas above holds Gemma's ▁
    expect(page.get_by_test_id("piece").first).to_contain_text("hi\u2423")
    expect(page.locator(".stage-text[data-table=gemma3]")).to_contain_text("SentencePiece")
