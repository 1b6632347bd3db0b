"""The families lesson (#lesson=families, issue 38; asking first, issue 40): one text through GPT-2, Llama 2
and a Unigram model side by side, read off the page as a student uses it and held to the oracles on
CPython: tiktoken's r50k_base, sentencepiece on the genuine Llama 1/2 tokenizer.model and on the Unigram
test model (tools/spm_models.py, as test_encode_families.py gets them). The question hides every column
until it is answered; a teacher's switch turns asking off and the link keeps it. Phone, laptop and
projector sizes in both languages, with axe. Every wait is on the page's own sign (data-settled)."""

from __future__ import annotations

import json
import sys
import urllib.parse
from pathlib import Path

import pytest
from conftest import press_tool, settled_after, shared_page_fixtures, wait_settled
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
S = pytest.importorskip("sentencepiece")
tokenizers = pytest.importorskip("tokenizers")

open_app, page, console_errors = shared_page_fixtures()

LOAD_MS = 300_000  # the first time: fetching the .model files and reading them inside Pyodide, on a loaded machine
TODAY = "今天天气真好"
SPACES = "Mind  the   gap,    please."
UNSEEN = "A glorptastic zibberwhump wandered by."
EMOJI = "I love 🦄 and 🍣!"
COLUMNS = {"r50k": "r50k_base", "llama2": "llama2", "unigram": "unigram_en", "wordpiece": "wordpiece_en"}
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}, "projector": {"width": 1920, "height": 1080}}


@pytest.fixture(scope="module")
def oracles(r50k_oracle):
    from tools.spm_models import model_file
    from tools.wordpiece_models import wordpiece_file

    spm = {name: S.SentencePieceProcessor(model_file=str(model_file(name))) for name in ("llama2", "unigram_en")}
    wordpiece = tokenizers.Tokenizer.from_file(str(wordpiece_file("wordpiece_en")))
    return {
        "r50k": lambda text: r50k_oracle.encode_ordinary(text),
        "llama2": lambda text: spm["llama2"].encode(text),
        "unigram": lambda text: spm["unigram_en"].encode(text),
        "wordpiece": lambda text: wordpiece.encode(text, add_special_tokens=False).ids,
        "spm": spm,
        "wp": wordpiece,
    }


@pytest.fixture(autouse=True)
def no_console_errors(console_errors):
    yield
    assert console_errors == []


def open_lesson(open_app, text: str | None = None, lang: str = "en", ask: bool = True, extra: str = ""):
    fragment = f"lesson=families&lang={lang}{extra}"
    if text is not None:
        fragment += f"&ftext={urllib.parse.quote(text)}"
    fragment += "&ask=1" if ask else "&ask=0"  # named either way: a shared page opens with asking off otherwise
    page = open_app(fragment)
    all_answered(page)
    return page


def all_answered(page) -> None:
    """Every column has drawn its answer (the columns may still be hidden behind the question)."""
    wait_settled(page)
    for name in COLUMNS:
        expect(column(page, name)).to_have_attribute("data-state", "ready", timeout=LOAD_MS)
    wait_settled(page)


def column(page, name: str):
    return page.locator(f'[data-testid="family-column"][data-column="{name}"]')


def shown_ids(page, name: str) -> list[int]:
    text = column(page, name).get_by_test_id("family-ids").text_content()
    return [int(x) for x in text.split(", ")] if text else []


def chip_ids(page, name: str) -> list[int]:
    return column(page, name).get_by_test_id("family-chip").evaluate_all("cs => cs.map((c) => Number(c.dataset.id))")


def serious_axe(page, axe_violations) -> list:
    """axe's serious and critical findings on the page scrolled to its top (the phone bar, which a
    scrolled phone shows over the header, is the shell's and has its own tests)."""
    page.evaluate("() => window.scrollTo(0, 0)")
    expect(page.get_by_test_id("phone-bar")).to_be_hidden()
    bad = [v for v in axe_violations(page) if v["impact"] in ("serious", "critical")]
    return [(v["id"], [n["target"] for n in v["nodes"]]) for v in bad]


