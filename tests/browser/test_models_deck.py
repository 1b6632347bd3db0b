"""The models lesson in the classroom (issue 24): its deck scrolls to each slide's subject and quotes no
figure the engine did not compute (the numbers are on the rows), and its worksheet holds the very rows
the lesson shows: each model's vocabulary from its file and, in the key, its token count for the text,
as the rows' data-vocab and data-tokens say.
"""

from __future__ import annotations

import re

from conftest import shared_page_fixtures
from playwright.sync_api import expect
from test_decks import AT_TOP  # noqa: F401  (tests/browser is on sys.path)

open_app, page, console_errors = shared_page_fixtures()

LOAD_MS = 300_000  # the first time: fetching and loading every table inside Pyodide, on a loaded machine
OPEN_MODELS = ("r50k_base", "minimind", "cl100k_base", "o200k_base", "qwen3", "deepseek_v3", "llama3", "gemma3")


def deck(page) -> dict:
    return page.evaluate("() => import('./decks/models.mjs').then((m) => JSON.parse(JSON.stringify(m.default)))")


def test_the_models_deck_scrolls_to_each_slides_subject_and_types_in_no_figures(open_app):
    page = open_app("lesson=models&lang=zh")
    data = deck(page)
    assert 6 <= len(data["slides"]) <= 12
    # Notes and titles quote no figure: the rows say them (768, the notes' dimension, is the one the lesson uses too).
    for slide in data["slides"]:
        for lang in ("en", "zh"):
            words = slide["notes"][lang] + slide["title"][lang]
            assert not re.search(r"\d[\d,]{2,}", words.replace("768", "")), (slide["title"]["en"], lang)
    page.get_by_test_id("teach-button").click()
    page.get_by_test_id("deck-select").select_option("models")
    position = page.get_by_test_id("deck-position")
    for n, slide in enumerate(data["slides"], start=1):
        if n > 1:
            page.keyboard.press("PageDown")
        expect(position).to_have_text(f"{n} / {len(data['slides'])}")
        expect(page.get_by_test_id("notes-title")).to_contain_text(slide["title"]["zh"])
        expect(page.get_by_test_id("models-input")).to_have_value(slide["view"]["mtext"])
        page.wait_for_function(AT_TOP, arg=slide.get("focus", data["focus"]), timeout=60_000)
    page.get_by_test_id("deck-stop").click()


def test_the_models_worksheet_has_the_rows_the_lesson_shows(open_app):
    page = open_app("lesson=models&lang=en")
    page.get_by_test_id("models-preset-mixed").click()
    rows = {}
    for name in OPEN_MODELS:
        row = page.locator(f'[data-testid="model-row"][data-model="{name}"]')
        expect(row).to_have_attribute("data-tokens", re.compile(r"^\d+$"), timeout=LOAD_MS)
        rows[name] = (row.get_attribute("data-vocab"), row.get_attribute("data-tokens"))
    page.evaluate("() => { window.print = () => { window.__printed = (window.__printed || 0) + 1; }; }")
    page.get_by_test_id("print-worksheet").click()
    sheet = page.get_by_test_id("worksheet")
    expect(sheet).to_have_attribute("data-state", "ready", timeout=LOAD_MS)
    expect(page.get_by_test_id("worksheet-title")).to_contain_text("Models")
    expect(sheet).to_contain_text(page.get_by_test_id("models-input").input_value()[:40])
    work = sheet.locator("table.ws-table").first.locator("tbody tr").evaluate_all(
        "(rows) => rows.map((r) => [...r.cells].map((c) => c.textContent))")
    key = page.get_by_test_id("worksheet-key").locator("table.ws-table").first.locator("tbody tr").evaluate_all(
        "(rows) => rows.map((r) => [...r.cells].map((c) => c.textContent))")
    assert [row[2].replace(",", "") for row in work] == [rows[name][0] for name in OPEN_MODELS]
    assert [row[1].replace(",", "") for row in key] == [rows[name][1] for name in OPEN_MODELS]
    assert all(row[3] == "" for row in work)  # the guesses are left blank
