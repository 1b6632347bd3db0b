"""The fast merge paths against the readable reference (`toklab.reference.lowest_rank_merge`).

Each optimization must give what the reference gives: `rankmerge.merge_ids` on both its paths (a list,
a heap for long pieces), its
merging of a piece run by run where no token crosses between runs, the trace's recorded steps, and, for the toy BPE, the one-pair merges of `fasttrain` against `merge_pair`.
Runs on CPython and inside Pyodide (no tiktoken or regex needed)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from toklab import get_encoding
from toklab.bpe import _MADE
from toklab.rankmerge import HEAP_FROM, _merge_long
from toklab.bytes_unicode import BYTE_TO_UNICODE
from toklab.bytetrain import ranks_from_merges, train_bytes, trained_encoding
from toklab.fasttrain import FIRST_OCCURRENCE, PairIndex, find_merges
from toklab.pretokenize import split_pieces
from toklab.reference import lowest_rank_merge
from toklab.toybpe import apply_merges, get_pair_counts, merge_pair, merge_positions, merge_word, merges_used, train_bpe, word_to_symbols
from toklab.training import corpus_rows

R50K = get_encoding("r50k_base")

texts = st.text(alphabet=st.sampled_from("abcdeéat hn中国🎉 \n'1"), max_size=60)


def symbols_of(piece: str) -> list[str]:
    return [BYTE_TO_UNICODE[b] for b in piece.encode("utf-8")]


class R50kRanks(dict):
    """r50k's ranks as a mapping, for the reference (it only asks `pair in ranks` and `ranks[pair]`)."""

    def __contains__(self, pair):
        return R50K.rank(*pair) is not None

    def __getitem__(self, pair):
        return R50K.rank(*pair)


def test_reference_encodes_the_hand_derived_example():
    assert lowest_rank_merge(symbols_of("tokenization"), R50kRanks()) == ["token", "ization"]


@settings(max_examples=200, deadline=None)
@given(texts)
def test_r50k_fast_paths_equal_the_reference(text):
    ranks = R50kRanks()
    for piece in split_pieces(text):
        expected = lowest_rank_merge(symbols_of(piece), ranks)
        byte_ids = [R50K.token_id(s) for s in symbols_of(piece)]
        assert [R50K.token(i) for i in R50K.model._merge(list(byte_ids))] == expected
        assert [R50K.token(i) for i in _merge_long(list(byte_ids), R50K.model._merge_ids, 20, _MADE, None)] == expected
        assert [R50K.token(i) for i in R50K.model.piece_ids(piece)] == expected  # run by run where no token crosses
        traced = R50K.trace_piece(piece)
        assert traced["tokens"] == expected
        replay = traced["symbols"]
        for step in traced["steps"]:  # each recorded step is the reference's next choice
            ranked = [(ranks[p], i) for i, p in enumerate(zip(replay, replay[1:])) if p in ranks]
            assert min(ranked) == (step["rank"], step["position"])
            replay = replay[: step["position"]] + [step["merged"]] + replay[step["position"] + 2 :]
            assert replay == step["symbols"]
        replay = symbols_of(piece)
        for step in R50K.trace_greedy(piece)["steps"]:  # the mistake: the reference taking the leftmost ranked pair
            assert step["position"] == next(i for i, p in enumerate(zip(replay, replay[1:])) if p in ranks)
            replay = replay[: step["position"]] + [step["merged"]] + replay[step["position"] + 2 :]
            assert replay == step["symbols"]
        assert not any(p in ranks for p in zip(replay, replay[1:]))
        assert R50K.trace_greedy(piece)["tokens"] == replay


def crossing_characters(enc) -> list[str]:
    """Characters whose neighbours some tokens cross into, with a space, a newline and an ASCII letter: the
    characters of the tokens that hold two or more whole non-ASCII characters, and for each token holding
    the end of one three-byte character and the start of the next, two such characters."""
    chars = {" ", "\n", "a"}
    for token_id in range(len(enc.model)):
        data = enc.decode_single_token_bytes(token_id)
        text = data.decode("utf-8", "replace")
        if sum(not c.isascii() for c in text) >= 2:
            chars.update(c for c in text if c != "\ufffd")
        for a, b in zip(data, data[1:]):
            if 0x80 <= a < 0xC0 and 0xE1 <= b < 0xED:
                chars.update((bytes([0xE5, 0x80, a]).decode(), bytes([b, 0x80, 0x80]).decode()))
    return sorted(chars)


