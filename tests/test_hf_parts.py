"""Each part of toklab.hf against the same part built with HuggingFace `tokenizers`' Python API.

Small tokenizers made in the test (no file needed): Split's behaviours and invert, Metaspace, Digits,
Whitespace, Punctuation, the normalizers (with their alignments, seen through offsets), BPE's unknown
tokens, byte fallback, prefixes and suffixes, ignore_merges, added tokens with single_word, lstrip and
rstrip, and the decoders. Plus the translated Oniguruma patterns held to `regex` with hypothesis.
"""

import json

import pytest

tokenizers = pytest.importorskip("tokenizers")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from toklab import hf  # noqa: E402
from toklab.hf import decoders, models, normalizers, pre_tokenizers  # noqa: E402

pytestmark = pytest.mark.cpython_only

TEXTS = [
    "", " ", "Hello  world, it's 2026!\n\nNew\tline 3.14 ٣", "  lead and trail  ", "a▁b ▁ c", "x1y22z333",
    "e\u0301 A\u030a \u1e0a\u0323 \u0344 ﬁ Ω Å", "İstanbul ẞ ΣΑΣ", "你好，世界！ 日本語。", "😀 !! ?? ...", "\u00a0\u2003x\u3000y",
]
ALPHABET = st.sampled_from(list("ab AB1 2!.,'\n\t_") + ["\u0301", "\u0323", "é", "中", "😀", "▁", "\u3000", "\x1c", "ſ", "K"])
SOME_TEXT = st.text(ALPHABET, max_size=24) | st.text(max_size=12)


def both(config: dict):
    """The same tokenizer.json loaded by tokenizers and by toklab.hf."""
    text = json.dumps(config)
    return tokenizers.Tokenizer.from_str(text), hf.Tokenizer.from_str(text)


def base_config(**parts) -> dict:
    vocab = {chr(c): i for i, c in enumerate(sorted({ord(c) for t in TEXTS for c in t} | set(range(32, 127)) | {0x2581, 0x120, 0x10A}))}
    vocab["<unk>"] = len(vocab)
    config = {
        "version": "1.0", "truncation": None, "padding": None, "added_tokens": [], "normalizer": None,
        "pre_tokenizer": None, "post_processor": None, "decoder": None,
        "model": {"type": "BPE", "dropout": None, "unk_token": "<unk>", "continuing_subword_prefix": None,
                  "end_of_word_suffix": None, "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
                  "vocab": vocab, "merges": []},
    }  # fmt: skip
    config.update(parts)
    return config


def same(oracle, mine, text):
    want, got = oracle.encode(text), mine.encode(text)
    assert (got.ids, got.tokens, got.offsets) == (want.ids, want.tokens, want.offsets), text


def pre_config(pre):
    return base_config(pre_tokenizer=pre)


SPLITS = [
    {"type": "Split", "pattern": {"String": " "}, "behavior": b, "invert": inv}
    for b in ("Removed", "Isolated", "MergedWithPrevious", "MergedWithNext", "Contiguous") for inv in (False, True)
] + [
    {"type": "Split", "pattern": {"Regex": r"\s+|\p{P}"}, "behavior": b, "invert": inv}
    for b in ("Removed", "Isolated", "MergedWithPrevious", "MergedWithNext", "Contiguous") for inv in (False, True)
]  # fmt: skip
OTHER_PRE = [
    {"type": "Metaspace", "replacement": "▁", "prepend_scheme": s, "split": sp} for s in ("always", "first", "never") for sp in (True, False)
] + [
    {"type": "Digits", "individual_digits": True}, {"type": "Digits", "individual_digits": False}, {"type": "Whitespace"},
    {"type": "WhitespaceSplit"}, {"type": "Punctuation", "behavior": "Isolated"}, {"type": "Punctuation", "behavior": "MergedWithNext"},
    {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True},
    {"type": "Sequence", "pretokenizers": [{"type": "WhitespaceSplit"}, {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "first", "split": True}]},
]  # fmt: skip


