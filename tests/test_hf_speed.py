"""toklab.hf's speed paths give what the plain ones give: the cut before ▁ (`BPE.cutter`), the load from
the compact form's arrays (`compact.load_tokenizer`), and the encoding whose tokens and offsets are made
when first read.

Each is held to `toklab.reference.lowest_rank_merge` (no cut, no cache) and, where `tokenizers` is
installed, to `tokenizers` built from the same tokenizer.json. Hypothesis draws SentencePiece-style
tables (▁ for spaces; tokens that join ▁ to the character before it, so some places cannot be cut) and
texts over their characters, with characters missing from the vocabulary (byte fallback).
"""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drawn_tables import drawn_merges
from toklab.hf import Tokenizer, compact, models, pre_tokenizers
from toklab.reference import lowest_rank_merge

MARK = "\u2581"
CHARS = ["a", "b", "c", MARK, ">"]
EXTRA = "xé中"  # not in the vocabulary: byte fallback, or the unknown token


@st.composite
def sentencepiece_tables(draw):
    """(vocab, merges, with byte fallback): merges drawn over a few characters and ▁, the merged token
    added to the vocabulary (ids are not ranks), the 256 byte tokens or <unk>."""
    fallback = draw(st.booleans())
    vocab = {c: i for i, c in enumerate(CHARS)}
    if fallback:
        vocab.update({f"<0x{b:02X}>": 10 + b for b in range(256)})
    else:
        vocab["<unk>"] = 9
    merges = []
    for _ in range(draw(st.integers(0, 30))):
        tokens = [t for t in vocab if not t.startswith("<")]
        a, b = draw(st.sampled_from(tokens)), draw(st.sampled_from(tokens))
        if (a, b) in merges or len(a + b) > 6:
            continue
        merges.append((a, b))
        vocab.setdefault(a + b, len(vocab) + 500)
    return vocab, merges, fallback


def tokenizer_json(vocab, merges, fallback) -> str:
    """Gemma 3's parts around this table: " " -> ▁, no pre-tokenizer to speak of, BPE with byte fallback."""
    return json.dumps({
        "version": "1.0", "truncation": None, "padding": None, "added_tokens": [],
        "normalizer": {"type": "Replace", "pattern": {"String": " "}, "content": MARK},
        "pre_tokenizer": {"type": "Split", "pattern": {"String": " "}, "behavior": "MergedWithPrevious", "invert": False},
        "post_processor": None, "decoder": None,
        "model": {"type": "BPE", "dropout": None, "unk_token": None if fallback else "<unk>", "continuing_subword_prefix": None,
                  "end_of_word_suffix": None, "fuse_unk": not fallback, "byte_fallback": fallback, "ignore_merges": False,
                  "vocab": vocab, "merges": [list(m) for m in merges]},
    })  # fmt: skip


def reference_tokens(text: str, vocab: dict, merges: list) -> list[str]:
    """The readable rule on the whole text as one word: one symbol per character (its byte tokens when
    it is not in the vocabulary), then lowest_rank_merge."""
    symbols = []
    for c in text.replace(" ", MARK):
        symbols.extend([c] if c in vocab else [f"<0x{b:02X}>" for b in c.encode()])
    ranks = {pair: rank for rank, pair in enumerate(merges)}
    return lowest_rank_merge(symbols, ranks)


texts = st.text(st.sampled_from(CHARS + [" "] + list(EXTRA)), max_size=80)


@settings(max_examples=300, deadline=None)
@given(table=sentencepiece_tables(), text=texts)
def test_the_cut_before_the_mark_changes_no_token(table, text):
    vocab, merges, fallback = table
    tok = Tokenizer.from_str(tokenizer_json(vocab, merges, fallback))
    whole = models.BPE(vocab=vocab, merges=merges, unk_token=None if fallback else "<unk>", fuse_unk=not fallback, byte_fallback=fallback)
    normalized = text.replace(" ", MARK)
    want = whole._tokenize(normalized)  # the whole text as one piece, never cut
    enc = tok.encode(text)
    assert enc.ids == [i for i, _, _ in want]
    assert enc.offsets == [(a, b) for _, a, b in want]
    if fallback:  # every character has symbols: the readable rule's tokens
        assert enc.tokens == reference_tokens(text, vocab, merges)


