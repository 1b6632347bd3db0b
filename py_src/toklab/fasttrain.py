"""BPE training for big corpora: the same choices as the traced loop, without recounting.

What this adds over ``toklab.training``'s simple loop: speed. The simple loop recounts every
pair of the corpus after each merge; here the counts are kept up to date instead. A merge
only changes the pairs that touch a merged occurrence, so each step costs the size of the
rows that contain the merged pair, not the size of the corpus.

The choices are exactly those of the simple loop (``tests/test_training.py`` checks it):

* a pair's count is ``sum(frequency of the row * occurrences in the row)``, overlapping
  occurrences included (``a a a`` has ``(a, a)`` twice);
* a merge replaces occurrences left to right, without overlap (``a a a`` -> ``aa a``);
* the best pair has the highest count; ties go to the pair that occurs first in the corpus
  (row order, then position: rule ``"first_occurrence"``) or to the smallest ``(left, right)``
  in code point order (rule ``"lexicographic"``).

How: ``counts[pair]`` and ``where[pair] = {row: occurrences}`` are updated by the merge; a heap
holds ``(-count, tie key, pair, version)`` and an entry is stale when the pair's version has
moved on. The tie key of ``"first_occurrence"`` is ``(row, character offset)`` of the first
occurrence: it cannot change while the count stays the same (a merge that removes or adds
an occurrence of a pair always changes its count), so it is computed only when pushing.
"""

from __future__ import annotations

from heapq import heapify, heappop, heappush

FIRST_OCCURRENCE = "first_occurrence"
LEXICOGRAPHIC = "lexicographic"
TIE_RULES = (FIRST_OCCURRENCE, LEXICOGRAPHIC)


def find_merges(symbols: list[str], left: str, right: str) -> list[int]:
    """Positions where ``(left, right)`` merges: left to right, without overlap.

    >>> find_merges(["a", "a", "a", "b", "a", "a"], "a", "a")
    [0, 4]
    """
    found = []
    i = 0
    last = len(symbols) - 1
    while True:
        try:
            i = symbols.index(left, i, last)
        except ValueError:
            return found
        if symbols[i + 1] == right:
            found.append(i)
            i += 2
        else:
            i += 1


def apply_found(symbols: list[str], found: list[int]) -> list[str]:
    """The symbols with the pair at each position of ``found`` merged.

    >>> apply_found(["a", "a", "a", "b"], [0])
    ['aa', 'a', 'b']
    """
    out: list[str] = []
    prev = 0
    for i in found:
        out.extend(symbols[prev:i])
        out.append(symbols[i] + symbols[i + 1])
        prev = i + 2
    out.extend(symbols[prev:])
    return out


