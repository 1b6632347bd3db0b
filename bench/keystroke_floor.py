"""The floor under the keystroke figure: a worker that answers at once, in headless Chromium. Prints
figures; asserts nothing.

    .venv/bin/python bench/keystroke_floor.py [--presses 30]

bench/page_load.py times a key typed into the encode lesson's 1,000-character text, from its keydown to
the end of the first frame painted with the new ids, which come from Python in a worker. This page has
no Python: a 1,000-character text box and a module worker that answers every message the moment it
arrives. The page posts to it at keydown (earlier than the app can: the app needs the new text, known at
beforeinput) and writes the answer into an element, as the app writes the ids. So its figures are what
any engine in a worker could reach here, however fast:

  - reply read: keydown -> the page reads the worker's answer;
  - echo frame: keydown -> the first animation frame after the key's input event (the frame that shows
    the typed character);
  - read before the echo frame: how many answers the page read before that frame began;
  - answer painted: keydown -> the end of the first frame painted with the answer (page_load.py's measure).

Served by build.py's server, so the page runs under the app's Content-Security-Policy, with the app's
Trusted Types policy (dist/trusted-types.js; it builds dist/ when needed).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
import build  # noqa: E402
from page_load import CHROMIUM_ARGS, EDIT, KEYS, chromium, serve  # noqa: E402

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="%s">
<title>keystroke floor</title><script src="trusted-types.js"></script><script type="module" src="floor.mjs"></script></head>
<body><textarea id="box" rows="8" cols="80"></textarea><p id="out"></p></body></html>
""" % build.CSP

PAGE_SCRIPT = """const worker = new Worker(new URL("./echo-worker.mjs", import.meta.url), { type: "module" });
const box = document.getElementById("box");
const out = document.getElementById("out");
let press = null;
window.arm = () => {
  press = { keydown: null, input: null, frame: null, read: null, painted: null };
  return new Promise((resolve) => { press.done = resolve; });
};
box.addEventListener("keydown", () => {
  if (!press) return;
  press.keydown = performance.now();
  worker.postMessage(box.value.length);
}, { capture: true });
box.addEventListener("input", () => {
  if (!press) return;
  press.input = performance.now();
  requestAnimationFrame(() => { if (press.frame === null) press.frame = performance.now(); });
});
worker.onmessage = (event) => {
  if (!press || press.read !== null) return;
  press.read = performance.now();
  out.textContent = `answer ${event.data}`;
  const p = press;
  // The frame that paints the answer has run once a task queued from its animation callback runs.
  requestAnimationFrame(() => setTimeout(() => {
    p.painted = performance.now();
    p.done({ read: p.read - p.keydown, frame: (p.frame ?? p.painted) - p.keydown, painted: p.painted - p.keydown,
      before: p.frame === null || p.read < p.frame });
  }, 0));
};
document.body.dataset.ready = "yes";
"""

ECHO_WORKER = "onmessage = (event) => postMessage(event.data);\n"


def median(values: list[float]) -> str:
    return f"{statistics.median(values):5.1f} ms   (range {min(values):.1f}-{max(values):.1f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=30)
    args = parser.parse_args()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("keystroke_floor.py needs Playwright: run `python build.py test` once, then use .venv/bin/python", file=sys.stderr)
        return 2
    dist = build.ensure_built()
    folder = Path(tempfile.mkdtemp(prefix="toklab-floor-"))
    try:
        (folder / "trusted-types.js").symlink_to(dist / "trusted-types.js")
        (folder / "index.html").write_text(PAGE)
        (folder / "floor.mjs").write_text(PAGE_SCRIPT)
        (folder / "echo-worker.mjs").write_text(ECHO_WORKER)
        server, url = serve(folder)
        rows = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(url)
            page.wait_for_selector("body[data-ready=yes]")
            page.fill("#box", EDIT[:1000])
            page.focus("#box")
            page.wait_for_timeout(300)
            for n in range(args.presses):
                page.evaluate("() => { window.pending = window.arm(); }")
                page.keyboard.type(KEYS[n % len(KEYS)])
                rows.append(page.evaluate("() => window.pending"))
                page.wait_for_timeout(60)
            browser.close()
        server.shutdown()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"A worker that answers at once, {len(rows)} key presses in a 1,000-character text box (headless Chromium):")
    print(f"  reply read                    {median([r['read'] for r in rows])}")
    print(f"  echo frame                    {median([r['frame'] for r in rows])}")
    print(f"  read before the echo frame    {sum(r['before'] for r in rows)} of {len(rows)}")
    print(f"  answer painted                {median([r['painted'] for r in rows])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