@pytest.mark.parametrize("pre", SPLITS + OTHER_PRE, ids=lambda p: json.dumps(p)[:70])
def test_pre_tokenizer_pieces_and_encodings(pre):
    oracle, mine = both(pre_config(pre))
    for text in TEXTS:
        assert mine.pre_tokenizer.pre_tokenize_str(text) == oracle.pre_tokenizer.pre_tokenize_str(text), text
        same(oracle, mine, text)


@settings(max_examples=60, deadline=None)
@given(text=SOME_TEXT)
def test_pre_tokenizers_on_any_text(text):
    for pre in SPLITS[::3] + OTHER_PRE[::2]:
        oracle, mine = _CACHE.setdefault(json.dumps(pre), both(pre_config(pre)))
        assert mine.pre_tokenizer.pre_tokenize_str(text) == oracle.pre_tokenizer.pre_tokenize_str(text), (pre, text)


_CACHE: dict = {}
NORMALIZERS = [
    {"type": "NFC"}, {"type": "NFD"}, {"type": "NFKC"}, {"type": "NFKD"}, {"type": "Lowercase"},
    {"type": "Replace", "pattern": {"String": " "}, "content": "▁"}, {"type": "Replace", "pattern": {"String": "ab"}, "content": "x"},
    {"type": "Replace", "pattern": {"Regex": r"\s+"}, "content": " "}, {"type": "Prepend", "prepend": "▁"},
    {"type": "Sequence", "normalizers": [{"type": "Prepend", "prepend": "▁"}, {"type": "Replace", "pattern": {"String": " "}, "content": "▁"}]},
    {"type": "Sequence", "normalizers": [{"type": "NFD"}, {"type": "Lowercase"}, {"type": "NFC"}]},
]  # fmt: skip


@pytest.mark.parametrize("norm", NORMALIZERS, ids=lambda n: json.dumps(n)[:60])
def test_normalizers_and_their_offsets(norm):
    pre = {"type": "Split", "pattern": {"Regex": "."}, "behavior": "Isolated", "invert": False}
    oracle, mine = both(base_config(normalizer=norm, pre_tokenizer=pre))
    for text in TEXTS + ["ab ab", "\u0958\u0344\u0f73", "\U00011935\U00011930", "\u1100\u1161\u11a8"]:
        assert mine.normalizer.normalize_str(text) == oracle.normalizer.normalize_str(text), text
        same(oracle, mine, text)


@settings(max_examples=80, deadline=None)
@given(text=st.text(st.sampled_from([chr(c) for c in range(0x300, 0x350)] + list("aeAE ") + ["\u0344", "\u1e0a", "\u0f73", "\uac00", "\u11a8", "ﬁ"]), max_size=10))
def test_unicode_forms_align_as_tokenizers_does(text):
    pre = {"type": "Split", "pattern": {"Regex": "."}, "behavior": "Isolated", "invert": False}
    for form in ("NFC", "NFD", "NFKC", "NFKD"):
        oracle, mine = _CACHE.setdefault(form, both(base_config(normalizer={"type": form}, pre_tokenizer=pre)))
        same(oracle, mine, text)


def bpe_config(**model):
    vocab = {"<unk>": 0, "a": 1, "b": 2, "c": 3, "ab": 4, "abc": 5, "##b": 6, "##c": 7, "a##b": 8, "c</w>": 9, "abc</w>": 10,
             "<0x61>": 11, "<0xE4>": 12, "<0xB8>": 13, "<0xAD>": 14, "bc": 15}  # fmt: skip
    base = {"type": "BPE", "dropout": None, "unk_token": "<unk>", "continuing_subword_prefix": None, "end_of_word_suffix": None,
            "fuse_unk": False, "byte_fallback": False, "ignore_merges": False, "vocab": vocab, "merges": [["a", "b"], ["ab", "c"]]}  # fmt: skip
    base.update(model)
    return base_config(model=base, pre_tokenizer={"type": "WhitespaceSplit"})