def reveal(page) -> None:
    settled_after(page, lambda: page.get_by_test_id("ask-next").click())
    expect(page.get_by_test_id("families-columns")).to_be_visible()


@pytest.mark.parametrize("text", [SPACES, TODAY, UNSEEN, EMOJI], ids=["spaces", "today", "unseen", "emoji"])
def test_every_columns_ids_are_the_oracles(open_app, oracles, text):
    # Only ids and counts are read here, the same in either language: one language (the columns' words
    # in Chinese are the other tests' [zh]).
    page = open_lesson(open_app, text, "en", ask=False)
    expect(page.get_by_test_id("families-columns")).to_be_visible()
    for name in COLUMNS:
        want = oracles[name](text)
        assert shown_ids(page, name) == want, name
        assert chip_ids(page, name) == want, name
        expect(column(page, name)).to_have_attribute("data-tokens", str(len(want)))


def test_the_presets_fill_the_box_and_each_opens_on_its_question(open_app, oracles):
    page = open_lesson(open_app)
    expect(page.get_by_test_id("families-input")).to_have_value(TODAY)
    for preset, text, kind in (("spaces", SPACES, "fewest"), ("unseen", UNSEEN, "fewest"), ("emoji", EMOJI, "bytes"), ("today", TODAY, "bytes")):
        settled_after(page, lambda: page.get_by_test_id(f"families-preset-{preset}").click())
        all_answered(page)
        expect(page.get_by_test_id("families-input")).to_have_value(text)
        expect(page.get_by_test_id(f"families-preset-{preset}")).to_have_attribute("aria-pressed", "true")
        expect(page.get_by_test_id("ask-card")).to_have_attribute("data-kind", kind)
        expect(page.get_by_test_id("families-columns")).to_be_hidden()
        assert shown_ids(page, "llama2") == oracles["llama2"](text)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_asking_hides_the_columns_until_a_guess_and_judges_it_from_the_oracle(open_app, oracles, lang):
    page = open_lesson(open_app, TODAY, lang)
    question = page.get_by_test_id("ask-first")
    expect(question).to_be_visible()
    expect(question).to_contain_text("Llama 2")
    expect(page.get_by_test_id("families-columns")).to_be_hidden()
    expect(page.get_by_test_id("family-chip").first).to_be_hidden()
    expect(page.get_by_test_id("ask-feedback")).to_be_hidden()
    # The oracle: which characters of the text Llama 2 writes as byte tokens.
    sp = oracles["spm"]["llama2"]
    pieces = sp.encode(TODAY, out_type=str)
    assert "<0xE6>" in pieces
    falls = [ch for ch in dict.fromkeys(TODAY) if any(p.startswith("<0x") for p in sp.encode(ch, out_type=str))]
    assert falls == ["气"]
    settled_after(page, lambda: page.locator('[data-testid="ask-choice"][data-choice="今"]').click())
    verdict = page.get_by_test_id("ask-feedback")
    expect(verdict).to_have_attribute("data-result", "wrong")
    expect(verdict).to_contain_text("<0xE6> <0xB0> <0x94>")
    expect(page.locator('[data-testid="ask-choice"][data-right="true"]')).to_have_count(1)
    expect(page.locator('[data-testid="ask-choice"][data-right="true"]')).to_have_attribute("data-choice", "气")
    expect(page.get_by_test_id("families-columns")).to_be_visible()
    assert shown_ids(page, "llama2") == sp.encode(TODAY)
    # Llama 2's column names 气 as the one character written as bytes; the Unigram model's, its unknown token.
    assert json.loads(column(page, "llama2").get_by_test_id("family-cut").get_attribute("data-chars")) == ["气"]
    unk = oracles["spm"]["unigram_en"]
    unknown = column(page, "unigram").get_by_test_id("family-unknown")
    expect(unknown).to_have_attribute("data-count", str(unk.encode(TODAY).count(unk.unk_id())))
    expect(unknown).to_contain_text(unk.id_to_piece(unk.unk_id()))


