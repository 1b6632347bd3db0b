"""Answers the page cannot draw are not sent whole (issue 41, P3): an overview lists its text's first
ITEM_LIMIT ids and counts them all (`n_ids`), `overview_ids` gives the others a page at a time, and a
samples answer lists the stream's first STREAM_LIMIT ids beside its windows. Put together, the pages are
tiktoken's ids of the text; the windows are tiktoken's stream cut where the answer says.
"""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toklab import webapi
from toklab.protocol import ID_PAGE, ITEM_LIMIT, MAX_TEXT, STREAM_LIMIT
import oracles  # noqa: E402

MB = 1_000_000
LONG = "Tokenizers turn text into ids; 今天天气真好 🙂 and <|endoftext|> too. " * 400  # about 10,000 ids


answer = oracles.webapi_answer


def paged_ids(payload: dict) -> list[int]:
    """Every id of the text, as copying them fetches: the overview's, then overview_ids from each next offset."""
    first = answer("overview", payload)
    if len(first["ids"]) == first["n_ids"]:
        return first["ids"]
    ids: list[int] = []
    while len(ids) < first["n_ids"]:
        page = answer("overview_ids", {k: v for k, v in payload.items() if k != "piece"} | {"offset": len(ids)})
        assert page["offset"] == len(ids) and page["n_ids"] == first["n_ids"]
        assert 0 < len(page["ids"]) <= page["id_limit"]
        ids += page["ids"]
    return ids


@pytest.mark.parametrize("allowed", ["none", "all"])
def test_an_overview_lists_the_ids_the_page_draws_and_counts_them_all(allowed, r50k_oracle):
    whole = r50k_oracle.encode(LONG, allowed_special="all" if allowed == "all" else set(), disallowed_special=())
    got = answer("overview", {"text": LONG, "allowed_special": allowed})
    assert len(whole) > ITEM_LIMIT
    assert got["ids"] == whole[:ITEM_LIMIT] and got["n_ids"] == len(whole)
    assert paged_ids({"text": LONG, "allowed_special": allowed}) == whole


def test_a_short_texts_overview_lists_every_id(r50k_oracle):
    got = answer("overview", {"text": "tokenization"})
    assert got["ids"] == r50k_oracle.encode_ordinary("tokenization") and got["n_ids"] == len(got["ids"])


@pytest.mark.parametrize("encoding", ["o200k_base", "minimind", "llama2"])
def test_the_pages_of_other_tables_are_their_overviews_ids(encoding):
    """No oracle needed beyond the table's own overview: its pieces' ids, end to end (those are checked
    against tiktoken, tokenizers and sentencepiece elsewhere), are what the pages give."""
    pieces: list[int] = []
    first = answer("overview", {"text": LONG, "encoding": encoding, "piece_limit": 2000})
    for at in range(0, first["n_pieces"], 2000):
        page = answer("overview", {"text": LONG, "encoding": encoding, "piece": at})
        pieces += [i for p in page["pieces"] for i in p["ids"]]
    assert len(pieces) == first["n_ids"] > ITEM_LIMIT
    assert paged_ids({"text": LONG, "encoding": encoding}) == pieces


@settings(max_examples=40, deadline=None)
@given(limit=st.integers(1, 4000), start=st.integers(0, 12_000))
def test_pages_of_any_size_from_any_offset_are_the_ids_in_order(limit, start, r50k_oracle):
    whole = r50k_oracle.encode_ordinary(LONG)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(webapi, "ID_PAGE", limit)
        page = answer("overview_ids", {"text": LONG, "offset": start})
        assert page["ids"] == whole[start : start + limit] and page["id_limit"] == limit
        ids, at = [], 0
        while at < len(whole):
            got = answer("overview_ids", {"text": LONG, "offset": at})["ids"]
            assert got
            ids += got
            at += len(got)
    assert ids == whole


def test_the_ids_of_a_trained_table_come_in_pages_too():
    merges = answer("train", {"corpus": LONG, "mode": "bytes", "num_merges": 40})["merges"]
    first = answer("overview", {"text": LONG, "merges": merges})
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(webapi, "ID_PAGE", 1000)
        ids = paged_ids({"text": LONG, "merges": merges})
    assert len(ids) == first["n_ids"] > 1000 and ids[:ITEM_LIMIT] == first["ids"]


@pytest.mark.parametrize("mode", ["random", "sequential"])
def test_samples_list_the_streams_start_and_windows_cut_from_the_whole_stream(mode, r50k_oracle):
    stream = r50k_oracle.encode_ordinary(LONG)
    payload = {"text": LONG, "tokenizer": "r50k", "block_size": 64, "batch_size": 8, "mode": mode, "seed": 3, "start": 5000}
    got = answer("samples", payload)
    assert got["n_ids"] == len(stream) > STREAM_LIMIT
    assert got["ids"] == stream[:STREAM_LIMIT] and len(got["tokens"]) == STREAM_LIMIT
    assert got["offsets"] and any(o > STREAM_LIMIT for o in got["offsets"])  # windows past the listed stream
    for w in got["windows"]:
        assert w["x"] == stream[w["offset"] : w["offset"] + 64] and w["y"] == stream[w["offset"] + 1 : w["offset"] + 65]
        assert len(w["x_tokens"]) == len(w["y_tokens"]) == 64 and w["x_tokens"][1:] == w["y_tokens"][:-1]


def test_answers_at_the_text_limit_stay_small():
    """MAX_TEXT characters of Chinese: every id was 7.8 MB in the overview and the whole stream 5-28 MB in
    samples (bench/answer_sizes.py); now what the page draws, whatever the text's length."""
    text = ("床前明月光，疑是地上霜。举头望明月，低头思故乡。\n" * (MAX_TEXT // 25 + 1))[:MAX_TEXT]
    raw = webapi.handle("overview", json.dumps({"text": text}, ensure_ascii=False))
    got = json.loads(raw)["result"]
    assert got["n_ids"] > ID_PAGE and len(got["ids"]) == ITEM_LIMIT
    assert len(raw.encode()) < 5 * MB
    last_piece = answer("overview", {"text": text, "piece": got["n_pieces"] - 1})["pieces"][-1]
    page = answer("overview_ids", {"text": text, "offset": got["n_ids"] - len(last_piece["ids"])})
    assert page["ids"] == last_piece["ids"]
    full = webapi.handle("overview_ids", json.dumps({"text": text, "offset": 0}, ensure_ascii=False))
    assert len(json.loads(full)["result"]["ids"]) == ID_PAGE and len(full.encode()) < 5 * MB
    raw = webapi.handle("samples", json.dumps({"text": text, "tokenizer": "r50k", "block_size": 1024, "batch_size": 64},
                                              ensure_ascii=False))
    assert len(raw.encode()) < 5 * MB and json.loads(raw)["result"]["n_ids"] == got["n_ids"]
