"""The encode lesson in Chromium, driven the way a student or teacher does: click, type, press keys.

Every test looks at what the page shows (text, data attributes the canvas keeps in sync with its
drawing, the aria-live region) and checks it against tiktoken's r50k_base, built offline. The tests
share one booted page (conftest's `booted`); the ones about loading the page open their own.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import settled_after, shared_page_fixtures, wait_settled
from playwright.sync_api import expect

from toklab.protocol import ITEM_LIMIT

_shared = shared_page_fixtures()  # its `page` is replaced below
open_app, console_errors = _shared[0], _shared[2]


@pytest.fixture
def page(shared_app):
    """The lesson on its defaults once its first piece's trace is drawn: the stepping keys act on the
    trace, so a reader waits for the canvas before pressing them (a key pressed sooner is not counted)."""
    page = shared_app()
    wait_settled(page)
    expect(page.locator(CANVAS)).to_have_attribute("data-total", re.compile(r"^[1-9]"))
    return page


TOKENIZATION_MERGES = ["on", "at", "en", "ion", "ation", "ok", "iz", "ization", "oken", "token"]
TOKENIZATION_RANKS = [5, 9, 12, 39, 85, 226, 272, 1378, 3977, 29745]

# data-testid suffix -> text the preset puts in the box (each teaches one point).
PRESETS = {
    "tokenization": "tokenization",
    "fizzlepuff": "fizzlepuff",
    "unicorn": "🦄",
    "space": "the the",
    "case": "Hello\nhello",
    "boundary": "fix the AI",
    "middle": "understand",
    "byte": "a",
    "chinese": "今天天气真好",
}

VISIBLE = {" ": "␣", "\n": "↵", "\t": "⇥"}  # how glyphs.mjs visibleChar shows whitespace
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}

CANVAS = '[data-testid="merge-canvas"]'


def bytes_to_unicode() -> dict[int, str]:
    """GPT-2's printable form of each byte (the published table, written out here as an oracle)."""
    keep = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    chars = keep[:]
    n = 0
    for b in range(256):
        if b not in keep:
            keep.append(b)
            chars.append(256 + n)
            n += 1
    return dict(zip(keep, map(chr, chars)))


PRINTABLE = bytes_to_unicode()


def printable(token_bytes: bytes) -> str:
    return "".join(PRINTABLE[b] for b in token_bytes)


def ids_text(ids: list[int]) -> str:
    """The ids line as the page writes it: the overview's first ITEM_LIMIT ids, "…" when there are more."""
    return ", ".join(str(i) for i in ids[:ITEM_LIMIT]) + (", …" if len(ids) > ITEM_LIMIT else "")


def canvas_state(page) -> dict:
    """What the merge canvas shows, from the data attributes it writes when it draws."""
    return page.eval_on_selector(
        CANVAS,
        """c => ({step: Number(c.dataset.step), total: Number(c.dataset.total),
                  symbols: JSON.parse(c.dataset.symbols), ranks: JSON.parse(c.dataset.ranks),
                  chosen: c.dataset.chosen, final: c.dataset.final === 'true'})""",
    )


def wait_step(page, step: int) -> None:
    """The step a key or button asked for, drawn (its tween ended)."""
    wait_settled(page)
    expect(page.locator(CANVAS)).to_have_attribute("data-step", str(step))


def focus_page(page) -> None:
    """Put focus on the page body (not a text field), as after clicking on empty space."""
    page.locator("h1").click()


def wait_canvas_for_selected_piece(page) -> None:
    """Wait until the canvas draws the piece selected in the strip (its trace has arrived)."""
    wait_settled(page)
    selected = page.locator('[data-testid="piece"][aria-pressed="true"]')
    expect(selected).to_have_count(1)
    expect(page.locator(CANVAS)).to_have_attribute("data-piece", selected.get_attribute("data-index"))
    expect(page.locator(CANVAS)).to_have_attribute("data-text", selected.get_attribute("data-text"))
    expect(page.locator(CANVAS)).to_be_visible()


def choose_preset(page, preset: str, r50k_oracle) -> list[int]:
    page.get_by_test_id(f"preset-{preset}").click()
    ids = r50k_oracle.encode_ordinary(PRESETS[preset])
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(ids))
    wait_canvas_for_selected_piece(page)
    return ids


def go_to_last_step(page) -> None:
    focus_page(page)
    page.keyboard.press("End")
    wait_settled(page)
    expect(page.locator(CANVAS)).to_have_attribute("data-final", "true")


# ---------------------------------------------------------------- presets


