"""Page-load figures for Tokenizer Lab in headless Chromium. Prints numbers; asserts nothing.

    python bench/page_load.py [--runs 5] [--keys-only] [--tables-only]

Builds dist/ when needed, serves it on 127.0.0.1, and opens the page in a fresh browser context per run:
  - first paint of the precomputed example: navigation start -> the first frame after the token ids of
    the default example ("30001, 1634") are on the page (Python is still loading then);
  - ready: navigation start -> the status element says data-state="ready";
  - bare Pyodide: the same for a page that only boots Pyodide in a module worker (nothing else), and
    the ratio ready / bare;
  - 1,000-character edit: after ready, with the cursor already in the text box, its text is replaced by
    1,000 new characters (as by a paste); time until the first frame showing the new ids has been
    painted; then the same for a second, different 1,000-character text;
  - keystroke: in a 1,000-character text, one character typed (a real key press, at the end of the
    text, then in its middle): from the key's keydown to the first frame painted with the new ids;
    KEYSTROKES of each on one more load right after ready, and as many again five seconds later;
  - memory, from one more, untimed load of each page once ready (its worker script is served through
    bench/worker_probe.mjs, which notes the WebAssembly memory Python runs in): the page's JavaScript
    heap after a garbage collection, and the worker's WebAssembly memory; for the app, again after
    choosing cl100k_base, then o200k_base in the encode lesson (all three tables loaded);
  - a table chosen (--tables-only): on a fresh load once ready, cl100k_base or o200k_base chosen in the
    encode lesson's select -> the example's new ids on the page (the table fetched from the server,
    read into Python, the example encoded with it); --runs loads of each;
  - the lab's worker (a second Pyodide, #lesson=lab): navigation start -> the lab says ready, booting
    from the start-up snapshot, and on a load where the lab's request for the snapshot is refused
    (it falls back to the normal boot; the engine's worker still gets the snapshot).
Needs Playwright (Python) and Chromium: `python build.py test` installs both into .venv, so
`.venv/bin/python bench/page_load.py` works after one test run.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
EXAMPLE_IDS = "30001, 1634"
EDIT = ("The quick brown fox jumps over the lazy dog; 東京タワー 🎉 naïve café, 1,234.56! ") * 26

# Runs in the page before its own scripts: note when the example's ids first appear and when the
# status turns ready, each as milliseconds since navigation start.
RECORDER = """
window.__bench = {};
const note = (name) => { if (!(name in window.__bench)) window.__bench[name] = performance.now(); };
new MutationObserver(() => {
  const ids = document.querySelector('[data-testid="token-ids"]');
  if (ids && ids.textContent.trim() === %r && !('example' in window.__bench)) {
    requestAnimationFrame(() => setTimeout(() => note('example'), 0));
  }
  const status = document.querySelector('[data-testid="status"]');
  if (status && status.dataset.state === 'ready') note('ready');
  const lab = document.querySelector('[data-testid="lab-status"]');
  if (lab && lab.dataset.state === 'ready') note('lab');
  if (document.body && document.body.dataset.bare === 'ready') note('bare');
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
// Whether the page is in a frame's rendering: from its first animation callback (and the microtasks
// after it) until a task queued then runs, after the frame (for the keystroke figures).
window.__inFrame = false;
const frame = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (callback) => frame((time) => {
  if (!window.__inFrame) setTimeout(() => { window.__inFrame = false; }, 0);
  window.__inFrame = true;
  callback(time);
});
""" % EXAMPLE_IDS

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="%s">
<title>bare Pyodide</title><script src="trusted-types.js"></script><script type="module" src="bare.mjs"></script></head><body></body></html>
""" % build.CSP
BARE_PAGE = """const worker = new Worker(new URL("./bare-worker.mjs", import.meta.url), { type: "module" });
worker.onmessage = () => { document.body.dataset.bare = "ready"; };
"""
BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
const indexURL = new URL("./pyodide/", import.meta.url).href;
await loadPyodide({ indexURL, packageBaseUrl: indexURL });
postMessage("ready");
"""

TABLES = ("cl100k_base", "o200k_base")  # loaded after r50k for the memory figures
KEYSTROKES = 30
KEYS = "the quick brown fox jumps over a lazy dog "

# Sets the text box to a text (as a paste) and resolves once its ids are on the page.
SET_TEXT_SCRIPT = """async (text) => {
  const box = document.querySelector('[data-testid="text-input"]');
  const ids = document.querySelector('[data-testid="token-ids"]');
  const before = ids.textContent;
  box.focus();
  box.value = text;
  box.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertFromPaste", data: text }));
  while (ids.textContent === before) await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 200));
}"""

# Puts the caret at `at` and arms a measurement of the next key press: window.__key resolves with the
# milliseconds from its keydown to the end of the first frame painted with the new ids. When the ids
# change inside a frame's animation callbacks (window.__inFrame, set by RECORDER), that frame paints
# them and a task queued now runs after it; otherwise they are painted by the next frame.
ARM_KEY_SCRIPT = """(at) => {
  const box = document.querySelector('[data-testid="text-input"]');
  const ids = document.querySelector('[data-testid="token-ids"]');
  box.focus();
  box.setSelectionRange(at, at);
  const before = ids.textContent;
  window.__key = new Promise((resolve) => {
    let start = null;
    document.addEventListener("keydown", () => { start = performance.now(); }, { capture: true, once: true });
    new MutationObserver((_, observer) => {
      if (start !== null && ids.textContent !== before) {
        observer.disconnect();
        const painted = () => setTimeout(() => resolve(performance.now() - start), 0);
        if (window.__inFrame) painted();
        else requestAnimationFrame(painted);
      }
    }).observe(ids, { subtree: true, childList: true, characterData: true });
  });
}"""

EDIT_SCRIPT = """async (text) => {
  const box = document.querySelector('[data-testid="text-input"]');
  const ids = document.querySelector('[data-testid="token-ids"]');
  const before = ids.textContent;
  // The cursor is in the box already, as when a student pastes: focusing is not part of the edit.
  box.focus();
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return await new Promise((resolve) => {
    const start = performance.now();
    new MutationObserver((_, observer) => {
      if (ids.textContent !== before) {
        observer.disconnect();
        // The first frame drawn after the change has been painted once this task runs.
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
      }
    }).observe(ids, { subtree: true, childList: true, characterData: true });
    box.value = text;
    box.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertText", data: text }));
  });
}"""


def chromium() -> str | None:
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def serve(directory: Path):
    server = build.make_server(directory, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def memory_after_ready(browser, url: str, worker_script: str, ready_mark: str, tables: tuple[str, ...] = ()) -> list[tuple[int, int]]:
    """[(the page's JS heap in use after a collection, the worker's WebAssembly memory) in bytes] once
    ready, on one load whose worker script is served through worker_probe.mjs; then again after each
    of `tables` has been chosen in the encode lesson (its table loaded, the example encoded with it)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(RECORDER)
    probe = (ROOT / "bench" / "worker_probe.mjs").read_text(encoding="utf-8")
    is_worker_script = lambda u: urlsplit(u).path == "/" + worker_script and not urlsplit(u).query  # noqa: E731
    context.route(is_worker_script, lambda route: route.fulfill(body=probe, content_type="text/javascript"))
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(f"() => {ready_mark!r} in window.__bench", timeout=180_000)
    page.wait_for_timeout(500)  # the worker's warm-up requests after ready
    cdp = context.new_cdp_session(page)
    (worker,) = page.workers

    def measure() -> tuple[int, int]:
        cdp.send("HeapProfiler.collectGarbage")
        heap = cdp.send("Runtime.getHeapUsage")["usedSize"]
        return int(heap), int(worker.evaluate("() => globalThis.wasmMemories.at(-1).buffer.byteLength"))

    out = [measure()]
    ids = page.get_by_test_id("token-ids")
    for name in tables:
        before = ids.text_content()
        page.get_by_test_id("encoding-select").select_option(name)
        page.wait_for_function("(before) => document.querySelector('[data-testid=\"token-ids\"]').textContent !== before", arg=before, timeout=180_000)
        page.wait_for_timeout(500)
        out.append(measure())
    context.close()
    return out


