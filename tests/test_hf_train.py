"""Training a toklab.hf.Tokenizer the way MiniMind's train_tokenizer.py does, against tokenizers.

The script (jingyaogong/minimind, trainer/train_tokenizer.py) is not copied here: `minimind_script`
makes the same calls in the same order, once with `tokenizers` and once with `toklab.hf` (the one line the
script would change is its import), and the files written must be the same bytes.
"""

import json
from pathlib import Path

import pytest

import minimind_script

tokenizers = pytest.importorskip("tokenizers")
from hypothesis import given, settings, strategies as st  # noqa: E402

import toklab.hf  # noqa: E402
from toklab.hf import training  # noqa: E402

NOTES = (Path(__file__).resolve().parent / "data" / "minimind_notes_zh.txt").read_text(encoding="utf-8")


def test_minimind_script_writes_the_same_files(tmp_path):
    texts = list(minimind_script.get_texts(minimind_script.sft_lines([p for p in NOTES.split("\n\n") if p.strip()])))
    theirs = minimind_script.train_tokenizer(tokenizers, iter(texts), tmp_path / "tokenizers", 1200)
    mine = minimind_script.train_tokenizer(toklab.hf, iter(texts), tmp_path / "toklab", 1200)
    assert mine == theirs == {t: i for i, t in enumerate(mine)}  # the 36 special tokens take ids 0-35
    for name in ("tokenizer.json", "vocab.json", "merges.txt"):
        assert (tmp_path / "toklab" / name).read_bytes() == (tmp_path / "tokenizers" / name).read_bytes(), name
    loaded = tokenizers.Tokenizer.from_file(str(tmp_path / "toklab" / "tokenizer.json"))
    assert loaded.get_vocab_size() == 1200
    ours = toklab.hf.Tokenizer.from_file(str(tmp_path / "toklab" / "tokenizer.json"))
    for text in ["<|im_start|>user\n今天天气真好<|im_end|>", NOTES[-3000:], "def f(x):\n    return x  # 注释"]:
        assert ours.encode(text).ids == loaded.encode(text).ids


def trained_pair(texts, setup, **options):
    """The same set-up trained with both: (toklab's tokenizer, tokenizers' one)."""
    out = []
    for lib in (toklab.hf, tokenizers):
        tok = lib.Tokenizer(lib.models.BPE())
        setup(lib, tok)
        tok.train_from_iterator(texts, trainer=lib.trainers.BpeTrainer(show_progress=False, **options))
        out.append(tok)
    return out


def assert_same(mine, theirs):
    assert json.loads(mine.to_str()) == json.loads(theirs.to_str())


def test_added_tokens_and_a_normalizer_shape_the_words():
    def setup(lib, tok):
        tok.normalizer = lib.normalizers.NFC()
        tok.pre_tokenizer = lib.pre_tokenizers.ByteLevel(add_prefix_space=True)
        tok.add_special_tokens(["<|im_end|>"])  # already there before training: split out, one word
        tok.add_tokens(["天气"])

    texts = ["今天天气真好<|im_end|>", "Cafe\u0301 天气 <|im_end|><|im_end|>", "e\u0301 e\u0301"] * 3
    mine, theirs = trained_pair(texts, setup, vocab_size=300, special_tokens=["<s>"],
                                initial_alphabet=toklab.hf.pre_tokenizers.ByteLevel.alphabet())
    assert_same(mine, theirs)
    # an added token is one word, as it is in the text, and is learned like any other word
    fresh = toklab.hf.Tokenizer(toklab.hf.models.BPE())
    setup(toklab.hf, fresh)
    assert training.words_of(fresh, "好<|im_end|>天气") == ["Ġå¥½", "<|im_end|>", "天气"]
    assert ("<|", "im") in mine.model.merges
    # and, as in tokenizers, the trainer's <s> then takes id 0, which <|im_end|> had before training
    assert mine.get_added_tokens_decoder()[0].content == "<s>" == theirs.get_added_tokens_decoder()[0].content
    assert mine.token_to_id("<|im_end|>") == theirs.token_to_id("<|im_end|>")
    assert mine.encode("好<|im_end|>天气").tokens == theirs.encode("好<|im_end|>天气").tokens


def test_batches_and_no_pre_tokenizer():
    mine, theirs = trained_pair([["aab", "abab"], ["ba"], "aaa"], lambda lib, tok: None, vocab_size=8)
    assert_same(mine, theirs)


def test_train_reads_files_line_by_line(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_bytes("今天天气真好\r\n今天\r\nhello world\n".encode())
    b.write_bytes("天气\rhello\n\nhello".encode())
    out = []
    for lib in (toklab.hf, tokenizers):
        tok = lib.Tokenizer(lib.models.BPE())
        tok.pre_tokenizer = lib.pre_tokenizers.ByteLevel(add_prefix_space=False)
        tok.train([str(a), str(b)], trainer=lib.trainers.BpeTrainer(show_progress=False, vocab_size=60,
                                                                   special_tokens=["<unk>"]))
        out.append(tok)
    assert_same(*out)


@settings(max_examples=60)
@given(st.lists(st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=40), max_size=6))
def test_minimind_road_counts_the_words_the_long_road_counts(texts):
    tok = toklab.hf.Tokenizer(toklab.hf.models.BPE())
    tok.pre_tokenizer = toklab.hf.pre_tokenizers.ByteLevel(add_prefix_space=False)
    assert training._minimind_road(tok)
    long_road = {}
    for text in texts:
        for word in training.words_of(tok, text):
            long_road[word] = long_road.get(word, 0) + 1
    assert training._count(tok, texts) == long_road
