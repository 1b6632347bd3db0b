"""What a teacher hands out matches the screen (issue 23): the Compare sheet's sizes and counts are the
ones the lesson shows, the Quirks sheet is about the case on screen, the Lab sheet about the exercise on
screen. Each sheet is read as the page builds it (the print-only section), never as a PDF.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import BootedPage  # tests/browser is on sys.path

ROOT = Path(__file__).resolve().parents[2]
PRINT_STUB = "window.print = () => { window.__printed = (window.__printed || 0) + 1; };"


@pytest.fixture(scope="module")
def booted(browser, app_server):
    shared = BootedPage(browser, app_server, init_scripts=[PRINT_STUB])
    yield shared
    shared.close()


def built_sheet(page):
    page.get_by_test_id("print-worksheet").click()
    sheet = page.get_by_test_id("worksheet")
    expect(sheet).to_have_attribute("data-state", "ready", timeout=60_000)
    return sheet


def table_rows(locator) -> list[list[str]]:
    return locator.locator("tbody tr").evaluate_all(
        "(rows) => rows.map((r) => [...r.cells].map((c) => c.textContent))")


@pytest.mark.parametrize("corpus", ["example", "chapter"])
def test_the_compare_sheet_has_the_screens_sizes_and_counts(booted, corpus):
    page = booted.open(f"lesson=compare&lang=en&ccorpus={corpus}")
    rows = page.get_by_test_id("compare-row")
    expect(rows).to_have_count(4)
    names = [r.get_attribute("data-name") for r in rows.all()]
    vocab = [v.replace(",", "") for v in page.get_by_test_id("compare-vocab").all_inner_texts()]
    counts = [c.replace(",", "") for c in page.get_by_test_id("compare-count").all_inner_texts()]
    assert "toy_bpe" in names
    sheet = built_sheet(page)
    work = table_rows(sheet.locator("table.ws-table").first)
    key = table_rows(page.get_by_test_id("worksheet-key").locator("table.ws-table").first)
    assert [row[1] for row in work] == vocab
    assert [row[1] for row in key] == counts
    assert len(work) == len(names)


def test_the_quirks_sheet_is_about_the_case_on_screen(booted):
    page = booted.open("lesson=quirks&lang=en&case=arithmetic")  # asking off: the rows show at once
    expect(page.get_by_test_id("quirks-row").first).to_be_visible()
    shown = [(json.loads(t), int(r.get_attribute("data-count")))
             for t, r in zip(page.get_by_test_id("quirks-text").all_inner_texts(), page.get_by_test_id("quirks-row").all())]
    title = page.locator("#quirks-case-title").inner_text()
    sheet = built_sheet(page)
    expect(sheet).to_contain_text(title)
    expect(sheet).to_contain_text(page.get_by_test_id("quirks-question").inner_text())
    expect(sheet).not_to_contain_text("Cut the text into pieces")
    key = table_rows(page.get_by_test_id("worksheet-key").locator("table.ws-table"))
    assert [(json.loads(row[0].split(": ", 1)[-1]), int(row[1])) for row in key] == shown


def test_the_lab_sheet_is_about_the_exercise_on_screen(booted, dist_dir):
    catalog = json.loads((dist_dir / "lab" / "catalog.json").read_text(encoding="utf-8"))
    exercise = next(e for e in catalog["exercises"] if e["id"] == "merge")
    page = booted.open("lesson=lab&lang=zh&ex=merge")
    expect(page.get_by_test_id("code-editor")).to_contain_text("def merge", timeout=60_000)
    sheet = built_sheet(page)
    expect(page.get_by_test_id("worksheet-title")).to_have_text("练习单 · 动手写")
    expect(sheet).not_to_contain_text("按 r50k_base 的预切分")
    work = table_rows(sheet.locator("table.ws-table").first)
    assert [row[0] for row in work] == [t["call"] for t in exercise["shown"]]
    assert all(row[1] == "" for row in work)
    key = table_rows(page.get_by_test_id("worksheet-key").locator("table.ws-table"))
    assert key == [[t["call"], t["expected"]] for t in exercise["shown"]]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_encode_sheet_starts_from_the_cells_the_model_starts_from(booted, lang):
    # GPT-2 starts from bytes (one row each); Gemma 3 from characters, a space written ▁ (one row per
    # character, with that character's UTF-8 bytes).
    page = booted.open(f"lesson=encode&lang={lang}&text=ok")
    expect(page.get_by_test_id("token-ids")).to_have_text("482", timeout=60_000)
    rows = table_rows(built_sheet(page).locator("table.ws-table").first)
    assert rows == [["1", "6F", "o"], ["2", "6B", "k"]]
    text = "今天 ok"
    page = booted.open(f"lesson=encode&lang={lang}&encoding=gemma3&text=%E4%BB%8A%E5%A4%A9%20ok")
    expect(page.locator(".encoding-choice")).to_have_attribute("data-active", "gemma3", timeout=180_000)
    expect(page.get_by_test_id("merge-canvas")).to_have_attribute("data-piece", "0", timeout=180_000)
    cells = list(text.replace(" ", "▁"))
    want = [[str(i + 1), " ".join(f"{b:02X}" for b in c.encode()), c] for i, c in enumerate(cells)]
    rows = table_rows(built_sheet(page).locator("table.ws-table").first)
    assert rows == want
