"""Malformed or unsupported tokenizer.json files, and texts too large, are ToklabErrors with a code and the
JSON path of what is wrong: never a bare KeyError, a RecursionError or a hang."""

import copy
import sys
import json

import pytest

from toklab import protocol
from toklab.errors import ToklabError
from toklab.hf import Tokenizer, models
from toklab.hf import tokenizer as hf_tokenizer

GOOD = {
    "version": "1.0", "truncation": None, "padding": None,
    "added_tokens": [{"id": 3, "content": "<s>", "single_word": False, "lstrip": False, "rstrip": False, "normalized": False, "special": True}],
    "normalizer": {"type": "Sequence", "normalizers": [{"type": "NFC"}]},
    "pre_tokenizer": {"type": "Sequence", "pretokenizers": [{"type": "Split", "pattern": {"Regex": r"\p{N}"}, "behavior": "Isolated", "invert": False},
                                                            {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False}]},
    "post_processor": None, "decoder": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True},
    "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": None, "end_of_word_suffix": None,
              "fuse_unk": False, "byte_fallback": False, "vocab": {"a": 0, "b": 1, "ab": 2}, "merges": ["a b"]},
}  # fmt: skip


def changed(path: list, value):
    d = copy.deepcopy(GOOD)
    target = d
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return d


# (what is changed, the value, the error code, the message the user reads)
CASES = [
    (["pre_tokenizer", "pretokenizers", 1, "type"], "Whitespace9", "hf_unsupported", 'pre_tokenizer.pretokenizers[1].type "Whitespace9" is not supported'),
    (["pre_tokenizer", "pretokenizers", 0, "behavior"], "Sideways", "hf_unsupported", 'pre_tokenizer.pretokenizers[0].behavior "Sideways" is not supported'),
    (["pre_tokenizer", "pretokenizers", 0, "pattern"], {"Regex": r"\p{Xx}"}, "hf_bad_regex", None),
    (["pre_tokenizer", "pretokenizers", 0, "pattern"], {"Glob": "*"}, "hf_bad_value", None),
    (["pre_tokenizer", "pretokenizers"], None, "hf_bad_value", "pre_tokenizer.pretokenizers must be a list, not null"),
    (["normalizer", "normalizers", 0, "type"], "NFX", "hf_unsupported", 'normalizer.normalizers[0].type "NFX" is not supported'),
    (["model", "type"], "Bigram", "hf_unsupported", 'model.type "Bigram" is not supported'),  # Unigram is a model toklab.hf runs
    (["model", "dropout"], 0.1, "hf_unsupported", "model.dropout 0.1 is not supported"),
    (["model", "merges"], ["a c"], "hf_unknown_merge_token", "model.merges[0] ('a' 'c') names 'c', which is not in model.vocab"),
    (["model", "merges"], [["a", "b"], ["b", "a"]], "hf_unknown_merge_token", "model.merges[1] ('b' 'a') names 'ba', which is not in model.vocab"),
    (["model", "merges"], ["a b c"], "hf_bad_value", None),
    (["model", "vocab"], {"a": "zero"}, "hf_bad_value", None),
    (["model", "vocab"], None, "hf_bad_value", "model.vocab must be an object of token: id, not null"),
    (["model", "byte_fallback"], "yes", "hf_bad_value", 'model.byte_fallback must be true or false, not "yes"'),
    (["added_tokens", 0, "content"], 7, "hf_bad_value", "added_tokens[0].content must be a string, not 7"),
    (["decoder", "type"], "Wordpiece", "hf_unsupported", 'decoder.type "Wordpiece" is not supported'),
    (["post_processor"], {"type": "RobertaProcessing"}, "hf_bad_value", 'post_processor.sep must be ["token", id], not null'),
    (["post_processor"], {"type": "Roberta"}, "hf_unsupported", 'post_processor.type "Roberta" is not supported'),
    (["model"], [], "hf_bad_value", None),
]


@pytest.mark.parametrize("path, value, code, message", CASES, ids=[".".join(map(str, c[0])) + "=" + json.dumps(c[1])[:20] for c in CASES])
def test_a_wrong_value_is_named_by_its_path(path, value, code, message):
    with pytest.raises(ToklabError) as info:
        Tokenizer.from_config(changed(path, value))
    assert info.value.code == code
    if message is not None:
        assert str(info.value) == message
    assert str(info.value) == protocol.ERRORS[code].format(**info.value.params)


