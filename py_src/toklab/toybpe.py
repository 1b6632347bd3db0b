"""Step 3: a toy BPE over characters, with ``</w>`` marking the end of each word.

What this adds over ``words``: the vocabulary is *learned*. Start from characters and
repeatedly glue together the most frequent adjacent pair. Frequent words end up as one
token, rare words fall back to smaller known pieces instead of ``<unk>``.

The helpers below are the whole algorithm; ``BPETokenizer`` only orchestrates them.
``toklab.training`` runs the same loop with a step-by-step trace, and a fast version.

Rules written down on purpose (the animation shows them, the tests check them):

* **Overlapping pairs all count.** ``get_pair_counts`` counts every adjacent position:
  ``a a a`` contains ``(a, a)`` twice.
* **Merging goes left to right, without overlap.** ``merge_pair`` scans from the left
  and merges an occurrence, then continues after it: ``a a a`` becomes ``aa a``.
* **Ties go to the pair seen first.** Among equally frequent pairs, training takes the
  one whose first occurrence comes first when the corpus is read word by word (words in
  order of first appearance), left to right. This is what ``Counter.most_common(1)``
  does, because a ``Counter`` remembers insertion order.
* **Training stops** after ``num_merges`` merges, when no pair is left, or when the best
  pair occurs fewer than ``min_frequency`` times (default 2: a pair seen once is not
  worth a token).
* **Encoding applies the learned merges in the order they were learned**, each one to
  the whole word (``merge_word``). A character never seen in training becomes
  ``<unk>``; ``decode`` turns ``</w>`` back into spaces and strips the ends, so the round
  trip gives ``" ".join(text.split())`` when every character is known and the text does
  not itself contain the string ``</w>``.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from itertools import pairwise

from toklab.chars import TableTokenizer, as_lines, build_vocab

END_OF_WORD = "</w>"

Symbols = tuple[str, ...]
Pair = tuple[str, str]
Corpus = dict[Symbols, int]


def word_to_symbols(word: str, end: str | None = END_OF_WORD) -> Symbols:
    """A word as a tuple of one-character symbols, plus the end marker.

    >>> word_to_symbols("low")
    ('l', 'o', 'w', '</w>')
    >>> word_to_symbols("中国", end=None)
    ('中', '国')
    """
    return tuple(word) + ((end,) if end else ())


def get_pair_counts(corpus: Corpus) -> Counter[Pair]:
    """Count adjacent pairs, each weighted by how often its word occurs.

    >>> get_pair_counts({("a", "a", "a"): 1, ("a", "b"): 2})
    Counter({('a', 'a'): 2, ('a', 'b'): 2})
    """
    counts: Counter[Pair] = Counter()
    for symbols, freq in corpus.items():
        for pair in pairwise(symbols):
            counts[pair] += freq
    return counts


def merge_pair(symbols: Symbols, pair: Pair) -> Symbols:
    """Replace every occurrence of ``pair`` by one symbol, left to right, no overlap.

    >>> merge_pair(("l", "o", "w", "e", "r", "</w>"), ("l", "o"))
    ('lo', 'w', 'e', 'r', '</w>')
    >>> merge_pair(("a", "a", "a"), ("a", "a"))
    ('aa', 'a')
    """
    merged = []
    i = 0
    while i < len(symbols):
        if i < len(symbols) - 1 and (symbols[i], symbols[i + 1]) == pair:
            merged.append(symbols[i] + symbols[i + 1])
            i += 2
        else:
            merged.append(symbols[i])
            i += 1
    return tuple(merged)


def train_bpe(corpus: Corpus, num_merges: int, min_frequency: int = 2) -> list[Pair]:
    """The learned merges, most frequent pair first (ties: first seen).

    >>> train_bpe({word_to_symbols("low"): 2, word_to_symbols("lot"): 1}, 3)
    [('l', 'o'), ('lo', 'w'), ('low', '</w>')]
    """
    corpus = dict(corpus)
    merges = []
    for _ in range(num_merges):
        pair_counts = get_pair_counts(corpus)
        if not pair_counts:
            break
        best_pair, freq = pair_counts.most_common(1)[0]
        if freq < min_frequency:
            break
        merges.append(best_pair)
        corpus = {merge_pair(symbols, best_pair): n for symbols, n in corpus.items()}
    return merges


def merge_word(word: str, merges: list[Pair]) -> Symbols:
    """Cut a new word with learned merges, applied in order.

    >>> merge_word("lowest", [("l", "o"), ("lo", "w"), ("s", "t")])
    ('low', 'e', 'st', '</w>')
    """
    return merges_used(word_to_symbols(word), merges)[0]


def merges_used(symbols: Symbols, merges: list[Pair]) -> tuple[Symbols, list[Pair]]:
    """Apply learned merges in order, each to the whole word; also say which ones changed it.

    >>> merges_used(("l", "o", "w", "</w>"), [("l", "o"), ("e", "r"), ("lo", "w")])
    (('low', '</w>'), [('l', 'o'), ('lo', 'w')])
    """
    used = []
    for pair in merges:
        merged = merge_pair(symbols, pair)
        if merged != symbols:
            symbols = merged
            used.append(pair)
    return symbols, used


def apply_merges(symbols: Symbols, positions: dict[Pair, list[int]]) -> Symbols:
    """``merge_word`` without walking the whole merge list: an optimization of it (property-tested).

    ``positions`` maps each pair to the (sorted) indices where it occurs in the merge list.
    A merge that cannot apply now cannot apply later either until something changes, so
    jump straight to the next index whose pair is present.

    >>> apply_merges(("l", "o", "w", "</w>"), {("l", "o"): [0], ("lo", "w"): [1]})
    ('low', '</w>')
    """
    position = 0
    while len(symbols) > 1:
        best = None
        for pair in pairwise(symbols):
            indices = positions.get(pair)
            if indices:
                k = bisect_left(indices, position)
                if k < len(indices) and (best is None or indices[k] < best[0]):
                    best = (indices[k], pair)
        if best is None:
            break
        symbols = merge_pair(symbols, best[1])
        position = best[0] + 1
    return symbols


def merges_used_within(symbols: Symbols, merges: list[Pair], positions: dict[Pair, list[int]],
                       budget: int) -> tuple[Symbols, list[Pair], int] | None:
    """``merges_used`` the way ``apply_merges`` walks the list (property-tested against it), counting its
    work: the symbols it looks at, and the characters of each merge it lists (a word's list of merges
    can be far longer than the word). (symbols, merges that changed them, work), or None once the work
    would pass ``budget``.

    >>> merges = [("l", "o"), ("e", "r"), ("lo", "w")]
    >>> merges_used_within(("l", "o", "w", "</w>"), merges, merge_positions(merges), 100)
    (('low', '</w>'), [('l', 'o'), ('lo', 'w')], 14)
    >>> merges_used_within(("l", "o", "w", "</w>"), merges, merge_positions(merges), 13) is None
    True
    """
    used = []
    position = 0
    work = 0
    while True:
        work += len(symbols)
        if work > budget:
            return None
        best = None
        for pair in pairwise(symbols):
            indices = positions.get(pair)
            if indices:
                k = bisect_left(indices, position)
                if k < len(indices) and (best is None or indices[k] < best[0]):
                    best = (indices[k], pair)
        if best is None:
            return symbols, used, work
        symbols = merge_pair(symbols, best[1])
        used.append(tuple(merges[best[0]]))
        work += len(best[1][0]) + len(best[1][1])
        position = best[0] + 1


def merge_positions(merges: list[Pair]) -> dict[Pair, list[int]]:
    """Where each pair sits in the merge list (input of ``apply_merges``).

    >>> merge_positions([("a", "b"), ("ab", "c")])
    {('a', 'b'): [0], ('ab', 'c'): [1]}
    """
    positions: dict[Pair, list[int]] = {}
    for i, pair in enumerate(merges):
        positions.setdefault(tuple(pair), []).append(i)
    return positions


def build_bpe_vocab(alphabet: set[str], merges: list[Pair], special_tokens: list[str]) -> dict[str, int]:
    """Special tokens, then alphabet and merged tokens in code point order.

    >>> build_bpe_vocab({"a", "b", "</w>"}, [("a", "b")], ["<unk>"])
    {'<unk>': 0, '</w>': 1, 'a': 2, 'ab': 3, 'b': 4}
    """
    return build_vocab(set(alphabet) | {a + b for a, b in merges}, special_tokens)


def word_counts(text: str | list[str]) -> Counter[str]:
    """Whitespace-separated words and how often each occurs, in order of first appearance.

    >>> word_counts("low lower low")
    Counter({'low': 2, 'lower': 1})
    """
    return Counter(word for line in as_lines(text) for word in line.split())


class BPETokenizer(TableTokenizer):
    """Toy BPE: whitespace words, characters plus ``</w>``, learned merges."""

    def __init__(self, vocab: dict[str, int] | None = None, merges: list[Pair] | None = None,
                 unk_token: str = "<unk>"):
        super().__init__(vocab, unk_token)
        self.merges = [tuple(m) for m in merges or []]

    @property
    def merges(self) -> list[Pair]:
        return self._merges

    @merges.setter
    def merges(self, merges: list[Pair]) -> None:
        self._merges = [tuple(m) for m in merges]
        self._positions = merge_positions(self._merges)
        self._cache: dict[str, Symbols] = {}

    def train(self, text: str | list[str], vocab_size: int = 100, min_frequency: int = 2,
              unk_token: str = "<unk>") -> BPETokenizer:
        corpus = {word_to_symbols(w): n for w, n in word_counts(text).items()}
        alphabet = {sym for symbols in corpus for sym in symbols}
        num_merges = max(0, vocab_size - len(alphabet) - 1)
        merges = train_bpe(corpus, num_merges, min_frequency)
        self._set_table(set(alphabet) | {a + b for a, b in merges}, unk_token)
        self.merges = merges
        return self

    def split_word(self, word: str) -> Symbols:
        """The pieces of one word (same as ``merge_word(word, self.merges)``)."""
        if word not in self._cache:
            self._cache[word] = apply_merges(word_to_symbols(word), self._positions)
        return self._cache[word]

    def split(self, text: str) -> list[str]:
        """The tokens as strings, before the table lookup."""
        return [piece for word in text.split() for piece in self.split_word(word)]

    def encode(self, text: str) -> list[int]:
        return [self.token_to_id(piece) for piece in self.split(text)]

    def decode(self, ids: list[int], skip_special_tokens: bool = True) -> str:
        text = "".join(self.kept_tokens(ids, skip_special_tokens))
        return text.replace(END_OF_WORD, " ").strip()