def test_fewest_is_judged_from_the_counts_and_a_tie_is_said_as_one(open_app, oracles):
    page = open_lesson(open_app, SPACES)
    counts = {name: len(oracles[name](SPACES)) for name in COLUMNS}
    least = min(counts.values())
    winners = [name for name, n in counts.items() if n == least]
    loser = next(name for name in COLUMNS if name not in winners)
    expect(page.get_by_test_id("families-columns")).to_be_hidden()
    settled_after(page, lambda: page.locator(f'[data-testid="ask-choice"][data-choice="{loser}"]').click())
    expect(page.get_by_test_id("ask-feedback")).to_have_attribute("data-result", "wrong")
    right = page.locator('[data-testid="ask-choice"][data-right="true"]')
    assert sorted(right.evaluate_all("bs => bs.map((b) => b.dataset.choice)")) == sorted(winners)
    expect(page.get_by_test_id("ask-feedback")).to_contain_text(f": {least}.")
    for name, n in counts.items():
        expect(column(page, name)).to_have_attribute("data-tokens", str(n))


def test_the_teachers_switch_turns_asking_off_and_the_link_keeps_it(open_app, oracles):
    page = open_lesson(open_app, EMOJI)
    expect(page.get_by_test_id("families-columns")).to_be_hidden()
    toggle = page.get_by_test_id("ask-toggle")  # the page's one switch, in the top bar (Teacher tools on a phone)
    expect(toggle).to_have_attribute("aria-pressed", "true")
    settled_after(page, lambda: press_tool(page, "ask-toggle"))
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_test_id("ask-first")).to_be_hidden()
    expect(page.get_by_test_id("families-columns")).to_be_visible()
    page.wait_for_function("() => new URLSearchParams(location.hash.slice(1)).get('ask') === '0'")
    page.reload()
    all_answered(page)
    expect(page.get_by_test_id("ask-toggle")).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_test_id("families-columns")).to_be_visible()
    assert shown_ids(page, "unigram") == oracles["unigram"](EMOJI)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_what_each_does_with_spaces_and_bytes_is_said_from_the_answers(open_app, oracles, lang, r50k_oracle):
    page = open_lesson(open_app, SPACES, lang, ask=False)
    spm = oracles["spm"]
    n_spaces = SPACES.count(" ")
    # GPT-2 keeps every space (each its byte 0x20); Llama 2 writes each as ▁ and one before the first
    # word; the Unigram model squeezes runs: counted from the oracles' own tokens.
    gpt2_marks = sum(r50k_oracle.decode_single_token_bytes(i).count(b" ") for i in r50k_oracle.encode_ordinary(SPACES))
    llama_marks = sum(p.count("▁") for p in spm["llama2"].encode(SPACES, out_type=str))
    uni_marks = sum(p.count("▁") for p in spm["unigram_en"].encode(SPACES, out_type=str))
    assert gpt2_marks == n_spaces and llama_marks == n_spaces + 1 and 0 < uni_marks - 1 < n_spaces
    expect(column(page, "r50k").get_by_test_id("family-space")).to_have_attribute("data-verdict", "kept")
    expect(column(page, "llama2").get_by_test_id("family-space")).to_have_attribute("data-verdict", "kept")
    expect(column(page, "unigram").get_by_test_id("family-space")).to_have_attribute("data-verdict", "squeezed")
    wp = oracles["wp"].encode(SPACES, add_special_tokens=False)
    assert not any(" " in SPACES[a:b] for a, b in wp.offsets)  # no WordPiece token covers a space
    expect(column(page, "wordpiece").get_by_test_id("family-space")).to_have_attribute("data-verdict", "dropped")
    expect(column(page, "r50k").get_by_test_id("family-space")).to_contain_text(str(n_spaces))
    expect(column(page, "llama2").get_by_test_id("family-space")).to_contain_text("▁")
    expect(column(page, "unigram").get_by_test_id("family-space")).to_contain_text(str(uni_marks - 1))
    # The emoji: GPT-2's byte pieces, Llama 2's byte tokens, the Unigram model's unknown token.
    settled_after(page, lambda: page.get_by_test_id("families-preset-emoji").click())
    all_answered(page)
    for name in ("r50k", "llama2"):
        assert json.loads(column(page, name).get_by_test_id("family-cut").get_attribute("data-chars")) == ["🦄", "🍣"], name
    expect(column(page, "llama2").get_by_test_id("family-cut")).to_contain_text("<0xF0> <0x9F> <0xA6> <0x84>")
    expect(column(page, "unigram").get_by_test_id("family-unknown")).to_have_attribute(
        "data-count", str(spm["unigram_en"].encode(EMOJI).count(spm["unigram_en"].unk_id())))
    expect(column(page, "unigram").locator('[data-testid="family-chip"][data-kind="unknown"]')).to_have_count(2)
    expect(column(page, "r50k").get_by_test_id("family-unknown")).to_have_attribute("data-count", "0")
    unk_id = oracles["wp"].token_to_id("[UNK]")
    expect(column(page, "wordpiece").get_by_test_id("family-unknown")).to_have_attribute(
        "data-count", str(oracles["wordpiece"](EMOJI).count(unk_id)))
    expect(column(page, "wordpiece").get_by_test_id("family-unknown")).to_contain_text("🦄 → [UNK]")  # what it stood for


