"""The contract: every handler of `webapi`, on representative inputs and its error paths, answers exactly
what `toklab.protocol` declares (names, types, no undeclared fields), and docs/protocol.md shows the same
declarations. Runs on CPython and inside Pyodide (no tiktoken or regex needed)."""

import json
import typing
from pathlib import Path

import pytest
from contract import check, documented, render

from toklab import fasttrain, protocol, webapi

TRAINED = webapi.train("the cat sat on the mat. the cat ate the rat. " * 3, mode="bytes", num_merges=20)["merges"]
TRAINED_JSON = webapi.train_hf("今天天气真好\nhello world\n" * 20, vocab_size=320)["tokenizer_json"]
MIXED = "Hello, world! It's 2024: naïve café, 東京タワー, 你好 🎉\n\tx  y<|endoftext|>z"

REQUESTS = [
    ("warmup", {}),
    ("overview", {"text": "tokenization"}),
    ("overview", {"text": MIXED, "allowed_special": "all"}),
    ("overview", {"text": MIXED}),
    ("overview", {"text": "word " * 30, "piece": 25, "piece_limit": 10}),
    ("overview", {"text": ""}),
    ("overview", {"text": "the rat sat", "merges": TRAINED}),
    ("overview_ids", {"text": "tokenization " * 700}),
    ("overview_ids", {"text": MIXED, "offset": 3, "allowed_special": "all"}),
    ("overview_ids", {"text": "the rat sat", "merges": TRAINED, "offset": 10**6}),  # past the end: no ids
    ("trace_piece", {"text": "tokenization", "index": 0}),
    ("trace_piece", {"text": MIXED, "index": 3}),
    ("trace_piece", {"text": MIXED, "index": 20, "allowed_special": "all"}),  # the special token
    ("trace_piece", {"text": "a" * 300, "index": 0}),
    ("trace_piece", {"text": "a" * 1024, "index": 0}),  # MAX_TRACE_BYTES: the longest piece traced
    ("trace_piece", {"text": "the rat sat", "index": 1, "merges": TRAINED}),
    ("decode", {"ids": "[30001, 1634, 8582, 99, abc, 99999, 50256]"}),
    ("decode", {"ids": ""}),
    ("decode", {"ids": "1 " * 700 + "x"}),  # more items than ITEM_LIMIT
    ("special", {"text": "hi<|endoftext|>"}),
    ("special", {"text": "no special token"}),
    ("train", {"corpus": "low lower lowest low lower newest", "num_merges": 10}),
    ("train", {"corpus": "我 爱 中 国 人\n中 国 人 很 多\n我 爱 中 国", "unit": "lines", "tie_break": "lexicographic"}),
    ("train", {"corpus": "ab ab ab", "vocab_size": 4}),
    ("train", {"corpus": "我 爱 中 国 人\n中 国 人 很 多\n我 爱 中 国", "unit": "lines", "tie_break": "huggingface"}),
    ("train", {"corpus": "the cat the hat the", "mode": "bytes", "tie_break": "huggingface"}),
    ("train", {"corpus": "the cat the hat the", "mode": "bytes", "detail": "full", "min_frequency": 1}),
    ("train", {"corpus": " ".join(f"w{i}x{i * 7 % 13}y" for i in range(800)), "num_merges": 30}),
    ("train", {"corpus": ""}),
    ("train", {"corpus": " ".join(f"w{i}x{i * 7 % 13}y" for i in range(1500)), "mode": "bytes", "min_frequency": 1}),  # more than one page
    ("train_steps", {"corpus": "low lower lowest low lower newest", "num_merges": 10, "step": 3}),
    ("train_steps", {"corpus": " ".join(f"w{i}x{i * 7 % 13}y" for i in range(1500)), "mode": "bytes", "min_frequency": 1, "step": 10**6}),
    ("train_steps", {"corpus": "", "step": 0}),
    ("train_try", {"corpus": "the cat the hat the", "mode": "bytes", "min_frequency": 1, "text": "the rat", "n_merges": 3}),
    ("train_try", {"corpus": "low lower lowest low lower newest", "text": "lowest zed", "n_merges": 10**6}),
    ("train_try", {"corpus": "", "text": "x", "n_merges": 1}),
    ("toy_encode", {"merges": [["l", "o"], ["lo", "w"]], "text": "low lower zed", "vocab": ["l", "o", "lo", "low", "w", "</w>"]}),
    ("toy_encode", {"merges": [["中", "国"]], "text": "中 国 人\n我", "unit": "lines", "vocab": None}),
    ("train_wordpiece", {"corpus": "low lower lowest low lower newest", "num_merges": 10, "text": "lowest zed"}),
    ("train_wordpiece", {"corpus": "我 爱 中 国 人\n中 国 人 很 多", "unit": "lines", "min_frequency": 1, "text": "中国人 " + "x" * 120}),
    ("compare", {"text": "I don't like tokenization.", "corpus": "Here is a simple example of tokenization.", "bpe_vocab_size": 20}),
    ("compare", {"text": ""}),
    ("samples", {"text": "Machine learning models learn patterns from data. " * 4}),
    ("samples", {"text": "Tokenizers turn text into ids.", "tokenizer": "r50k", "mode": "sequential", "block_size": 2}),
    ("source", {"name": "encode"}),
    ("source", {"name": "train"}),
    ("train_hf", {"corpus": "今天天气真好\n今天天气", "vocab_size": 300}),
    ("train_hf", {"corpus": '{"conversations": [{"content": "hi"}, {"content": "hi hi"}]}', "format": "jsonl",
                  "vocab_size": 258, "special_tokens": ["<s>"]}),
    ("model_row", {"text": MIXED, "encoding": "minimind"}),
    ("model_row", {"text": MIXED, "encoding": "r50k_base", "dim": 512}),
    ("model_row", {"text": "", "encoding": "minimind"}),
    ("tokenizer_file", {"json": json.dumps({"model": {"type": "BPE", "vocab": {"a": 0, "b": 1, "ab": 2}, "merges": [["a", "b"]]}})}),
    ("model_row", {"text": "abba", "encoding": "custom"}),
    # a five-piece Unigram ModelProto (<unk> ▁ a b ▁ab; sentencepiece cuts "ab ba abc" as [4, 1, 3, 2, 4, 0])
    ("tokenizer_model_file", {"data": "Cg4KBTx1bms+FQAAAAAYAgoMCgPiloEVAACAvxgBCgoKAWEVAAAAwBgBCgoKAWIVAAAAwBgBCg4KBeKWgWFiFQAAwL8YARICGAEaCgoIaWRlbnRpdHk=", "name": "tiny.model"}),
    ("model_row", {"text": "ab ba abc", "encoding": "custom"}),
    ("overview", {"text": "ab ba abc", "encoding": "custom"}),
    ("trace_piece", {"text": "ab ba abc", "index": 1, "encoding": "custom"}),
    # a BERT vocab.txt of eight lines (lowercased: no capital letter): "cats sat" -> cat ##s [UNK]
    ("tokenizer_vocab_file", {"text": "[PAD]\n[UNK]\n[CLS]\n[SEP]\ncat\n##s\nsa\n##x\n", "name": "vocab.txt"}),
    ("overview", {"text": "Cats sat", "encoding": "custom"}),
    # the open models as tables (issue #24): minimind is inside the package, so these run everywhere
    ("tokenizer_facts", {"encoding": "minimind"}),
    ("overview", {"text": "今天天气真好 hello 123<|im_end|>", "encoding": "minimind"}),
    ("trace_piece", {"text": "今天天气真好 hello", "index": 0, "encoding": "minimind"}),
    ("trace_piece", {"text": "你好<|im_end|>", "index": 1, "encoding": "minimind"}),
    ("decode", {"ids": "[5640, 3660, 2, 99999]", "encoding": "minimind"}),
    ("special", {"text": "你好<|im_end|>", "encoding": "minimind"}),
    ("hf_compare", {"tokenizer_json": TRAINED_JSON, "text": MIXED}),
    ("hf_compare", {"tokenizer_json": TRAINED_JSON, "text": ""}),
]  # fmt: skip

