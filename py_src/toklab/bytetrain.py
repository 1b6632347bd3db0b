"""Step 4 of training: byte-level BPE in GPT-2's style, on any text.

What this adds over the toy BPE of ``toklab.training``: the starting symbols are the 256
byte values instead of the characters that happen to occur, so no text is ever unknown.
The text is first cut by GPT-2's pre-tokenizer (``toklab.pretokenize.split_pieces``; merges
never cross a piece), each piece becomes its UTF-8 bytes, and each byte is shown by GPT-2's
printable character (``toklab.bytes_unicode``: space is ``Ġ``, newline ``Ċ``). There is no
``</w>``: the space that starts a word (``Ġthe``) marks word starts instead.

    >>> t = train_bytes("the cat the hat the", num_merges=3)
    >>> t["merges"]
    [['t', 'h'], ['th', 'e'], ['a', 't']]

The merge list is in rank order: ``ranks_from_merges`` gives the ``{(left, right): rank}``
table, and ``trained_encoding`` loads the merges into ``toklab.Encoding.from_merges`` so the
class can watch its own tiny tokenizer encode (token ids: bytes 0-255 in GPT-2's byte order,
then 256 + rank). Counting, ties and stopping follow ``toklab.training``; the vocabulary
counts the 256 byte tokens plus the learned ones, and a pair whose merged string is already
a token is never chosen, so each token has one rule.
"""

from __future__ import annotations

from collections import Counter

from toklab.bytes_unicode import BYTE_ORDER, BYTE_TO_UNICODE
from toklab.fasttrain import FIRST_OCCURRENCE
from toklab.pretokenize import split_pieces
from toklab.training import train_trace

BASE_VOCAB = [BYTE_TO_UNICODE[b] for b in BYTE_ORDER]  # GPT-2's ids 0-255


def printable_piece(piece: str) -> tuple[str, ...]:
    """A piece as one printable symbol per UTF-8 byte.

    >>> printable_piece(" 中")
    ('Ġ', 'ä', '¸', 'Ń')
    """
    return tuple(BYTE_TO_UNICODE[b] for b in piece.encode("utf-8"))


def byte_rows(text: str) -> list[tuple[tuple[str, ...], int]]:
    """The training rows: each distinct piece's byte symbols and its count.

    >>> byte_rows("hi hi!")
    [(('h', 'i'), 1), (('Ġ', 'h', 'i'), 1), (('!',), 1)]
    """
    return [(printable_piece(p), n) for p, n in Counter(split_pieces(text)).items()]


def train_bytes(text: str, vocab_size: int | None = None, num_merges: int | None = None, min_frequency: int = 2,
                tie_break: str = FIRST_OCCURRENCE, detail: str = "auto") -> dict:
    """Byte-level BPE with a trace shaped like ``toklab.training.train_toy``'s. JSON-ready."""
    return train_trace(byte_rows(text), BASE_VOCAB, kind="bytes", vocab_size=vocab_size, num_merges=num_merges,
                       min_frequency=min_frequency, tie_break=tie_break, detail=detail, distinct_tokens=True,
                       unit="pieces")


def ranks_from_merges(merges: list[list[str]]) -> dict[tuple[str, str], int]:
    """The rank table of a merge list.

    >>> ranks_from_merges([["Ġ", "t"], ["Ġt", "h"]])
    {('Ġ', 't'): 0, ('Ġt', 'h'): 1}
    """
    return {(left, right): rank for rank, (left, right) in enumerate(merges)}


def trained_encoding(merges: list[list[str]], name: str = "trained"):
    """The learned merges as an encoder with GPT-2's pre-tokenizer and a per-piece trace."""
    from toklab.encoding import Encoding

    return Encoding.from_merges(name, merges)
