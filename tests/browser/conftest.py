"""Fixtures for browser tests: the real page from dist/, served on 127.0.0.1, in Chromium via Playwright.

    def test_something(page, screenshot):         # page: the app, already `ready`
        page.get_by_test_id("text-input").fill("hello")
        screenshot(page, "after-typing")          # -> screenshots/test_something-after-typing.png

Fixtures:
    dist_dir        dist/, built first when it is missing or older than its sources (session)
    app_server      serves dist/ with build.py's server (CSP header included); .url, .origin, .requests (session)
    browser         Chromium: $TOKLAB_CHROMIUM / $CHROMIUM / /usr/bin/chromium, else Playwright's own (session)
    context         a fresh browser context; every request it makes (page and worker) is recorded in
                    context.requests_seen, and any request that leaves the origin is aborted; its pages
                    run as in a browser without service workers (test_offline.py opens its own contexts)
    requests_seen   that list of URLs
    console_errors  console errors and uncaught page errors of the pages opened in this test
    open_app        open_app(fragment="", wait_ready=True) -> Page: opens the app, waits for data-state=ready
    page            open_app(): the app, ready
    screenshot      screenshot(page, name) -> Path under screenshots/
    axe_violations  axe_violations(page, **options) -> list of axe-core violations (axe.min.js is injected)
A failing test that used `page` leaves screenshots/<test>-failed.png behind.
"""

from __future__ import annotations

import os
import re
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from playwright.sync_api import sync_playwright  # noqa: E402

from tools.common import BuildError  # noqa: E402
from tools.dist import ensure_built  # noqa: E402
from tools.downloads import axe_script  # noqa: E402
from tools.server import make_server  # noqa: E402

SCREENSHOTS = ROOT / "screenshots"
READY_TIMEOUT_MS = 120_000
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
STATUS = '[data-testid="status"]'


class AppServer:
    def __init__(self, directory: Path):
        self.requests: list[str] = []
        self._server = make_server(directory, 0, requests_seen=self.requests)
        self.port = self._server.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.url = self.origin + "/"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> "AppServer":
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()


def chromium_path() -> str | None:
    """The Chromium to launch: build.py test passes TOKLAB_CHROMIUM ("" = Playwright's own)."""
    if "TOKLAB_CHROMIUM" in os.environ:
        return os.environ["TOKLAB_CHROMIUM"] or None
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def keep_to_origin(context, origin: str) -> None:
    """Every request of `context` (pages and workers) that leaves `origin` is aborted."""

    def only_own_origin(route):
        parts = urlsplit(route.request.url)
        if f"{parts.scheme}://{parts.netloc}" == origin:
            route.continue_()
        else:
            route.abort("blockedbyclient")

    context.route(re.compile(r".*"), only_own_origin)


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    if "TOKLAB_DIST" in os.environ:
        return Path(os.environ["TOKLAB_DIST"])
    try:
        return ensure_built()
    except BuildError as e:
        pytest.fail(f"build failed: {e}", pytrace=False)


@pytest.fixture(scope="session")
def app_server(dist_dir: Path):
    with AppServer(dist_dir) as server:
        yield server


@pytest.fixture(scope="session")
def playwright():
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright):
    browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture
def context(browser, app_server):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    # No service worker here: its install (every file of dist/) would join requests_seen, and the engine
    # workers a page starts after it activates would get their files from its cache, past the routes
    # the snapshot tests put on the network. The page sees a browser without them, as over plain HTTP
    # (Playwright's service_workers="block" would log a console warning instead). test_offline.py tests it.
    context.add_init_script(script="delete Navigator.prototype.serviceWorker;")
    context.requests_seen = []
    context.on("request", lambda request: context.requests_seen.append(request.url))

    keep_to_origin(context, app_server.origin)
    yield context
    context.close()


@pytest.fixture
def requests_seen(context) -> list[str]:
    return context.requests_seen


@pytest.fixture
def console_errors() -> list[str]:
    return []


@pytest.fixture
def open_app(context, app_server, console_errors, request):
    opened = []

    def open_app(fragment: str = "", wait_ready: bool = True):
        page = context.new_page()
        page.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: console_errors.append(f"pageerror: {e}"))
        page.goto(app_server.url + (f"#{fragment}" if fragment else ""))
        opened.append(page)
        if wait_ready:
            wait_until_ready(page)
        return page

    yield open_app
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed and opened:
        try:  # best effort: a page still busy must not turn a failure into an error too
            save_screenshot(opened[-1], request.node.name, "failed", timeout_ms=5_000)
        except Exception as e:
            print(f"no failure screenshot: {e}")


def wait_until_ready(page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait until the status element says ready; fail at once with its text if it says error."""
    page.wait_for_selector(f'{STATUS}[data-state="ready"], {STATUS}[data-state="error"]', timeout=timeout_ms)
    status = page.locator(STATUS)
    if status.get_attribute("data-state") != "ready":
        pytest.fail(f"the app reported an error: {status.text_content()}", pytrace=False)


@pytest.fixture
def page(open_app):
    return open_app()


def save_screenshot(page, test_name: str, name: str, timeout_ms: float = 30_000) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{test_name}-{name}")
    path = SCREENSHOTS / f"{safe}.png"
    page.screenshot(path=str(path), full_page=True, timeout=timeout_ms)
    return path


@pytest.fixture
def screenshot(request):
    return lambda page, name: save_screenshot(page, request.node.name, name)


@pytest.fixture(scope="session")
def axe_source() -> str:
    path = Path(os.environ["TOKLAB_AXE"]) if os.environ.get("TOKLAB_AXE") else None
    if path is None or not path.is_file():
        try:
            path = axe_script()
        except BuildError as e:
            pytest.fail(f"axe-core is not available: {e}", pytrace=False)
    return path.read_text(encoding="utf-8")


@pytest.fixture
def axe_violations(axe_source):
    """axe_violations(page, **options) runs axe-core on the page and returns its violations.

    axe.min.js is evaluated through the DevTools protocol (page.evaluate), which the page's CSP does not
    govern, so the page keeps its real policy. `options` go to axe.run, e.g. runOnly=["wcag2a", "wcag2aa"].
    """

    def run(page, **options):
        if not page.evaluate("() => typeof window.axe === 'object'"):
            page.evaluate(axe_source)
        return page.evaluate("(options) => window.axe.run(document, options).then(r => r.violations)", options)

    return run


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report
