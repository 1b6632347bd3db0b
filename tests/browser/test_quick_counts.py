"""Issue 37, item 9, the quick answer: under the encode lesson's text box, the text's token count in every
table the select offers (`quick-count`, one per option: data-table the option's value, data-tokens the
count), each held to its oracle (tiktoken for OpenAI's tables, `tokenizers` on the shipped tokenizer.json
files and the WordPiece table's, sentencepiece on the shipped .model files), in both languages and at a phone's size; a tap chooses
the table, the row's link opens the models lesson at the same text, and a phone leaves the large files
for a tap. The tests wait on the page's signs only: data-settled, aria-busy, the hooks' attributes."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from conftest import new_app_context, settled_after, shared_page_fixtures, wait_settled, wait_until_ready
from playwright.sync_api import expect

open_app, page, console_errors = shared_page_fixtures()

LOAD_MS = 300_000  # every table fetched and built inside Pyodide, on a loaded machine
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
TEXT = "今天天气真好, tokenizers split 2024!"
OPENAI = ("r50k_base", "cl100k_base", "o200k_base", "o200k_harmony")

# Every count, whatever its moment: a number and not busy, or busy and saying so ("…"), or a tap offered.
CELLS = """() => [...document.querySelectorAll('[data-testid=quick-count]')].map((c) => ({
    table: c.dataset.table, tokens: c.dataset.tokens ?? null, state: c.dataset.state,
    busy: c.getAttribute('aria-busy'), shown: c.querySelector('.quick-n').textContent,
    pressed: c.getAttribute('aria-pressed')}))"""


@pytest.fixture(scope="module")
def oracle(tiktoken_oracle):
    """name -> the number of tokens the table's own reference library gives for a text."""
    made = {}

    def reference(name):
        if name in OPENAI:
            return tiktoken_oracle(name).encode_ordinary
        from tools.spm_models import SPM_MODELS, model_file  # noqa: F401 (SPM_MODELS: the names it knows)

        if name in SPM_MODELS:
            sentencepiece = pytest.importorskip("sentencepiece")
            return sentencepiece.SentencePieceProcessor(model_file=str(model_file(name))).encode
        tokenizers = pytest.importorskip("tokenizers")
        from tools.models import tokenizer_json
        from tools.wordpiece_models import WORDPIECE_MODELS, wordpiece_file

        tok = tokenizers.Tokenizer.from_file(str(wordpiece_file(name) if name in WORDPIECE_MODELS else tokenizer_json(name)))
        return lambda text: tok.encode(text, add_special_tokens=False).ids

    def count(name, text):
        if name not in made:
            made[name] = reference(name)
        return len(made[name](text))

    return count


def options(page) -> list[str]:
    return page.eval_on_selector_all("[data-testid=encoding-select] option", "os => os.map((o) => o.value)")


def cell(page, name: str):
    return page.locator(f'[data-testid="quick-count"][data-table="{name}"]')


def check_cells(page) -> list[dict]:
    """Each count as shown now, each one consistent: a count is not busy, a loading one says so."""
    cells = page.evaluate(CELLS)
    for c in cells:
        if c["tokens"] is not None:
            assert c["busy"] == "false" and c["state"] == "count" and c["shown"].replace(",", "") == c["tokens"], c
        elif c["state"] == "offer":
            assert c["busy"] == "false", c
        else:
            assert c["state"] == "loading" and c["busy"] == "true" and c["shown"] == "…", c
    return cells


def expect_oracle_counts(page, oracle, text, names):
    """Each count is the oracle's; a large table's count that offers a tap (open and SentencePiece models
    are fetched only when asked) is tapped first, as a reader who wants it does."""
    for name in names:
        expect(cell(page, name)).to_have_attribute("data-state", re.compile("^(count|offer)$"), timeout=LOAD_MS)
        if cell(page, name).get_attribute("data-state") == "offer":
            cell(page, name).click()
        expect(cell(page, name)).to_have_attribute("data-tokens", str(oracle(name, text)), timeout=LOAD_MS)
        expect(cell(page, name)).to_have_attribute("aria-busy", "false")


@pytest.mark.parametrize("text", ["tokenization", TEXT], ids=["example", "typed"])
def test_every_table_of_the_select_has_its_count_and_it_is_the_oracles(open_app, oracle, text):
    # Only counts and states are read, the same in either language: one language (Chinese is
    # test_a_tap_on_a_count_chooses_its_table's and the phone's [zh]).
    page = open_app(f"lesson=encode&lang=en&text={quote(text)}")
    page.set_viewport_size(DESKTOP)
    names = options(page)
    assert {"r50k_base", "cl100k_base", "o200k_base", "minimind", "qwen3", "gemma3"} <= set(names), names
    # One count per table of the select, in its order, each saying it loads until its answer is in.
    cells = check_cells(page)
    assert [c["table"] for c in cells] == names
    expect_oracle_counts(page, oracle, text, names)
    wait_settled(page)
    cells = check_cells(page)
    assert all(c["tokens"] is not None for c in cells), cells
    # The chosen table's count is marked and is the count the spans below say.
    assert [c["table"] for c in cells if c["pressed"] == "true"] == ["r50k_base"]
    n = oracle("r50k_base", text)
    expect(page.get_by_test_id("token-count")).to_contain_text(f"{n}")