def oracle_label(data: bytes) -> str:
    """A token named as every lesson names it, from the oracle's bytes alone: its characters when they
    are whole (a token of one piece that starts on a character and decodes), else its bytes in hex."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return " ".join(f"{b:02X}" for b in data)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_gpt2s_column_names_a_cut_character_by_its_bytes_not_by_gpt2s_stand_ins(open_app, r50k_oracle, lang):
    """#37's rule in the families lesson: GPT-2's tokens of 今天天气真好 are the characters or their
    bytes in hex (今 as E4 BB · 8A), in the chips, the line of characters written as bytes and the rank
    stage; the stand-ins (ä», å¤©) only as the table's spelling beside them."""
    page = open_lesson(open_app, TODAY, lang, ask=False)
    gpt2 = column(page, "r50k")
    ids = r50k_oracle.encode_ordinary(TODAY)
    want = [oracle_label(r50k_oracle.decode_single_token_bytes(i)) for i in ids]
    assert any(" " in w for w in want)  # some character is cut (the test would prove nothing otherwise)
    chips = gpt2.get_by_test_id("family-chip").evaluate_all("cs => cs.map((c) => c.querySelector('.lk-chip-token').textContent)")
    assert chips == want
    # The cut line: each cut character, then its tokens' bytes (from the oracle), the stand-ins after.
    cut = gpt2.get_by_test_id("family-cut").text_content()
    spans, at = [], 0
    for i in ids:
        n = len(r50k_oracle.decode_single_token_bytes(i))
        spans.append((at, at + n))
        at += n
    data, at = TODAY.encode("utf-8"), 0
    for ch in TODAY:
        end = at + len(ch.encode("utf-8"))
        over = [k for k, (a, b) in enumerate(spans) if a < end and b > at]
        if any(spans[k][0] > at or spans[k][1] < end for k in over):
            named = " · ".join(" ".join(f"{b:02X}" for b in data[spans[k][0]:spans[k][1]]) for k in over)
            assert f"{ch} → {named}" in cut, (ch, cut)
        at = end
    # The rank stage at its end: the same names on the cells, the stand-ins small beneath.
    settled_after(page, lambda: gpt2.locator('[data-testid="family-word"][data-index="0"]').click())
    page.locator("h1").click()
    settled_after(page, lambda: page.keyboard.press("End"))
    stage = gpt2.get_by_test_id("rank-stage")
    expect(stage).to_have_attribute("data-step", stage.get_attribute("data-total"))
    cells = gpt2.get_by_test_id("rank-cell").evaluate_all("cs => cs.map((c) => c.querySelector('.fam-sym').textContent)")
    assert cells == want
    caption = gpt2.get_by_test_id("family-caption").text_content()
    assert want[0] in caption


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_column_steps_a_word_in_its_familys_terms(open_app, oracles, lang):
    page = open_lesson(open_app, UNSEEN, lang, ask=False)
    spm = oracles["spm"]
    # GPT-2: "Ġglor..." merged lowest rank first, ending in the oracle's tokens for the piece.
    gpt2 = column(page, "r50k")
    settled_after(page, lambda: gpt2.locator('[data-testid="family-word"][data-index="1"]').click())
    stage = gpt2.get_by_test_id("rank-stage")
    expect(stage).to_have_attribute("data-text", " glorptastic")
    total = int(stage.get_attribute("data-total"))
    assert total >= 3
    for k in range(total):
        ranks = gpt2.get_by_test_id("rank-pair").evaluate_all("ps => ps.map((p) => [Number(p.dataset.rank), p.dataset.winner === 'true'])")
        assert ranks and ranks[0][1] and ranks[0][0] == min(r for r, _ in ranks), k
        settled_after(page, lambda: gpt2.get_by_test_id("family-next").click())
        expect(stage).to_have_attribute("data-step", str(k + 1))
    cells = gpt2.get_by_test_id("rank-cell").evaluate_all("cs => cs.map((c) => Number(c.dataset.id))")
    assert cells == oracles["r50k"](" glorptastic")
    expect(gpt2.get_by_test_id("family-next")).to_be_disabled()
    # Llama 2: the candidates' scores are sentencepiece's; the highest merges.
    llama = column(page, "llama2")
    settled_after(page, lambda: llama.locator('[data-testid="family-word"][data-index="1"]').click())
    stage = llama.get_by_test_id("family-stage")
    expect(stage).to_have_attribute("data-family", "spm_bpe")
    sp = spm["llama2"]
    pairs = llama.get_by_test_id("score-pair").evaluate_all("ps => ps.map((p) => [p.dataset.merged, Number(p.dataset.score), p.dataset.winner === 'true'])")
    assert pairs
    for merged, score, _ in pairs:
        assert score == sp.get_score(sp.piece_to_id(merged)), merged
    assert pairs[0][2] and pairs[0][1] == max(s for _, s, _ in pairs)
    page.locator("h1").click()
    settled_after(page, lambda: page.keyboard.press("End"))  # the column last used (Llama 2's) goes to its end
    expect(stage).to_have_attribute("data-step", stage.get_attribute("data-total"))
    shown = llama.get_by_test_id("family-cell").evaluate_all("cs => cs.map((c) => c.dataset.symbol)")
    assert shown == sp.encode("glorptastic", out_type=str)  # one ▁ before the word, as in the text
    # Unigram: the lattice's best path is sentencepiece's.
    uni = column(page, "unigram")
    settled_after(page, lambda: uni.locator('[data-testid="family-word"][data-index="1"]').click())
    expect(uni.get_by_test_id("family-stage")).to_have_attribute("data-family", "unigram")
    best = uni.locator('[data-testid="lattice-piece"][data-best="true"]').evaluate_all(
        "ns => ns.map((n) => [Number(n.dataset.start), n.dataset.piece]).sort((a, b) => a[0] - b[0]).map((x) => x[1])")
    assert best == spm["unigram_en"].encode("glorptastic", out_type=str)
    # WordPiece: each try in order, the longest first at each start; its pieces are tokenizers'.
    wp = column(page, "wordpiece")
    settled_after(page, lambda: wp.locator('[data-testid="family-word"][data-index="1"]').click())
    expect(wp.get_by_test_id("family-stage")).to_have_attribute("data-family", "wordpiece")
    settled_after(page, lambda: wp.get_by_test_id("family-next").click())
    first = wp.get_by_test_id("wordpiece-try").first
    expect(first).to_have_attribute("data-piece", "glorptastic")  # the whole word is tried first
    expect(first).to_have_attribute("data-found", "false")
    page.locator("h1").click()
    settled_after(page, lambda: page.keyboard.press("End"))
    tokens = wp.get_by_test_id("wordpiece-token").evaluate_all("ts => ts.map((t) => [t.dataset.piece, Number(t.dataset.id)])")
    enc = oracles["wp"].encode("glorptastic", add_special_tokens=False)
    assert tokens == [[p, i] for p, i in zip(enc.tokens, enc.ids)]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", ["phone", "laptop", "projector"])
