"""The pure-Python pre-tokenizer gives exactly the pieces of GPT-2's pattern run by `regex`."""

import bisect
import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toklab import patterns
from toklab.pretokenize import GPT2, RULES, _gpt2_alternatives, _holding, _one_of, find_pieces, rule_of, split_pieces

TRICKY = [
    "",
    "Hello world",
    "  two  spaces  ",
    "\n\n\nnewlines\n",
    "tab\t\tand\r\nwindows",
    "'s 't 're 've 'm 'll 'd 'S 'T 'RE",
    "don't won't they'll we'd I'm you've",
    "123 4567 8.9 ٣٤٥ ⅔ ²",
    "a+b=c; x->y ... !!! ???",
    "今天天气真好，我们去散步吧。",
    "🦄🦄 🏳️‍🌈 👋🏽",
    "e\u0301 a\u0308 combining marks",
    "\x00\x01\x1c\x1d\x1e\x1f\x7f controls",
    "\u0085next line \ufeffbom \u3000ideographic \u00a0nbsp \u2028\u2029 \u180e",
    "مرحبا بالعالم שלום",
    "   ",
    " a",
    "a ",
]


@pytest.mark.parametrize("text", TRICKY)
def test_pieces_match_regex(gpt2_regex, text):
    assert split_pieces(text) == gpt2_regex.findall(text)


@settings(max_examples=500)
@given(st.text())
def test_pieces_match_regex_on_any_text(gpt2_regex, text):
    assert split_pieces(text) == gpt2_regex.findall(text)


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from(" \t\n\u3000\u0085'sStTdlLmrev1a中!🦄\u0301"), max_size=40))
def test_pieces_match_regex_on_dense_edge_cases(gpt2_regex, text):
    assert split_pieces(text) == gpt2_regex.findall(text)


@settings(max_examples=200)
@given(st.text())
def test_pieces_cover_the_text_and_name_their_rule(text):
    pieces = find_pieces(text)
    assert "".join(p.text for p in pieces) == text
    assert [p.text for p in pieces] == split_pieces(text)
    pos = 0
    for p in pieces:
        assert (p.start, p.end) == (pos, pos + len(p.text))
        assert p.rule in RULES
        pos = p.end


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from(" \t\n\u3000'sStTdlLmrev1a中!🦄\u0301"), max_size=40))
def test_rule_of_a_piece_alone_is_the_rule_that_cut_it(text):
    # The encode lesson labels each piece with rule_of(piece text), away from the text around it.
    for p in find_pieces(text):
        assert rule_of(p.text) == p.rule


def test_rules():
    got = [(p.text, p.rule) for p in find_pieces("I'm 42 hi!?  \n")]
    assert got == [
        ("I", "letters"),
        ("'m", "contraction"),
        (" 42", "digits"),
        (" hi", "letters"),
        ("!?", "punctuation"),
        ("  \n", "whitespace"),
    ]


@pytest.mark.parametrize("unit", ["a", " ", "'", "1", "\n", "中", "🦄", " \n"])
def test_a_megabyte_of_one_class_is_linear(gpt2_regex, unit):
    """A pattern that backtracked would not finish; this one must (tests never time it)."""
    text = unit * (1_000_000 // len(unit.encode()))
    assert split_pieces(text) == gpt2_regex.findall(text)


# --- the fast path of split (pretokenize.AstralFold) against the full pattern ---------------------------

PATTERNS = {"r50k": patterns.R50K_PATTERN, "cl100k": patterns.CL100K_PATTERN, "o200k": patterns.O200K_PATTERN}
SHIPPED = {"gpt2": GPT2, **{name: patterns.pretokenizer(pat) for name, pat in PATTERNS.items()}}
STAND_INS = "".join(chr(cp) for cp in range(0xF8F0, 0xF900)) + "\ue000\ue001"
# Astral characters of every kind the patterns tell apart: letters upper and lower (Deseret, bold
# mathematical), digits, marks, symbols, emoji, unassigned and private-use code points.
ASTRAL = "𐐀𐐨𝐀𝐚𝟎𝟏𐒠𑄧𑄀🦄😀🏽\U000e0001\U0001ffff\U000f0000\U0010fffd𠄌𠮷"
fast_texts = st.text(alphabet=st.sampled_from(list(ASTRAL + STAND_INS + " \n\r\t1aA中'sS,.é\u0301\u3000")), max_size=60)


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_every_shipped_pattern_has_the_fast_path(name):
    assert SHIPPED[name]._fast is not None


@pytest.mark.parametrize("name", sorted(SHIPPED))
@settings(max_examples=300, deadline=None)
@given(st.one_of(fast_texts, st.text()))
def test_fast_split_equals_the_full_pattern(name, text):
    p = SHIPPED[name]
    assert p.split(text) == p._plain.findall(text)
    assert p.split(text + "abc def") == p._plain.findall(text + "abc def")  # a text without astral characters, too



@pytest.mark.parametrize("name", sorted(SHIPPED))
@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 900), fast_texts), min_size=1, max_size=6))
def test_fast_split_finds_astral_pieces_far_into_a_long_text(name, parts):
    # Hundreds of pieces between astral characters: the pieces holding them are found a chunk at a time.
    text = "".join("ok, " * n + t for n, t in parts)
    assert SHIPPED[name].split(text) == SHIPPED[name]._plain.findall(text)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(1, 5), min_size=1, max_size=30), st.integers(20, 60), st.data())