BPES = [
    {}, {"fuse_unk": True}, {"byte_fallback": True}, {"byte_fallback": True, "fuse_unk": True}, {"unk_token": None},
    {"merges": ["a b", "ab c"]}, {"ignore_merges": True, "merges": [["b", "c"]]},
    {"continuing_subword_prefix": "##", "merges": [["a", "##b"]]},
    {"end_of_word_suffix": "</w>", "merges": [["a", "b"], ["ab", "c</w>"]]},
    {"merges": [["b", "c"], ["a", "b"], ["ab", "c"]]},
]  # fmt: skip


@pytest.mark.parametrize("model", BPES, ids=lambda m: json.dumps(m)[:60])
def test_bpe_options(model):
    oracle, mine = both(bpe_config(**model))
    for text in ["abc", "ab abc abcab", "xyz abxc", "中中 a中b", "abcabcabc" * 20, "", "cab bca", "ééa"]:
        same(oracle, mine, text)
        assert mine.decode(oracle.encode(text).ids) == oracle.decode(oracle.encode(text).ids)


@settings(max_examples=100, deadline=None)
@given(text=st.text(st.sampled_from("abc x中"), max_size=80))
def test_bpe_options_on_any_text(text):
    for model in BPES:
        oracle, mine = _CACHE.setdefault(json.dumps(model), both(bpe_config(**model)))
        same(oracle, mine, text)


ADDED = [
    {"id": 100, "content": "<sw>", "single_word": True, "lstrip": False, "rstrip": False, "normalized": False, "special": True},
    {"id": 101, "content": "<l>", "single_word": False, "lstrip": True, "rstrip": False, "normalized": False, "special": False},
    {"id": 102, "content": "<r>", "single_word": False, "lstrip": False, "rstrip": True, "normalized": False, "special": True},
    {"id": 103, "content": "ab", "single_word": False, "lstrip": False, "rstrip": False, "normalized": True, "special": False},
    {"id": 104, "content": "AB C", "single_word": False, "lstrip": True, "rstrip": True, "normalized": True, "special": False},
    {"id": 105, "content": "<r><l>", "single_word": False, "lstrip": False, "rstrip": False, "normalized": False, "special": False},
]  # fmt: skip


def added_pair():
    return both(base_config(added_tokens=ADDED, normalizer={"type": "Lowercase"}, pre_tokenizer={"type": "Whitespace"}))


@settings(max_examples=150, deadline=None)
@given(parts=st.lists(st.sampled_from(["<sw>", "<l>", "<r>", "ab", "AB C", "ab c", "<r><l>", " ", "  ", "x", "\n", "A", "B"]), max_size=10))
def test_added_tokens_single_word_lstrip_rstrip(parts):
    oracle, mine = _CACHE.setdefault("added", added_pair())
    text = "".join(parts)
    same(oracle, mine, text)
    for skip in (True, False):
        ids = oracle.encode(text).ids
        assert mine.decode(ids, skip_special_tokens=skip) == oracle.decode(ids, skip_special_tokens=skip)


def test_add_tokens_assigns_ids_as_tokenizers_does():
    oracle, mine = both(base_config())
    for tok in (oracle, mine):
        assert tok.add_tokens(["zz", "a", "zz", ""]) in (2,)
        assert tok.add_special_tokens(["<s>", "zz"]) == 2
    for t in ("zz", "a", "<s>"):
        assert mine.token_to_id(t) == oracle.token_to_id(t)
    assert mine.get_vocab_size() == oracle.get_vocab_size()
    assert mine.encode("xzz<s>a").ids == oracle.encode("xzz<s>a").ids
    assert mine.decode(mine.encode("xzz<s>a").ids) == oracle.decode(oracle.encode("xzz<s>a").ids)


