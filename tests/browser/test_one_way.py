"""One way through the page (issue 28): what the engine is asked, counted where it is sent.

A spy on every Worker the page starts records each message posted to it, so a test sees the requests
themselves: a typed text asks for each piece's trace once (the overview's answer does not ask again), and
a restarted engine's worker is asked for a larger table again (the page does not believe the new worker
holds what the old one had)."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from conftest import wait_until_ready

LOAD_MS = 120_000  # fetching and loading a larger table inside Pyodide

# Every message posted to an engine worker, by worker.
POST_SPY = """
(() => {
  const Original = window.Worker;
  window.__posted = [];
  window.__workers = [];
  window.Worker = class extends Original {
    constructor(...args) {
      super(...args);
      const mine = [];
      window.__posted.push(mine);
      window.__workers.push(this);
      const post = this.postMessage.bind(this);
      this.postMessage = (message, ...rest) => { mine.push(message); return post(message, ...rest); };
    }
  };
})();
"""

# Every data-state the table select's status line takes, in order.
STATUS_SPY = """
(() => {
  window.__tableStates = [];
  new MutationObserver(() => {
    const status = document.querySelector('[data-testid="encoding-status"]');
    const state = status && status.dataset.state;
    if (state && window.__tableStates.at(-1) !== state) window.__tableStates.push(state);
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"], childList: true });
})();
"""

TRACES = "() => window.__posted.flat().filter((m) => m.kind === 'trace_piece').map((m) => m.payload)"


def ids_text(ids: list[int]) -> str:
    return ", ".join(map(str, ids))


def compact(ids: list[int]) -> str:
    return json.dumps(ids, separators=(",", ":"))


def test_a_typed_text_asks_for_each_trace_once(context, open_app, r50k_oracle):
    context.add_init_script(POST_SPY)
    page = open_app("lesson=encode&lang=en&text=hi")
    wait_until_ready(page)
    box = page.get_by_test_id("text-input")
    box.click()
    page.keyboard.press("ControlOrMeta+a")
    typed = "low lower"
    page.keyboard.type(typed)
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(r50k_oracle.encode_ordinary(typed)))
    canvas = page.get_by_test_id("merge-canvas")
    # The caret is at the end: the last piece, " lower", is drawn from its trace (its last step: its ids).
    page.get_by_test_id("last").click()
    expect(canvas).to_have_attribute("data-ids", compact(r50k_oracle.encode_ordinary(" lower")), timeout=60_000)
    # One more request after them: the engine answers in order, so every trace asked for the typed text
    # has been posted once this one is.
    page.keyboard.press("[")
    page.get_by_test_id("last").click()
    expect(canvas).to_have_attribute("data-ids", compact(r50k_oracle.encode_ordinary("low")), timeout=60_000)
    traces = page.evaluate(TRACES)
    of_typed = [t for t in traces if t["text"] == typed]
    assert sorted(t["index"] for t in of_typed) == [0, 1], of_typed
    keys = [json.dumps(t, sort_keys=True) for t in traces]
    assert len(keys) == len(set(keys)), f"a trace asked for twice: {traces}"


def test_after_a_restart_a_table_chosen_again_is_loaded_into_the_new_worker(context, open_app, tiktoken_oracle):
    context.add_init_script(POST_SPY)
    context.add_init_script(STATUS_SPY)
    text = "今天天气真好 tokenization"
    page = open_app(f"lesson=encode&lang=en&text={text}")
    wait_until_ready(page)
    select = page.get_by_test_id("encoding-select")
    status = page.get_by_test_id("encoding-status")
    cl100k = ids_text(tiktoken_oracle("cl100k_base").encode_ordinary(text))
    select.select_option("cl100k_base")
    expect(page.get_by_test_id("token-ids")).to_have_text(cl100k, timeout=LOAD_MS)
    expect(status).to_have_attribute("data-state", "ready")
    select.select_option("r50k_base")
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(tiktoken_oracle("r50k_base").encode_ordinary(text)))

    page.evaluate("() => window.__workers.at(-1).dispatchEvent(new ErrorEvent('error', { message: 'out of memory' }))")
    page.get_by_test_id("restart-engine").click()
    wait_until_ready(page)
    assert page.evaluate("() => window.__posted.length") == 2
    page.evaluate("() => { window.__tableStates = []; }")
    select.select_option("cl100k_base")
    expect(page.get_by_test_id("token-ids")).to_have_text(cl100k, timeout=LOAD_MS)
    expect(status).to_have_attribute("data-state", "ready")
    # The new worker was asked for the table, and the page said it was loading meanwhile.
    assert page.evaluate("() => window.__posted[1].some((m) => m.kind === 'warmup' && m.payload.encoding === 'cl100k_base')")
    # (The spy notes the status at any data-state change in the page, so an unrelated one can come first.)
    assert "loading" in page.evaluate("() => window.__tableStates")
