"""What the page animates for a SentencePiece model: the normalized text, then the family's own steps.

`trace(sp, text)` is plain data (lists and dicts of str, int, float, bool; JSON-ready):

    family       "SentencePiece BPE" or "SentencePiece Unigram"
    text         the text as given; normalized: what the model cuts (▁ for each space)
    bpe          (BPE) bpe.trace_bpe's record: the starting symbols, then per merge every candidate
                 pair with its score, the chosen one, the symbols after
    lattice      (Unigram) unigram.lattice's record: per position every matching piece with its
                 log-probability and the best path ending there; the chosen path and its score
    pieces, ids  the answer, after byte fallback (what `encode` gives); `fallback` marks the pieces
                 that are bytes of a character the vocabulary lacks
    mistake      the common mistake's pieces: for BPE, merging the leftmost mergeable pair first
                 (ignoring the scores); for Unigram, the longest piece first (ignoring the lattice)

    >>> from .modelproto import ModelProto
    >>> sp = SentencePieceProcessor(model=ModelProto(pieces=[("<unk>", 0.0, 2), ("▁", -1.0, 1), ("a", -2.0, 1),
    ...     ("b", -3.0, 1), ("▁a", -4.0, 1), ("ab", -5.0, 1)], model_type=2))
    >>> t = trace(sp, "ab")
    >>> [(s["candidates"][s["chosen"]]["merged"], s["symbols"]) for s in t["bpe"]["steps"]], t["ids"]
    ([('▁a', ['▁a', 'b'])], [4, 3])
"""

from __future__ import annotations

from . import bpe, unigram
from .processor import SentencePieceProcessor, byte_piece

__all__ = ["trace"]


def trace(sp: SentencePieceProcessor, text: str) -> dict:
    """The trace of `text` through model `sp` (see the module docstring)."""
    normalized = sp.normalizer.normalize(text)
    out = {"family": "SentencePiece BPE" if sp.is_bpe else "SentencePiece Unigram", "text": text, "normalized": normalized}
    if sp.is_bpe:
        symbols, frozen = sp.symbols(normalized)
        out["bpe"] = bpe.trace_bpe(symbols, sp.bpe_scores, frozen)
        cut = [(p, sp._id(p)) for p in out["bpe"]["symbols"]]
    else:
        out["lattice"] = unigram.lattice(normalized, sp.vocab, sp.unk_id(), sp._stats)
        cut = [(p["piece"], p["id"]) for p in out["lattice"]["path"]]
    pieces, ids, fallback = [], [], []
    unk = sp.unk_id()
    for piece, i in cut:
        if i == unk and sp.model.byte_fallback:
            for b in piece.encode("utf-8"):
                pieces.append(byte_piece(b))
                ids.append(sp.reserved[byte_piece(b)])
                fallback.append(True)
        elif i == unk and ids and ids[-1] == unk:
            pieces[-1] += piece
        else:
            pieces.append(piece)
            ids.append(i)
            fallback.append(False)
    out.update(pieces=pieces, ids=ids, fallback=fallback)
    if sp.is_bpe:
        out["mistake"] = leftmost_first(symbols, sp.bpe_scores, frozen)
    else:
        out["mistake"] = [p for p, _ in unigram.longest_first(normalized, sp.vocab, unk)]
    return out


def leftmost_first(symbols: list[str], scores: dict[str, float], frozen=frozenset()) -> list[str]:
    """The common mistake for BPE by score: merge the leftmost pair that makes a piece, again and again,
    whatever its score.

    >>> leftmost_first(["a", "b", "c"], {"ab": -9.0, "bc": -1.0})
    ['ab', 'c']
    """
    symbols, frozen = list(symbols), set(frozen)
    while True:
        for i in range(len(symbols) - 1):
            if i not in frozen and i + 1 not in frozen and symbols[i] + symbols[i + 1] in scores:
                symbols[i : i + 2] = [symbols[i] + symbols[i + 1]]
                frozen = {j - 1 if j > i else j for j in frozen}
                break
        else:
            return symbols
