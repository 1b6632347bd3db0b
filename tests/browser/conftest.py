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
    fresh_app       the same, for a module whose open_app is the shared page's (errors: fresh_app.errors)
    page            open_app(): the app, ready
    booted          one page per pytest process, booted once (session): booted.open(fragment) resets it
                    and opens `fragment` by hash; booted.page, booted.errors (also page.errors), booted.context;
                    the first open of each module resets it harder (see BootedPage.open); a module
                    overrides it (module scope) for other context options:
                    BootedPage(browser, app_server, init_scripts=[...], permissions=[...])
    shared_app      shared_app(fragment="") -> booted.open(fragment), with a screenshot if the test fails
    screenshot      screenshot(page, name) -> Path under screenshots/
    axe_violations  axe_violations(page, **options) -> list of axe-core violations (axe.min.js is injected)

Asking first: the app opens each lesson on a question and hides its answer until a guess
(web/ui/askFirst.mjs). open_app, fresh_app, page and the shared page open their fragment with `ask=0`
(the teacher's switch off), so a test reads the answers at once, unless the fragment names `ask` itself
(test_ask_first.py opens `ask=1`). A test that goes to a URL of its own adds `ask=0` where it reads answers.

Waiting for the page: `wait_settled(page, after=asked(page))` (or `settled_after(page, action)`) waits
until the lesson has drawn the newest state asked and nothing is on its way (the lesson root's
data-settled, web/ui/settled.mjs). It is the one sign a test waits on before reading the screen.
A failing test that used `page` leaves screenshots/<test>-failed.png behind.

Each Pyodide worker a page starts (the engine's worker.mjs, the lab's lab-worker.mjs: a boot, a few
seconds of CPU) is counted
against the test that was running, in every context the `browser` fixture makes; the run ends with the
count per module and the tests that boot most (`-p no:terminal` aside, always printed).

Sharing a booted page: a lesson opened by hash is a new lesson from its defaults and the hash, as after a
load, so most tests need no boot of their own, and the modules of one pytest process (a shard of the
browser stage) share one page. A module opts in with

    from conftest import shared_page_fixtures
    open_app, page, console_errors = shared_page_fixtures()   # the same names, on the booted page

Tests that put routes or init scripts on the context, open two pages at once, count requests or time
the boot keep `context` and open their own pages.
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
from playwright.sync_api import expect, sync_playwright  # noqa: E402

from tools.common import BuildError  # noqa: E402
from tools.dist import ensure_built  # noqa: E402
from tools.downloads import axe_script  # noqa: E402
from tools.server import make_server  # noqa: E402

SCREENSHOTS = ROOT / "screenshots"
READY_TIMEOUT_MS = 120_000
# How long an expect() waits for what it expects. Never a claim about speed: CI shares two cores with
# other work, and a test waits for the page's own markers, however long they take to come.
expect.set_options(timeout=20_000)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
STATUS = '[data-testid="status"]'
VIEWPORT = {"width": 1280, "height": 800}


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


BOOTING = ("worker.mjs", "lab-worker.mjs")  # the workers that boot Pyodide
# Pyodide workers started, per test id (see count_boots); RUNNING is the test whose set-up, call or
# teardown runs now (a module-scoped page booted in set-up counts against its first test).
BOOTS: dict[str, int] = {}
RUNNING = {"test": "(no test)"}
LOADED_AGAIN: list[str] = []  # "test: why", each time a shared page was loaded again at a module's first open


def count_boots(context) -> None:
    """Counts each Pyodide worker (BOOTING) the pages of `context` start, against the running test."""

    def on_worker(worker) -> None:
        if worker.url.split("?")[0].rsplit("/", 1)[-1] in BOOTING:
            BOOTS[RUNNING["test"]] = BOOTS.get(RUNNING["test"], 0) + 1

    context.on("page", lambda page: page.on("worker", on_worker))


@pytest.fixture(scope="session")
def browser(playwright):
    browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
    plain = browser.new_context

    def new_context(**options):
        context = plain(**options)
        count_boots(context)
        return context

    browser.new_context = new_context
    yield browser
    browser.close()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    RUNNING["test"] = item.nodeid


def pytest_terminal_summary(terminalreporter):
    if not BOOTS:
        return
    modules: dict[str, int] = {}
    for test, n in BOOTS.items():
        modules[test.split("::")[0]] = modules.get(test.split("::")[0], 0) + n
    write = terminalreporter.write_line
    terminalreporter.section(f"Pyodide boots: {sum(BOOTS.values())}")
    for module, n in sorted(modules.items(), key=lambda item: -item[1]):
        write(f"{n:4d}  {module}")
    write("most in one test:")
    for test, n in sorted(BOOTS.items(), key=lambda item: -item[1])[:10]:
        write(f"{n:4d}  {test}")
    for entry in LOADED_AGAIN:
        write(f"shared page loaded again for {entry}")


def new_app_context(browser, app_server, **options):
    """A browser context as `context` makes it: no service worker, requests recorded, kept to the origin."""
    context = browser.new_context(**{"viewport": dict(VIEWPORT), "locale": "en-US", **options})
    # No service worker here: its install (every file of dist/) would join requests_seen, and the engine
    # workers a page starts after it activates would get their files from its cache, past the routes
    # the snapshot tests put on the network. The page sees a browser without them, as over plain HTTP
    # (Playwright's service_workers="block" would log a console warning instead). test_offline.py tests it.
    context.add_init_script(script="delete Navigator.prototype.serviceWorker;")
    context.requests_seen = []
    context.on("request", lambda request: context.requests_seen.append(request.url))
    keep_to_origin(context, app_server.origin)
    return context


@pytest.fixture
def context(browser, app_server):
    context = new_app_context(browser, app_server)
    yield context
    context.close()


# What a reset clears: the tab's storage (kept long texts, the noted hash, the quiz score), any dialog a
# test left open, the focus, a selection.
RESET = """() => {
    sessionStorage.clear();
    localStorage.clear();
    for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
    if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
    getSelection().removeAllRanges();
}"""
# What the first open of a module also looks at: whether the page still holds something no hash hop
# undoes (then it is loaded again): the reader's own tokenizer file (the engine holds it, and every
# table select offers it), storage the app does not use but a test could fill (IndexedDB, caches).
LEFT_OVER = """async () => {
    const left = [];
    if (document.querySelector('optgroup[data-group="encoding.groupFile"]')) left.push("the reader's file");
    if (indexedDB.databases && (await indexedDB.databases()).length) left.push("IndexedDB");
    if (globalThis.caches && (await caches.keys()).length) left.push("caches");
    return left;
}"""


def asking_off(fragment: str) -> str:
    """`fragment` with ask=0 (no lesson asks first), unless it names `ask` itself.

    asking_off("lesson=tables") -> "lesson=tables&ask=0";  asking_off("") -> "ask=0"
    """
    fields = [part.split("=", 1)[0] for part in fragment.split("&")]
    return fragment if "ask" in fields else "&".join(filter(None, [fragment, "ask=0"]))


GO = """(hash) => {
    window.dispatchEvent(new PageTransitionEvent("pagehide"));
    location.hash = hash;
}"""
OPENED_OR_UNDONE = """(lesson) => {
    const tab = document.querySelector(`[data-testid="lesson-tab-${lesson}"]`);
    return (tab && tab.getAttribute("aria-current") === "page")
        || new URLSearchParams(location.hash.slice(1)).get("lesson") !== lesson;
}"""


class BootedPage:
    """One context and page, booted once, for a pytest process (`booted`) or a module that overrides it;
    `open(fragment)` is a fresh lesson by hash.

    The reset: storage cleared, dialogs closed, focus and selection dropped, the viewport back to 1280x800
    with motion and the screen's media, then the hash goes to another lesson and to `fragment` (lang=en
    unless it says otherwise), so the lesson is made again from its defaults and the fragment. A page
    whose engine is not ready (a test stopped or broke it) is loaded again instead.
    The first open of a test module (the next module must not see what the last one did) also drops the
    context's routes but its own (keep_to_origin), its permissions and any other page a test opened in
    it, and loads the page again if it holds something a hop does not undo (LEFT_OVER, read on Encode);
    a test that leaves such a thing says so with `spoil(why)` (the next open loads the page again). It
    never takes back an init script: a module that adds one makes its own BootedPage.
    """

    def __init__(self, browser, app_server, init_scripts=(), **context_options):
        self.server = app_server
        self.permissions = list(context_options.get("permissions") or [])
        self.context = new_app_context(browser, app_server, **context_options)
        for script in init_scripts:
            self.context.add_init_script(script)
        self.requests_seen = self.context.requests_seen
        self.errors: list[str] = []
        self.page = None
        self.module = None  # the test module that opened it last
        self.spoiled = ""  # why the next open loads the page again ("" = it need not)

    def spoil(self, why: str) -> None:
        """The page keeps something of this test that no reset undoes: the next open loads it again."""
        self.spoiled = why

    def _new_module(self) -> None:
        """What a module may leave in the context that a reset of the lesson does not undo."""
        self.context.unroute_all(behavior="ignoreErrors")
        keep_to_origin(self.context, self.server.origin)
        self.context.clear_permissions()
        if self.permissions:
            self.context.grant_permissions(self.permissions)
        for other in self.context.pages:
            if other is not self.page:
                other.close()

    def _load(self, fragment: str, wait_ready: bool):
        if self.page is not None:
            self.page.close()
        self.page = self.context.new_page()
        self.page.errors = self.errors
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        self.page.goto(self.server.url + f"#{asking_off(fragment)}")
        if wait_ready:
            wait_until_ready(self.page)

    def open(self, fragment: str = "", wait_ready: bool = True):
        """The app on `fragment`, ready; wait_ready=False loads the page again (the boot is what is seen)."""
        self.errors.clear()
        module = RUNNING["test"].split("::")[0]
        first = module != self.module
        if first:
            self.module = module
            self._new_module()
        fields = dict(part.split("=", 1) for part in fragment.split("&") if "=" in part)
        lesson = fields.get("lesson", "encode")
        spoiled, self.spoiled = self.spoiled, ""
        if spoiled:
            LOADED_AGAIN.append(f"{RUNNING['test']}: {spoiled}")
        if spoiled or not wait_ready or self.page is None or self.page.locator(STATUS).get_attribute("data-state") != "ready":
            self._load(fragment, wait_ready)
            return self.page
        page = self.page
        page.set_viewport_size(dict(VIEWPORT))
        page.emulate_media(media="null", color_scheme="null", forced_colors="null", reduced_motion="no-preference")
        page.mouse.move(0, 0)
        page.evaluate(RESET)
        if first:  # on Encode, whose table select offers the reader's file while the engine holds one
            self._go("encode", "#lesson=encode&lang=en")
            page.wait_for_selector(f'{ROOT_SELECTOR} [data-testid="encoding-select"]', state="attached")
            left = page.evaluate(LEFT_OVER)
            if left:
                LOADED_AGAIN.append(f"{RUNNING['test']}: it held {', '.join(left)}")
                self._load(fragment, wait_ready)
                return self.page
        other = "decode" if lesson != "decode" else "special"  # lessons whose first answer is quick
        target = asking_off(fragment if "lesson" in fields else "&".join(filter(None, ["lesson=encode", fragment])))
        for hop, hash in ((other, f"#lesson={other}&lang=en"), (lesson, f"#{target}")):
            self._go(hop, hash)
        wait_until_ready(page)
        return page

    def _go(self, lesson: str, hash: str) -> None:
        """location.hash = hash, until lesson `lesson` is open.

        A hash write the app had scheduled is made first (its pagehide handler). One it schedules while
        the lesson's module is still loading can still put the old hash back (the race issue 28 names):
        then the lesson never opens and the URL no longer names it, and the hash is set again.
        """
        for _ in range(5):
            self.page.evaluate(GO, hash)
            self.page.wait_for_function(OPENED_OR_UNDONE, arg=lesson, timeout=30_000)
            if self.page.get_by_test_id(f"lesson-tab-{lesson}").get_attribute("aria-current") == "page":
                return
        pytest.fail(f"the shared page did not open lesson {lesson} by hash", pytrace=False)

    def close(self):
        self.context.close()


@pytest.fixture(scope="session")
def booted(browser, app_server):
    shared = BootedPage(browser, app_server)
    yield shared
    shared.close()


def failure_screenshot(request, page) -> None:
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed and page is not None:
        try:  # best effort: a page still busy must not turn a failure into an error too
            save_screenshot(page, request.node.name, "failed", timeout_ms=5_000)
        except Exception as e:
            print(f"no failure screenshot: {e}")


@pytest.fixture
def shared_app(booted, request):
    yield booted.open
    failure_screenshot(request, booted.page)


def shared_page_fixtures():
    """`open_app, page, console_errors = shared_page_fixtures()` in a test module: its tests share `booted`.

    open_app(fragment) opens the fragment on the module's booted page, page is that page on the encode
    lesson's defaults, console_errors the errors since the last open.
    """

    @pytest.fixture(name="open_app")
    def open_app(shared_app):
        return shared_app

    @pytest.fixture(name="page")
    def page(shared_app):
        return shared_app()

    @pytest.fixture(name="console_errors")
    def console_errors(booted):
        return booted.errors

    return open_app, page, console_errors


@pytest.fixture
def requests_seen(context) -> list[str]:
    return context.requests_seen


@pytest.fixture
def console_errors() -> list[str]:
    return []


def app_opener(context, app_server, console_errors: list[str]):
    """open_app's function: each call a new page of `context` on the fragment; the pages opened."""
    opened = []

    def open_app(fragment: str = "", wait_ready: bool = True):
        page = context.new_page()
        page.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: console_errors.append(f"pageerror: {e}"))
        page.goto(app_server.url + f"#{asking_off(fragment)}")
        opened.append(page)
        if wait_ready:
            wait_until_ready(page)
        return page

    return open_app, opened


