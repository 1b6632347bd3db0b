"""The reader's own tokenizer.json as a table (issue 24), and predict mode with the open models.

Opened in the encode lesson, a file becomes the table "custom" of every lesson's select for the session:
its ids are the ones HuggingFace `tokenizers` gives for the same file (the oracle, on CPython), and
Decode and Special follow it; the URL names the file (`tokfile=`), and a link opened without it says the
file is needed and falls back to r50k_base, keeping the text. A bad file says why in the page's language
and changes nothing. In predict mode with MiniMind and Gemma 3, the pair a student picks is judged
against the model's own merges list (a merge's rank is its index there), read here from the file.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from conftest import shared_page_fixtures, wait_settled
from playwright.sync_api import TimeoutError as PlaywrightTimeout, expect

tokenizers = pytest.importorskip("tokenizers")

open_app, page, console_errors = shared_page_fixtures()  # the tests share one booted page (conftest)

LOAD_MS = 180_000  # fetching a model and building its tokenizer inside Pyodide, on a loaded machine
CANVAS = '[data-testid="merge-canvas"]'


def ids_text(ids: list[int]) -> str:
    return ", ".join(map(str, ids))


def write_tokenizer(path: Path) -> tokenizers.Tokenizer:
    """A small byte-level BPE trained with `tokenizers` itself, saved as its tokenizer.json."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=320, special_tokens=["<|endoftext|>"], show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(["low lower lowest newer wider", "今天天气真好 今天 天气"] * 20, trainer=trainer)
    tok.save(str(path))
    return tok


def open_file_fold(page) -> None:
    fold = page.get_by_test_id("tokenizer-file-fold")
    if fold.get_attribute("open") is None:
        fold.locator("summary").click()
    expect(page.get_by_test_id("tokenizer-file-button")).to_be_visible()


def test_an_opened_file_is_a_table_for_encode_decode_and_special(open_app, tmp_path):
    mine = tmp_path / "mine.json"
    oracle = write_tokenizer(mine)
    text = "lowest 今天天气"
    page = open_app(f"lesson=encode&lang=en&text={quote(text)}")
    select = page.get_by_test_id("encoding-select")
    expect(select.locator("option[value=custom]")).to_have_count(0)  # no file yet, no option
    open_file_fold(page)
    expect(page.get_by_test_id("tokenizer-file-limit")).to_contain_text("64 MB")
    page.get_by_test_id("tokenizer-file").set_input_files(str(mine))
    expect(select).to_have_value("custom", timeout=LOAD_MS)
    size = f"{oracle.get_vocab_size(with_added_tokens=True):,}"
    expect(select.locator("option[value=custom]")).to_have_text(f"Your file: mine.json · {size} tokens")
    expect(page).to_have_url(re.compile(r"encoding=custom\b.*tokfile=mine\.json|tokfile=mine\.json.*encoding=custom\b"))
    ids = page.get_by_test_id("token-ids")
    expect(ids).to_have_text(ids_text(oracle.encode(text, add_special_tokens=False).ids), timeout=LOAD_MS)
    expect(page.locator(".encoding-choice")).to_have_attribute("data-active", "custom")
    expect(page.get_by_test_id("encoding-note")).to_contain_text("Your own tokenizer.json (mine.json)")
    # The merge canvas steps through the file's own merges to the piece's ids.
    page.get_by_test_id("last").click()
    wait_settled(page, timeout_ms=LOAD_MS)
    canvas = page.locator(CANVAS)
    expect(canvas).to_have_attribute("data-final", "true")
    first = oracle.encode(text, add_special_tokens=False)
    shown = json.loads(canvas.get_attribute("data-ids"))
    assert shown and first.ids[: len(shown)] == shown, (shown, first.ids)
    # Typing goes on with the file; a text with its special token splits it out, as tokenizers does.
    box = page.get_by_test_id("text-input")
    box.fill("wider newer<|endoftext|>")
    expect(ids).to_have_text(ids_text(oracle.encode("wider newer<|endoftext|>", add_special_tokens=False).ids), timeout=LOAD_MS)

    page.get_by_test_id("lesson-tab-decode").click()
    expect(page.get_by_test_id("encoding-select")).to_have_value("custom", timeout=LOAD_MS)
    want = oracle.encode("lowest 今天", add_special_tokens=False).ids
    page.get_by_test_id("ids-input").fill(ids_text(want))
    expect(page.get_by_test_id("decoded-text")).to_have_text(oracle.decode(want), timeout=LOAD_MS)

    page.get_by_test_id("lesson-tab-special").click()
    expect(page.get_by_test_id("encoding-select")).to_have_value("custom", timeout=LOAD_MS)
    page.get_by_test_id("special-input").fill("low<|endoftext|>")
    want = oracle.encode("low<|endoftext|>", add_special_tokens=False).ids
    expect(page.get_by_test_id("special-allowed").get_by_test_id("special-ids")).to_have_text(str(want), timeout=LOAD_MS)


