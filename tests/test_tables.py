"""The one table protocol (toklab.tables, issue 35): every table the lessons offer answers overview,
trace_piece, decode, special and model_row the same way, its family named; the SentencePiece tables'
answers against `sentencepiece` (the oracle, CPython), their shapes against the protocol's types."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.cpython_only  # needs the `sentencepiece` oracle and the fetched .model files

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from contract import check  # noqa: E402
from tools.spm_models import model_file  # noqa: E402
from toklab import protocol, webapi  # noqa: E402
from toklab.spm_models import SPM_MODELS, SPM_NAMES  # noqa: E402

S = pytest.importorskip("sentencepiece")

TEXTS = [
    "Hello world!",
    "今天天气真好",
    "  Hello   world  \t\n tabs\tand\nlines  ",
    "ｈｅｌｌｏ ① ﬁ Ⅻ ㍿ Å ﾊﾟ",
    "吾輩は猫である。名前はまだ無い。",
    "def f(x):\n    return x ** 2  # 😀 👩‍👩‍👧 𝕏",
    "<s>hi</s> <unk> <0xE6> ▁▁ ▁",
    " ",
    "🦄🍣 ok",
]


def ok(kind: str, **payload) -> dict:
    answer = json.loads(webapi.handle(kind, json.dumps(payload)))
    assert answer["ok"], answer
    return answer["result"]


@pytest.fixture(scope="module", params=SPM_NAMES)
def model(request):
    return request.param, S.SentencePieceProcessor(model_file=str(model_file(request.param)))


def test_no_table_is_asked_its_type():
    """webapi holds every table on the one protocol: no branch on a table's type name is left."""
    source = Path(webapi.__file__).read_text(encoding="utf-8")
    assert '__name__ == "' not in source and "_is_open" not in source and "isinstance(enc" not in source


@pytest.mark.parametrize("text", TEXTS)
def test_overview_of_a_sentencepiece_table_is_sentencepieces_encode(model, text):
    name, oracle = model
    view = ok("overview", text=text, encoding=name)
    check(view, protocol.Overview)
    assert view["ids"] == oracle.encode(text)
    assert [t for p in view["pieces"] for t in p["tokens"]] == oracle.encode(text, out_type=str)
    assert view["family"] == ("spm_bpe" if SPM_MODELS[name].family == "SentencePiece BPE" else "unigram")
    assert view["model"]["family"] == view["family"] and view["model"]["name"] == name
    assert view["model"]["licence"] == SPM_MODELS[name].licence
    assert view["n_vocab"] == oracle.get_piece_size()
    for p in view["pieces"]:  # one byte span per token, end to end over the piece (a run of unknown characters is one)
        assert len(p["spans"]) == len(p["tokens"]) == len(p["texts"])
        assert p["spans"][0][0] == 0 and p["spans"][-1][1] == len(p["bytes"])
        assert all(a[1] == b[0] for a, b in zip(p["spans"], p["spans"][1:]))


@pytest.mark.parametrize("text", TEXTS[:5])
def test_each_word_traced_ends_in_the_answers_pieces(model, text):
    """BPE: each step merges the candidate with the highest score (leftmost on a tie), its rank the
    lowest; Unigram: the lattice's path is the answer's pieces, each on it marked best."""
    name, oracle = model
    view = ok("overview", text=text, encoding=name)
    for p in view["pieces"]:
        traced = ok("trace_piece", text=text, index=p["index"], encoding=name)
        assert traced["ids"] == p["ids"] and traced["family"] == view["family"]
        if view["family"] == "spm_bpe":
            symbols = traced["symbols"]
            for step in traced["steps"]:
                scores = [c["score"] for c in step["scored"]]
                best = max(scores)
                assert step["score"] == best and step["position"] == step["scored"][scores.index(best)]["position"]
                ranked = [r for r in step["candidates"] if r is not None]
                assert step["rank"] == min(ranked) and step["candidates"].index(step["rank"]) == step["position"]
                symbols = step["symbols"]
            pieces = [oracle.id_to_piece(i) for i in p["ids"]]
            assert "".join(symbols) == "".join(s for s in pieces if not s.startswith("<0x")) or any(traced["fallback"])
        else:
            lattice = traced["lattice"]
            chosen = [n["piece"] for pos in lattice["positions"] for n in pos["pieces"] if n["best"]]
            assert chosen == [q["piece"] for q in lattice["path"]]
            if not any(n["unknown"] for pos in lattice["positions"] for n in pos["pieces"] if n["best"]):
                assert lattice["ids"] == p["ids"]
            check(lattice, protocol.Lattice)
            for pos in lattice["positions"]:
                for n in pos["pieces"]:
                    if not n["unknown"]:
                        assert math.isclose(n["logp"], oracle.get_score(n["id"]), abs_tol=1e-6)


