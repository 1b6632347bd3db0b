"""toklab.hf against HuggingFace `tokenizers` 0.23.3 on the five shipped tokenizer.json files.

Each model is loaded once for the module, by both. Every test compares ids, tokens, offsets and the
special-tokens mask of `encode` (with and without add_special_tokens), and `decode` (skipping special
tokens and not): on hand-picked texts, chats full of added tokens, hypothesis text (mixed with each
model's added tokens and their fragments), every code point of the planes that hold characters (a sample
of the one-kind planes), and 10,000-character runs.
"""

import random

import pytest

tokenizers = pytest.importorskip("tokenizers")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import oracles  # noqa: E402
from toklab.hf import Tokenizer  # noqa: E402

pytestmark = pytest.mark.cpython_only
NAMES = ["minimind", "qwen3", "deepseek_v3", "llama3", "gemma3"]

CHATS = {
    "minimind": "<|im_start|>system\n你是MiniMind<|im_end|>\n<|im_start|>user\n你好<|im_end|>\n<|im_start|>assistant\n",
    "qwen3": "<|im_start|>user\nWhat is 2+2?<|im_end|>\n<|im_start|>assistant\n<think>\n\n</think>\n\n4<|im_end|><|endoftext|>",
    "deepseek_v3": "<｜begin▁of▁sentence｜><｜User｜>你好<｜Assistant｜><think>ok</think><｜tool▁calls▁begin｜><｜tool▁sep｜>f<｜end▁of▁sentence｜>",
    "llama3": "<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\nHi there<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n",
    "gemma3": "<bos><start_of_turn>user\nBonjour à tous<end_of_turn>\n<start_of_turn>model\n<start_of_image><image_soft_token>\t\t  x<end_of_turn>",
}

TEXTS = [
    "", " ", "  ", "\n", "\r\n\r\n", "a", "Hello world!  It's 12345 ok\n\n  x", "I'M DON'T we'LL", "今天天气真好",
    "你好<|im_end|>再见<|endoftext|>", "我爱 北京", " việc", "e\u0301 café ﬁ", "\U00011935\U00011930", "한국어 텍스트",
    "日本語のテキスト。カタカナ", "😀🦄 emoji 👩‍👩‍👧", "  \t\n\r\x1c\x1f\x85\u3000 x", "1234567890 3.14159 ٣٤٥", "x" * 300,
    "def f(x):\n    return x ** 2  # comment\n", "▁▁ ▁x", "<0xE4> <unk> <s>", "\x00\x01 \ufffd \uffff", "ſ ſt 'S 'ſ K",
]


@pytest.fixture(scope="module", params=NAMES)
def pair(request):
    from tools.models import tokenizer_json

    try:
        path = tokenizer_json(request.param)
    except Exception as e:  # noqa: BLE001 - the fetch may be impossible offline
        pytest.skip(f"{request.param}'s tokenizer.json could not be fetched: {e}")
    return request.param, oracles.hf_tokenizer(request.param), Tokenizer.from_file(path)


def check(oracle, mine, text):
    for special in (True, False):
        want, got = oracle.encode(text, add_special_tokens=special), mine.encode(text, add_special_tokens=special)
        assert got.ids == want.ids, (text, special)
        assert got.tokens == want.tokens, (text, special)
        assert got.offsets == want.offsets, (text, special)
        assert got.special_tokens_mask == want.special_tokens_mask, (text, special)
    for skip in (True, False):
        assert mine.decode(want.ids, skip_special_tokens=skip) == oracle.decode(want.ids, skip_special_tokens=skip), text


def added_contents(oracle) -> list[str]:
    return sorted(t.content for t in oracle.get_added_tokens_decoder().values())


def test_hand_checked_answers(pair):
    name, _, mine = pair
    expected = {
        "minimind": [("你好<|im_end|>再见<|endoftext|>", [1968, 2, 2223, 1558, 0]), ("今天天气真好", [5640, 3660, 2131, 658])],
        "llama3": [(" việc", [100769])],  # ignore_merges: not [3355, 26298, 66]
    }
    for text, ids in expected.get(name, []):
        assert mine.encode(text).ids == ids
    if name == "deepseek_v3":
        assert mine.encode("我爱 北京").tokens == ["æĪĳçĪ±", "Ġ", "åĮĹäº¬"]  # the CJK Split before the word one
    if name == "gemma3":
        assert mine.encode("hi").tokens[0] == "<bos>" and mine.encode("hi", add_special_tokens=False).tokens == ["hi"]


