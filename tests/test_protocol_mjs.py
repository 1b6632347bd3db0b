"""web/protocol.mjs is the protocol's page side, generated from toklab.protocol (tools/protocol_mjs.py):
the committed copy is current, the page keeps no copy of what it declares, and the Node tests of
tests/js/protocol.test.mjs (every error code has its text in both languages) pass."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from toklab import protocol

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.cpython_only


def _render() -> str:
    sys.path.insert(0, str(ROOT))
    try:
        from tools.protocol_mjs import render
    finally:
        sys.path.remove(str(ROOT))
    return render()


def test_the_committed_protocol_mjs_is_current():
    committed = (ROOT / "web" / "protocol.mjs").read_text(encoding="utf-8")
    assert committed == _render(), "web/protocol.mjs is out of date: run `python tools/protocol_mjs.py`"


def test_it_declares_what_the_page_and_the_worker_read():
    text = _render()
    for name in ("MAX_TRACE_BYTES", "ITEM_LIMIT", "PIECE_LIMIT", "MAX_TEXT"):
        assert f"export const {name} = {getattr(protocol, name)};" in text
    for code in [*protocol.ERRORS, *protocol.PAGE_ERRORS, *protocol.STATUS_CODES, *protocol.STAGES]:
        assert f'"{code}"' in text
    assert '"cl100k_base"' in text and '"o200k_base"' in text


def _web_files():
    return [p for p in (ROOT / "web").rglob("*.mjs") if p.name != "protocol.mjs" and "vendor" not in p.parts]


def test_the_page_keeps_no_copy_of_the_protocols_names_and_limits():
    """The table names are listed once (toklab.registry, through protocol.mjs), and no module builds an
    error object by hand: each goes through failures.mjs, whose codes are declared."""
    names = re.compile(r"""\[\s*["']r50k_base["']\s*,\s*["']cl100k_base["']|\[\s*["']cl100k_base["']\s*,\s*["']o200k_base["']""")
    by_hand = re.compile(r"""\bcode:\s*["'][a-z_]+["']\s*,\s*params:""")
    for path in _web_files():
        text = path.read_text(encoding="utf-8")
        code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(("//", "*")))
        assert not names.search(code), f"{path.relative_to(ROOT)} lists the table names"
        assert not by_hand.search(code), f"{path.relative_to(ROOT)} builds an error object by hand"
        for code_name in re.findall(r"""\bfailure\(\s*["']([a-z_]+)["']""", code):
            assert code_name in protocol.PAGE_ERRORS, f"{path.relative_to(ROOT)}: failure({code_name!r})"
        for code_name in re.findall(r"""\bstatusError\(\s*["']([a-z_]+)["']""", code):
            assert code_name in protocol.STATUS_CODES, f"{path.relative_to(ROOT)}: statusError({code_name!r})"
    limits = re.search(r"export const LIMITS = Object.freeze\(\{(.*?)\}\);", (ROOT / "web" / "theme.mjs").read_text(), re.S)
    values = {int(v) for v in re.findall(r":\s*([\d_]+)", limits.group(1).replace("_", ""))}
    assert not values & {protocol.MAX_TRACE_BYTES, protocol.ITEM_LIMIT, protocol.MAX_TEXT}, "theme.mjs copies a protocol limit"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is missing")
def test_the_pages_error_texts_under_node():
    run = subprocess.run(["node", "--test", str(ROOT / "tests" / "js" / "protocol.test.mjs")],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