@pytest.mark.parametrize("preset", list(PRESETS))
def test_each_preset_shows_tiktokens_pieces_tokens_and_ids(page, r50k_oracle, gpt2_regex, preset):
    text = PRESETS[preset]
    ids = choose_preset(page, preset, r50k_oracle)
    expect(page.get_by_test_id("text-input")).to_have_value(text)
    # The pieces strip: GPT-2's pre-tokenizer, whitespace shown as the spans show it (␣, ↵: issue 37).
    pieces = gpt2_regex.findall(text)
    strip = page.get_by_test_id("pieces").get_by_test_id("piece")
    expect(strip).to_have_count(len(pieces))
    shown_pieces = strip.evaluate_all("els => els.map(e => e.dataset.text)")
    assert shown_pieces == pieces
    labels = strip.locator(".piece-text").all_text_contents()
    assert labels == ["".join(VISIBLE.get(ch, ch) for ch in p) for p in pieces]
    # The final tokens (printable form) and their ids.
    chips = page.get_by_test_id("final-token")
    shown = chips.evaluate_all("els => els.map(e => [e.dataset.token, Number(e.dataset.id)])")
    assert shown == [[printable(r50k_oracle.decode_single_token_bytes(i)), i] for i in ids]
    # The selected piece's canvas ends on that piece's tokens.
    go_to_last_step(page)
    state = canvas_state(page)
    assert state["final"]
    piece_index = int(page.locator('[data-testid="piece"][aria-pressed="true"]').get_attribute("data-index"))
    piece_ids = r50k_oracle.encode_ordinary(pieces[piece_index])
    assert state["symbols"] == [printable(r50k_oracle.decode_single_token_bytes(i)) for i in piece_ids]
    assert page.locator(CANVAS).get_attribute("data-ids") == json.dumps(piece_ids, separators=(",", ":"))


def test_preset_points_are_what_the_lesson_says(page, r50k_oracle):
    choose_preset(page, "fizzlepuff", r50k_oracle)
    go_to_last_step(page)
    assert canvas_state(page)["symbols"] == ["f", "izzle", "puff"]
    choose_preset(page, "space", r50k_oracle)
    assert page.locator('[data-testid="piece"][aria-pressed="true"] .piece-text').text_content() == "␣the"
    # The middle preset: its first merge is neither at the left end nor at the right end.
    choose_preset(page, "middle", r50k_oracle)
    state = canvas_state(page)
    assert 0 < int(state["chosen"]) < len(state["symbols"]) - 2
    # A single byte: nothing to merge, the lesson says so.
    choose_preset(page, "byte", r50k_oracle)
    state = canvas_state(page)
    assert state["total"] == 0 and state["final"]
    expect(page.get_by_test_id("stage-explain")).to_contain_text("nothing to merge")


def test_the_default_example_is_drawn_before_python_is_ready(context, fresh_app):
    # Python's files are held back until the lesson is drawn, so the drawing can only come from
    # precomputed.json: the engine cannot be ready yet, however fast or slow the machine is.
    held = []
    context.route(re.compile(r"/(pyodide|snapshot)/"), lambda route: held.append(route))
    page = fresh_app(wait_ready=False)
    expect(page.get_by_test_id("token-ids")).to_have_text("30001, 1634", timeout=60_000)
    expect(page.locator(CANVAS)).to_have_attribute("data-symbols", json.dumps(list("tokenization"), separators=(",", ":")), timeout=60_000)
    assert page.get_by_test_id("status").get_attribute("data-state") == "loading"
    context.unroute(re.compile(r"/(pyodide|snapshot)/"))
    for route in held:
        route.continue_()
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=120_000)


def test_while_a_linked_table_loads_the_merge_stage_says_so_not_that_python_starts(context, fresh_app):
    # The table's file is held back: Python is ready, the table is not, and the stage says which.
    held = []
    pattern = re.compile(r".*/models/llama3\.hfpack(\?.*)?$")
    context.route(pattern, lambda route: held.append(route))
    page = fresh_app("lesson=encode&lang=en&encoding=llama3&text=hello%20world")
    placeholder = page.get_by_test_id("canvas-placeholder")
    expect(placeholder).to_contain_text("Loading the chosen token table", timeout=60_000)
    assert "Waiting for Python" not in placeholder.inner_text()
    context.unroute(pattern)
    for route in held:
        route.continue_()
    expect(page.locator(".encoding-choice")).to_have_attribute("data-active", "llama3", timeout=180_000)
    expect(placeholder).to_be_hidden(timeout=180_000)


# ---------------------------------------------------------------- stepping


def test_keyboard_steps_through_tokenization(page):
    wait_step(page, 0)
    focus_page(page)
    seen = []
    for k in range(1, 11):
        page.keyboard.press("ArrowRight")
        wait_step(page, k)
        entry = page.locator('[data-testid="log-entry"][aria-current="step"]')
        seen.append((entry.get_attribute("data-merged"), int(entry.get_attribute("data-rank"))))
    assert [m for m, _ in seen] == TOKENIZATION_MERGES
    assert [r for _, r in seen] == TOKENIZATION_RANKS
    entries = page.locator('[data-testid="log-entry"][data-merged]')
    assert entries.evaluate_all("els => els.map(e => e.dataset.merged)") == TOKENIZATION_MERGES
    assert entries.evaluate_all("els => els.map(e => Number(e.dataset.rank))") == TOKENIZATION_RANKS
    state = canvas_state(page)
    assert state["symbols"] == ["token", "ization"] and state["final"]
    # One more step does nothing at the end.
    page.keyboard.press("ArrowRight")
    wait_step(page, 10)


