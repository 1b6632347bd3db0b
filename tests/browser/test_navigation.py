"""Moving through the app as a newcomer does (issue 28, "Navigation bugs"; issue 27, the address bar).

Tabs give a lesson its fields' defaults as a link does, and no URL carries NaN or undefined; a lesson change
is a history entry (Back and Forward walk the lessons), typing and stepping are not; a link's step is kept
for every table; the Lab's source has its own name (`src`), apart from the "Show the Python" switch
(`code`); the whole-class poll follows a new text; an emptied editor stays empty; an unreadable hash is
rewritten to what was read."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from conftest import shared_page_fixtures, wait_until_ready  # tests/browser is on sys.path
from playwright.sync_api import expect

open_app, page, console_errors = shared_page_fixtures()  # the tests share one booted page (conftest)

LESSON_MARKS = {
    "encode": "text-input",
    "decode": "ids-input",
    "train": "corpus-input",
    "compare": "compare-rows",
    "special": "special-input",
    "tables": "tables-input",
    "families": "families-input",
    "samples": "samples-input",
    "quirks": "quirks-question",
    "lab": "code-editor",
}
BAD_IN_URL = re.compile(r"NaN|undefined|null|Infinity|%5Bobject")


def hash_values(page) -> dict[str, str]:
    fragment = urlsplit(page.url).fragment
    return {k: v[0] for k, v in parse_qs(fragment, keep_blank_values=True).items()}


def open_tab(page, lesson: str) -> None:
    page.get_by_test_id(f"lesson-tab-{lesson}").click()
    expect(page.get_by_test_id(f"lesson-tab-{lesson}")).to_have_attribute("aria-current", "page", timeout=15_000)
    expect(page.get_by_test_id(LESSON_MARKS[lesson])).to_be_visible(timeout=30_000)


def no_error_shown(page) -> None:
    expect(page.locator(".engine-error:visible")).to_have_count(0)
    expect(page.get_by_test_id("lesson-error")).to_have_count(0)


def hash_is_clean(page, lesson: str) -> None:
    page.wait_for_function("(lesson) => location.hash.includes(`lesson=${lesson}`)", arg=lesson)
    assert not BAD_IN_URL.search(urlsplit(page.url).fragment), page.url


def test_the_encode_tab_after_a_link_to_another_lesson_starts_from_the_defaults(open_app, r50k_oracle, console_errors):
    page = open_app("lesson=decode&lang=en")
    open_tab(page, "encode")
    ids = ", ".join(map(str, r50k_oracle.encode_ordinary("tokenization")))
    expect(page.get_by_test_id("token-ids")).to_have_text(ids)
    counter = page.get_by_test_id("step-text")
    expect(counter).to_have_text(re.compile(r"^0 / [1-9]\d*$"))
    expect(page.get_by_test_id("merge-canvas")).to_be_visible()
    no_error_shown(page)
    hash_is_clean(page, "encode")
    assert console_errors == []


def every_pair_once(nodes: list[str], start: str) -> list[str]:
    """A walk from `start` that takes every ordered pair (a, b), a != b, exactly once (an Euler circuit
    of the complete directed graph, by Hierholzer's algorithm)."""
    left = {a: [b for b in nodes if b != a] for a in nodes}
    stack, walk = [start], []
    while stack:
        if left[stack[-1]]:
            stack.append(left[stack[-1]].pop())
        else:
            walk.append(stack.pop())
    return walk[::-1]


def test_every_lesson_from_every_lesson_by_its_tab_renders_and_keeps_the_url_clean(open_app, console_errors):
    page = open_app("lesson=encode&lang=en")
    walk = every_pair_once(list(LESSON_MARKS), "encode")
    pairs = set(zip(walk, walk[1:]))
    assert len(pairs) == len(LESSON_MARKS) * (len(LESSON_MARKS) - 1) == len(walk) - 1
    for lesson in walk[1:]:
        open_tab(page, lesson)
        no_error_shown(page)
        hash_is_clean(page, lesson)
        if lesson == "encode":
            expect(page.get_by_test_id("step-text")).not_to_have_text(re.compile(r"NaN|undefined"))
    assert console_errors == []


def test_back_and_forward_walk_the_lessons_and_typing_adds_no_entry(open_app):
    # A page loaded again, its history short: Chromium keeps 50 entries, and the shared page's opens (two
    # hash hops each) may have filled them, where a new entry no longer makes history.length grow.
    page = open_app("lesson=encode&lang=en", wait_ready=False)
    wait_until_ready(page)
    start = page.evaluate("() => history.length")
    assert start < 40
    box = page.get_by_test_id("text-input")
    box.fill("")
    box.press_sequentially("hello", delay=40)
    page.wait_for_function("() => location.hash.includes('text=hello')")
    page.get_by_test_id("forward").click()
    expect(page.get_by_test_id("step-text")).to_have_text(re.compile(r"^1 / "))
    page.wait_for_function("() => location.hash.includes('step=1')")
    assert page.evaluate("() => history.length") == start  # typing and stepping replace the entry
    open_tab(page, "decode")
    open_tab(page, "train")
    assert page.evaluate("() => history.length") == start + 2
    page.go_back()
    expect(page.get_by_test_id("lesson-tab-decode")).to_have_attribute("aria-current", "page")
    expect(page.get_by_test_id("ids-input")).to_be_visible()
    page.go_back()
    expect(page.get_by_test_id("lesson-tab-encode")).to_have_attribute("aria-current", "page")
    expect(page.get_by_test_id("text-input")).to_have_value("hello")
    page.go_forward()
    expect(page.get_by_test_id("lesson-tab-decode")).to_have_attribute("aria-current", "page")
    page.go_forward()
    expect(page.get_by_test_id("lesson-tab-train")).to_have_attribute("aria-current", "page")
    expect(page.get_by_test_id("corpus-input")).to_be_visible()
    assert hash_values(page)["lesson"] == "train"


@pytest.mark.parametrize("encoding", ["r50k_base", "cl100k_base", "o200k_base"])
def test_a_link_to_step_5_of_any_table_opens_at_step_5(open_app, encoding):
    page = open_app(f"lesson=encode&lang=en&text=tokenization&encoding={encoding}&step=5")
    expect(page.get_by_test_id("encoding-select")).to_have_value(encoding)
    expect(page.get_by_test_id("encoding-status")).to_have_attribute("data-state", "ready", timeout=120_000)
    counter = page.get_by_test_id("step-text")
    # "tokenization" is one piece of more than five merges in each table (the counter says how many).
    expect(counter).to_have_text(re.compile(r"^5 / ([6-9]|\d\d+)$"), timeout=60_000)
    assert hash_values(page).get("step") == "5"
    assert hash_values(page).get("encoding", "r50k_base") == encoding


def test_the_lab_after_a_lesson_writes_its_own_link_and_says_nothing_of_a_link(open_app):
    page = open_app("lesson=encode&lang=en&code=1")
    expect(page.get_by_test_id("code-toggle")).to_have_attribute("aria-pressed", "true")
    open_tab(page, "lab")
    page.wait_for_function("() => location.hash.includes('lesson=lab')")
    expect(page.get_by_test_id("lab-from-link")).to_be_hidden()
    editor = page.get_by_test_id("code-editor")
    expect(editor).to_contain_text("def get_stats")
    values = hash_values(page)
    assert "code" not in values and "src" not in values, values
    # The editor's text goes in the link as `src`, and comes back from it after a reload.
    editor.click()
    page.keyboard.press("Control+End")
    page.keyboard.type("\n# mine")
    page.wait_for_function("() => new URLSearchParams(location.hash.slice(1)).get('src')?.includes('# mine')")
    # Back to encode: the switch is its own, not the lab's text; and the lab keeps its code.
    open_tab(page, "encode")
    expect(page.get_by_test_id("code-toggle")).to_have_attribute("aria-pressed", "true")
    hash_is_clean(page, "encode")
    assert hash_values(page)["code"] == "1"
    open_tab(page, "lab")
    expect(page.get_by_test_id("code-editor")).to_contain_text("# mine")
    expect(page.get_by_test_id("lab-from-link")).to_be_hidden()
    page.wait_for_function("() => new URLSearchParams(location.hash.slice(1)).get('src')?.includes('# mine')")
    page.reload()
    expect(page.get_by_test_id("code-editor")).to_contain_text("# mine", timeout=60_000)
    expect(page.get_by_test_id("code-editor")).not_to_contain_text("false")
    expect(page.get_by_test_id("lab-from-link")).to_be_hidden()


def test_an_old_lab_link_with_code_opens_that_code_as_src(open_app):
    code = "def get_stats(ids):\n    return {'from': 'an old link'}\n"
    page = open_app("lesson=lab&lang=en&" + "code=" + code.replace("\n", "%0A").replace(" ", "+").replace("'", "%27").replace("{", "%7B").replace("}", "%7D").replace(":", "%3A"))
    expect(page.get_by_test_id("code-editor")).to_contain_text("an old link", timeout=60_000)
    expect(page.get_by_test_id("lab-from-link")).to_be_visible()
    page.wait_for_function("() => new URLSearchParams(location.hash.slice(1)).get('src')?.includes('an old link')")
    assert "code" not in hash_values(page)


def test_an_emptied_editor_stays_empty_and_run_says_there_is_nothing_to_run(open_app):
    page = open_app("lesson=lab&lang=en")
    editor = page.get_by_test_id("code-editor")
    expect(editor).to_contain_text("def get_stats", timeout=60_000)
    editor.click()
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    page.wait_for_function("() => new URLSearchParams(location.hash.slice(1)).get('src') === ''")
    expect(editor).not_to_contain_text("get_stats")
    page.get_by_test_id("run-code").click()
    result = page.get_by_test_id("run-result")
    expect(result).to_have_attribute("data-state", "empty")
    expect(result).to_contain_text("The editor is empty")
    page.get_by_test_id("lang-zh").click()
    expect(result).to_contain_text("编辑器是空的")
    page.get_by_test_id("lang-en").click()
    # Still empty after a reload: the link says so (src=).
    page.reload()
    expect(page.get_by_test_id("code-editor")).to_be_visible(timeout=60_000)
    page.wait_for_function("() => new URLSearchParams(location.hash.slice(1)).get('src') === ''")
    expect(page.get_by_test_id("code-editor")).not_to_contain_text("get_stats")


# A slow engine: while window.__slowTrace is set, each trace_piece request reaches the worker a second
# late, so the page draws the new text's state before the new text's trace is in.
SLOW_TRACE = """
(() => {
  const Original = window.Worker;
  window.__slowTrace = false;
  window.Worker = class extends Original {
    postMessage(message, ...rest) {
      if (window.__slowTrace && message && message.kind === "trace_piece") {
        setTimeout(() => super.postMessage(message, ...rest), 1000);
        return;
      }
      super.postMessage(message, ...rest);
    }
  };
})();
"""


def test_the_whole_class_poll_follows_a_new_text_from_the_address_bar(context, fresh_app):
    context.add_init_script(SLOW_TRACE)  # on this test's own context (fresh_app's), not the shared page's
    page = fresh_app("lesson=encode&lang=en&text=tokenization&predict=1&room=1")
    options = page.get_by_test_id("poll-option")
    expect(options.first).to_be_visible()
    before = options.all_text_contents()
    page.evaluate("() => { window.__slowTrace = true; location.hash = '#lesson=encode&lang=en&text=unbelievable&predict=1&room=1'; }")
    expect(page.get_by_test_id("text-input")).to_have_value("unbelievable")
    # Every option is a pair of the new text's symbols: letters of "unbelievable".
    page.wait_for_function(
        """() => {
            const labels = [...document.querySelectorAll('[data-testid=poll-option] .poll-label')].map((n) => n.textContent);
            return labels.length > 0 && labels.every((l) => l.split(' + ').every((s) => 'unbelievable'.includes(s.trim())));
        }""")
    assert options.all_text_contents() != before


def test_a_hashchange_that_changes_nothing_still_rewrites_unreadable_values(open_app):
    page = open_app("lesson=encode&lang=en")
    page.wait_for_function("() => location.hash.includes('lesson=encode')")
    page.evaluate("() => { location.hash = '#lesson=encode&lang=en&piece=NaN'; }")
    expect(page.get_by_test_id("note")).to_be_visible()
    page.wait_for_function("() => !location.hash.includes('NaN')")
    assert hash_values(page)["lesson"] == "encode"
    page.evaluate("() => { location.hash = '#lesson=__proto__&lang=en'; }")
    page.wait_for_function("() => !location.hash.includes('__proto__')")
    assert hash_values(page)["lesson"] == "encode"
    no_error_shown(page)
