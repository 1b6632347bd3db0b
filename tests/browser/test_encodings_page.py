"""The larger token tables in the page: the table select of encode (kept in the URL, followed by decode),
the "tables" lesson that runs one text through all three, and a table that cannot be fetched.

The oracle is tiktoken itself, offline: tiktoken_ext.openai_public's own constructors (their pattern and
special tokens) with the table read from the same dist/tables/<name>.tiktoken file the page fetches.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from conftest import shared_page_fixtures
from playwright.sync_api import expect

open_app, page, console_errors = shared_page_fixtures()  # the tests share one booted page (conftest)

ROOT = Path(__file__).resolve().parents[2]
MIXED = "今天天气真好 1234567 tokenization"
CHINESE = "今天天气真好"
LOAD_MS = 90_000  # fetching and loading a larger table inside Pyodide


@pytest.fixture(scope="module")
def oracle(dist_dir):
    """name -> tiktoken's Encoding, built by tiktoken's own constructor from dist/tables."""
    tiktoken = pytest.importorskip("tiktoken")
    import tiktoken.load
    import tiktoken_ext.openai_public as public

    def from_dist(blobpath, expected_hash=None):
        name = blobpath.rsplit("/", 1)[-1]
        return tiktoken.load.load_tiktoken_bpe(str(dist_dir / "tables" / name), expected_hash=expected_hash)

    made = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(public, "load_tiktoken_bpe", from_dist)
        for name in ("cl100k_base", "o200k_base", "o200k_harmony"):
            made[name] = tiktoken.Encoding(**public.ENCODING_CONSTRUCTORS[name]())
    return made


def token_as_text(data: bytes) -> list[str]:
    """[its text, its bytes in hex] for a token of whole UTF-8 characters, ["", "E4 BB"] for part of one."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = ""
    return [text, " ".join(f"{b:02X}" for b in data)]


def ids_text(ids: list[int]) -> str:
    return ", ".join(map(str, ids))


def test_cl100k_in_encode_is_tiktokens_kept_by_the_url_and_followed_by_decode(open_app, oracle, r50k_oracle, screenshot):
    page = open_app(f"lesson=encode&text={quote(MIXED)}")
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(r50k_oracle.encode_ordinary(MIXED)))
    select = page.get_by_test_id("encoding-select")
    expect(select).to_have_value("r50k_base")

    select.select_option("cl100k_base")
    want = oracle["cl100k_base"].encode_ordinary(MIXED)
    assert want != r50k_oracle.encode_ordinary(MIXED)
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(want), timeout=LOAD_MS)
    expect(page).to_have_url(re.compile(r"encoding=cl100k_base"))
    expect(page.locator("h1")).to_have_text("How cl100k_base turns text into token ids")
    # The merge canvas of the first piece ends on cl100k's tokens of that piece.
    first = oracle["cl100k_base"].encode_ordinary(CHINESE)
    page.get_by_test_id("last").click()
    expect(page.get_by_test_id("merge-canvas")).to_have_attribute("data-ids", json.dumps(first, separators=(",", ":")))
    expect(page.get_by_test_id("encoding-note")).to_contain_text("tiktoken ships only ranks")
    # A preset's note describes GPT-2's table: with cl100k it first says what cl100k makes of the text.
    page.get_by_test_id("preset-tokenization").click()
    tokenization = oracle["cl100k_base"].encode_ordinary("tokenization")
    point = page.get_by_test_id("preset-point")
    expect(point).to_contain_text(f"With cl100k_base this text is {len(tokenization)} tokens, [{ids_text(tokenization)}].", timeout=LOAD_MS)
    expect(point).to_contain_text("about GPT-2's table, r50k_base")
    page.get_by_test_id("preset-chinese").click()
    expect(point).to_contain_text(f"[{ids_text(first)}]", timeout=LOAD_MS)
    expect(point).not_to_contain_text("Here: ")  # no count that would read as GPT-2's
    page.get_by_test_id("text-input").fill(MIXED)
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(want))
    screenshot(page, "encode-cl100k-en")
    page.get_by_test_id("lang-zh").click()
    expect(page.get_by_test_id("encoding-note")).to_contain_text("tiktoken 只发布 rank")
    screenshot(page, "encode-cl100k-zh")
    page.get_by_test_id("lang-en").click()

    page.reload()
    expect(page.get_by_test_id("encoding-select")).to_have_value("cl100k_base")
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(want), timeout=LOAD_MS)

    page.get_by_test_id("lesson-tab-decode").click()
    expect(page.get_by_test_id("encoding-select")).to_have_value("cl100k_base")
    expect(page).to_have_url(re.compile(r"lesson=decode.*encoding=cl100k_base|encoding=cl100k_base.*lesson=decode"))
    page.get_by_test_id("ids-from-text").click()
    expect(page.get_by_test_id("ids-input")).to_have_value(" ".join(map(str, want)), timeout=LOAD_MS)
    expect(page.get_by_test_id("decoded-text")).to_have_text(MIXED)
    tokens = page.get_by_test_id("decode-items").locator("li")
    expect(tokens).to_have_count(len(want))


