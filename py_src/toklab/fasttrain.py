"""BPE training for big corpora: the same choices as the traced loop, without recounting.

What this adds over ``toklab.training``'s simple loop: speed. The simple loop recounts every
pair of the corpus after each merge; here the counts are kept up to date instead. A merge
only changes the pairs that touch a merged occurrence, so each step costs the size of the
rows that contain the merged pair, not the size of the corpus.

The choices are exactly those of the simple loop (``tests/test_training.py`` checks it):

* a pair's count is ``sum(frequency of the row * occurrences in the row)``, overlapping
  occurrences included (``a a a`` has ``(a, a)`` twice);
* a merge replaces occurrences left to right, without overlap (``a a a`` -> ``aa a``);
* the best pair has the highest count; ties are broken by one of three rules (``TIE_RULES``):
  ``"first_occurrence"``: the pair that occurs first in the corpus (row order, then position);
  ``"lexicographic"``: the smallest ``(left, right)``, comparing the strings in code point order;
  ``"huggingface"``: the smallest pair of token ids, as HuggingFace ``tokenizers``' BPE trainer
  does (its ``BpeTrainer``): the special tokens have the first ids, then the alphabet in code
  point order, then each learned token in the order it was made (``first_ids``).

How: the rows are linked lists over fixed positions (``PairIndex``); ``counts[pair]`` and
``occ[pair]`` (where it occurs) are updated by each merge; for byte-level training, which never
makes a token twice, ``makes[string]`` holds the live pairs that would make that string, so banning
a learned token costs its own pairs, not a slice of it at every cut; a heap holds
``(-count, tie key, pair, version)`` and an entry is stale when the pair's version has moved
on. The tie key of ``"first_occurrence"`` is the position of the first occurrence: it cannot
change while the count stays the same (a merge that removes or adds an occurrence of a pair
always changes its count, since the pairs it adds contain the new token and the pairs it
removes do not), so it is computed only when the count changes. The tie keys of the other two
rules never change: the strings, or the ids, of the pair.
"""

from __future__ import annotations

from heapq import heapify, heappop, heappush

from toklab.errors import bad_choice

FIRST_OCCURRENCE = "first_occurrence"
LEXICOGRAPHIC = "lexicographic"
HUGGINGFACE = "huggingface"
TIE_RULES = (FIRST_OCCURRENCE, LEXICOGRAPHIC, HUGGINGFACE)


def first_ids(alphabet, special_tokens=()) -> dict[str, int]:
    """The token ids the ``"huggingface"`` rule starts from: the special tokens, then the alphabet in
    code point order. A learned token takes the next id when it is made (``next_id``).

    >>> ids = first_ids({"爱", "我", "中"}, ["<unk>"]); ids
    {'<unk>': 0, '中': 1, '我': 2, '爱': 3}
    >>> next_id(ids, "中我"), next_id(ids, "我"), ids["中我"]
    (4, 2, 4)
    """
    ids = {token: i for i, token in enumerate(special_tokens)}
    for symbol in sorted(set(alphabet) - set(ids)):
        ids[symbol] = len(ids)
    return ids


def next_id(ids: dict[str, int], token: str) -> int:
    """The id of ``token``, given the next free id when it is new (a merge that rebuilds a token keeps its id)."""
    return ids.setdefault(token, len(ids))


