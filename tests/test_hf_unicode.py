"""toklab.hf's Unicode tables are `tokenizers`' own: regenerating py_src/toklab/hf/_unicode.py from
`tokenizers` (tools/hf_unicode.py) gives the committed file, and the NFC barriers do what they are for."""

import unicodedata

import pytest

tokenizers = pytest.importorskip("tokenizers")

from toklab.hf import normalizers  # noqa: E402

pytestmark = pytest.mark.cpython_only


def test_regenerating_the_tables_gives_the_committed_file():
    from tools.hf_unicode import TARGET, render

    assert TARGET.read_text(encoding="utf-8") == render(), "run python tools/hf_unicode.py"


@pytest.mark.parametrize("text", ["\U00011935\U00011930", "a\U00011935\U00011930\u0301", "\u1b3a\u1b35", "e\u0301\u0345"])
def test_nfc_follows_tokenizers_where_python_differs(text):
    assert normalizers.NFC().normalize_str(text) == tokenizers.normalizers.NFC().normalize_str(text)
    assert normalizers.NFD().normalize_str(text) == tokenizers.normalizers.NFD().normalize_str(text)


def test_python_alone_would_compose_what_tokenizers_does_not():
    assert unicodedata.normalize("NFC", "\U00011935\U00011930") == "\U00011938"
    assert normalizers.NFC().normalize_str("\U00011935\U00011930") == "\U00011935\U00011930"
