"""SentencePiece BPE: merging by *score*, not by rank (Llama 1/2, Mistral).

GPT-2's BPE keeps a ranked list of merges. A SentencePiece BPE model keeps none: its vocabulary gives
each piece a score (the training order, negated), and encoding merges, again and again, the adjacent
pair whose merged piece is in the vocabulary with the highest score. Ties go to the leftmost pair
(sentencepiece/src/bpe_model.cc, `SymbolPairComparator`). The text starts as one symbol per character
(a user-defined piece is one symbol, and never merges with its neighbours).

    >>> scores = {"a": -1.0, "b": -2.0, "ab": -3.0, "bc": -4.0, "c": -5.0, "abc": -6.0}
    >>> merge_by_score(["a", "b", "c"], scores)
    ['abc']
    >>> merge_by_score(["b", "c", "b", "c"], {"bc": -1.0, "bcbc": -9.0})
    ['bcbc']

`merge_by_score` is the readable reference: each step looks at every adjacent pair. `merge_fast` is
the same rule with a heap of candidate pairs (O(n log n) on a long run of one character, where the
reference is O(n^2)); a test holds it to the reference. `trace_bpe` records every step of the
reference for the page: each candidate pair with its score, the chosen one, the symbols after.
"""

from __future__ import annotations

import heapq

__all__ = ["merge_by_score", "merge_fast", "trace_bpe"]


def best_pair(symbols: list[str], scores: dict[str, float], frozen=()) -> int | None:
    """The index i of the pair (symbols[i], symbols[i+1]) to merge next: the highest score, then the
    leftmost; None when no adjacent pair makes a piece of the vocabulary.

    >>> best_pair(["a", "b", "a", "b"], {"ab": -1.0})
    0
    """
    best, best_score = None, None
    for i in range(len(symbols) - 1):
        if i in frozen or i + 1 in frozen:
            continue
        score = scores.get(symbols[i] + symbols[i + 1])
        if score is not None and (best_score is None or score > best_score):
            best, best_score = i, score
    return best


def merge_by_score(symbols: list[str], scores: dict[str, float], frozen: frozenset = frozenset()) -> list[str]:
    """Merge the best pair until none is left (the reference). `frozen`: indexes of symbols that never
    merge (user-defined pieces)."""
    symbols = list(symbols)
    frozen = set(frozen)
    while (i := best_pair(symbols, scores, frozen)) is not None:
        symbols[i : i + 2] = [symbols[i] + symbols[i + 1]]
        frozen = {j - 1 if j > i else j for j in frozen}
    return symbols


def merge_fast(symbols: list[str], scores: dict[str, float], frozen: frozenset = frozenset()) -> list[str]:
    """`merge_by_score` with a heap and a linked list of symbols, as bpe_model.cc does: a popped pair
    whose two symbols changed since it was pushed is skipped (their lengths no longer add up).

    >>> merge_fast(list("aaaaa"), {"aa": -1.0, "aaaa": -2.0})
    ['aaaa', 'a']
    """
    n = len(symbols)
    if n < 2:
        return list(symbols)
    piece = list(symbols)
    nxt = list(range(1, n)) + [-1]
    prv = list(range(-1, n - 1))
    heap: list = []

    def push(left: int, right: int) -> None:
        if left < 0 or right < 0 or left in frozen or right in frozen:
            return
        merged = piece[left] + piece[right]
        score = scores.get(merged)
        if score is not None:
            heapq.heappush(heap, (-score, left, right, len(merged)))

    for i in range(n - 1):
        push(i, i + 1)
    while heap:
        _, left, right, size = heapq.heappop(heap)
        a, b = piece[left], piece[right]
        if not a or not b or len(a) + len(b) != size:
            continue
        piece[left] = a + b
        piece[right] = ""
        nxt[left] = nxt[right]
        if nxt[right] >= 0:
            prv[nxt[right]] = left
        push(prv[left], left)
        push(left, nxt[left])
    out, i = [], 0
    while i >= 0:
        out.append(piece[i])
        i = nxt[i]
    return out


def trace_bpe(symbols: list[str], scores: dict[str, float], frozen: frozenset = frozenset()) -> dict:
    """The reference's steps as plain data: the symbols at the start, then per merge every candidate
    pair (index, left, right, merged piece, score), the chosen one's index in that list, and the
    symbols after it.

    >>> t = trace_bpe(["a", "b", "c"], {"ab": -3.0, "bc": -1.0, "abc": -6.0})
    >>> [s["candidates"][s["chosen"]]["merged"] for s in t["steps"]], t["symbols"]
    (['bc', 'abc'], ['abc'])
    """
    symbols = list(symbols)
    frozen = set(frozen)
    start = list(symbols)
    steps = []
    while True:
        candidates = []
        for i in range(len(symbols) - 1):
            if i in frozen or i + 1 in frozen:
                continue
            merged = symbols[i] + symbols[i + 1]
            if merged in scores:
                candidates.append(
                    {"index": i, "left": symbols[i], "right": symbols[i + 1], "merged": merged, "score": scores[merged]}
                )
        if not candidates:
            break
        chosen = max(range(len(candidates)), key=lambda k: (candidates[k]["score"], -candidates[k]["index"]))
        i = candidates[chosen]["index"]
        symbols[i : i + 2] = [symbols[i] + symbols[i + 1]]
        frozen = {j - 1 if j > i else j for j in frozen}
        steps.append({"candidates": candidates, "chosen": chosen, "symbols": list(symbols)})
    return {"start": start, "steps": steps, "symbols": symbols}