def test_stepping_back_gives_exactly_the_same_frames(page):
    focus_page(page)
    forward = [canvas_state(page)]
    for k in range(1, 11):
        page.keyboard.press("ArrowRight")
        wait_step(page, k)
        forward.append(canvas_state(page))
    for state in forward:
        assert "".join(state["symbols"]) == "tokenization"
    backward = [canvas_state(page)]
    for k in range(9, -1, -1):
        page.keyboard.press("ArrowLeft")
        wait_step(page, k)
        backward.append(canvas_state(page))
    assert backward[::-1] == forward
    page.keyboard.press("End")
    wait_step(page, 10)
    page.keyboard.press("Home")
    wait_step(page, 0)
    assert canvas_state(page) == forward[0]
    assert forward[0]["ranks"][10] == 5 and forward[0]["chosen"] == "10"


def test_clicking_a_log_entry_jumps_to_that_step(page):
    page.locator('[data-testid="log-entry"][data-step="5"]').click()
    wait_step(page, 5)
    assert canvas_state(page)["symbols"] == ["t", "o", "k", "en", "i", "z", "ation"]
    expect(page).to_have_url(re.compile(r"step=5"))


def test_keys_do_not_fire_while_typing(page):
    box = page.get_by_test_id("text-input")
    box.click()
    box.press("End")
    for key in ("ArrowRight", "ArrowLeft", "Home", "End", "Space", "?", "]"):
        box.press(key)
    expect(page.get_by_test_id("help")).not_to_be_visible()
    wait_step(page, 0)


def test_pieces_change_with_up_down_and_brackets(page, r50k_oracle):
    choose_preset(page, "boundary", r50k_oracle)
    selected = '[data-testid="piece"][aria-pressed="true"]'
    expect(page.locator(selected)).to_have_attribute("data-index", "1")
    focus_page(page)
    page.keyboard.press("ArrowDown")
    expect(page.locator(selected)).to_have_attribute("data-index", "2")
    page.keyboard.press("[")
    page.keyboard.press("[")
    expect(page.locator(selected)).to_have_attribute("data-index", "0")
    expect(page.locator(CANVAS)).to_have_attribute("data-piece", "0")  # its trace may still be on its way
    assert canvas_state(page)["symbols"] == ["f", "i", "x"]


def test_play_runs_to_the_end_and_pause_stops(page):
    page.get_by_test_id("speed").select_option("4")
    focus_page(page)
    page.keyboard.press(" ")
    expect(page.get_by_test_id("play")).to_have_attribute("aria-pressed", "true")
    wait_step(page, 10)
    expect(page.get_by_test_id("play")).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("Home")
    wait_step(page, 0)
    # Pause the moment the player takes its first step (the page's own observer clicks Pause before
    # the player's next timer can run): no race between a step every 160 ms and a test polling for it.
    page.evaluate(PAUSE_AT_FIRST_STEP)
    page.get_by_test_id("play").click()
    page.wait_for_function("() => window.__pausedAt !== undefined")
    expect(page.get_by_test_id("play")).to_have_attribute("aria-pressed", "false")
    stopped = canvas_state(page)["step"]
    assert stopped == page.evaluate("window.__pausedAt") and 0 < stopped < 10
    # Paused: no step for three of the player's holds at this speed (TIMING.holdMs / 4), by the page's clock.
    page.evaluate(WATCH_STEPS)
    until = page.evaluate("async () => performance.now() + 3 * (await import('./theme.mjs')).TIMING.holdMs / 4")
    page.wait_for_function("(until) => performance.now() > until", arg=until, polling=100)
    assert page.evaluate("() => { window.__stepObs.disconnect(); return window.__steps; }") == []
    assert canvas_state(page)["step"] == stopped < 10


PAUSE_AT_FIRST_STEP = """() => {
    delete window.__pausedAt;
    const c = document.querySelector('[data-testid="merge-canvas"]');
    const obs = new MutationObserver(() => {
        if (c.dataset.step === "0") return;
        obs.disconnect();
        document.querySelector('[data-testid="play"]').click();
        window.__pausedAt = Number(c.dataset.step);
    });
    obs.observe(c, { attributes: true, attributeFilter: ["data-step"] });
}"""