def find_merges(symbols: list[str], left: str, right: str) -> list[int]:
    """Positions where ``(left, right)`` merges: left to right, without overlap.

    ``toybpe.merge_pair`` merges exactly these (property-tested); ``list.index`` finds them in C.

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


class PairIndex:
    """Pair counts of a corpus of rows, kept up to date as pairs are merged.

    Every starting symbol has a fixed *position*: its index in all the rows laid end to end.
    A symbol is stored at the position of its first starting symbol; ``nxt``/``prv`` link
    the live symbols of a row, so a merge touches only its own occurrences, however long
    the row. ``occ[pair]`` holds the positions where ``pair`` starts; the smallest one is
    the pair's first occurrence (row order, then left to right). The ``"huggingface"`` rule also needs
    ``ids``, the token ids of ``first_ids`` (the index gives each learned token its id as it merges).

    >>> index = PairIndex([["a", "b", "a", "b"], ["b", "a"]], [1, 3], FIRST_OCCURRENCE)
    >>> index.best()
    ('b', 'a')
    >>> index.merge(("b", "a")); index.rows
    [['a', 'ba', 'b'], ['ba']]
    >>> index.best(), index.counts[("a", "ba")]
    (('a', 'ba'), 1)
    """

    def __init__(self, rows: list[list[str]], freqs: list[int], rule: str, banned: set[str] | None = None,
                 ids: dict[str, int] | None = None):
        if rule not in TIE_RULES:
            raise bad_choice("tie_break", rule, TIE_RULES)
        if rule == HUGGINGFACE and ids is None:
            ids = first_ids({symbol for row in rows for symbol in row})
        self.rule = rule
        self.ids = ids
        self.banned = banned  # pairs whose merged string is in this set are never chosen
        self.makes: dict[str, set[tuple[str, str]]] = {}  # with banned: joined string -> live pairs joining to it
        self.freqs = list(freqs)
        self.starts: list[int] = []
        sym: list = []
        weight: list[int] = []
        for row, freq in zip(rows, freqs):
            self.starts.append(len(sym))
            sym.extend(row)
            weight.extend([freq] * len(row))
        ends = {start + len(row) - 1 for start, row in zip(self.starts, rows) if row}
        self.sym = sym
        self.weight = weight
        self.nxt = [-1 if i in ends else i + 1 for i in range(len(sym))]
        self.prv = [-1] * len(sym)
        self.counts: dict[tuple[str, str], int] = {}
        self.occ: dict[tuple[str, str], set[int]] = {}
        self.first: dict[tuple[str, str], list[int]] = {}  # per pair, a lazy min-heap of positions
        for i in range(len(sym)):
            j = self.nxt[i]
            if j >= 0:
                self.prv[j] = i
                pair = (sym[i], sym[j])
                self.counts[pair] = self.counts.get(pair, 0) + weight[i]
                self.occ.setdefault(pair, set()).add(i)
                self.first.setdefault(pair, []).append(i)  # increasing: already a heap
        self.version: dict[tuple[str, str], int] = {}
        self.n_with_count: dict[int, int] = {}
        self.heap: list = []
        for pair in self.counts:
            self._push(pair, 0)

    @property
    def rows(self) -> list[list[str]]:
        """The rows as they are now."""
        out = []
        for i in self.starts:
            row = []
            while i >= 0:
                row.append(self.sym[i])
                i = self.nxt[i]
            out.append(row)
        return out

    def _key(self, pair: tuple[str, str]):
        if self.rule == LEXICOGRAPHIC:
            return pair
        if self.rule == HUGGINGFACE:
            return self.ids[pair[0]], self.ids[pair[1]]
        heap, live = self.first[pair], self.occ[pair]
        while heap[0] not in live:
            heappop(heap)
        return heap[0]

    def _push(self, pair: tuple[str, str], old_count: int) -> None:
        """Record that ``pair``'s count changed from ``old_count`` (to ``counts.get(pair, 0)``)."""
        count = self.counts.get(pair, 0)
        version = self.version.get(pair, 0) + 1
        self.version[pair] = version
        if self.banned is not None:
            joined = pair[0] + pair[1]
            if joined in self.banned:
                return
            live = self.makes.setdefault(joined, set())
            if count:
                live.add(pair)
            else:
                live.discard(pair)
        if old_count:
            self.n_with_count[old_count] -= 1
        if count:
            self.n_with_count[count] = self.n_with_count.get(count, 0) + 1
            heappush(self.heap, (-count, self._key(pair), pair, version))

    def ban(self, token: str) -> None:
        """``token`` is now in the vocabulary: pairs that would make it again leave the race.

        Only the live pairs joining to ``token`` are touched (``makes``), so a long token costs no more
        than a short one: no slicing at every cut.
        """
        for pair in self.makes.pop(token, ()):
            self.n_with_count[self.counts[pair]] -= 1
            self.version[pair] += 1
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
        """Merge every occurrence of ``pair``, left to right, and update the pairs around them.

        An optimization of ``toybpe.merge_pair`` on every row followed by ``get_pair_counts``: the
        rows and counts after it are the same (property-tested), found without rescanning the corpus.
        """
        left, right = pair
        merged = left + right
        sym, nxt, prv = self.sym, self.nxt, self.prv
        delta: dict[tuple[str, str], int] = {}
        track_first = self.rule == FIRST_OCCURRENCE
        if self.rule == HUGGINGFACE:
            next_id(self.ids, merged)

        def remove(p, at, w):
            delta[p] = delta.get(p, 0) - w
            self.occ[p].discard(at)

        def add(p, at, w):
            delta[p] = delta.get(p, 0) + w
            self.occ.setdefault(p, set()).add(at)
            if track_first:
                heappush(self.first.setdefault(p, []), at)

        for i in sorted(self.occ.get(pair, ())):
            j = nxt[i]
            if sym[i] != left or j < 0 or sym[j] != right:
                continue  # used up by the merge just before (a a a -> aa a)
            w = self.weight[i]
            h, k = prv[i], nxt[j]
            if h >= 0:
                remove((sym[h], left), h, w)
                add((sym[h], merged), h, w)
            if k >= 0:
                remove((right, sym[k]), j, w)
                add((merged, sym[k]), i, w)
                prv[k] = i
            remove(pair, i, w)
            sym[i], sym[j], nxt[i] = merged, None, k
        for p, d in delta.items():
            old = self.counts.get(p, 0)
            if old + d:
                self.counts[p] = old + d
            else:  # gone (or only passed through: made, then used up, in this merge)
                self.counts.pop(p, None)
                del self.occ[p]
                self.first.pop(p, None)
            if d:
                self._push(p, old)
