"""The one fast path of rank BPE on symbol ids (issue 35): what `toklab.reference.lowest_rank_merge`
does, made fast, for every table whose merges are pairs of ids (r50k's `toklab.bpe`, every tokenizer.json
BPE in `toklab.hf.models`). OpenAI's tables from ranks alone (`toklab.ranks`) merge byte spans instead:
they have no pairs to look up.

`merges.get(a << shift | b)` is the value of merging ids a and b: its rank, or any number ordered as the
ranks are (r50k's is the id it makes: its ids grow with its ranks), and `made[value]` the id it makes
(r50k's `made` is a range: the value itself). Short pieces keep `rk[i]`, the value of pair i, in a list:
`min` and `index` find the lowest and its leftmost place in C and a merge changes only the two pairs
beside it. Long pieces (a run of one character) use a linked list and a heap of (value, position),
O(n log n) (word.rs `merge_all`). Spans, when given, are merged alongside (the offsets of tokenizers'
Encoding).

>>> merges, made = {0 << 8 | 1: 0, 3 << 8 | 2: 1}, [3, 4]  # a+b -> ab (rank 0), ab+c -> abc (rank 1)
>>> merge_ids([0, 1, 2, 0], merges, 8, made)
[4, 0]
>>> spans = [(0, 1), (1, 2), (2, 3), (3, 4)]
>>> merge_ids([0, 1, 2, 0], merges, 8, made, spans), spans
([4, 0], [(0, 3), (3, 4)])

`merges` is a dict or a `PairTable`, the same mapping held in three arrays (issue 39: Gemma 3's 514,906
merges as a dict of packed ints were 51 MiB on CPython, as a PairTable 5 MiB): anything with
`get(key, default)`.

>>> table = PairTable([0, 3], [1, 2], [0, 1], 8, 5)
>>> merge_ids([0, 1, 2, 0], table, 8, made), table.get(3 << 8 | 2), table.get(3 << 8 | 1)
([4, 0], 1, None)
"""

from __future__ import annotations

import heapq
from array import array
from bisect import bisect_left
from collections import Counter, deque
from itertools import accumulate, chain, compress, islice, repeat
from operator import eq, lshift, ne, or_

__all__ = ["HEAP_FROM", "PairTable", "merge_ids"]

HEAP_FROM = 64  # pieces with more symbols than this merge through a heap
_NONE = 1 << 62  # "no merge": above every packed value


def merge_ids(ids: list[int], merges, shift: int, made, spans: list | None = None) -> list[int]:
    """`ids` (changed in place) after every merge, lowest value first, leftmost first among equals."""
    if len(ids) > HEAP_FROM:
        return _merge_long(ids, merges, shift, made, spans)
    known = getattr(merges, "memo", None)  # a PairTable's pairs asked before: looked up in C first
    if known is None:
        ask, unknown, look, maybe, size = merges.get, _NONE, None, None, 1
    else:  # then its filter, in C too: most pairs asked are none, and most of those it answers
        if len(merges.maybe) == 1 and len(known) >= FILTER_AFTER:
            merges.make_filter()  # here, never during a call: the call holds the filter's size
        ask, unknown, look, maybe, size = known.get, -1, merges.look, merges.maybe, len(merges.maybe)
    keys = list(map(or_, map(lshift, ids, repeat(shift)), islice(ids, 1, None)))
    rk = list(map(ask, keys, repeat(unknown)))
    none = _NONE
    if unknown == -1 and -1 in rk:
        rk = [(look(k) if maybe[k % size] else none) if v == -1 else v for v, k in zip(rk, keys)]
    r = len(rk)  # pairs left (len(rk), counted here: no call a merge)
    while r:
        m = min(rk)
        if m == none:
            break
        i = rk.index(m)
        new = made[m]
        ids[i : i + 2] = (new,)
        if spans is not None:
            spans[i : i + 2] = ((spans[i][0], spans[i + 1][1]),)
        r -= 1
        if i < r:
            k = new << shift | ids[i + 1]
            v = ask(k, unknown)
            rk[i] = ((look(k) if maybe[k % size] else none) if v == -1 else v)
            del rk[i + 1]
        else:
            del rk[i]
        if i:
            k = ids[i - 1] << shift | new
            v = ask(k, unknown)
            rk[i - 1] = ((look(k) if maybe[k % size] else none) if v == -1 else v)
    return ids


