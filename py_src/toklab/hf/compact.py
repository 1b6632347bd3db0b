"""A tokenizer.json in a compact form that loads fast, in Pyodide above all: no 11-33 MB JSON parse.

`pack(tokenizer_json_bytes)` writes it, `unpack(data)` gives back the dict `json.loads` gives for the
original file, with one normalisation: `model.merges` as [left, right] pairs (the older "left right"
strings split at their space, as `tokenizers` reads them). `Tokenizer.from_config` takes that dict.

What is slow to load is the model: Gemma 3's file holds 262,144 vocabulary entries and 514,906 merges,
a JSON parse of 2.8 s in CPython. Here the model's strings are one UTF-8 text split on a separator no
string holds (one `str.split`), the ids are implied when they run 0, 1, 2, ... (as in all five shipped
files) and an array otherwise, and the merges are two arrays of string numbers (`array`, read straight
from the bytes), in the order `toklab.rankmerge.PairTable` keeps them (by left string, then right:
no sort when loading). The rest (normalizer, pre-tokenizer, added tokens, post-processor, decoder: a few KB)
stays JSON.

    >>> source = json.dumps({"model": {"type": "BPE", "vocab": {"a": 0, "b": 1, "ab": 2},
    ...                                "merges": ["a b"]}, "decoder": None}).encode()
    >>> data = pack(source)
    >>> unpack(data)
    {'model': {'type': 'BPE', 'vocab': {'a': 0, 'b': 1, 'ab': 2}, 'merges': [['a', 'b']]}, 'decoder': None}
    >>> read_header(data)["source_sha256"] == hashlib.sha256(source).hexdigest()
    True
    >>> unpack(data[:-3])
    Traceback (most recent call last):
    toklab.errors.ToklabError: the compact tokenizer table could not be loaded: it is truncated (it has 3 bytes fewer than its header says)

The file, version 1 (little-endian):

    MAGIC (8 bytes) | version (4 bytes) | header length (4) | CRC-32 of header and body (4) | header (JSON) | body (zlib)

The checksum catches any damaged byte (a CRC-32 finds every error burst up to 32 bits long) and the
lengths a truncated file. The header names the source's sha256 (the form is tied to the file it was
made from), the body's length, and where each section lies in the inflated body: `rest` (the JSON without vocab
and merges, which hold null there), `strings` (the vocabulary in id order, then any string a merge
names that the vocabulary lacks, joined by `separator`), `ids` (absent when the ids are 0..n-1),
and the merges by (left string number, right string number): `counts` (how many merges each string
is the left of), `rights` (their right strings) and `ranks` (their places in the file's list), and `made`
(by rank: the string each makes, as steps). Anything that does not fit (a vocabulary that is not
a dict of ids, a merge that is not two strings) stays in `rest` as it was, for the loader to judge.
A damaged, truncated, foreign or newer file raises `ToklabError("table_unavailable")`.
"""

from __future__ import annotations

import hashlib
import json
import sys
import zlib
from array import array
from itertools import accumulate, repeat
from operator import sub

from ..errors import ToklabError
from .vocab import Tokens

__all__ = ["MAGIC", "VERSION", "load_tokenizer", "pack", "read_header", "unpack"]

MAGIC = b"toklabHF"
VERSION = 2  # 2: the merges in pair order (counts, rights, ranks), ready for toklab.rankmerge.PairTable
_ID_TYPES = ("H", "I")  # 2 or 4 bytes per number, the smallest that holds the largest


def _array(values: list[int]) -> array:
    """The numbers as the narrowest unsigned array that holds them.

    >>> _array([1, 70000]).typecode, _array([1, 2]).typecode
    ('I', 'H')
    """
    top = max(values, default=0)
    for code in _ID_TYPES:
        if top < 1 << (8 * array(code).itemsize):
            return array(code, values)
    raise ValueError(f"a number ({top}) is too large for a compact table")