def table_load(browser, url: str, name: str) -> float:
    """ms from choosing `name` in the encode lesson's select to the example's new ids, on a fresh load."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector('[data-testid="status"][data-state="ready"]', timeout=180_000)
    page.wait_for_timeout(500)  # the worker's warm-up requests after ready
    ids = page.get_by_test_id("token-ids")
    before = ids.text_content()
    start = time.perf_counter()
    page.get_by_test_id("encoding-select").select_option(name)
    page.wait_for_function("(before) => document.querySelector('[data-testid=\"token-ids\"]').textContent !== before", arg=before, timeout=180_000)
    elapsed = (time.perf_counter() - start) * 1000
    context.close()
    return elapsed


def keystrokes(page, at_end: bool) -> list[float]:
    """KEYSTROKES key presses into the text box, each timed from keydown to the new ids painted."""
    out = []
    for n in range(KEYSTROKES):
        length = page.get_by_test_id("text-input").evaluate("(box) => box.value.length")
        page.evaluate(ARM_KEY_SCRIPT, length if at_end else length // 2)
        page.keyboard.type(KEYS[n % len(KEYS)])
        out.append(page.evaluate("() => window.__key"))
        page.wait_for_timeout(60)
    return out


def keystroke_figures(browser, url: str) -> dict[str, list[float]]:
    """Keystrokes on one more load of the app: as soon as it is ready, then five seconds later."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(RECORDER)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => 'ready' in window.__bench", timeout=180_000)
    keys = {}
    for when in ("after ready", "later"):
        if when == "later":
            page.wait_for_timeout(5000)
        page.evaluate(SET_TEXT_SCRIPT, EDIT[:1000])
        keys[f"end, {when}"] = keystrokes(page, at_end=True)
        keys[f"middle, {when}"] = keystrokes(page, at_end=False)
    context.close()
    return keys


