"""A passed bpe() in Chromium, watched beside GPT-2's own merges.

Before bpe() passes there is nothing to watch; once it passes, the lab offers to show its merges on
"tokenization" next to the engine's, step by step. The student's column comes from running their code
(the lab's worker watches its variables), the other from the engine's trace_piece; both are checked
against the lowest-rank loop run here on tiktoken's own GPT-2 table.
"""

from __future__ import annotations

from conftest import shared_page_fixtures
from lab_solutions import solution
from playwright.sync_api import expect
from test_lab import RESULT, open_lab, paste, run_and_wait
from toklab.bytes_unicode import to_printable

ROWS_DRAWN, SYMBOLS_DRAWN = 100, 64  # web/lessons/lab/merges.mjs

open_app, page, console_errors = shared_page_fixtures()  # the tests share one booted page (conftest)

WATCHED = "tokenization"


def oracle_steps(ranks: dict[bytes, int], piece: bytes) -> list[list[str]]:
    """The symbol lists of the lowest-rank loop (tiktoken's _educational.bpe_encode), the start first."""
    parts = [bytes([b]) for b in piece]
    lists = [parts]
    while True:
        ranked = [(ranks[parts[i] + parts[i + 1]], i) for i in range(len(parts) - 1) if parts[i] + parts[i + 1] in ranks]
        if not ranked:
            break
        i = min(ranked)[1]
        parts = parts[:i] + [parts[i] + parts[i + 1]] + parts[i + 2:]
        lists.append(parts)
    return [[to_printable(p) for p in parts] for parts in lists]


def symbols(cell) -> list[str]:
    return cell.locator("code").all_inner_texts()


def test_a_passed_bpe_shows_its_merges_beside_gpt2s(open_app, r50k_oracle, screenshot, axe_violations):
    page = open_lab(open_app, "lesson=lab&ex=bpe")
    animate = page.get_by_test_id("lab-animate")
    expect(animate).to_be_hidden()
    # The starting code fails: still nothing to watch.
    run_and_wait(page, "failed")
    expect(animate).to_be_hidden()

    paste(page, solution("right", "bpe"))
    expect(animate).to_be_hidden()  # a change of code takes nothing back that was never offered
    run_and_wait(page, "passed")
    expect(animate).to_be_visible()
    animate.click()
    view = page.get_by_test_id("lab-animation")
    expect(view).to_have_attribute("data-done", "true", timeout=60_000)

    want = oracle_steps(r50k_oracle._mergeable_ranks, WATCHED.encode("utf-8"))
    rows = page.get_by_test_id("lab-animation-step")
    expect(rows).to_have_count(len(want))
    for k, expected in enumerate(want):
        row = rows.nth(k)
        assert row.get_attribute("data-step") == str(k)
        assert row.get_attribute("data-agree") == "true"
        assert symbols(row.get_by_test_id("lab-step-yours")) == expected
        assert symbols(row.get_by_test_id("lab-step-real")) == expected
    assert len(want) - 1 == 10 and want[-1] == ["token", "ization"]  # the style guide's hand-derived example
    expect(page.get_by_test_id("lab-animation-summary")).to_contain_text(f"All {len(want) - 1} merges agree")
    screenshot(page, "merges")
    serious = [v for v in axe_violations(page) if v["impact"] in ("serious", "critical")]
    assert serious == [], [(v["id"], [n["target"] for n in v["nodes"]]) for v in serious]

    # Editing the code takes the offer back (it was for the code that passed).
    page.get_by_test_id("code-editor").click()
    page.keyboard.press("Control+End")
    page.keyboard.type("\n# changed")
    expect(animate).to_be_hidden()
    expect(view).to_be_hidden()
    assert page.locator(RESULT).get_attribute("data-state") == "passed"