def test_the_good_file_loads_and_works():
    tok = Tokenizer.from_str(json.dumps(GOOD))
    assert tok.encode("ab<s>ba").tokens == ["ab", "<s>", "b", "a"]


def test_bad_json_deep_json_and_a_huge_file(tmp_path, monkeypatch):
    with pytest.raises(ToklabError) as info:
        Tokenizer.from_str('{"model": ')
    assert info.value.code == "hf_bad_json" and info.value.params["line"] == 1
    with pytest.raises(ToklabError) as info:
        Tokenizer.from_str("[" * 100_000 + "]" * 100_000)
    assert info.value.code in ("hf_bad_json", "hf_bad_value")
    if sys.platform != "emscripten":  # inside Pyodide a RecursionError this deep leaves later tests short of stack
        deep = copy.deepcopy(GOOD)
        node = deep["normalizer"]
        for _ in range(5000):
            node["normalizers"] = [{"type": "Sequence", "normalizers": []}]
            node = node["normalizers"][0]
        with pytest.raises(ToklabError):
            Tokenizer.from_config(deep)
    monkeypatch.setattr(hf_tokenizer, "MAX_FILE_BYTES", 1000)
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(GOOD) + " " * 2000)
    with pytest.raises(ToklabError) as info:
        Tokenizer.from_file(path)
    assert info.value.code == "hf_too_large" and info.value.params["size"] == path.stat().st_size


def test_a_huge_text_is_refused_with_its_size(monkeypatch):
    tok = Tokenizer.from_config(GOOD)
    monkeypatch.setattr(hf_tokenizer, "MAX_TEXT", 10)
    with pytest.raises(ToklabError) as info:
        tok.encode("a" * 11)
    assert info.value.code == "hf_text_too_long" and info.value.params == {"length": 11, "limit": 10}
    with pytest.raises(ToklabError):
        tok.trace("a" * 11)


def test_wrong_types_to_encode_and_decode():
    tok = Tokenizer(models.BPE(vocab={"a": 0}))
    with pytest.raises(ToklabError):
        tok.encode(b"a")
    with pytest.raises(ToklabError):
        tok.decode(["0"])


HF_CODES = {c[2] for c in CASES} | {"hf_bad_json", "hf_too_large", "hf_text_too_long", "hf_normalized_too_long"}  # reached here


def test_replace_normalizers_that_grow_a_text_without_bound_are_refused():
    """Three Replace normalizers, each "a" -> a thousand a's, asked for 10^9 characters of one "a" (a 1 KB
    tokenizer.json took 24 GB): a normalizer may grow a text at most GROWTH times, and the request says so."""
    from toklab.hf import normalizers

    grow = {"type": "Replace", "pattern": {"String": "a"}, "content": "a" * 10}  # 1,000 here would hang without the bound
    tok = Tokenizer.from_config(changed(["normalizer"], {"type": "Sequence", "normalizers": [grow] * 3}))
    with pytest.raises(ToklabError) as info:
        tok.encode("a" * 100)
    assert info.value.code == "hf_normalized_too_long"
    assert info.value.params == {"length": 100, "limit": normalizers.growth_limit(100), "growth": normalizers.GROWTH}
    assert "grow a text at most 4 times" in str(info.value)
    # A normalizer that grows a text within the bound still works, as tokenizers' does.
    twice = Tokenizer.from_config(changed(["normalizer"], {**grow, "content": "aa"}))
    assert twice.normalizer.normalize_str("ab") == "aab"


def test_a_split_pattern_that_backtracks_catastrophically_is_refused_when_the_file_is_read():
    """(a+)+$ on "a" * 40 + "b" never returned (Python's re, like Oniguruma, has no time limit): a pattern
    that repeats a repeated part is refused with hf_bad_regex, naming the part of the file."""
    split = {"type": "Split", "pattern": {"Regex": "(a+)+$"}, "behavior": "Isolated", "invert": False}
    with pytest.raises(ToklabError) as info:
        Tokenizer.from_config(changed(["pre_tokenizer"], split))
    assert info.value.code == "hf_bad_regex" and info.value.params["path"] == "pre_tokenizer.pattern.Regex"
    assert "exponential time" in str(info.value)
    # A repeated part with a small bound, or repeats side by side, are read as before.
    for pattern in (r"(?:ab+){1,3}", r" ?\p{L}+| ?\p{N}+|\s+(?!\S)|\s+"):
        Tokenizer.from_config(changed(["pre_tokenizer"], {**split, "pattern": {"Regex": pattern}}))
