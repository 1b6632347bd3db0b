"""Peak memory of the models lesson and of Train like MiniMind in headless Chromium (issue 39). Prints
figures; asserts nothing.

    .venv/bin/python bench/page_memory.py [--only models|minimind] [--vocab 6400] [--width 390 --height 844]

Builds dist/ when needed, serves it on 127.0.0.1 and, for each lesson, starts a fresh Chromium (nothing
else in it) with a phone-sized page (390x844), opens Encode in Chinese and waits for the engine (and its
warm-up), then measures, and measures again after:
  - models: the lesson opened (its hash set, as its tab does) until its own run is over (on a phone the
    large models' rows offer a button instead of loading: figures "as opened"), then each such button
    tapped, as a reader would, until every row that has a file has its figures (data-tokens);
  - minimind: Train like MiniMind opened, the shipped mixed corpus picked (fetched then, not timed), the
    vocabulary set, Start pressed, until the progress line says done.
What is measured: the resident memory (RSS, /proc) of Chromium's renderer processes (the page and its
workers live there) and of every Chromium process this script started, sampled every 100 ms for the
peak; the page's JavaScript heap in use after a collection (CDP Runtime.getHeapUsage) and Chromium's
own JSHeapUsedSize (CDP Performance.getMetrics); the engine worker's WebAssembly memory (its script is
served through bench/worker_probe.mjs, which notes the memory Python runs in; it never shrinks, so its
size after is its peak). performance.measureUserAgentSpecificMemory() would say more, but it needs a
cross-origin isolated page, which the app is not. Every context is a first visit: the offline cache is
filled meanwhile, as a reader's first visit fills it. The load average is printed beside the figures.
Per-table figures inside Pyodide (no browser): bench/table_memory.mjs.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
from page_load import CHROMIUM_ARGS, chromium, serve  # noqa: E402

READY = "() => document.querySelector('[data-testid=\"status\"]')?.dataset.state === 'ready'"
# The lesson's own run is over (its rows' aria-busy false); then the rows that wait for a tap on a phone.
RUN_OVER = "() => document.querySelector('[data-testid=\"model-rows\"]')?.getAttribute('aria-busy') === 'false'"
TAPPABLE = """() => [...document.querySelectorAll('[data-testid="model-row"]')]
  .filter((row) => row.querySelector('[data-testid="model-load"]')).map((row) => row.dataset.model)"""
FILLED = """() => [...document.querySelectorAll('[data-testid="model-row"][data-tokens]')].map((row) => row.dataset.model)"""
ROWS_FILLED = """(names) => names.every((name) =>
  document.querySelector(`[data-testid="model-row"][data-model="${name}"]`)?.hasAttribute("data-tokens"))"""
TAP = """(name) => document.querySelector(`[data-testid="model-row"][data-model="${name}"] [data-testid="model-load"]`).click()"""
TRAIN_DONE = "() => document.querySelector('[data-testid=\"train-progress\"]')?.dataset.state === 'done'"
MiB = 2**20


def chromium_processes() -> dict[int, str]:
    """pid -> command line of every living process descended from this one."""
    parent: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parent[int(entry)] = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    me, out = os.getpid(), {}
    for pid in parent:
        up = pid
        while up > 1 and up != me:
            up = parent.get(up, 0)
        if up == me and pid != me:
            try:
                out[pid] = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                pass
    return out


def rss(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


class Sampler:
    """RSS of the renderers and of all Chromium processes, now and at their peak since `start`."""

    def __init__(self):
        self.peak = (0, 0)
        self._stop = threading.Event()
        self._thread = None

    @staticmethod
    def now() -> tuple[int, int]:
        procs = chromium_processes()
        renderers = sum(rss(pid) for pid, cmd in procs.items() if "--type=renderer" in cmd)
        return renderers, sum(rss(pid) for pid in procs)

    def start(self):
        self.peak = self.now()
        self._stop.clear()

        def run():
            while not self._stop.wait(0.1):
                r, a = self.now()
                self.peak = (max(self.peak[0], r), max(self.peak[1], a))

        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()

    def stop(self) -> tuple[int, int]:
        self._stop.set()
        self._thread.join()
        return self.peak


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def open_encode(browser, url: str, width: int, height: int):
    """A fresh context at Encode in Chinese, the engine ready and warm; (context, page, cdp, worker)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    probe = (HERE / "worker_probe.mjs").read_text(encoding="utf-8")
    context.route(lambda u: urlsplit(u).path == "/worker.mjs" and not urlsplit(u).query,
                  lambda route: route.fulfill(body=probe, content_type="text/javascript"))
    page = context.new_page()
    page.goto(url + "#lesson=encode&lang=zh")
    page.wait_for_function(READY, timeout=300_000)
    page.wait_for_timeout(1500)  # the worker's warm-up requests after ready
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    worker = next(w for w in page.workers if "wasmMemories" in str(w.evaluate("() => Object.keys(globalThis)")))
    return context, page, cdp, worker


