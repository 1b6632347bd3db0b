"""Teaching content in Chromium, driven as a person would: the quirks lesson, the questions after every
lesson, the HuggingFace tie rule, errors in the page's language, the byte switch, Compare's and
Samples' chapter examples, and 0-based positions.

Token counts and ids are checked against tiktoken built offline from the same r50k files (the oracle),
or against the engine's own functions called here on CPython (toklab), besides the chapter's printed
values where the chapter gives them; never against numbers typed into the test. The tests share one
booted page (conftest's `booted`).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from conftest import click_when_settled, shared_page_fixtures
from playwright.sync_api import expect
from toklab import webapi

open_app, page, console_errors = shared_page_fixtures()

LESSONS = ["encode", "decode", "train", "compare", "special", "samples", "quirks", "tables", "families", "lab", "models"]


def chip_ids(row) -> list[int]:
    return [int(c) for c in row.locator(".lk-chip-caption").all_inner_texts()]


def test_quirks_asks_first_then_reveals_the_oracles_ids(open_app, r50k_oracle, screenshot):
    page = open_app("lesson=quirks&lang=en&ask=1")
    expect(page.get_by_test_id("quirks-preset-spelling")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("quirks-question")).to_contain_text("strawberry")
    # The question comes first: no tokens and no explanation until the student asks (the lesson's
    # opening question, ui/askFirst.mjs, stands for Reveal on the first case).
    expect(page.get_by_test_id("quirks-results")).to_be_hidden()
    expect(page.get_by_test_id("quirks-answer")).to_be_hidden()
    expect(page.get_by_test_id("quirks-reveal")).to_be_hidden()
    page.get_by_test_id("ask-next").click()
    rows = page.get_by_test_id("quirks-row")
    expect(rows).to_have_count(2)
    for row, text in zip(rows.all(), [" strawberry", "strawberry"]):
        expect(row).to_have_attribute("data-count", str(len(r50k_oracle.encode(text))))
        assert chip_ids(row) == r50k_oracle.encode(text)
    expect(page.get_by_test_id("quirks-answer")).to_be_visible()
    # Another case hides the answer again until it is revealed.
    page.get_by_test_id("quirks-preset-glitch").click()
    expect(page.get_by_test_id("quirks-results")).to_be_hidden()
    page.wait_for_function("() => location.hash.includes('case=glitch')")
    page.get_by_test_id("quirks-reveal").click()
    assert chip_ids(rows.first) == r50k_oracle.encode(" SolidGoldMagikarp")
    screenshot(page, "en-glitch")


def test_quirks_languages_show_counts_ratios_and_whole_characters(open_app, r50k_oracle, screenshot):
    page = open_app("lesson=quirks&lang=zh&case=languages")  # asking off: the rows show at once
    expect(page.get_by_test_id("quirks-question")).to_contain_text("六种语言")
    expect(page.get_by_test_id("quirks-reveal")).to_be_hidden()
    rows = page.get_by_test_id("quirks-row")
    expect(rows).to_have_count(6)
    texts = [row.get_by_test_id("quirks-text").inner_text() for row in rows.all()]
    counts = [len(r50k_oracle.encode(text.strip('"'))) for text in texts]
    assert [int(row.get_attribute("data-count")) for row in rows.all()] == counts
    assert counts[1] > counts[0]  # Chinese costs GPT-2 more tokens than English for the same sentence
    chinese = rows.nth(1)
    expect(chinese).to_contain_text(f"{counts[1] / counts[0]:.1f}")
    # A token that is a whole character shows the character; part of one shows its bytes, dashed.
    expect(chinese.locator(".lk-chip:not(.partial)", has_text="天").first).to_be_visible()
    expect(chinese.locator(".lk-chip.partial").first).to_be_visible()
    screenshot(page, "zh-languages")


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lesson_ends_with_questions_whose_answers_wait(open_app, lesson):
    page = open_app(f"lesson={lesson}&lang=en")
    questions = page.get_by_test_id("check-question")
    expect(questions.first).to_be_visible()
    assert questions.count() >= 2
    answer = questions.first.get_by_test_id("check-answer")
    expect(answer).to_be_hidden()
    click_when_settled(page, questions.first.locator("summary"))
    expect(answer).to_be_visible()
    # The language switch rewrites questions and answers.
    english = questions.first.locator("summary").inner_text()
    page.locator('[data-lang="zh"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    expect(questions.first.locator("summary")).not_to_have_text(english)
    assert any("\u4e00" <= ch <= "\u9fff" for ch in questions.first.inner_text())


def test_questions_open_by_keyboard(open_app):
    page = open_app("lesson=train&lang=zh")
    first = page.get_by_test_id("check-question").first
    first.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(first.get_by_test_id("check-answer")).to_be_visible()
    expect(first).to_contain_text("1 次")


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


def test_hex_switch_writes_each_symbols_bytes(open_app, r50k_oracle):
    text = "今天"
    page = open_app("lesson=encode&lang=en&text=%E4%BB%8A%E5%A4%A9")
    ids = r50k_oracle.encode_ordinary(text)
    expect(page.get_by_test_id("token-ids")).to_have_text(", ".join(map(str, ids)))
    canvas = page.get_by_test_id("merge-canvas")
    page.get_by_test_id("hex-toggle").click()
    expect(page.get_by_test_id("hex-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("piece").first.locator(".piece-text")).to_have_text(text.encode().hex(" ").upper())
    assert "今".encode().hex(" ").upper() == "E4 BB 8A"
    chips = page.get_by_test_id("final-token").locator(".chip-token")
    expect(chips).to_have_count(len(ids))
    assert chips.all_inner_texts() == [r50k_oracle.decode_single_token_bytes(i).hex(" ").upper() for i in ids]
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
    # An untrained model's first loss, ln V, for the V shown.
    expect(page.get_by_test_id("compare-first-loss")).to_contain_text(f"ln {v:,} = {math.log(v):.3f}")
    expect(page.get_by_test_id("compare-first-loss")).to_contain_text(f"ln 100 = {math.log(100):.3f}")
    # MiniMind's make-up as `tokenizers` reads its real file (not the notes' 256 + 6,144).
    tokenizers = pytest.importorskip("tokenizers")
    mm = json.loads((Path(__file__).resolve().parents[2] / "assets" / "minimind" / "tokenizer.json").read_text(encoding="utf-8"))
    oracle = tokenizers.Tokenizer.from_str(json.dumps(mm))
    added = mm["added_tokens"]
    expect(page.get_by_test_id("compare-model")).to_contain_text(
        f"V = {oracle.get_vocab_size():,} = {len(added)} added tokens ({sum(t['special'] for t in added)} of them special)"
        f" + 256 bytes + {len(mm['model']['merges']):,} merges"
    )
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


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_compare_runs_the_chapters_small_examples(open_app, r50k_oracle, lang):
    """Issue 40 part 4: the chapter's printed answers (18.3.2-18.3.4), each line the engine's: "hello
    world" trains a character vocabulary of 9 and "hello" is [4, 3, 5, 5, 6]; "learning" is 8 letters;
    a word tokenizer trained on the chapter's sentence maps MiniGPT to <unk> (0) in a vocabulary of 6,
    which GPT-2 cuts as tiktoken does; the BPE vocabulary with four special tokens has 21 entries."""
    page = open_app(f"lesson=compare&lang={lang}")
    hello = page.get_by_test_id("compare-chapter-hello")
    expect(hello).to_contain_text("[4, 3, 5, 5, 6]", timeout=60_000)
    expect(hello).to_contain_text(" 9" if lang == "en" else "9 项")
    expect(page.get_by_test_id("compare-chapter-letters")).to_contain_text(f"{len('learning')} {'tokens' if lang == 'en' else '个 token'}")
    unknown = page.get_by_test_id("compare-chapter-unknown")
    expect(unknown).to_contain_text("[0, 3, 2]")
    expect(unknown).to_contain_text("id 0")
    pieces = [r50k_oracle.decode([i]) for i in r50k_oracle.encode_ordinary("MiniGPT")]
    expect(unknown).to_contain_text(" ".join(f"[{p}]" for p in pieces))
    expect(page.get_by_test_id("compare-chapter-vocab")).to_contain_text("= 21")
