"""A BPE model as the two files ``tokenizers``' ``model.save(folder)`` writes: vocab.json and merges.txt.

What this adds over the tokenizer.json: the older GPT-2 layout, byte for byte as ``tokenizers`` 0.23.3
writes it (``tokenizers/src/models/bpe/model.rs``, ``BPE::save``): vocab.json is one line of compact
JSON, the tokens in id order (``OrderedVocabIter``), non-ASCII characters as they are; merges.txt is
``#version: 0.2`` and then one ``left right`` line per merge, in rank order.

    >>> vocab_json({"b": 1, "a": 0, "ab": 2})
    '{"a":0,"b":1,"ab":2}'
    >>> merges_txt([("a", "b")])
    '#version: 0.2\\na b\\n'
"""

from __future__ import annotations

import json
import os

__all__ = ["byte_level_tokenizer_config", "merges_txt", "save_model", "vocab_json"]


def vocab_json(vocab: dict[str, int]) -> str:
    """The vocabulary as serde_json writes ``OrderedVocabIter``: compact, in id order."""
    ordered = dict(sorted(vocab.items(), key=lambda kv: kv[1]))
    return json.dumps(ordered, ensure_ascii=False, separators=(",", ":"))


def merges_txt(merges: list[tuple[str, str]]) -> str:
    """The merges, one ``left right`` line each after the version line."""
    return "#version: 0.2\n" + "".join(f"{left} {right}\n" for left, right in merges)


def save_model(folder: str, vocab: dict[str, int], merges: list[tuple[str, str]], prefix: str | None = None) -> list[str]:
    """Write ``[prefix-]vocab.json`` and ``[prefix-]merges.txt`` into ``folder``; return their paths."""
    stem = "" if prefix is None else f"{prefix}-"
    paths = [os.path.join(folder, f"{stem}vocab.json"), os.path.join(folder, f"{stem}merges.txt")]
    for path, text in zip(paths, (vocab_json(vocab), merges_txt(merges))):
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
    return paths


def byte_level_tokenizer_config(vocab: dict[str, int], merges: list[tuple[str, str]],
                                added: list[tuple[str, bool]]) -> dict:
    """The tokenizer.json of a tokenizer trained as MiniMind's is (no normalizer, ``ByteLevel``
    pre-tokenizer and decoder), in ``tokenizers``' layout and key order; ``added`` holds each added
    token's content and whether it is special (their ids are in ``vocab``).

    >>> config = byte_level_tokenizer_config({"<s>": 0, "a": 1, "b": 2, "ab": 3}, [("a", "b")], [("<s>", True)])
    >>> config["added_tokens"][0]["id"], config["model"]["merges"], list(config)[:4]
    (0, [['a', 'b']], ['version', 'truncation', 'padding', 'added_tokens'])
    """
    byte_level = {"add_prefix_space": False, "trim_offsets": True, "use_regex": True}
    return {
        "version": "1.0", "truncation": None, "padding": None,
        "added_tokens": [{"id": vocab[content], "content": content, "single_word": False, "lstrip": False,
                          "rstrip": False, "normalized": False, "special": special} for content, special in added],
        "normalizer": None, "pre_tokenizer": {"type": "ByteLevel", **byte_level}, "post_processor": None,
        "decoder": {"type": "ByteLevel", **byte_level, "add_prefix_space": True},
        "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": None,
                  "end_of_word_suffix": None, "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
                  "vocab": dict(sorted(vocab.items(), key=lambda kv: kv[1])), "merges": [list(m) for m in merges]},
    }  # fmt: skip