WATCH_STEPS = """() => {
    window.__steps = [];
    const c = document.querySelector('[data-testid="merge-canvas"]');
    window.__stepObs = new MutationObserver(() => window.__steps.push(c.dataset.step));
    window.__stepObs.observe(c, { attributes: true, attributeFilter: ["data-step"] });
}"""


def test_help_overlay_lists_the_keys(page):
    focus_page(page)
    page.keyboard.press("?")
    help_box = page.get_by_test_id("help")
    expect(help_box).to_be_visible()
    expect(help_box).to_contain_text("Space")
    expect(help_box).to_contain_text("Home")
    page.keyboard.press("Escape")
    expect(help_box).not_to_be_visible()


# ---------------------------------------------------------------- language, URL, announcements


def test_language_switch_relabels_everything_and_is_kept_in_the_url(page):
    focus_page(page)
    page.keyboard.press("ArrowRight")
    wait_step(page, 1)
    page.get_by_test_id("lang-zh").click()
    expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    expect(page.get_by_test_id("status")).to_have_text(re.compile("Python 已就绪"))
    expect(page.get_by_test_id("step-caption")).to_have_text(re.compile(r"^第 1 步，共 10 步：o \+ n → on，rank 5"))
    expect(page.locator("h1")).to_have_text("GPT-2 如何把文字变成 token id")
    expect(page).to_have_url(re.compile(r"lang=zh"))
    page.get_by_test_id("lang-en").click()
    expect(page.locator("h1")).to_have_text("How GPT-2 turns text into token ids")
    expect(page).to_have_url(re.compile(r"lang=en"))


def test_browser_language_chooses_chinese(browser, app_server):
    context = browser.new_context(locale="zh-CN")
    try:
        page = context.new_page()
        page.goto(app_server.url)
        expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
        expect(page.get_by_test_id("token-ids")).to_have_text("30001, 1634")
    finally:
        context.close()


def test_a_shared_link_reproduces_the_view(page, fresh_app, r50k_oracle):
    choose_preset(page, "boundary", r50k_oracle)
    page.get_by_test_id("lang-zh").click()
    page.get_by_test_id("mistake-toggle").click()
    focus_page(page)
    page.keyboard.press("ArrowRight")
    wait_step(page, 1)
    expect(page).to_have_url(re.compile(r"step=1"))
    shown = canvas_state(page)
    link = page.url
    fragment = link.split("#", 1)[1]
    other = fresh_app(fragment)  # another tab
    expect(other.get_by_test_id("text-input")).to_have_value("fix the AI")
    expect(other.locator("html")).to_have_attribute("lang", "zh-CN")
    expect(other.locator('[data-testid="piece"][aria-pressed="true"]')).to_have_attribute("data-index", "1")
    wait_step(other, 1)
    assert canvas_state(other) == shown
    expect(other.get_by_test_id("mistake-panel")).to_be_visible()
    expect(other.get_by_test_id("greedy-canvas")).to_be_visible()


def test_a_malformed_hash_is_ignored_with_a_quiet_note(fresh_app):
    open_app, console_errors = fresh_app, fresh_app.errors  # links opened in new tabs
    page = open_app("step=abc&lang=xx&piece=-1&nonsense=%E0%A4%A")
    expect(page.get_by_test_id("note")).to_be_visible()
    expect(page.get_by_test_id("token-ids")).to_have_text("30001, 1634")
    wait_step(page, 0)
    page2 = open_app("%%%")
    expect(page2.get_by_test_id("note")).to_be_visible()
    expect(page2.get_by_test_id("token-ids")).to_have_text("30001, 1634")
    # A step past the end is clamped to the last step.
    page3 = open_app("lesson=encode&lang=en&text=tokenization&piece=0&step=999")
    wait_step(page3, 10)
    assert [e for e in console_errors if e.startswith("pageerror")] == []


def test_each_step_is_announced(page):
    live = page.get_by_test_id("announce")
    expect(live).to_have_attribute("aria-live", "polite")
    focus_page(page)
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    wait_step(page, 3)
    expect(live).to_have_text(re.compile(r"^Step 3 of 10: e \+ n → en, rank 12"))
    page.keyboard.press("End")
    expect(live).to_have_text(re.compile(r"Step 10 of 10: t \+ oken → token, rank 29745\. .*30001, 1634"))
    page.get_by_test_id("lang-zh").click()
    expect(live).to_have_text(re.compile(r"^第 10 步，共 10 步：t \+ oken → token，rank 29745"))


# ---------------------------------------------------------------- motion, projector, screens


def animating_values(page, action, step: int) -> set[str]:
    """Run `action`, which steps to `step`: every value the canvas's data-animating took until it is there, still."""
    page.evaluate(
        """() => { window.__seen = new Set();
                   const c = document.querySelector('[data-testid="merge-canvas"]');
                   window.__obs = new MutationObserver(() => window.__seen.add(c.dataset.animating));
                   window.__obs.observe(c, {attributes: true, attributeFilter: ['data-animating']}); }"""
    )
    action()
    wait_step(page, step)
    expect(page.locator(CANVAS)).to_have_attribute("data-animating", "false")
    return set(page.evaluate("() => { window.__obs.disconnect(); return [...window.__seen]; }"))


