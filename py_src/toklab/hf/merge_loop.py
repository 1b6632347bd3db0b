"""Rules 4 to 6 of ``toklab.hf.trainers_bpe``: trainer.rs's merge loop, on symbol ids.

What this adds over ``toklab.fasttrain.PairIndex``: ``tokenizers``' own bookkeeping, kept as it is. A heap
entry carries the words the pair was seen in, and merging it touches only those words (word.rs's
``Word::merge`` in each); the changes each merge reports are added into the counts, so the merged pair
keeps its old count and, with ``max_token_length``, a count can drop below zero (read as unsigned, as
trainer.rs's ``as u64`` reads it). Ordinary corpora never see the difference; a token made twice
(``a``+``bc`` after ``ab``+``c``) does, and the tests hold both to ``tokenizers`` there.

Two roads, the same merges. The readable one (``_merge_words``) keeps a word as a list of ids and a pair
as a tuple, as word.rs does. The fast one (``_text_steps``, taken whenever every id fits in a code point
and there is no ``max_token_length``) keeps a word as a string of ``chr(id)`` and a pair as its two
characters: ``str.find`` finds the pair itself (no false hit on its left id), ``str.replace`` merges left to
right without overlap as word.rs does, and comparing two pair strings compares (left id, right id), so the
heap's order is unchanged. tests/test_hf_trainer.py holds the two roads to each other and to ``tokenizers``.
"""

from __future__ import annotations

from collections import defaultdict
from heapq import heapify, heappop, heappush
from itertools import chain, repeat
from operator import add
from sys import maxunicode

from toklab.bpe import gc_paused

__all__ = ["merge_loop", "merge_steps", "text_words"]

_U64 = 1 << 64  # usize::MAX + 1
_COLD = 3  # the fast road's heap leaves out entries counted below this until it must (_text_steps)


def merge_loop(words: list[list[int]], counts: list[int], w2id: dict[str, int], id2w: list[str],
               vocab_size: int, min_frequency: int, max_token_length: int | None, prefix: str | None,
               report) -> tuple[list[tuple[int, int]], str]:
    """Rules 4 to 6 on symbol ids, as trainer.rs's ``do_train`` from "Count pairs" on; returns the merges
    and why training stopped (the vocabulary is full, no pair is left, min_frequency, or ``report`` said so).

    ``words`` are the loop's to change (the readable road merges them in place; the fast road works on
    strings of its own). The heap holds ``(-count, left, right, seq, where)``: highest count first, then
    the smallest ids; ``seq`` orders two entries of one pair by age; ``where`` holds the words the entry
    merges in (a set; the fast road's entries hold a list, and the pair as one string of two characters).

    >>> merge_loop([[0, 0, 0], [0, 1]], [1, 2], {"a": 0, "b": 1}, ["a", "b"], 4, 0, None, None, None)
    ([(0, 0), (0, 1)], 'vocab_size')

    (``(a, a)`` and ``(a, b)`` both count 2: the smaller ids win.)
    """
    steps = merge_steps(words, counts, w2id, id2w, vocab_size, min_frequency, max_token_length, prefix)
    try:
        done, merge = next(steps)
        while True:
            go_on = report is None or report(done, merge) is not False
            done, merge = steps.send(go_on)
    except StopIteration as end:
        return end.value


def merge_steps(words: list[list[int]] | list[str], counts: list[int], w2id: dict[str, int], id2w: list[str],
                vocab_size: int, min_frequency: int, max_token_length: int | None, prefix: str | None,
                pace: int | None = None):
    """``merge_loop`` one merge at a time, for a caller that must stop between merges (the page's worker
    trains in slices): yields ``(merges so far, (left, right))`` after each merge and is sent whether to go
    on (False stops: "stopped"); returns ``(merges, why it stopped)`` as ``merge_loop`` does. With
    ``pace``, the first count of pairs also yields ``("counting", words counted, words)`` every ``pace``
    words (a large corpus takes a while there too).

    >>> steps = merge_steps([[0, 0, 0], [0, 1]], [1, 2], {"a": 0, "b": 1}, ["a", "b"], 4, 0, None, None)
    >>> next(steps)
    (1, ('a', 'a'))
    >>> try:
    ...     steps.send(False)
    ... except StopIteration as end:
    ...     end.value
    ([(0, 0)], 'stopped')
    """
    with gc_paused():  # millions of small lists, strings and tuples, none in a cycle: no rescans meanwhile
        if max_token_length is None and max(vocab_size, len(id2w)) <= maxunicode + 1:
            return (yield from _text_steps(words, counts, w2id, id2w, vocab_size, min_frequency, prefix, pace))
        words = [list(map(ord, w)) if type(w) is str else w for w in words]
        return (yield from _list_steps(words, counts, w2id, id2w, vocab_size, min_frequency, max_token_length,
                                       prefix, pace))


