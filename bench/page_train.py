""""Train like MiniMind" in the real page, headless Chromium: the shipped mixed corpus (the corpus-mixed
button: Tang and Song poems, then State of the Union prose, 3 MB), vocabulary 6,400, from the click on
train-start to the answer on the page. Prints figures; asserts nothing.

    .venv/bin/python bench/page_train.py [--runs 2] [--vocab 6400]

Builds dist/ when needed, serves it on 127.0.0.1 and opens #lesson=train&how=minimind in a fresh context
per run, waits for the engine, picks the corpus (fetched then, not timed), sets the vocabulary and
starts. In the page: the wall time from the click to the progress line's data-state="done", the number of
times the progress line changed and the longest wall time between two changes (the worker posts its
newest progress between slices; a frame paints it). Around it: the CPU time of every Chromium process
this script started (from /proc: the worker's thread is most of it), and the load average. The same
training's CPU gaps inside Python are bench/pyodide_train.mjs's (Node) figures.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
from page_load import CHROMIUM_ARGS, chromium, serve  # noqa: E402

# Runs in the page before its scripts: the click on train-start, every change of the progress line, and
# when it says done, in ms since navigation start.
RECORDER = """
window.__train = { start: null, changes: [], done: null, merges: 0 };
document.addEventListener("click", (event) => {
  if (event.target.closest && event.target.closest('[data-testid="train-start"]')) {
    window.__train = { start: performance.now(), changes: [], done: null, merges: 0 };
  }
}, { capture: true });
new MutationObserver(() => {
  const p = document.querySelector('[data-testid="train-progress"]');
  const rec = window.__train;
  if (!p || rec.start === null || rec.done !== null) return;
  const text = p.textContent;
  if (text !== rec.last) {
    rec.last = text;
    rec.changes.push(performance.now());
    rec.merges = Number(p.dataset.done || 0);
  }
  if (p.dataset.state === "done") rec.done = performance.now();
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""


def descendants_cpu() -> float:
    """CPU seconds (user + system) of every living process descended from this one."""
    parent: dict[int, int] = {}
    times: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(entry)
        parent[pid] = int(fields[1])
        times[pid] = (int(fields[11]) + int(fields[12])) / tick
    me = os.getpid()

    def mine(pid: int) -> bool:
        while pid > 1:
            pid = parent.get(pid, 0)
            if pid == me:
                return True
        return False

    return sum(t for pid, t in times.items() if mine(pid))


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def one_run(browser, url: str, vocab: int) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(RECORDER)
    page = context.new_page()
    page.goto(url + "#lesson=train&how=minimind&lang=en")
    page.wait_for_function("() => document.querySelector('[data-testid=\"status\"]')?.dataset.state === 'ready'",
                           timeout=300_000)
    page.get_by_test_id("corpus-mixed").click()
    page.wait_for_function("() => !document.querySelector('[data-testid=\"train-start\"]').disabled", timeout=300_000)
    field = page.get_by_test_id("vocab-size")
    field.fill(str(vocab))
    field.press("Tab")
    info = page.get_by_test_id("corpus-info").inner_text()
    load_before = load()
    cpu = descendants_cpu()
    wall = time.perf_counter()
    page.get_by_test_id("train-start").click()
    page.wait_for_function("() => window.__train.done !== null", timeout=900_000, polling=250)
    wall = time.perf_counter() - wall
    cpu = descendants_cpu() - cpu
    rec = page.evaluate("() => window.__train")
    result = page.get_by_test_id("train-result").inner_text()
    context.close()
    marks = [rec["start"], *rec["changes"], rec["done"]]
    gaps = [b - a for a, b in zip(marks, marks[1:])]
    return {"page_s": (rec["done"] - rec["start"]) / 1000, "wall_s": wall, "cpu_s": cpu, "changes": len(rec["changes"]),
            "longest_gap_s": max(gaps) / 1000, "load": f"{load_before} -> {load()}", "corpus": info,
            "result": result.splitlines()[0] if result else ""}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--vocab", type=int, default=6400)
    args = parser.parse_args()
    exe = chromium()
    if exe is None:
        sys.exit("no Chromium: set CHROMIUM or install /usr/bin/chromium")
    from playwright.sync_api import sync_playwright
    from tools.dist import ensure_built

    dist = ensure_built()
    server, url = serve(dist)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
            for run in range(args.runs):
                r = one_run(browser, url, args.vocab)
                print(f"run {run + 1}: train-start -> done {r['page_s']:.1f} s in the page ({r['wall_s']:.1f} s here), "
                      f"Chromium CPU {r['cpu_s']:.1f} s; progress line changed {r['changes']} times, longest gap "
                      f"{r['longest_gap_s']:.2f} s; load {r['load']}")
                print(f"       {r['corpus']} | {r['result']}")
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