@settings(max_examples=100, deadline=None)
@given(table=sentencepiece_tables(), text=texts)
def test_the_cut_is_what_tokenizers_gives(table, text):
    tokenizers = pytest.importorskip("tokenizers")
    vocab, merges, fallback = table
    source = tokenizer_json(vocab, merges, fallback)
    oracle, mine = tokenizers.Tokenizer.from_str(source), Tokenizer.from_str(source)
    want, got = oracle.encode(text), mine.encode(text)
    assert (got.ids, got.tokens, got.offsets) == (want.ids, want.tokens, want.offsets)


def test_no_cut_where_a_token_joins_the_mark_to_what_comes_before():
    vocab = {"a": 0, MARK: 1, "b": 2, "a" + MARK: 3, MARK + "b": 4, "<unk>": 5}
    bpe = models.BPE(vocab=vocab, merges=[("a", MARK), (MARK, "b")], unk_token="<unk>")
    cut = bpe.cutter()
    assert cut([f"a{MARK}b{MARK}b"], None) == ([f"a{MARK}b", f"{MARK}b"], None)
    assert cut([f"x{MARK}b"], [7]) == ([f"x{MARK}b"], [7])  # x is not in the vocabulary: its <unk> ends in ">"
    assert models.BPE(vocab={"a": 0, MARK: 1}).cutter() is None  # a character could be dropped: no cut


@st.composite
def packed_sources(draw):
    vocab, merges, fallback = draw(sentencepiece_tables())
    return tokenizer_json(vocab, merges, fallback).encode()


@settings(max_examples=60, deadline=None)
@given(source=packed_sources(), text=texts)
def test_the_load_from_the_arrays_is_the_load_from_the_json(source, text):
    packed = compact.pack(source)
    assert "made" in compact.read_header(packed)["sections"]
    fast, slow = compact.load_tokenizer(packed), Tokenizer.from_config(compact.unpack(packed))
    assert fast.model.vocab == slow.model.vocab and fast.model.vocab_r == slow.model.vocab_r
    assert fast.model._merges == slow.model._merges and fast.model.merges == slow.model.merges
    a, b = fast.encode(text), slow.encode(text)
    assert (a.ids, a.tokens, a.offsets) == (b.ids, b.tokens, b.offsets)


def test_a_merge_outside_the_vocabulary_is_still_the_load_error():
    source = json.dumps({"model": {"type": "BPE", "vocab": {"a": 0, "b": 1}, "merges": ["a b"]}}).encode()
    packed = compact.pack(source)
    assert "made" not in compact.read_header(packed)["sections"]
    with pytest.raises(Exception) as raised:
        compact.load_tokenizer(packed)
    assert getattr(raised.value, "code", None) == "hf_unknown_merge_token"


