"""The glossary (#lesson=glossary): every term in the page's language, a filter that narrows the list as one
types and is kept in the link, and links that open the lesson showing the term, the language kept.

The expected terms are read from the page's own module (web/lessons/glossary/terms.mjs) and filtered here in
Python, so the test holds the page to its data, not to a count typed in."""

from __future__ import annotations

import re

from conftest import shared_page_fixtures
from playwright.sync_api import expect

open_app, page, console_errors = shared_page_fixtures()

TERMS = "async () => (await import('./lessons/glossary/terms.mjs')).TERMS"
GQ_IS = "(want) => new URLSearchParams(location.hash.slice(1)).get('gq') === want"
LESSON_IDS = "async () => (await import('./lessons/registry.mjs')).LESSONS.map((l) => l.id)"


def shown_terms(page) -> list[str]:
    return page.get_by_test_id("glossary-term").evaluate_all("(nodes) => nodes.map((n) => n.dataset.term)")


def test_every_term_in_both_languages_each_linking_to_a_lesson(open_app):
    page = open_app("lesson=glossary&lang=en")
    terms = page.evaluate(TERMS)
    lessons = set(page.evaluate(LESSON_IDS))
    assert len(terms) >= 30 and len({t["id"] for t in terms}) == len(terms)
    assert all(t["lesson"] in lessons for t in terms)
    for lang in ("en", "zh"):
        page.get_by_test_id(f"lang-{lang}").click()
        names = page.get_by_test_id("glossary-term")
        expect(names).to_have_count(len(terms))
        assert names.all_inner_texts() == [t[lang][0] for t in terms]
        expect(page.get_by_test_id("glossary-count")).to_contain_text(str(len(terms)))
        links = page.locator(".glossary-link")
        expect(links).to_have_count(len(terms))
        assert links.evaluate_all("(a) => a.map((n) => n.getAttribute('href'))") == [f"#lesson={t['lesson']}" for t in terms]


def test_the_filter_narrows_the_list_in_either_language_and_stays_in_the_link(open_app):
    page = open_app("lesson=glossary&lang=en")
    terms = page.evaluate(TERMS)
    box = page.get_by_test_id("glossary-filter")
    for query in ("rank", "字节", "BPE"):
        box.fill("")
        box.press_sequentially(query, delay=20)
        want = [t["id"] for t in terms if any(query.lower() in s.lower() for s in t["en"] + t["zh"])]
        assert want, query
        expect(page.get_by_test_id("glossary-term")).to_have_count(len(want))
        assert shown_terms(page) == want
    page.wait_for_function(GQ_IS, arg="BPE")
    box.fill("no such term at all")
    expect(page.get_by_test_id("glossary-term")).to_have_count(0)
    expect(page.get_by_test_id("glossary-count")).to_contain_text("No term matches")
    # The box keeps what was typed across a reload.
    page.wait_for_function(GQ_IS, arg="no such term at all")
    page.reload()
    expect(page.get_by_test_id("glossary-filter")).to_have_value("no such term at all")


def test_a_term_links_to_its_lesson_and_keeps_the_language(open_app):
    page = open_app("lesson=glossary&lang=zh&gq=rank")
    expect(page.get_by_test_id("glossary-term").first).to_have_attribute("data-term", "rank")
    page.locator(".glossary-link").first.click()
    expect(page.get_by_test_id("lesson-tab-encode")).to_have_attribute("aria-current", "page")
    expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    expect(page.get_by_test_id("merge-canvas")).to_be_visible()
    assert re.search(r"lesson=encode", page.evaluate("location.hash"))
    page.go_back()
    expect(page.get_by_test_id("lesson-tab-glossary")).to_have_attribute("aria-current", "page")
