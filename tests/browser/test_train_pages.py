"""A long training steps to its last merge in the page (issue 41, P3): the train answer lists the first
page of steps, and the Stepper's End, ← and Home fetch the pages they need (`train_steps`) while the
lesson holds its settled sign; what is shown then is the engine's own training, computed here on CPython.
"""

from __future__ import annotations

from conftest import settled_after, shared_page_fixtures, wait_settled
from playwright.sync_api import expect

from toklab import webapi
from toklab.protocol import STEP_LIMIT

open_app, page, console_errors = shared_page_fixtures()

# 1,500 distinct words: a byte-level training with min_frequency 1 makes about three merges a word, three
# pages of steps, in about a second.
CORPUS = " ".join(f"w{i}x{i * 7 % 13}y" for i in range(1500))


def current_merge(page) -> tuple[str | None, str | None, str | None]:
    entry = page.locator('[data-testid="merge-entry"][aria-current="step"]')
    expect(entry).to_have_count(1)
    return entry.get_attribute("data-left"), entry.get_attribute("data-right"), entry.get_attribute("data-merged")


def test_a_long_training_steps_to_its_last_merge_with_end_and_back(open_app):
    trace = webapi.train(CORPUS, mode="bytes", min_frequency=1)  # the engine on CPython: its first page and totals
    n = trace["n_steps"]
    last = webapi.train_steps(CORPUS, n - 1, mode="bytes", min_frequency=1)["steps"][-1]
    assert n > 2 * STEP_LIMIT
    page = open_app("lesson=train&lang=en&tmode=bytes&minf=1")
    wait_settled(page)
    settled_after(page, lambda: page.get_by_test_id("corpus-input").fill(CORPUS))
    expect(page.get_by_test_id("train-step-meta")).to_contain_text(f"{n} merges")
    page.locator("body").click(position={"x": 5, "y": 5})
    # End, then ← at once: the ← waits for the page End needs (train_steps), then steps back from the stop.
    settled_after(page, lambda: (page.keyboard.press("End"), page.keyboard.press("ArrowLeft")))
    expect(page.get_by_test_id("step-text")).to_have_text(f"{n} / {n + 1}")
    assert current_merge(page) == (*last["pair"], last["merged"])
    expect(page.get_by_test_id("vocab-size")).to_have_text(f"{last['vocab_size']} tokens")
    settled_after(page, lambda: page.keyboard.press("End"))
    expect(page.get_by_test_id("step-text")).to_have_text(f"{n + 1} / {n + 1}")
    expect(page.get_by_test_id("stop-reason")).to_be_visible()
    final = page.get_by_test_id("merge-entry").last  # the stop lists every merge up to the last
    assert (final.get_attribute("data-left"), final.get_attribute("data-right"), final.get_attribute("data-merged")) == (*last["pair"], last["merged"])
    expect(final.locator(".log-num")).to_have_text(str(n))
    # Home, and a step: the first page, which the train answer brought.
    settled_after(page, lambda: page.keyboard.press("Home"))
    expect(page.get_by_test_id("step-text")).to_have_text(f"0 / {n + 1}")
    first = trace["steps"][0]
    settled_after(page, lambda: page.keyboard.press("ArrowRight"))
    assert current_merge(page) == (*first["pair"], first["merged"])
