"""The page's paths that used an answer's whole lists, now that answers list what the page draws (issue 41,
P3): Copy ids copies every id of a text longer than the overview lists (the others fetched with
`overview_ids`), the samples lesson's windows past the stream it lists are the stream's own, and the
train lesson's example is cut by naming the training (`train_try`) instead of sending its merges back.
The ids come from tiktoken; the trained example from the engine on CPython, cut with the merges sent.
"""

from __future__ import annotations

import json
from urllib.parse import quote

from conftest import settled_after, shared_page_fixtures, wait_settled
from playwright.sync_api import expect

from toklab import webapi
from toklab.protocol import ITEM_LIMIT, STEP_LIMIT, STREAM_LIMIT

open_app, page, console_errors = shared_page_fixtures()

TEXT = "Tokenizers turn text into ids; 今天天气真好 🙂. " * 120  # about 3,000 ids: more than an overview lists
CORPUS = " ".join(f"w{i}x{i * 7 % 13}y" for i in range(1500))  # a byte-level training of three pages of steps


def test_copy_ids_copies_every_id_of_a_text_longer_than_the_page_lists(open_app, booted, app_server, r50k_oracle):
    whole = r50k_oracle.encode_ordinary(TEXT)
    assert len(whole) > ITEM_LIMIT
    page = open_app("lesson=encode&lang=en")
    # after the open: a module's first open clears what the one before it granted
    booted.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app_server.origin)
    wait_settled(page)
    settled_after(page, lambda: page.get_by_test_id("text-input").fill(TEXT))
    expect(page.get_by_test_id("ids-code")).to_have_attribute("data-count", str(len(whole)))
    expect(page.get_by_test_id("token-ids")).to_have_text(", ".join(map(str, whole[:ITEM_LIMIT])) + ", …")
    expect(page.get_by_test_id("summary")).to_contain_text(f"{len(whole):,} tokens")
    page.evaluate("() => navigator.clipboard.writeText('')")
    page.get_by_test_id("copy-ids").click()
    expect(page.get_by_test_id("copy-ids")).to_contain_text("Copied")  # the button's own sign: written
    assert page.evaluate("() => navigator.clipboard.readText()") == json.dumps(whole)


def test_decode_takes_every_id_of_a_text_longer_than_the_overview_lists(open_app, r50k_oracle):
    text = TEXT[:3000]  # short enough for the address, more ids than an overview lists
    whole = r50k_oracle.encode_ordinary(text)
    assert len(whole) > ITEM_LIMIT
    page = open_app(f"lesson=decode&lang=en&text={quote(text)}")
    wait_settled(page)
    settled_after(page, lambda: page.get_by_test_id("ids-from-text").click())
    expect(page.get_by_test_id("ids-input")).to_have_value(" ".join(map(str, whole)))


def test_samples_windows_past_the_listed_stream_are_the_streams_own(open_app, r50k_oracle):
    stream = r50k_oracle.encode_ordinary(TEXT)
    page = open_app("lesson=samples&lang=en&tok=r50k&block=8&batch=8&seed=2")
    wait_settled(page)
    settled_after(page, lambda: page.get_by_test_id("samples-input").fill(TEXT))
    windows = page.get_by_test_id("sample-window")
    expect(windows).to_have_count(8)
    offsets = [int(w.get_attribute("data-offset")) for w in windows.all()]
    assert any(o > STREAM_LIMIT for o in offsets)  # past the stream the answer lists
    for w, offset in zip(windows.all(), offsets):
        x = [int(c.get_attribute("data-id")) for c in w.locator('[data-testid="sample-x"] td').all()]
        y = [int(c.get_attribute("data-id")) for c in w.locator('[data-testid="sample-y"] td').all()]
        assert (x, y) == (stream[offset : offset + 8], stream[offset + 1 : offset + 9])
    expect(page.get_by_test_id("stream-more")).to_have_text(f"…and {len(stream) - STREAM_LIMIT} more ids.")
    captions = page.get_by_test_id("stream-chip").locator(".lk-chip-caption").all_inner_texts()
    assert [int(c) for c in captions[:12]] == stream[:12]  # the stream's start, always drawn


def test_the_trained_example_is_cut_with_every_merge_of_a_long_training(open_app):
    trace = webapi.train(CORPUS, mode="bytes", min_frequency=1)
    n = trace["n_steps"]
    assert n > STEP_LIMIT and len(trace["merges"]) == STEP_LIMIT  # the answer lists the first page's merges
    example = "w12x3y w1499x4y w7x"
    every = [s["pair"] for at in range(0, n, STEP_LIMIT)
             for s in webapi.train_steps(CORPUS, at, mode="bytes", min_frequency=1)["steps"]]
    cut = webapi.overview(example, merges=every)  # as the page asked before: the merges sent back
    page = open_app("lesson=train&lang=en&tmode=bytes&minf=1")
    wait_settled(page)
    settled_after(page, lambda: page.get_by_test_id("corpus-input").fill(CORPUS))
    expect(page.get_by_test_id("train-step-meta")).to_contain_text(f"{n} merges")
    settled_after(page, lambda: page.get_by_test_id("try-input").fill(example))
    page.locator("body").click(position={"x": 5, "y": 5})
    settled_after(page, lambda: page.keyboard.press("End"))
    expect(page.get_by_test_id("try-summary")).to_have_attribute("data-merges", str(n))
    expect(page.get_by_test_id("try-summary")).to_contain_text(f"{cut['n_ids']} tokens from {cut['n_pieces']} pieces")
    tokens = page.get_by_test_id("try-token")
    expect(tokens).to_have_count(cut["n_ids"])
    assert [t.get_attribute("data-token") for t in tokens.all()] == [tok for p in cut["pieces"] for tok in p["tokens"]]
