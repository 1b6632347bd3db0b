"""What a person sees at the edges of the screen: nothing cut at the right, no half entry, no mid-pair wrap.

Issue 23's layout items, each driven as a person would (type, press End, read what is shown).
"""

from __future__ import annotations

from conftest import shared_page_fixtures
from playwright.sync_api import expect

open_app, page, console_errors = shared_page_fixtures()

PHONE = {"width": 390, "height": 844}
CANVAS = '[data-testid="merge-canvas"]'
CHINESE = "Hello 今天天气真好，我们去公园散步吧。中华人民共和国"


def test_long_chinese_final_tokens_wrap_inside_their_list_on_a_phone(page):
    page.set_viewport_size(PHONE)
    page.get_by_test_id("text-input").fill(CHINESE)
    chips = page.get_by_test_id("final-tokens").get_by_test_id("final-token")
    expect(chips).not_to_have_count(0)
    expect(page.get_by_test_id("summary")).to_contain_text("6")
    right = page.get_by_test_id("final-tokens").evaluate("e => e.getBoundingClientRect().right")
    edges = chips.evaluate_all("els => els.map(e => [e.dataset.bytes, e.getBoundingClientRect().right])")
    cut = [(name, edge) for name, edge in edges if edge > right + 0.5]
    assert not cut, f"chips past the list's right edge {right}: {cut}"


def test_the_merge_log_at_the_end_starts_at_an_entry(page):
    page.get_by_test_id("text-input").fill("internationalization")
    expect(page.get_by_test_id("token-ids")).not_to_have_text("")
    expect(page.locator(CANVAS)).to_have_attribute("data-text", "internationalization")
    page.locator("h1").click()
    page.keyboard.press("End")
    expect(page.locator(CANVAS)).to_have_attribute("data-final", "true")
    log = page.get_by_test_id("merge-log")
    expect(log.locator('[aria-current="step"]')).to_have_count(1)
    shown = log.evaluate("""log => {
        const items = [...log.children];
        const current = log.querySelector('[aria-current="step"]').closest('li');
        return {scrolls: log.scrollHeight > log.clientHeight, top: log.scrollTop, height: log.clientHeight,
                tops: items.map(li => li.offsetTop),
                current: [current.offsetTop, current.offsetTop + current.offsetHeight]};
    }""")
    assert shown["scrolls"]
    assert any(abs(t - shown["top"]) < 1 for t in shown["tops"]), shown  # no half entry at the top
    assert shown["top"] <= shown["current"][0] and shown["current"][1] <= shown["top"] + shown["height"] + 0.5
