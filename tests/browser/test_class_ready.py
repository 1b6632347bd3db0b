"""Issue 37, ready for a real class: what a teacher meets on the projector, on a phone and in the first
minute. Each test drives the page at the size the slip was seen at and waits on the page's own signs
(data-state, aria-busy, a value shown)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from conftest import NEXT_FRAME, BootedPage, new_app_context, settled_after, shared_page_fixtures, wait_settled, wait_until_ready

open_app, page, console_errors = shared_page_fixtures()
PRINT_STUB = "window.print = () => { window.__printed = (window.__printed || 0) + 1; };"


@pytest.fixture(scope="module")
def booted(browser, app_server):
    """The module's shared page, its print() a stub (the worksheet is read as the page builds it)."""
    shared = BootedPage(browser, app_server, init_scripts=[PRINT_STUB])
    yield shared
    shared.close()

PROJECTOR = {"width": 1920, "height": 1080}

# Per row: the empty height under its lowest child, and its chips box (shown height, content height).
ROW_FIT = """(selector) => [...document.querySelectorAll(selector)].filter((row) => row.querySelector('.lk-chips')).map((row) => {
    const box = row.getBoundingClientRect();
    const style = getComputedStyle(row);
    const lowest = Math.max(...[...row.children].map((c) => c.getBoundingClientRect().bottom));
    const chips = row.querySelector('.lk-chips');
    return {band: box.bottom - parseFloat(style.paddingBottom) - parseFloat(style.borderBottomWidth) - lowest,
            shown: chips.clientHeight, content: chips.scrollHeight};
})"""