HARMONY_CHAT = "<|start|>user<|message|>今天天气真好?<|end|><|start|>assistant<|channel|>final<|message|>Yes.<|return|>"


def test_gpt_oss_harmony_table_is_offered_beside_openais_and_cuts_as_tiktoken(open_app, oracle):
    """gpt-oss's o200k_harmony (issue 38): named in the select's OpenAI group, its ids tiktoken's own
    o200k_harmony's, on ordinary text (encode) and with its chat tokens allowed (the special lesson)."""
    page = open_app(f"lesson=encode&text={quote(MIXED)}")
    select = page.get_by_test_id("encoding-select")
    option = select.locator('option[value="o200k_harmony"]')
    expect(option).to_have_text("gpt-oss (o200k_harmony)")
    expect(select.locator('optgroup[data-group="encoding.groupOpenAI"] option[value="o200k_harmony"]')).to_have_count(1)
    select.select_option("o200k_harmony")
    want = oracle["o200k_harmony"].encode_ordinary(MIXED)
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(want), timeout=LOAD_MS)
    expect(page).to_have_url(re.compile(r"encoding=o200k_harmony"))
    expect(page.get_by_test_id("encoding-note")).to_contain_text("harmony chat format")

    page.get_by_test_id("lesson-tab-special").click()
    expect(page.get_by_test_id("encoding-select")).to_have_value("o200k_harmony")
    page.get_by_test_id("special-input").fill(HARMONY_CHAT)
    allowed = oracle["o200k_harmony"].encode(HARMONY_CHAT, allowed_special="all")
    assert 200006 in allowed and 200005 in allowed  # <|start|>, <|channel|>
    expect(page.get_by_test_id("special-allowed").get_by_test_id("special-ids")).to_have_text(f"[{ids_text(allowed)}]", timeout=LOAD_MS)
    plain = oracle["o200k_harmony"].encode_ordinary(HARMONY_CHAT)
    expect(page.get_by_test_id("special-plain").get_by_test_id("special-ids")).to_have_text(f"[{ids_text(plain)}]")
    expect(page.get_by_test_id("special-library")).to_be_hidden()  # OpenAI's ranks: no model file to name
    page.get_by_test_id("encoding-select").select_option("r50k_base")