def test_every_size_fits_has_no_serious_axe_violation_and_is_looked_at(open_app, axe_violations, screenshot, size, lang):
    page = open_lesson(open_app, TODAY, lang, extra="&projector=1" if size == "projector" else "")
    page.set_viewport_size(SIZES[size])
    wait_settled(page)
    screenshot(page, f"{size}-{lang}-asking")
    assert serious_axe(page, axe_violations) == []
    reveal(page)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= SIZES[size]["width"], width
    tops = [column(page, name).bounding_box()["y"] for name in COLUMNS]
    if size == "phone":
        assert tops == sorted(tops) and len(set(tops)) == len(tops)  # stacked
    else:
        assert len(set(round(t) for t in tops)) == 1  # side by side
    screenshot(page, f"{size}-{lang}-told")
    assert serious_axe(page, axe_violations) == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_worksheet_asks_for_each_count_and_its_key_holds_the_oracles(open_app, oracles, lang):
    page = open_lesson(open_app, EMOJI, lang)
    page.evaluate("() => { window.print = () => {}; }")  # the sheet is read as the page builds it, not printed
    page.get_by_test_id("print-worksheet").click()
    sheet = page.get_by_test_id("worksheet")
    expect(sheet).to_have_attribute("data-state", "ready", timeout=60_000)
    expect(sheet).to_contain_text(EMOJI)
    keys = sheet.locator(".ws-table").evaluate_all(
        "(ts) => ts.map((t) => [...t.querySelectorAll('tbody tr')].map((r) => [...r.cells].map((c) => c.textContent)))")
    work, key = keys[0], keys[1]
    assert [row[0] for row in work] == [row[0] for row in key] and len(work) == len(COLUMNS)
    assert all(cell == "" for row in work for cell in row[1:])  # blanks to fill in
    for row, name in zip(key, COLUMNS):
        want = oracles[name](EMOJI)
        assert int(row[1]) == len(want), name
        assert row[3] == ", ".join(map(str, want)), name