def test_reduced_motion_replaces_the_merge_animation_with_an_instant_change(page):
    focus_page(page)
    assert "true" in animating_values(page, lambda: page.keyboard.press("ArrowRight"), 1)
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_function("() => matchMedia('(prefers-reduced-motion: reduce)').matches")
    seen = animating_values(page, lambda: page.keyboard.press("ArrowRight"), 2)
    assert "true" not in seen


def test_projector_mode_is_a_toggle_kept_in_the_url(page):
    # The canvas is measured once it is drawn: on the shared page, ready can come before its first frame.
    expect(page.locator(CANVAS)).to_be_visible()
    expect(page.locator(CANVAS)).to_have_attribute("data-total", re.compile(r"^[1-9]"))
    before = page.locator(CANVAS).bounding_box()
    page.get_by_test_id("projector-toggle").click()
    expect(page.locator("body")).to_have_class(re.compile("projector"))
    expect(page).to_have_url(re.compile(r"projector=1"))
    expect(page.get_by_test_id("projector-toggle")).to_have_attribute("aria-pressed", "true")
    # The canvas is drawn again at the projector's size.
    page.wait_for_function("(h) => document.querySelector('[data-testid=\"merge-canvas\"]').getBoundingClientRect().height > h",
                           arg=before["height"])


def test_canvas_is_sharp_on_high_dpi_screens(browser, app_server):
    context = browser.new_context(viewport={"width": 800, "height": 900}, device_scale_factor=2)
    try:
        page = context.new_page()
        page.goto(app_server.url)
        expect(page.get_by_test_id("token-ids")).to_have_text("30001, 1634")
        size = page.eval_on_selector(CANVAS, "c => [c.width, c.clientWidth, c.height, c.clientHeight]")
        assert size[0] == 2 * size[1] and size[2] == 2 * size[3]
    finally:
        context.close()


def cell_boxes(page) -> list[list[float]]:
    cells = page.get_by_test_id("merge-canvas-cells").get_by_test_id("cell")
    return cells.evaluate_all("els => els.map(e => [e.offsetLeft, e.offsetTop, e.offsetWidth])")


def test_narrow_screen_keeps_a_piece_on_one_row_that_scrolls(page, r50k_oracle):
    # A phone: 20 bytes do not fit 390 px even at the smallest cell. They stay on one row that scrolls
    # sideways, so no pair's two cells sit on two rows (the rank that read "696 ↩"); the page itself
    # does not scroll sideways, and each step scrolls its pair into view.
    page.set_viewport_size(PHONE)
    page.get_by_test_id("text-input").fill("internationalization")
    ids = r50k_oracle.encode_ordinary("internationalization")
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(ids))
    wait_canvas_for_selected_piece(page)
    expect(page.get_by_test_id("merge-canvas-cells").get_by_test_id("cell")).to_have_count(20)
    expect(page.locator(CANVAS)).to_have_attribute("data-scrolls", "true")
    assert len({top for _, top, _ in cell_boxes(page)}) == 1
    host = page.locator(CANVAS).locator("..")
    assert host.evaluate("h => h.scrollWidth > h.clientWidth")
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    focus_page(page)
    for k in range(1, 7):
        page.keyboard.press("ArrowRight")
        wait_step(page, k)
        expect(page.locator(CANVAS)).to_have_attribute("data-animating", "false")
        # The cells' buttons are laid out again once the step's animation has ended (settled, above).
        assert page.evaluate(
            """() => [...document.querySelectorAll('[data-testid="merge-canvas-cells"] [data-testid="cell"]')]
                .every((e) => e.offsetWidth > 0)""")
        state = canvas_state(page)
        chosen = int(state["chosen"])
        boxes = cell_boxes(page)
        assert len({top for _, top, _ in boxes}) == 1
        left = host.evaluate("h => h.scrollLeft")
        width = host.evaluate("h => h.clientWidth")
        a, b = boxes[chosen], boxes[chosen + 1]
        assert left <= a[0] and b[0] + b[2] <= left + width, (state["step"], a, b, left, width)


def test_a_piece_too_long_to_scroll_wraps_inside_the_canvas(page):
    page.set_viewport_size(PHONE)
    page.get_by_test_id("text-input").fill("a" * 120)
    wait_canvas_for_selected_piece(page)
    expect(page.locator(CANVAS)).to_have_attribute("data-scrolls", "false")
    expect(page.get_by_test_id("merge-canvas-cells").get_by_test_id("cell")).not_to_have_count(0)
    width = page.eval_on_selector(CANVAS, "c => c.clientWidth")
    boxes = cell_boxes(page)
    assert all(0 <= left and left + w <= width for left, _, w in boxes)
    assert len({top for _, top, _ in boxes}) > 1
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