def _separator(strings: list[str]) -> str:
    """The first character, from U+0000 up (surrogates skipped), that no string holds.

    >>> _separator(["a", "\\x00b"])
    '\\x01'
    """
    used = set().union(*map(set, strings)) if strings else set()
    cp = 0
    while chr(cp) in used or 0xD800 <= cp <= 0xDFFF:
        cp += 1
    return chr(cp)


def _pairs(merges) -> list[tuple[str, str]] | None:
    """Merges as (left, right) pairs, or None if one is neither "left right" nor [left, right].

    >>> _pairs(["a b", ["c", "d e"]]), _pairs(["a b c"])
    ([('a', 'b'), ('c', 'd e')], None)
    """
    if not isinstance(merges, list):
        return None
    out = []
    for merge in merges:
        if isinstance(merge, str):
            parts = merge.split(" ")
        elif isinstance(merge, list):
            parts = merge
        else:
            return None
        if len(parts) != 2 or not all(isinstance(p, str) for p in parts):
            return None
        out.append((parts[0], parts[1]))
    return out


def _compactable(model) -> tuple[dict, list[tuple[str, str]]] | None:
    if not isinstance(model, dict):
        return None
    vocab, merges = model.get("vocab"), _pairs(model.get("merges"))
    if merges is None or not isinstance(vocab, dict):
        return None
    if not all(type(i) is int and 0 <= i < 1 << 32 for i in vocab.values()):
        return None
    return vocab, merges


def _made(model: dict, vocab: dict, merges: list[tuple[str, str]], number: dict[str, int]) -> list[int] | None:
    """The string number of the token each merge makes (left + right, the right without
    `continuing_subword_prefix`, as `BPE._build` joins them), or None if one is not in the vocabulary
    (the loader then reads the merges as strings and says which one is wrong)."""
    prefix = model.get("continuing_subword_prefix")
    cut = len(prefix) if isinstance(prefix, str) else 0
    out = []
    for left, right in merges:
        token = left + right[cut:]
        if token not in vocab:
            return None
        out.append(number[token])
    return out


def pack(source: bytes) -> bytes:
    """tokenizer.json's bytes -> the compact form (see the module docstring). Invalid JSON: ValueError."""
    config = json.loads(source)
    if not isinstance(config, dict):
        raise ValueError("a tokenizer.json holds a JSON object")
    sections: dict[str, bytes] = {}
    header: dict = {"source_sha256": hashlib.sha256(source).hexdigest()}
    found = _compactable(config.get("model"))
    if found is not None:
        vocab, merges = found
        strings = list(vocab)
        number = {s: i for i, s in enumerate(strings)}
        for pair in merges:
            for s in pair:
                if s not in number:
                    number[s] = len(strings)
                    strings.append(s)
        ids = list(vocab.values())
        sep = _separator(strings)
        config = dict(config, model=dict(config["model"], vocab=None, merges=None))
        sections["strings"] = sep.join(strings).encode("utf-8", "surrogatepass")
        if ids != list(range(len(ids))):
            sections["ids"] = _le_bytes(_array(ids))
        left, right = [number[a] for a, _ in merges], [number[b] for _, b in merges]
        order = sorted(range(len(merges)), key=lambda r: (left[r], right[r], r))  # pair order, ranks ascending
        counts = [0] * len(strings)
        for a in left:
            counts[a] += 1
        sections["counts"] = _le_bytes(_array(counts))
        sections["rights"] = _le_bytes(_array([right[r] for r in order]))
        sections["ranks"] = _le_bytes(_array(order))
        made = _made(config["model"], vocab, merges, number)
        if made is not None:  # each as the step from the one before, + n_vocab: in these files a merge's token
            # is the one before's or the next id (Llama 3 makes a token by several merges), so this compresses to nothing
            steps = [b - a + len(vocab) for a, b in zip([0, *made], made)]
            sections["made"] = _le_bytes(_array(steps))
        header.update(n_strings=len(strings), n_vocab=len(vocab), n_merges=len(merges), separator=ord(sep))
    sections = {"rest": json.dumps(config, separators=(",", ":")).encode(), **sections}  # ASCII: any lone surrogate escaped
    body, at, where = b"".join(sections.values()), 0, {}
    for name, part in sections.items():
        where[name] = [at, len(part)]
        at += len(part)
    stored = zlib.compress(body, 6)
    header.update(body_bytes=len(stored), inflated_bytes=len(body), sections=where)
    head = json.dumps(header, separators=(",", ":")).encode()
    checked = head + stored
    return MAGIC + b"".join(n.to_bytes(4, "little") for n in (VERSION, len(head), zlib.crc32(checked))) + checked


