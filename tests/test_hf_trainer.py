"""toklab.hf.trainers.BpeTrainer against HuggingFace tokenizers' own BpeTrainer (the oracle, 0.23.3).

Every test trains both on the same corpus and options and compares the vocabulary (token -> id) and the
merges in order. Two set-ups: byte-level (MiniMind's: no normalizer, ByteLevel(add_prefix_space=False),
the 256 byte characters as initial_alphabet, special tokens first) on real text, and whole sequences as
words (no pre-tokenizer) on tiny alphabets, where ties, repeated tokens and max_token_length show up
everywhere.
"""

import doctest
import itertools
import json
import sysconfig
from pathlib import Path

import pytest

tokenizers = pytest.importorskip("tokenizers")
from hypothesis import assume, given, settings, strategies as st  # noqa: E402
from tokenizers import models, pre_tokenizers, trainers  # noqa: E402

from toklab.bytes_unicode import BYTE_TO_UNICODE  # noqa: E402
from toklab.errors import ToklabError  # noqa: E402
from toklab.hf import merge_loop, model_files  # noqa: E402
from toklab.hf import trainers as ours  # noqa: E402
from toklab.hf.training import gpt2_split  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
NOTES = (DATA / "minimind_notes_zh.txt").read_text(encoding="utf-8")  # seed 001: Chinese notes with code
MINIMIND_SPECIALS = (["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|object_ref_start|>", "<|object_ref_end|>"]
                     + [f"<|buffer{i}|>" for i in range(1, 32)])


def english() -> list[str]:
    from pydoc_data.topics import topics  # CPython's own documentation, English prose

    return [topics[name] for name in sorted(topics)][:25]


def code() -> list[str]:
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    return (stdlib / "textwrap.py").read_text(encoding="utf-8").splitlines(keepends=True)


def oracle(texts, byte_level=True, **options):
    """tokenizers' BpeTrainer: (vocab, merges, the trained tokenizers.Tokenizer)."""
    tok = tokenizers.Tokenizer(models.BPE())
    if byte_level:
        tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.train_from_iterator(texts, trainer=trainers.BpeTrainer(show_progress=False, **options))
    model = json.loads(tok.to_str())["model"]
    return model["vocab"], [tuple(m) for m in model["merges"]], tok


def whole(sequence: str) -> list[str]:
    """No pre-tokenizer: the whole sequence is one word (tokenizers skips an empty one)."""
    return [sequence] if sequence else []


def mine(texts, byte_level=True, **options):
    trainer = ours.BpeTrainer(show_progress=False, **options)
    if byte_level:  # ByteLevel's own pattern, Oniguruma's classes (toklab.pretokenize's follow a newer Unicode)
        words = ours.byte_level_word_counts(texts, gpt2_split())
    else:
        trainer.feed(texts, whole)
        words = trainer.words
    return trainer.learn(words)


def same(texts, byte_level=True, **options):
    want_vocab, want_merges, _ = oracle(texts, byte_level, **options)
    vocab, merges = mine(texts, byte_level, **options)
    assert merges == want_merges
    assert vocab == want_vocab
    return vocab, merges


def test_doctests():
    for module in (ours, merge_loop, model_files):
        assert doctest.testmod(module).failed == 0


def test_byte_alphabet_is_tokenizers_one():
    assert sorted(BYTE_TO_UNICODE) == sorted(pre_tokenizers.ByteLevel.alphabet())


@pytest.mark.parametrize("corpus", ["chinese", "english", "code", "mixed"])
def test_minimind_setup_on_real_text(corpus):
    texts = {"chinese": NOTES.splitlines(), "english": english(), "code": code(),
             "mixed": NOTES.splitlines()[:80] + english()[:5] + code()[:200]}[corpus]
    vocab, merges = same(texts, vocab_size=1500, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
                         special_tokens=MINIMIND_SPECIALS)
    assert len(vocab) == 1500 and len(merges) == 1500 - 256 - len(MINIMIND_SPECIALS)
    assert [vocab[t] for t in MINIMIND_SPECIALS] == list(range(len(MINIMIND_SPECIALS)))