def test_cell_focus_shows_bytes_and_characters(page, r50k_oracle):
    choose_preset(page, "unicorn", r50k_oracle)
    cell = page.get_by_test_id("merge-canvas-cells").get_by_test_id("cell").first
    cell.focus()
    tip = page.get_by_test_id("merge-canvas-tip")
    expect(tip).to_be_visible()
    expect(tip).to_contain_text("Bytes: f0")
    expect(tip).to_contain_text("Part of 🦄")
    assert "f0" in cell.get_attribute("aria-label")


def test_common_mistake_shows_greedy_side_by_side(page):
    page.get_by_test_id("mistake-toggle").click()
    expect(page.get_by_test_id("greedy-pane")).to_be_visible()
    # The two orders part at once: GPT-2 merges o + n (rank 5), leftmost-first merges t + o.
    expect(page.get_by_test_id("parts-flag")).to_have_count(2)
    expect(page.get_by_test_id("parts-flag").first).to_be_visible()
    focus_page(page)
    page.keyboard.press("ArrowRight")
    wait_step(page, 1)
    greedy = json.loads(page.get_by_test_id("greedy-canvas").get_attribute("data-symbols"))
    assert greedy[0] == "to"
    assert canvas_state(page)["symbols"][-1] == "on"
    expect(page.get_by_test_id("mistake-summary")).to_contain_text("step 1")
    expect(page.get_by_test_id("parts-flag").first).to_be_hidden()
    page.keyboard.press("End")
    expect(page.get_by_test_id("mistake-summary")).to_contain_text("30001, 1634")


def test_copy_button_copies_the_ids(page, booted, app_server):
    booted.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app_server.origin)
    page.get_by_test_id("copy-ids").click()
    assert page.evaluate("() => navigator.clipboard.readText()") == "[30001, 1634]"
    expect(page.get_by_test_id("ids-code")).to_have_text("[30001, 1634]")


# ---------------------------------------------------------------- typing and bad input


def test_typing_retraces_and_keeps_the_place(page, r50k_oracle):
    focus_page(page)
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    wait_step(page, 3)
    box = page.get_by_test_id("text-input")
    box.click()
    box.press("End")
    box.press_sequentially(" rocks", delay=30)
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(r50k_oracle.encode_ordinary("tokenization rocks")))
    # The first piece did not change, so the view stays on it.
    expect(page.locator('[data-testid="piece"][aria-pressed="true"]')).to_have_attribute("data-index", "0")
    wait_step(page, 3)
    expect(box).to_have_value("tokenization rocks")


def test_a_new_text_typed_slowly_follows_the_caret_to_its_last_piece(page, r50k_oracle):
    # Each key's overview comes back before the next key: "low" is the first piece for a while, then the
    # caret goes on into " lower". The piece the reader was on ("tokenization") is gone, so the view
    # follows the caret, as it does when a fast typist's texts are answered only at the end.
    box = page.get_by_test_id("text-input")
    box.click()
    page.keyboard.press("ControlOrMeta+a")
    for key in "low lower":
        box.press(key)
        expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(r50k_oracle.encode_ordinary(box.input_value())))
    expect(page.locator('[data-testid="piece"][aria-pressed="true"]')).to_have_attribute("data-index", "1")


# Records, for each edit of the text box, the text the lesson expected at `beforeinput` (when it asks
# the engine early) and the text the browser made.
WATCH_EDITS = """async () => {
  const { textAfter } = await import(new URL("lessons/encode/page.mjs", document.baseURI).href);
  const box = document.querySelector('[data-testid="text-input"]');
  window.__edits = [];
  box.addEventListener("beforeinput", (event) => {
    window.__edits.push({ type: event.inputType, expected: textAfter(box, event), made: null });
  }, { capture: true });
  box.addEventListener("input", () => { window.__edits.at(-1).made = box.value; }, { capture: true });
}"""


def test_keys_are_sent_to_the_engine_before_the_browser_edits_the_box(page, r50k_oracle):
    # A plain key's new text is worked out at beforeinput and asked for at once; it must be exactly
    # the text the browser then makes, and the ids shown are the ones of that text.
    box = page.get_by_test_id("text-input")
    box.click()
    box.press("End")
    page.evaluate(WATCH_EDITS)
    box.press_sequentially(" ab é", delay=20)
    for key in ("Backspace", "Enter", "Delete", "ArrowLeft", "ArrowLeft", "Backspace", "Delete", "Shift+ArrowLeft", "x"):
        box.press(key)
    box.press("Home")
    box.press("Delete")
    final = box.input_value()
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(r50k_oracle.encode_ordinary(final)))
    edits = page.evaluate("() => window.__edits")
    assert [e["type"] for e in edits] == ["insertText"] * 5 + [
        "deleteContentBackward", "insertLineBreak", "deleteContentForward", "deleteContentBackward",
        "deleteContentForward", "insertText", "deleteContentForward",
    ]
    assert [e["expected"] for e in edits] == [e["made"] for e in edits], json.dumps(edits, ensure_ascii=False)
    # Each of these keys is a plain edit, asked for early; only Delete at the end changes nothing.
    assert [i for i, e in enumerate(edits) if e["expected"] is None] == [7]

