"""The classroom kit's exports and worksheets (#14), and the table sentences that follow the chosen table (#13).

One page is shared by the tests of this module (they run in order): a PNG download read back as an image,
a GIF download parsed block by block, worksheets printed to PDF by Chromium, and the encode and special
texts with cl100k_base chosen, checked against tiktoken's own numbers for that table.
"""

from __future__ import annotations

import base64
import re
import struct
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from conftest import BootedPage, asking_off  # tests/browser is on sys.path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py_src"))
from toklab import webapi  # noqa: E402

LOAD_MS = 90_000  # fetching and loading a larger table inside Pyodide
PRINT_STUB = "window.print = () => { window.__printed = (window.__printed || 0) + 1; };"


@pytest.fixture(scope="module")
def booted(browser, app_server):
    """conftest's booted page, with downloads and window.print only counting (Chromium prints the PDF itself, page.pdf)."""
    shared = BootedPage(browser, app_server, init_scripts=[PRINT_STUB], accept_downloads=True)
    yield shared
    shared.close()


@pytest.fixture(scope="module")
def shared(booted):
    """One page for the module, opened once: the tests run in order on it."""
    return booted.open("lesson=encode&lang=en")


def goto(page, fragment: str) -> None:
    page.evaluate("(f) => { window.location.hash = f; }", asking_off(fragment))  # the answers drawn, to export


def download(page, testid: str):
    with page.expect_download() as info:
        page.get_by_test_id(testid).click()
    d = info.value
    return d.suggested_filename, Path(d.path()).read_bytes()


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def gif_frames(data: bytes) -> tuple[int, int, list[int]]:
    """(width, height, [delay of each frame in ms]) read block by block (GIF89a)."""
    assert data[:6] == b"GIF89a"
    width, height, flags = struct.unpack("<HHB", data[6:11])
    pos = 13 + (3 * 2 ** ((flags & 7) + 1) if flags & 0x80 else 0)
    delays, delay = [], None

    def skip_sub_blocks(pos):
        while data[pos]:
            pos += data[pos] + 1
        return pos + 1

    while data[pos] != 0x3B:
        if data[pos] == 0x21:  # extension: label, sub-blocks
            if data[pos + 1] == 0xF9:
                delay = struct.unpack("<H", data[pos + 4:pos + 6])[0] * 10
            pos = skip_sub_blocks(pos + 2)
        elif data[pos] == 0x2C:  # image: descriptor, local colour table, LZW size, sub-blocks
            local = data[pos + 9]
            pos += 10 + (3 * 2 ** ((local & 7) + 1) if local & 0x80 else 0)
            pos = skip_sub_blocks(pos + 1)
            delays.append(delay)
        else:
            raise AssertionError(f"unexpected GIF block 0x{data[pos]:02x} at {pos}")
    return width, height, delays


def colours_of(page, data: bytes) -> int:
    """Distinct colours of a PNG, decoded by the browser's image decoder (on a grid of samples)."""
    return page.evaluate("""async (b64) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext("2d");
        ctx.drawImage(bitmap, 0, 0);
        const px = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
        const seen = new Set();
        for (let i = 0; i < px.length; i += 4 * 7) seen.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
        return seen.size;
    }""", base64.b64encode(data).decode())


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))


def printed_pdf(page) -> bytes:
    before = page.evaluate("window.__printed || 0")
    page.get_by_test_id("print-worksheet").click()
    expect(page.get_by_test_id("worksheet")).to_have_attribute("data-state", "ready", timeout=60_000)
    assert page.evaluate("window.__printed") == before + 1
    page.emulate_media(media="print")
    try:
        assert page.get_by_test_id("worksheet-key").evaluate("(e) => getComputedStyle(e).breakBefore") == "page"
        return page.pdf()
    finally:
        page.emulate_media(media="screen")


def test_png_of_the_encode_view_is_wide_crisp_and_not_blank(shared):
    page = shared
    expect(page.get_by_test_id("token-ids")).to_have_text("30001, 1634")
    name, data = download(page, "export-png")
    assert name == "tokenizer-lab-encode.png"
    width, height = png_size(data)
    card = page.locator(".lesson > .stage").first.bounding_box()
    assert width >= 1200 and width >= 2 * card["width"], (width, card)
    assert height > width / 2
    assert colours_of(page, data) > 50


def test_gif_has_a_frame_per_merge_and_the_canvas_size_at_2x(shared):
    page = shared
    canvas = page.get_by_test_id("merge-canvas")
    total = int(canvas.get_attribute("data-total"))
    assert total == 10  # "tokenization": ten merges
    name, data = download(page, "export-gif")
    assert name.endswith(".gif")
    width, height, delays = gif_frames(data)
    box = canvas.bounding_box()
    cells = page.get_by_test_id("merge-canvas-cells").get_by_test_id("cell").first.bounding_box()
    assert width == round(box["width"] * 2)
    # The cells and their ranks under a caption; not the id table, empty until the last step (#23).
    assert height < round(box["height"] * 2) * 0.8, (height, box)
    assert height > 2 * (cells["y"] + cells["height"] - box["y"])
    assert len(delays) == total + 1
    assert delays[-1] > delays[0] > 0
    # The caption band above the cells holds text: dark pixels on the page's light background.
    dark = page.evaluate("""async (b64) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/gif" }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext("2d");
        ctx.drawImage(bitmap, 0, 0);
        const px = ctx.getImageData(0, 0, bitmap.width, 48).data;
        let n = 0;
        for (let i = 0; i < px.length; i += 4) if (px[i] + px[i + 1] + px[i + 2] < 200) n += 1;
        return n;
    }""", base64.b64encode(data).decode())
    assert dark > 200, dark


