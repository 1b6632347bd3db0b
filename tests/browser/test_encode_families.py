"""The encode lesson with a SentencePiece table (issue 38): Llama 1/2's merges by score and a Unigram
lattice, read off the page as a student uses it (pick the table, type, press the stepping keys) and held
to `sentencepiece` on CPython with the same tokenizer.model files (tools/spm_models.py): the ids shown,
the byte-fallback tokens, each candidate pair's score (sentencepiece's score of the piece it makes),
each lattice piece's log-probability and the lattice's best path. Every wait is on the page's own sign:
the lesson root's data-settled, and the family stage's data-step once it is drawn."""

from __future__ import annotations

import sys
import urllib.parse
from pathlib import Path

import pytest
from conftest import settled_after, shared_page_fixtures, wait_settled
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
S = pytest.importorskip("sentencepiece")

open_app, page, console_errors = shared_page_fixtures()

LOAD_MS = 300_000  # the first time: fetching the .model file and reading it inside Pyodide, on a loaded machine
TODAY = "今天天气真好"
HELD_OUT = "the quiet harbour lanterns"  # not a line of botchan.txt, the text the Unigram test model learned from
STAGE = '[data-testid="family-stage"]'
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}


@pytest.fixture(scope="module")
def spm():
    from tools.spm_models import model_file

    return {name: S.SentencePieceProcessor(model_file=str(model_file(name))) for name in ("llama2", "unigram_en")}


@pytest.fixture(autouse=True)
def no_console_errors(console_errors):
    yield
    assert console_errors == []


def choose_table(page, name: str) -> None:
    """Pick `name` in the table select, as a reader does, and wait until the lesson uses it."""
    page.get_by_test_id("encoding-select").select_option(name)
    expect(page.locator(".encoding-choice")).to_have_attribute("data-active", name, timeout=LOAD_MS)


def type_text(page, text: str) -> None:
    box = page.get_by_test_id("text-input")
    settled_after(page, lambda: box.fill(text))


def stage_drawn(page, family: str, text: str | None = None) -> None:
    """The family stage shows a trace of `family` (of the piece whose text is `text`)."""
    wait_settled(page)
    stage = page.locator(STAGE)
    expect(stage).to_have_attribute("data-family", family, timeout=LOAD_MS)
    if text is not None:
        expect(stage).to_have_attribute("data-text", text)


def press(page, key: str) -> int:
    """Press a stepping key with the focus on the page (not in the text box); the step drawn."""
    page.locator("h1").click()
    settled_after(page, lambda: page.keyboard.press(key))
    return int(page.locator(STAGE).get_attribute("data-step"))


def ids_text(ids: list[int]) -> str:
    return ", ".join(map(str, ids))


def shown_tokens(page) -> list[tuple[str, int]]:
    """The final tokens the stage draws, with their ids: a cell's symbol, or a fallback cell's bytes."""
    return page.locator('[data-testid="family-cell"]').evaluate_all("""cells => cells.flatMap((c) => {
        const bytes = [...c.querySelectorAll('[data-testid="byte-cell"]')];
        return bytes.length ? bytes.map((b) => [b.dataset.token, Number(b.dataset.id)]) : [[c.dataset.symbol, Number(c.dataset.id)]];
    })""")