def test_tokens_and_offsets_read_later_are_those_of_the_text_encoded():
    vocab = {"a": 0, MARK: 1, MARK + "a": 2, "<bos>": 3, "<unk>": 4}
    config = json.loads(tokenizer_json(vocab, [(MARK, "a")], False))
    config["post_processor"] = {"type": "TemplateProcessing", "single": [{"SpecialToken": {"id": "<bos>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
                                "pair": None, "special_tokens": {"<bos>": {"id": "<bos>", "ids": [3], "tokens": ["<bos>"]}}}  # fmt: skip
    tok = Tokenizer.from_config(config)
    first = tok.encode("a a")
    second = tok.encode("a", add_special_tokens=False)  # the cache changes between the encode and the read
    assert first.ids == [3, 0, 2] and first.tokens == ["<bos>", "a", MARK + "a"]
    assert first.offsets == [(0, 0), (0, 1), (1, 3)] and first.special_tokens_mask == [1, 0, 0]
    assert (second.ids, second.tokens, second.offsets, second.special_tokens_mask) == ([0], ["a"], [(0, 1)], [0])


def test_offsets_of_a_normalized_stretch_after_an_added_token_are_in_the_text():
    vocab = {"A": 0, "Á": 1, "<t>": 2, "<unk>": 3}
    config = json.loads(tokenizer_json(vocab, [], False))
    config["normalizer"] = {"type": "NFC"}
    config["added_tokens"] = [{"id": 2, "content": "<t>", "single_word": False, "lstrip": False, "rstrip": False, "normalized": False, "special": False}]
    text = "<t>A\u0301A"  # NFC makes the stretch after <t> one character shorter
    got = Tokenizer.from_config(config).encode(text)
    assert got.ids == [2, 1, 0] and got.offsets == [(0, 3), (3, 4), (5, 6)]  # Á keeps the span of the A alone (NFC, normalizers.py)
    tokenizers = pytest.importorskip("tokenizers")
    want = tokenizers.Tokenizer.from_str(json.dumps(config)).encode(text)
    assert (got.ids, got.offsets) == (want.ids, want.offsets)


@pytest.mark.parametrize("lines", [["ab\n", "A\u0301b\n", "ba"], ["A\u0301\r\n", "\n", "bA\u0301"], ["a b\u0301\n", "A\u0301"]])
def test_a_long_text_with_one_line_not_nfc_is_aligned_as_line_by_line(lines):
    """`normalizers._by_lines` holds the alignment as a `Spans`: the same pairs as the character-by-character
    path, and the offsets `tokenizers` gives (a normalized added token's span included)."""
    from toklab.hf import normalizers

    text = "".join(lines * 30)
    new, spans = normalizers.NFC().normalize(text)
    assert isinstance(spans, normalizers.Spans)
    assert (new, list(spans)) == normalizers._slow_form("NFC", text) and spans == list(spans)
    vocab = {c: i for i, c in enumerate("abAÁ\n\r\u0301")} | {"<unk>": 9, "<t>": 10, "ab": 11}
    config = json.loads(tokenizer_json(vocab, [("a", "b")], False))
    config["normalizer"] = {"type": "NFC"}
    config["added_tokens"] = [{"id": 10, "content": "b\u0301", "single_word": False, "lstrip": False, "rstrip": False, "normalized": True, "special": False}]
    got = Tokenizer.from_config(config).encode(text)
    tokenizers = pytest.importorskip("tokenizers")
    want = tokenizers.Tokenizer.from_str(json.dumps(config)).encode(text)
    assert (got.ids, got.tokens, got.offsets) == (want.ids, want.tokens, want.offsets)


@settings(max_examples=300, deadline=None)
@given(words=st.lists(st.text("<>ab", min_size=1, max_size=5), min_size=1, max_size=12, unique=True),
       text=st.text("<>abc", max_size=30), bulk=st.integers(0, 3))  # fmt: skip
def test_the_matcher_by_length_finds_what_the_trie_finds(words, text, bulk):
    """`added.Matcher` (a first character of many tokens looked up by length) against the one trie."""
    import re

    from toklab.hf.added import Matcher, trie_pattern

    want = [m.span() for m in re.compile(trie_pattern(words)).finditer(text)]
    assert list(Matcher(words, bulk=bulk).spans(text)) == want


@pytest.mark.parametrize("text", ["a<t", "<t>", "<ta", "x<tab>", "<t<ta<tab>"])
def test_added_tokens_that_overlap_at_the_text_end_are_what_tokenizers_finds(text):
    vocab = {c: i for i, c in enumerate("<>tabx")} | {"<unk>": 9}
    config = json.loads(tokenizer_json(vocab, [], False))
    config["added_tokens"] = [{"id": 10 + k, "content": c, "single_word": False, "lstrip": False, "rstrip": False, "normalized": False, "special": True}
                              for k, c in enumerate(["<t", "<ta", "<tab>", "<t>"] + [f"<u{n}>" for n in range(70)])]  # fmt: skip
    got = Tokenizer.from_config(config).encode(text)
    tokenizers = pytest.importorskip("tokenizers")
    want = tokenizers.Tokenizer.from_str(json.dumps(config)).encode(text)
    assert (got.ids, got.tokens, got.offsets) == (want.ids, want.tokens, want.offsets)


# The byte-level start (`BPE._byte_start`): characters merged alone first where no merge can tell.
BYTE_TEXT = ["a", " ", "中", "丫", "é", "😀", "，"]  # 中 and 丫 share their first two bytes, 😀 has four
BYTE_CHARS = sorted({c for t in BYTE_TEXT for c in pre_tokenizers.byte_chars(t)})


@st.composite
def byte_level_tables(draw):
    """(vocab, merges) over the bytes of BYTE_TEXT: merges drawn among the tokens so far and ranked
    anywhere, so that some join a character's bytes, some cross from one character into the next
    (Ġ+ä, ä¸Ń+ä), and some take a whole character early (ranked below the merges that make it)."""
    return drawn_merges(draw, BYTE_CHARS, most=40, longest=9, anywhere=True)  # ranked anywhere, as Llama 3 ranks some


def byte_level_json(vocab, merges) -> str:
    """Qwen3's parts around this table: ByteLevel pieces (GPT-2's pattern), a BPE of byte characters."""
    return json.dumps({
        "version": "1.0", "truncation": None, "padding": None, "added_tokens": [], "normalizer": None,
        "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False, "use_regex": True},
        "post_processor": None, "decoder": None,
        "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": None,
                  "end_of_word_suffix": None, "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
                  "vocab": vocab, "merges": [list(m) for m in merges]},
    })  # fmt: skip


byte_texts = st.text(st.sampled_from(BYTE_TEXT), max_size=40)


@settings(max_examples=400, deadline=None)
@given(table=byte_level_tables(), text=byte_texts)
def test_the_byte_level_start_changes_no_token(table, text):
    vocab, merges = table
    tok = Tokenizer.from_str(byte_level_json(vocab, merges))
    ranks = {pair: rank for rank, pair in enumerate(merges)}
    want = [t for piece, _ in tok.pre_tokenizer.pre_tokenize_str(text) for t in lowest_rank_merge(list(piece), ranks)]
    assert tok.encode(text).tokens == want


@settings(max_examples=150, deadline=None)
@given(table=byte_level_tables(), text=byte_texts)
def test_the_byte_level_start_is_what_tokenizers_gives(table, text):
    tokenizers = pytest.importorskip("tokenizers")
    source = byte_level_json(*table)
    want, got = tokenizers.Tokenizer.from_str(source).encode(text), Tokenizer.from_str(source).encode(text)
    assert (got.ids, got.tokens, got.offsets) == (want.ids, want.tokens, want.offsets)


def test_a_character_after_a_byte_that_joins_its_first_is_not_started_whole():
    vocab = {c: i for i, c in enumerate(BYTE_CHARS)}
    merges = [("Ġ", "ä"), ("ä", "¸"), ("ä¸", "Ń"), ("Ġä", "¸")]  # Ġ+ä first: " 中" is Ġä¸ Ń, not Ġ 中
    for t in ("ä¸", "ä¸Ń", "Ġä", "Ġä¸"):
        vocab[t] = len(vocab)
    bpe = models.BPE(vocab=vocab, merges=merges)
    assert [bpe.vocab_r[i] for i in bpe._byte_start("中 中")] == ["ä¸Ń", "Ġ", "ä", "¸", "Ń"]
    tok = Tokenizer.from_str(byte_level_json(vocab, merges))
    assert tok.encode("中 中").tokens == ["ä¸Ń", "Ġä¸", "Ń"]


def test_a_character_whose_token_merges_before_its_turn_is_not_started_whole():
    vocab = {c: i for i, c in enumerate(BYTE_CHARS)}
    vocab.update({"b": len(vocab), "ä¸": len(vocab) + 1, "ä¸Ń": len(vocab) + 2, "aä¸Ń": len(vocab) + 3, "ba": len(vocab) + 4})
    merges = [("a", "ä¸Ń"), ("ä", "¸"), ("b", "a"), ("ä¸", "Ń")]  # a+中 ranked before 中 is made
    bpe = models.BPE(vocab=vocab, merges=merges)
    assert [bpe.vocab_r[i] for i in bpe._byte_start("ba中")] == ["b", "a", "ä", "¸", "Ń"]
    ranks = {pair: rank for rank, pair in enumerate(merges)}
    assert lowest_rank_merge(list("baä¸Ń"), ranks) == ["ba", "ä¸Ń"]  # started whole, a+中 would come first
    assert Tokenizer.from_str(byte_level_json(vocab, merges)).encode("ba中").tokens == ["ba", "ä¸Ń"]


def test_a_character_before_a_byte_that_its_last_joins_is_not_started_whole():
    vocab = {c: i for i, c in enumerate(BYTE_CHARS)}
    vocab.update({"ä¸": len(vocab), "ä¸Ń": len(vocab) + 1, "Ńa": len(vocab) + 2})
    merges = [("Ń", "a"), ("ä", "¸"), ("ä¸", "Ń")]  # 中's last byte joins the a after it first
    bpe = models.BPE(vocab=vocab, merges=merges)
    assert [bpe.vocab_r[i] for i in bpe._byte_start("中a中")] == ["ä", "¸", "Ń", "a", "ä¸Ń"]
    assert Tokenizer.from_str(byte_level_json(vocab, merges)).encode("中a中").tokens == ["ä¸", "Ńa", "ä¸Ń"]