class PairIndex:
    """Pair counts of a corpus of rows, kept up to date as pairs are merged.

    >>> index = PairIndex([["a", "b", "a", "b"], ["b", "a"]], [1, 3], FIRST_OCCURRENCE)
    >>> index.best()
    ('b', 'a')
    >>> index.merge(("b", "a")); index.rows
    [['a', 'ba', 'b'], ['ba']]
    >>> index.best(), index.counts[("a", "ba")]
    (('a', 'ba'), 1)
    """

    def __init__(self, rows: list[list[str]], freqs: list[int], rule: str, banned: set[str] | None = None):
        if rule not in TIE_RULES:
            raise ValueError(f"unknown tie-break rule {rule!r}; use one of {', '.join(TIE_RULES)}")
        self.rows = [list(r) for r in rows]
        self.freqs = list(freqs)
        self.rule = rule
        self.banned = banned  # pairs whose merged string is in this set are never chosen
        self.counts: dict[tuple[str, str], int] = {}
        self.where: dict[tuple[str, str], dict[int, int]] = {}
        self.version: dict[tuple[str, str], int] = {}
        self.n_with_count: dict[int, int] = {}
        for r, syms in enumerate(self.rows):
            freq = self.freqs[r]
            for pair in zip(syms, syms[1:]):
                self.counts[pair] = self.counts.get(pair, 0) + freq
                rows_of = self.where.setdefault(pair, {})
                rows_of[r] = rows_of.get(r, 0) + 1
        self.heap: list = []
        for pair in self.counts:
            self._push(pair, 0)
        heapify(self.heap)

    def eligible(self, pair: tuple[str, str]) -> bool:
        return self.banned is None or pair[0] + pair[1] not in self.banned

    def _key(self, pair: tuple[str, str]):
        if self.rule == LEXICOGRAPHIC:
            return pair
        row = min(self.where[pair])
        syms = self.rows[row]
        i = syms.index(pair[0])
        while syms[i + 1] != pair[1]:
            i = syms.index(pair[0], i + 1)
        return (row, sum(map(len, syms[:i])))

    def _push(self, pair: tuple[str, str], old_count: int) -> None:
        """Record that ``pair``'s count changed from ``old_count`` (to ``counts.get(pair, 0)``)."""
        count = self.counts.get(pair, 0)
        version = self.version.get(pair, 0) + 1
        self.version[pair] = version
        if not self.eligible(pair):
            return
        if old_count:
            self.n_with_count[old_count] -= 1
        if count:
            self.n_with_count[count] = self.n_with_count.get(count, 0) + 1
            heappush(self.heap, (-count, self._key(pair), pair, version))

    def ban(self, token: str) -> None:
        """``token`` is now in the vocabulary: pairs that would make it again leave the race."""
        for cut in range(1, len(token)):
            pair = (token[:cut], token[cut:])
            if pair in self.counts and self.eligible(pair):
                self.n_with_count[self.counts[pair]] -= 1
                self.version[pair] = self.version.get(pair, 0) + 1
        self.banned.add(token)

    def _valid(self, entry) -> bool:
        return self.version.get(entry[2]) == entry[3]

    def best(self) -> tuple[str, str] | None:
        """The pair the rule chooses now, or None when no eligible pair is left."""
        while self.heap and not self._valid(self.heap[0]):
            heappop(self.heap)
        return self.heap[0][2] if self.heap else None

    def tied(self, limit: int) -> tuple[list[tuple[str, str]], int]:
        """Up to ``limit`` pairs that share the best count (in rule order), and how many there are."""
        best = self.best()
        if best is None:
            return [], 0
        count = self.counts[best]
        taken = []
        while self.heap and len(taken) < limit:
            entry = heappop(self.heap)
            if self._valid(entry):
                if -entry[0] != count:
                    heappush(self.heap, entry)
                    break
                taken.append(entry)
        for entry in taken:
            heappush(self.heap, entry)
        return [e[2] for e in taken], self.n_with_count[count]

    def merge(self, pair: tuple[str, str]) -> None:
        """Merge every occurrence of ``pair`` and update the counts touching them."""
        left, right = pair
        delta: dict[tuple[str, str], int] = {}
        for r in list(self.where.get(pair, ())):
            syms = self.rows[r]
            found = find_merges(syms, left, right)
            new = apply_found(syms, found)
            last_old, last_new = len(syms) - 1, len(new) - 1
            old_at = sorted({j for i in found for j in (i - 1, i, i + 1) if 0 <= j < last_old})
            new_at = sorted({j for t, i in enumerate(found) for j in (i - t - 1, i - t) if 0 <= j < last_new})
            freq = self.freqs[r]
            for j in old_at:
                p = (syms[j], syms[j + 1])
                delta[p] = delta.get(p, 0) - freq
                rows_of = self.where[p]
                rows_of[r] -= 1
                if not rows_of[r]:
                    del rows_of[r]
            for j in new_at:
                p = (new[j], new[j + 1])
                delta[p] = delta.get(p, 0) + freq
                rows_of = self.where.setdefault(p, {})
                rows_of[r] = rows_of.get(r, 0) + 1
            self.rows[r] = new
        for p, d in delta.items():
            if not d:
                continue
            old = self.counts.get(p, 0)
            if old + d:
                self.counts[p] = old + d
            else:
                del self.counts[p]
                del self.where[p]
            self._push(p, old)
