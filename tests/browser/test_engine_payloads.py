"""A message the engine's worker cannot write as JSON for Python (issue 41, P2): a payload with a cycle or
a BigInt survives the page's postMessage (structured cloning keeps both) and JSON.stringify throws on it.
That was reported as a Python crash and stopped the engine; it is a declared error now, and the engine
goes on answering."""

from __future__ import annotations

from playwright.sync_api import expect

from conftest import STATUS, wait_until_ready

# Every engine Worker the page starts (not the lab's), for the test to post to as the page does.
WORKER_SPY = """
(() => {
  const Original = window.Worker;
  window.__engineWorkers = [];
  window.Worker = class extends Original {
    constructor(url, ...rest) {
      super(url, ...rest);
      if (/\\/worker\\.mjs/.test(String(url))) window.__engineWorkers.push(this);
    }
  };
})();
"""

ASK = """async () => {
    const worker = window.__engineWorkers.at(-1);
    const circular = { text: "a" };
    circular.self = circular;
    const asked = [["p2-cycle", "overview", circular], ["p2-bigint", "overview", { text: "a", piece: 1n }],
                   ["p2-sliced", "train_hf", { corpus: "ab", vocab_size: 300n }]];
    const got = {};
    const done = new Promise((resolve) => worker.addEventListener("message", (event) => {
        const id = event.data && event.data.id;
        if (typeof id !== "string" || !id.startsWith("p2-") || Object.hasOwn(event.data, "progress")) return;
        got[id] = event.data;
        if (Object.keys(got).length === asked.length) resolve();
    }));
    for (const [id, kind, payload] of asked) worker.postMessage({ id, kind, payload });
    await done;
    return got;
}"""


def test_a_payload_json_cannot_write_is_a_declared_error_and_the_engine_goes_on(context, open_app, r50k_oracle):
    context.add_init_script(WORKER_SPY)
    page = open_app("lesson=encode&lang=en&text=hi")
    wait_until_ready(page)
    answers = page.evaluate(ASK)
    assert {id: (a["ok"], a["error"]["code"]) for id, a in answers.items()} == {
        "p2-cycle": (False, "payload_not_json"), "p2-bigint": (False, "payload_not_json"),
        "p2-sliced": (False, "payload_not_json")}
    # The engine did not stop: the next text is answered.
    box = page.get_by_test_id("text-input")
    box.click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("low lower")
    ids = ", ".join(map(str, r50k_oracle.encode_ordinary("low lower")))
    expect(page.get_by_test_id("token-ids")).to_have_text(ids)
    assert page.locator(STATUS).get_attribute("data-state") == "ready"