def pairs(page) -> list[dict]:
    return page.locator('[data-testid="score-pair"]').evaluate_all(
        "ps => ps.map((p) => ({merged: p.dataset.merged, score: Number(p.dataset.score), winner: p.dataset.winner === 'true'}))")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_llama2_cuts_today_with_qi_as_three_bytes(open_app, spm, lang):
    sp = spm["llama2"]
    page = open_app(f"lesson=encode&lang={lang}")
    choose_table(page, "llama2")
    # Its option names it in the page's language, with the vocabulary size the model file has.
    option = page.locator('[data-testid="encoding-select"] option[value="llama2"]')
    expect(option).to_contain_text(f"{sp.get_piece_size():,}")
    expect(option).to_contain_text("个 token" if lang == "zh" else "tokens")
    group = option.evaluate("o => o.parentElement.label")
    assert "SentencePiece" in group
    type_text(page, TODAY)
    stage_drawn(page, "spm_bpe", TODAY)
    ids = sp.encode(TODAY)
    pieces = sp.encode(TODAY, out_type=str)
    assert pieces == ["▁", "今", "天", "天", "<0xE6>", "<0xB0>", "<0x94>", "真", "好"]  # the notes' case
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(ids))
    # Every oracle token is one character or one byte: nothing merges, so step 0 is already the end.
    expect(page.locator(STAGE)).to_have_attribute("data-total", "0")
    expect(page.locator(STAGE)).to_have_attribute("data-step", "0")
    assert shown_tokens(page) == [[p, i] for p, i in zip(pieces, ids)]
    # 气 is one cell that stays its three bytes, said so in the caption; no pair is left to merge.
    qi = page.locator('[data-testid="family-cell"].bytes')
    expect(qi).to_have_count(1)
    expect(qi).to_have_attribute("data-symbol", "气")
    expect(page.get_by_test_id("step-caption")).to_contain_text("<0xE6> <0xB0> <0x94>")
    expect(page.get_by_test_id("step-caption")).to_contain_text(ids_text(ids))
    expect(page.locator('[data-testid="score-pair"]')).to_have_count(0)
    expect(page.get_by_test_id("score-pairs-done")).to_be_visible()
    expect(page.get_by_test_id("space-note")).to_contain_text("Ġ")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_llama2_merges_the_highest_score_first(open_app, spm, lang):
    sp = spm["llama2"]
    word = "unbelievably"
    page = open_app(f"lesson=encode&lang={lang}")
    choose_table(page, "llama2")
    type_text(page, word)
    stage_drawn(page, "spm_bpe", word)
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(sp.encode(word)))
    total = int(page.locator(STAGE).get_attribute("data-total"))
    assert total >= 5
    for k in range(total):
        assert int(page.locator(STAGE).get_attribute("data-step")) == k
        candidates = pairs(page)
        assert candidates, f"step {k} lists no candidate pair"
        for pair in candidates:  # each score is sentencepiece's own score of the piece the pair makes
            piece_id = sp.piece_to_id(pair["merged"])
            assert sp.id_to_piece(piece_id) == pair["merged"]
            assert pair["score"] == sp.get_score(piece_id), pair
        winners = [p for p in candidates if p["winner"]]
        assert len(winners) == 1
        assert winners[0]["score"] == max(p["score"] for p in candidates)  # the highest score merges first
        assert candidates[0]["winner"]  # listed first
        assert press(page, "ArrowRight") == k + 1
        caption = page.get_by_test_id("step-caption").text_content()
        assert winners[0]["merged"] in caption and winners[0]["merged"] in caption.split("→")[1]
        entry = page.locator('[data-testid="log-entry"][aria-current="step"]')
        expect(entry).to_have_attribute("data-merged", winners[0]["merged"])
    assert shown_tokens(page) == [[p, i] for p, i in zip(sp.encode(word, out_type=str), sp.encode(word))]
    # Home goes back to the start, where the first candidates are shown again.
    assert press(page, "Home") == 0
    expect(page.locator('[data-testid="score-pair"][data-winner="true"]')).to_have_count(1)


def test_unigram_lattice_best_path_is_sentencepieces(open_app, spm):
    # Only pieces, scores and counts are read, the same in either language: one language (the stage's
    # Chinese is test_the_stage_fits_a_phone_and_a_projector's and the axe tests').
    sp = spm["unigram_en"]
    page = open_app(f"lesson=encode&encoding=unigram_en&text={urllib.parse.quote(HELD_OUT)}&lang=en")  # a link, as shared
    expect(page.locator(".encoding-choice")).to_have_attribute("data-active", "unigram_en", timeout=LOAD_MS)
    expect(page.get_by_test_id("encoding-select")).to_have_value("unigram_en")
    stage_drawn(page, "unigram")
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(sp.encode(HELD_OUT)))
    n_pieces = page.locator('[data-testid="piece"]').count()
    best = []
    for index in range(n_pieces):
        if index > 0:
            settled_after(page, lambda: page.get_by_test_id("next-piece").click())
        stage = page.locator(STAGE)
        expect(stage).to_have_attribute("data-piece", str(index))
        total = int(stage.get_attribute("data-total"))
        lattice = page.get_by_test_id("lattice")
        expect(lattice).to_be_visible()
        nodes = lattice.locator('[data-testid="lattice-piece"]').evaluate_all(
            "ns => ns.map((n) => ({piece: n.dataset.piece, logp: Number(n.dataset.logp), best: n.dataset.best === 'true', start: Number(n.dataset.start)}))")
        for node in nodes:  # each log-probability is the model's own score of that piece
            assert node["logp"] == sp.get_score(sp.piece_to_id(node["piece"])), node
        # Stepped position by position: one step per character of the word, the path lit at the end.
        assert total == len(page.locator(".lat-char").all())
        assert press(page, "ArrowRight") == 1
        expect(page.locator('[data-testid="lattice-end"]')).to_have_count(1)
        assert press(page, "End") == total
        expect(page.locator('[data-testid="lattice-end"]')).to_have_count(total)
        lit = lattice.locator('[data-testid="lattice-piece"].lit')
        expect(lit).to_have_count(sum(n["best"] for n in nodes))
        best += [n["piece"] for n in sorted((n for n in nodes if n["best"]), key=lambda n: n["start"])]
    assert best == sp.encode(HELD_OUT, out_type=str)


