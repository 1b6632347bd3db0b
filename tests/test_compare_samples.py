"""Four tokenizers side by side, and training windows from a token stream.

Expected values are the textbook chapter's (18.3.6 and 18.3.7), copied here as literals.
"""

import doctest
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toklab import compare as compare_module
from toklab import samples as samples_module
from toklab.compare import compare
from toklab.samples import make_samples, samples_for_text, window_offsets

from chapter import PARAGRAPH

LESSON = "我爱中国人\n中国人很多\n我爱中国\n北京是中国首都"


@pytest.mark.parametrize("module", [compare_module, samples_module])
def test_docstring_examples_hold(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


# --- compare -------------------------------------------------------------------------------

def by_name(result):
    return {t["name"]: t for t in result["tokenizers"]}


def test_chapter_comparison_counts_and_sizes():
    r = by_name(compare("I don't like tokenization.", corpus="Here is a simple example of tokenization.",
                        bpe_vocab_size=20))
    assert [r[n]["vocab_size"] for n in ("characters", "words", "toy_bpe")] == [19, 8, 20]
    assert [r[n]["n_tokens"] for n in ("characters", "words", "toy_bpe")] == [26, 4, 26]
    assert r["words"]["unknown"] == ["I", "don't", "like"]
    assert r["characters"]["unknown"] == ["I", "d", "'"]
    assert r["r50k"]["n_unknown"] == 0 and r["r50k"]["vocab_size"] == 50257
    assert r["r50k"]["ids"] == [40, 836, 470, 588, 11241, 1634, 13]
    assert r["r50k"]["tokens"] == ["I", "Ġdon", "'t", "Ġlike", "Ġtoken", "ization", "."]


def test_costs_and_relative_costs():
    r = by_name(compare("I don't like tokenization.", corpus="Here is a simple example of tokenization.",
                        bpe_vocab_size=20))
    assert r["characters"]["costs"] == {"attention": 676, "output_per_token": 19}
    assert r["words"]["costs"] == {"attention": 16, "output_per_token": 8}
    assert r["words"]["relative"]["attention"] == pytest.approx(16 / 676)
    assert r["r50k"]["relative"]["output_per_token"] == pytest.approx(50257 / 19)
    assert r["characters"]["relative"] == {"attention": 1.0, "output_per_token": 1.0}


def test_r50k_tokens_are_the_trace_tokens():
    from toklab.registry import get_encoding

    text = "我爱中国人。 Tokenizers  split text!"
    trace = get_encoding("r50k_base").trace(text)
    r = by_name(compare(text))
    assert r["r50k"]["tokens"] == [t for p in trace["pieces"] for t in p["tokens"]]
    assert r["r50k"]["ids"] == trace["ids"]


def test_chinese_text():
    r = by_name(compare("我爱中国人。中国人很多！", corpus=LESSON, bpe_vocab_size=30))
    assert r["characters"]["tokens"] == list("我爱中国人。中国人很多！")
    assert r["characters"]["unknown"] == ["。", "！"]
    assert r["words"]["tokens"] == ["我爱中国人。中国人很多！"] and r["words"]["n_unknown"] == 1
    assert r["toy_bpe"]["tokens"][:2] == ["我爱中国", "人"]
    assert "".join(r["r50k"]["token_texts"]).count("中") == 2
    assert r["r50k"]["n_tokens"] > r["characters"]["n_tokens"]


@pytest.mark.parametrize("text", ["", " ", "a\n\nb", "😊😊", "中国  中国"])
def test_compare_tricky_text_is_plain_json(text):
    r = compare(text)
    assert json.loads(json.dumps(r)) == r
    chars = by_name(r)["characters"]
    assert chars["n_tokens"] == len(text) and chars["n_unknown"] == 0
    if not text:
        assert all(t["n_tokens"] == 0 for t in r["tokenizers"])
        assert by_name(r)["words"]["relative"]["attention"] is None


# --- samples -------------------------------------------------------------------------------

CHAPTER_X = [[11, 17, 90, 43, 15, 98], [64, 81, 13, 82, 74, 81], [82, 74, 81, 24, 65, 5]]
CHAPTER_Y = [[17, 90, 43, 15, 98, 74], [81, 13, 82, 74, 81, 24], [74, 81, 24, 65, 5, 17]]


def test_chapter_batch_reproduced_from_its_offsets():
    r = samples_for_text(PARAGRAPH, block_size=6, batch_size=3, offsets=[239, 131, 134])
    assert r["n_ids"] == 255 and r["vocab_size"] == 100 and r["ids"][:10] == [8, 12, 32, 36, 25, 50, 58, 38, 57, 50]
    assert [w["x"] for w in r["windows"]] == CHAPTER_X and [w["y"] for w in r["windows"]] == CHAPTER_Y
    assert [w["x_tokens"] for w in r["windows"]] == [["a", "b", "u", "l", "ar", "y</w>"], ["or", "t", "an", "t</w>", "s", "t"],
                             ["t</w>", "s", "t", "e", "p", "</w>"]]
    assert [w["y_tokens"] for w in r["windows"]] == [["b", "u", "l", "ar", "y</w>", "s"], ["t", "an", "t</w>", "s", "t", "e"],
                             ["s", "t", "e", "p", "</w>", "b"]]
    assert r["mode"] == "offsets" and r["max_offset"] == 255 - 7


def test_random_windows_are_reproducible_and_in_range():
    ids = list(range(100, 140))
    a = make_samples(ids, 5, 8, seed=3)
    assert a == make_samples(ids, 5, 8, seed=3)
    assert a["offsets"] != make_samples(ids, 5, 8, seed=4)["offsets"]
    assert all(0 <= o <= 40 - 6 for o in a["offsets"]) and a["mode"] == "random" and a["seed"] == 3


def test_sequential_windows_touch_and_truncate():
    ids = list(range(20))
    r = make_samples(ids, 4, 10, mode="sequential")
    assert r["offsets"] == [0, 4, 8, 12] and r["truncated"] is True
    assert all(prev["y"][-1] == nxt["x"][0] for prev, nxt in zip(r["windows"], r["windows"][1:]))


def test_sample_errors():
    with pytest.raises(ValueError):
        make_samples([1, 2, 3], 3, 1)
    with pytest.raises(ValueError):
        make_samples([1, 2, 3, 4], 2, 1, offsets=[2])
    with pytest.raises(ValueError):
        make_samples([1, 2, 3, 4], 2, 1, tokens=["a"])
    with pytest.raises(ValueError):
        window_offsets(10, 2, 2, mode="shuffled")
    with pytest.raises(ValueError):
        samples_for_text(PARAGRAPH, tokenizer="words")


def test_r50k_samples():
    r = samples_for_text("Tokenizers turn text into ids, and the model predicts the next id.", block_size=4,
                         batch_size=2, tokenizer="r50k", mode="sequential")
    assert r["vocab_size"] == 50257 and r["windows"][0]["x_tokens"] == ["Token", "izers", "Ġturn", "Ġtext"]
    assert json.loads(json.dumps(r)) == r


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 50), min_size=2, max_size=60), st.integers(1, 8), st.integers(1, 5),
       st.integers(0, 10**6), st.sampled_from(["random", "sequential"]))
def test_labels_are_inputs_shifted_by_one(ids, block_size, batch_size, seed, mode):
    if len(ids) < block_size + 1:
        with pytest.raises(ValueError):
            make_samples(ids, block_size, batch_size, seed=seed, mode=mode)
        return
    r = make_samples(ids, block_size, batch_size, tokens=[str(i) for i in ids], seed=seed, mode=mode)
    for w in r["windows"]:
        o = w["offset"]
        assert w["x"] == ids[o:o + block_size] and w["y"] == ids[o + 1:o + block_size + 1]
        assert w["x"][1:] == w["y"][:-1] and w["x_tokens"] == [str(i) for i in w["x"]]
    assert len(r["windows"]) == batch_size or (mode == "sequential" and r["truncated"])
