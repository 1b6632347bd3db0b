"""The six exercises, in the order karpathy/minbpe's exercise builds a tokenizer, each checked against toklab.

Each exercise names the function the student writes, and its cases: a few shown ones (the page lists
them under the prompt), then many hidden ones from the seeded generator (`inputs`). A case here is its
input only: this module runs in the lab's worker, beside the student's code, so it holds no answer.
Every expected answer is computed by toklab's own code in `answers` (never typed in), at build time on
CPython, and reaches only the page (catalog.py); the lab's wheel leaves that module out:

  get_stats(ids)            toybpe.get_pair_counts, on the ids as one row
  merge(ids, pair, idx)     toybpe.merge_pair, on the ids as one-character symbols
  train(text, num_merges)   training.train_trace on the text's bytes as one row (min_frequency 2,
                            ties to the pair seen first): the merges as {(id, id): new id}
  encode(text, merges)      reference.lowest_rank_merge, with the merges' new ids as ranks
  decode(ids, vocab)        GPT-2's table (r50k): Encoding.decode, errors="replace"
  bpe(piece, ranks)         GPT-2's table: Encoding.piece_ids, the ids of one piece

Rules the cases rely on, written down because the student meets them: ids are ints; new ids count up
from 256 in the order merges are learned; training stops early when the most frequent pair occurs
only once; among equally frequent pairs the one that occurs first wins. Training texts whose merges
would build the same bytes twice are left out of train's hidden cases: there toklab's trainer (which
works on strings, where two such tokens are one) and a trainer on ids part ways, and the exercise is
about the plain loop.

    >>> [e.function for e in EXERCISES.values()]
    ['get_stats', 'merge', 'train', 'encode', 'decode', 'bpe']
    >>> case = cases("merge")[0]
    >>> case.call("merge"), hasattr(case, "expected")
    ('merge([1, 2, 3, 1, 2], (1, 2), 4)', False)
"""

from __future__ import annotations

import functools
import random
import reprlib
from collections.abc import Callable
from dataclasses import dataclass

from toklab import get_encoding
from toklab.bytes_unicode import BYTE_TO_UNICODE
from toklab.bytetrain import BASE_VOCAB
from toklab.pretokenize import split_pieces
from toklab.training import train_trace

from toklab_lab.inputs import id_list, sorted_by_size, texts

FRESH_MAX = 10_000  # lists and dicts up to this size are copied for each call
SHOWN_REPR = 200  # characters of an argument shown in a call before it is cut with "..."
_short = reprlib.Repr()  # (keyword arguments need Python 3.12)
_short.maxstring = _short.maxother = SHOWN_REPR
_short.maxlist = _short.maxtuple = 40
_short.maxdict = 20


@dataclass(frozen=True)
class Named:
    """A large argument (a table) shown by its name in a call; `note` says where it comes from."""

    name: str
    value: object
    note: str


@dataclass(frozen=True)
class Case:
    """One call of the student's function (its answer is toklab's, in `answers`, not here)."""

    args: tuple
    shown: bool = False

    def call(self, function: str) -> str:
        """How the call reads, e.g. "get_stats([1, 2, 1])"; a Named argument by its name."""
        shown = [a.name if isinstance(a, Named) else _short.repr(a) for a in self.args]
        return f"{function}({', '.join(shown)})"

    def notes(self) -> list[str]:
        """"name = where it comes from" for each Named argument."""
        return [f"{a.name} = {a.note}" for a in self.args if isinstance(a, Named)]

    def values(self) -> list:
        """The arguments to pass, each list and dict a fresh copy (a student's function may change
        its arguments), except GPT-2's tables, which are passed as they are: copying 50,000 entries
        for every call would take longer than the checks."""
        return [_fresh(a.value if isinstance(a, Named) else a) for a in self.args]


def _fresh(value):
    if isinstance(value, (list, dict)) and len(value) <= FRESH_MAX:
        return type(value)(value)
    return value


@dataclass(frozen=True)
class Exercise:
    id: str
    function: str
    make_cases: Callable[[], list[Case]]
    shape: str  # how its answers are written as plain data (plain.py): "ids", "counts", "merges", "text"


@functools.cache
def r50k():
    return get_encoding("r50k_base")


def trained(text: str, num_merges: int) -> dict[tuple[int, int], int] | None:
    """toklab's byte-level training on `text` as one row, as {(id, id): new id}; None when two merges
    would build the same bytes (see the module docstring). The encode exercise's tables are made here,
    as its input; the train exercise's hidden texts are the ones where this is not None.

    >>> trained("aaabdaaabac", 3)
    {(97, 97): 256, (256, 97): 257, (257, 98): 258}
    """
    symbols = tuple(BYTE_TO_UNICODE[b] for b in text.encode("utf-8"))
    trace = train_trace([(symbols, 1)] if symbols else [], BASE_VOCAB, kind="bytes", num_merges=num_merges,
                        min_frequency=2, detail="merges")
    ids = {BYTE_TO_UNICODE[b]: b for b in range(256)}
    merges = {}
    for k, (left, right) in enumerate(trace["merges"]):
        if left + right in ids:
            return None
        merges[(ids[left], ids[right])] = ids[left + right] = 256 + k
    return merges


