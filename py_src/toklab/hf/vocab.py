"""A BPE model's vocabulary held compactly (issue 39): one string of every token, end to end in id order,
and where each starts, instead of two dicts with a string and an int object per token (Gemma 3's 262,144
tokens: 44 MiB on CPython as the two dicts, 7 MiB here).

`Tokens(strings)` holds tokens 0..n-1; `ids()` is the mapping token -> id (the model's `vocab`), `names()`
id -> token (`vocab_r`), both read-only `Mapping`s. A token of one character is found in a dict of those
alone (the engine's lookup, per character); a longer one through a hash index made on first need: the
tokens' ids grouped by hash, a bisection-free bucket per hash, two arrays.

>>> t = Tokens(["a", "b", "ab", "▁a"])
>>> t.name(2), t.ids()["ab"], t.ids().get("zz"), "▁a" in t.ids(), t.names()[3], len(t.names())
('ab', 2, None, True, '▁a', 4)
>>> dict(t.ids()) == {"a": 0, "b": 1, "ab": 2, "▁a": 3}, list(t.names().items())[:2]
(True, [(0, 'a'), (1, 'b')])
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Mapping
from itertools import accumulate, compress, islice, repeat
from operator import and_

__all__ = ["Tokens"]


def _narrow(values) -> array:
    """The numbers as array('I'), or array('Q') if one does not fit."""
    values = list(values) if not isinstance(values, (list, array)) else values
    return array("I" if max(values, default=0) < 1 << 32 else "Q", values)


class Tokens:
    """Tokens 0..n-1 as one string and their start offsets (see the module docstring)."""

    __slots__ = ("text", "starts", "chars", "_index", "_ids", "_names")

    def __init__(self, strings: list[str]):
        self.text = "".join(strings)
        self.starts = _narrow(accumulate(map(len, strings), initial=0))
        ones = map((1).__eq__, map(len, strings))
        self.chars = dict(compress(zip(strings, range(len(strings))), ones))  # one character -> its id
        self._index = None
        self._ids, self._names = _Ids(self), _Names(self)

    def __len__(self) -> int:
        return len(self.starts) - 1

    def name(self, i: int) -> str:
        starts = self.starts
        return self.text[starts[i] : starts[i + 1]]

    def __iter__(self):
        """Every token, in id order."""
        starts = self.starts
        return map(self.text.__getitem__, map(slice, starts, islice(starts, 1, None)))

    def lengths(self) -> array:
        """Each token's length in characters, by id."""
        starts = self.starts
        code = "B" if max(map(int.__sub__, islice(starts, 1, None), starts), default=0) < 256 else "I"
        return array(code, map(int.__sub__, islice(starts, 1, None), starts))

    def id_of(self, token: str, default=None):
        """The token's id, or `default`."""
        if len(token) == 1:
            return self.chars.get(token, default)
        index = self._index or self._make_index()
        mask, bucket_starts, members = index
        h = hash(token) & mask
        text, starts = self.text, self.starts
        for j in range(bucket_starts[h], bucket_starts[h + 1]):
            i = members[j]
            if text[starts[i] : starts[i + 1]] == token:
                return i
        return default

    def _make_index(self) -> tuple:
        """(mask, bucket starts, ids by bucket): the tokens' ids grouped by their hash's low bits, made by
        one sort in C (about one token per bucket)."""
        n = len(self)
        mask = (1 << max(n.bit_length(), 1)) - 1
        hashes = array("I", map(and_, map(hash, self), repeat(mask)))
        members = array("I", sorted(range(n), key=hashes.__getitem__))
        hashes = array("I", map(hashes.__getitem__, members))
        self._index = (mask, array("I", map(bisect_left, repeat(hashes), range(mask + 2))), members)
        return self._index

    def ids(self) -> Mapping:
        return self._ids

    def names(self) -> Mapping:
        return self._names

    def nbytes(self) -> int:
        """The size of the string and the arrays in bytes (the index once made)."""
        arrays = [self.starts, *(self._index[1:] if self._index else ())]
        kind = max(map(ord, self.text), default=0)
        width = 1 if kind < 256 else 2 if kind < 65536 else 4
        return len(self.text) * width + sum(a.itemsize * len(a) for a in arrays)


class _Ids(Mapping):
    """token -> id of a `Tokens` (a read-only dict's behaviour; order: by id)."""

    __slots__ = ("_t",)

    def __init__(self, tokens: Tokens):
        self._t = tokens

    def __getitem__(self, token):
        if not isinstance(token, str):
            raise KeyError(token)
        found = self._t.id_of(token)
        if found is None:
            raise KeyError(token)
        return found

    def get(self, token, default=None):
        return self._t.id_of(token, default) if isinstance(token, str) else default

    def __contains__(self, token) -> bool:
        return isinstance(token, str) and self._t.id_of(token) is not None

    def __iter__(self):
        return iter(self._t)

    def __len__(self) -> int:
        return len(self._t)

    def items(self):
        return zip(self._t, range(len(self._t)))

    def values(self):
        return range(len(self._t))

    def __repr__(self) -> str:
        return f"<{len(self)} tokens -> ids>"


class _Names(Mapping):
    """id -> token of a `Tokens`."""

    __slots__ = ("_t",)

    def __init__(self, tokens: Tokens):
        self._t = tokens

    def __getitem__(self, i):
        if type(i) is not int or not 0 <= i < len(self._t):
            raise KeyError(i)
        return self._t.name(i)

    def get(self, i, default=None):
        return self._t.name(i) if type(i) is int and 0 <= i < len(self._t) else default

    def __contains__(self, i) -> bool:
        return type(i) is int and 0 <= i < len(self._t)

    def __iter__(self):
        return iter(range(len(self._t)))

    def __len__(self) -> int:
        return len(self._t)

    def items(self):
        return zip(range(len(self._t)), self._t)

    def values(self):
        return iter(self._t)

    def __repr__(self) -> str:
        return f"<{len(self)} ids -> tokens>"