def test_an_answer_that_merges_every_occurrence_at_once_passes_but_parts_ways(open_app, r50k_oracle, screenshot):
    """GPT-2's own encoder.py merges all occurrences of the best pair in one pass: the same ids, but on a
    piece where that pair repeats, fewer steps than the engine's one merge at a time."""
    page = open_lab(open_app, "lesson=lab&ex=bpe&lang=zh")
    paste(page, solution("right", "bpe_all_at_once"))
    run_and_wait(page, "passed")
    box = page.get_by_test_id("lab-animate-text")
    expect(box).to_have_value(WATCHED)
    box.fill("hahahaha")
    box.press("Enter")
    view = page.get_by_test_id("lab-animation")
    expect(view).to_have_attribute("data-done", "true", timeout=60_000)
    want = oracle_steps(r50k_oracle._mergeable_ranks, b"hahahaha")
    rows = page.get_by_test_id("lab-animation-step")
    expect(rows).to_have_count(len(want))
    real = [symbols(rows.nth(k).get_by_test_id("lab-step-real")) for k in range(len(want))]
    yours = [symbols(rows.nth(k).get_by_test_id("lab-step-yours")) for k in range(len(want))]
    assert real == want
    assert rows.nth(0).get_attribute("data-agree") == "true" and rows.nth(1).get_attribute("data-agree") == "false"
    assert len(yours[1]) < len(real[1])  # several occurrences joined in one step
    seen = [y for y in yours if y]
    assert len(seen) < len(want) and seen[-1] == want[-1]  # fewer steps, the same parts at the end
    expect(page.get_by_test_id("lab-animation-summary")).to_contain_text("第 1 步开始不一样了，但最后得到的部分相同")
    screenshot(page, "differs-zh")


def test_watched_steps_the_page_cannot_draw_are_refused_with_a_message(open_app):
    """The lab worker's answer comes from beside student code, which may shape it (a patched json.dumps):
    one too long to read is refused by the worker, one that is not the piece's symbols by the page, and
    neither is drawn."""
    page = open_lab(open_app, "lesson=lab&ex=bpe")
    view = page.get_by_test_id("lab-animation")
    for name, says in (("bpe_steps_huge", "too long to read"), ("bpe_steps_odd", "not the piece's symbols")):
        paste(page, solution("wrong", name))
        run_and_wait(page, "passed")
        page.get_by_test_id("lab-animate").click()
        expect(view).to_have_attribute("data-state", "error", timeout=60_000)
        expect(page.get_by_test_id("lab-animation-summary")).to_contain_text(says)
        expect(page.get_by_test_id("lab-animation-step")).to_have_count(0)


def test_a_long_piece_draws_a_bounded_number_of_steps(open_app, r50k_oracle):
    """A piece of a few hundred bytes has hundreds of steps: the first ROWS_DRAWN are drawn, each with at
    most SYMBOLS_DRAWN symbols, and the summary says so. (The steps are the answer's own loop, run without
    the watcher's tracing, which takes longer than the lab's time limit on such a piece.)"""
    page = open_lab(open_app, "lesson=lab&ex=bpe")
    page.emulate_media(reduced_motion="reduce")  # every row at once
    paste(page, solution("wrong", "bpe_steps_long"))
    run_and_wait(page, "passed")
    piece = "a" * 200  # the box's longest
    want = oracle_steps(r50k_oracle._mergeable_ranks, piece.encode())
    assert len(want) > ROWS_DRAWN
    box = page.get_by_test_id("lab-animate-text")
    box.fill(piece)
    box.press("Enter")
    view = page.get_by_test_id("lab-animation")
    expect(view).to_have_attribute("data-done", "true", timeout=60_000)
    rows = page.get_by_test_id("lab-animation-step")
    expect(rows).to_have_count(ROWS_DRAWN)
    assert symbols(rows.nth(0).get_by_test_id("lab-step-yours")) == want[0][:SYMBOLS_DRAWN]
    assert f"{len(want[0]) - SYMBOLS_DRAWN} more" in rows.nth(0).get_by_test_id("lab-step-yours").inner_text()
    expect(page.get_by_test_id("lab-animation-summary")).to_contain_text(
        f"Only the first {ROWS_DRAWN} of {len(want)} steps are drawn")
