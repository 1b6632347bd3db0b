"""r50k's pieces whose characters all merge alone (`toklab.crossings`, `MergeList.alone_ids`): the regex
against the joinable byte pairs it is built from, for every code point below U+10000 and at every edge
of its classes; the ids against `reference.lowest_rank_merge` and tiktoken. Runs on CPython and inside
Pyodide (tiktoken's test skips there)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toklab.bpe import _CROSSINGS_FROM
from toklab.bytes_unicode import BYTE_TO_UNICODE
from toklab.crossings import Crossings, _lead_range
from toklab.pretokenize import split_pieces
from toklab.r50k import load_r50k
from toklab.reference import lowest_rank_merge

ENC = load_r50k()
MODEL = ENC.model
JOINABLE = MODEL._joinable
SEARCH = Crossings(JOINABLE).search
LEADS = [b for b in range(0xC2, 0xF0)]


def first_byte(char: str) -> int:
    return char.encode("utf-8")[0]


def last_byte(char: str) -> int:
    return char.encode("utf-8")[-1]


def joins(x: str, y: str) -> bool:
    return JOINABLE[last_byte(x) << 8 | first_byte(y)] == 1


def bmp(start: int = 0x80):
    return (chr(o) for o in range(start, 0x10000) if not 0xD800 <= o < 0xE000)


def test_every_character_below_u10000_against_one_of_each_first_byte():
    """x + y is found exactly where (x's last byte, y's first) is joinable, for every non-ASCII x below
    U+10000 and, for y, the first character of each lead byte's range that some pair joins (and of three
    more); the next test holds every range's edges against every last byte."""
    joined = [b for b in LEADS if any(JOINABLE[a << 8 | b] for a in range(0x80, 0xC0))]
    ys = [chr(_lead_range(b)[0]) for b in [*joined, 0xE4, 0xC2, 0xCE]]  # and some first bytes nothing joins
    wrong = [(x, y) for x in bmp() for y in ys if (SEARCH(x + y) is None) == joins(x, y)]
    assert not wrong[:5]
    assert all(SEARCH(x) is None for x in bmp())  # one character: nothing to join


def test_the_edges_of_every_first_byte_range_against_each_last_byte():
    """Each lead byte's range begins and ends where the regex says, for x of every last byte."""
    xs = [chr(0x80 | a) for a in range(64)]  # U+0080-U+00BF: last bytes 0x80-0xBF
    for b in LEADS:
        first, last = _lead_range(b)
        for y in {chr(first), chr(last)} | ({chr(first - 1)} if first > 0x80 else set()):
            if 0xD800 <= ord(y) < 0xE000:
                y = "\ud7ff"  # 0xED's range ends in surrogates, which no text holds: its last character
            for x in xs:
                assert (SEARCH(x + y) is None) != joins(x, y), (hex(ord(x)), hex(ord(y)))


def test_ascii_and_astral_characters_and_a_first_space():
    assert SEARCH("中a") is not None and SEARCH("a中") is not None and SEARCH("中\n") is not None
    assert SEARCH("中🎉") is not None and SEARCH("🎉") is not None and SEARCH("中 中") is not None
    for y in bmp():
        assert (SEARCH(" " + y) is None) != (JOINABLE[0x20 << 8 | first_byte(y)] == 1), hex(ord(y))


def fresh_model_with_search():
    model = load_r50k().model
    model._looped = _CROSSINGS_FROM  # the next non-ASCII piece builds the regex
    model.piece_ids("中")
    assert model._search is not None
    return model


MODEL_SEARCHING = fresh_model_with_search()


class R50kRanks(dict):
    def __contains__(self, pair):
        return MODEL.rank(*pair) is not None

    def __getitem__(self, pair):
        return MODEL.rank(*pair)


def symbols_of(piece: str) -> list[str]:
    return [BYTE_TO_UNICODE[b] for b in piece.encode("utf-8")]


CHARS = st.one_of(st.sampled_from("中国人的了天气真好今日本語ファイルの、。 \n"), st.characters(min_codepoint=0x80, max_codepoint=0x10FFFF, blacklist_categories=("Cs",)))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=CHARS, max_size=30))
def test_pieces_merge_as_the_reference(text):
    for piece in split_pieces(text):
        expected = lowest_rank_merge(symbols_of(piece), R50kRanks())
        assert [MODEL.token(i) for i in MODEL_SEARCHING.piece_ids(piece)] == expected


def test_every_character_alone_is_the_reference():
    """alone_ids of every code point below U+10000 (and a stride of the others) is its bytes merged."""
    ranks = R50kRanks()
    for char in [*bmp(), *map(chr, range(0x10000, 0x110000, 97))]:
        assert [MODEL.token(i) for i in MODEL_SEARCHING.alone_ids(char)] == lowest_rank_merge(symbols_of(char), ranks)


def test_real_cjk_text_like_tiktoken():
    tiktoken = pytest.importorskip("tiktoken")  # noqa: F841
    import oracles

    oracle = oracles.tiktoken_r50k()
    text = "白日依山盡，黃河入海流。欲窮千里目，更上一層樓。\n今天天气真好 ファイルを開く 한국어 Ελληνικά русский 🎉 café\n" * 3
    enc = load_r50k()
    enc.model._looped = _CROSSINGS_FROM
    assert enc.encode_ordinary(text) == oracle.encode_ordinary(text)
    assert enc.model._search is not None