def test_png_leaves_no_band_where_the_buttons_were(shared):
    page = shared
    expect(page.get_by_test_id("token-ids")).to_have_text("30001, 1634")
    controls = page.evaluate("""() => [...document.querySelectorAll('#main > .lesson .controls')]
        .map((c) => c.getBoundingClientRect().height).reduce((a, b) => a + b, 0)""")
    assert controls > 60
    _, data = download(page, "export-png")
    _, before = png_size(data)
    # The same view with the buttons taken out by hand: the picture is that much shorter, not blank there.
    hide = "(on) => { for (const c of document.querySelectorAll('.lesson .controls')) c.style.display = on ? 'none' : ''; }"
    page.evaluate(hide, True)
    try:
        _, data = download(page, "export-png")
    finally:
        page.evaluate(hide, False)
    _, without = png_size(data)
    assert abs(before - without) <= 4, (before, without)


def test_encode_worksheet_prints_with_the_answer_key_on_its_own_page(shared, r50k_oracle):
    page = shared
    pdf = printed_pdf(page)
    assert pdf.startswith(b"%PDF") and pdf_pages(pdf) >= 2
    sheet = page.get_by_test_id("worksheet")
    expect(page.get_by_test_id("worksheet-title")).to_have_text("Worksheet · Encode")
    # The merge log to fill in has one row per merge; the key's ranks are the canvas log's, its ids tiktoken's.
    key = page.get_by_test_id("worksheet-key")
    log = [int(e.get_attribute("data-rank")) for e in page.get_by_test_id("log-entry").all()[1:]]
    key_ranks = [int(r) for r in key.locator("tbody tr td:nth-child(3)").all_text_contents()]
    assert key_ranks == log and len(log) == 10
    assert sheet.locator("table").nth(2).locator("tbody tr").count() == 10
    ids = ", ".join(map(str, r50k_oracle.encode_ordinary("tokenization")))
    expect(key).to_contain_text(f"ids: {ids}.")
    assert not page.errors


def test_chinese_train_worksheet_renders_with_the_engines_counts(shared):
    page = shared
    goto(page, "lesson=train&lang=zh")
    expect(page.get_by_test_id("lesson-tab-train")).to_have_attribute("aria-current", "page")
    expect(page.get_by_test_id("print-worksheet")).to_have_text("打印练习单")
    pdf = printed_pdf(page)
    assert pdf_pages(pdf) >= 2
    expect(page.get_by_test_id("worksheet-title")).to_have_text("练习单 · 训练")
    state = page.evaluate("() => Object.fromEntries(new URLSearchParams(location.hash.slice(1)))")
    trace = webapi.train(page.get_by_test_id("corpus-input").input_value(), mode=state.get("tmode", "chars"),
                         unit=state.get("unit", "words"))
    first = trace["steps"][0]
    expect(page.get_by_test_id("worksheet-key")).to_contain_text(f"（{first['count']} 次）")
    # The PNG of a Chinese view is drawn too.
    name, data = download(page, "export-png")
    assert name == "tokenizer-lab-train.png" and png_size(data)[0] >= 1200


def test_cl100k_sentences_quote_the_engines_numbers(shared, tiktoken_oracle, r50k_oracle):
    page = shared
    cl100k = tiktoken_oracle("cl100k_base")
    tokens = cl100k.token_byte_values()
    n_ranks, n_merged = len(tokens), sum(1 for token in tokens if len(token) > 1)
    eot = cl100k.eot_token
    goto(page, f"lesson=encode&lang=en&text={quote('今天天气真好')}&encoding=cl100k_base")
    ids = ", ".join(map(str, cl100k.encode_ordinary("今天天气真好")))
    expect(page.get_by_test_id("token-ids")).to_have_text(ids, timeout=LOAD_MS)
    stage3 = page.locator(".stage-text.static").last
    expect(stage3).to_contain_text(f"{cl100k.n_vocab:,}-row table")
    expect(stage3).to_contain_text(f"{n_ranks:,} tokens are made of bytes")
    expect(stage3).to_contain_text(f"{n_merged:,} merged tokens")
    expect(stage3).to_contain_text(f"<|endoftext|> {eot}")
    lead = page.locator(".lesson .lead")
    expect(lead).to_contain_text(f"{cl100k.n_vocab:,}-row vocabulary")
    for node in (stage3, lead):
        assert "50,257" not in node.text_content() and "50256" not in node.text_content()
    explain = page.get_by_test_id("stage-explain")
    expect(explain).to_contain_text("cl100k_base ships ranks, not a list of merges")
    assert "256 + rank" not in explain.text_content()

    goto(page, "lesson=special&lang=zh&encoding=cl100k_base")
    expect(page.get_by_test_id("special-allowed")).to_contain_text(f"允许，编成 id {eot}", timeout=LOAD_MS)
    lead = page.locator(".lesson .lead")
    expect(lead).to_contain_text(f"<|endoftext|>（id {eot}）")
    assert "50256" not in lead.text_content()
    # Back on r50k the sentences are GPT-2's again, with its numbers from the engine.
    page.get_by_test_id("encoding-select").select_option("r50k_base")
    expect(lead).to_contain_text(f"GPT-2 只有一个特殊 token：<|endoftext|>，id 是 {r50k_oracle.eot_token}，")