FAILURES = [  # (kind, payload as JSON, the code of the answer's error)
    ("no such kind", "{}", "unknown_kind"),
    ("overview", "not json", "bad_json"),
    ("overview", "[1]", "bad_payload"),
    ("overview", '{"txt": "hi"}', "unknown_field"),
    ("trace_piece", '{"text": "hi"}', "missing_field"),
    ("overview", '{"text": "hi", "allowed_special": "some"}', "bad_choice"),
    ("overview", '{"text": 5}', "wrong_type"),
    ("overview", '{"text": "hi", "piece": "2"}', "wrong_type"),
    ("overview", json.dumps({"text": "x" * (protocol.MAX_TEXT + 1)}), "text_too_long"),
    ("overview", '{"text": "hi", "merges": [["a", "b"], ["c", "d"], ["ab", "x"], ["a", "b"]]}', "merge_repeated"),
    ("overview", '{"text": "hi", "merges": [["ab", "c"]]}', "merge_unknown_token"),
    ("trace_piece", '{"text": "hi", "index": 9}', "no_such_piece"),
    ("trace_piece", '{"text": "", "index": 0}', "empty_text"),
    ("trace_piece", json.dumps({"text": "x" * (protocol.MAX_TRACE_BYTES + 1), "index": 0}), "piece_too_long"),
    ("decode", '{"ids": [1, 2]}', "wrong_type"),
    ("train", '{"corpus": "ab", "mode": "words"}', "bad_choice"),
    ("train", '{"corpus": "ab", "tie_break": "random"}', "bad_choice"),
    ("train", '{"corpus": "ab", "unit": "sentences"}', "bad_choice"),
    ("train", '{"corpus": "ab", "detail": "some"}', "bad_choice"),
    ("train", '{"corpus": "ab", "min_frequency": 0}', "too_small"),
    ("train", json.dumps({"corpus": "x" * 3000, "detail": "full"}), "too_large_for_tables"),
    ("train", '{"corpus": "ab", "vocab_size": "9"}', "wrong_type"),
    ("samples", '{"text": "a b c", "batch_size": 10000000}', "too_large"),
    ("toy_encode", json.dumps({"merges": [["a", "b"]] * (protocol.MAX_ITEMS + 1), "text": "ab"}), "too_many_items"),
    ("toy_encode", '{"merges": [], "text": "a", "unit": "sentences"}', "bad_choice"),
    ("train_wordpiece", '{"corpus": " \\n "}', "corpus_empty"),
    ("compare", '{"text": "a", "bpe_vocab_size": 0}', "too_small"),
    ("samples", '{"text": "a b"}', "stream_too_short"),
    ("samples", '{"text": "a b c d e f g h", "tokenizer": "words"}', "bad_choice"),
    ("samples", '{"text": "a b c d e f g h", "mode": "shuffled"}', "bad_choice"),
    ("samples", '{"text": "a b c d e f g h", "block_size": 0}', "too_small"),
    ("overview", '{"text": "hi", "encoding": "p50k_base"}', "bad_choice"),
    ("decode", '{"ids": "1", "encoding": "gpt2"}', "bad_choice"),
    ("source", '{"name": "lab"}', "bad_choice"),
    ("train_hf", '{"corpus": ""}', "corpus_empty"),
    ("train_hf", '{"corpus": "a\\u0000b"}', "corpus_binary"),
    ("train_hf", '{"corpus": "{}\\nnot json", "format": "jsonl"}', "jsonl_bad_line"),
    ("train_hf", '{"corpus": "ab", "vocab_size": 100000}', "too_large"),
    ("hf_compare", '{"tokenizer_json": "{not json", "text": "a"}', "hf_bad_json"),
]

