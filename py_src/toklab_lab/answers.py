"""toklab's answer to every case of the six exercises, computed at build time on CPython.

The cases' inputs come from `exercises` (which the lab's worker runs, beside the student's code); their
answers are computed here, by toklab's own code, and written into the page's catalog (catalog.py), where
the page judges a run. The lab's wheel leaves this module (and catalog.py) out, so student code finds
no answer to read in the worker (tools/lab.py).

    >>> from toklab_lab.exercises import cases
    >>> expected("merge", cases("merge")[0])
    [4, 3, 4]
"""

from __future__ import annotations

from toklab.reference import lowest_rank_merge
from toklab.toybpe import get_pair_counts, merge_pair

from toklab_lab.exercises import Case, Named, r50k, trained


def pair_counts(ids: list[int]) -> dict[tuple[int, int], int]:
    """toklab's count of adjacent pairs, for a list of ids.

    >>> pair_counts([1, 2, 3, 1, 2])
    {(1, 2): 2, (2, 3): 1, (3, 1): 1}
    """
    return dict(get_pair_counts({tuple(ids): 1}))


def merged(ids: list[int], pair: tuple[int, int], idx: int) -> list[int]:
    """toklab's merge_pair on ids: each id becomes a one-character symbol, the merged pair two characters.

    >>> merged([5, 5, 5], (5, 5), 256)
    [256, 5]
    """
    symbol = {i: chr(0x4E00 + i) for i in {*ids, *pair}}
    back = {s: i for i, s in symbol.items()} | {symbol[pair[0]] + symbol[pair[1]]: idx}
    return [back[s] for s in merge_pair(tuple(symbol[i] for i in ids), (symbol[pair[0]], symbol[pair[1]]))]


def vocab_of(merges: dict[tuple[int, int], int]) -> dict[int, bytes]:
    """Each id's bytes: the 256 bytes, then each merge's two halves joined.

    >>> vocab_of({(97, 97): 256, (256, 98): 257})[257]
    b'aab'
    """
    vocab = {b: bytes([b]) for b in range(256)}
    for (left, right), idx in merges.items():
        vocab[idx] = vocab[left] + vocab[right]
    return vocab


def encoded(text: str, merges: dict[tuple[int, int], int]) -> list[int]:
    """toklab's reference merge rule on the text's bytes, the new ids as ranks.

    >>> encoded("aaaa", {(97, 97): 256, (256, 97): 257})
    [256, 256]
    """
    as_text = {idx: data.decode("latin-1") for idx, data in vocab_of(merges).items()}
    token = {s: idx for idx, s in as_text.items()}
    ranks = {(as_text[left], as_text[right]): idx for (left, right), idx in merges.items()}
    return [token[s] for s in lowest_rank_merge(list(text.encode("utf-8").decode("latin-1")), ranks)]


ANSWERS = {
    "get_stats": pair_counts,
    "merge": merged,
    "train": trained,
    "encode": encoded,
    "decode": lambda ids, vocab: r50k().decode(ids),
    "bpe": lambda piece, ranks: r50k().piece_ids(piece.decode("utf-8")),
}


def expected(exercise_id: str, case: Case):
    """toklab's answer to one case of an exercise."""
    return ANSWERS[exercise_id](*(a.value if isinstance(a, Named) else a for a in case.args))