def test_texts_and_chats(pair):
    name, oracle, mine = pair
    for text in TEXTS + [CHATS[name], CHATS[name] * 3, " " + CHATS[name] + " "]:
        check(oracle, mine, text)


def test_every_added_token_alone_and_in_text(pair):
    _, oracle, mine = pair
    contents = added_contents(oracle)
    rng = random.Random(22)
    sample = contents if len(contents) <= 300 else rng.sample(contents, 300)
    check(oracle, mine, "".join(sample))
    check(oracle, mine, " x ".join(sample))
    for c in sample[:60]:
        check(oracle, mine, c)
        check(oracle, mine, c[: len(c) // 2] + "a" + c)


def test_vocabulary(pair):
    _, oracle, mine = pair
    assert mine.get_vocab_size() == oracle.get_vocab_size()
    assert mine.get_vocab_size(with_added_tokens=False) == oracle.get_vocab_size(with_added_tokens=False)
    assert mine.get_vocab() == oracle.get_vocab()
    for i in list(range(0, mine.get_vocab_size() + 3, 997)) + [mine.get_vocab_size() - 1]:
        assert mine.id_to_token(i) == oracle.id_to_token(i)
        t = oracle.id_to_token(i)
        if t is not None:
            assert mine.token_to_id(t) == oracle.token_to_id(t)


def test_every_code_point(pair):
    _, oracle, mine = pair
    points = oracles.code_points()
    step = 2048
    for k in range(0, len(points), step):
        check_ids = "".join(map(chr, points[k : k + step]))
        want, got = oracle.encode(check_ids), mine.encode(check_ids)
        assert (got.ids, got.offsets) == (want.ids, want.offsets), hex(points[k])
    shuffled = points[:]
    random.Random(7).shuffle(shuffled)
    text = " ".join(map(chr, shuffled[:60000]))
    want, got = oracle.encode(text), mine.encode(text)
    assert (got.ids, got.offsets) == (want.ids, want.offsets)


@pytest.mark.parametrize("unit", ["a", " ", "\n", "中", "😀", "7", "!", "\u2581", "\u0301", "ab", " x"])
def test_long_runs(pair, unit):
    _, oracle, mine = pair
    for text in (unit * 10_000, "x" + unit * 10_000 + "y"):
        want, got = oracle.encode(text), mine.encode(text)
        assert (got.ids, got.offsets) == (want.ids, want.offsets)


def test_decode_any_ids(pair):
    _, oracle, mine = pair
    rng = random.Random(3)
    size = oracle.get_vocab_size()
    for _ in range(60):
        ids = [rng.randrange(size + 5) for _ in range(rng.randint(0, 30))]
        for skip in (True, False):
            assert mine.decode(ids, skip_special_tokens=skip) == oracle.decode(ids, skip_special_tokens=skip), ids


def test_to_str_round_trips_through_tokenizers(pair):
    name, oracle, mine = pair
    if name not in ("minimind", "qwen3"):
        pytest.skip("the same code on a larger file: minimind and qwen3 are enough (the JSON of the others is 8-33 MB)")
    again = tokenizers.Tokenizer.from_str(mine.to_str())
    mine_again = Tokenizer.from_str(mine.to_str())
    for text in TEXTS[:12]:
        assert again.encode(text).ids == oracle.encode(text).ids
        assert mine_again.encode(text).ids == oracle.encode(text).ids


_FRAGMENTS = ["<|", "|>", "<｜", "▁", "<0x", ">", "<", "'s", "\u0301", " ", "\n", "\r\n", "  "]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_hypothesis_text(pair, data):
    _, oracle, mine = pair
    specials = added_contents(oracle)[:400]
    part = st.one_of(st.text(max_size=12), st.sampled_from(specials + _FRAGMENTS), st.characters(exclude_categories=["Cs"]))
    text = "".join(data.draw(st.lists(part, max_size=12)))
    check(oracle, mine, text)