def test_a_long_paste_shows_its_ids_and_the_piece_at_the_caret(page, r50k_oracle, gpt2_regex):
    # A text this long draws its ids first and its strip a frame later; the strip then scrolls to the
    # piece at the caret (the end of the paste).
    text = "The quick brown fox; 東京タワー 🎉 naïve café, 1,234.56! " * 30
    box = page.get_by_test_id("text-input")
    box.click()
    box.fill(text)
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(r50k_oracle.encode_ordinary(text)))
    pieces = page.get_by_test_id("pieces").get_by_test_id("piece")
    expect(pieces).to_have_count(len(gpt2_regex.findall(text)))
    last = str(len(gpt2_regex.findall(text)) - 1)
    expect(page.locator('[data-testid="piece"][aria-pressed="true"]')).to_have_attribute("data-index", last)
    page.wait_for_function(
        """() => {
            const strip = document.querySelector('[data-testid="pieces"]');
            const item = strip.querySelector('[aria-pressed="true"]').parentElement;
            const top = item.offsetTop - strip.scrollTop;
            return strip.scrollTop > 0 && top >= 0 && top + item.offsetHeight <= strip.clientHeight + 1;
        }"""
    )
    expect(page.locator(CANVAS)).to_have_attribute("data-piece", last)


@pytest.mark.parametrize(
    "text",
    [
        "<|endoftext|> hi",
        "a\u0000b\u0007c\td\n",
        "שלום עולם مرحبا",
        "   lots   of\n\n\nspace   ",
        "x" * 300,
    ],
)
def test_awkward_text_gives_tiktokens_ids(page, r50k_oracle, text):
    page.get_by_test_id("text-input").fill(text)
    expect(page.get_by_test_id("token-ids")).to_have_text(ids_text(r50k_oracle.encode_ordinary(text)))
    expect(page.locator(CANVAS)).to_be_visible()
    expect(page.get_by_test_id("engine-error")).to_be_hidden()


def test_endoftext_is_plain_text_with_a_note(page):
    page.get_by_test_id("text-input").fill("<|endoftext|>")
    expect(page.get_by_test_id("input-notes")).to_contain_text("<|endoftext|>")
    expect(page.get_by_test_id("token-ids")).to_have_text("27, 91, 437, 1659, 5239, 91, 29")


def test_empty_text_says_what_to_do(page):
    page.get_by_test_id("text-input").fill("")
    expect(page.get_by_test_id("canvas-placeholder")).to_contain_text("empty")
    expect(page.get_by_test_id("token-ids")).to_have_text("")
    page.get_by_test_id("text-input").fill("hello")
    expect(page.get_by_test_id("token-ids")).to_have_text("31373")


def test_lone_surrogate_gives_a_view_or_a_clear_message(page):
    page.evaluate(
        """() => { const box = document.querySelector('[data-testid="text-input"]');
                   box.value = 'a\\ud83d b'; box.dispatchEvent(new Event('input', {bubbles: true})); }"""
    )
    expect(page.get_by_test_id("input-notes")).to_contain_text("lone surrogate")
    # Either the engine traces it (ids change) or it says in words why it cannot.
    page.wait_for_function(
        """() => !document.querySelector('[data-testid="engine-error"]').hidden
                 || document.querySelector('[data-testid="token-ids"]').textContent !== '30001, 1634'"""
    )
    error = page.get_by_test_id("engine-error")
    if error.is_visible():
        assert len(error.text_content()) > 20
    assert page.evaluate("() => document.querySelector('[data-testid=\"text-input\"]').value") == "a\ud83d b"


