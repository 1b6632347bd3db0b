"""toklab.sentencepiece against the `sentencepiece` package (0.2.1, C++), on the four shipped models:
Llama 1/2 and Mistral (BPE by score, byte fallback), sentencepiece's English and Japanese test models
(Unigram, NFKC charsmap). Ids, pieces, decoded text and the normalized text must be the package's, on
held-out text of several scripts, every code point, hypothesis text, long runs of one character, and
models given user-defined and control pieces; bad files are refused with a ToklabError; the traces
replay to the ids encode gives; the heap BPE is held to the readable one.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.cpython_only  # needs the `sentencepiece` oracle and the fetched .model files

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.spm_models import extra_file, model_file  # noqa: E402
from toklab.errors import ToklabError  # noqa: E402
from toklab.sentencepiece import SentencePieceProcessor  # noqa: E402
from toklab.sentencepiece.bpe import merge_by_score, merge_fast  # noqa: E402
from toklab.sentencepiece.trace import trace  # noqa: E402
from toklab.spm_models import SPM_NAMES, get_sentencepiece  # noqa: E402

S = pytest.importorskip("sentencepiece")
from sentencepiece import sentencepiece_model_pb2 as pb  # noqa: E402

import oracles  # noqa: E402

TEXTS = [
    "Hello world!",
    "今天天气真好",
    "  Hello   world  \t\n tabs\tand\nlines  ",
    "ｈｅｌｌｏ ① ﬁ Ⅻ ㍿ Å ﾊﾟ",
    "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。",
    "I saw a girl with a telescope.",
    "def f(x):\n    return x ** 2  # 😀 👩‍👩‍👧 𝕏",
    "Привет, мир! Γειά σου κόσμε. مرحبا بالعالم שלום עולם नमस्ते दुनिया",
    "<s>hi</s> <unk> <0xE6> ▁▁ ▁",
    "",
    " ",
    "\u3000全角\u3000スペース\u3000",
]


@pytest.fixture(scope="module", params=SPM_NAMES)
def pair(request):
    """(toklab's processor, sentencepiece's) for one shipped model, both from the same pinned file."""
    path = model_file(request.param)
    return request.param, get_sentencepiece(request.param), S.SentencePieceProcessor(model_file=str(path))


def same(ours, theirs, texts: list[str]) -> None:
    """Ids, pieces, decoded text and normalized text the same for every text."""
    ids = theirs.encode(texts)
    assert ours.encode(texts) == ids
    assert ours.encode(texts, out_type=str) == theirs.encode(texts, out_type=str)
    for text, row in zip(texts, ids):
        assert ours.decode(row) == theirs.decode(row), text
    assert ours.normalize(texts) == theirs.normalize(texts)


def test_hello_world_as_the_issue_says():
    llama, mistral = get_sentencepiece("llama2"), get_sentencepiece("mistral")
    assert llama.encode("Hello world!") == [15043, 3186, 29991]
    assert mistral.encode("Hello world!") == [22557, 1526, 28808]
    assert llama.encode("今天天气真好", out_type=str) == ["▁", "今", "天", "天", "<0xE6>", "<0xB0>", "<0x94>", "真", "好"]


def test_hand_picked_texts(pair):
    _, ours, theirs = pair
    same(ours, theirs, TEXTS)


def _chunks(text: str, size: int, count: int) -> list[str]:
    """`count` pieces of `text` of `size` characters each, from its start (a line may be longer than
    a piece: the prose has one line a speech)."""
    return [text[k * size : (k + 1) * size] for k in range(count) if text[k * size : (k + 1) * size]]


@pytest.fixture(scope="module")
def held_out():
    """Text none of the models was trained on, of several scripts: the train lesson's shipped corpora
    (Chinese verse, English prose of the State of the Union addresses), Python's own source, and the
    Unigram models' training text (botchan.txt) for the BPE models."""
    from bench.corpora import python
    from tools.corpora import _poems, _prose

    code, _ = python()
    return {
        "chinese": _chunks(_poems()["text"], 400, 20),
        "english": _chunks(_prose()["text"], 600, 15),
        "python": _chunks("".join(code[:3]), 500, 10),
        "botchan": _chunks(extra_file("botchan.txt").read_text(encoding="utf-8"), 500, 10),
    }


def test_held_out_text(pair, held_out):
    _, ours, theirs = pair
    for kind, texts in held_out.items():
        same(ours, theirs, texts)


def test_every_code_point(pair):
    """oracles.code_points(), 4,096 at a time, and a sample each next to a letter between spaces. Llama 2
    (BPE) and the Japanese model (Unigram) take them all; Mistral (BPE again, as Llama's vocabulary
    differs only in its pieces) and the English model (the same charsmap) one in seven."""
    name, ours, theirs = pair
    points = oracles.code_points()
    if name in ("mistral", "unigram_en"):
        points = points[::7]
    texts = ["".join(map(chr, points[at : at + 4096])) for at in range(0, len(points), 4096)]
    texts.append(" ".join("a" + chr(cp) for cp in points[::97]))
    ids = theirs.encode(texts)
    assert ours.encode(texts) == ids
    assert [ours.decode(row) for row in ids] == theirs.decode(ids)