# ---------------------------------------------------------------- the cases


def get_stats_cases() -> list[Case]:
    shown = [[1, 2, 3, 1, 2], [5, 5, 5], [7]]
    rng = random.Random(101)
    hidden = [id_list(rng, rng.randint(0, 40)) for _ in range(50)]
    hidden += [list(t.encode("utf-8")) for t in texts(102, 20, 30)]
    return [Case((ids,), shown=True) for ids in shown] + [Case((ids,)) for ids in sorted_by_size(hidden)]


def merge_cases() -> list[Case]:
    shown = [([1, 2, 3, 1, 2], (1, 2), 4), ([5, 5, 5], (5, 5), 256), ([1, 2, 3], (3, 1), 9)]
    rng = random.Random(201)
    hidden = []
    for n in range(60):
        ids = id_list(rng, rng.randint(0, 40))
        if len(ids) >= 2 and n % 5:
            at = rng.randrange(len(ids) - 1)
            pair = (ids[at], ids[at + 1])
        else:
            pair = (rng.randint(0, 3), rng.randint(0, 3))
        hidden.append((ids, pair, 256 + rng.randint(0, 50)))
    hidden.sort(key=lambda args: len(args[0]))
    return [Case(args, shown=True) for args in shown] + [Case(args) for args in hidden]


def train_cases() -> list[Case]:
    shown = [("aaabdaaabac", 3), ("hug hug pug", 2), ("abcd", 5)]
    rng = random.Random(301)
    hidden = [(t, rng.randint(0, 25)) for t in texts(302, 60, 60)]
    return [Case(args, shown=True) for args in shown] + [Case(args) for args in hidden if trained(*args) is not None]


def encode_cases() -> list[Case]:
    table = Named("merges", trained("aaabdaaabac", 3), "train('aaabdaaabac', 3)")
    shown = [Case((text, table), shown=True) for text in ("aaabdaaabac", "aaaa", "")]
    hidden = []
    for k, corpus in enumerate(texts(401, 12, 80)):
        merges = trained(corpus, 30)
        if merges is None:
            continue
        table = Named("merges", merges, f"train({_short.repr(corpus)}, 30)")
        for text in [corpus, *texts(410 + k, 5, 40)]:
            hidden.append(Case((text, table)))
    hidden.sort(key=lambda case: len(case.args[0].encode("utf-8")))
    return shown + hidden


def decode_cases() -> list[Case]:
    enc = r50k()
    vocab = Named("vocab", {i: enc.decode_single_token_bytes(i) for i in range(enc.n_vocab)},
                  "GPT-2's 50,257 tokens: {id: bytes}")
    unicorn = enc.encode_ordinary("🦄")
    shown = [[30001, 1634], unicorn[:1], unicorn, []]
    rng = random.Random(501)
    hidden = []
    for text in texts(502, 50, 30):
        ids = enc.encode_ordinary(text)
        hidden.append(ids)
        if len(ids) > 1:
            start = rng.randrange(len(ids))
            hidden.append(ids[start:rng.randint(start + 1, len(ids))])
    hidden += [[rng.randrange(enc.n_vocab) for _ in range(rng.randint(1, 6))] for _ in range(20)]
    return [Case((ids, vocab), shown=True) for ids in shown] + [Case((ids, vocab)) for ids in sorted_by_size(hidden)]


def bpe_cases() -> list[Case]:
    enc = r50k()
    ranks = Named("ranks", enc._mergeable_ranks, "GPT-2's 50,256 tokens: {bytes: rank}, and a token's rank is its id")
    shown = ["tokenization", " world", " naïve"]
    pieces = {p for text in texts(601, 40, 40) for p in split_pieces(text)}
    hidden = sorted_by_size(sorted(pieces - set(shown)))
    return [Case((p.encode("utf-8"), ranks), shown=True) for p in shown] + [Case((p.encode("utf-8"), ranks)) for p in hidden]


EXERCISES = {
    e.id: e
    for e in (
        Exercise("get_stats", "get_stats", get_stats_cases, "counts"),
        Exercise("merge", "merge", merge_cases, "ids"),
        Exercise("train", "train", train_cases, "merges"),
        Exercise("encode", "encode", encode_cases, "ids"),
        Exercise("decode", "decode", decode_cases, "text"),
        Exercise("bpe", "bpe", bpe_cases, "ids"),
    )
}


@functools.cache
def cases(exercise_id: str) -> tuple[Case, ...]:
    """The exercise's cases, shown ones first; computed once."""
    return tuple(EXERCISES[exercise_id].make_cases())