def _le_bytes(values: array) -> bytes:
    """The array's bytes, little-endian, led by one byte giving its width (2 or 4)."""
    if sys.byteorder == "big":
        values = array(values.typecode, values)
        values.byteswap()
    return bytes([values.itemsize]) + values.tobytes()


def _numbers(data: bytes, what: str) -> array:
    """The inverse of _le_bytes."""
    if not data:
        return array("I")
    width, data = data[0], data[1:]
    code = next((c for c in _ID_TYPES if array(c).itemsize == width), None)
    if code is None or len(data) % width:
        raise _damaged(f"its {what} are not numbers of 2 or 4 bytes")
    values = array(code)
    values.frombytes(data)
    if sys.byteorder == "big":
        values.byteswap()
    return values


def _damaged(detail: str) -> ToklabError:
    return ToklabError("table_unavailable", encoding="compact tokenizer", detail=detail)


_PREFIX = len(MAGIC) + 12


def read_header(data: bytes) -> dict:
    """The header of a compact form (source_sha256, the section sizes, ...), its checksum checked;
    ToklabError if it is not one, or is damaged or truncated."""
    if not isinstance(data, bytes):
        raise _damaged("it is not bytes")
    start = data[: len(MAGIC)]
    if start != MAGIC[: len(start)]:
        raise _damaged("it does not start as a toklab compact tokenizer does")
    if len(data) < _PREFIX:
        raise _damaged("it is truncated (it ends inside its first bytes)")
    version, size, crc = (int.from_bytes(data[at : at + 4], "little") for at in range(len(MAGIC), _PREFIX, 4))
    if version != VERSION:
        raise _damaged(f"it is of version {version}; this toklab reads version {VERSION}")
    if len(data) < _PREFIX + size:
        raise _damaged("it is truncated (it ends inside its header)")
    try:
        header = json.loads(data[_PREFIX : _PREFIX + size])
        stored = header["body_bytes"]
        missing = _PREFIX + size + stored - len(data)
    except (ValueError, TypeError, KeyError):
        raise _damaged("its header is not readable") from None
    if missing > 0:
        raise _damaged(f"it is truncated (it has {missing:,} bytes fewer than its header says)")
    if missing < 0 or zlib.crc32(memoryview(data)[_PREFIX:]) != crc:
        raise _damaged("it is damaged (its checksum is not the one recorded)")
    if not isinstance(header.get("sections"), dict):
        raise _damaged("its header is not readable")
    header["header_bytes"] = _PREFIX + size
    return header


def _sections(data: bytes, expect_sha256: str | None) -> tuple[dict, dict, dict]:
    """(header, the body's sections, the `rest` JSON) of a compact form, checked."""
    data = bytes(data) if isinstance(data, (bytearray, memoryview)) else data
    header = read_header(data)
    if expect_sha256 is not None and header.get("source_sha256") != expect_sha256:
        raise _damaged(f"it was made from the file with sha256 {header.get('source_sha256')}, not {expect_sha256}")
    try:
        body = zlib.decompress(data[header["header_bytes"] :])
        part = {name: body[at : at + n] for name, (at, n) in header["sections"].items()}
        config = json.loads(part["rest"])
    except (zlib.error, ValueError, TypeError, KeyError):
        raise _damaged("its body cannot be read") from None
    return header, part, config


def unpack(data: bytes, expect_sha256: str | None = None) -> dict:
    """The compact form -> the tokenizer.json dict (see the module docstring).

    With `expect_sha256`, the form must have been made from the file with that sha256."""
    header, part, config = _sections(data, expect_sha256)
    if "strings" not in part:
        return config
    return _with_model(config, part, header)