DECODERS = [
    {"type": "Strip", "content": " ", "start": 1, "stop": 1}, {"type": "Strip", "content": "a", "start": 2, "stop": 0},
    {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always", "split": True},
    {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "never", "split": True},
    {"type": "ByteFallback"}, {"type": "Fuse"}, {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True},
    {"type": "Replace", "pattern": {"String": "▁"}, "content": " "}, {"type": "Replace", "pattern": {"Regex": "a+"}, "content": "-"},
    {"type": "Sequence", "decoders": [{"type": "Replace", "pattern": {"String": "▁"}, "content": " "}, {"type": "ByteFallback"}, {"type": "Fuse"}, {"type": "Strip", "content": " ", "start": 1, "stop": 0}]},
]  # fmt: skip
TOKEN_LISTS = [[], ["▁a", "b▁", "  aa "], ["<0xE4>", "<0xB8>", "<0xAD>", "x", "<0xFF>", "<0x+A>", "<0xe4>"], ["aaa", "a", " a "], ["Ġhi", "Ċ", "ä½ł"]]


@pytest.mark.parametrize("dec", DECODERS, ids=lambda d: json.dumps(d)[:60])
def test_decoders(dec):
    oracle = tokenizers.Tokenizer.from_str(json.dumps(base_config(decoder=dec))).decoder
    mine = decoders.from_config(dec)
    for tokens in TOKEN_LISTS:
        assert mine.decode(tokens) == oracle.decode(tokens), tokens


def test_parts_are_constructed_as_in_tokenizers():
    tok = hf.Tokenizer(models.BPE())
    assert tok.encode("abc").ids == [] and tok.get_vocab_size() == 0
    tok = hf.Tokenizer(models.BPE(vocab={"a": 0, "b": 1, "ab": 2}, merges=[("a", "b")]))
    tok.normalizer = normalizers.Sequence([normalizers.NFC(), normalizers.Lowercase()])
    tok.pre_tokenizer = pre_tokenizers.Sequence([pre_tokenizers.Split(hf.Regex(r"\p{L}+"), "isolated"), pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)])
    tok.decoder = decoders.ByteLevel()
    assert tok.encode("AB").tokens == ["ab"]
    again = tokenizers.Tokenizer.from_str(tok.to_str())
    assert again.encode("ABab").ids == tok.encode("ABab").ids
    assert sorted(pre_tokenizers.ByteLevel.alphabet()) == sorted(tokenizers.pre_tokenizers.ByteLevel.alphabet())


PATTERNS = [
    r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+",
    "[!\"#$%&'()*+,\\-./:;<=>?@\\[\\\\\\]^_`{|}~][A-Za-z]+|[^\r\n\\p{L}\\p{P}\\p{S}]?[\\p{L}\\p{M}]+| ?[\\p{P}\\p{S}]+[\r\n]*|\\s*[\r\n]+|\\s+(?!\\S)|\\s+",
    "[\u4e00-\u9fa5\u3040-\u309f\u30a0-\u30ff]+", r"\p{N}{1,3}", r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+",
]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(text=st.text(st.sampled_from(list("aZ 1'sStT\r\n\t.!,-[]\\_`") + ["é", "中", "ひ", "カ", "٣", "\u0301", "😀", "\u3000", "\x1c", "\x85", "ſ", "K", "ǅ"]), max_size=30))
def test_translated_patterns_find_what_regex_finds(text):
    """On characters both Unicode versions agree on (`regex` knows Unicode 17, Oniguruma an older one:
    the test below holds any text to Oniguruma itself)."""
    regex = pytest.importorskip("regex")
    for pattern in PATTERNS:
        compiled = _CACHE.setdefault(("re", pattern), hf.Regex(pattern).compiled)
        assert [m.group() for m in compiled.finditer(text)] == [m.group() for m in regex.finditer(pattern, text)], (pattern, text)


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=20))
def test_translated_patterns_find_what_oniguruma_finds(text):
    for pattern in PATTERNS:
        if ("split", pattern) not in _CACHE:
            _CACHE["split", pattern] = (tokenizers.pre_tokenizers.Split(tokenizers.Regex(pattern), "isolated"), pre_tokenizers.Split(hf.Regex(pattern), "isolated"))
        oracle, mine = _CACHE["split", pattern]
        assert mine.pre_tokenize_str(text) == oracle.pre_tokenize_str(text)