def revealed(page) -> None:
    """A slide opens its text on the question: answer it (Just show me) so the columns are on screen."""
    show = page.get_by_test_id("ask-next")
    if show.is_visible():
        settled_after(page, lambda: show.click())
    for name in COLUMNS:
        expect(column(page, name)).to_have_attribute("data-state", "ready", timeout=LOAD_MS)
    expect(page.get_by_test_id("families-columns")).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_deck_states_only_numbers_its_screen_shows(open_app, lang):
    from test_deck_facts import notes_against_screen  # tests/browser is on sys.path

    page = open_lesson(open_app, TODAY, lang)
    assert notes_against_screen(page, "families", reveal=revealed) >= 6


def test_an_emptied_box_asks_nothing_and_a_typed_text_asks_which_is_fewest(open_app, oracles):
    page = open_lesson(open_app, TODAY)
    box = page.get_by_test_id("families-input")
    settled_after(page, lambda: box.fill(""))
    expect(page.get_by_test_id("ask-first")).to_be_hidden()
    for name in COLUMNS:
        expect(column(page, name)).to_have_attribute("data-tokens", "0")
    expect(page.locator(".engine-error:visible")).to_have_count(0)
    settled_after(page, lambda: box.press_sequentially("naïve café", delay=20))
    all_answered(page)
    expect(page.get_by_test_id("ask-card")).to_have_attribute("data-kind", "fewest")
    expect(page.get_by_test_id("families-columns")).to_be_hidden()
    settled_after(page, lambda: page.locator('[data-testid="ask-choice"][data-choice="wordpiece"]').click())
    for name in COLUMNS:
        assert shown_ids(page, name) == oracles[name]("naïve café"), name
    expect(box).to_have_value("naïve café")
