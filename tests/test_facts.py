"""The byte facts of an overview piece (toklab.facts): each token's byte span, its text when its bytes
are whole characters, and the pieces strip's label, checked against tiktoken's own token bytes and
against the rule web/glyphs.mjs states for the page."""

import json

import pytest

from toklab import webapi
from toklab.bytes_unicode import BYTE_TO_UNICODE
from toklab.facts import piece_label

TEXTS = ["tokenization", "hi 今天天气 🦄👨\u200d👩\u200d👧\n\n\tx  y", "naïve café\u00a0\u200b", "<|endoftext|> a", ""]


@pytest.mark.parametrize("text", TEXTS)
def test_spans_and_texts_are_the_tokens_own_bytes(text, r50k_oracle):
    view = json.loads(webapi.handle("overview", json.dumps({"text": text, "allowed_special": "all"})))["result"]
    for piece in view["pieces"]:
        data = bytes(piece["bytes"])
        assert [data[a:b] for a, b in piece["spans"]] == [r50k_oracle.decode_single_token_bytes(i) for i in piece["ids"]]
        assert piece["spans"][-1][1] == len(data) and piece["spans"][0][0] == 0
        for (a, b), shown in zip(piece["spans"], piece["texts"]):
            try:
                assert shown == data[a:b].decode("utf-8")
            except UnicodeDecodeError:
                assert shown is None


def test_a_character_cut_across_tokens_has_no_text():
    piece = json.loads(webapi.handle("overview", json.dumps({"text": "今天"})))["result"]["pieces"][0]
    assert piece["texts"] == [None, None, "天"]  # 今 is cut into two tokens: neither is a whole character
    assert piece["spans"] == [[0, 2], [2, 3], [3, 6]]


# Every C0 control, space and DEL: GPT-2's table moves them to U+0100 onwards.
BLANKS = [chr(cp) for cp in range(0x21)] + ["\x7f"]


def test_the_strip_writes_a_character_without_a_glyph_as_gpt2s_table_writes_its_bytes():
    for ch in BLANKS:
        assert piece_label(ch) == "".join(BYTE_TO_UNICODE[b] for b in ch.encode()), repr(ch)
    assert [piece_label(t) for t in (" the", "\n\n", "\u00a0", "\u200b", "\u3000")] == ["Ġthe", "ĊĊ", "Âł", "âĢĭ", "ãĢĢ"]
    # Visible text stays as it is; a joiner inside an emoji keeps shaping it; a lone surrogate has no bytes.
    for visible in ("the", "今天", "🦄", "👨\u200d👩\u200d👧", "naïve"):
        assert piece_label(visible) == visible
    assert piece_label("\ud800") == "U+D800"


@pytest.mark.parametrize("text", TEXTS[:3])
def test_a_traces_spans_joined_step_by_step_end_as_the_tokens_spans(text):
    """docs/protocol.md: a step joins the spans at its position and the next; after the last step the
    spans are the overview's token spans (which come from the tokens' own bytes)."""
    view = json.loads(webapi.handle("overview", json.dumps({"text": text})))["result"]
    for summary in view["pieces"]:
        piece = json.loads(webapi.handle("trace_piece", json.dumps({"text": text, "index": summary["index"]})))["result"]
        for run in (piece, piece["greedy"]):
            spans = [list(s) for s in piece["spans"]]
            assert len(spans) == len(piece["symbols"]) == len(piece["bytes"])
            for step in run["steps"]:
                at = step["position"]
                spans[at : at + 2] = [[spans[at][0], spans[at + 1][1]]]
                assert len(spans) == len(step["symbols"])
            if run is piece:
                assert spans == summary["spans"]


def oracle_text(data: bytes):
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


@pytest.mark.parametrize("text", TEXTS)
def test_decode_and_special_say_each_tokens_text_and_bytes(text, r50k_oracle):
    """Decode and Special show a token as characters (or its bytes): the engine says which, per token."""
    ids = r50k_oracle.encode(text, allowed_special="all")
    decoded = json.loads(webapi.handle("decode", json.dumps({"ids": json.dumps(ids)})))["result"]
    assert [item["text"] for item in decoded["items"]] == [oracle_text(r50k_oracle.decode_single_token_bytes(i)) for i in ids]
    special = json.loads(webapi.handle("special", json.dumps({"text": text})))["result"]
    for name in ("allowed", "plain"):
        view = special[name]
        want = [r50k_oracle.decode_single_token_bytes(i) for i in view["ids"]]
        assert [tok["text"] for tok in view["tokens"]] == [oracle_text(data) for data in want]
        assert [tok["hex"] for tok in view["tokens"]] == [data.hex(" ") for data in want]
    assert any(item["text"] is None for item in decoded["items"]) == (text.startswith("hi 今"))
