"""The one fast path of rank BPE on symbol ids (issue 35): what `toklab.reference.lowest_rank_merge`
does, made fast, for every table whose merges are pairs of ids (r50k's `toklab.bpe`, every tokenizer.json
BPE in `toklab.hf.models`). OpenAI's tables from ranks alone (`toklab.ranks`) merge byte spans instead:
they have no pairs to look up.

`merges[a << shift | b]` is the value of merging ids a and b: `rank << shift | new_id`, so the lowest value
is the lowest rank, and `value & mask` the id it makes (r50k packs its merged id alone: its ids grow with
its ranks). Short pieces keep `rk[i]`, the value of pair i, in a list: `min` and `index` find the lowest
and its leftmost place in C and a merge changes only the two pairs beside it. Long pieces (a run of one
character) use a linked list and a heap of (value, position), O(n log n) (word.rs `merge_all`). Spans, when
given, are merged alongside (the offsets of tokenizers' Encoding).

>>> merges = {0 << 8 | 1: 0 << 8 | 3, 3 << 8 | 2: 1 << 8 | 4}  # a+b -> ab (rank 0), ab+c -> abc (rank 1)
>>> merge_ids([0, 1, 2, 0], merges, 8, 0xFF)
[4, 0]
>>> spans = [(0, 1), (1, 2), (2, 3), (3, 4)]
>>> merge_ids([0, 1, 2, 0], merges, 8, 0xFF, spans), spans
([4, 0], [(0, 3), (3, 4)])

`merges` is a dict or a `PairTable`, the same mapping held in three arrays (issue 39: Gemma 3's 514,906
merges as a dict are 51 MiB on CPython, as a PairTable 7 MiB): anything with `get(key, default)`.

>>> table = PairTable([0, 3], [1, 2], [0 << 8 | 3, 1 << 8 | 4], 8, 5)
>>> merge_ids([0, 1, 2, 0], table, 8, 0xFF), table.get(3 << 8 | 2), table.get(3 << 8 | 1)
([4, 0], 260, None)
"""

from __future__ import annotations

import heapq
from array import array
from bisect import bisect_left
from itertools import compress, repeat
from operator import and_, lshift, ne, or_, rshift

__all__ = ["HEAP_FROM", "PairTable", "merge_ids"]

HEAP_FROM = 64  # pieces with more symbols than this merge through a heap
_NONE = 1 << 62  # "no merge": above every packed value


def merge_ids(ids: list[int], merges: dict, shift: int, mask: int, spans: list | None = None) -> list[int]:
    """`ids` (changed in place) after every merge, lowest value first, leftmost first among equals."""
    if len(ids) > HEAP_FROM:
        return _merge_long(ids, merges, shift, mask, spans)
    get = merges.get
    rk = [get(a << shift | b, _NONE) for a, b in zip(ids, ids[1:])]
    while rk:
        m = min(rk)
        if m == _NONE:
            break
        i = rk.index(m)
        new = m & mask
        ids[i : i + 2] = (new,)
        if spans is not None:
            spans[i : i + 2] = ((spans[i][0], spans[i + 1][1]),)
        if i + 1 < len(ids):
            rk[i] = get(new << shift | ids[i + 1], _NONE)
            del rk[i + 1]
        else:
            del rk[i]
        if i:
            rk[i - 1] = get(ids[i - 1] << shift | new, _NONE)
    return ids


def _merge_long(ids: list[int], merges: dict, shift: int, mask: int, spans: list | None) -> list[int]:
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
        new = m & mask
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
    objects per merge: the pairs sorted by left id then right id, `rights` their right ids, `values` their
    values, and `starts[a]:starts[a + 1]` the run of left id a. `get` finds a pair by bisection in its
    left id's run (most runs are short; the longest, Gemma 3's "▁", 40,893). Made by one sort in C, no
    Python loop per merge. A pair given twice keeps its last value, as a dict made from the same pairs.

    >>> t = PairTable(lefts=[2, 0, 2, 2], rights=[1, 5, 0, 1], values=[10, 11, 12, 13], shift=3, n_ids=6)
    >>> t.get(2 << 3 | 1), t.get(0 << 3 | 5), t.get(2 << 3 | 2, -1), len(t), sorted(t.values())
    (13, 11, -1, 3, [11, 12, 13])
    """

    __slots__ = ("get", "rights", "shift", "starts", "vals")

    def __init__(self, lefts, rights, values, shift: int, n_ids: int):
        n, values = len(lefts), array("Q", values)
        if len(rights) != n or len(values) != n:
            raise ValueError("a pair table needs as many rights and values as lefts")
        if n and max(max(lefts), max(rights)) >= n_ids:
            raise ValueError("a pair names an id outside the table")
        low = max(n.bit_length(), 1)  # each pair's key, then its place reversed: the last of a pair given twice first
        keys = map(or_, map(lshift, lefts, repeat(shift)), rights)
        order = sorted(map(or_, map(lshift, keys, repeat(low)), range(n - 1, -1, -1)))
        keys = array("Q", map(rshift, order, repeat(low)))
        if n and sum(map(ne, keys[1:], keys)) < n - 1:  # a pair given twice: keep its first here, the last given
            first = [True, *map(ne, keys[1:], keys)]
            order, keys = list(compress(order, first)), array("Q", compress(keys, first))
        top = (1 << low) - 1
        self.vals = array("Q", map(values.__getitem__, map((n - 1).__sub__, map(and_, order, repeat(top)))))
        del order
        pair_mask = (1 << shift) - 1
        self.rights = array("I", map(and_, keys, repeat(pair_mask)))
        left_of = array("I", map(rshift, keys, repeat(shift)))
        del keys
        self.starts = array("I", map(bisect_left, repeat(left_of), range(n_ids + 1)))
        self.shift = shift
        self.get = _getter(self.starts, self.rights, self.vals, shift, pair_mask)

    def values(self) -> array:
        """Every pair's value (a pair given twice: each time; as in `dict.values()` otherwise)."""
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


def _getter(starts: array, rights: array, values: array, shift: int, mask: int):
    """`PairTable.get` as a closure (its arrays in cells: quicker than attributes in the merge loop)."""
    last = len(starts) - 1

    def get(key: int, default=None):
        a = key >> shift
        if a >= last:
            return default
        lo, hi = starts[a], starts[a + 1]
        if lo == hi:
            return default
        b = key & mask
        k = bisect_left(rights, b, lo, hi)
        return values[k] if k < hi and rights[k] == b else default

    return get