# The larger tables are files beside the package (toklab.registry): inside Pyodide only when the worker
# fetched them, so these run where they are found.
TABLE_REQUESTS = [
    ("warmup", {"encoding": "cl100k_base"}),
    ("overview", {"text": MIXED, "encoding": "cl100k_base"}),
    ("overview", {"text": MIXED, "allowed_special": "all", "encoding": "o200k_base"}),
    ("trace_piece", {"text": MIXED, "index": 3, "encoding": "cl100k_base"}),
    ("trace_piece", {"text": "今天天气真好", "index": 0, "encoding": "o200k_base"}),
    ("decode", {"ids": "[100257, 9906, 200000, 199999]", "encoding": "o200k_base"}),
    ("special", {"text": "hi<|endoftext|>", "encoding": "cl100k_base"}),
]


def _tables_found() -> bool:
    from toklab import registry

    try:
        return all(registry.tables_dir(name) for name in ("cl100k_base", "o200k_base"))
    except FileNotFoundError:
        return False


@pytest.mark.parametrize("kind, payload", REQUESTS, ids=[f"{k}-{i}" for i, (k, _) in enumerate(REQUESTS)])
def test_answers_have_the_declared_shape(kind, payload):
    request_type, result_type = protocol.KINDS[kind]
    check(payload, request_type)
    answer = json.loads(webapi.handle(kind, json.dumps(payload)))
    assert answer["ok"], answer
    assert set(answer) == {"ok", "result"}
    check(answer["result"], result_type)


