"""The README's screenshots of the first screen: `python tools/screenshots.py` (after a build).

Encode on its defaults ("tokenization"), at 1280x800, 390x844 and 1920x1080, in English and Chinese,
written to docs/screenshots/encode-<lang>-<width>x<height>.png: the first screen as a person opens it,
served from dist/ by the project's own server, in Chromium (/usr/bin/chromium or Playwright's).
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import expect, sync_playwright  # noqa: E402

from tools.server import make_server  # noqa: E402

SIZES = ((1280, 800), (390, 844), (1920, 1080))
LANGS = ("en", "zh")
OUT = ROOT / "docs" / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    server = make_server(ROOT / "dist", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM) if CHROMIUM.exists() else None,
                                    args=["--no-sandbox", "--disable-gpu"])
        for width, height in SIZES:
            for lang in LANGS:
                phone = width < 500
                context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US",
                                              is_mobile=phone, has_touch=phone, reduced_motion="reduce")
                context.add_init_script(script="delete Navigator.prototype.serviceWorker;")
                page = context.new_page()
                page.goto(f"{url}#lesson=encode&lang={lang}")
                status = page.locator('[data-testid="status"]')
                expect(status).to_have_attribute("data-state", "ready", timeout=180_000)
                expect(page.get_by_test_id("token-ids")).to_have_text("30001, 1634", timeout=60_000)
                expect(page.get_by_test_id("merge-canvas")).to_have_attribute("data-text", "tokenization")
                expect(page.get_by_test_id("merge-canvas")).to_have_attribute("data-animating", "false")
                path = OUT / f"encode-{lang}-{width}x{height}.png"
                page.screenshot(path=str(path))
                print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size // 1024} KiB)")
                context.close()
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
