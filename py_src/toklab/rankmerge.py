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
"""

from __future__ import annotations

import heapq

__all__ = ["HEAP_FROM", "merge_ids"]

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