def fits_projector(page, selector):
    rows = page.evaluate(ROW_FIT, selector)
    assert rows, "no rows with chips"
    height = page.viewport_size["height"]
    for row in rows:
        assert row["band"] < 8, f"an empty band of {row['band']:.0f} px under a row's chips: {rows}"
        assert row["shown"] >= min(row["content"], height // 2), f"a row's chips clipped at {row['shown']} px: {rows}"


def test_projector_models_rows_show_their_chips_without_an_empty_band(shared_app):
    page = shared_app("lesson=models&projector=1")
    page.set_viewport_size(PROJECTOR)
    expect(page.get_by_test_id("model-rows")).to_have_attribute("aria-busy", "false", timeout=180_000)
    fits_projector(page, '[data-testid="model-row"]')


def test_projector_compare_rows_have_no_empty_band(shared_app):
    page = shared_app("lesson=compare&projector=1")
    page.set_viewport_size(PROJECTOR)
    expect(page.get_by_test_id("compare-row").first).to_be_visible(timeout=60_000)
    expect(page.get_by_test_id("compare-count").first).not_to_have_text("")
    fits_projector(page, '[data-testid="compare-row"]')


# Each lesson tab's box against the window and the tab row's visible box; the Start-here badge's against its tab's.
TABS_IN_VIEW = """() => {
    const list = document.querySelector('[data-testid="lesson-nav"] ul');
    const row = list.getBoundingClientRect();
    const out = [];
    for (const tab of list.querySelectorAll('.lesson-tab')) {
        const r = tab.getBoundingClientRect();
        const inside = r.left >= Math.max(0, row.left) - 1 && r.right <= Math.min(innerWidth, row.right) + 1;
        out.push({tab: tab.dataset.testid, inside});
    }
    const badge = document.querySelector('[data-testid="start-here"]');
    if (badge) {
        const b = badge.getBoundingClientRect();
        const tab = badge.closest('.lesson-tab').getBoundingClientRect();
        out.push({tab: 'start-here', inside: b.left >= tab.left && b.right <= tab.right && b.top >= tab.top && b.bottom <= tab.bottom});
    }
    return out;
}"""


@pytest.mark.parametrize("width,height,projector", [(1280, 800, False), (1920, 1080, True), (1280, 800, True)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_lesson_tab_is_in_view_at_a_glance(shared_app, width, height, projector, lang):
    page = shared_app(f"lesson=encode&lang={lang}" + ("&projector=1" if projector else ""))
    page.set_viewport_size({"width": width, "height": height})
    expect(page.get_by_test_id("lesson-tab-glossary")).to_be_attached()
    hidden = [t["tab"] for t in page.evaluate(TABS_IN_VIEW) if not t["inside"]]
    assert not hidden, f"out of view at {width}x{height}: {hidden}"


def test_start_here_stays_on_its_tab(fresh_app):
    """A first visit: the badge sits inside the first lesson's tab, and every tab is in view with it."""
    page = fresh_app("lesson=encode&lang=zh", wait_ready=False)
    expect(page.get_by_test_id("start-here")).to_be_visible()
    hidden = [t["tab"] for t in page.evaluate(TABS_IN_VIEW) if not t["inside"]]
    assert not hidden, f"out of view at 1280x800: {hidden}"


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("preset", ["tokenization", "fizzlepuff", "unicorn"])
def test_the_example_box_says_what_the_example_shows(shared_app, lang, preset):
    """Every example's box shows its point, not a heading and a Why? button over nothing."""
    page = shared_app(f"lesson=encode&lang={lang}")
    page.get_by_test_id(f"preset-{preset}").click()
    box = page.get_by_test_id("preset-point-box")
    expect(box).to_be_visible()
    point = page.get_by_test_id("preset-point")
    expect(point).to_be_visible()
    expect(point).not_to_have_text("")


def test_train_uses_the_merges_of_the_step_shown(shared_app):
    """Step 0 has learned nothing: the example is cut into its symbols, no merge used; at step 3 three merges."""
    page = shared_app("lesson=train&lang=en&step=0")
    summary = page.get_by_test_id("try-summary")
    expect(summary).to_have_attribute("data-merges", "0", timeout=60_000)
    words = page.get_by_test_id("try-word")
    expect(words.first).to_contain_text("no merge applies")
    assert all("no merge applies" in w for w in words.all_inner_texts())
    page = shared_app("lesson=train&lang=en&step=3")
    expect(summary).to_have_attribute("data-merges", "3", timeout=60_000)
    expect(summary).to_contain_text("3 merges")
    assert any("merges used" in w for w in words.all_inner_texts())


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_train_like_minimind_asks_its_own_questions(shared_app, lang):
    page = shared_app(f"lesson=train&lang={lang}&how=minimind")
    expect(page.get_by_test_id("train-how")).to_be_visible()
    shown = page.locator('[data-testid="check-question"]:visible')
    expect(shown).to_have_count(2)
    assert [q.get_attribute("data-question") for q in shown.all()] == ["mmBytes", "mmTable"]
    assert "我爱中国" not in page.get_by_test_id("check-section").inner_text()


# 今天 in r50k: E4 BB 8A E5 A4 A9; three merges make E5 A4, E4 BB, then 天 (hand-derived from the table's
# ranks; the ids are the oracle's, test_result_first).
TODAY = "lesson=encode&text=%E4%BB%8A%E5%A4%A9"
TODAY_MERGES = ["E5 + A4 → E5 A4", "E4 + BB → E4 BB", "E5 A4 + A9 → 天"]
TODAY_FORMS = ["å + ¤ → å¤", "ä + » → ä»", "å¤ + © → å¤©"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_captions_and_the_merge_log_name_symbols_as_the_canvas_does(shared_app, r50k_oracle, lang):
    page = shared_app(f"{TODAY}&step=3&lang={lang}")
    assert r50k_oracle.encode_ordinary("今天") == [20015, 232, 25465]
    expect(page.get_by_test_id("token-ids")).to_have_text("20015, 232, 25465", timeout=60_000)
    entries = page.locator('[data-testid="log-entry"][data-step]:not([data-step="0"])')
    expect(entries).to_have_count(3)
    merges = entries.evaluate_all("els => els.map(e => [...e.querySelectorAll('.log-merge > .sym, .log-merge > .op')].map(s => s.textContent).join(' '))")
    assert merges == TODAY_MERGES
    assert entries.evaluate_all("els => els.map(e => e.querySelector('[data-testid=log-form]').textContent)") == TODAY_FORMS
    caption = page.get_by_test_id("step-caption")
    expect(caption).to_contain_text("E5 A4 + A9 → 天")
    expect(caption).to_contain_text("E4 BB, 8A, 天")
    # GPT-2's stand-ins come second, in brackets, never as the symbol's name.
    text = caption.inner_text()
    assert text.index("天") < text.index("å¤©")


def test_the_encode_worksheet_names_symbols_as_the_canvas_does(shared_app):
    page = shared_app(f"{TODAY}&lang=en")
    expect(page.get_by_test_id("token-ids")).to_have_text("20015, 232, 25465", timeout=60_000)
    page.get_by_test_id("print-worksheet").click()
    sheet = page.get_by_test_id("worksheet")
    expect(sheet).to_have_attribute("data-state", "ready", timeout=60_000)
    key = page.get_by_test_id("worksheet-key")
    pairs = key.locator("table.ws-table tbody tr").evaluate_all("rows => rows.map(r => r.cells[1].textContent)")
    assert [p.split("   ")[0] for p in pairs] == [m.split(" → ")[0] for m in TODAY_MERGES]
    expect(key).to_contain_text("E4 BB · 8A · 天")


def test_a_character_split_across_tokens_is_written_once_over_them(shared_app, r50k_oracle):
    """世界 in r50k is E4 B8 | 96 | E7 95 | 8C: each character once, over the two tokens that share it."""
    text = "你好世界 hi"
    ids = r50k_oracle.encode_ordinary(text)
    page = shared_app("lesson=encode&lang=zh&text=%E4%BD%A0%E5%A5%BD%E4%B8%96%E7%95%8C+hi")
    expect(page.get_by_test_id("token-ids")).to_have_text(", ".join(map(str, ids)), timeout=60_000)
    groups = page.get_by_test_id("span-group")
    expect(groups).to_have_count(4)
    seen = groups.evaluate_all("gs => gs.map(g => [g.querySelector('[data-testid=span-char]').textContent,"
                               " [...g.querySelectorAll('[data-testid=token-span]')].map(b => b.dataset.bytes).join(' ')])")
    assert seen == [[ch, ch.encode().hex(" ").upper()] for ch in "你好世界"]
    # The tokens keep their order, one per id, and " hi" stays a token of its own.
    spans = page.get_by_test_id("token-span")
    assert [int(i) for i in spans.evaluate_all("els => els.map(e => e.dataset.id)")] == ids


PHONE = {"width": 390, "height": 844}
TEACHER_TOOLS = ("projector-toggle", "teach-button", "help-button", "export-png", "print-worksheet")


def test_a_phone_folds_the_teachers_tools_under_one_button(shared_app):
    page = shared_app("lesson=encode&lang=zh")
    page.set_viewport_size(PHONE)
    toggle = page.get_by_test_id("tools-toggle")
    expect(toggle).to_be_visible()
    expect(toggle).to_have_text("教师工具")
    for testid in TEACHER_TOOLS:
        expect(page.get_by_test_id(testid)).to_be_hidden()
    # The header is one row of language and status under the tabs, not two rows of tools.
    header = page.locator(".topbar").bounding_box()
    assert header["height"] < 200, header
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    for testid in TEACHER_TOOLS:
        expect(page.get_by_test_id(testid)).to_be_visible()
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(toggle).to_be_hidden()
    for testid in TEACHER_TOOLS:
        expect(page.get_by_test_id(testid)).to_be_visible()


def test_a_phone_keeps_the_step_caption_near_the_canvas_before_the_ids(shared_app):
    """今天天气真好: nine distinct ids, nine empty id rows on a phone pushed the caption below the fold."""
    page = shared_app("lesson=encode&lang=en&text=%E4%BB%8A%E5%A4%A9%E5%A4%A9%E6%B0%94%E7%9C%9F%E5%A5%BD&step=0")
    page.set_viewport_size(PHONE)
    canvas = page.get_by_test_id("merge-canvas")
    expect(canvas).to_have_attribute("data-final", "false", timeout=60_000)
    expect(canvas).to_have_attribute("data-animating", "false")
    page.wait_for_function("() => window.innerWidth === 390")
    # The lesson lays itself out again at the phone's width (a frame after the resize): wait until drawn.
    page.evaluate(NEXT_FRAME)
    wait_settled(page)
    expect(canvas).to_have_attribute("data-animating", "false")
    # With the canvas's top just under the phone's bar (48 px), the caption's first lines are in view.
    reach = page.evaluate("() => document.querySelector('[data-testid=step-caption]').getBoundingClientRect().top"
                          " - document.querySelector('[data-testid=merge-canvas]').getBoundingClientRect().top")
    assert reach + 48 + 50 <= PHONE["height"], reach


def test_a_piece_shows_a_space_as_the_spans_do(shared_app):
    page = shared_app("lesson=encode&lang=en&text=a+b")
    spans = page.get_by_test_id("token-span")
    expect(spans).to_have_count(2, timeout=60_000)
    expect(spans.nth(1)).to_have_text("␣b")
    expect(page.get_by_test_id("piece").nth(1).locator(".piece-text")).to_have_text("␣b")


CJK_SPACE = r"""(lang) => {
    const cjk = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef] [\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/u;
    return Promise.all([import("./i18n.mjs"), import("./lessons/train/minimindStrings.mjs"), import("./lessons/lab/strings.mjs")])
        .then(([i18n]) => {
            const t = (key, vars) => i18n.translate(lang, key, vars);
            return [
                t("mm.fileInfo", {name: "a.txt", size: "1 KB", format: t("mm.format.txt")}),
                t("lab.result.notPlain", {shape: t("lab.shape.counts")}),
            ].filter((s) => cjk.test(s) || /[\u4e00-\u9fff]\{/u.test(s));
        });
}"""


def test_chinese_has_no_space_between_two_chinese_words(shared_app):
    page = shared_app("lesson=encode&lang=zh")
    assert page.evaluate(CJK_SPACE, "zh") == []


def test_the_labs_syntax_error_marks_its_column_on_a_wrapped_line(shared_app):
    """A phone wraps a long line: the column is marked on the character, not by a caret at column 0."""
    page = shared_app("lesson=lab&lang=en")
    page.set_viewport_size(PHONE)
    page.wait_for_selector('[data-testid="lab-status"][data-state="ready"]', timeout=120_000)
    expect(page.get_by_test_id("run-code")).to_be_enabled(timeout=60_000)
    line = "total = " + " + ".join(str(n) for n in range(1, 31)) + ")"
    page.get_by_test_id("code-editor").click()
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(line)
    page.get_by_test_id("run-code").click()
    expect(page.locator('[data-testid="run-result"]')).to_have_attribute("data-state", "error", timeout=60_000)
    shown = page.get_by_test_id("result-line")
    column = int(shown.get_attribute("data-column"))
    assert line[column - 1] == ")"
    expect(page.get_by_test_id("result-at")).to_have_text(")")
    # The line wraps on the phone, and the mark sits on the last of its rows, where ")" is.
    box, mark = shown.bounding_box(), page.get_by_test_id("result-at").bounding_box()
    assert box["height"] > 3 * mark["height"]
    assert mark["y"] > box["y"] + box["height"] / 2


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_speaker_notes_stay_in_view_as_the_slides_scroll(context, app_server, size):
    page = context.new_page()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(app_server.url + "?presenter=1&deck=encode&slide=1#lesson=encode&lang=en")
    page.wait_for_selector('[data-testid="status"][data-state="ready"]', timeout=120_000)
    notes = page.get_by_test_id("presenter-notes")
    expect(notes).to_be_visible()
    position = page.get_by_test_id("deck-position")
    expect(position).to_contain_text("1 /", timeout=30_000)
    total = int(position.inner_text().split("/")[1])
    for n in range(2, min(total, 5) + 1):
        # The slide drawn and scrolled to its focus (classroom/scrollFocus.mjs) before the page is scrolled here.
        settled_after(page, lambda: page.keyboard.press("PageDown"))
        expect(position).to_contain_text(f"{n} /")
        # Wherever the page is scrolled (the slide's focus, or the teacher further down), the notes are on screen.
        for where in ("document.body.scrollHeight", "0"):
            page.evaluate(f"() => window.scrollTo(0, {where})")
            page.wait_for_function("(y) => Math.abs(window.scrollY - Math.min(y, document.documentElement.scrollHeight - innerHeight)) < 2",
                                   arg=page.evaluate(f"() => {where}"))
            box = notes.bounding_box()
            assert box["y"] >= 0 and box["y"] + min(box["height"], 80) <= size[1], (n, where, box)


def test_three_tables_fill_each_column_as_its_table_arrives_and_say_so_meanwhile(context, fresh_app):
    """o200k's file is held back: r50k's column is filled, o200k's says it is loading, where its tokens will be."""
    held = []
    pattern = re.compile(r".*/o200k_base\.(tiktoken|charmerge\.json)(\?.*)?$")
    context.route(pattern, lambda route: held.append(route))
    page = fresh_app("lesson=tables&lang=en&ttext=hello")
    r50k = page.get_by_test_id("tables-r50k_base")
    o200k = page.get_by_test_id("tables-o200k_base")
    expect(r50k.get_by_test_id("tables-count")).to_have_attribute("data-count", "1", timeout=60_000)
    expect(o200k.get_by_test_id("tables-waiting")).to_contain_text("o200k")
    expect(o200k).to_have_attribute("aria-busy", "true")
    context.unroute(pattern)
    for route in held:
        route.continue_()
    expect(o200k.get_by_test_id("tables-count")).to_have_attribute("data-count", "1", timeout=120_000)
    expect(o200k).to_have_attribute("aria-busy", "false")
    expect(o200k.get_by_test_id("tables-waiting")).to_have_count(0)


def test_a_phone_loads_a_large_model_when_its_row_is_tapped(browser, app_server):
    context = new_app_context(browser, app_server, viewport=dict(PHONE), is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(app_server.url + "#lesson=models&lang=zh&ask=0")  # the rows at once, not after a guess
        wait_until_ready(page)
        rows = page.get_by_test_id("model-rows")
        expect(rows).to_have_attribute("aria-busy", "false", timeout=120_000)
        gemma = page.locator('[data-testid="model-row"][data-model="gemma3"]')
        expect(page.locator('[data-testid="model-row"][data-model="r50k_base"]').get_by_test_id("model-tokens")).to_be_visible()
        expect(page.locator('[data-testid="model-row"][data-model="minimind"]').get_by_test_id("model-tokens")).to_be_visible()
        # The large files wait for a tap: nothing of Gemma's was asked for.
        expect(gemma.get_by_test_id("model-load")).to_be_visible()
        assert not [u for u in context.requests_seen if "gemma3" in u]
        gemma.get_by_test_id("model-load").tap()
        expect(gemma.get_by_test_id("model-tokens")).to_be_visible(timeout=180_000)
    finally:
        context.close()


def test_the_stage_shows_the_chosen_tables_steps_or_says_it_loads(context, fresh_app):
    """Qwen3's file held back: the caption no longer reads r50k's steps under Qwen3's name."""
    held = []
    pattern = re.compile(r".*/models/qwen3\.hfpack(\?.*)?$")
    context.route(pattern, lambda route: held.append(route))
    page = fresh_app("lesson=encode&lang=zh&text=tokenization")
    caption = page.get_by_test_id("step-caption")
    expect(caption).to_contain_text("共 10 步", timeout=60_000)
    page.locator(".encoding-select").select_option("qwen3")
    placeholder = page.get_by_test_id("canvas-placeholder")
    expect(placeholder).to_be_visible()
    expect(caption).not_to_contain_text("共 10 步")
    context.unroute(pattern)
    for route in held:
        route.continue_()
    expect(page.locator(".encoding-choice")).to_have_attribute("data-active", "qwen3", timeout=180_000)
    expect(placeholder).to_be_hidden(timeout=60_000)
    expect(caption).to_contain_text("共")


def test_a_link_means_the_same_in_this_tab_as_in_a_new_one(shared_app):
    page = shared_app("lesson=encode&lang=en&encoding=cl100k_base&text=hello")
    expect(page.locator(".encoding-choice")).to_have_attribute("data-active", "cl100k_base", timeout=120_000)
    page.evaluate("() => { location.hash = 'lesson=encode&lang=en&text=tokenization'; }")
    expect(page.get_by_test_id("token-ids")).to_have_text("30001, 1634", timeout=60_000)
    expect(page.locator(".encoding-select")).to_have_value("r50k_base")