def test_training_stops_when_no_pair_is_left():
    vocab, merges = same(["今天天气真好"], vocab_size=6400, initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    # 18 bytes in one word, merged until it is one token; the two merges inside 天 serve both 天s: 15 merges
    assert len(merges) == 15 and len(vocab) == 256 + 15
    assert max(vocab, key=vocab.get) == ours.byte_level_word_counts(["今天天气真好"], gpt2_split()).popitem()[0]


@pytest.mark.parametrize("texts", [[], [""], ["a"], ["a", "a"], [" "], ["\n\n"], ["ab"]])
def test_tiny_and_empty_corpora(texts):
    same(texts, vocab_size=300)
    same(texts, vocab_size=300, special_tokens=["<s>"], initial_alphabet=["x", "yz", ""])
    same(texts, byte_level=False, vocab_size=10)


def test_min_frequency():
    texts = NOTES.splitlines()[:60]
    _, every = same(texts, vocab_size=2000, min_frequency=0)
    for min_frequency in (1, 2, 5, 40):
        _, merges = same(texts, vocab_size=2000, min_frequency=min_frequency)
        assert merges == every[:len(merges)]  # the same merges, stopped earlier
        assert (len(merges) < len(every)) == (min_frequency > 1)


def test_special_tokens_take_the_first_ids_in_order():
    specials = ["<b>", "<a>", "<b>", "中", "Ġ"]  # a repeat is skipped; 中 and Ġ are then not learned again
    vocab, _ = same(["中文 中文 Ġ"], byte_level=False, vocab_size=20, special_tokens=specials)
    assert list(vocab)[:4] == ["<b>", "<a>", "中", "Ġ"] and [vocab[t] for t in ["<b>", "<a>", "中", "Ġ"]] == [0, 1, 2, 3]
    same(NOTES.splitlines()[:30], vocab_size=700, special_tokens=specials,
         initial_alphabet=pre_tokenizers.ByteLevel.alphabet())


def test_initial_alphabet_takes_the_first_character_of_each_string():
    vocab, _ = same(["hello"], byte_level=False, vocab_size=12, initial_alphabet=["zebra", "é", "", "h"])
    assert "z" in vocab and "é" in vocab and "zebra" not in vocab


def test_limit_alphabet_drops_the_rarest_characters():
    # counts a:1 b:2 c:3 d:4 e:5 (distinct: which one goes is decided by count alone)
    texts = ["edcba", "edcb", "edc", "ed", "e"]
    for limit in range(0, 7):
        vocab, _ = same(texts, byte_level=False, vocab_size=30, limit_alphabet=limit)
    for limit in (0, 3):  # the initial alphabet is kept first, even if never seen
        same(texts, byte_level=False, vocab_size=30, limit_alphabet=limit, initial_alphabet=["a", "q"])
    vocab, merges = same(["axb", "ab", "ab"], byte_level=False, vocab_size=30, limit_alphabet=2)
    assert "x" not in vocab and ("a", "b") in merges  # a dropped character joins its neighbours


words = st.lists(st.text("abc", max_size=12), max_size=12)


@settings(max_examples=200)
@given(words, st.integers(0, 40), st.integers(0, 3), st.sampled_from([None, 2, 3, 4]))
def test_ties_everywhere(texts, vocab_size, min_frequency, max_token_length):
    """Three letters, whole sequences as words: ties at every step, tokens made twice (``a``+``bc`` after
    ``ab``+``c``: the same pair can then be merged twice), max_token_length's bookkeeping."""
    same(texts, byte_level=False, vocab_size=vocab_size, min_frequency=min_frequency,
         max_token_length=max_token_length)


def test_a_token_made_twice():
    """``ab c`` then ``a bc`` both make ``abc``: the second merge adds no token, and merges after it still
    count the vocabulary, not the merges."""
    vocab, merges = same(["abc", "abc", "abcab", "xbc", "xbc", "xbc", "abd"], byte_level=False, vocab_size=12)
    assert len(merges) > len(vocab) - 6


def run_road(steps):
    try:
        while True:
            next(steps)
    except StopIteration as end:
        return end.value


@settings(max_examples=300)
@given(st.lists(st.lists(st.integers(0, 4), max_size=14), max_size=10), st.data(), st.integers(5, 40),
       st.integers(0, 2), st.sampled_from([None, "##"]))
def test_the_fast_road_merges_as_the_readable_one(ids, data, vocab_size, min_frequency, prefix):
    """merge_loop's two roads (words as strings of chr(id), words as lists of ids) on the same words: the
    same merges, the same stop, the same tokens, ties and tokens made twice included; and a right symbol
    that is the prefix alone (``a`` + ``##`` makes ``a`` again: the pair outlives its merge, and a word
    listed twice in a first entry is still merged once)."""
    counts = data.draw(st.lists(st.integers(1, 3), min_size=len(ids), max_size=len(ids)))
    answers = []
    for road in (merge_loop._text_steps, merge_loop._list_steps):
        words = [list(w) for w in ids]
        id2w = ["a", "b", "c", "##c", "##"] if prefix else ["a", "b", "c", "d", "e"]
        w2id = {t: i for i, t in enumerate(id2w)}
        args = (words, counts, w2id, id2w, vocab_size, min_frequency)
        end = run_road(road(*args, prefix, None) if road is merge_loop._text_steps else road(*args, None, prefix, None))
        answers.append((end, id2w, w2id))
    assert answers[0] == answers[1]


def test_limit_alphabet_on_random_corpora_with_distinct_counts():
    @settings(max_examples=60)
    @given(words, st.integers(0, 4), st.integers(0, 30))
    def check(texts, limit, vocab_size):
        counts = {}
        for t in texts:
            for c in t:
                counts[c] = counts.get(c, 0) + 1
        assume(len(set(counts.values())) == len(counts))  # no tie at the cut: tokenizers' hash order
        same(texts, byte_level=False, vocab_size=vocab_size, limit_alphabet=limit)

    check()


@settings(max_examples=80)
@given(st.lists(st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=30), max_size=8),
       st.integers(250, 330), st.lists(st.sampled_from(["<s>", "</s>", "a", "Ġ"]), max_size=3))