def test_llama2_falls_back_to_bytes_for_qi():
    """今天天气真好: Llama 2 writes 气 as the three bytes of its UTF-8 (the vocabulary lacks it)."""
    oracle = S.SentencePieceProcessor(model_file=str(model_file("llama2")))
    row = ok("model_row", text="今天天气真好", encoding="llama2")
    assert row["n_tokens"] == len(oracle.encode("今天天气真好")) and row["family"] == "spm_bpe"
    assert row["forms"] == oracle.encode("今天天气真好", out_type=str)
    assert [row["labels"][k] for k, f in enumerate(row["forms"]) if f.startswith("<0x")] == ["E6", "B0", "94"]
    assert row["vocab_size"] == oracle.get_piece_size()


def test_decode_and_special_with_a_sentencepiece_table(model):
    name, oracle = model
    ids = oracle.encode("Hello world! 今天")
    decoded = ok("decode", ids=json.dumps(ids), encoding=name)
    check(decoded, protocol.Decoded)
    assert decoded["text"] == oracle.decode(ids)
    views = ok("special", text="a <s> b", encoding=name)
    check(views, protocol.SpecialViews)
    assert views["allowed"]["ids"] == oracle.encode("a <s> b")


@pytest.mark.parametrize("name", ["r50k_base", "minimind", "gemma3"])
def test_every_other_table_names_its_family(name):
    view = ok("overview", text="hello 今天", encoding=name)
    assert view["family"] == {"r50k_base": "byte_level_bpe", "minimind": "byte_level_bpe", "gemma3": "char_bpe"}[name]
    if view["model"] is not None:
        assert view["model"]["family"] == view["family"]
        assert ok("tokenizer_facts", encoding=name)["family"] == view["family"]


# --- the reader's own SentencePiece file (issue 38: "Your file" takes a tokenizer.model) --------------


def _open_model_file(name: str, data: bytes, title: str = "tokenizer.model") -> dict:
    import base64

    return ok("tokenizer_model_file", data=base64.b64encode(data).decode("ascii"), name=title)


def test_a_readers_tokenizer_model_is_the_custom_table_and_cuts_as_sentencepiece(model):
    """Opened from its bytes (as the page sends them), any of the shipped .model files becomes the table
    "custom", titled by the file's name, and cuts every text as sentencepiece does."""
    name, oracle = model
    opened = _open_model_file(name, model_file(name).read_bytes(), f"{name}.model")
    check(opened, protocol.TokenizerFile)
    assert opened["model"] == ("SentencePiece BPE" if SPM_MODELS[name].family.endswith("BPE") else "SentencePiece Unigram")
    assert opened["makeup"]["total"] == opened["facts"]["vocab_size"] == oracle.get_piece_size()
    assert opened["facts"]["title"] == f"{name}.model" and opened["facts"]["name"] == "custom"
    controls = [i for i in range(oracle.get_piece_size()) if oracle.is_control(i)]
    assert opened["makeup"]["special"] == len(controls)
    for text in TEXTS:
        assert ok("overview", text=text, encoding="custom")["ids"] == oracle.encode(text), text
        row = ok("model_row", text=text, encoding="custom")
        check(row, protocol.ModelRow)
        assert row["n_tokens"] == len(oracle.encode(text)) and row["makeup"] == opened["makeup"]


@pytest.mark.parametrize("data, reason", [
    (b"", "empty"),
    (b"{\"model\": {}}", "tokenizer.model"),  # a tokenizer.json given as a .model
    (b"\x0a\x05\x0a\x01a\x15", "tokenizer.model"),  # a piece cut short
])  # fmt: skip
def test_a_file_that_is_not_a_sentencepiece_model_is_refused_and_the_one_before_stays(data, reason):
    first = _open_model_file("unigram_en", model_file("unigram_en").read_bytes(), "first.model")
    answer = json.loads(webapi.handle("tokenizer_model_file", json.dumps({"data": __import__("base64").b64encode(data).decode(), "name": "bad.model"})))
    assert not answer["ok"] and answer["error"]["code"].startswith("hf_"), answer
    assert reason in json.dumps(answer["error"])
    assert ok("tokenizer_facts", encoding="custom")["title"] == "first.model" == first["facts"]["title"]


def test_base64_that_is_not_base64_is_refused():
    answer = json.loads(webapi.handle("tokenizer_model_file", json.dumps({"data": "not base64!", "name": "x.model"})))
    assert not answer["ok"] and "base64" in json.dumps(answer["error"])