def figures(cdp, worker, sampler: Sampler) -> dict:
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")["usedSize"]
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    renderers, everything = sampler.now()
    wasm = worker.evaluate("() => globalThis.wasmMemories.at(-1).buffer.byteLength")
    return {"heap": heap, "js_heap_used": metrics.get("JSHeapUsedSize", 0), "renderers": renderers, "all": everything, "wasm": wasm}


def scenario(browser, url: str, which: str, args) -> None:
    context, page, cdp, worker = open_encode(browser, url, args.width, args.height)
    sampler = Sampler()
    before = figures(cdp, worker, sampler)
    load_before = load()
    if which == "models":
        sampler.start()
        start = time.perf_counter()
        page.evaluate("() => { location.hash = 'lesson=models&lang=zh'; }")
        page.wait_for_function(RUN_OVER, timeout=900_000, polling=250)
        opened = time.perf_counter() - start
        own = page.evaluate(FILLED)
        tap = page.evaluate(TAPPABLE)
        peak_opened = sampler.peak
        middle = figures(cdp, worker, sampler)
        for name in tap:  # as a reader taps each large model's row (a row folded away is pressed as it is)
            page.evaluate(TAP, name)
        page.wait_for_function(ROWS_FILLED, arg=tap, timeout=900_000, polling=250)
        took = time.perf_counter() - start
        what = (f"models lesson: {len(own)} rows by themselves in {opened:.1f} s ({', '.join(own)}); then "
                f"{len(tap)} tapped ({', '.join(tap) or 'none'}), all filled {took:.1f} s after opening")
    else:
        page.evaluate("() => { location.hash = 'lesson=train&how=minimind&lang=zh'; }")
        page.get_by_test_id("corpus-mixed").click()
        page.wait_for_function("() => !document.querySelector('[data-testid=\"train-start\"]').disabled", timeout=300_000)
        field = page.get_by_test_id("vocab-size")
        field.fill(str(args.vocab))
        field.press("Tab")
        info = page.get_by_test_id("corpus-info").inner_text()
        sampler.start()
        start = time.perf_counter()
        page.get_by_test_id("train-start").click()
        page.wait_for_function(TRAIN_DONE, timeout=1_800_000, polling=500)
        took = time.perf_counter() - start
        what = f"Train like MiniMind ({info.strip()}; vocabulary {args.vocab}): Start -> done in {took:.1f} s"
    peak = sampler.stop()
    after = figures(cdp, worker, sampler)
    context.close()
    mb = lambda n: f"{n / MiB:7.1f} MiB"  # noqa: E731
    print(what)
    if which == "models":
        print(f"  as opened (before any tap): renderers' RSS peak {mb(peak_opened[0])} (+{(peak_opened[0] - before['renderers']) / MiB:.1f}), "
              f"wasm {mb(middle['wasm'])} (+{(middle['wasm'] - before['wasm']) / MiB:.1f}), JS heap {mb(middle['heap'])}")
    print(f"  load average {load_before} -> {load()}; page {args.width}x{args.height}, from Encode (Chinese) ready")
    print(f"  renderer processes' RSS      {mb(before['renderers'])} -> peak {mb(peak[0])} (+{(peak[0] - before['renderers']) / MiB:.1f}), after {mb(after['renderers'])}")
    print(f"  all Chromium processes' RSS  {mb(before['all'])} -> peak {mb(peak[1])} (+{(peak[1] - before['all']) / MiB:.1f}), after {mb(after['all'])}")
    print(f"  engine worker's wasm memory  {mb(before['wasm'])} -> {mb(after['wasm'])} (+{(after['wasm'] - before['wasm']) / MiB:.1f}; never shrinks: its peak)")
    print(f"  page's JS heap in use        {mb(before['heap'])} -> {mb(after['heap'])} (after a collection)")
    print(f"  JSHeapUsedSize (metrics)     {mb(before['js_heap_used'])} -> {mb(after['js_heap_used'])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("models", "minimind"))
    parser.add_argument("--vocab", type=int, default=6400)
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--height", type=int, default=844)
    args = parser.parse_args()
    exe = chromium()
    if exe is None:
        sys.exit("no Chromium: set CHROMIUM or install /usr/bin/chromium")
    from playwright.sync_api import sync_playwright
    from tools.dist import ensure_built

    server, url = serve(ensure_built())
    try:
        with sync_playwright() as p:
            for which in (args.only,) if args.only else ("models", "minimind"):
                browser = p.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
                try:
                    scenario(browser, url, which, args)
                finally:
                    browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