R50K_CROSSING = crossing_characters(R50K)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(R50K_CROSSING), max_size=40))
def test_r50k_runs_of_characters_merge_as_the_reference(text):
    """Chinese, Japanese and the other scripts whose characters r50k's tokens join: merged run by run."""
    assert len(R50K_CROSSING) > 50
    ranks = R50kRanks()
    for piece in split_pieces(text):
        assert [R50K.token(i) for i in R50K.model.piece_ids(piece)] == lowest_rank_merge(symbols_of(piece), ranks)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab a b ab"), min_size=130, max_size=400))
def test_long_pieces_take_the_heap_path_and_agree(text):
    ranks = {("a", "b"): 0, ("b", "a"): 1, ("ab", "ab"): 2, ("a", "a"): 3, ("ba", "b"): 4}
    enc = trained_encoding([list(p) for p in sorted(ranks, key=ranks.get)])
    symbols = symbols_of(text)
    ids = [enc.token_id(s) for s in symbols]
    assert [enc.token(i) for i in _merge_long(list(ids), enc.model._merge_ids, 20, _MADE, None)] == lowest_rank_merge(symbols, ranks)
    assert len(ids) > HEAP_FROM and enc.model._merge(list(ids)) == _merge_long(list(ids), enc.model._merge_ids, 20, _MADE, None)


@settings(max_examples=40, deadline=None)
@given(texts, st.integers(0, 30))
def test_a_trained_byte_table_merges_by_rank_and_in_training_order_alike(text, num_merges):
    merges = train_bytes(text, num_merges=num_merges, min_frequency=1, detail="merges")["merges"]
    ranks = ranks_from_merges(merges)
    enc = trained_encoding(merges)
    pairs = [tuple(m) for m in merges]
    for piece in split_pieces(text):
        expected = lowest_rank_merge(symbols_of(piece), ranks)
        assert enc.trace_piece(piece)["tokens"] == expected
        assert [enc.token(i) for i in enc.model.piece_ids(piece)] == expected
        assert list(merges_used(tuple(symbols_of(piece)), pairs)[0]) == expected


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(["a", "b", "ab", "c"]), max_size=14), st.sampled_from([("a", "b"), ("a", "a"), ("ab", "c"), ("b", "b")]))
def test_find_merges_is_where_merge_pair_merges(symbols, pair):
    merged = list(merge_pair(tuple(symbols), pair))
    at = find_merges(list(symbols), *pair)
    rebuilt = list(symbols)
    for i in reversed(at):
        rebuilt[i : i + 2] = [pair[0] + pair[1]]
    assert rebuilt == merged


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(alphabet="abc", min_size=1, max_size=7), min_size=1, max_size=6), st.integers(1, 6))
def test_pair_index_merge_equals_merge_pair_and_a_recount(words, n):
    rows = corpus_rows(" ".join(words), "words")
    index = PairIndex([list(s) for s, _ in rows], [c for _, c in rows], FIRST_OCCURRENCE)
    corpus = dict(rows)
    for _ in range(n):
        pair = index.best()
        if pair is None:
            break
        index.merge(pair)
        corpus = {merge_pair(s, pair): c for s, c in corpus.items()}
        assert [tuple(r) for r in index.rows] == list(corpus)
        assert index.counts == dict(get_pair_counts(corpus))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(alphabet="abcd", min_size=1, max_size=6), min_size=1, max_size=8), st.integers(0, 12), st.text(alphabet="abcd", min_size=1, max_size=8))
def test_toy_fast_cut_equals_merges_in_training_order(words, num_merges, word):
    merges = train_bpe({word_to_symbols(w): 1 for w in words}, num_merges, min_frequency=1)
    assert apply_merges(word_to_symbols(word), merge_positions(merges)) == merge_word(word, merges)
    symbols, used = merges_used(word_to_symbols(word), merges)
    assert symbols == merge_word(word, merges) and all(p in merges for p in used)


class TokenRanks(dict):
    """A ranks-only table ({token bytes: rank}) seen as pair ranks, for the reference: a pair's rank is the rank
    of the token it spells."""

    def __contains__(self, pair):
        return dict.__contains__(self, pair[0] + pair[1])

    def __getitem__(self, pair):
        return dict.__getitem__(self, pair[0] + pair[1])


CHARS = "中é ab"