def test_pieces_holding_offsets_are_found_both_ways(unit, repeats, data):
    lengths = unit * repeats  # hundreds of pieces: several chunks
    pieces = ["x" * n for n in lengths]
    length = sum(lengths)
    offsets = sorted(set(data.draw(st.lists(st.integers(0, length - 1), max_size=12))))
    starts = [0, *itertools.accumulate(lengths[:-1])]
    expected = sorted({bisect.bisect_right(starts, at) - 1 for at in offsets})
    for by_chunks in (False, True):
        assert _holding(pieces, offsets, length, by_chunks=by_chunks) == [(k, starts[k]) for k in expected]
        assert _holding(pieces, offsets, length + 1, by_chunks=by_chunks) is None  # a gap somewhere


def _classes_of(name: str) -> list:
    """The distinct character classes of a shipped pattern, as code-point runs."""
    if name == "gpt2":
        spell = _gpt2_alternatives
    else:
        spell = lambda one_of: [patterns.translate(alt, one_of) for alt in patterns.split_alternatives(PATTERNS[name])]  # noqa: E731
    classes: dict = {}
    spell(lambda runs: classes.setdefault(tuple(map(tuple, runs)), runs) and "x")
    return list(classes.values())


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_astral_characters_and_their_stand_ins_are_in_the_same_classes(name):
    """Each class of the fast pattern holds a stand-in exactly where the full class holds the character."""
    p = SHIPPED[name]
    classes = _classes_of(name)
    # Each class's astral edges and their neighbours (where a stand-in could go wrong), and a sample between.
    edges = {cp + d for runs in classes for a, b in runs for cp in (a, b) for d in (-1, 0, 1)}
    picked = sorted(cp for cp in edges | set(range(0x10000, 0x110000, 97)) if 0x10000 <= cp <= 0x10FFFF)
    every = "".join(map(chr, picked)) + STAND_INS
    folded = p._fold.fold(every)
    assert len(folded) == len(every)
    for runs in classes:
        full = re.compile(_one_of(runs))
        fast = re.compile(p._fold.one_of(runs))
        assert [m.start() for m in full.finditer(every)] == [m.start() for m in fast.finditer(folded)]


def test_a_case_insensitive_astral_class_gets_no_fast_path(regex_oracle):
    pattern = r"(?i:\p{Lu})+|\s+|[^\s\p{Lu}]+"
    p = patterns.pretokenizer(pattern)
    assert p._fast is None
    text = "𐐀𐐨 abc ABC 𐐨𐐨x"
    assert p.split(text) == regex_oracle(pattern, text)


@settings(max_examples=200, deadline=None)
@given(fast_texts)
def test_pieces_with_gaps_between_them_are_cut_right(text):
    p = patterns.pretokenizer(r"\p{L}+|\p{N}")  # leaves spaces and symbols out
    assert p._fast is not None
    assert p.split(text) == p._plain.findall(text)