def test_byte_level_on_any_text(texts, vocab_size, specials):
    same(texts, vocab_size=vocab_size, special_tokens=specials,
         initial_alphabet=pre_tokenizers.ByteLevel.alphabet())


def test_prefix_and_suffix():
    """With continuing_subword_prefix / end_of_word_suffix the prefixed symbols take ids in the order
    tokenizers meets the words, a hash map's: some order of the distinct words gives its answer."""
    cases = [(["abab", "ba", "abc"], {"continuing_subword_prefix": "##"}),
             (["abab", "ba", "abc"], {"end_of_word_suffix": "</w>"}),
             (["aab", "bba", "cab", "ab"], {"continuing_subword_prefix": "##", "end_of_word_suffix": "</w>"}),
             (["aaab", "ab", "b"], {"continuing_subword_prefix": "##", "max_token_length": 3})]
    for texts, options in cases:
        want_vocab, want_merges, _ = oracle(texts, byte_level=False, vocab_size=25, **options)
        answers = []
        for order in itertools.permutations(dict.fromkeys(texts)):
            trainer = ours.BpeTrainer(show_progress=False, vocab_size=25, **options)
            answers.append(trainer.learn({w: texts.count(w) for w in order}))
        assert (want_vocab, want_merges) in answers
        assert any(t.startswith("##") or t.endswith("</w>") for t in want_vocab)


