"""The pure-Python pre-tokenizer gives exactly the pieces of GPT-2's pattern run by `regex`."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toklab.pretokenize import RULES, find_pieces, rule_of, split_pieces

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
