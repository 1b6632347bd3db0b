"""GPT-2 (r50k) byte-level BPE: hand-derived answers, tiktoken as the oracle, properties, trace replay."""

import json
import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import toklab
from toklab.bytes_unicode import BYTE_TO_UNICODE, from_printable
from toklab.r50k import MAX_CANDIDATE_BYTES, load_r50k

ENC = toklab.get_encoding("r50k_base")

# Text in many scripts and shapes, written for these tests (the oracle decides what is right).
CORPUS = [
    "tokenization",
    "Hello world! hello World!! HELLO",
    " the the  the   the\tthe\nthe",
    "fizzlepuff fix the AI",
    "I'm sure you'll see they've said it's 'quoted' and I'D SHOUT don'T",
    "今天天气真好，我们去公园散步吧。分词把文本变成整数。",
    "北京是中国的首都。东京は日本の首都です。서울은 한국의 수도입니다.",
    "Привет, мир! Токенизация — это важно. Ελληνικά κείμενα εδώ.",
    "مرحبا بالعالم، هذا نص عربي. שלום עולם, זה טקסט בעברית.",
    "नमस्ते दुनिया। यह हिंदी पाठ है। ภาษาไทยไม่มีช่องว่างระหว่างคำ",
    "🦄🦄 unicorns 🏳️‍🌈 family 👨‍👩‍👧‍👦 flags 🇨🇳🇺🇸 skin 👋🏽",
    "café naïve Zürich São Paulo façade coöperate e\u0301 n\u0303",
    "def f(x):\n    return x ** 2  # square\n\n\n\tprint(f(3))\r\n",
    "Prices: $3.50, €4,99, ¥500, 1,000,000 and 3.14159 or ٣٤٥ and ⅔ ² ³",
    "   leading and trailing spaces   ",
    "\u3000全角\u3000空格\u0085next\ufeffbom\u00a0nbsp\u2028line\u2029para",
    "control\x00chars\x01\x1f\x7f here",
    "<|endoftext|> is plain text in encode_ordinary",
    "a" * 300 + " " + "ab" * 200 + " " + "xyz" * 100,
    "",
]


def oracle_ids(oracle, text):
    return oracle.encode_ordinary(text)


# --- hand-derived -------------------------------------------------------------------------------------


def test_tokenization_steps_ranks_and_ids():
    piece = ENC.trace("tokenization")["pieces"][0]
    assert [s["merged"] for s in piece["steps"]] == [
        "on", "at", "en", "ion", "ation", "ok", "iz", "ization", "oken", "token",
    ]  # fmt: skip
    assert [s["rank"] for s in piece["steps"]] == [5, 9, 12, 39, 85, 226, 272, 1378, 3977, 29745]
    assert piece["tokens"] == ["token", "ization"]
    assert piece["ids"] == [30001, 1634] == ENC.encode("tokenization")


def test_table_facts():
    assert ENC.n_vocab == 50257
    assert ENC.eot_token == 50256
    assert ENC.rank("Ġ", "t") == 0
    assert ENC.token_id("Ġt") == 256
    assert ENC.token(30001) == "token"
    assert BYTE_TO_UNICODE[ord(" ")] == "Ġ"
    assert ENC.token(0) == "!"  # byte tokens follow GPT-2's byte order, not byte value


def test_leading_space_is_part_of_the_piece():
    pieces = ENC.trace(" the")["pieces"]
    assert [p["text"] for p in pieces] == [" the"]
    assert pieces[0]["tokens"] == ["Ġthe"]
    assert ENC.encode(" the") != ENC.encode("the")


def test_merges_never_cross_pieces():
    trace = ENC.trace("fix the AI")
    assert [p["text"] for p in trace["pieces"]] == ["fix", " the", " AI"]
    assert [p["rule"] for p in trace["pieces"]] == ["letters"] * 3
    for piece in trace["pieces"]:
        assert "".join(piece["tokens"]) == "".join(BYTE_TO_UNICODE[b] for b in piece["bytes"])