def _merge_long(ids: list[int], merges, shift: int, made, spans: list | None) -> list[int]:
    """`merge_ids` in O(n log n): a linked list of symbols and a heap of (value, position); an entry whose
    pair has changed since it was pushed is stale and skipped."""
    n = len(ids)
    sym = list(ids)
    nxt = list(range(1, n + 1))
    prv = list(range(-1, n - 1))
    ends = [s[1] for s in spans] if spans is not None else None
    get = merges.get
    heap = [(m, i) for i in range(n - 1) if (m := get(sym[i] << shift | sym[i + 1])) is not None]
    heapq.heapify(heap)
    while heap:
        m, i = heapq.heappop(heap)
        j = nxt[i]
        if sym[i] < 0 or j >= n or get(sym[i] << shift | sym[j]) != m:
            continue
        new = made[m]
        sym[i], sym[j] = new, -1
        if ends is not None:
            ends[i] = ends[j]
        k = nxt[i] = nxt[j]
        if k < n:
            prv[k] = i
            if (mk := get(new << shift | sym[k])) is not None:
                heapq.heappush(heap, (mk, i))
        p = prv[i]
        if p >= 0 and (mp := get(sym[p] << shift | new)) is not None:
            heapq.heappush(heap, (mp, p))
    if spans is not None:
        spans[:] = [(spans[i][0], ends[i]) for i in range(n) if sym[i] >= 0]
    return [s for s in sym if s >= 0]


class PairTable:
    """`{left << shift | right: value}` for merges, held in three arrays instead of a dict entry and two int
    objects per merge: the pairs sorted by left id then right id, `rights` their right ids, `vals` their
    values, and `starts[a]:starts[a + 1]` the run of left id a. `get` finds a pair by bisection in its
    left id's run (most runs are short; the longest, Gemma 3's "▁", 40,893). Made by one sort in C, no
    Python loop per merge, or straight from arrays already in that order (`from_sorted`: the compact
    form's). A pair given twice keeps its last value, as a dict made from the same pairs.

    >>> t = PairTable(lefts=[2, 0, 2, 2], rights=[1, 5, 0, 1], values=[10, 11, 12, 13], shift=3, n_ids=6)
    >>> t.get(2 << 3 | 1), t.get(0 << 3 | 5), t.get(2 << 3 | 2, -1), len(t), sorted(t.values())
    (13, 11, -1, 3, [11, 12, 13])
    >>> PairTable.from_sorted(t.starts, t.rights, t.vals, 3) == t
    True
    """

    __slots__ = ("get", "look", "maybe", "memo", "rights", "shift", "starts", "vals")

    def __init__(self, lefts, rights, values, shift: int, n_ids: int):
        n, values = len(lefts), _narrow(values)
        if len(rights) != n or len(values) != n:
            raise ValueError("a pair table needs as many rights and values as lefts")
        if n and max(max(lefts), max(rights)) >= n_ids:
            raise ValueError("a pair names an id outside the table")
        keys = array("d", map(or_, map(lshift, lefts, repeat(shift)), rights))  # exact below 2**53: a quick sort key
        order = sorted(range(n - 1, -1, -1), key=keys.__getitem__)  # stable: the last of a pair given twice first
        pair_rights = array("I", map(rights.__getitem__, order))
        counts = Counter(lefts).get
        vals = array(values.typecode, map(values.__getitem__, order))
        if n and sum(map(eq, pair_rights[1:], pair_rights)):  # maybe a pair given twice: keep its first here
            keys = array("d", map(keys.__getitem__, order))
            first = [True, *map(ne, keys[1:], keys)]
            if not all(first):
                pair_rights, vals = array("I", compress(pair_rights, first)), array(values.typecode, compress(vals, first))
                counts = Counter(compress(map(lefts.__getitem__, order), first)).get
        del order, keys
        starts = array("I", accumulate(map(counts, range(n_ids), repeat(0)), initial=0))
        self._set(starts, pair_rights, vals, shift)

    @classmethod
    def from_sorted(cls, starts: array, rights: array, vals: array, shift: int) -> PairTable:
        """The table from its own arrays (each left id's run of right ids sorted, no pair twice)."""
        table = cls.__new__(cls)
        table._set(starts, rights, vals, shift)
        return table

    def _set(self, starts: array, rights: array, vals: array, shift: int) -> None:
        self.starts, self.rights, self.vals, self.shift, self.memo = starts, rights, vals, shift, {}
        self.maybe = bytearray(b"\x01")  # every pair may be, until FILTER_AFTER were looked up: then make_filter
        self.get, self.look = _getter(starts, rights, vals, shift, (1 << shift) - 1, self.memo)

    def make_filter(self) -> None:
        """`maybe` becomes `_filter`, in place (merge_ids asks, at the start of a call, once FILTER_AFTER
        pairs were looked up: a long text, new pairs, worth the filter's 0.02-0.05 s of CPython)."""
        self.maybe[:] = _filter(self.starts, self.rights, self.shift)

    def values(self) -> array:
        """Every pair's value (as `dict.values()`)."""
        return self.vals

    def __len__(self) -> int:
        return len(self.vals)

    def __eq__(self, other) -> bool:
        if not isinstance(other, PairTable):
            return NotImplemented
        return (self.shift, self.starts, self.rights, self.vals) == (other.shift, other.starts, other.rights, other.vals)

    def nbytes(self) -> int:
        """The arrays' size in bytes."""
        return sum(a.itemsize * len(a) for a in (self.starts, self.rights, self.vals))