@pytest.fixture
def open_app(context, app_server, console_errors, request):
    open_app, opened = app_opener(context, app_server, console_errors)
    yield open_app
    failure_screenshot(request, opened[-1] if opened else None)


@pytest.fixture
def fresh_app(context, app_server, request):
    """open_app's fresh pages for a module that shares `booted` (its console errors: fresh_app.errors)."""
    errors: list[str] = []
    open_app, opened = app_opener(context, app_server, errors)
    open_app.errors = errors
    yield open_app
    failure_screenshot(request, opened[-1] if opened else None)


def wait_until_ready(page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait until the status element says ready; fail at once with its text if it says error."""
    page.wait_for_selector(f'{STATUS}[data-state="ready"], {STATUS}[data-state="error"]', timeout=timeout_ms)
    status = page.locator(STATUS)
    if status.get_attribute("data-state") != "ready":
        pytest.fail(f"the app reported an error: {status.text_content()}", pytrace=False)


ROOT_SELECTOR = '[data-testid="lesson-root"]'
SETTLED_TIMEOUT_MS = 90_000
SETTLED_AFTER = """(after) => {
    const root = document.querySelector('[data-testid="lesson-root"]');
    const drawn = root && root.dataset.settled;
    return drawn !== undefined && Number(drawn) > after && { drawn: Number(drawn) };
}"""
NEXT_FRAME = "() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))"


def asked(page) -> int:
    """The number of the newest state the lesson was asked to show (`data-asked` on the lesson root):
    read it before an action, then wait_settled(page, after=it)."""
    return int(page.locator(ROOT_SELECTOR).get_attribute("data-asked") or -1)


def wait_settled(page, after: int | None = None, timeout_ms: int = SETTLED_TIMEOUT_MS) -> int:
    """Wait until the lesson has drawn what was asked and nothing is on its way (web/ui/settled.mjs):
    the lesson root's `data-settled`, newer than state `after` (from asked(page) before the action) when
    given. Returns the state drawn. The one wait for "the page has drawn it"; a test's own assertions
    come after it.

        before = asked(page)
        page.get_by_test_id("text-input").fill("hello")
        wait_settled(page, after=before)
    """
    # the state drawn as the wait saw it (read again afterwards, a newer state may already be asked)
    return int(page.wait_for_function(SETTLED_AFTER, arg=-1 if after is None else after, timeout=timeout_ms).json_value()["drawn"])


def settled_after(page, action, timeout_ms: int = SETTLED_TIMEOUT_MS) -> int:
    """Do `action()` (which changes the lesson's state), then wait until the lesson has drawn it."""
    before = asked(page)
    action()
    return wait_settled(page, after=before, timeout_ms=timeout_ms)


def click_when_settled(page, target) -> None:
    """Click `target` as a person does on a page still filling in: scroll to it, let what loads above it
    (Special's library card, the models' rows: they hold the lesson unsettled, and say aria-busy) finish
    growing, then click where it now is. Clicking at once raced a card that grew between Playwright's aim
    and its click. A card that loads when it comes into view starts in the frames after the scroll."""
    target.scroll_into_view_if_needed()
    page.evaluate(NEXT_FRAME)
    wait_settled(page)
    expect(page.locator('[aria-busy="true"]')).to_have_count(0, timeout=SETTLED_TIMEOUT_MS)
    target.click()


@pytest.fixture
def page(open_app):
    return open_app()


def press_tool(page, testid: str) -> None:
    """Presses one of the teacher's tools (projector, ask first, teach, export, print, keys) as a person does: on a
    phone they are folded under Teacher tools, which is opened first unless it already is (a shared page
    can keep it open from the test before)."""
    tool = page.get_by_test_id(testid)
    toggle = page.get_by_test_id("tools-toggle")
    if not tool.is_visible() and toggle.is_visible() and toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    tool.click()


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
