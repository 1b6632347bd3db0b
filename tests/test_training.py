"""BPE training traces: the lessons' hand-derived tables, the rules, fast == readable, bytes.

The Chinese corpus and its tables are copied from the BPE lesson ("Token 的三世之旅", 2.2-2.7);
the English corpus from the textbook chapter (18.3.4). Both are literals here so the suite
runs without the curriculum files.
"""

import doctest
import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toklab import bytetrain, fasttrain, training
from toklab.bytes_unicode import UNICODE_TO_BYTE
from toklab.bytetrain import byte_rows, ranks_from_merges, train_bytes, trained_encoding
from toklab.fasttrain import PairIndex
from toklab.toybpe import BPETokenizer, apply_merges, get_pair_counts, merge_positions, train_bpe, word_to_symbols
from toklab.training import TIED_SHOWN, corpus_rows, symbol_counts, train_bpe_tokenizer, train_toy, train_trace

LESSON = "我 爱 中 国 人\n中 国 人 很 多\n我 爱 中 国\n北 京 是 中 国 首 都"


def table(step_or_stop):
    return [(tuple(row["pair"]), row["count"]) for row in step_or_stop["pairs"]]


def rows(step_or_stop):
    return [" ".join(row["symbols"]) for row in step_or_stop["corpus"]]