@pytest.mark.skipif(not _tables_found(), reason="the cl100k/o200k tables are not here")
@pytest.mark.parametrize("kind, payload", TABLE_REQUESTS, ids=[f"{k}-{i}" for i, (k, _) in enumerate(TABLE_REQUESTS)])
def test_answers_with_larger_tables_have_the_declared_shape(kind, payload):
    test_answers_have_the_declared_shape(kind, payload)


def test_a_table_that_is_not_found_is_table_unavailable(monkeypatch, tmp_path):
    from toklab import registry

    monkeypatch.setattr(registry, "_candidates", lambda: [tmp_path])
    monkeypatch.delitem(registry._ENCODINGS, "o200k_base", raising=False)
    answer = json.loads(webapi.handle("overview", json.dumps({"text": "hi", "encoding": "o200k_base"})))
    error = answer["error"]
    check(error, protocol.Failure)
    assert error["code"] == "table_unavailable" and error["params"]["encoding"] == "o200k_base"
    assert "o200k_base.tiktoken" in error["params"]["detail"]


@pytest.mark.parametrize("kind, payload_json, code", FAILURES, ids=[f"{k}-{c}-{i}" for i, (k, _, c) in enumerate(FAILURES)])
def test_failures_have_the_declared_shape_and_code(kind, payload_json, code):
    answer = json.loads(webapi.handle(kind, payload_json))
    assert answer["ok"] is False and set(answer) == {"ok", "error"}
    error = answer["error"]
    check(error, protocol.Failure)
    assert error["code"] == code
    assert error["message"] == protocol.ERRORS[code].format(**error["params"])


def item_errors():
    """The errors inside answers: bad decode items and the refused special-token view."""
    decoded = json.loads(webapi.handle("decode", json.dumps({"ids": "1 x 99999 " + "7" * 5000})))["result"]
    refused = json.loads(webapi.handle("special", json.dumps({"text": "<|endoftext|>"})))["result"]["refused"]
    return [item for item in decoded["items"] if item["id"] is None] + [refused]


def test_errors_inside_answers_have_a_code_and_its_message():
    errors = item_errors()
    assert [e["code"] for e in errors] == ["not_a_number", "unknown_id", "number_too_long", "disallowed_special"]
    for e in errors:
        assert e["error"] == protocol.ERRORS[e["code"]].format(**e["params"])


def test_a_failure_below_the_protocol_is_internal_and_strict_json(monkeypatch):
    """What no declared error covers (a bug) is `internal`; an answer holding NaN is one too, since
    JSON has no NaN (the page's JSON.parse would refuse the answer)."""
    monkeypatch.setitem(webapi.HANDLERS, "warmup", lambda **_: {"x": float("nan")})
    error = json.loads(webapi.handle("warmup", "{}"), parse_constant=lambda name: pytest.fail(name))["error"]
    check(error, protocol.Failure)
    assert error["code"] == "internal" and error["type"] == "ValueError"
    monkeypatch.setitem(webapi.HANDLERS, "warmup", lambda **_: [][0])
    error = json.loads(webapi.handle("warmup", "{}"))["error"]
    assert error["code"] == "internal" and error["params"] == {"detail": "IndexError: list index out of range"}