@pytest.mark.parametrize("text", ["a" * 4000, " " * 3000, "今" * 3000, "ab" * 2000, "▁" * 2000, "😀" * 1000, "\u3000" * 2000])
def test_long_runs_of_one_character(pair, text):
    _, ours, theirs = pair
    same(ours, theirs, [text])


SCRIPTS = st.sampled_from(["abcdefghij ", "ABC xyz.,!?", "今天天气真好你我", "あいうえおカタカナ漢字", "ａｂｃ①②ﬁ㍿", "😀👍🏽\u200d", "<s></s><unk>▁", "\t\n\r \u3000\xa0"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_hypothesis_text(pair, data):
    _, ours, theirs = pair
    alphabet = data.draw(SCRIPTS)
    text = data.draw(st.one_of(st.text(alphabet=alphabet, max_size=40), st.text(st.characters(exclude_categories=["Cs"]), max_size=20)))
    same(ours, theirs, [text])


# -- user-defined and control pieces -------------------------------------------------------------

USER = ["<sep>", "<cls>", "東京", "▁▁", "hello", "<0xZZ>", "ab"]
CONTROL = ["<mask>", "[CTRL]"]


def with_pieces(name: str) -> bytes:
    """The model's file with USER appended as user-defined pieces and CONTROL as control pieces."""
    m = pb.ModelProto()
    m.ParseFromString(model_file(name).read_bytes())
    for piece in USER:
        if piece not in {p.piece for p in m.pieces}:
            m.pieces.add(piece=piece, score=0.0, type=pb.ModelProto.SentencePiece.USER_DEFINED)
    for piece in CONTROL:
        m.pieces.add(piece=piece, score=0.0, type=pb.ModelProto.SentencePiece.CONTROL)
    return m.SerializeToString()


@pytest.mark.parametrize("name", SPM_NAMES)
def test_user_defined_and_control_pieces(name):
    data = with_pieces(name)
    ours, theirs = SentencePieceProcessor(model_proto=data), S.SentencePieceProcessor(model_proto=data)
    texts = ["<sep>Hello<cls>東京<sep><sep> hello world  ab<mask>[CTRL]", "hellohello東京東京<0xZZ><sep>", "a<sep>b ab abab  東京は"]
    same(ours, theirs, texts)
    ids = [ours.piece_to_id(p) for p in CONTROL] + ours.encode("hello<sep>") + [ours.piece_to_id("<mask>")]
    assert ours.decode(ids) == theirs.decode(ids)
    assert ours.is_control(ids) == theirs.is_control(ids)
    assert ours.encode("hi", add_bos=True, add_eos=True) == theirs.encode("hi", add_bos=True, add_eos=True)


def test_vocabulary_queries(pair):
    _, ours, theirs = pair
    n = theirs.vocab_size()
    assert ours.vocab_size() == ours.get_piece_size() == len(ours) == n
    ids = list(range(0, n, 7)) + [0, 1, 2, n - 1]
    assert ours.id_to_piece(ids) == theirs.id_to_piece(ids)
    assert ours.get_score(ids) == theirs.get_score(ids)
    for query in ("is_unknown", "is_control", "is_byte", "is_unused"):
        assert getattr(ours, query)(ids) == getattr(theirs, query)(ids), query
    pieces = theirs.id_to_piece(ids) + ["not a piece", "▁the", "<0xE6>"]
    assert ours.piece_to_id(pieces) == theirs.piece_to_id(pieces)
    assert [ours.unk_id(), ours.bos_id(), ours.eos_id(), ours.pad_id()] == [theirs.unk_id(), theirs.bos_id(), theirs.eos_id(), theirs.pad_id()]
    with pytest.raises(IndexError):
        ours.id_to_piece(n)
    assert ours.decode(theirs.id_to_piece(ids)) == theirs.decode(theirs.id_to_piece(ids))


# -- bad files ------------------------------------------------------------------------------------


def _edited(name: str, edit) -> bytes:
    m = pb.ModelProto()
    m.ParseFromString(model_file(name).read_bytes())
    edit(m)
    return m.SerializeToString()


def _no_unk(m):
    m.pieces[0].type = pb.ModelProto.SentencePiece.NORMAL


def _twice(m):
    m.pieces.add(piece=m.pieces[5].piece, score=0.0)


def _word(m):
    m.trainer_spec.model_type = pb.TrainerSpec.WORD


def _bytes_without_fallback(m):
    m.trainer_spec.byte_fallback = False


def _unused_in_bpe(m):
    m.pieces[400].type = pb.ModelProto.SentencePiece.UNUSED


BAD = {
    "empty": lambda: b"",
    "not a model": lambda: b"This is a text file, not a model.\n",
    "cut short": lambda: model_file("unigram_en").read_bytes()[:5000],
    "no unknown piece": lambda: _edited("unigram_en", _no_unk),
    "a piece twice": lambda: _edited("unigram_en", _twice),
    "a Word model": lambda: _edited("unigram_en", _word),
    "byte pieces without byte_fallback": lambda: _edited("llama2", _bytes_without_fallback),
    "an UNUSED piece in a BPE model": lambda: _edited("llama2", _unused_in_bpe),
}


@pytest.mark.parametrize("what", BAD)
def test_bad_files_are_refused(what):
    data = BAD[what]()
    with pytest.raises(ToklabError) as caught:
        SentencePieceProcessor(model_proto=data) if data else SentencePieceProcessor(model=None).load_from_serialized_proto(data)
    assert "tokenizer.model" in str(caught.value) or "model_type" in str(caught.value) or "UNUSED" in str(caught.value)
    if what not in ("a Word model", "an UNUSED piece in a BPE model"):  # sentencepiece runs these; toklab refuses them, saying so
        with pytest.raises((RuntimeError, OSError)):
            S.SentencePieceProcessor(model_proto=data) if data else S.SentencePieceProcessor().LoadFromSerializedProto(data)


# -- traces and the reference ---------------------------------------------------------------------


@pytest.mark.parametrize("name", SPM_NAMES)
def test_traces_replay_to_the_ids(name):
    sp = get_sentencepiece(name)
    for text in TEXTS + ["<sep> abc  東京 😀"]:
        t = trace(sp, text)
        assert t["ids"] == sp.encode(text) and t["pieces"] == sp.encode(text, out_type=str), text
        if "bpe" in t:
            symbols = list(t["bpe"]["start"])
            for step in t["bpe"]["steps"]:
                chosen = step["candidates"][step["chosen"]]
                assert chosen["score"] == max(c["score"] for c in step["candidates"])
                assert chosen["left"] + chosen["right"] == chosen["merged"] and sp.get_score(sp.piece_to_id(chosen["merged"])) == chosen["score"]
                i = chosen["index"]
                symbols[i : i + 2] = [chosen["merged"]]
                assert symbols == step["symbols"]
            assert "".join(symbols) == t["normalized"]
        else:
            lat = t["lattice"]
            assert [p["piece"] for p in lat["path"]] == [p for p, _ in sp.cut(t["normalized"])]
            assert len(lat["positions"]) == len(t["normalized"])
            for node in (n for pos in lat["positions"] for n in pos["pieces"]):
                assert node.get("unknown") or sp.get_score(node["id"]) == node["logp"]
            if lat["path"]:  # the path's score is its pieces' log-probabilities added up (no user-defined here)
                assert abs(lat["score"] - sum(n["logp"] for pos in lat["positions"] for n in pos["pieces"]
                                               if any(p["start"] == n["start"] and p["end"] == n["end"] for p in lat["path"]))) < 1e-3  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from("aabbc▁"), max_size=30), st.dictionaries(st.text("abc▁", min_size=2, max_size=4), st.sampled_from([-1.0, -2.0, -3.0, -2.5]), max_size=12), st.sets(st.integers(0, 29), max_size=4))