def text_words(words, w2id: dict[str, int]) -> list[str]:
    """Each word's symbols (its characters that are tokens, rule 3 without prefix or suffix) as a string
    of ``chr(id)``, the fast road's form, made by ``str.translate``; a character that is not a token
    (``limit_alphabet`` dropped it) vanishes. ``merge_steps`` takes these as it takes lists of ids.

    >>> text_words(["abc", "ca"], {"<s>": 0, "a": 1, "c": 2})
    ['\\x01\\x02', '\\x02\\x01']
    """
    table: dict[int, str | None] = {ord(c): chr(i) for c, i in w2id.items() if len(c) == 1}
    for c in set("".join(words)):
        table.setdefault(ord(c), None)
    return [w.translate(table) for w in words]


def _token(a: int, b: int, w2id: dict[str, int], id2w: list[str], prefix: str | None) -> int:
    """The id of the token merging ``a`` and ``b`` make (rule 5), added to the vocabulary if new."""
    right = id2w[b]
    if prefix is not None and right.startswith(prefix):
        right = right[len(prefix):]
    token = id2w[a] + right
    new = w2id.get(token)
    if new is None:
        new = w2id[token] = len(id2w)
        id2w.append(token)
    return new


def _list_steps(words, counts, w2id, id2w, vocab_size, min_frequency, max_token_length, prefix, pace):
    """``merge_steps`` on words as lists of ids and pairs as tuples: the readable road, and the one that
    knows ``max_token_length``."""
    limit = max_token_length
    lengths = [[1] * len(w) for w in words] if limit is not None else None
    pair_counts: dict[tuple[int, int], int] = {}
    where: dict[tuple[int, int], set[int]] = {}
    for i, word in enumerate(words):
        n = counts[i]
        for pair in zip(word, word[1:]):
            pair_counts[pair] = pair_counts.get(pair, 0) + n
            found = where.get(pair)
            if found is None:
                where[pair] = {i}
            else:
                found.add(i)
        if pace and (i + 1) % pace == 0 and (yield "counting", i + 1, len(words)) is False:
            return [], "stopped"
    heap: list = []
    seq = 0
    for pair, pos in where.items():
        count = pair_counts[pair]
        if count > 0:
            heap.append((-count, pair[0], pair[1], seq, pos))
            seq += 1
    heap.sort()  # a sorted list is a heap
    merges: list[tuple[int, int]] = []
    while True:
        if len(w2id) >= vocab_size:
            return merges, "vocab_size"
        if not heap:
            return merges, "no_pairs"
        neg, a, b, _, pos = heappop(heap)
        count = pair_counts[(a, b)]
        if count < 0:
            count += _U64  # trainer.rs: `pair_counts[..] as u64`
        if -neg != count:
            heappush(heap, (-count, a, b, seq, pos))
            seq += 1
            continue
        if count < 1:
            return merges, "no_pairs"
        if min_frequency > count:
            return merges, "min_frequency"
        new = _token(a, b, w2id, id2w, prefix)
        merges.append((a, b))
        changed: dict[tuple[int, int], set[int]] = {}
        if limit is None:
            _merge_words(words, counts, pos, a, b, new, pair_counts, changed)
        else:
            _merge_words_limited(words, lengths, counts, pos, a, b, new, limit, pair_counts, changed)
        for pair, found in changed.items():
            count = pair_counts[pair]
            if count > 0:
                heappush(heap, (-count, pair[0], pair[1], seq, found))
                seq += 1
        if (yield len(merges), (id2w[a], id2w[b])) is False:
            return merges, "stopped"