def test_unicorn_is_one_character_of_several_tokens():
    piece = ENC.trace("🦄")["pieces"][0]
    assert piece["bytes"] == list("🦄".encode())
    assert piece["chars"] == [[0, 4, "🦄"]]
    assert len(piece["ids"]) > 1
    assert ENC.decode(piece["ids"]) == "🦄"


# --- the oracle -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", CORPUS)
def test_encode_matches_tiktoken(r50k_oracle, text):
    assert ENC.encode_ordinary(text) == r50k_oracle.encode_ordinary(text)
    assert ENC.trace(text)["ids"] == r50k_oracle.encode_ordinary(text)


@settings(max_examples=300)
@given(st.text())
def test_encode_matches_tiktoken_on_any_text(r50k_oracle, text):
    assert ENC.encode_ordinary(text) == r50k_oracle.encode_ordinary(text)


@settings(max_examples=100)
@given(st.text(alphabet=st.sampled_from("ab '\n1é中🦄"), min_size=100, max_size=600))
def test_long_pieces_match_tiktoken(r50k_oracle, text):
    """Pieces longer than the short-piece loop go through the heap; both must agree with tiktoken."""
    assert ENC.encode_ordinary(text) == r50k_oracle.encode_ordinary(text)


@pytest.mark.parametrize("unit", ["^", "0", "a", "'s", " ", "\n"])
@pytest.mark.parametrize("shape", ["plain", "leading space", "trailing newline"])
def test_repetitive_stress_inputs(r50k_oracle, unit, shape):
    text = unit * 10_000
    text = {"plain": text, "leading space": " " + text, "trailing newline": text + "\n"}[shape]
    assert ENC.encode_ordinary(text) == r50k_oracle.encode_ordinary(text)


def test_every_single_token_round_trips(r50k_oracle):
    for token_id in range(ENC.n_vocab):
        data = ENC.decode_single_token_bytes(token_id)
        assert data == r50k_oracle.decode_single_token_bytes(token_id)
        assert ENC.encode_single_token(data) == token_id


def test_every_token_merges_into_itself():
    """r50k takes an ASCII piece that is a token whole, as tiktoken does (bpe.MergeList whole_tokens):
    that skips merging only because every token's own bytes merge into that one token."""
    model = ENC.model
    assert model.whole_tokens
    for token_id in range(256, len(model)):
        assert model.bpe(model.token_bytes(token_id)) == [token_id]
    plain = toklab.Encoding.from_merges("plain", [["b", "c"], ["a", "b"], ["ab", "c"]])
    assert plain.encode_ordinary("abc") == [plain.token_id("a"), plain.token_id("bc")]  # not the token "abc"


# --- special tokens, surrogates, decoding ---------------------------------------------------------------


def test_special_tokens_like_tiktoken(r50k_oracle):
    text = "a<|endoftext|>b"
    with pytest.raises(ValueError, match="<\\|endoftext\\|>"):
        ENC.encode(text)
    with pytest.raises(ValueError):
        r50k_oracle.encode(text)
    assert ENC.encode(text, allowed_special="all") == r50k_oracle.encode(text, allowed_special="all")
    assert ENC.encode(text, allowed_special={"<|endoftext|>"}) == [64, 50256, 65]
    assert ENC.encode_ordinary(text) == r50k_oracle.encode_ordinary(text)
    assert 50256 not in ENC.encode_ordinary(text)
    assert ENC.encode(text, disallowed_special=()) == r50k_oracle.encode(text, disallowed_special=())


def test_special_piece_in_trace():
    trace = ENC.trace("hi<|endoftext|>", allowed_special="all")
    assert trace["pieces"][-1]["rule"] == "special"
    assert trace["ids"] == [5303, 50256]


@pytest.mark.parametrize("text", ["\ud800", "a\udfffb", "\ud83e\udd84", "x\ud83e", "\udd84\ud83e"])
def test_surrogates_like_tiktoken(r50k_oracle, text):
    assert ENC.encode(text) == r50k_oracle.encode(text)
    assert ENC.encode_ordinary(text) == r50k_oracle.encode_ordinary(text)
    json.dumps(ENC.trace(text))  # no surrogate survives into the trace


