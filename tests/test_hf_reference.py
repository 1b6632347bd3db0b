"""toklab.hf's fast merge is `toklab.reference.lowest_rank_merge`, and its trace replays to encode's ids.

Hypothesis draws a table of merges (each merged token added to the vocabulary, the rank its index) and
words; BPE.tokenize (the short path, and the heap for pieces over rankmerge.HEAP_FROM symbols) must give
the symbols the readable rule gives. Runs inside Pyodide too (no file or oracle needed).
"""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drawn_tables import drawn_merges
from toklab.hf import Tokenizer, models, pre_tokenizers
from toklab.reference import lowest_rank_merge

MINIMIND = [Path(__file__).resolve().parent.parent / "assets" / "minimind" / "tokenizer.json", Path("/assets/minimind/tokenizer.json")]


@st.composite
def tables(draw):
    return drawn_merges(draw, list("abcd"), most=25, longest=8, anywhere=False, first_id=100)  # ids are not ranks


@settings(max_examples=150, deadline=None)
@given(table=tables(), word=st.text("abcd", max_size=120))
def test_fast_merge_is_the_reference(table, word):
    vocab, merges = table
    bpe = models.BPE(vocab=vocab, merges=merges)
    ranks = {pair: rank for rank, pair in enumerate(merges)}
    assert [t.value for t in bpe.tokenize(word)] == lowest_rank_merge(list(word), ranks)


@settings(max_examples=100, deadline=None)
@given(table=tables(), word=st.text("abcd", max_size=60))
def test_the_trace_replays_to_the_ids(table, word):
    vocab, merges = table
    tok = Tokenizer(models.BPE(vocab=vocab, merges=merges))
    tok.pre_tokenizer = pre_tokenizers.Split("d", "merged_with_next")
    trace = tok.trace(word)
    json.dumps(trace)
    assert [i for p in trace["pieces"] for i in p["ids"]] == tok.encode(word).ids == trace["ids"]
    for piece in trace["pieces"]:
        symbols = piece["symbols"]
        for step in piece["steps"]:
            assert symbols[step["position"] : step["position"] + 2] == [step["left"], step["right"]]
            ranked = [r for r in step["candidates"] if r is not None]
            assert step["rank"] == min(ranked) and step["candidates"].index(step["rank"]) == step["position"]
            assert step["id"] == vocab[step["merged"]]
            symbols = step["symbols"]
        assert symbols == piece["tokens"]


def test_minimind_trace_of_the_notes_example():
    path = next((p for p in MINIMIND if p.is_file()), None)
    if path is None:
        pytest.skip("MiniMind's tokenizer.json is not here")
    tok = Tokenizer.from_file(path)
    trace = tok.trace("今天天气真好<|im_end|>")
    assert trace["ids"] == [5640, 3660, 2131, 658, 2]
    assert trace["added"][1] == {"start": 6, "end": 16, "text": "<|im_end|>", "id": 2, "special": True}
    (piece,) = trace["pieces"]
    assert piece["symbols"] == list("ä»Ĭå¤©å¤©æ°ĶçľŁå¥½") and piece["tokens"] == ["ä»Ĭå¤©", "å¤©æ°Ķ", "çľŁ", "å¥½"]
    assert all(s["rank"] != s["id"] for s in piece["steps"])  # a merge's rank is not its id here


def test_a_new_or_retrained_model_is_not_answered_from_the_old_ones_cache():
    tok = Tokenizer(models.BPE(vocab={"a": 0, "b": 1, "ab": 2}, merges=[("a", "b")]))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)
    assert tok.encode("ab").ids == [2]
    tok.model = models.BPE(vocab={"a": 5, "b": 6})
    assert tok.encode("ab").ids == [5, 6]
    tok.model.vocab, tok.model.merges = {"a": 7, "b": 8, "ab": 9}, [("a", "b")]
    tok.model._build()
    assert tok.encode("ab").ids == [9]
