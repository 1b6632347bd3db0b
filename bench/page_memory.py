"""Peak memory of the models lesson and of Train like MiniMind in headless Chromium (issue 39). Prints
figures; asserts nothing.

    .venv/bin/python bench/page_memory.py [--only models|minimind] [--vocab 6400] [--width 390 --height 844]
                                          [--bare] [--parts] [--dist DIR]

Builds dist/ when needed, serves it on 127.0.0.1 and, for each lesson, starts a fresh Chromium (nothing
else in it) with a phone-sized page (390x844), opens Encode in Chinese and waits for the engine (and its
warm-up) and for the renderers' memory to settle (`settle`), then measures, and measures again after:
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

--bare  (models only) Chromium without Playwright (bench/bare_chromium.py): Playwright switches on the
        DevTools Network domain in the page and its workers, and Chromium then keeps a copy of every response
        body for DevTools (+60 MiB in the renderer over the models lesson, Blink's buffer partition: the
        tool's memory, not the page's). A reader's browser has none of it; --bare is what the reader's
        renderer holds. Its own profile on disk, so the offline cache is written as a reader's is.
--parts Chromium's own account besides RSS: a memory-infra dump by process and allocator before and after
        (bench/memory_dump.py), the renderers' RSS split into RssAnon / RssFile / RssShmem, and with --bare
        the ArrayBuffers the worker's and the page's JavaScript hold (heap snapshots: Python's in-memory
        file system keeps a file's bytes there, outside the WebAssembly memory). Taken outside the timed part.
--dist  another build's folder (a worktree of main's dist/, for a before and after).
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
from bare_chromium import Browser as BareBrowser, probe_server  # noqa: E402
from memory_dump import memory_dump, parts_table  # noqa: E402
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


def rss(pid: int, field: str = "VmRSS") -> int:
    """A process's resident memory from /proc/<pid>/status: VmRSS, or its parts RssAnon (its own memory:
    heaps, WebAssembly memory), RssFile (files mapped: code, fonts; shared, and given back under pressure),
    RssShmem (shared memory)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def renderer_parts() -> dict[str, int]:
    """The renderers' RssAnon, RssFile and RssShmem, summed."""
    procs = [pid for pid, cmd in chromium_processes().items() if "--type=renderer" in cmd]
    return {field: sum(rss(pid, field) for pid in procs) for field in ("RssAnon", "RssFile", "RssShmem")}


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


def settle(page, most: float = 30.0) -> None:
    """Waits until the renderers' RSS has stopped falling: after ready, V8 frees for some seconds what it
    compiled with (its compilers' zones, tens of MiB in the worker), and a baseline taken before that
    would hide as much growth. Settled: the last 3 s of samples (every 0.5 s) within 2 MiB; `most` s at most."""
    samples: list[int] = []
    end = time.monotonic() + most
    while time.monotonic() < end:
        samples.append(Sampler.now()[0])
        if len(samples) >= 7 and max(samples[-7:]) - min(samples[-7:]) < 2 * MiB:
            return
        page.wait_for_timeout(500)


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
    settle(page)
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    worker = next(w for w in page.workers if "wasmMemories" in str(w.evaluate("() => Object.keys(globalThis)")))
    return context, page, cdp, worker


def open_encode_bare(browser, url: str, width: int, height: int):
    """open_encode in a bare Chromium (bench/bare_chromium.py): a new tab, no context of its own."""
    page = browser.new_page(width, height)
    page.goto(url + "#lesson=encode&lang=zh")
    page.wait_for_function(READY, timeout=300_000)
    page.wait_for_timeout(1500)
    settle(page)
    page.send("Performance.enable")
    worker = next(w for w in page.workers if "wasmMemories" in str(w.evaluate("() => Object.keys(globalThis)")))
    return None, page, page, worker


def buffers_besides_wasm(worker, page, wasm: int) -> tuple[list[int], list[int]]:
    """The sizes of the ArrayBuffers the worker holds, its WebAssembly memory left out, and the page's."""
    held = worker.array_buffers()
    if wasm in held:
        held.remove(wasm)
    return held, page.array_buffers()


def figures(cdp, worker, sampler: Sampler) -> dict:
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")["usedSize"]
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    renderers, everything = sampler.now()
    wasm = worker.evaluate("() => globalThis.wasmMemories.at(-1).buffer.byteLength")
    return {"heap": heap, "js_heap_used": metrics.get("JSHeapUsedSize", 0), "renderers": renderers, "all": everything, "wasm": wasm,
            **renderer_parts()}