def test_the_tables_lesson_shows_one_text_in_all_three_tables(open_app, oracle, r50k_oracle, screenshot):
    page = open_app("lesson=tables")
    page.get_by_test_id("tables-preset-english").click()
    page.get_by_test_id("tables-preset-chinese").click()
    expect(page.get_by_test_id("tables-input")).to_have_value(CHINESE)
    encoders = {"r50k_base": r50k_oracle, "cl100k_base": oracle["cl100k_base"], "o200k_base": oracle["o200k_base"]}
    counts = {}
    for name, enc in encoders.items():
        ids = enc.encode_ordinary(CHINESE)
        counts[name] = len(ids)
        column = page.get_by_test_id(f"tables-{name}")
        expect(column.get_by_test_id("tables-count")).to_have_attribute("data-count", str(len(ids)), timeout=LOAD_MS)
        expect(column.get_by_test_id("tables-ids")).to_have_text(f"[{ids_text(ids)}]")
        expect(column.get_by_test_id("tables-chip")).to_have_count(len(ids))
        # Each chip says what its token stands for: whole characters as text, part of one as its bytes.
        shown = column.get_by_test_id("tables-chip").evaluate_all("(chips) => chips.map((c) => [c.dataset.text, c.dataset.bytes])")
        assert shown == [token_as_text(enc.decode_single_token_bytes(i)) for i in ids]
    assert counts["r50k_base"] > counts["cl100k_base"] > counts["o200k_base"]  # 10 / 7 / 5 with tiktoken 0.14
    # o200k_base: every token is whole characters (今 天天 气 真 好); r50k_base cuts characters into bytes.
    o200k = page.get_by_test_id("tables-o200k_base").get_by_test_id("tables-chip")
    assert o200k.evaluate_all("(chips) => chips.map((c) => c.dataset.text)") == ["今", "天天", "气", "真", "好"]
    assert page.get_by_test_id("tables-r50k_base").locator('[data-testid="tables-chip"].lk-chip-part').count() > 0
    screenshot(page, "tables-chinese-en")
    page.get_by_test_id("lang-zh").click()
    expect(page.get_by_test_id("tables-why")).to_contain_text("中文")
    screenshot(page, "tables-chinese-zh")

    page.get_by_test_id("tables-preset-numbers").click()
    text = page.get_by_test_id("tables-input").input_value()
    for name, enc in encoders.items():
        column = page.get_by_test_id(f"tables-{name}")
        expect(column.get_by_test_id("tables-ids")).to_have_text(f"[{ids_text(enc.encode_ordinary(text))}]")


def test_a_table_that_cannot_be_fetched_says_so_and_keeps_r50k_and_the_text(context, fresh_app, r50k_oracle):
    open_app = fresh_app  # the route below is on this test's own context
    blocked = []

    def block(route):
        blocked.append(route.request.url)
        route.abort()

    context.route(re.compile(r".*/tables/cl100k_base\.tiktoken(\?.*)?$"), block)
    page = open_app(f"lesson=encode&text={quote(MIXED)}")
    page.get_by_test_id("encoding-select").select_option("cl100k_base")
    status = page.get_by_test_id("encoding-status")
    expect(status).to_have_attribute("data-state", "error", timeout=LOAD_MS)
    expect(status).to_contain_text("cl100k_base table could not be loaded")
    assert blocked
    expect(page.get_by_test_id("encoding-select")).to_have_value("r50k_base")
    expect(page.get_by_test_id("text-input")).to_have_value(MIXED)
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(r50k_oracle.encode_ordinary(MIXED)))
    expect(page).not_to_have_url(re.compile(r"encoding="))


def test_harmony_first_then_o200k_base_reads_the_one_file_once_and_cuts_as_tiktoken(context, fresh_app, oracle):
    """o200k_harmony and o200k_base share one file and, once loaded, one ranks object: the worker fetches
    the file for whichever comes first, deletes it once Python holds the table, and fetches nothing for
    the other (web/worker.mjs). Here harmony comes first, in a fresh engine, then o200k_base."""
    fetched = []  # the engine worker's requests (the offline cache's service worker may fetch them again)

    def heard(request):
        if "/tables/o200k_base." in request.url and request.service_worker is None:
            fetched.append(request.url)

    context.on("request", heard)
    page = fresh_app(f"lesson=encode&encoding=o200k_harmony&text={quote(MIXED)}")
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(oracle["o200k_harmony"].encode_ordinary(MIXED)), timeout=LOAD_MS)
    page.get_by_test_id("encoding-select").select_option("o200k_base")
    expect(page.locator(".encoding-choice")).to_have_attribute("data-active", "o200k_base", timeout=LOAD_MS)
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(oracle["o200k_base"].encode_ordinary(MIXED)))
    assert sorted(url.rsplit("/", 1)[1].split("?")[0] for url in fetched) == ["o200k_base.charmerge.json", "o200k_base.tiktoken"]
