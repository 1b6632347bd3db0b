"""WordPiece beside BPE in the train lesson (toklab.wordpiece_train, the request `train_wordpiece`): the
vocabulary is learned by merging from ## symbols, each merge making left + right without its ##; the
example is cut by longest match over it exactly as HuggingFace `tokenizers`' WordPiece model cuts it
with the same vocabulary (CPython), [UNK] for a word it cannot cover."""

from __future__ import annotations

import json

import pytest

from toklab import webapi

CORPUS = "low low lower newest newest widest " * 3 + "hug hugs pug pugs bun buns"


def ok(kind: str, **payload) -> dict:
    answer = json.loads(webapi.handle(kind, json.dumps(payload)))
    assert answer["ok"], answer
    return answer["result"]


def test_the_vocabulary_is_learned_by_merging():
    t = ok("train_wordpiece", corpus=CORPUS, num_merges=12, min_frequency=2, text="")
    assert t["rows"][0] == {"symbols": ["l", "##o", "##w"], "count": 6}
    assert all(s.startswith("##") for row in t["rows"] for s in row["symbols"][1:])
    assert t["n_merges"] == len(t["merges"]) == 12 and t["stop"] == "vocab_size"
    for m in t["merges"]:
        assert m["merged"] == m["left"] + m["right"].removeprefix("##")
        assert m["merged"].startswith("##") == m["left"].startswith("##")  # a piece inside a word stays one
    assert t["vocab_size"] == len(t["base_vocab"]) + len({m["merged"] for m in t["merges"]} - set(t["base_vocab"]))
    everything = ok("train_wordpiece", corpus=CORPUS, num_merges=None, min_frequency=2, text="")
    assert everything["stop"] in ("no_pairs", "min_frequency") and everything["n_merges"] > 12


@pytest.mark.cpython_only
def test_the_example_is_cut_as_tokenizers_cuts_it():
    tokenizers = pytest.importorskip("tokenizers")
    text = "lowest newer hugs pugged buns zebra widest low"
    t = ok("train_wordpiece", corpus=CORPUS, num_merges=20, min_frequency=2, text=text)
    vocab = {tok: i for i, tok in enumerate(t["base_vocab"])}
    for m in t["merges"]:
        vocab.setdefault(m["merged"], len(vocab))
    # the ids: [UNK], the alphabet, the ## symbols, then each new token as it was made
    oracle = tokenizers.Tokenizer(tokenizers.models.WordPiece(vocab, unk_token="[UNK]"))
    oracle.pre_tokenizer = tokenizers.pre_tokenizers.WhitespaceSplit()
    expected = oracle.encode(text)
    assert [tok for w in t["words"] for tok in w["tokens"]] == expected.tokens
    assert [i for w in t["words"] for i in w["ids"]] == expected.ids
    assert [w["word"] for w in t["words"] if w["unk"]] == ["zebra"]  # no z in the corpus
    assert t["n_unknown"] == 1 and t["n_tokens"] == len(expected.ids)