def test_the_heap_merges_as_the_reference(symbols, scores, frozen):
    frozen = frozenset(i for i in frozen if i < len(symbols))
    assert merge_fast(symbols, scores, frozen) == merge_by_score(symbols, scores, frozen)


def test_a_charsmap_that_grows_a_text_without_bound_is_refused():
    """SentencePiece's normalizer applies the charsmap prefix by prefix, and one key may be replaced by a
    string as long as the blob ("a" -> 1,000 b's: 10^9 bytes of a million a's). toklab.sentencepiece grows
    a text at most GROWTH times its bytes (toklab.growth), and says so with a declared error."""
    from toklab.growth import GROWTH, growth_limit
    from toklab.sentencepiece.charsmap import CharsMap
    from toklab.sentencepiece.modelproto import NormalizerSpec
    from toklab.sentencepiece.normalizer import Normalizer

    built = CharsMap.build({"a": "b" * 1000, "c": "dd"})
    blob = struct.pack(f"<I{len(built.units)}I", 4 * len(built.units), *built.units) + built.strings
    normalizer = Normalizer(NormalizerSpec(precompiled_charsmap=blob))
    with pytest.raises(ToklabError) as info:
        normalizer.normalize("x" * 50 + "a" * 100)
    assert info.value.code == "spm_normalized_too_long"
    assert info.value.params == {"length": 150, "limit": growth_limit(150), "growth": GROWTH}
    assert normalizer.normalize("x c" * 100) == "▁" + ("x c" * 100).replace("c", "dd").replace(" ", "▁")  # within the bound
