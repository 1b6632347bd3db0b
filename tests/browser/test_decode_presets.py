"""Decode's "with mistakes" example in Chromium: its out-of-range id is one no table has, so whichever
table is chosen, that item is an unknown id (and the message gives the chosen table's last id).

The tables' sizes come from tiktoken (test_encodings_page's oracle for cl100k_base and o200k_base, and
the r50k oracle); the preset's text is read from the page's own module.
"""

from __future__ import annotations

import pytest
from conftest import shared_page_fixtures
from playwright.sync_api import expect
from test_encodings_page import LOAD_MS, oracle  # noqa: F401  (oracle is a fixture)

open_app, page, console_errors = shared_page_fixtures()  # the tests share one booted page (conftest)


@pytest.fixture(scope="module")
def n_vocab(oracle, r50k_oracle):  # noqa: F811
    return {"r50k_base": r50k_oracle.n_vocab, **{name: enc.n_vocab for name, enc in oracle.items()}}


def test_the_bad_preset_shows_an_unknown_id_with_cl100k_chosen(open_app, n_vocab):
    page = open_app("lesson=decode&encoding=cl100k_base")
    text = page.evaluate("() => import('./lessons/decode.mjs').then((m) => m.PRESETS.find((p) => p.id === 'bad').text)")
    items = text.split()
    numbers = [int(item) for item in items if item.isdigit()]
    unknown = [i for i in numbers if i >= n_vocab["cl100k_base"]]
    assert len(unknown) == 1 and unknown[0] >= max(n_vocab.values()), (text, n_vocab)
    assert [item for item in items if not item.isdigit()], "the example also holds an item that is not a number"

    page.get_by_test_id("decode-preset-bad").click()
    expect(page.get_by_test_id("ids-input")).to_have_value(text)
    bad = page.locator(f'[data-testid="decode-item"][data-input="{unknown[0]}"]')
    expect(bad).to_contain_text("cl100k_base", timeout=LOAD_MS)
    expect(bad).to_have_attribute("data-state", "error")
    expect(bad).to_contain_text(f"0 to {n_vocab['cl100k_base'] - 1}")
    for number in numbers:
        if number != unknown[0]:
            expect(page.locator(f'[data-testid="decode-item"][data-id="{number}"]')).not_to_have_attribute("data-state", "error")
    expect(page.locator('[data-testid="decode-item"][data-state="error"]')).to_have_count(len(items) - len(numbers) + 1)
