"""The worker's JSON entry point: every kind answers with plain JSON, and failures come back as data."""

import json
from pathlib import Path

import pytest

from toklab import get_encoding, protocol, webapi


def call(kind, **payload):
    answer = json.loads(webapi.handle(kind, json.dumps(payload)))
    assert set(answer) in ({"ok", "result"}, {"ok", "error"})
    return answer


def ok(kind, **payload):
    answer = call(kind, **payload)
    assert answer["ok"], answer
    return answer["result"]


def test_overview_and_trace_piece_of_the_default_example():
    view = ok("overview", text="hello tokenization")
    assert view["ids"] == [31373, 11241, 1634]
    assert [p["text"] for p in view["pieces"]] == ["hello", " tokenization"]
    piece = ok("trace_piece", text="hello tokenization", index=1)
    assert piece["tokens"] == ["Ġtoken", "ization"]
    assert piece["greedy"]["tokens"] != piece["tokens"]


def test_overview_pages_long_text():
    text = "word " * 5000
    first = ok("overview", text=text, piece_limit=100)
    later = ok("overview", text=text, piece=4975, piece_limit=100)
    assert first["n_pieces"] == later["n_pieces"] == 5001
    assert len(first["pieces"]) == 100 and len(later["pieces"]) == 100
    assert later["piece_offset"] == later["pieces"][0]["index"] == 4900 and later["piece_limit"] == 100
    last = ok("overview", text=text, piece=99999, piece_limit=100)
    assert last["piece_offset"] == 5000 and [p["index"] for p in last["pieces"]] == [5000]
    whole = get_encoding("r50k_base").encode_ordinary(text)
    assert first["ids"] == whole[: protocol.ITEM_LIMIT] and first["n_ids"] == len(whole)  # overview_ids has the rest
    pages = ok("overview", text=text, piece=4999)
    assert pages["piece_limit"] == protocol.PIECE_LIMIT and pages["piece_offset"] == 4000


def test_special_text_is_plain_unless_allowed():
    plain = ok("overview", text="a<|endoftext|>")
    assert plain["plain_special"] and 50256 not in plain["ids"]
    assert ok("overview", text="a<|endoftext|>", allowed_special="all")["ids"] == [64, 50256]
    views = ok("special", text="a<|endoftext|>")
    assert not views["refused"]["ok"] and "<|endoftext|>" in views["refused"]["error"]
    assert views["refused"]["code"] == "disallowed_special" and views["refused"]["params"] == {"token": "<|endoftext|>"}
    assert views["allowed"]["ids"] == [64, 50256]


def test_decode_names_bad_items_and_keeps_the_rest():
    result = ok("decode", ids="8582, 99, 226, 99999, abc")
    good = [item for item in result["items"] if item["error"] is None]
    assert [item["waiting"] for item in good] == [2, 1, 0]
    assert [item["completes"] for item in good] == ["", "", "🦄"]
    assert result["text"] == "🦄" and result["errors"] == 2
    assert "99999" in result["items"][3]["error"] and "'abc'" in result["items"][4]["error"]
    assert result["items"][3]["params"] == {"id": 99999, "encoding": "r50k_base", "max_id": 50256}
    assert result["items"][4]["code"] == "not_a_number" and result["items"][4]["params"] == {"item": "abc"}


def test_decode_lists_the_first_items_and_counts_them_all():
    typed = " ".join(["8582", "99", "226", "x"] * 50_000)  # 200,000 items: 150,000 ids, 50,000 bad
    result = ok("decode", ids=typed)
    assert len(result["items"]) == protocol.ITEM_LIMIT and result["n_items"] == 200_000
    assert result["errors"] == 50_000 and result["text"] == "🦄" * 50_000 and not result["unfinished"]
    assert [item.get("completes") for item in result["items"][:4]] == ["", "", "🦄", None]
    assert len(json.dumps(result)) < 1_000_000
    assert ok("decode", ids="8582 99")["unfinished"] and ok("decode", ids="8582 99")["n_items"] == 2


def test_an_overlong_number_is_only_its_own_items_error():
    result = ok("decode", ids="30001 " + "1" * 5000 + " 1634 " + "9" * (protocol.MAX_ID_DIGITS + 1))
    assert result["text"] == "tokenization" and result["errors"] == 2
    assert [item["code"] for item in result["items"] if item["id"] is None] == ["number_too_long"] * 2
    assert result["items"][1]["params"] == {"digits": 5000, "limit": protocol.MAX_ID_DIGITS}
    longest = ok("decode", ids="0" * (protocol.MAX_ID_DIGITS - 1) + "1")  # as many digits as allowed: read as 1
    assert longest["items"][0]["id"] == 1


def test_traces_are_refused_past_the_limit_the_overview_names():
    # The limit the overview names is the one trace_piece keeps: a piece of exactly that many bytes is
    # traced, one byte more is refused with that limit in the message.
    limit = ok("overview", text="ab")["trace_limit"]
    assert isinstance(limit, int) and limit > 0
    longest = ok("trace_piece", text="a" * limit, index=0)
    assert "".join(longest["tokens"]) == "a" * limit
    view = ok("overview", text="ab " + "a" * limit)  # " " joins the run: a piece of limit + 1 bytes
    assert view["trace_limit"] == limit
    assert [len(p["bytes"]) for p in view["pieces"]] == [2, limit + 1]
    refused = call("trace_piece", text="ab " + "a" * limit, index=1)["error"]
    assert refused["code"] == "piece_too_long"
    assert refused["params"] == {"index": 1, "bytes": limit + 1, "limit": limit}