def test_each_familys_common_mistake_is_shown_beside(open_app, spm):
    """Unigram is not greedy (longest piece first), BPE by score does not merge left to right: on these
    words the mistake's pieces differ from sentencepiece's, and the page says so. Only pieces are read,
    the same in either language: one language (the mistake in Chinese is the axe tests' mistake=1)."""
    for table, word, family in (("unigram_en", "tokenization", "unigram"), ("llama2", "yesterday", "spm_bpe")):
        page = open_app(f"lesson=encode&encoding={table}&text={word}&lang=en")
        expect(page.locator(".encoding-choice")).to_have_attribute("data-active", table, timeout=LOAD_MS)
        stage_drawn(page, family, word)
        settled_after(page, lambda: page.get_by_test_id("mistake-toggle").click())
        mistake = page.get_by_test_id("family-mistake")
        expect(mistake).to_be_visible()
        real = " · ".join(spm[table].encode(word, out_type=str))
        expect(mistake.locator(".fam-run.real .fam-run-pieces")).to_have_text(real)
        expect(mistake.locator(".fam-run.wrong .fam-run-pieces")).not_to_have_text(real)
        expect(mistake).to_have_attribute("data-same", "false")


@pytest.mark.parametrize(("table", "text", "family"), [
    ("mistral", "Hello world, 今天天气真好", "spm_bpe"),
    ("unigram_ja", "東京は大きい町です", "unigram"),
])
def test_the_other_tables_ids_are_sentencepieces(open_app, spm_all, table, text, family):
    page = open_app("lesson=encode&lang=zh")
    choose_table(page, table)
    type_text(page, text)
    stage_drawn(page, family)
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(spm_all[table].encode(text)))


@pytest.fixture(scope="module")
def spm_all(spm):
    from tools.spm_models import model_file

    return {**spm, **{name: S.SentencePieceProcessor(model_file=str(model_file(name))) for name in ("mistral", "unigram_ja")}}


@pytest.mark.parametrize(("size", "lang"), [(PHONE, "zh"), (PROJECTOR, "en")])
def test_the_stage_fits_a_phone_and_a_projector(open_app, size, lang):
    page = open_app(f"lesson=encode&encoding=unigram_en&text={urllib.parse.quote(HELD_OUT)}&lang={lang}")
    page.set_viewport_size(size)
    stage_drawn(page, "unigram")
    # The page itself never scrolls sideways: a long word's lattice scrolls inside its own box.
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    for selector in ('[data-testid="lattice"]', '[data-testid="step-caption"]'):
        box = page.locator(selector).bounding_box()
        assert box["width"] > 0
    caption = page.get_by_test_id("step-caption").bounding_box()
    assert caption["x"] >= 0 and caption["x"] + caption["width"] <= size["width"]


@pytest.mark.parametrize("table", ["llama2", "unigram_en"])
def test_no_serious_axe_violations_in_the_family_stage(open_app, axe_violations, table):
    page = open_app(f"lesson=encode&encoding={table}&text=yesterday&lang=zh&mistake=1")
    expect(page.locator(".encoding-choice")).to_have_attribute("data-active", table, timeout=LOAD_MS)
    stage_drawn(page, "unigram" if table.startswith("unigram") else "spm_bpe", "yesterday")
    for at_end in (False, True):  # at the start, then at the end (the chosen pieces lit)
        if at_end:
            press(page, "End")
        bad = [v for v in axe_violations(page) if v["impact"] in ("serious", "critical")]
        assert bad == [], [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in bad]



@pytest.mark.parametrize("table, family, text", [("llama2", "spm_bpe", "Hello"), ("unigram_en", "unigram", "Hello"),
                                                 ("wordpiece_en", "wordpiece", "unaffable")])  # fmt: skip
def test_export_gif_steps_through_the_familys_own_stage(open_app, table, family, text):
    """Export GIF with a SentencePiece or WordPiece table: one frame per step of its own stage (score
    pairs, lattice, longest-match tries), the last held longer, a caption band of text above; the page's
    own stage is left as it was."""
    from test_export import download, gif_frames

    page = open_app(f"lesson=encode&encoding={table}&text={urllib.parse.quote(text)}&lang=en")
    expect(page.locator(".encoding-choice")).to_have_attribute("data-active", table, timeout=LOAD_MS)
    stage_drawn(page, family, None)
    stage = page.locator(STAGE)
    total, step = int(stage.get_attribute("data-total")), stage.get_attribute("data-step")
    assert total >= 2
    name, data = download(page, "export-gif")
    assert name == f"tokenizer-lab-{table}-steps.gif"
    width, height, delays = gif_frames(data)
    assert len(delays) == total + 1
    assert delays[-1] > delays[0] > 0
    assert width == round(stage.bounding_box()["width"] * 2) and height > 100
    assert stage.get_attribute("data-step") == step and page.locator(STAGE).count() == 1
