"""The teaching tokenizers against the chapter's printed outputs, round trips and properties.

The expected values are copied from the textbook chapter (18.3, "Tokenizer: characters,
BPE and the vocabulary") so the suite runs without the curriculum files.
"""

import doctest
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from toklab import chars, toybpe, words
from toklab.chars import CharacterTokenizer
from toklab.toybpe import (
    BPETokenizer,
    apply_merges,
    build_bpe_vocab,
    get_pair_counts,
    merge_pair,
    merge_positions,
    merge_word,
    train_bpe,
    word_to_symbols,
)
from toklab.words import WordTokenizer

from chapter import PARAGRAPH

TRICKY = ["", " ", "   \t\n  ", "a  b", "😊", "👩‍👩‍👧", "我爱中国人", "中国 人\n很多", "e\u0301", "x\u00a0y"]


@pytest.mark.parametrize("module", [chars, words, toybpe])
def test_docstring_examples_hold(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


# --- 18.3.2 characters ---------------------------------------------------------------

def test_character_tokenizer_chapter_example():
    tok = CharacterTokenizer().train("hello world")
    assert tok.vocab == {"<unk>": 0, " ": 1, "d": 2, "e": 3, "h": 4, "l": 5, "o": 6, "r": 7, "w": 8}
    assert tok.encode("hello") == [4, 3, 5, 5, 6]
    assert tok.decode([4, 3, 5, 5, 6]) == "hello"
    assert tok.vocab_size == 9


def test_unknown_character_and_special_skipping():
    tok = CharacterTokenizer().train("ab")
    assert tok.encode("abc") == [1, 2, 0]
    assert tok.decode([1, 2, 0]) == "ab"
    assert tok.decode([1, 2, 0], skip_special_tokens=False) == "ab<unk>"
    assert tok.token_to_id("zz") == 0
    assert tok.lookup_tokens([2, 1]) == ["b", "a"]
    with pytest.raises(ValueError):
        tok.id_to_token(3)


def test_list_of_lines_trains_like_one_string():
    assert CharacterTokenizer().train(["ab", "c"]).vocab == CharacterTokenizer().train("abc").vocab


@pytest.mark.parametrize("text", TRICKY)
def test_character_round_trip_tricky(text):
    tok = CharacterTokenizer().train(text)
    assert tok.decode(tok.encode(text)) == text
    assert len(tok.encode(text)) == len(text)


@given(st.text(max_size=60))
def test_character_round_trip_property(text):
    tok = CharacterTokenizer().train(text)
    assert tok.decode(tok.encode(text)) == text
    assert tok.vocab_size == len(set(text)) + 1


# --- 18.3.3 words ----------------------------------------------------------------------

def test_word_tokenizer_chapter_example():
    tok = WordTokenizer().train("deep learning is fun deep learning is useful")
    assert tok.vocab == {"<unk>": 0, "deep": 1, "fun": 2, "is": 3, "learning": 4, "useful": 5}
    assert tok.encode("deep learning is fun") == [1, 4, 3, 2]
    assert tok.encode("MiniGPT is fun") == [0, 3, 2]
    assert tok.decode([0, 3, 2]) == "is fun"


def test_word_that_looks_like_the_unknown_token_is_skipped_on_decode():
    tok = WordTokenizer().train("a <unk> b")
    assert tok.encode("a <unk> b") == [1, 0, 2]
    assert tok.decode([1, 0, 2]) == "a b"


@pytest.mark.parametrize("text", TRICKY)
def test_word_round_trip_normalises_whitespace(text):
    tok = WordTokenizer().train(text)
    assert tok.decode(tok.encode(text)) == " ".join(text.split())


@given(st.text(max_size=60))
def test_word_round_trip_property(text):
    assume("<unk>" not in text.split())
    tok = WordTokenizer().train(text)
    assert tok.decode(tok.encode(text)) == " ".join(text.split())
    assert 0 not in tok.encode(text)


# --- 18.3.4 toy BPE helpers ------------------------------------------------------------

def test_pair_counts_chapter_example():
    corpus = {word_to_symbols(w): 1 for w in ["low", "lower", "lowest"]}
    counts = get_pair_counts(corpus)
    assert list(counts.most_common()) == [
        (("l", "o"), 3), (("o", "w"), 3), (("w", "e"), 2), (("w", "</w>"), 1), (("e", "r"), 1),
        (("r", "</w>"), 1), (("e", "s"), 1), (("s", "t"), 1), (("t", "</w>"), 1),
    ]


def test_merge_pair_chapter_example():
    assert merge_pair(word_to_symbols("lower"), ("l", "o")) == ("lo", "w", "e", "r", "</w>")


def test_overlapping_pairs_count_twice_and_merge_left_to_right():
    assert get_pair_counts({("a", "a", "a"): 1})[("a", "a")] == 2
    assert merge_pair(("a", "a", "a"), ("a", "a")) == ("aa", "a")
    assert merge_pair(("a", "a", "a", "a"), ("a", "a")) == ("aa", "aa")


LOW_MERGES = [("l", "o"), ("lo", "w"), ("low", "e"), ("low", "</w>"), ("lowe", "r"),
              ("lower", "</w>"), ("s", "t"), ("st", "</w>")]


def test_train_bpe_chapter_merges():
    corpus = {word_to_symbols(w): n for w, n in Counter("low lower lowest low lower newest".split()).items()}
    assert train_bpe(corpus, num_merges=10) == LOW_MERGES


def test_merge_word_chapter_examples():
    assert merge_word("low", LOW_MERGES) == ("low</w>",)
    assert merge_word("lower", LOW_MERGES) == ("lower</w>",)
    assert merge_word("lowest", LOW_MERGES) == ("lowe", "st</w>")
    assert merge_word("newest", LOW_MERGES) == ("n", "e", "w", "e", "st</w>")
    assert merge_word("newer", LOW_MERGES) == ("n", "e", "w", "e", "r", "</w>")


def test_build_bpe_vocab_chapter_example():
    alphabet = {s for w in ["low", "lower", "lowest", "newest", "newer"] for s in word_to_symbols(w)}
    vocab = build_bpe_vocab(alphabet, LOW_MERGES, ["<pad>", "<bos>", "<eos>", "<unk>"])
    assert vocab == {
        "<pad>": 0, "<bos>": 1, "<eos>": 2, "<unk>": 3, "</w>": 4, "e": 5, "l": 6, "lo": 7, "low": 8,
        "low</w>": 9, "lowe": 10, "lower": 11, "lower</w>": 12, "n": 13, "o": 14, "r": 15, "s": 16,
        "st": 17, "st</w>": 18, "t": 19, "w": 20,
    }


# --- 18.3.4.4 the BPE tokenizer ------------------------------------------------------

def test_bpe_tokenizer_chapter_example():
    tok = BPETokenizer().train("low lower lowest low lower newest deep learning deep learner", vocab_size=20)
    ids = tok.encode("lower newest learner")
    assert ids == [11, 16, 12, 4, 19, 4, 17, 18, 1, 7, 4, 2, 15, 12, 4, 16]
    assert tok.lookup_tokens(ids) == ["lowe", "r</w>", "n", "e", "w", "e", "s", "t", "</w>", "l", "e",
                                      "a", "r", "n", "e", "r</w>"]
    assert tok.decode(ids) == "lower newest learner"
    assert tok.vocab_size == 20
    assert tok.unk_token == "<unk>" and tok.token_to_id("never seen") == 0
    assert tok.merges[0] == ("l", "o")


def test_bpe_tokenizer_rebuilt_from_vocab_and_merges():
    trained = BPETokenizer().train(PARAGRAPH, vocab_size=60)
    rebuilt = BPETokenizer(vocab=trained.vocab, merges=trained.merges)
    assert rebuilt.encode(PARAGRAPH) == trained.encode(PARAGRAPH)


# --- 18.3.6 and 18.3.7 ------------------------------------------------------------------

def test_three_tokenizers_compared_in_chapter():
    text = "Here is a simple example of tokenization."
    c = CharacterTokenizer().train(text)
    w = WordTokenizer().train(text)
    b = BPETokenizer().train(text, vocab_size=20)
    assert (c.vocab_size, w.vocab_size, b.vocab_size) == (19, 8, 20)
    sample = "I don't like tokenization."
    assert (len(c.encode(sample)), len(w.encode(sample)), len(b.encode(sample))) == (26, 4, 26)


def test_paragraph_token_stream():
    tok = BPETokenizer().train(PARAGRAPH, vocab_size=100)
    ids = tok.encode(PARAGRAPH)
    assert ids[:10] == [8, 12, 32, 36, 25, 50, 58, 38, 57, 50]
    assert len(ids) == 255
    assert tok.vocab_size == 100
    assert tok.lookup_tokens([11, 17, 90, 43, 15, 98]) == ["a", "b", "u", "l", "ar", "y</w>"]
    assert tok.lookup_tokens([82, 74, 81, 24, 65, 5]) == ["t</w>", "s", "t", "e", "p", "</w>"]
    assert tok.decode(ids) == PARAGRAPH


# --- round trips and properties ----------------------------------------------------------

@pytest.mark.parametrize("text", TRICKY)
def test_bpe_round_trip_tricky(text):
    tok = BPETokenizer().train(text + " " + text, vocab_size=40, min_frequency=1)
    assert tok.decode(tok.encode(text)) == " ".join(text.split())


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_characters="<"), max_size=80), st.integers(1, 60))
def test_bpe_round_trip_property(text, vocab_size):
    tok = BPETokenizer().train(text, vocab_size=vocab_size, min_frequency=1)
    ids = tok.encode(text)
    assert tok.decode(ids) == " ".join(text.split())
    assert tok.unk_id not in ids