def test_every_error_code_is_reached():
    from test_hf_errors import HF_CODES  # toklab.hf's load and encode errors, reached there

    reached = {code for _, _, code in FAILURES} | {e["code"] for e in item_errors()} | HF_CODES
    reached |= {"table_unavailable", "internal"}  # the two tests above
    reached |= {"no_custom_tokenizer"}  # tests/test_model_rows.py
    reached |= {"over_budget"}  # tests/test_budget.py
    reached |= {"spm_normalized_too_long"}  # tests/test_sentencepiece.py (a charsmap that grows without bound)
    assert reached == set(protocol.ERRORS)


def test_every_kind_is_declared_and_exercised():
    assert set(protocol.KINDS) == set(webapi.HANDLERS) == {kind for kind, _ in REQUESTS}


def test_the_checker_refuses_what_does_not_fit():
    good = {"reason": "min_frequency", "pair": ["a", "b"], "count": 1, "pairs": None, "corpus": None}
    check(good, protocol.Stop)
    for bad in (
        dict(good, extra=1),  # undeclared field
        {k: v for k, v in good.items() if k != "count"},  # missing field
        dict(good, count=True),  # a bool is not an int
        dict(good, pair=["a"]),  # a pair has two items
        dict(good, reason="tired"),  # not one of the reasons
        dict(good, corpus=[{"symbols": ["a"], "count": "2"}]),  # wrong type deep inside
    ):
        with pytest.raises(AssertionError):
            check(bad, protocol.Stop)


def test_the_tie_rules_are_the_trainers():
    assert typing.get_args(protocol.TieRule) == fasttrain.TIE_RULES


def test_one_vocabulary_size_in_train_and_compare():
    corpus = "Here is a simple example of tokenization."
    trained = json.loads(webapi.handle("train", json.dumps({"corpus": corpus, "vocab_size": 20})))["result"]
    assert trained["stop"]["reason"] == "vocab_size" and len(trained["vocab"]) == 20
    assert trained["steps"][-1]["vocab_size"] == 20 and "<unk>" in trained["vocab"]
    rows = json.loads(webapi.handle("compare", json.dumps({"text": corpus, "bpe_vocab_size": 20})))["result"]
    assert [r["vocab_size"] for r in rows["tokenizers"] if r["name"] == "toy_bpe"] == [20]


def test_the_default_page_is_the_protocols_piece_limit():
    view = json.loads(webapi.handle("overview", json.dumps({"text": "a " * 4001, "piece": 4001})))["result"]
    assert view["piece_limit"] == protocol.PIECE_LIMIT and view["piece_offset"] == 2 * protocol.PIECE_LIMIT


@pytest.mark.cpython_only
def test_docs_show_the_declared_types():
    assert documented() == render(), "docs/protocol.md is out of date: run `python tests/contract.py --write`"


@pytest.mark.parametrize("name, kinds", [("encode", {"start", "merge", "done"}),
                                         ("train", {"start", "merge", *typing.get_args(protocol.Stop.__annotations__["reason"])})])
def test_the_source_is_the_files_and_marks_every_kind_of_step(name, kinds):
    """The lines are the file's own (read here from the package), each kind of step has one line, and
    that line is the statement it names: the merge line merges, a stop line makes that stop."""
    src = json.loads(webapi.handle("source", json.dumps({"name": name})))["result"]
    module = __import__(src["module"], fromlist=["_"])
    file_lines = Path(module.__file__).read_text(encoding="utf-8").splitlines()
    first = src["first_line"]
    assert src["lines"] == file_lines[first - 1 : first - 1 + len(src["lines"])]
    assert src["lines"][0].startswith(f"def {src['function']}(")
    assert Path(module.__file__).name == src["path"]
    by_kind = {m["step"]: m["line"] for m in src["marks"]}
    assert len(by_kind) == len(src["marks"]) and set(by_kind) == kinds
    line = {kind: file_lines[n - 1].split("#")[0].strip() for kind, n in by_kind.items()}
    if name == "encode":
        assert line["merge"] == "symbols[i : i + 2] = [pair[0] + pair[1]]" and line["done"] == "return symbols"
    else:
        assert line["merge"].startswith("corpus = {merge_pair(s, pair)")
        for reason in ("no_pairs", "min_frequency"):
            assert line[reason].startswith(f'stop = _stop("{reason}"')
        assert line["vocab_size"] == line["num_merges"] and line["vocab_size"].startswith("stop = _stop_check(")