def test_progress_reports_every_merge_and_can_stop():
    texts = NOTES.splitlines()[:40]
    seen = []
    trainer = ours.BpeTrainer(vocab_size=500, show_progress=False, special_tokens=["<s>"],
                              progress=lambda done, total, merge: seen.append((done, total, merge)))
    vocab, merges = trainer.learn(ours.byte_level_word_counts(texts, gpt2_split()))
    assert seen == [(i + 1, 500 - len(vocab) + len(merges), m) for i, m in enumerate(merges)]
    stopped = ours.BpeTrainer(vocab_size=500, show_progress=False, progress=lambda done, total, merge: done < 30)
    vocab30, merges30 = stopped.learn(ours.byte_level_word_counts(texts, gpt2_split()))
    assert len(merges30) == 30
    assert (vocab30, merges30) == same(texts, vocab_size=len(vocab30))  # stopping keeps what was learned


def test_written_files_are_tokenizers_own_and_load_back(tmp_path):
    texts = NOTES.splitlines()
    options = dict(vocab_size=900, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
                   special_tokens=MINIMIND_SPECIALS[:3])
    _, _, theirs = oracle(texts, **options)
    (tmp_path / "theirs").mkdir()
    (tmp_path / "mine").mkdir()
    theirs.model.save(str(tmp_path / "theirs"))
    vocab, merges = mine(texts, **options)
    paths = model_files.save_model(str(tmp_path / "mine"), vocab, merges)
    assert [Path(p).name for p in paths] == ["vocab.json", "merges.txt"]
    for name in ("vocab.json", "merges.txt"):
        assert (tmp_path / "mine" / name).read_bytes() == (tmp_path / "theirs" / name).read_bytes()
    loaded = tokenizers.Tokenizer(models.BPE.from_file(*map(str, paths)))
    loaded.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    for text in ["今天天气真好", "def train(self):\n    return 42", NOTES[:2000]]:
        assert loaded.encode(text).ids == theirs.encode(text).ids


def test_prefix_is_part_of_the_file_names(tmp_path):
    paths = model_files.save_model(str(tmp_path), {"a": 0}, [], prefix="mm")
    assert [Path(p).name for p in paths] == ["mm-vocab.json", "mm-merges.txt"]


def test_bad_options_and_strict_input():
    with pytest.raises(ToklabError) as err:
        ours.BpeTrainer(vocab_size=ours.MAX_VOCAB_SIZE + 1)
    assert err.value.code == "too_large" and err.value.params == {"field": "vocab_size", "max": ours.MAX_VOCAB_SIZE}
    for bad in (-1, "6400", 6400.0, True):
        with pytest.raises(ToklabError) as err:
            ours.BpeTrainer(vocab_size=bad)
        assert err.value.code in ("too_small", "wrong_type")
    with pytest.raises(ToklabError) as err:
        ours.BpeTrainer(strict=True).learn({})
    assert err.value.code == "corpus_empty"
    with pytest.raises(ToklabError) as err:
        ours.BpeTrainer(vocab_size=100, strict=True, special_tokens=["<s>"],
                        initial_alphabet=pre_tokenizers.ByteLevel.alphabet()).learn({"ab": 1})
    assert err.value.code == "too_small" and err.value.params == {"field": "vocab_size", "min": 257}


def test_the_collector_is_paused_only_while_training():
    """merge_loop pauses the cyclic collector while it merges (no cycles in its data) and gives it back
    when training ends, when it is stopped, and when it is dropped half-way."""
    import gc

    seen = []
    trainer = ours.BpeTrainer(vocab_size=40, show_progress=False,
                              progress=lambda done, total, merge: seen.append(gc.isenabled()) or done < 3)
    trainer.learn({"abcabc": 3, "bcab": 2, "cabba": 1})
    assert seen and not any(seen) and gc.isenabled()
    steps = ours.BpeTrainer(vocab_size=40, show_progress=False).learn_steps({"abcabc": 3, "bcab": 2})
    next(steps)
    assert not gc.isenabled()
    steps.close()
    assert gc.isenabled()