def test_a_bad_file_keeps_the_text_the_table_and_the_engine(open_app, tmp_path):
    mine = tmp_path / "mine.json"
    oracle = write_tokenizer(mine)
    page = open_app("lesson=encode&lang=zh&text=lowest")
    open_file_fold(page)
    page.get_by_test_id("tokenizer-file").set_input_files(str(mine))
    select = page.get_by_test_id("encoding-select")
    expect(select).to_have_value("custom", timeout=LOAD_MS)
    broken = tmp_path / "broken.json"
    broken.write_text('{\n  "model": {"type": "BPE", "vocab": {}, "merges": []},\n  "pre_tokenizer": {"type": "Whitespace9"}\n}')
    page.get_by_test_id("tokenizer-file").set_input_files(str(broken))
    error = page.get_by_test_id("tokenizer-file-error")
    expect(error).to_contain_text("broken.json 用不了", timeout=LOAD_MS)
    expect(error).to_contain_text("Whitespace9")
    expect(page.get_by_test_id("text-input")).to_have_value("lowest")
    expect(select).to_have_value("custom")
    expect(select.locator("option[value=custom]")).to_contain_text("mine.json")
    expect(page).to_have_url(re.compile(r"tokfile=mine\.json"))
    # The engine still answers, with the good file.
    page.get_by_test_id("text-input").fill("newer wider")
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(oracle.encode("newer wider", add_special_tokens=False).ids), timeout=LOAD_MS)


def test_a_shared_link_without_the_file_says_so_and_falls_back_keeping_the_text(fresh_app, r50k_oracle):
    text = "今天天气真好"
    # A page loaded afresh: the engine holds no file of the reader's. (Not the shared page reloaded: its
    # fallback to r50k_base rewrites the address, and a reload can come after that write or before it.)
    page = fresh_app(f"lesson=encode&lang=zh&encoding=custom&tokfile=theirs.json&text={quote(text)}", wait_ready=False)
    status = page.get_by_test_id("encoding-status")
    expect(status).to_have_attribute("data-state", "needs-file", timeout=LOAD_MS)
    expect(status).to_contain_text("theirs.json")
    expect(status).to_contain_text("链接里不含文件本身")
    expect(page.get_by_test_id("encoding-select")).to_have_value("r50k_base")
    expect(page.get_by_test_id("text-input")).to_have_value(text)
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(r50k_oracle.encode(text)), timeout=LOAD_MS)
    expect(page.get_by_test_id("tokenizer-file-button")).to_be_visible()  # the fold opened where the file goes
    page.locator("h1").click()
    page.set_viewport_size({"width": 390, "height": 844})
    # The merge canvas redraws at the new width on its next frame: give it that, then read.
    fits = "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    try:
        page.wait_for_function(fits, timeout=15_000)
    except PlaywrightTimeout:
        pass  # the assertion below says by how much it does not fit
    widths = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], widths