def test_typing_asks_again_and_each_count_says_it_loads_meanwhile(open_app, oracle):
    page = open_app("lesson=encode&lang=en&text=hello")
    page.set_viewport_size(DESKTOP)
    names = options(page)
    expect_oracle_counts(page, oracle, "hello", names)
    box = page.get_by_test_id("text-input")
    box.press("End")
    box.press_sequentially(" world 你好")
    check_cells(page)
    expect_oracle_counts(page, oracle, "hello world 你好", names)
    check_cells(page)


def test_a_tap_on_a_count_chooses_its_table(open_app, oracle, tiktoken_oracle):
    page = open_app(f"lesson=encode&lang=zh&text={quote(TEXT)}")
    page.set_viewport_size(DESKTOP)
    target = cell(page, "cl100k_base")
    expect(target).to_have_attribute("data-tokens", str(oracle("cl100k_base", TEXT)), timeout=LOAD_MS)
    settled_after(page, target.click)
    expect(page.get_by_test_id("encoding-select")).to_have_value("cl100k_base")
    expect(page.locator(".encoding-choice")).to_have_attribute("data-active", "cl100k_base", timeout=LOAD_MS)
    ids = tiktoken_oracle("cl100k_base").encode_ordinary(TEXT)
    expect(page.get_by_test_id("token-ids")).to_have_text(", ".join(map(str, ids)), timeout=LOAD_MS)
    expect(target).to_have_attribute("aria-pressed", "true")
    expect(cell(page, "r50k_base")).to_have_attribute("aria-pressed", "false")


def test_the_rows_link_opens_the_models_lesson_at_the_same_text(open_app, oracle):
    page = open_app(f"lesson=encode&lang=en&text={quote(TEXT)}")
    page.set_viewport_size(DESKTOP)
    wait_settled(page, timeout_ms=LOAD_MS)
    settled_after(page, page.get_by_test_id("quick-models").click)
    expect(page).to_have_url(re.compile(r"lesson=models"))
    expect(page.locator("#models-input")).to_have_value(TEXT)
    row = page.locator('[data-testid="model-row"][data-model="qwen3"]')
    expect(row).to_have_attribute("data-tokens", str(oracle("qwen3", TEXT)), timeout=LOAD_MS)


def test_the_examples_counts_are_drawn_before_python_is_ready(context, fresh_app, oracle):
    """Python's files held back: the default example's counts can only come from the build's answers."""
    held = []
    context.route(re.compile(r"/(pyodide|snapshot)/"), lambda route: held.append(route))
    page = fresh_app(wait_ready=False)
    expect(page.get_by_test_id("quick-count").first).to_be_visible(timeout=60_000)
    names = options(page)
    for name in names:
        expect(cell(page, name)).to_have_attribute("data-tokens", str(oracle(name, "tokenization")))
    assert page.get_by_test_id("status").get_attribute("data-state") == "loading"
    context.unroute(re.compile(r"/(pyodide|snapshot)/"))
    for route in held:
        route.continue_()
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=120_000)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_phone_counts_the_small_tables_and_loads_a_large_one_on_a_tap(browser, app_server, oracle, lang):
    context = new_app_context(browser, app_server, viewport=dict(PHONE), is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(app_server.url + f"#lesson=encode&lang={lang}&text={quote(TEXT)}&ask=0")  # the row at once, not after a guess
        wait_until_ready(page)
        expect_oracle_counts(page, oracle, TEXT, ["r50k_base", "minimind"])
        wait_settled(page, timeout_ms=LOAD_MS)
        cells = check_cells(page)
        gemma = cell(page, "gemma3")
        expect(gemma).to_have_attribute("data-state", "offer")
        assert not [u for u in context.requests_seen if "gemma3" in u]
        # A compact row: it ends on the first screen, with the spans' count under it, also on the screen.
        row = page.get_by_test_id("quick-row").bounding_box()
        assert row["y"] + row["height"] <= PHONE["height"] - 60, (row, len(cells))
        count = page.get_by_test_id("token-count").bounding_box()
        assert count["y"] >= row["y"] + row["height"] and count["y"] + count["height"] <= PHONE["height"], (row, count)
        gemma.tap()
        expect(gemma).to_have_attribute("data-tokens", str(oracle("gemma3", TEXT)), timeout=LOAD_MS)
        expect(page.get_by_test_id("encoding-select")).to_have_value("r50k_base")  # a tap on an offer counts, it does not choose
        # A table chosen in the select is loaded for the lesson: its count no longer waits for a tap.
        qwen3 = cell(page, "qwen3")
        expect(qwen3).to_have_attribute("data-state", "offer")
        page.get_by_test_id("encoding-select").select_option("qwen3")
        expect(qwen3).to_have_attribute("data-tokens", str(oracle("qwen3", TEXT)), timeout=LOAD_MS)
        expect(qwen3).to_have_attribute("aria-pressed", "true")
    finally:
        context.close()
