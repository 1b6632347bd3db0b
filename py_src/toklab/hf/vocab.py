"""A BPE model's vocabulary held compactly (issue 39): one string of every token, end to end in id order,
and where each starts, instead of two dicts with a string and an int object per token (Gemma 3's 262,144
tokens: 44 MiB on CPython as the two dicts, 7 MiB here).

`Tokens(strings)` holds tokens 0..n-1; `ids()` is the mapping token -> id (the model's `vocab`), `names()`
id -> token (`vocab_r`), both read-only `Mapping`s. A token of one character is found in a dict of those
alone (the engine's lookup, per character); a longer one through a hash index made on first need: the
tokens' hashes and ids in one sorted array.

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
from itertools import accumulate, chain, compress, count, islice, repeat
from operator import and_, lshift, methodcaller, or_, sub
from re import escape, finditer

_ID_BITS = 23  # up to 8,388,607 tokens
_ID_MASK = (1 << _ID_BITS) - 1
_HASH_MASK = (1 << 30) - 1
_start = methodcaller("start")
_SCANS = 64  # tokens of more than one character looked for by a search before the index is made

__all__ = ["Tokens"]


def _offsets(lengths) -> array:
    """0 and the running sums of `lengths`, as array('I') (array('Q') past 4 GiB of text)."""
    try:
        return array("I", accumulate(lengths, initial=0))
    except OverflowError:
        return array("Q", accumulate(lengths, initial=0))


class Tokens:
    """Tokens 0..n-1 as one string and their start offsets (see the module docstring)."""

    __slots__ = ("text", "starts", "chars", "n", "_index", "_scans", "_ids", "_names")

    def __init__(self, strings: list[str]):
        self.text = "".join(strings)
        self.starts = _offsets(map(len, strings))
        ones = map((1).__eq__, map(len, strings))
        self.chars = dict(compress(zip(strings, range(len(strings))), ones))  # one character -> its id
        self.n, self._index, self._scans = len(strings), None, 0
        self._ids, self._names = _Ids(self), _Names(self)

    @classmethod
    def joined(cls, text: str, sep: str, n: int) -> Tokens:
        """The first `n` tokens of `text`, where they stand joined by `sep` (a character none of them holds):
        `Tokens(text.split(sep)[:n])` without the list of n strings on the way (a load's peak: Gemma 3's
        262,144 strings took 20 MiB more than the whole vocabulary kept). Fewer than n there: ValueError.

        >>> t = Tokens.joined("a|b|ab|zz", "|", 3)
        >>> list(t), t.id_of("ab"), t.chars
        (['a', 'b', 'ab'], 2, {'a': 0, 'b': 1})
        """
        self = cls.__new__(cls)
        ends = array("I", islice(map(_start, finditer(escape(sep), text)), n))  # where token k ends, in `text`
        if len(ends) < n:
            ends.append(len(text))
        if len(ends) < n:
            raise ValueError(f"{len(ends)} tokens, not {n}")
        self.starts = array(ends.typecode, chain((0,), map(sub, ends, count()))) if n else array("I", [0])
        self.text = text[: ends[-1] if n else 0].replace(sep, "")
        lengths = map(sub, islice(self.starts, 1, None), self.starts)
        text, starts = self.text, self.starts
        self.chars = {text[starts[i]]: i for i in compress(range(n), map((1).__eq__, lengths))}
        self.n, self._index, self._scans = n, None, 0
        self._ids, self._names = _Ids(self), _Names(self)
        return self

    def __len__(self) -> int:
        return self.n

    def name(self, i: int) -> str:
        starts = self.starts
        return self.text[starts[i] : starts[i + 1]]

    def names_of(self, ids):
        """The tokens of `ids` (an iterable of ids, each used once), made in C: no Python call per id."""
        starts, ids = self.starts, list(ids)
        ends = map(starts.__getitem__, map((1).__add__, ids))
        return map(self.text.__getitem__, map(slice, map(starts.__getitem__, ids), ends))

    def __iter__(self):
        """Every token, in id order."""
        starts = self.starts
        return map(self.text.__getitem__, map(slice, starts, islice(starts, 1, None)))

    def lengths(self) -> array:
        """Each token's length in characters, by id (array('B') where all are under 256)."""
        starts = self.starts
        lengths = array("I", map(int.__sub__, islice(starts, 1, None), starts))
        return array("B", lengths) if max(lengths, default=0) < 256 else lengths

    def id_of(self, token: str, default=None):
        """The token's id, or `default`."""
        if len(token) == 1:
            return self.chars.get(token, default)
        index = self._index
        if index is None:
            if self._scans < _SCANS and token:  # the first few (a table's added tokens) by a search of the text
                self._scans += 1
                return self._scanned(token, default)
            index = self._make_index()
        h = float((hash(token) & _HASH_MASK) << _ID_BITS)
        k, end = bisect_left(index, h), bisect_left(index, h + _ID_MASK)
        text, starts = self.text, self.starts
        while k < end:
            i = int(index[k]) & _ID_MASK
            if text[starts[i] : starts[i + 1]] == token:
                return i
            k += 1
        return default

    def _scanned(self, token: str, default):
        """The token's id found by searching the text for it where a token starts and ends (str.find, in C)."""
        text, starts, at = self.text, self.starts, 0
        while (at := text.find(token, at)) >= 0:
            i = bisect_left(starts, at)
            if i < self.n and starts[i] == at:
                while i < self.n and starts[i + 1] - starts[i] != len(token) and starts[i + 1] == at:
                    i += 1  # past empty tokens
                if starts[i + 1] - at == len(token):
                    return i
            at += 1
        return default

    def _make_index(self) -> array:
        """Every token's hash (its low 30 bits) and id as one number below 2**53, sorted (as floats: exact
        there, and quick to sort): a token is found by bisection and a comparison with each token of its
        hash (seldom more than one). One sort in C, made on first need."""
        if self.n > _ID_MASK:
            raise ValueError(f"a vocabulary of more than {_ID_MASK} tokens")
        keys = map(lshift, map(and_, map(hash, self), repeat(_HASH_MASK)), repeat(_ID_BITS))
        self._index = array("d", sorted(map(float, map(or_, keys, range(self.n)))))
        return self._index

    def ids(self) -> Mapping:
        return self._ids

    def names(self) -> Mapping:
        return self._names

    def nbytes(self) -> int:
        """The size of the string and the arrays in bytes (the index once made)."""
        arrays = [self.starts, *([self._index] if self._index else [])]
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

    __slots__ = ("_t", "_text", "_starts", "_n")

    def __init__(self, tokens: Tokens):
        self._t, self._text, self._starts, self._n = tokens, tokens.text, tokens.starts, tokens.n

    def __getitem__(self, i):
        if type(i) is int and 0 <= i < self._n:
            starts = self._starts
            return self._text[starts[i] : starts[i + 1]]
        raise KeyError(i)

    def get(self, i, default=None):
        return self._t.name(i) if type(i) is int and 0 <= i < self._n else default

    def __contains__(self, i) -> bool:
        return type(i) is int and 0 <= i < self._n

    def __iter__(self):
        return iter(range(self._n))

    def __len__(self) -> int:
        return self._n

    def items(self):
        return zip(range(self._n), self._t)

    def values(self):
        return iter(self._t)

    def __repr__(self) -> str:
        return f"<{len(self)} ids -> tokens>"