def test_decode_errors_name_the_id():
    with pytest.raises(ValueError, match="50257"):
        ENC.decode([30001, 50257])
    with pytest.raises(ValueError, match="-1"):
        ENC.decode_bytes([-1])
    with pytest.raises(TypeError):
        ENC.decode(["12"])


def test_decode_replaces_invalid_utf8_like_tiktoken(r50k_oracle):
    ids = ENC.encode("🦄")[:1] + ENC.encode("ok")
    assert ENC.decode(ids) == r50k_oracle.decode(ids)
    assert ENC.decode_bytes(ids) == r50k_oracle.decode_bytes(ids)
    assert "\ufffd" in ENC.decode(ids)


@settings(max_examples=200)
@given(st.text())
def test_decode_encode_round_trip(text):
    clean = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    assert ENC.decode(ENC.encode_ordinary(text)) == clean


# --- the trace ------------------------------------------------------------------------------------------


def replay(piece):
    """Apply the recorded steps to the starting symbols; check each choice was the leftmost lowest rank."""
    symbols = list(piece["symbols"])
    assert from_printable("".join(symbols)) == bytes(piece["bytes"])
    for step in piece["steps"]:
        pairs = list(zip(symbols, symbols[1:]))
        ranks = [ENC.rank(a, b) for a, b in pairs]
        if step["candidates"] is not None:
            assert step["candidates"] == ranks
        best = min(r for r in ranks if r is not None)
        assert step["rank"] == best
        assert step["position"] == ranks.index(best)
        at = step["position"]
        assert (step["left"], step["right"]) == pairs[at]
        symbols[at : at + 2] = [step["left"] + step["right"]]
        assert step["symbols"] == symbols
        assert step["id"] == ENC.token_id(step["merged"])
    assert all(ENC.rank(a, b) is None for a, b in zip(symbols, symbols[1:]))
    assert symbols == piece["tokens"]
    return [ENC.token_id(s) for s in symbols]


@pytest.mark.parametrize("text", CORPUS)
def test_trace_replay_gives_encode(text):
    trace = ENC.trace(text)
    ids = [i for piece in trace["pieces"] for i in replay(piece)]
    assert ids == trace["ids"] == ENC.encode_ordinary(text)
    assert "".join(p["text"] for p in trace["pieces"]) == text


@settings(max_examples=100)
@given(st.text(max_size=80))
def test_trace_replay_on_any_text(text):
    trace = ENC.trace(text)
    assert [i for piece in trace["pieces"] for i in replay(piece)] == ENC.encode_ordinary(text)


def test_trace_is_plain_json():
    trace = ENC.trace("Hello 🦄 今天 <|endoftext|>!", allowed_special="all")
    assert json.loads(json.dumps(trace)) == trace


def test_long_piece_keeps_steps_but_not_candidates():
    piece = ENC.trace("a" * (MAX_CANDIDATE_BYTES + 1))["pieces"][0]
    assert piece["steps"] and all(step["candidates"] is None for step in piece["steps"])
    replay(piece)


def test_greedy_mistake_differs_from_rank_order():
    greedy = ENC.trace_greedy("tokenization")
    assert greedy["tokens"] != ["token", "ization"]
    assert greedy["steps"][0]["merged"] == "to"  # the leftmost pair that has any rule
    for step in greedy["steps"]:
        first = next(i for i, rank in enumerate(step["candidates"]) if rank is not None)
        assert step["position"] == first and step["rank"] == step["candidates"][first]


# --- the table files ------------------------------------------------------------------------------------


@pytest.mark.cpython_only
def test_a_changed_table_is_refused(tmp_path, r50k_dir):
    for name in ("encoder.json", "vocab.bpe"):
        shutil.copy(r50k_dir / name, tmp_path / name)
    with open(tmp_path / "vocab.bpe", "a", encoding="utf-8") as f:
        f.write("x y\n")
    with pytest.raises(ValueError, match="sha256"):
        load_r50k(tmp_path)
    assert load_r50k(r50k_dir).encode("tokenization") == [30001, 1634]


def test_the_two_table_files_agree(r50k_dir):
    """Every token of encoder.json has the id that vocab.bpe's ranks give it (256 + rank)."""
    assert load_r50k(r50k_dir, cross_check=True).n_vocab == 50257
