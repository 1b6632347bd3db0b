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

__all__ = ["merges_txt", "save_model", "vocab_json"]


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
