"""The models lesson's engine answers (toklab.model_rows, webapi model_row and tokenizer_file) against
HuggingFace `tokenizers` and tiktoken, and MiniMind's vocabulary make-up counted from its file."""

import json
from pathlib import Path

import pytest

from toklab import webapi
from toklab.model_rows import is_han

ROOT = Path(__file__).resolve().parent.parent
MINIMIND = ROOT / "assets" / "minimind" / "tokenizer.json"
TEXTS = ["今天天气真好", "Hello world, it's 2024!", "def f(x):\n    return x ** 2\n", "我爱 北京 ok 🦄 é", ""]


def row(text, encoding):
    answer = json.loads(webapi.handle("model_row", json.dumps({"text": text, "encoding": encoding})))
    assert answer["ok"], answer
    return answer["result"]


def test_minimind_makeup_is_counted_from_its_file():
    makeup = row("x", "minimind")["makeup"]
    assert makeup == {"added": 36, "special": 21, "added_first": 0, "added_last": 35, "base": 256,
                      "merges": 6108, "merged": 6108, "total": 6400}
    assert makeup["added"] + makeup["base"] + makeup["merges"] == makeup["total"]


@pytest.mark.cpython_only
@pytest.mark.parametrize("text", TEXTS)
def test_minimind_rows_match_tokenizers(text):
    tokenizers = pytest.importorskip("tokenizers")
    oracle = tokenizers.Tokenizer.from_file(str(MINIMIND))
    r = row(text, "minimind")
    expected = oracle.encode(text, add_special_tokens=False)
    assert r["ids"] == expected.ids and r["n_tokens"] == len(expected.ids)
    assert r["vocab_size"] == oracle.get_vocab_size(with_added_tokens=True) == 6400
    assert r["embedding"] == 6400 * 768
    han = sum(1 for s, e in expected.offsets if any(is_han(c) for c in text[s:e]))
    assert r["han_tokens"] == han


@pytest.mark.cpython_only
@pytest.mark.parametrize("text", TEXTS)
def test_r50k_rows_match_tiktoken(text, r50k_oracle):
    r = row(text, "r50k_base")
    assert r["ids"] == r50k_oracle.encode_ordinary(text)
    assert r["vocab_size"] == r50k_oracle.n_vocab == 50257
    assert r["makeup"] is None


@pytest.mark.cpython_only
@pytest.mark.parametrize("name", ["cl100k_base", "o200k_base"])
def test_an_openai_tables_embedding_has_a_row_for_every_id(name, tiktoken_oracle):
    """cl100k and o200k leave ids unused below their special tokens: the embedding still needs a row for
    the largest id (issue 40: 100,261 and 200,000 rows were said, for ids reaching 100,276 and 200,018)."""
    oracle = tiktoken_oracle(name)
    r = row("hi", name)
    entries = len(oracle._mergeable_ranks) + len(oracle._special_tokens)
    assert r["vocab_size"] == oracle.max_token_value + 1 > entries
    assert r["embedding"] == r["vocab_size"] * r["dim"]


def test_the_notes_example_and_its_labels():
    r = row("今天天气真好", "minimind")
    assert r["ids"] == [5640, 3660, 2131, 658]
    assert r["labels"] == ["今天", "天气", "真", "好"]
    assert (r["n_han"], r["han_tokens"], r["tokens_per_han"]) == (6, 4, 4 / 6)
    cut = row("今", "r50k_base")  # a character cut in two: its bytes, and the table's own spelling
    assert (cut["labels"], cut["partial"], cut["forms"]) == (["E4 BB", "8A"], [True, True], ["ä»", "Ĭ"])
    gemma = row("\U00020001", "gemma3")  # not in Gemma 3's vocabulary: byte-fallback tokens
    assert gemma["forms"] == ["<0xF0>", "<0xA0>", "<0x80>", "<0x81>"]
    assert gemma["labels"] == ["F0", "A0", "80", "81"] and all(gemma["partial"])
    whole = row("今天 ok", "qwen3")
    assert whole["partial"] == [False] * len(whole["ids"]) and "Ġok" in whole["labels"]