def test_special_views_list_the_first_tokens_and_ids_and_count_them_all(r50k_oracle):
    text = "hi " * 1000 + "<|endoftext|>"
    views = ok("special", text=text)
    for name, whole in (("allowed", r50k_oracle.encode(text, allowed_special="all")), ("plain", r50k_oracle.encode_ordinary(text))):
        view = views[name]
        assert len(view["tokens"]) == len(view["ids"]) == protocol.ITEM_LIMIT < view["n_ids"] == len(whole)
        assert [t["id"] for t in view["tokens"]] == view["ids"] == whole[: protocol.ITEM_LIMIT]
    assert r50k_oracle.encode(text, allowed_special="all")[-1] == 50256


def test_piece_caches_stay_within_their_budget():
    from toklab import trace
    from toklab.encoding import Encoding

    merges = [["a", "a"], ["aa", "aa"], ["b", "a"], ["ba", "aa"]]
    enc = Encoding.from_merges("tiny", merges)
    reference = Encoding.from_merges("tiny", merges)
    enc._cache.budget = 600
    traced = trace._cache(trace._traced_cache, enc)
    traced.budget = 3000
    words = [" " + "ab" * k + "a" * (k % 7) for k in range(1, 60)]
    for word in words:
        assert enc.encode_ordinary(word) == reference.encode_ordinary(word)
        assert enc.trace_piece(word)["ids"] == reference.piece_ids(word)
        assert enc._cache.used <= 600 and traced.used <= 3000
    assert 0 < len(enc._cache) < len(words) and 0 < len(traced) < len(words)


def test_errors_come_back_as_data():
    assert call("no such kind")["error"]["type"] == "ValueError"
    missing = call("trace_piece", text="hi", index=9)["error"]
    assert "piece 9" in missing["message"]
    assert (missing["code"], missing["params"]) == ("no_such_piece", {"index": 9, "n_pieces": 1})
    unknown = call("overview", txt="hi")["error"]
    assert "bad request" in unknown["message"] and unknown["type"] == "TypeError"
    assert (unknown["code"], unknown["params"]) == ("unknown_field", {"kind": "overview", "field": "txt"})
    assert call("overview", text=5)["error"]["params"] == {"field": "text", "expected": "string"}
    assert json.loads(webapi.handle("overview", "not json"))["error"]["code"] == "bad_json"
    assert json.loads(webapi.handle("overview", "[1]"))["error"]["code"] == "bad_payload"


def test_toy_encode_replays_the_chapter():
    trained = ok("train", corpus="low lower lowest low lower newest", num_merges=10)
    cut = ok("toy_encode", merges=trained["merges"], text="low lower lowest newest newer", vocab=trained["vocab"])
    assert [w["tokens"] for w in cut["words"]] == [
        ["low</w>"],
        ["lower</w>"],
        ["lowe", "st</w>"],
        ["n", "e", "w", "e", "st</w>"],
        ["n", "e", "w", "e", "r", "</w>"],
    ]


def test_bytes_training_drives_the_encoder():
    corpus = "the cat sat on the mat. the cat ate the rat. " * 3
    trained = ok("train", corpus=corpus, mode="bytes", num_merges=20)
    view = ok("overview", text="the rat sat", merges=trained["merges"])
    enc = webapi._trained(trained["merges"])
    assert view["ids"] == enc.encode_ordinary("the rat sat")
    assert "".join(t for p in view["pieces"] for t in p["tokens"]) == "theĠratĠsat"
    piece = ok("trace_piece", text="the rat sat", index=1, merges=trained["merges"])
    assert piece["tokens"] == view["pieces"][1]["tokens"]


@pytest.mark.parametrize("kind, payload", [
    ("compare", {"text": "今天天气真好 tokenization"}),
    ("samples", {"text": "Machine learning models learn patterns from data. " * 4}),
])  # fmt: skip
def test_other_kinds_answer(kind, payload):
    assert ok(kind, **payload)


def test_warmup_loads_the_table_and_says_nothing_more():
    assert ok("warmup") == {}


def test_held_tables_say_what_python_holds(monkeypatch):
    """The worker's `tables` message: r50k from the start; a table once a request loaded it, not when its
    load failed; "custom" while a reader's file is open; always in the declared order of table names."""
    for name in ("_rank_tables", "_open_tables", "_custom"):
        monkeypatch.setattr(webapi, name, {})
    held = lambda: json.loads(webapi.held_tables())  # noqa: E731
    assert held() == ["r50k_base"]
    assert ok("warmup", encoding="minimind") == {}
    assert held() == ["r50k_base", "minimind"]
    from toklab import spm_models
    from toklab.errors import ToklabError

    def missing(name):
        raise ToklabError("table_unavailable", encoding=name, detail="not here")

    monkeypatch.setattr(spm_models, "_LOADED", {})
    monkeypatch.setattr(spm_models, "sentencepiece_path", missing)
    failed = json.loads(webapi.handle("warmup", json.dumps({"encoding": "llama2"})))
    assert failed["error"]["code"] == "table_unavailable" and held() == ["r50k_base", "minimind"]
    minimind = (Path(__file__).parent.parent / "assets" / "minimind" / "tokenizer.json").read_text(encoding="utf-8")
    ok("tokenizer_file", json=minimind, name="mine.json")
    assert held()[-1] == "custom" and held() == [n for n in protocol.TableName.__args__ if n in held()]