def test_a_100000_character_paste_stays_responsive(page, r50k_oracle):
    text = ("tokenization is fun, 123! " * 4000)[:100_000]
    page.evaluate(
        """(text) => { const box = document.querySelector('[data-testid="text-input"]');
                       box.value = text; box.dispatchEvent(new Event('input', {bubbles: true})); }""",
        text,
    )
    # The main thread keeps answering while the worker traces.
    assert page.evaluate("() => new Promise(r => setTimeout(() => r(1), 0))") == 1
    ids = r50k_oracle.encode_ordinary(text)
    expect(page.get_by_test_id("summary")).to_contain_text(f"{len(ids):,} tokens", timeout=60_000)
    assert page.get_by_test_id("token-ids").text_content() == ids_text(ids)
    expect(page.get_by_test_id("ids-code")).to_have_attribute("data-count", str(len(ids)))  # all counted
    pager = page.locator(".pager")
    expect(pager).to_be_visible()
    focus_page(page)
    # End may come while the first piece's trace is still on its way: it waits for it (ui/stepper.mjs).
    settled_after(page, lambda: page.keyboard.press("End"))
    expect(page.locator(CANVAS)).to_have_attribute("data-final", "true")
    assert canvas_state(page)["symbols"] == ["token", "ization"]
    # Jump to a piece on a later page: it is fetched on demand.
    # On a loaded machine the page may take a while to lay out 2,000 pieces before the button is there.
    page.get_by_role("button", name=re.compile("Later pieces")).click(timeout=120_000)
    expect(page.get_by_test_id("piece").first).to_have_attribute("data-index", "2000", timeout=60_000)
    expect(page.locator(CANVAS)).to_have_attribute("data-symbols", re.compile(".+"))



def test_end_pressed_before_the_texts_steps_arrive_lands_at_their_end(page, r50k_oracle):
    """A step key is a control whose data may not be there yet: pressed while a long new text is on its
    way to the engine, End waits for the first piece's steps and goes to their end. (Before, End went to
    the end of the old text's piece, and the new text's overview then opened its own piece at step 0;
    in a loaded CI run of main 97ec4d8, End pressed while the trace was on its way went to step 0.)"""
    text = ("Internationalization rules, 123! " * 3100)[:100_000]
    page.evaluate(
        """(text) => { const box = document.querySelector('[data-testid="text-input"]');
                       box.value = text; box.dispatchEvent(new Event('input', {bubbles: true})); }""",
        text,
    )
    focus_page(page)
    settled_after(page, lambda: page.keyboard.press("End"), timeout_ms=120_000)
    expect(page.get_by_test_id("summary")).to_contain_text(f"{len(r50k_oracle.encode_ordinary(text)):,} tokens")
    expect(page.locator(CANVAS)).to_have_attribute("data-text", "Internationalization")
    expect(page.locator(CANVAS)).to_have_attribute("data-final", "true")
    pieces = [r50k_oracle.decode([i]) for i in r50k_oracle.encode_ordinary("Internationalization")]
    assert canvas_state(page)["symbols"] == pieces


# ---------------------------------------------------------------- accessibility


@pytest.mark.parametrize("fragment", ["", "lang=zh&mistake=1&step=10", "projector=1&text=%F0%9F%A6%84"])
def test_no_serious_accessibility_violations(open_app, axe_violations, fragment):
    page = open_app(fragment)
    expect(page.locator(CANVAS)).to_be_visible()
    violations = [v for v in axe_violations(page) if v["impact"] in ("serious", "critical")]
    assert violations == [], json.dumps(
        [{"id": v["id"], "nodes": [n["target"] for n in v["nodes"]][:5]} for v in violations], indent=1
    )


def test_all_controls_are_reachable_by_keyboard(page, r50k_oracle):
    choose_preset(page, "boundary", r50k_oracle)
    focus_page(page)
    page.keyboard.press("ArrowRight")
    wait_step(page, 1)
    expect(page.locator(CANVAS)).to_have_attribute("data-animating", "false")
    reached = set()
    page.locator("body").focus()
    # From the lesson's title round the whole page and back to the header's controls: the quick row's 14
    # counts and the twelve lesson tabs made 80 presses too few to come round.
    for _ in range(160):
        page.keyboard.press("Tab")
        testid = page.evaluate("() => document.activeElement && document.activeElement.dataset.testid")
        if testid:
            reached.add(testid)
    wanted = {"text-input", "preset-tokenization", "piece", "first", "back", "play", "forward", "last",
              "scrubber", "prev-piece", "next-piece", "speed", "mistake-toggle", "log-entry", "copy-ids",
              "lang-zh", "lang-en", "projector-toggle", "help-button", "cell"}
    assert wanted <= reached, wanted - reached


# ---------------------------------------------------------------- screenshots


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", ["phone", "projector"])
def test_screenshots_of_every_preset(open_app, screenshot, r50k_oracle, lang, size):
    page = open_app(f"lang={lang}" + ("&projector=1" if size == "projector" else ""))
    page.set_viewport_size(PHONE if size == "phone" else PROJECTOR)
    for preset in PRESETS:
        choose_preset(page, preset, r50k_oracle)
        last = page.get_by_test_id("last")
        if last.is_enabled():
            focus_page(page)
            page.keyboard.press("End")
        wait_settled(page)
        expect(page.locator(CANVAS)).to_have_attribute("data-final", "true")
        expect(page.locator(CANVAS)).to_have_attribute("data-animating", "false")
        page.mouse.move(0, 0)
        screenshot(page, f"{preset}-{lang}-{size}")
