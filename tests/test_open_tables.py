"""The open models as the lessons' tables (toklab.hf.lesson through toklab.webapi): the ids the encode
lesson shows are `tokenizers`' ids, every traced piece replays to its tokens, the byte spans cover the
piece's bytes, and the facts the page's sentences use are the files' own (issue #24)."""

import json

import pytest

from toklab.open_models import TOKENIZER_NAMES
from toklab.webapi import handle

TEXTS = [
    "今天天气真好",
    "Hello, world! It's 2026: 12345678 tokens   and spaces.\n\n\tTabs.",
    "def f(x):\n    return x ** 2  # 😀 👩‍👩‍👧",
    "你好<|im_end|>再见 việc 日本語のテキスト",
    "",
]


def ask(kind: str, **payload) -> dict:
    answer = json.loads(handle(kind, json.dumps(payload)))
    assert answer["ok"], answer
    return answer["result"]


@pytest.fixture(scope="module")
def hf_oracle():
    pytest.importorskip("tokenizers")
    import oracles

    return oracles.hf_tokenizer  # each model's file loaded once for the session


@pytest.mark.cpython_only
@pytest.mark.parametrize("name", TOKENIZER_NAMES)
def test_overview_ids_and_every_trace_are_what_tokenizers_gives(name, hf_oracle):
    oracle = hf_oracle(name)
    for text in TEXTS:
        o = ask("overview", text=text, encoding=name)
        plain = oracle.encode(text, add_special_tokens=False)
        assert o["ids"] == plain.ids, text
        assert [t for p in o["pieces"] for t in p["tokens"]] == plain.tokens
        full = oracle.encode(text).ids
        before = [i for _, i, at in o["model"]["post_specials"] if at == "start"]
        after = [i for _, i, at in o["model"]["post_specials"] if at == "end"]
        assert before + o["ids"] + after == full, text
        for p in o["pieces"]:
            assert [s[1] - s[0] for s in p["spans"]] and p["spans"][-1][1] == len(p["bytes"]) or not p["ids"]
            t = ask("trace_piece", text=text, index=p["index"], encoding=name)
            last = t["steps"][-1]["symbols"] if t["steps"] else t["symbols"]
            assert last == t["tokens"] == p["tokens"] and t["ids"] == p["ids"]
            assert t["spans"][-1][1] == len(t["bytes"]) and [a for a, _ in t["spans"]] == [0] + [b for _, b in t["spans"][:-1]]
            for step in t["steps"]:
                assert (step["left"] + step["right"] == step["merged"]) and oracle.token_to_id(step["merged"]) == step["id"]
            if t["steps"] and t["steps"][0]["candidates"] is not None:
                assert min(r for r in t["steps"][0]["candidates"] if r is not None) == t["steps"][0]["rank"]


@pytest.mark.cpython_only
def test_a_merge_rank_is_its_line_in_merges_and_its_id_comes_from_the_vocabulary(hf_oracle):
    from tools.models import tokenizer_json

    config = json.loads(tokenizer_json("minimind").read_text(encoding="utf-8"))
    merges = [m.split(" ") if isinstance(m, str) else m for m in config["model"]["merges"]]
    t = ask("trace_piece", text="今天天气真好", index=0, encoding="minimind")
    for step in t["steps"]:
        assert merges[step["rank"]] == [step["left"], step["right"]]
        assert config["model"]["vocab"][step["merged"]] == step["id"]
    assert t["ids"] == [5640, 3660, 2131, 658] and t["tokens"] == [hf_oracle("minimind").id_to_token(i) for i in t["ids"]]
    assert any(s["id"] != 256 + s["rank"] for s in t["steps"])  # not GPT-2's 256 + rank


