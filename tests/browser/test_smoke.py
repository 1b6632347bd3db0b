"""Smoke tests of the real page: it boots Python in a worker, shows r50k ids, stays on its own origin.

The boot and the requests are seen on fresh pages; the other tests share one booted page (conftest).
"""

import json

import build
import pytest
from conftest import shared_page_fixtures
from playwright.sync_api import expect

open_app, page, console_errors = shared_page_fixtures()

CJK_AND_EMOJI = [
    "你好，世界！",
    "日本語のテキスト、한국어 텍스트",
    "Emoji: 🎉👍🏽 and a family 👨‍👩‍👧 🍣",
]


def type_text(page, text: str) -> None:
    """Replace the text box's content the way a person does: click, select all, delete, type."""
    box = page.get_by_test_id("text-input")
    box.click()
    box.press("ControlOrMeta+a")
    box.press("Backspace")
    if text.isascii():
        box.press_sequentially(text)
    else:
        page.keyboard.insert_text(text)  # what an input method commits


def ids_text(ids: list[int]) -> str:
    return ", ".join(str(i) for i in ids)


def test_page_reaches_ready(fresh_app, screenshot):
    page, console_errors = fresh_app(), fresh_app.errors
    status = page.get_by_test_id("status")
    expect(status).to_have_attribute("data-state", "ready")
    screenshot(page, "ready")
    assert [e for e in console_errors if e.startswith("pageerror") or "Content Security Policy" in e] == []


def test_typing_tokenization_shows_its_two_ids(page, screenshot):
    ids = page.get_by_test_id("token-ids")
    type_text(page, "hello")
    expect(ids).to_have_text("31373")
    type_text(page, "tokenization")
    expect(ids).to_have_text("30001, 1634")
    screenshot(page, "tokenization")


@pytest.mark.parametrize("text", CJK_AND_EMOJI, ids=["chinese", "japanese-korean", "emoji"])
def test_cjk_and_emoji_give_tiktokens_ids(page, r50k_oracle, text, screenshot):
    type_text(page, text)
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(r50k_oracle.encode_ordinary(text)))
    screenshot(page, "typed")


def test_worker_answers_while_page_stays_responsive(page, r50k_oracle):
    # A long request runs in the engine worker; the page's event loop keeps turning meanwhile.
    # Were Python on the main thread, no timer could fire before the answer arrived (ticks would be 0 or 1).
    text = "tokenization " * 5000
    result = page.evaluate(
        """async (text) => {
            const { createEngine } = await import("./engine.mjs");
            const engine = createEngine();
            await engine.ready;
            let done = false;
            let ticks = 0;
            const answer = engine.request("overview", { text, allowed_special: "none" }).then((a) => { done = true; return a; });
            while (!done) {
                await new Promise((resolve) => setTimeout(resolve, 0));
                ticks += 1;
            }
            const a = await answer;
            engine.terminate();
            return { ok: a.ok, ids: a.ok ? a.result.n_ids : a.error, ticks };
        }""",
        text,
    )
    assert result["ok"], result
    assert result["ids"] == len(r50k_oracle.encode_ordinary(text))
    assert result["ticks"] > 2


def test_engine_errors_come_back_as_data(page):
    answer = page.evaluate(
        """async () => {
            const { createEngine } = await import("./engine.mjs");
            const engine = createEngine();
            await engine.ready;
            const a = await engine.request("no_such_kind", {});
            engine.terminate();
            return a;
        }"""
    )
    assert answer["ok"] is False
    assert answer["error"]["type"] and answer["error"]["message"]


def test_every_request_goes_to_the_pages_own_origin(fresh_app, requests_seen, app_server, dist_dir):
    page = fresh_app()
    type_text(page, "hello")
    expect(page.get_by_test_id("token-ids")).to_have_text("31373")
    paths = [url[len(app_server.origin):] for url in requests_seen if url.startswith(app_server.origin + "/")]
    assert [url for url in requests_seen if not url.startswith(app_server.origin + "/")] == []
    # The worker's own requests are in the record too; the engine comes from the start-up snapshot when
    # the build made one, else from the toklab wheel.
    assert "/pyodide/pyodide.asm.wasm" in paths
    manifest = json.loads((dist_dir / "wheels" / "manifest.json").read_text())
    engine = f"/{manifest['snapshot']['file']}?" if "snapshot" in manifest else "/wheels/toklab-"
    assert any(p.startswith(engine) for p in paths)


def test_page_declares_the_content_security_policy(page):
    meta = page.locator('meta[http-equiv="Content-Security-Policy"]')
    expect(meta).to_have_count(1)

    def directives(policy: str) -> dict[str, list[str]]:
        parts = [d.split() for d in policy.split(";") if d.strip()]
        return {d[0]: sorted(d[1:]) for d in parts}

    assert directives(meta.get_attribute("content")) == directives(build.CSP)