def plain_json(value):
    """True when value is made only of dict (str keys), list, str, int, float, bool, None."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain_json(v) for k, v in value.items())
    if isinstance(value, list):
        return all(plain_json(v) for v in value)
    return value is None or isinstance(value, (str, int, float, bool))


@pytest.mark.parametrize("module", [training, fasttrain, bytetrain])
def test_docstring_examples_hold(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


# --- the Chinese lesson, step by step ------------------------------------------------------

def test_lesson_initial_alphabet():
    t = train_toy(LESSON, unit="lines")
    assert [(a["symbol"], a["count"]) for a in symbol_counts(corpus_rows(LESSON, unit="lines"))] == [
        ("我", 2), ("爱", 2), ("中", 4), ("国", 4), ("人", 2), ("很", 1), ("多", 1),
        ("北", 1), ("京", 1), ("是", 1), ("首", 1), ("都", 1)]
    assert len(t["base_vocab"]) == 12 and t["n_alphabet"] == 12
    assert "</w>" not in t["base_vocab"] and t["tables_shown"] is True
    # The vocabulary size counts <unk>, as in Compare and Samples: 1 + 12 before any merge.
    assert t["special_tokens"] == ["<unk>"] and t["base_vocab_size"] == 13
    assert t["vocab"] == ["<unk>"] + t["base_vocab"] + t["learned"]


def test_lesson_step_1_table_and_merge():
    s = train_toy(LESSON, unit="lines")["steps"][0]
    assert table(s) == [
        (("中", "国"), 4), (("我", "爱"), 2), (("爱", "中"), 2), (("国", "人"), 2), (("人", "很"), 1),
        (("很", "多"), 1), (("北", "京"), 1), (("京", "是"), 1), (("是", "中"), 1), (("国", "首"), 1),
        (("首", "都"), 1)]
    assert s["pair"] == ["中", "国"] and s["merged"] == "中国" and s["count"] == 4
    assert s["tie"] == {"rule": "first_occurrence", "tied": [["中", "国"]], "n_tied": 1, "ids": None}
    assert s["vocab_size"] == 14
    assert rows(s) == ["我 爱 中国 人", "中国 人 很 多", "我 爱 中国", "北 京 是 中国 首 都"]
    assert s["occurrences"] == [[0, 2, 2], [1, 0, 0], [2, 2, 2], [3, 3, 3]]


def test_lesson_step_2_tie_goes_to_first_occurrence():
    s = train_toy(LESSON, unit="lines")["steps"][1]
    assert table(s) == [
        (("我", "爱"), 2), (("爱", "中国"), 2), (("中国", "人"), 2), (("人", "很"), 1), (("很", "多"), 1),
        (("北", "京"), 1), (("京", "是"), 1), (("是", "中国"), 1), (("中国", "首"), 1), (("首", "都"), 1)]
    assert s["tie"] == {"rule": "first_occurrence", "tied": [["我", "爱"], ["爱", "中国"], ["中国", "人"]],
                        "n_tied": 3, "ids": None}
    assert s["merged"] == "我爱" and s["vocab_size"] == 15
    assert rows(s) == ["我爱 中国 人", "中国 人 很 多", "我爱 中国", "北 京 是 中国 首 都"]


def test_lesson_step_3():
    s = train_toy(LESSON, unit="lines")["steps"][2]
    assert table(s) == [
        (("我爱", "中国"), 2), (("中国", "人"), 2), (("人", "很"), 1), (("很", "多"), 1), (("北", "京"), 1),
        (("京", "是"), 1), (("是", "中国"), 1), (("中国", "首"), 1), (("首", "都"), 1)]
    assert s["tie"]["tied"] == [["我爱", "中国"], ["中国", "人"]]
    assert s["merged"] == "我爱中国" and s["vocab_size"] == 16
    assert rows(s) == ["我爱中国 人", "中国 人 很 多", "我爱中国", "北 京 是 中国 首 都"]


def test_lesson_then_stops_because_every_pair_is_left_at_one():
    # The lesson's fourth table gives (中国, 人) a count of 2, but after 我爱中国 the first line
    # reads 我爱中国 人: (中国, 人) is left only in line 2, and (我爱中国, 人) is new.
    t = train_toy(LESSON, unit="lines")
    assert len(t["steps"]) == 3
    assert t["stop"]["reason"] == "min_frequency"
    assert table(t["stop"]) == [
        (("我爱中国", "人"), 1), (("中国", "人"), 1), (("人", "很"), 1), (("很", "多"), 1), (("北", "京"), 1),
        (("京", "是"), 1), (("是", "中国"), 1), (("中国", "首"), 1), (("首", "都"), 1)]
    more = train_toy(LESSON, unit="lines", min_frequency=1, num_merges=4)
    assert more["steps"][3]["merged"] == "我爱中国人"
    assert more["steps"][3]["tie"]["n_tied"] == 9


def test_lesson_merge_rules_applied_to_new_words():
    rules = [("中", "国"), ("我", "爱"), ("我爱", "中国"), ("中国", "人")]
    positions = merge_positions(rules)
    assert apply_merges(tuple("中国人"), positions) == ("中国人",)
    assert apply_merges(tuple("中国城"), positions) == ("中国", "城")


def test_lexicographic_rule_breaks_the_same_tie_differently():
    s = train_toy(LESSON, unit="lines", tie_break="lexicographic")["steps"][1]
    assert s["tie"]["rule"] == "lexicographic" and s["tie"]["n_tied"] == 3
    # code points: 中 U+4E2D < 我 U+6211 < 爱 U+7231
    assert s["tie"]["tied"] == [["中国", "人"], ["我", "爱"], ["爱", "中国"]]
    assert s["pair"] == ["中国", "人"]


def test_huggingface_rule_compares_token_ids():
    # The ids HuggingFace's trainer gives: <unk> 0, the alphabet in code point order
    # (中 U+4E2D 1, 京 2, 人 3, 北 4, 国 5, 多 6, 很 7, 我 8, 是 9, 爱 10, 都 11, 首 12), then 中国 13.
    for detail in ("full", "merges"):
        t = train_toy(LESSON, unit="lines", tie_break="huggingface", detail=detail)
        second, third = t["steps"][1:3]
        assert second["tie"] == {"rule": "huggingface", "tied": [["我", "爱"], ["爱", "中国"], ["中国", "人"]],
                                 "n_tied": 3, "ids": [[8, 10], [10, 13], [13, 3]]}
        # 我爱 is 14 now: (中国, 人) = (13, 3) is smaller than (我爱, 中国) = (14, 13).
        assert third["tie"]["tied"] == [["中国", "人"], ["我爱", "中国"]]
        assert third["tie"]["ids"] == [[13, 3], [14, 13]]
        assert [s["merged"] for s in t["steps"]] == ["中国", "我爱", "中国人"]
        assert t["stop"]["reason"] == "min_frequency" and len(t["vocab"]) == 16


def test_lines_with_end_marker_and_words_without():
    assert corpus_rows("中 国", unit="lines", end_marker=True) == [(("中", "国", "</w>"), 1)]
    assert corpus_rows("ab ab", unit="words", end_marker=False) == [(("a", "b"), 2)]
    with pytest.raises(ValueError):
        corpus_rows("x", unit="sentences")


# --- the textbook chapter -------------------------------------------------------------------

def test_chapter_corpus_gives_its_eight_merges():
    t = train_toy("low lower lowest low lower newest", num_merges=10)
    assert t["merges"] == [["l", "o"], ["lo", "w"], ["low", "e"], ["low", "</w>"], ["lowe", "r"],
                           ["lower", "</w>"], ["s", "t"], ["st", "</w>"]]
    assert t["stop"]["reason"] == "min_frequency" and "</w>" in t["base_vocab"]


def test_chapter_pair_counts_are_the_first_table():
    s = train_toy("low lower lowest")["steps"][0]
    assert table(s) == [(("l", "o"), 3), (("o", "w"), 3), (("w", "e"), 2), (("w", "</w>"), 1), (("e", "r"), 1),
                        (("r", "</w>"), 1), (("e", "s"), 1), (("s", "t"), 1), (("t", "</w>"), 1)]
    assert s["tie"]["tied"] == [["l", "o"], ["o", "w"]]


def test_overlapping_pairs_count_and_merge_left_to_right():
    t = train_toy("aaaa", unit="lines", min_frequency=1)
    first = t["steps"][0]
    assert table(first) == [(("a", "a"), 3)]
    assert first["occurrences"] == [[0, 0, 0], [0, 2, 1]]
    assert rows(first) == ["aa aa"]
    assert t["merges"] == [["a", "a"], ["aa", "aa"]]
    assert t["stop"]["reason"] == "no_pairs"


def test_stop_reasons():
    assert train_toy("ab ab ab", vocab_size=5)["stop"]["reason"] == "vocab_size"
    assert train_toy("ab ab ab", vocab_size=5)["vocab"] == ["<unk>", "a", "b", "</w>", "ab"]
    assert train_toy("ab ab ab", vocab_size=4)["steps"] == []  # <unk>, a, b, </w>: full already
    assert train_toy("ab ab ab", num_merges=1)["stop"]["reason"] == "num_merges"
    assert train_toy("ab ab ab")["stop"]["reason"] == "no_pairs"
    assert train_toy("ab cd", min_frequency=2)["stop"]["reason"] == "min_frequency"
    assert train_toy("", num_merges=3)["stop"]["reason"] == "no_pairs"
    assert train_toy("abc", vocab_size=2)["steps"] == []


def test_repeated_token_counts_as_merge_but_not_as_token():
    # Rows that already hold both cuts of "abc" (as after some earlier merges).
    prepared = [(("a", "bc"), 2), (("ab", "c"), 1)]
    base = ["a", "bc", "ab", "c"]
    for detail in ("full", "merges"):
        toy = train_trace(prepared, base, kind="toy", min_frequency=1, detail=detail, special_tokens=["<unk>"])
        assert toy["merges"] == [["a", "bc"], ["ab", "c"]]
        assert [s["new_token"] for s in toy["steps"]] == [True, False]
        assert toy["vocab"] == ["<unk>"] + base + ["abc"] and toy["steps"][1]["vocab_size"] == 6
        distinct = train_trace(prepared, base, kind="bytes", min_frequency=1, detail=detail, distinct_tokens=True)
        assert distinct["merges"] == [["a", "bc"]] and distinct["stop"]["reason"] == "no_pairs"
    full = train_trace(prepared, base, kind="bytes", min_frequency=1, detail="full", distinct_tokens=True)
    assert full["stop"]["pairs"] == [{"pair": ["ab", "c"], "count": 1}]


def test_trace_is_plain_json():
    for t in (train_toy(LESSON, unit="lines"), train_toy("low lower lowest", detail="merges"),
              train_bytes("the cat the hat 中国人 中国", num_merges=6)):
        assert plain_json(t)
        assert json.loads(json.dumps(t)) == t


def test_bad_arguments():
    with pytest.raises(ValueError):
        train_toy("ab", tie_break="random")
    with pytest.raises(ValueError):
        train_toy("ab", detail="some")
    with pytest.raises(ValueError):
        train_toy("ab", min_frequency=0)


# --- big corpora: fast path, same choices ----------------------------------------------------

def test_large_corpus_switches_to_merges_only_with_a_flag():
    text = " ".join(f"w{i}x{i * 7 % 13}y" for i in range(800))
    t = train_toy(text, num_merges=50)
    assert t["tables_shown"] is False
    assert "symbols" in t["size_note"]
    assert len(t["steps"]) == 50 and t["steps"][0]["pairs"] is None and t["stop"]["corpus"] is None
    small = train_toy("low lower lowest", num_merges=2)
    assert small["tables_shown"] is True
    assert set(t["steps"][0]) == set(small["steps"][0]) and set(t["stop"]) == set(small["stop"])
    with pytest.raises(ValueError):
        train_toy(text, num_merges=50, detail="full")


def test_fast_matches_readable_on_the_chapter_paragraph():
    paragraph = ("Machine learning models learn patterns from data. A language model reads a sequence of tokens "
                 "and predicts what token is likely to appear next. During training, the model gradually improves "
                 "its predictions by comparing them with the correct answers.")
    full = train_toy(paragraph, detail="full", min_frequency=1, num_merges=120)
    fast = train_toy(paragraph, detail="merges", min_frequency=1, num_merges=120)
    assert full["merges"] == fast["merges"]
    assert [s["tie"]["n_tied"] for s in full["steps"]] == [s["tie"]["n_tied"] for s in fast["steps"]]


def strip_tables(trace):
    steps = [{k: v for k, v in s.items() if k not in ("pairs", "corpus", "occurrences")}
             for s in trace["steps"]]
    for s in steps:
        ids = s["tie"]["ids"]
        s["tie"] = dict(s["tie"], tied=s["tie"]["tied"][:TIED_SHOWN], ids=None if ids is None else ids[:TIED_SHOWN])
    return steps, trace["stop"]["reason"], trace["vocab"]


corpora = st.lists(st.text(alphabet="abc ", max_size=12), max_size=8).map("\n".join)


@settings(max_examples=150, deadline=None)
@given(corpora, st.sampled_from(["words", "lines"]), st.sampled_from(fasttrain.TIE_RULES),
       st.integers(1, 3), st.one_of(st.none(), st.integers(0, 12)))
def test_fast_and_readable_make_the_same_choices(text, unit, rule, min_frequency, num_merges):
    kwargs = dict(unit=unit, tie_break=rule, min_frequency=min_frequency, num_merges=num_merges)
    assert strip_tables(train_toy(text, detail="full", **kwargs)) == strip_tables(
        train_toy(text, detail="merges", **kwargs))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(alphabet="ab", min_size=1, max_size=7), max_size=8), st.integers(0, 10))
def test_readable_trainer_agrees_with_the_chapter_function(words, num_merges):
    corpus = {word_to_symbols(w): n for w, n in Counter(words).items()}
    expected = [list(p) for p in train_bpe(corpus, num_merges, min_frequency=2)]
    assert train_toy(" ".join(words), num_merges=num_merges, detail="full")["merges"] == expected


@settings(max_examples=80, deadline=None)
@given(st.lists(st.text(alphabet="abc", min_size=1, max_size=7), max_size=10), st.integers(1, 30), st.integers(1, 3))
def test_fast_tokenizer_training_equals_the_chapter_class(words, vocab_size, min_frequency):
    text = " ".join(words)
    slow = BPETokenizer().train(text, vocab_size=vocab_size, min_frequency=min_frequency)
    fast = train_bpe_tokenizer(text, vocab_size=vocab_size, min_frequency=min_frequency)
    assert (fast.merges, fast.vocab) == (slow.merges, slow.vocab)


def test_fast_tokenizer_training_on_the_chapter_paragraph():
    paragraph = ("Machine learning models learn patterns from data. A language model reads a sequence "
                 "of tokens and predicts what token is likely to appear next.")
    for size in (20, 60, 100):
        slow = BPETokenizer().train(paragraph, vocab_size=size)
        fast = train_bpe_tokenizer(paragraph, vocab_size=size)
        assert (fast.merges, fast.vocab) == (slow.merges, slow.vocab)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.lists(st.sampled_from("aab"), min_size=1, max_size=8), st.integers(1, 3)),
                min_size=1, max_size=6), st.integers(1, 8))
def test_pair_index_counts_stay_exact(data, n):
    index = PairIndex([r for r, _ in data], [f for _, f in data], "first_occurrence")
    for _ in range(n):
        pair = index.best()
        if pair is None:
            break
        index.merge(pair)
        direct = Counter()
        n_occ = Counter()
        for r, f in zip(index.rows, index.freqs):
            for p in zip(r, r[1:]):
                direct[p] += f
                n_occ[p] += 1
        assert index.counts == dict(direct)
        assert {p: len(at) for p, at in index.occ.items()} == dict(n_occ)
        assert all(index.sym[i] == p[0] and index.sym[index.nxt[i]] == p[1] for p, at in index.occ.items() for i in at)


# --- HuggingFace tokenizers as the oracle of the "huggingface" rule ----------------------------

def agreed_prefix(trace):
    """The merges up to the first that rebuilds an existing token (included). From there `tokenizers`
    merges only the occurrences its queue entry recorded (a new entry for the same pair holds the
    rest), so it may list the pair twice: a quirk of its queue, not a tie-break rule."""
    for k, step in enumerate(trace["steps"]):
        if not step["new_token"]:
            return trace["merges"][: k + 1]
    return trace["merges"]


def test_huggingface_learns_zhongguoren_on_the_lesson(hf_tokenizers):
    lines = [row["symbols"] for row in train_toy(LESSON, unit="lines")["corpus"]]
    assert hf_tokenizers(["".join(s) for s in lines], split_whitespace=False, vocab_size=1000,
                         min_frequency=2) == [["中", "国"], ["我", "爱"], ["中国", "人"]]
    ours = train_toy(LESSON, unit="lines", tie_break="huggingface")
    assert ours["merges"] == [["中", "国"], ["我", "爱"], ["中国", "人"]]
    # The two other correct rules learn something else from the same corpus.
    assert train_toy(LESSON, unit="lines")["merges"][2] == ["我爱", "中国"]


hf_words = st.lists(st.text(alphabet="abcd中国", min_size=1, max_size=8), min_size=1, max_size=12)


@settings(max_examples=150, deadline=None)
@given(hf_words, st.sampled_from(["words", "lines"]), st.integers(1, 3), st.one_of(st.none(), st.integers(1, 40)),
       st.sampled_from(["full", "merges"]))
def test_huggingface_rule_learns_what_tokenizers_learns(hf_tokenizers, words, unit, min_frequency, vocab_size,
                                                         detail):
    if unit == "words":
        text = " ".join(words)
        texts = [text]  # WhitespaceSplit cuts it into the same words as str.split
    else:
        text = "\n".join(words)
        texts = [line for line in words]  # one sequence per line, no whitespace inside
    ours = train_toy(text, unit=unit, end_marker=False, tie_break="huggingface", min_frequency=min_frequency,
                     vocab_size=vocab_size, detail=detail if len(text) < 60 else "merges")
    theirs = hf_tokenizers(texts, split_whitespace=unit == "words", vocab_size=vocab_size or 10**6,
                           min_frequency=min_frequency)
    agreed = agreed_prefix(ours)
    assert theirs[: len(agreed)] == agreed
    if agreed == ours["merges"]:
        assert theirs == agreed


# --- byte level ------------------------------------------------------------------------------

SAMPLE = "the cat sat on the mat. the cat ate the rat! 中国人很多，中国很大。 tokens tokenize tokenization"


def test_byte_rows_use_gpt2_pieces_and_printable_bytes():
    assert byte_rows("I'm 中") == [(("I",), 1), (("'", "m"), 1), (("Ġ", "ä", "¸", "Ń"), 1)]


def test_byte_training_counts_256_bytes_and_stops_at_vocab_size():
    t = train_bytes(SAMPLE, vocab_size=270)
    assert len(t["base_vocab"]) == 256 and len(t["vocab"]) == 270
    assert t["stop"]["reason"] == "vocab_size" and len(t["merges"]) == 14
    assert t["kind"] == "bytes" and t["unit"] == "pieces"
    # "at": cat cat sat mat ate rat tokenization = 7; "Ġt": Ġthe x3, Ġtokens, Ġtokenize, Ġtokenization = 6
    first, second = t["steps"][:2]
    assert first["pair"] == ["a", "t"] and first["count"] == 7 and first["tie"]["n_tied"] == 1
    assert second["pair"] == ["Ġ", "t"] and second["count"] == 6
    assert all(isinstance(m, list) and len(m) == 2 for m in t["merges"])


@pytest.mark.parametrize("rule", fasttrain.TIE_RULES)
def test_byte_training_of_long_runs_bans_every_learned_token(rule):
    # Long runs make long tokens (a, aa, aaaa, ...); each must leave the race once learned.
    text = "a" * 150 + " " + "a" * 37 + " " + "ab" * 40
    fast = train_bytes(text, min_frequency=1, tie_break=rule, detail="merges")
    full = train_bytes(text, min_frequency=1, tie_break=rule, detail="full")
    assert fast["merges"] == full["merges"] and len(set(fast["learned"])) == len(fast["merges"])
    assert max(map(len, fast["learned"])) >= 64


def piece_text(symbols):
    return bytes(UNICODE_TO_BYTE[ch] for s in symbols for ch in s).decode("utf-8")


def test_byte_merges_load_into_the_encoder_and_replay_training():
    t = train_bytes(SAMPLE, min_frequency=2, detail="full")
    enc = trained_encoding(t["merges"])
    for (symbols, _), row in zip(byte_rows(SAMPLE), t["stop"]["corpus"]):
        assert enc.trace_piece(piece_text(symbols))["tokens"] == row["symbols"]
    assert enc.decode(enc.encode_ordinary(SAMPLE)) == SAMPLE
    assert ranks_from_merges(t["merges"])[tuple(t["merges"][0])] == 0
    the = enc.trace_piece(" the")
    assert the["tokens"] == ["Ġthe"]
    assert the["ids"] == [256 + t["merges"].index([s for s in [the["steps"][-1]["left"], the["steps"][-1]["right"]]])]


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab c中😊\n'"), max_size=40), st.integers(0, 20),
       st.sampled_from(fasttrain.TIE_RULES))
def test_byte_training_replays_and_round_trips(text, num_merges, rule):
    fast = train_bytes(text, num_merges=num_merges, min_frequency=1, tie_break=rule, detail="merges")
    full = train_bytes(text, num_merges=num_merges, min_frequency=1, tie_break=rule, detail="full")
    assert fast["merges"] == full["merges"]
    assert len(set(fast["learned"])) == len(fast["merges"])
    enc = trained_encoding(full["merges"])
    assert enc.decode(enc.encode_ordinary(text)) == text
    for (symbols, _), row in zip(byte_rows(text), full["stop"]["corpus"]):
        assert "".join(symbols) == "".join(row["symbols"])
        assert enc.trace_piece(piece_text(symbols))["tokens"] == row["symbols"]