def _text_steps(words, counts, w2id, id2w, vocab_size, min_frequency, prefix, pace):
    """``merge_steps`` on words as strings of ``chr(id)`` and pairs as two-character strings (the module
    docstring's fast road). ``words`` may already be such strings (``text_words``); lists of ids are turned
    into them; ``words`` is left as it was. The first count is made in slices of ``pace`` words (a caller
    with ``pace`` hears of each). A heap entry's words are a list: a first entry's holds a word once for
    each time the word holds the pair (its length is then the pair's count over the words seen once, and
    a word merged already is passed over: its pair is gone), a later entry's each word once.
    """
    texts = [w if type(w) is str else "".join(map(chr, w)) for w in words]
    where: dict[str, list[int]] = defaultdict(list)
    more: dict[str, int] = {}  # what the words seen more than once add to the counts
    get = more.get
    size = len(texts)
    step = pace or size or 1
    for start in range(0, size, step):
        stop = min(start + step, size)
        for i in range(start, stop):
            text = texts[i]
            for pair in map(add, text, text[1:]):  # a word once for each time it holds the pair
                where[pair].append(i)
            n = counts[i] - 1
            if n:
                for pair in map(add, text, text[1:]):
                    more[pair] = get(pair, 0) + n
        if pace and stop - start == pace and (yield "counting", stop, size) is False:
            return [], "stopped"
    pair_counts: dict[str, int] = {pair: len(pos) + get(pair, 0) for pair, pos in where.items()}
    get = pair_counts.get
    entries = [(-pair_counts[pair], pair, seq, pos) for seq, (pair, pos) in enumerate(where.items())]
    seq = len(entries)
    del where
    # Entries counted below `floor` wait in `cold`, out of the heap, while the heap's best is at `floor` or
    # above (none of them could be popped before it); when it is not, they all join the heap for good.
    # Most entries are pairs seen once or twice, never merged: the heap stays small, the order is the same.
    floor = _COLD
    heap = [e for e in entries if -e[0] >= floor]
    cold = [e for e in entries if -e[0] < floor]
    heap.sort()  # a sorted list is a heap
    del entries
    merges: list[tuple[int, int]] = []
    while True:
        if len(w2id) >= vocab_size:
            return merges, "vocab_size"
        if floor and (not heap or -heap[0][0] < floor):
            heap += cold
            heapify(heap)
            floor, cold = 0, []
        if not heap:
            return merges, "no_pairs"
        neg, pair, _, pos = heappop(heap)
        count = pair_counts[pair]
        if count < 0:
            count += _U64
        if -neg != count:
            if count < floor:
                cold.append((-count, pair, seq, pos))
            else:
                heappush(heap, (-count, pair, seq, pos))
            seq += 1
            continue
        if count < 1:
            return merges, "no_pairs"
        if min_frequency > count:
            return merges, "min_frequency"
        a, b = ord(pair[0]), ord(pair[1])
        new = _token(a, b, w2id, id2w, prefix)
        merges.append((a, b))
        changed: dict[str, list] = {}
        if new == a or new == b:  # a right token that is the prefix alone: the pair can outlive its merge
            pos = list(dict.fromkeys(pos))  # so each word once, as word.rs merges it
        _merge_texts(texts, counts, pos, pair, chr(new), pair_counts, changed)
        for gained, (n, found) in changed.items():
            count = pair_counts[gained] = get(gained, 0) + n
            if count > 0:
                if count < floor:
                    cold.append((-count, gained, seq, found))
                else:
                    heappush(heap, (-count, gained, seq, found))
                seq += 1
        if (yield len(merges), (id2w[a], id2w[b])) is False:
            return merges, "stopped"