@st.composite
def odd_tables_and_texts(draw):
    """A text of multi-byte characters, and a table made of its byte strings in any rank order: whole
    characters, parts of characters, and tokens crossing characters' edges, some ranking below their parts."""
    text = draw(st.text(alphabet=st.sampled_from(CHARS), min_size=1, max_size=14))
    data = text.encode("utf-8")
    spans = draw(st.lists(st.tuples(st.integers(0, len(data)), st.integers(2, 7)), max_size=40))
    chars = draw(st.lists(st.sampled_from(CHARS), max_size=6))
    tokens = [data[a : a + n] for a, n in spans if len(data[a : a + n]) >= 2] + [c.encode("utf-8") for c in chars]
    tokens = [t for t in dict.fromkeys(tokens) if len(t) >= 2]
    order = draw(st.permutations(tokens))
    return text, {bytes([b]): b for b in range(256)} | {t: 256 + i for i, t in enumerate(order)}


@settings(max_examples=400, deadline=None)
@given(odd_tables_and_texts())
def test_starting_characters_whole_equals_the_reference(case):
    """charmerge's shortcut (some characters start as one symbol) gives the reference's tokens, on both merge
    paths, for tables whose ranks follow no training order."""
    from toklab.charmerge import CharShortcut
    from toklab.encoding import Encoding

    text, ranks = case
    data = text.encode("utf-8")
    enc = Encoding("odd", pat_str=r"[\s\S]+", mergeable_ranks=ranks, special_tokens={})
    expected = lowest_rank_merge([bytes([b]) for b in data], TokenRanks(ranks))
    bounds = CharShortcut(ranks).bounds(text, data)
    assert set(bounds) <= set(range(len(data) + 1)) and bounds[-1] == len(data)
    assert [enc._decoder[i] for i in enc.model.bpe(data, list(bounds))] == expected
    assert [enc._decoder[i] for i in enc.model._bpe_long(data, list(bounds))] == expected
    if data not in ranks:  # a whole piece that is a token is that token (tiktoken's shortcut, not the rule's)
        assert enc.encode_ordinary(text) == [ranks[t] for t in expected]


def test_a_character_starts_whole_only_where_that_changes_nothing():
    """The three conditions of `charmerge`, each failing once: then the character starts as its bytes."""
    from toklab.charmerge import CharShortcut

    base = {bytes([b]): b for b in range(256)}
    zhong = "中".encode("utf-8")  # E4 B8 AD
    plain = base | {zhong[:2]: 256, zhong: 257}
    assert CharShortcut(plain).bounds("ba中", "ba中".encode()) == [0, 1, 2, 5]
    # (b) " " + E4 is a token: after a space, 中's first byte may join the space instead.
    assert CharShortcut(plain | {b" " + zhong[:1]: 258}).bounds(" 中", " 中".encode()) == [0, 1, 2, 3, 4]
    assert CharShortcut(plain | {b" " + zhong[:1]: 258}).bounds("a中", "a中".encode()) == [0, 1, 4]
    assert CharShortcut(plain | {zhong[2:] + b"a": 258}).bounds("中a中", "中a中".encode()) == [0, 1, 2, 3, 4, 7]
    # (c) "a中" ranks below the merges that make 中: whole from the start, it would merge before "ba" does.
    early = base | {b"a" + zhong: 256, zhong[:2]: 257, b"ba": 258, zhong: 259}
    assert CharShortcut(early).bounds("ba中", "ba中".encode()) == [0, 1, 2, 3, 4, 5]
    assert lowest_rank_merge([bytes([b]) for b in "ba中".encode()], TokenRanks(early)) == [b"ba", zhong]
    # (a) 中 is a token that its bytes alone never reach (no token E4 B8 nor B8 AD).
    assert CharShortcut(base | {zhong: 256}).bounds("中", zhong) == [0, 1, 2, 3]


def test_only_characters_that_are_tokens_are_remembered():
    """A text of 4,096 different characters leaves one entry behind: the one that is a token."""
    from toklab.charmerge import CharShortcut

    zhong = "中".encode("utf-8")
    shortcut = CharShortcut({bytes([b]): b for b in range(256)} | {zhong[:2]: 256, zhong: 257})
    text = "".join(chr(cp) for cp in range(0x4E00, 0x5E00))
    bounds = shortcut.bounds(text, text.encode("utf-8"))
    assert list(shortcut._chars) == ["中"] and len(bounds) == 3 * 4096 - 2 + 1