@pytest.mark.parametrize("name, text, lang", [("unigram_ja", "吾輩は猫である。名前はまだ無い。", "ja-en"),
                                              ("llama2", "今天天气真好 hello", "zh")])  # fmt: skip
def test_a_sentencepiece_tokenizer_model_opens_as_your_file(open_app, tmp_path, name, text, lang):
    """Beside tokenizer.json, a SentencePiece tokenizer.model (Yi's, ChatGLM's, T5's on the reader's
    disk; here the shipped files under another name) opens in the page as the table "Your file": its ids
    are sentencepiece's (the oracle), its note says SentencePiece, and the models lesson has its row."""
    import sys

    sentencepiece = pytest.importorskip("sentencepiece")
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from tools.spm_models import model_file

    mine = tmp_path / "theirs-tokenizer.model"
    mine.write_bytes(model_file(name).read_bytes())
    oracle = sentencepiece.SentencePieceProcessor(model_file=str(mine))
    lang = "en" if lang == "ja-en" else lang
    page = open_app(f"lesson=encode&lang={lang}&text={quote(text)}")
    open_file_fold(page)
    page.get_by_test_id("tokenizer-file").set_input_files(str(mine))
    select = page.get_by_test_id("encoding-select")
    expect(select).to_have_value("custom", timeout=LOAD_MS)
    size = f"{oracle.get_piece_size():,}"
    label = f"Your file: {mine.name} · {size} tokens" if lang == "en" else f"你的文件：{mine.name} · {size} 个 token"
    expect(select.locator("option[value=custom]")).to_have_text(label)
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(oracle.encode(text)), timeout=LOAD_MS)
    expect(page.get_by_test_id("encoding-note")).to_contain_text("SentencePiece")
    expect(page.get_by_test_id("tokenizer-file-status")).to_contain_text(mine.name)
    wait_settled(page, timeout_ms=LOAD_MS)
    page.get_by_test_id("lesson-tab-models").click()
    row = page.locator('[data-testid="model-row"][data-model="custom"]')
    expect(row).to_have_attribute("data-tokens", str(len(oracle.encode(page.get_by_test_id("models-input").input_value()))), timeout=LOAD_MS)