def _merge_texts(texts, counts, pos, pair, new, pair_counts, changed) -> None:
    """``_merge_words`` on words as strings: the same changes, in the same words.

    The occurrences are found in the word as it was; the left neighbour of one that follows the previous
    at once is the new token (word.rs has merged that one already), the right neighbour is always the
    old symbol. The losses go into ``pair_counts`` at once; the gains are collected in ``changed`` (pair
    -> [count gained, the words it was gained in]) for the caller to add: the same sums, on a small dict.

    >>> texts, counts, changes = ["abab", "xab"], {0: 1, 1: 2}, {}
    >>> pair_counts = {"ab": 3, "ba": 1, "xa": 2}
    >>> _merge_texts(texts, counts, [0, 1], "ab", "N", pair_counts, changes)
    >>> texts, pair_counts, changes
    (['NN', 'xN'], {'ab': 3, 'ba': 0, 'xa': 0}, {'Na': [0, [0]], 'NN': [1, [0]], 'xN': [2, [1]]})

    (In ``abab`` the first merge gains ``Na`` and the second takes it back, as word.rs does.)
    """
    gained = changed.get
    left = pair[0]
    for w in pos:
        text = texts[w]
        at = text.find(pair)
        if at < 0:
            continue
        n = counts[w]
        last = len(text) - 2  # an occurrence before it has a right neighbour
        if text.find(pair, at + 2) < 0:  # one occurrence, most words: the loop below, unrolled
            if at:
                pair_counts[text[at - 1:at + 1]] -= n
                won = text[at - 1] + new
                found = gained(won)
                if found is None:
                    changed[won] = [n, [w]]
                else:
                    found[0] += n
                    found[1].append(w)
            if at < last:
                pair_counts[text[at + 1:at + 3]] -= n
                won = new + text[at + 2]
                found = gained(won)
                if found is None:
                    changed[won] = [n, [w]]
                else:
                    found[0] += n
                    found = found[1]
                    if found[-1] != w:  # (x, new) and (new, y) are one pair only if x and y are new
                        found.append(w)
            texts[w] = text.replace(pair, new)
            continue
        previous = -1  # where the last occurrence ended
        while at >= 0:
            if at:
                if at == previous:  # (new, left) was gained by the occurrence just before
                    changed[new + left][0] -= n
                    won = new + new
                else:
                    pair_counts[text[at - 1:at + 1]] -= n
                    won = text[at - 1] + new
                found = gained(won)
                if found is None:
                    changed[won] = [n, [w]]
                else:
                    found[0] += n
                    found = found[1]
                    if found[-1] != w:
                        found.append(w)
            if at < last:
                pair_counts[text[at + 1:at + 3]] -= n
                won = new + text[at + 2]
                found = gained(won)
                if found is None:
                    changed[won] = [n, [w]]
                else:
                    found[0] += n
                    found = found[1]
                    if found[-1] != w:
                        found.append(w)
            previous = at + 2
            at = text.find(pair, previous)
        texts[w] = text.replace(pair, new)


def _merge_words(words, counts, pos, a, b, new, pair_counts, changed) -> None:
    """word.rs's ``Word::merge`` in every word of ``pos``, its changes added into ``pair_counts``.

    Left to right without overlap; each merge takes one from (before, a) and (b, after) and adds one to
    (before, new) and (new, after); the merged pair's own count is left alone, as in word.rs. ``changed``
    collects, per pair that gained, the words it gained in.
    """
    get = pair_counts.get
    for w in pos:
        word = words[w]
        n = counts[w]
        i = 0
        end = len(word) - 1
        while True:
            try:
                i = word.index(a, i, end)
            except ValueError:
                break
            if word[i + 1] != b:
                i += 1
                continue
            if i:
                before = word[i - 1]
                p = (before, a)
                pair_counts[p] = get(p, 0) - n
                p = (before, new)
                pair_counts[p] = get(p, 0) + n
                found = changed.get(p)
                if found is None:
                    changed[p] = {w}
                else:
                    found.add(w)
            del word[i + 1]
            word[i] = new
            end -= 1
            if i < end:
                after = word[i + 1]
                p = (b, after)
                pair_counts[p] = get(p, 0) - n
                p = (new, after)
                pair_counts[p] = get(p, 0) + n
                found = changed.get(p)
                if found is None:
                    changed[p] = {w}
                else:
                    found.add(w)
            i += 1


def _merge_words_limited(words, lengths, counts, pos, a, b, new, limit, pair_counts, changed) -> None:
    """``_merge_words`` with ``max_token_length``: a gained pair counts only if its token would be shorter
    than ``limit`` characters (word.rs), while the lost pairs always count."""
    get = pair_counts.get
    for w in pos:
        word, lens = words[w], lengths[w]
        n = counts[w]
        i = 0
        while i < len(word) - 1:
            if word[i] != a or word[i + 1] != b:
                i += 1
                continue
            length = lens[i] + lens[i + 1]
            if i:
                before = word[i - 1]
                p = (before, a)
                pair_counts[p] = get(p, 0) - n
                if lens[i - 1] + length < limit:
                    p = (before, new)
                    pair_counts[p] = get(p, 0) + n
                    changed.setdefault(p, set()).add(w)
            del word[i + 1], lens[i + 1]
            word[i], lens[i] = new, length
            if i < len(word) - 1:
                after = word[i + 1]
                p = (b, after)
                pair_counts[p] = get(p, 0) - n
                if lens[i + 1] + length < limit:
                    p = (new, after)
                    pair_counts[p] = get(p, 0) + n
                    changed.setdefault(p, set()).add(w)
            i += 1
