"""The open models' compact tables (issue 39) against the dicts they replace: `toklab.rankmerge.PairTable`
against a dict of the same pairs (a pair given twice keeps its last value, as in the dict), `merge_ids`
through either giving the same ids, and `toklab.hf.vocab.Tokens`' two mappings against the dicts
token -> id and id -> token, the shipped models' included."""

import doctest

import pytest
from hypothesis import given, settings, strategies as st

from toklab import rankmerge
from toklab.hf import vocab as hf_vocab
from toklab.hf.vocab import Tokens
from toklab.rankmerge import PairTable, merge_ids

SHIFT = 4
N_IDS = 12


def test_docstring_examples():
    assert doctest.testmod(rankmerge).failed == 0
    assert doctest.testmod(hf_vocab).failed == 0


pairs = st.lists(st.tuples(st.integers(0, N_IDS - 1), st.integers(0, N_IDS - 1)), max_size=60)


@settings(max_examples=200, deadline=None)
@given(given_pairs=pairs, asked=st.lists(st.tuples(st.integers(0, N_IDS), st.integers(0, N_IDS - 1)), max_size=40))
def test_a_pair_table_answers_as_the_dict_of_its_pairs(given_pairs, asked):
    lefts, rights = [a for a, _ in given_pairs], [b for _, b in given_pairs]
    as_dict = {a << SHIFT | b: rank for rank, (a, b) in enumerate(given_pairs)}
    table = PairTable(lefts, rights, range(len(given_pairs)), SHIFT, N_IDS)
    assert len(table) == len(as_dict) and sorted(table.values()) == sorted(as_dict.values())
    for _ in range(2):  # the second time from its memo
        for a, b in asked + given_pairs:
            key = a << SHIFT | b
            assert table.get(key) == as_dict.get(key) and table.get(key, -7) == as_dict.get(key, -7)
    assert PairTable.from_sorted(table.starts, table.rights, table.vals, SHIFT) == table


@settings(max_examples=200, deadline=None)
@given(given_pairs=pairs, ids=st.lists(st.integers(0, N_IDS - 1), max_size=rankmerge.HEAP_FROM + 20))
def test_merge_ids_through_a_pair_table_is_merge_ids_through_a_dict(given_pairs, ids):
    made = [(a + b) % N_IDS for a, b in given_pairs]  # any ids: the two paths must agree whatever is made
    as_dict = {a << SHIFT | b: rank for rank, (a, b) in enumerate(given_pairs)}
    table = PairTable([a for a, _ in given_pairs], [b for _, b in given_pairs], range(len(given_pairs)), SHIFT, N_IDS)
    spans_a, spans_b = [(k, k + 1) for k in range(len(ids))], [(k, k + 1) for k in range(len(ids))]
    assert merge_ids(list(ids), table, SHIFT, made, spans_a) == merge_ids(list(ids), as_dict, SHIFT, made, spans_b)
    assert spans_a == spans_b


@settings(max_examples=100, deadline=None)
@given(
    given_pairs=st.lists(st.tuples(st.integers(0, 59), st.integers(0, 59)), max_size=300),
    texts=st.lists(st.lists(st.integers(0, 59), max_size=rankmerge.HEAP_FROM), max_size=30),
    filter_after=st.integers(1, 40),
    memo=st.integers(41, 90),
)
def test_one_pair_table_through_many_calls_makes_its_filter_and_forgets_its_memo_and_merges_as_the_dict(
    given_pairs, texts, filter_after, memo
):
    # One table kept across calls, as a model keeps it across a long text's pieces: its filter is made
    # and its memo emptied between and during calls (a stale filter size once merged wrongly: Mistral).
    shift = 6
    made = [(a * 7 + b) % 60 for a, b in given_pairs]
    as_dict = {a << shift | b: rank for rank, (a, b) in enumerate(given_pairs)}
    table = PairTable([a for a, _ in given_pairs], [b for _, b in given_pairs], range(len(given_pairs)), shift, 60)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rankmerge, "FILTER_AFTER", filter_after)
        patch.setattr(rankmerge, "MEMO", memo)
        for ids in texts:
            due = len(table.memo) >= filter_after  # the call makes the filter first
            assert merge_ids(list(ids), table, shift, made) == merge_ids(list(ids), as_dict, shift, made)
            assert len(table.maybe) > 1 or not due


def test_a_pair_table_forgets_its_memo_when_full_and_still_answers(monkeypatch):
    monkeypatch.setattr(rankmerge, "MEMO", 2)
    table = PairTable([1, 1, 2], [2, 3, 1], [5, 6, 7], SHIFT, N_IDS)
    keys = [1 << SHIFT | 2, 1 << SHIFT | 3, 2 << SHIFT | 1, 3 << SHIFT | 3]
    assert [table.get(k) for k in keys * 2] == [5, 6, 7, None] * 2 and len(table.memo) <= 2


def test_a_pair_outside_the_table_is_refused():
    with pytest.raises(ValueError):
        PairTable([0, 5], [1, 1], [0, 1], SHIFT, 5)


tokens = st.lists(st.text(alphabet="ab▁<>\U0001f600\x00", max_size=5), unique=True, max_size=40)


@settings(max_examples=200, deadline=None)
@given(strings=tokens, asked=st.lists(st.text(alphabet="ab▁<>\U0001f600\x00", max_size=5), max_size=30))
def test_tokens_answer_as_the_dicts_they_replace(strings, asked):
    t = Tokens(strings)
    ids, names = t.ids(), t.names()
    want = {s: i for i, s in enumerate(strings)}
    for token in asked + strings:  # the first 64 longer ones by a search, then through the index
        assert ids.get(token) == want.get(token) and (token in ids) == (token in want)
    t2 = Tokens(strings)
    t2._scans = hf_vocab._SCANS  # the index at once
    assert all(t2.id_of(token) == want.get(token) for token in asked + strings)
    assert dict(ids.items()) == want and ids == want and list(ids) == strings and len(ids) == len(strings)
    assert dict(names.items()) == {i: s for s, i in want.items()} and list(names.values()) == strings
    assert [names.get(i) for i in range(-1, len(strings) + 1)] == [None, *strings, None]
    assert list(t.lengths()) == [len(s) for s in strings]
    assert sorted(t.names_of(range(len(strings)))) == sorted(strings)
    with pytest.raises(KeyError):
        names[len(strings)]
    with pytest.raises(KeyError):
        ids["not a token at all"]


@pytest.mark.cpython_only
@pytest.mark.parametrize("name", ["minimind", "qwen3"])
def test_a_shipped_models_compact_tables_are_its_file(name):
    """The model loaded from its compact form holds what `tokenizers`' file says: every token at its id,
    every merge at its rank, making the token its two sides spell."""
    from toklab import registry

    config = registry.tokenizer_config(name)
    model = registry.get_tokenizer(name).model
    vocab = config["model"]["vocab"]
    assert model.vocab == vocab and len(model.vocab_r) == len(vocab)
    assert all(model.vocab_r[i] == t for t, i in vocab.items())
    merges = [tuple(m) for m in config["model"]["merges"]]
    for rank, (a, b) in enumerate(merges):
        assert model.merge_ranks(vocab[a], vocab[b]) == (rank, vocab[a + b])
    assert model._listed_merges() == merges
    from toklab import model_rows

    tok = registry.get_tokenizer(name)
    assert model_rows.tokenizer_makeup(tok) == model_rows.makeup(config)  # counted by id, against the file