@settings(max_examples=80, deadline=None)
@given(st.lists(st.text(alphabet="abc", min_size=1, max_size=8), max_size=12), st.integers(0, 15),
       st.text(alphabet="abcd", max_size=10))
def test_fast_merge_application_equals_merge_word(words_, num_merges, new_word):
    corpus = {word_to_symbols(w): n for w, n in Counter(words_).items()}
    merges = train_bpe(corpus, num_merges, min_frequency=1)
    positions = merge_positions(merges)
    for word in words_ + [new_word]:
        assert apply_merges(word_to_symbols(word), positions) == merge_word(word, merges)


@given(st.lists(st.text(alphabet="ab", min_size=1, max_size=6), min_size=1, max_size=6),
       st.sampled_from([("a", "a"), ("a", "b"), ("b", "a")]))
def test_merge_pair_keeps_text_and_pair_counts_add_up(words_, pair):
    corpus = {word_to_symbols(w, end=None): n for w, n in Counter(words_).items()}
    assert sum(get_pair_counts(corpus).values()) == sum(n * (len(s) - 1) for s, n in corpus.items())
    for symbols in corpus:
        merged = merge_pair(symbols, pair)
        assert "".join(merged) == "".join(symbols)
        assert len(symbols) - len(merged) == "".join(symbols).count(pair[0] + pair[1])