def scenario(browser, url: str, which: str, args) -> None:
    opener = open_encode_bare if args.bare else open_encode
    context, page, cdp, worker = opener(browser, url, args.width, args.height)
    browser_cdp = (browser if args.bare else browser.new_browser_cdp_session()) if args.parts else None
    dumps = [memory_dump(browser_cdp, page)] if args.parts else []
    sampler = Sampler()
    before = figures(cdp, worker, sampler)
    buffers = [buffers_besides_wasm(worker, page, before["wasm"])] if args.parts and args.bare else []
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
    if args.parts:
        dumps.append(memory_dump(browser_cdp, page))
        if args.bare:
            buffers.append(buffers_besides_wasm(worker, page, after["wasm"]))
    if context:
        context.close()
    mb = lambda n: f"{n / MiB:7.1f} MiB"  # noqa: E731
    print(what)
    if which == "models":
        print(f"  as opened (before any tap): renderers' RSS peak {mb(peak_opened[0])} (+{(peak_opened[0] - before['renderers']) / MiB:.1f}), "
              f"wasm {mb(middle['wasm'])} (+{(middle['wasm'] - before['wasm']) / MiB:.1f}), JS heap {mb(middle['heap'])}")
    print(f"  load average {load_before} -> {load()}; page {args.width}x{args.height}, from Encode (Chinese) ready; "
          + ("a bare Chromium (no DevTools Network domain)" if args.bare else "Playwright"))
    print(f"  renderer processes' RSS      {mb(before['renderers'])} -> peak {mb(peak[0])} (+{(peak[0] - before['renderers']) / MiB:.1f}), after {mb(after['renderers'])}")
    print("  of which, after: " + ", ".join(f"{field} {mb(before[field])} -> {mb(after[field])} ({(after[field] - before[field]) / MiB:+.1f})"
                                           for field in ("RssAnon", "RssFile", "RssShmem")))
    print(f"  all Chromium processes' RSS  {mb(before['all'])} -> peak {mb(peak[1])} (+{(peak[1] - before['all']) / MiB:.1f}), after {mb(after['all'])}")
    print(f"  engine worker's wasm memory  {mb(before['wasm'])} -> {mb(after['wasm'])} (+{(after['wasm'] - before['wasm']) / MiB:.1f}; never shrinks: its peak)")
    print(f"  page's JS heap in use        {mb(before['heap'])} -> {mb(after['heap'])} (after a collection)")
    print(f"  JSHeapUsedSize (metrics)     {mb(before['js_heap_used'])} -> {mb(after['js_heap_used'])}")
    if args.parts:
        print("  Chromium's memory-infra dump, MiB, from Encode ready to the end (allocators of 0.5 MiB or more):")
        print(parts_table(*dumps))
    for label, (was, now) in zip(("the engine worker's", "the page's"), zip(*buffers)):
        print(f"  {label} ArrayBuffers besides WebAssembly memory (heap snapshot): {len(was)} holding {sum(was) / MiB:.1f} MiB"
              f" -> {len(now)} holding {sum(now) / MiB:.1f} MiB; the largest after: {', '.join(f'{n:,}' for n in now[:10]) or 'none'} bytes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("models", "minimind"))
    parser.add_argument("--vocab", type=int, default=6400)
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--height", type=int, default=844)
    parser.add_argument("--parts", action="store_true",
                        help="also print Chromium's memory-infra dump (by process and allocator) before and after")
    parser.add_argument("--dist", type=Path, help="measure this built folder (another checkout's dist/) instead of dist/")
    parser.add_argument("--bare", action="store_true",
                        help="drive Chromium through its DevTools pipe with no domain Playwright switches on (models only)")
    args = parser.parse_args()
    if args.bare and args.only != "models":
        parser.error("--bare measures the models lesson only: give --only models")
    exe = chromium()
    if exe is None:
        sys.exit("no Chromium: set CHROMIUM or install /usr/bin/chromium")
    from playwright.sync_api import sync_playwright
    from tools.dist import ensure_built

    site = args.dist or ensure_built()
    if args.bare:
        server, url = probe_server(site)
        browser = BareBrowser(exe, CHROMIUM_ARGS, args.width, args.height)
        try:
            scenario(browser, url, "models", args)
        finally:
            browser.close()
            server.shutdown()
        return
    server, url = serve(site)
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