def test_own_tokenizer_file_becomes_custom_and_a_bad_one_keeps_it():
    text = MINIMIND.read_text(encoding="utf-8")
    opened = json.loads(webapi.handle("tokenizer_file", json.dumps({"json": text})))["result"]
    assert opened["model"] == "BPE" and opened["makeup"]["total"] == 6400
    bad = json.loads(webapi.handle("tokenizer_file", json.dumps({"json": '{\n "model": {"type": "BPE", "vocab": {}, "merges": []},\n "pre_tokenizer": {"type": "Whitespace9"}}'})))
    assert bad["error"]["code"] == "hf_unsupported" and bad["error"]["params"]["path"] == "pre_tokenizer.type"
    not_json = json.loads(webapi.handle("tokenizer_file", json.dumps({"json": "{\n  oops"})))
    assert not_json["error"]["code"] == "hf_bad_json" and not_json["error"]["params"]["line"] == 2
    assert row("今天天气真好", "custom")["ids"] == [5640, 3660, 2131, 658]  # the good file is still open


def test_custom_before_any_file_is_refused(monkeypatch):
    monkeypatch.setattr(webapi, "_custom", {})
    answer = json.loads(webapi.handle("model_row", json.dumps({"text": "a", "encoding": "custom"})))
    assert answer["error"]["code"] == "no_custom_tokenizer"


def ask(kind, **payload):
    answer = json.loads(webapi.handle(kind, json.dumps(payload)))
    assert answer["ok"], answer
    return answer["result"]


@pytest.mark.cpython_only
def test_custom_is_a_table_for_the_encode_decode_and_special_lessons(tmp_path):
    """A file opened with tokenizer_file answers overview, trace_piece, decode and special as "custom",
    titled with its name; the ids are the ones `tokenizers` gives for the same file."""
    tokenizers = pytest.importorskip("tokenizers")
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=300, special_tokens=["<|endoftext|>"], show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(["low lower lowest newer wider", "今天天气真好 今天 天气"] * 20, trainer=trainer)
    opened = ask("tokenizer_file", json=tok.to_str(), name="tiny.json")
    facts = opened["facts"]
    assert (facts["name"], facts["title"], facts["kind"]) == ("custom", "tiny.json", "byte_level")
    assert facts["vocab_size_with_added"] == tok.get_vocab_size(with_added_tokens=True)
    assert ask("tokenizer_facts", encoding="custom") == facts
    text = "lowest 今天天气<|endoftext|>"
    want = tok.encode(text, add_special_tokens=False).ids
    over = ask("overview", text=text, encoding="custom")
    assert over["ids"] == want and over["model"]["title"] == "tiny.json"
    traced = ask("trace_piece", text=text, index=0, encoding="custom")
    assert traced["ids"] == over["pieces"][0]["ids"] and traced["steps"][-1]["symbols"] == traced["tokens"]
    decoded = ask("decode", ids=", ".join(map(str, want)), encoding="custom")
    assert "".join(item["text"] for item in decoded["items"]) == tok.decode(want, skip_special_tokens=False)
    assert ask("special", text=text, encoding="custom")["allowed"]["ids"] == want
    # A second file replaces the first as "custom", in every lesson's answers.
    mm = MINIMIND.read_text(encoding="utf-8")
    assert ask("tokenizer_file", json=mm, name="minimind.json")["facts"]["title"] == "minimind.json"
    assert ask("overview", text="今天天气真好", encoding="custom")["ids"] == [5640, 3660, 2131, 658]
    assert tokenizers.Tokenizer.from_str(mm).encode("今天天气真好").ids == [5640, 3660, 2131, 658]


def test_custom_table_before_any_file_is_refused(monkeypatch):
    monkeypatch.setattr(webapi, "_custom", {})
    for kind, payload in (("overview", {"text": "a", "encoding": "custom"}), ("warmup", {"encoding": "custom"}),
                          ("tokenizer_facts", {"encoding": "custom"})):
        answer = json.loads(webapi.handle(kind, json.dumps(payload)))
        assert answer["error"]["code"] == "no_custom_tokenizer", kind


@pytest.mark.parametrize("name", ["minimind", "qwen3", "gemma3"])
def test_the_makeup_read_from_the_loaded_model_is_the_files(name):
    """The models lesson counts an open model's make-up from its loaded tables (issue 39: writing the
    file out to count it kept Gemma 3's 514,906 merges a second time); the counts are those of its
    tokenizer.json as `tokenizers` reads it, and the model's merges list is not made."""
    tokenizers = pytest.importorskip("tokenizers")
    from tools.models import tokenizer_json
    from toklab.hf.compact import load_tokenizer
    from toklab.model_rows import makeup, tokenizer_makeup
    from toklab.registry import _packed_bytes

    tok = load_tokenizer(_packed_bytes(name)[1])  # a model of its own, straight from the compact form
    got = tokenizer_makeup(tok)
    assert tok.model._merge_list is None  # counting did not make the list of merges
    oracle = tokenizers.Tokenizer.from_file(str(tokenizer_json(name)))
    assert got == makeup(json.loads(oracle.to_str()))