def test_a_bert_vocab_txt_opens_as_your_file(open_app, tmp_path):
    """A WordPiece vocab.txt (BERT's form) opens as the table "Your file": its ids are tokenizers'
    BertWordPieceTokenizer's on the same file (without [CLS] and [SEP]), its stage shows the longest-match
    tries, and a word it cannot cover is [UNK]."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from tokenizers import BertWordPieceTokenizer
    from tools.wordpiece_models import vocab_txt

    mine = tmp_path / "bert-vocab.txt"
    mine.write_text(vocab_txt("wordpiece_en").read_text(encoding="utf-8"), encoding="utf-8")
    oracle = BertWordPieceTokenizer(str(mine), lowercase=True)
    text = "Unaffable teachers 🦄"
    page = open_app(f"lesson=encode&lang=en&text={quote(text)}")
    open_file_fold(page)
    page.get_by_test_id("tokenizer-file").set_input_files(str(mine))
    expect(page.get_by_test_id("encoding-select")).to_have_value("custom", timeout=LOAD_MS)
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(oracle.encode(text).ids[1:-1]), timeout=LOAD_MS)
    expect(page.get_by_test_id("encoding-note")).to_contain_text("longest match")
    expect(page.get_by_test_id("tokenizer-file-status")).to_contain_text("WordPiece, lowercased")
    wait_settled(page, timeout_ms=LOAD_MS)
    page.get_by_test_id("last").click()  # every try of the first word, as WordPiece's stage shows them
    wait_settled(page, timeout_ms=LOAD_MS)
    expect(page.get_by_test_id("wordpiece-try").first).to_be_attached()

def test_a_file_that_is_neither_json_nor_a_sentencepiece_model_is_refused_keeping_the_text(open_app, tmp_path):
    page = open_app("lesson=encode&lang=en&text=lowest")
    open_file_fold(page)
    junk = tmp_path / "notes.model"
    junk.write_bytes(b"\x08\x96\x01 this is not a model")
    page.get_by_test_id("tokenizer-file").set_input_files(str(junk))
    error = page.get_by_test_id("tokenizer-file-error")
    expect(error).to_contain_text("notes.model cannot be used", timeout=LOAD_MS)
    expect(page.get_by_test_id("text-input")).to_have_value("lowest")
    expect(page.get_by_test_id("encoding-select")).not_to_have_value("custom")

# ---------------------------------------------------------------- predict mode with the open models


def merge_ranks(name: str) -> dict[tuple[str, str], int]:
    from tools.models import tokenizer_json

    merges = json.loads(Path(tokenizer_json(name)).read_text(encoding="utf-8"))["model"]["merges"]
    pairs = [tuple(m.split(" ", 1)) if isinstance(m, str) else tuple(m) for m in merges]
    return {pair: i for i, pair in enumerate(pairs)}


def reference_steps(ranks: dict, symbols: list[str]) -> list[dict]:
    """Lowest rank first, leftmost on a tie: each step with the ranks of every pair before it."""
    symbols = list(symbols)
    steps = []
    while len(symbols) > 1:
        candidates = [ranks.get((a, b)) for a, b in zip(symbols, symbols[1:])]
        known = [(r, i) for i, r in enumerate(candidates) if r is not None]
        if not known:
            break
        rank, i = min(known)
        steps.append({"position": i, "left": symbols[i], "right": symbols[i + 1], "rank": rank, "candidates": candidates})
        symbols[i : i + 2] = [symbols[i] + symbols[i + 1]]
    return steps


@pytest.mark.parametrize(("name", "text", "lang"), [("minimind", "tokenization", "en"), ("gemma3", "tokenization", "zh")])
def test_predict_mode_guesses_and_reveals_with_an_open_model(open_app, name, text, lang):
    page = open_app(f"lesson=encode&lang={lang}&encoding={name}&text={text}&predict=1")
    canvas = page.locator(CANVAS)
    symbols = list(text)  # both start from these letters: bytes of ASCII (MiniMind), characters (Gemma)
    expect(canvas).to_have_attribute("data-symbols", json.dumps(symbols, separators=(",", ":")), timeout=LOAD_MS)
    steps = reference_steps(merge_ranks(name), symbols)
    assert len(steps) >= 2
    choices = page.get_by_test_id("pair-choice")
    expect(choices).to_have_count(len(symbols) - 1)
    assert [(c.get_attribute("data-left"), c.get_attribute("data-right")) for c in choices.all()] == list(zip(symbols, symbols[1:]))
    assert not re.search(r"\d", canvas.get_attribute("data-ranks"))  # nothing revealed before the guess
    feedback = page.get_by_test_id("predict-feedback")
    # A wrong pick first: the page names its rank and the model's lowest one.
    first = steps[0]
    wrong = next(i for i, r in enumerate(first["candidates"]) if r is not None and i != first["position"])
    choices.nth(wrong).click()
    expect(feedback).to_have_attribute("data-result", "wrong")
    expect(feedback).to_contain_text(f"rank {first['candidates'][wrong]}")
    expect(feedback).to_contain_text(f"{first['left']} + {first['right']}")
    expect(feedback).to_contain_text(f"rank {first['rank']}")
    expect(canvas).to_have_attribute("data-step", "1")
    expect(page.locator('[data-testid="log-entry"][data-step="1"]')).to_have_attribute("data-rank", str(first["rank"]))
    # Then the right one.
    page.get_by_test_id("predict-next").click()
    second = steps[1]
    expect(choices).to_have_count(len(symbols) - 2)
    choices.nth(second["position"]).click()
    expect(feedback).to_have_attribute("data-result", "correct")
    expect(feedback).to_contain_text(f"{second['left']} + {second['right']}")
    expect(feedback).to_contain_text(f"rank {second['rank']}")
    expect(page.get_by_test_id("predict-score")).to_have_text(re.compile(r"1 of 2|共猜 2 次，猜对 1 次"))
    expect(canvas).to_have_attribute("data-step", "2")


# ---------------------------------------------------------------- the bytes note and Decode's words follow the table


def test_the_bytes_note_and_decodes_words_follow_the_table(open_app):
    page = open_app("lesson=encode&lang=en&text=hi")
    note = page.get_by_test_id("byte-note")
    expect(note).to_contain_text("GPT-2's table works on bytes")
    page.get_by_test_id("encoding-select").select_option("gemma3")
    expect(note).to_have_attribute("data-table", "gemma3", timeout=LOAD_MS)
    expect(note).to_contain_text("Gemma 3 starts from characters, not bytes")
    expect(note).to_contain_text("SentencePiece")
    expect(note).to_contain_text("\u2581")
    expect(note).to_contain_text("<0xE4> <0xBB> <0x8A>")  # Gemma's file has byte fallback
    expect(note).not_to_contain_text("Ġ and å¤©")
    page.get_by_test_id("encoding-select").select_option("minimind")
    expect(note).to_have_attribute("data-table", "minimind", timeout=LOAD_MS)
    expect(note).to_contain_text("MiniMind (minimind-3) is byte-level, as GPT-2 is")
    expect(note).not_to_contain_text("SentencePiece")
    page.get_by_test_id("lang-zh").click()
    expect(note).to_contain_text("和 GPT-2 一样是字节级的")

    page.get_by_test_id("lesson-tab-decode").click()
    words = page.get_by_test_id("decode-items-text")
    expect(words).to_contain_text("MiniMind (minimind-3) 的 tokenizer.json 里的写法", timeout=LOAD_MS)
    page.get_by_test_id("lang-en").click()
    page.get_by_test_id("encoding-select").select_option("gemma3")
    expect(words).to_contain_text("as Gemma 3's tokenizer.json writes it", timeout=LOAD_MS)
    expect(words).to_contain_text("<0xE4>")
    page.get_by_test_id("encoding-select").select_option("r50k_base")
    expect(words).to_contain_text("as GPT-2 writes it", timeout=LOAD_MS)


def test_gemmas_wrapped_cells_stay_above_the_id_table_on_a_phone(open_app):
    """Gemma's piece is the whole text, its first cells characters of 1-3 bytes: on a phone a piece too
    long for one scrolling row wraps onto several rows, and the id table starts under the last of them
    (it once overlapped the third row)."""
    text = "hi 今天 tokenization " * 6  # past the longest row that scrolls sideways
    page = open_app(f"lesson=encode&lang=en&encoding=gemma3&text={quote(text)}")
    page.set_viewport_size({"width": 390, "height": 844})
    canvas = page.locator(CANVAS)
    expect(canvas).to_have_attribute("data-symbols", re.compile("今"), timeout=LOAD_MS)
    expect(canvas).to_have_attribute("data-scrolls", "false")
    for step in ("first", "last"):
        if step == "last":
            page.get_by_test_id("last").click()
        wait_settled(page, timeout_ms=LOAD_MS)
        expect(canvas).to_have_attribute("data-final", "true" if step == "last" else "false")
        expect(canvas).to_have_attribute("data-animating", "false")
        page.wait_for_function("""() => {
            const c = document.querySelector('[data-testid="merge-canvas"]');
            return c && c.offsetWidth <= 390 && c.dataset.lookupTop;
        }""")
        cells = page.locator('.canvas-pane.rank [data-testid="cell"]').evaluate_all(
            "(cells) => cells.map((c) => [parseFloat(c.style.top), parseFloat(c.style.top) + parseFloat(c.style.height)])")
        rows = len({top for top, _ in cells})
        lookup_top = int(canvas.get_attribute("data-lookup-top"))
        assert cells and max(bottom for _, bottom in cells) <= lookup_top, (step, cells, lookup_top)
        if step == "first":
            assert rows >= 2  # the case this is about: the cells wrap