def load_tokenizer(data: bytes, expect_sha256: str | None = None):
    """The `Tokenizer` of a compact form, made straight from its arrays (`BPE._from_packed`: no list
    of 500,000 merges, no loop over them), the same as `Tokenizer.from_config(unpack(data))`.

    >>> source = json.dumps({"model": {"type": "BPE", "vocab": {"a": 0, "b": 1, "ab": 2}, "merges": ["a b"]}}).encode()
    >>> tok = load_tokenizer(pack(source)); tok.encode("abba").ids, tok.model.merges
    ([2, 1, 0], [('a', 'b')])
    """
    from .models import BPE, options
    from .tokenizer import Tokenizer

    header, part, config = _sections(data, expect_sha256)
    model_config = config.get("model") if isinstance(config, dict) else None
    if "strings" not in part or "made" not in part or not isinstance(model_config, dict):
        return Tokenizer.from_config(config if "strings" not in part else _with_model(config, part, header))
    flags = options(model_config, "model")
    strings, ids, pairs = _arrays(part, header, joined=True)
    made = array("i", accumulate(map(sub, _numbers(part["made"], "merges"), repeat(header["n_vocab"]))))  # back from the steps
    model = None if made and min(made) < 0 else BPE._from_packed(flags, strings, header["n_vocab"], ids, pairs, made)
    if model is None:
        return Tokenizer.from_config(_with_model(config, part, header))
    return Tokenizer.from_config(config, model=model)


def _arrays(part: dict[str, bytes], header: dict, joined: bool = False) -> tuple[list[str] | Tokens, array | None, tuple[array, array, array]]:
    """(strings, ids or None for 0..n-1, (counts, rights, ranks)) of the model's sections, checked.
    `joined`: the strings as `Tokens` (no list of a string per token: the load's peak), where the ids run
    0..n-1."""
    try:
        n_strings, n_vocab, n_merges = header["n_strings"], header["n_vocab"], header["n_merges"]
        sep = chr(header["separator"])
        text = part["strings"].decode("utf-8", "surrogatepass")
    except (KeyError, TypeError, ValueError, OverflowError):
        raise _damaged("its vocabulary cannot be read") from None
    if joined and "ids" not in part and 0 <= n_vocab <= n_strings and text.count(sep) == n_strings - 1:
        strings = Tokens.joined(text, sep, n_strings)
    else:
        strings = text.split(sep) if n_strings else []
    if len(strings) != n_strings or not 0 <= n_vocab <= n_strings:
        raise _damaged(f"it holds {len(strings)} strings, not {n_strings}")
    ids = None
    if "ids" in part:
        ids = _numbers(part["ids"], "ids")
        if len(ids) != n_vocab:
            raise _damaged(f"it holds {len(ids)} ids for {n_vocab} tokens")
    counts, rights, ranks = (_numbers(part.get(name, b""), "merges") for name in ("counts", "rights", "ranks"))
    if not len(rights) == len(ranks) == n_merges or (n_merges and (len(counts) != n_strings or sum(counts) != n_merges)):
        raise _damaged("its merges do not fit its strings")
    if n_merges and (max(rights) >= n_strings or max(ranks) >= n_merges):
        raise _damaged("its merges do not fit its strings")
    return strings, ids, (counts, rights, ranks)


def _with_model(config: dict, part: dict[str, bytes], header: dict) -> dict:
    """Put the vocabulary and the merges back into the model of `config`."""
    from .models import rank_order

    strings, ids, pairs = _arrays(part, header)
    left, right = rank_order(*pairs)
    try:
        model = config["model"]
        model["vocab"] = dict(zip(strings, range(header["n_vocab"]) if ids is None else ids.tolist()))
    except (KeyError, TypeError):
        raise _damaged("its vocabulary cannot be read") from None
    named = strings.__getitem__
    model["merges"] = list(map(list, zip(map(named, left), map(named, right))))
    return config