def lab_ready(browser, url: str, refuse_snapshot: bool) -> float | None:
    """Navigation start -> the lab lesson's worker ready. With `refuse_snapshot`, the second request
    for the snapshot (the lab's; the engine's worker asks first, as the HTML is parsed) gets a 404 and
    the lab boots the normal way; None when the lab did not say it fell back."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(RECORDER)
    warnings = []
    if refuse_snapshot:
        asked = []

        def route(route):
            asked.append(route.request.url)
            if len(asked) == 1:
                route.continue_()
            else:
                route.fulfill(status=404, body=b"refused by the bench")

        context.route("**/snapshot/engine.bin?*", route)
    page = context.new_page()
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(url + "#lesson=lab")
    page.wait_for_function("() => 'lab' in window.__bench", timeout=180_000)
    ms = page.evaluate("() => window.__bench.lab")
    context.close()
    fell_back = any(w.startswith("The lab's start-up snapshot could not be used") for w in warnings)
    return ms if fell_back == refuse_snapshot else None


def megabytes(value: int) -> str:
    return f"{value / 2**20:8.1f} MB"


def median(values: list[float]) -> str:
    return f"{statistics.median(values):8.0f} ms   (runs: {', '.join(f'{v:.0f}' for v in values)})"


def main() -> int:
    parser = argparse.ArgumentParser(description="Page-load figures (printed, never asserted).")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keys-only", action="store_true", help="only the keystroke figures (one load of the app)")
    parser.add_argument("--tables-only", action="store_true", help="only the time to load cl100k_base and o200k_base")
    args = parser.parse_args()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("page_load.py needs Playwright: run `python build.py test` once, then use .venv/bin/python", file=sys.stderr)
        return 2
    try:
        dist = build.ensure_built()
    except build.BuildError as e:
        print(f"build.py: error: {e}", file=sys.stderr)
        return 2

    bare_dir = Path(tempfile.mkdtemp(prefix="toklab-bare-"))
    (bare_dir / "pyodide").symlink_to(dist / "pyodide", target_is_directory=True)
    (bare_dir / "trusted-types.js").symlink_to(dist / "trusted-types.js")  # the app's policy: the same CSP allows its worker
    (bare_dir / "index.html").write_text(BARE_HTML)
    (bare_dir / "bare.mjs").write_text(BARE_PAGE)
    (bare_dir / "bare-worker.mjs").write_text(BARE_WORKER)
    app_server, app_url = serve(dist)
    bare_server, bare_url = serve(bare_dir)

    example, ready, bare, edit, again, lab, lab_normal = [], [], [], [], [], [], []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
            if args.tables_only:
                for name in TABLES:
                    values = [table_load(browser, app_url, name) for _ in range(args.runs)]
                    print(f"  choose {name}: new ids after {median(values)}")
                browser.close()
                return 0
            if args.keys_only:
                keys = keystroke_figures(browser, app_url)
                browser.close()
                for name, values in keys.items():
                    print(f"  keystroke in 1,000 chars, {name:20s}{median(values) if values else '   (not measured)'}")
                return 0
            for run in range(args.runs):
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                context.add_init_script(RECORDER)
                page = context.new_page()
                page.goto(app_url)
                page.wait_for_function("() => 'ready' in window.__bench", timeout=180_000)
                page.wait_for_timeout(100)
                marks = page.evaluate("() => window.__bench")
                if "example" in marks:
                    example.append(marks["example"])
                ready.append(marks["ready"])
                edit.append(page.evaluate(EDIT_SCRIPT, EDIT[:1000]))
                page.wait_for_timeout(300)
                again.append(page.evaluate(EDIT_SCRIPT, "Then " + EDIT[500:1495]))
                context.close()

                context = browser.new_context()
                context.add_init_script(RECORDER)
                page = context.new_page()
                page.goto(bare_url)
                page.wait_for_function("() => 'bare' in window.__bench", timeout=180_000)
                bare.append(page.evaluate("() => window.__bench.bare"))
                context.close()
                for refuse, values in ((False, lab), (True, lab_normal)):
                    ms = lab_ready(browser, app_url, refuse)
                    if ms is not None:
                        values.append(ms)
                print(f"run {run + 1}/{args.runs} done", file=sys.stderr, flush=True)
            keys = keystroke_figures(browser, app_url)
            app_memory = memory_after_ready(browser, app_url, "worker.mjs", "ready", TABLES)
            (bare_memory,) = memory_after_ready(browser, bare_url, "bare-worker.mjs", "bare")
            browser.close()
    finally:
        app_server.shutdown()
        bare_server.shutdown()
        shutil.rmtree(bare_dir, ignore_errors=True)

    print(f"Tokenizer Lab page load, {args.runs} runs, headless Chromium, medians (from navigation start)")
    if example:
        print(f"  first paint of the precomputed example {median(example)}")
    else:
        print(f"  first paint of the precomputed example: the ids {EXAMPLE_IDS!r} never showed before ready")
    print(f"  ready (Python answers)                 {median(ready)}")
    print(f"  bare page, Pyodide boot in a worker    {median(bare)}")
    print(f"  ratio ready / bare                     {statistics.median(ready) / statistics.median(bare):8.2f}")
    # Each run opens the app and then the bare page, so a pair shares the machine's load of the moment.
    pairs = [r / b for r, b in zip(ready, bare)]
    print(f"  ratio per run (app, then bare), median {statistics.median(pairs):8.2f}   (runs: {', '.join(f'{v:.2f}' for v in pairs)})")
    print(f"  1,000-character edit -> ids updated    {median(edit)}")
    print(f"  the next such edit                     {median(again)}")
    print(f"  lab lesson: its worker ready           {median(lab) if lab else '   (not measured)'}")
    print(f"  the same, snapshot refused to the lab  {median(lab_normal) if lab_normal else '   (not measured)'}")
    for name, values in keys.items():
        print(f"  keystroke in 1,000 chars, {name:20s}{median(values) if values else '   (not measured)'}")
    print("memory once ready (one more load of each page), then with each larger table chosen in turn")
    print(f"  page's JS heap in use                  {megabytes(app_memory[0][0])}   (bare page {megabytes(bare_memory[0]).strip()})")
    print(f"  worker's WebAssembly memory            {megabytes(app_memory[0][1])}   (bare page {megabytes(bare_memory[1]).strip()})")
    loaded = ["r50k_base"]
    for name, (heap, wasm) in zip(TABLES, app_memory[1:]):
        loaded.append(name)
        print(f"  with {' + '.join(loaded)}:")
        print(f"    page's JS heap in use                {megabytes(heap)}")
        print(f"    worker's WebAssembly memory          {megabytes(wasm)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