@pytest.mark.cpython_only
def test_gemma_starts_from_characters_with_spaces_as_the_block_and_byte_fallback(hf_oracle):
    oracle = hf_oracle("gemma3")
    text = "hi 今天 \U0001f9ff"
    o = ask("overview", text=text, encoding="gemma3")
    assert o["model"]["kind"] == "characters" and o["model"]["byte_fallback"] and o["model"]["space"] == "\u2581"
    assert o["model"]["post_specials"] == [["<bos>", oracle.token_to_id("<bos>"), "start"]]
    t = ask("trace_piece", text=text, index=0, encoding="gemma3")
    assert "\u2581" in t["symbols"] and "今" in t["symbols"]
    fallback = [s for s in t["symbols"] if s.startswith("<0x")]
    if fallback:  # a character missing from the vocabulary: its UTF-8 bytes as tokens
        assert fallback == [f"<0x{b:02X}>" for b in "\U0001f9ff".encode()]
    assert t["ids"] == oracle.encode(text, add_special_tokens=False).ids


@pytest.mark.cpython_only
def test_a_character_gemma_lacks_falls_back_to_its_bytes(hf_oracle):
    oracle = hf_oracle("gemma3")
    vocab = oracle.get_vocab()
    missing = next(chr(c) for c in range(0x4E00, 0x9FFF) if chr(c) not in vocab)
    t = ask("trace_piece", text=missing, index=0, encoding="gemma3")
    assert t["symbols"] == [f"<0x{b:02X}>" for b in missing.encode()]
    assert t["spans"] == [[0, 1], [1, 2], [2, 3]] and t["ids"] == oracle.encode(missing, add_special_tokens=False).ids


@pytest.mark.cpython_only
def test_llama3_takes_a_piece_whole_when_it_is_a_token():
    t = ask("trace_piece", text=" việc", index=0, encoding="llama3")
    assert t["whole"] and t["ids"] == [100769] and t["steps"] == [] and t["symbols"] == t["tokens"]
    o = ask("overview", text="a việc", encoding="llama3")
    assert o["model"]["whole_tokens"] and o["model"]["digits"] == "threes"


def test_the_facts_of_each_way_of_cutting():
    facts = {name: ask("tokenizer_facts", encoding=name) for name in ("minimind",)}
    assert facts["minimind"]["vocab_size"] == 6400 and facts["minimind"]["kind"] == "byte_level"
    assert facts["minimind"]["n_added"] == 36 and facts["minimind"]["n_special"] == 21
    assert facts["minimind"]["digits"] == "runs" and not facts["minimind"]["cjk_runs"]


@pytest.mark.cpython_only
def test_the_pre_tokenizers_are_told_apart():
    got = {name: ask("tokenizer_facts", encoding=name) for name in TOKENIZER_NAMES}
    assert got["deepseek_v3"]["cjk_runs"] and got["deepseek_v3"]["digits"] == "threes"
    assert got["qwen3"]["digits"] == "single" and not got["qwen3"]["whole_tokens"]
    assert got["llama3"]["whole_tokens"] and got["llama3"]["digits"] == "threes"
    assert got["gemma3"]["kind"] == "characters" and got["gemma3"]["n_patterns"] == 0
    o = ask("overview", text="我爱北京123456", encoding="deepseek_v3")
    assert [p["text"] for p in o["pieces"]] == ["我爱北京", "123", "456"]
    o = ask("overview", text="x 2024", encoding="qwen3")
    assert [p["text"] for p in o["pieces"]][-4:] == ["2", "0", "2", "4"]


def test_decode_and_special_follow_the_model():
    d = ask("decode", ids="[5640, 3660, 2131, 658, 2]", encoding="minimind")
    assert d["text"] == "今天天气真好<|im_end|>" and d["items"][4]["special"] and d["errors"] == 0
    bad = ask("decode", ids="6400", encoding="minimind")
    assert bad["items"][0]["code"] == "unknown_id" and bad["items"][0]["params"]["encoding"] == "minimind"
    s = ask("special", text="你好<|im_end|>", encoding="minimind")
    assert s["refused"]["ok"] and s["allowed"]["ids"] == [1968, 2]  # tokenizers splits added tokens out of plain text
    assert s["plain"]["ids"] != [1968, 2] and 2 not in s["plain"]["ids"]
    assert s["model"]["name"] == "minimind"
