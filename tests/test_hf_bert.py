"""BERT's parts and the rest of `tokenizers`' small parts in toklab.hf, against `tokenizers` itself.

The normalizers (BertNormalizer in each setting, Strip, StripAccents, Nmt), the pre-tokenizers
(BertPreTokenizer, UnicodeScripts, CharDelimiterSplit, FixedLength), the WordPiece and WordLevel models,
the decoders (WordPiece, BPEDecoder, CTC) and a whole BERT tokenizer (pairs, truncation, padding,
offsets, word ids) give what `tokenizers` 0.23.3 gives, on hypothesis text; WordPiece's longest-match
trace ends in the tokens `tokenize` gives.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toklab.hf import Tokenizer, decoders, models, normalizers, pre_tokenizers, processors
from toklab.hf.wordpiece import longest_match

tk = pytest.importorskip("tokenizers")

pytestmark = pytest.mark.cpython_only

# Text with what BERT's parts look at: accents, CJK, control and format characters, odd spaces, punctuation.
ALPHABET = st.sampled_from(list("aAéÉüñ çÇ你好世界ひらカタ한국\t\n\r\x00\x07\u200b\u00ad\ufeff\ufffd\u00a0\u3000\u2028.,!?'-##()$") + ["e\u0301", "\U0001F600", "\U00020001", "Ⅻ", "ﬁ"])
TEXT = st.lists(ALPHABET, max_size=24).map("".join)
WORDS = ["the", "un", "##aff", "##able", "hug", "##s", "##ging", "你", "好", "!", ".", "a", "##a", "é", "##é", "cafe", "##e"]


def bert_pair():
    """The same BERT tokenizer in toklab.hf and in tokenizers (a small vocabulary: unknown words are many)."""
    vocab = {t: i for i, t in enumerate(["[PAD]", "[UNK]", "[CLS]", "[SEP]", *WORDS])}
    out = []
    for lib in (tk, None):
        m = (lib.models if lib else models).WordPiece(vocab, unk_token="[UNK]", max_input_chars_per_word=12)
        tok = (lib.Tokenizer if lib else Tokenizer)(m)
        tok.normalizer = (lib.normalizers if lib else normalizers).BertNormalizer()
        tok.pre_tokenizer = (lib.pre_tokenizers if lib else pre_tokenizers).BertPreTokenizer()
        tok.post_processor = (lib.processors if lib else processors).BertProcessing(("[SEP]", 3), ("[CLS]", 2))
        tok.decoder = (lib.decoders if lib else decoders).WordPiece()
        tok.add_special_tokens(["[PAD]", "[UNK]", "[CLS]", "[SEP]"])
        out.append(tok)
    return out


THEIRS, OURS = bert_pair()


def columns(e):
    return e.ids, e.tokens, e.offsets, e.type_ids, e.word_ids, e.special_tokens_mask, e.attention_mask, [o.ids for o in e.overflowing]


@settings(max_examples=150)
@given(TEXT, st.booleans(), st.booleans(), st.sampled_from([None, True, False]), st.booleans())
def test_bert_normalizer_as_tokenizers(text, clean, chinese, accents, lower):
    args = dict(clean_text=clean, handle_chinese_chars=chinese, strip_accents=accents, lowercase=lower)
    assert normalizers.BertNormalizer(**args).normalize_str(text) == tk.normalizers.BertNormalizer(**args).normalize_str(text)


@settings(max_examples=100)
@given(TEXT)
def test_small_normalizers_as_tokenizers(text):
    for name, args in [("Strip", {}), ("Strip", {"left": False}), ("StripAccents", {}), ("Nmt", {})]:
        assert getattr(normalizers, name)(**args).normalize_str(text) == getattr(tk.normalizers, name)(**args).normalize_str(text), name
    nfd = normalizers.Sequence([normalizers.NFD(), normalizers.StripAccents()])
    assert nfd.normalize_str(text) == tk.normalizers.Sequence([tk.normalizers.NFD(), tk.normalizers.StripAccents()]).normalize_str(text)


@settings(max_examples=150)
@given(TEXT)
def test_pre_tokenizers_as_tokenizers(text):
    for name, args in [("BertPreTokenizer", {}), ("UnicodeScripts", {}), ("CharDelimiterSplit", {"delimiter": "a"}), ("FixedLength", {"length": 3})]:
        ours, theirs = getattr(pre_tokenizers, name)(**args), getattr(tk.pre_tokenizers, name)(**args)
        assert ours.pre_tokenize_str(text) == theirs.pre_tokenize_str(text), name


def test_unicode_scripts_over_every_plane():
    """A sample of every 61st code point, in runs of mixed scripts, cut as tokenizers cuts them."""
    points = [c for c in range(0x21, 0x110000, 61) if not 0xD800 <= c < 0xE000]
    rng = random.Random(35)
    ours, theirs = pre_tokenizers.UnicodeScripts(), tk.pre_tokenizers.UnicodeScripts()
    for _ in range(300):
        text = "".join(chr(rng.choice(points)) for _ in range(rng.randrange(1, 10)))
        assert ours.pre_tokenize_str(text) == theirs.pre_tokenize_str(text), repr(text)


@settings(max_examples=150)
@given(TEXT, st.one_of(st.none(), TEXT))
def test_a_bert_tokenizer_encodes_as_tokenizers(text, pair):
    assert columns(OURS.encode(text, pair)) == columns(THEIRS.encode(text, pair))
    ids = THEIRS.encode(text, pair).ids
    assert OURS.decode(ids) == THEIRS.decode(ids)
    assert OURS.decode(ids, skip_special_tokens=False) == THEIRS.decode(ids, skip_special_tokens=False)


@pytest.mark.parametrize("strategy", ["longest_first", "only_first"])
@pytest.mark.parametrize("direction", ["right", "left"])
def test_truncation_and_padding_as_tokenizers(strategy, direction):
    texts = [("hugs hugging the unaffable", "你好 cafe!"), ("a", "the the the the the the"), ("é é é é é é é", "a")]
    for ours, theirs in ((OURS, THEIRS),):
        for tok in (ours, theirs):
            tok.enable_truncation(11, stride=1, strategy=strategy, direction=direction)
            tok.enable_padding(pad_id=0, pad_token="[PAD]", pad_to_multiple_of=3)
        try:
            for first, second in texts:
                try:
                    want = [columns(e) for e in theirs.encode_batch([(first, second), first])]
                except Exception:
                    with pytest.raises(ValueError):
                        ours.encode_batch([(first, second), first])
                    continue
                assert [columns(e) for e in ours.encode_batch([(first, second), first])] == want
            assert ours.truncation == theirs.truncation and ours.padding == theirs.padding
        finally:
            for tok in (ours, theirs):
                tok.no_truncation()
                tok.no_padding()


def test_pretokenized_input_as_tokenizers():
    words = ["Hugs", "unaffable", "你好!", "x"]
    assert columns(OURS.encode(words, is_pretokenized=True)) == columns(THEIRS.encode(words, is_pretokenized=True))
    assert columns(OURS.encode(words, words[:2], is_pretokenized=True)) == columns(THEIRS.encode(words, words[:2], is_pretokenized=True))


@settings(max_examples=150)
@given(st.lists(st.sampled_from(["My", "na", "##me", "'m", "Jo", "##hn", ".", "?", " ,", "do", "not", "<pad>", "|", "h", "e", "e", "</w>", "a</w>", "n't", "s"]), max_size=12))
def test_decoders_as_tokenizers(tokens):
    pairs = [(decoders.WordPiece(), tk.decoders.WordPiece()), (decoders.WordPiece("__", False), tk.decoders.WordPiece("__", False)),
             (decoders.BPEDecoder(), tk.decoders.BPEDecoder()), (decoders.CTC(), tk.decoders.CTC()),
             (decoders.CTC("|", "e", False), tk.decoders.CTC("|", "e", False))]  # fmt: skip
    for ours, theirs in pairs:
        assert ours.decode(tokens) == theirs.decode(tokens), ours


@settings(max_examples=150)
@given(st.text(alphabet="abcdefghé你", max_size=14))
def test_wordpiece_and_wordlevel_models_as_tokenizers(word):
    vocab = {t: i for i, t in enumerate(["[UNK]", "a", "ab", "abc", "##b", "##c", "##bc", "##d", "d", "é", "##é", "你", "##你", "##e", "e"])}
    ours, theirs = models.WordPiece(vocab, max_input_chars_per_word=10), tk.models.WordPiece(vocab, max_input_chars_per_word=10)
    assert [tuple(t) for t in ours.tokenize(word)] == [(t.id, t.value, t.offsets) for t in theirs.tokenize(word)] or not word.isascii()
    assert [t.id for t in ours.tokenize(word)] == [t.id for t in theirs.tokenize(word)]
    trace = longest_match(vocab, word, max_chars=10)
    assert [t["id"] for t in trace["tokens"]] == [t.id for t in ours.tokenize(word)]
    wl = {"[UNK]": 0, "ab": 1, word: 2}
    assert [t.id for t in models.WordLevel(wl, "[UNK]").tokenize(word)] == [t.id for t in tk.models.WordLevel(wl, "[UNK]").tokenize(word)]


def test_the_longest_match_trace_tries_from_the_longest_down():
    trace = longest_match({"[UNK]": 0, "un": 1, "##aff": 2, "##able": 3}, "unaffable")
    assert [a["piece"] for a in trace["attempts"]][:8] == ["unaffable", "unaffabl", "unaffab", "unaffa", "unaff", "unaf", "una", "un"]
    assert [(a["piece"], a["found"]) for a in trace["attempts"]][8:] == [("##affable", False), ("##affabl", False), ("##affab", False), ("##affa", False), ("##aff", True), ("##able", True)]
    assert trace["unk"] is None and [t["token"] for t in trace["tokens"]] == ["un", "##aff", "##able"]
    assert longest_match({"[UNK]": 0, "a": 1}, "a" * 101)["unk"] == "too_long"
