"""Teaching content v2 in Chromium: the HuggingFace tie rule, errors in the page's language, the byte
switch, Compare's and Samples' chapter examples, and 0-based positions.

Every number the page shows is checked against the engine's own functions called here on CPython
(toklab) or against tiktoken built offline from the same r50k files, besides the chapter's printed
values where the chapter gives them.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import oracles  # noqa: E402
from toklab import webapi  # noqa: E402

CHINESE_LINES = "我 爱 中 国 人\n中 国 人 很 多\n我 爱 中 国\n北 京 是 中 国 首 都"
DONT = "I don't like tokenization."
EXAMPLE = "Here is a simple example of tokenization."
PARAGRAPH_18_3_7 = (
    "Machine learning models learn patterns from data. A language model reads a sequence of tokens and predicts "
    "what token is likely to appear next. During training, the model gradually improves its predictions by "
    "comparing them with the correct answers. Tokenization is an important step because it determines how raw "
    "text is divided into smaller units. Some tokenizers use characters, some use complete words, and modern "
    "language models often use subword tokens to balance vocabulary size and sequence length."
)


@pytest.fixture(scope="module")
def r50k():
    try:
        return oracles.tiktoken_r50k()
    except ImportError:
        pytest.skip("tiktoken is needed as the oracle")


def merges_shown(page) -> list[tuple[str, str]]:
    entries = page.get_by_test_id("merge-entry")
    return [(e.get_attribute("data-left"), e.get_attribute("data-right")) for e in entries.all()]


def test_train_huggingface_tie_rule_learns_zhongguo_woai_zhongguoren(open_app):
    page = open_app("lesson=train&lang=en")
    page.get_by_test_id("train-preset-chinese").click()
    expect(page.get_by_test_id("train-step-meta")).to_contain_text("3 merges")
    # Step 0: the vocabulary starts with <unk> and the characters: base_vocab_size entries.
    trace = webapi.train(CHINESE_LINES, unit="lines", tie_break="huggingface")
    expect(page.get_by_test_id("vocab-size")).to_have_text(f"{trace['base_vocab_size']} tokens")
    expect(page.get_by_test_id("vocab-special")).to_have_count(1)
    expect(page.get_by_test_id("vocab-special")).to_have_attribute("data-token", "<unk>")
    page.get_by_test_id("train-tie-huggingface").click()
    expect(page.get_by_test_id("train-tie-huggingface")).to_have_attribute("aria-checked", "true")
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("End")
    expect(page.get_by_test_id("merge-entry")).to_have_count(len(trace["merges"]))
    assert merges_shown(page) == [tuple(p) for p in trace["merges"]]
    assert merges_shown(page) == [("中", "国"), ("我", "爱"), ("中国", "人")]
    expect(page.get_by_test_id("vocab-size")).to_have_text(f"{trace['steps'][-1]['vocab_size']} tokens")
    # The printed fifth table is about 我爱中国, which this rule never learns: no recount note here.
    expect(page.get_by_test_id("train-recount")).to_be_hidden()
    # Step 2 is a tie broken by token ids: the line names the rule and lists the ids.
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    tie = trace["steps"][1]["tie"]
    assert tie["n_tied"] > 1 and tie["ids"] is not None
    line = page.get_by_test_id("train-tie-line")
    expect(line).to_contain_text("smallest token ids (HuggingFace)")
    expect(line).to_contain_text(f"= ({tie['ids'][0][0]}, {tie['ids'][0][1]})")
    # The default rule still learns 我爱中国, and the page says plainly that the printed table is wrong.
    page.get_by_test_id("train-tie-first_occurrence").click()
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("End")
    expect(page.get_by_test_id("merge-entry")).to_have_count(3)
    assert merges_shown(page)[2] == ("我爱", "中国")
    expect(page.get_by_test_id("train-recount")).to_be_visible()
    expect(page.get_by_test_id("train-recount")).to_contain_text("occurs once")


def test_engine_errors_are_written_in_chinese(open_app):
    page = open_app("lesson=decode&lang=zh&ids=30001+99999+abc")
    items = page.get_by_test_id("decode-item")
    expect(items).to_have_count(3)
    bad = items.nth(1).get_by_test_id("decode-status")
    expect(bad).to_contain_text("99999")
    expect(bad).to_contain_text("里没有 id 为 99999 的 token")
    expect(bad).not_to_contain_text("is not in")
    expect(items.nth(2).get_by_test_id("decode-status")).to_contain_text("“abc”不是整数")
    # The Special lesson's refused view is written from its code too.
    page = open_app("lesson=special&lang=zh")
    page.get_by_test_id("special-preset-two").click()
    refused = page.get_by_test_id("special-refused").get_by_test_id("special-message")
    expect(refused).to_contain_text("被拒绝")
    expect(refused).to_contain_text("<|endoftext|>")
    expect(refused).not_to_contain_text("not allowed")


def test_hex_switch_writes_each_symbols_bytes(open_app, r50k):
    text = "今天"
    page = open_app("lesson=encode&lang=en&text=%E4%BB%8A%E5%A4%A9")
    ids = r50k.encode_ordinary(text)
    expect(page.get_by_test_id("token-ids")).to_have_text(", ".join(map(str, ids)))
    canvas = page.get_by_test_id("merge-canvas")
    page.get_by_test_id("hex-toggle").click()
    expect(page.get_by_test_id("hex-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("piece").first.locator(".piece-text")).to_have_text(text.encode().hex(" ").upper())
    assert "今".encode().hex(" ").upper() == "E4 BB 8A"
    chips = page.get_by_test_id("final-token").locator(".chip-token")
    expect(chips).to_have_count(len(ids))
    assert chips.all_inner_texts() == [r50k.decode_single_token_bytes(i).hex(" ").upper() for i in ids]
    # The canvas: step 0 shows one byte per cell, E4 BB 8A first.
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("Home")
    expect(canvas).to_have_attribute("data-step", "0")
    expect(canvas).to_have_attribute("data-labels", '["E4","BB","8A","E5","A4","A9"]')
    # Off again: GPT-2's printable stand-ins.
    page.get_by_test_id("hex-toggle").click()
    expect(page.get_by_test_id("piece").first.locator(".piece-text")).to_have_text(text)
    expect(canvas).to_have_attribute("data-labels", '["ä","»","Ĭ","å","¤","©"]')
    expect(page.get_by_test_id("byte-note")).to_contain_text("E4 BB 8A")


def test_compare_opens_on_the_chapters_example(open_app):
    page = open_app("lesson=compare&lang=en")
    expect(page.get_by_test_id("compare-input")).to_have_value(DONT)
    rows = page.get_by_test_id("compare-row")
    expect(rows).to_have_count(4)
    engine = {r["name"]: r for r in webapi.compare(DONT, corpus=EXAMPLE, bpe_vocab_size=20, min_frequency=2)["tokenizers"]}
    chapter = {"characters": (26, 19), "words": (4, 8), "toy_bpe": (26, 20)}
    for i, name in enumerate(["characters", "words", "toy_bpe", "r50k"]):
        row = rows.nth(i)
        expect(row).to_have_attribute("data-name", name)
        expect(row.get_by_test_id("compare-count")).to_have_text(f"{engine[name]['n_tokens']:,}")
        expect(row.get_by_test_id("compare-vocab")).to_have_text(f"{engine[name]['vocab_size']:,}")
        if name in chapter:
            assert (engine[name]["n_tokens"], engine[name]["vocab_size"]) == chapter[name]
    expect(page.get_by_test_id("compare-chapter-note")).to_be_visible()
    v = engine["r50k"]["vocab_size"]
    expect(page.get_by_test_id("compare-model")).to_contain_text(f"V = {v:,} = 256 byte tokens + {v - 257:,} merges + 1")
    # Another text: the note about the chapter's example goes away.
    page.get_by_test_id("compare-preset-chinese").click()
    expect(page.get_by_test_id("compare-chapter-note")).to_be_hidden()


def test_samples_preset_reproduces_18_3_7(open_app):
    page = open_app("lesson=samples&lang=en&tok=r50k")
    page.get_by_test_id("samples-preset-chapter").click()
    expect(page.get_by_test_id("samples-preset-chapter")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("samples-tok-toy_bpe")).to_have_attribute("aria-checked", "true")
    engine = webapi.samples(PARAGRAPH_18_3_7, tokenizer="toy_bpe", bpe_vocab_size=100)
    assert engine["n_ids"] == 255 and engine["ids"][:10] == [8, 12, 32, 36, 25, 50, 58, 38, 57, 50]
    expect(page.get_by_test_id("samples-stream-meta")).to_have_text(f"{engine['n_ids']} ids, vocabulary {engine['vocab_size']}")
    captions = page.get_by_test_id("stream-chip").locator(".lk-chip-caption")
    expect(captions.nth(9)).to_be_visible()
    assert [int(c) for c in captions.all_inner_texts()[:10]] == engine["ids"][:10]
    note = page.get_by_test_id("samples-chapter-note")
    expect(note).to_contain_text(f"{engine['n_ids']} tokens, starting [{', '.join(map(str, engine['ids'][:10]))}]")


@pytest.mark.parametrize(("lang", "words"), [("zh", "位置 0 到 6（位置从 0 开始数）"), ("en", "positions 0 to 6 of the stream (counting from 0)")])
def test_samples_positions_are_counted_from_zero(open_app, lang, words):
    page = open_app(f"lesson=samples&lang={lang}&sampler=sequential")
    first = page.get_by_test_id("sample-window").first
    expect(first).to_have_attribute("data-offset", "0")
    expect(first.get_by_test_id("window-caption")).to_contain_text(words)
    expect(page.get_by_test_id("samples-note")).to_contain_text("0")


def test_every_error_code_has_a_string_in_both_languages(page):
    from toklab.protocol import ERRORS, PAGE_ERRORS

    keys = page.evaluate(
        """async () => {
            const i18n = await import("./i18n.mjs");
            return { en: i18n.tableKeys("en"), zh: i18n.tableKeys("zh") };
        }"""
    )
    # The engine's codes, then the worker's, the engine wrapper's and the app's own.
    codes = [*ERRORS, *PAGE_ERRORS]
    for lang in ("en", "zh"):
        missing = [code for code in codes if f"err.{code}" not in keys[lang]]
        assert missing == [], (lang, missing)
