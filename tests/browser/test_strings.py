"""The page shows words, never a string's key: every lesson, in both languages, once its answer is drawn.

The keys are those of every string table under web/ (a module that calls registerPairs or
registerTables): they are imported into the page after its text is read, so a table a feature forgot to
register still counts. tests/js/strings.test.mjs holds both languages to the same keys and placeholders.
"""

from __future__ import annotations

import re
from pathlib import Path

from conftest import shared_page_fixtures  # tests/browser is on sys.path
from playwright.sync_api import expect

open_app, page, console_errors = shared_page_fixtures()  # the lessons are read on the shared booted page (conftest)
WEB = Path(__file__).resolve().parents[2] / "web"
REGISTERS = re.compile(r"\bregister(Pairs|Tables)\(")
# What each lesson draws from the engine's answer (or, for the lab, from its catalog).
DRAWN = {
    "encode": ".chip-id",
    "decode": '[data-testid="decode-item"]',
    "train": '[data-testid="train-step-meta"]',
    "compare": '[data-testid="compare-row"]',
    "special": '[data-testid="special-chip"]',
    "tables": '[data-testid="tables-chip"]',
    "families": '[data-testid="family-count"]',
    "samples": '[data-testid="stream-chip"]',
    "quirks": '[data-testid="quirks-question"]',
    "lab": '[data-testid="code-editor"]',
}


def string_modules() -> list[str]:
    return sorted(
        "./" + path.relative_to(WEB).as_posix()
        for path in WEB.rglob("*.mjs")
        if path.name != "i18n.mjs" and REGISTERS.search(path.read_text(encoding="utf-8"))
    )


READ_SHOWN = """() => {
    const shown = [document.title, document.body.innerText];
    for (const node of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
        for (const name of ["aria-label", "title", "placeholder", "alt"]) {
            if (node.hasAttribute(name)) shown.push(node.getAttribute(name));
        }
    }
    return shown;
}"""

ALL_KEYS = """async (modules) => {
    for (const module of modules) await import(module);
    return (await import("./i18n.mjs")).tableKeys("en");
}"""


def stands_alone(key: str, text: str) -> bool:
    """`key` occurs in `text` as a whole, not inside a longer name such as `my.key.more`."""
    return re.search(rf"(?<![\w.]){re.escape(key)}(?![\w.])", text) is not None


def test_no_lesson_shows_a_raw_key_in_either_language(open_app, fresh_app):
    modules = string_modules()
    assert len(modules) >= 10
    page = open_app("lesson=encode&lang=en")
    shown = {}
    for lang, html_lang in (("en", "en"), ("zh", "zh-CN")):
        page.get_by_test_id(f"lang-{lang}").click()
        expect(page.locator("html")).to_have_attribute("lang", html_lang)
        for lesson, drawn in DRAWN.items():
            page.get_by_test_id(f"lesson-tab-{lesson}").click()
            expect(page.get_by_test_id(f"lesson-tab-{lesson}")).to_have_attribute("aria-current", "page")
            expect(page.locator(f"main {drawn}").first).to_contain_text(re.compile(r"\S"), timeout=60_000)
            expect(page.get_by_test_id("check-question").first).to_be_visible()
            expect(page.locator("main .stale")).to_have_count(0)
            shown[f"{lesson} ({lang})"] = "\n".join(page.evaluate(READ_SHOWN))
    # Every table's keys, read in a page of its own: importing them where the lessons were drawn would
    # register a table its feature forgot before the next lesson is drawn (and the shared page would keep
    # them for the next module's tests).
    keys = fresh_app("lesson=encode&lang=en", wait_ready=False).evaluate(ALL_KEYS, modules)
    assert len(keys) > 500
    found = {where: [key for key in keys if stands_alone(key, text)] for where, text in shown.items()}
    assert {where: raw for where, raw in found.items() if raw} == {}
