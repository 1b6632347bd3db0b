from urllib.parse import quote
from conftest import shared_page_fixtures
from playwright.sync_api import expect
open_app, page, console_errors = shared_page_fixtures()

def test_shots(open_app):
    for lang in ("en", "zh"):
        for enc, text in (("gemma3", "hi 今天 𰻝"), ("minimind", "今天天气真好")):
            page = open_app(f"lesson=encode&lang={lang}&encoding={enc}&text={quote(text)}")
            expect(page.get_by_test_id("merge-canvas")).to_have_attribute("data-piece", "0", timeout=180_000)
            for w, h in ((1280, 800), (390, 844)):
                page.set_viewport_size({"width": w, "height": h})
                page.wait_for_timeout(500)
                page.screenshot(path=f"/tmp/shot_{enc}_{lang}_{w}.png", full_page=True)