def _narrow(values) -> array:
    """The numbers as array('I'), or array('Q') where one does not fit in 32 bits."""
    values = values if isinstance(values, (list, array)) else list(values)
    return array("I" if max(values, default=0) < 1 << 32 else "Q", values)


MEMO = 1 << 14  # pairs a table remembers (found or not) before it forgets them all and starts again
FILTER_AFTER = 1 << 11  # pairs looked up before the table makes its filter


def _filter(starts: array, rights: array, shift: int) -> bytearray:
    """`maybe[key % len(maybe)]` is 1 for every pair's key: 0 says at once, in C, that a pair is none (most
    pairs a text asks for are none: two Chinese characters side by side). One byte for each of about four
    slots a pair (a quarter of the nones get through to the bisection), set by `map`s in C.

    >>> maybe = _filter(array("I", [0, 1, 1, 2]), array("I", [1, 2]), 2)
    >>> [maybe[k % len(maybe)] for k in (0 << 2 | 1, 2 << 2 | 2, 1 << 2 | 1)]
    [1, 1, 0]
    """
    size = 4 * len(rights) + 3  # never 1, the size of "not made yet"
    while any(size % p == 0 for p in (3, 5, 7, 11, 13, 17, 19, 23)):
        size += 2
    maybe = bytearray(size)
    counts = map(int.__sub__, islice(starts, 1, None), starts)
    lefts = chain.from_iterable(map(repeat, range(len(starts) - 1), counts))
    keys = map(or_, map(lshift, lefts, repeat(shift)), rights)
    deque(map(maybe.__setitem__, map(size.__rmod__, keys), repeat(1)), maxlen=0)  # run in C, keep nothing
    return maybe


def _getter(starts: array, rights: array, values: array, shift: int, mask: int, memo: dict):
    """`PairTable.get` and `look` as closures (its arrays in cells: quicker than attributes in the merge
    loop). The last MEMO pairs looked up are remembered in `memo` (a value, or _NONE: no such pair): text
    asks for the same few pairs again and again (Gemma 3's "▁" + a letter: a bisection in a run of
    40,893). `look(key)` is for a key the memo does not hold (`merge_ids` asked it first): the value or
    _NONE (the filter, `maybe`, is merge_ids' to ask first and to make: `PairTable.make_filter`)."""
    last = len(starts) - 1
    remembered = memo.get

    def look(key: int) -> int:
        a = key >> shift
        v = _NONE
        if a < last:
            lo, hi = starts[a], starts[a + 1]
            if lo != hi:
                b = key & mask
                k = bisect_left(rights, b, lo, hi)
                if k < hi and rights[k] == b:
                    v = values[k]
        if len(memo) >= MEMO:
            memo.clear()
        memo[key] = v
        return v

    def get(key: int, default=None):
        v = remembered(key, -1)
        if v == -1:
            v = look(key)
        return default if v == _NONE else v

    return get, look
