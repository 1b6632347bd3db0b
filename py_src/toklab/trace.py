"""The merge trace: what the encoder did, step by step, as plain JSON-ready data.

What this adds over `bpe`: the encoder gives ids; these functions also say how it got them. For each
pre-tokenized piece, the starting byte symbols, every merge (the pair, its rank, where it sat, the ranks
of all adjacent pairs before it, the symbols after it) and the final tokens and ids. docs/protocol.md
describes the format; the front end draws it and recomputes nothing.

    >>> from toklab import get_encoding
    >>> piece = trace_piece(get_encoding("r50k_base"), "lower")
    >>> [(s["left"], s["right"], s["rank"]) for s in piece["steps"]], piece["ids"]
    ([('e', 'r', 7), ('o', 'w', 66), ('ow', 'er', 533), ('l', 'ower', 20781)], [21037])

Pieces seen before share their (read-only) lists, so tracing a long text repeats no work.
"""

import gc
from collections.abc import Collection
from contextlib import contextmanager
from typing import Literal

from .bytes_unicode import BYTE_TO_UNICODE
from .pretokenize import clean_surrogates

__all__ = ["MAX_CANDIDATE_BYTES", "pieces", "trace", "trace_greedy", "trace_piece"]

# A piece longer than this keeps every step in its trace, but not the per-step candidate ranks
# (they would grow with the square of its length).
MAX_CANDIDATE_BYTES = 256
_NO_RULE = 1 << 62
_CACHE_LIMIT = 1 << 17


def trace_piece(enc, text: str, *, index: int = 0, start: int = 0) -> dict:
    """Every merge step of one piece (docs/protocol.md, "Piece").

    Each step merges the leftmost occurrence of the lowest-rank pair, then looks again. Pieces seen
    before share their (read-only) lists.
    """
    return _traced(enc, text, index, start, start + len(text))

def _traced(enc, text: str, index: int, start: int, end: int) -> dict:
    c = enc._trace_cache.get(text)
    if c is None:
        c = enc._trace_cache[text] = _trace_merges(enc, text)
        if len(enc._trace_cache) >= _CACHE_LIMIT:
            enc._trace_cache.clear()
    return {
        "index": index, "text": text, "start": start, "end": end, "rule": c[0], "bytes": c[1],
        "chars": c[2], "symbols": c[3], "steps": c[4], "tokens": c[5], "ids": c[6],
    }  # fmt: skip

def _trace_merges(enc, text: str) -> tuple:
    data = text.encode("utf-8")
    symbols = [BYTE_TO_UNICODE[b] for b in data]
    ranks = enc._ranks
    token_ids = enc._token_ids
    keep_candidates = len(data) <= MAX_CANDIDATE_BYTES
    # rk: the rank of each adjacent pair (_NO_RULE where none), shown: the same with None
    rk = [ranks.get(pair, _NO_RULE) for pair in zip(symbols, symbols[1:])]
    shown = [None if r == _NO_RULE else r for r in rk] if keep_candidates else None
    steps = []
    syms = symbols
    while rk:
        best = min(rk)
        if best == _NO_RULE:
            break
        at = rk.index(best)
        left, right = syms[at], syms[at + 1]
        merged = left + right
        syms = syms[:at] + [merged] + syms[at + 2 :]
        steps.append(
            {
                "left": left,
                "right": right,
                "merged": merged,
                "rank": best,
                "id": token_ids[merged],
                "position": at,
                "candidates": shown,
                "symbols": syms,
            }
        )
        # Only the pairs touching the new symbol change; the others keep their ranks.
        changed = []
        if at >= 1:
            changed.append(ranks.get((syms[at - 1], merged), _NO_RULE))
        if at + 1 < len(syms):
            changed.append(ranks.get((merged, syms[at + 1]), _NO_RULE))
        lo = max(at - 1, 0)
        rk = rk[:lo] + changed + rk[at + 2 :]
        if keep_candidates:
            shown = shown[:lo] + [None if r == _NO_RULE else r for r in changed] + shown[at + 2 :]
    return (
        enc.pretokenizer.rule_of(text), list(data), _char_spans(text), symbols, steps, syms, [token_ids[s] for s in syms]
    )  # fmt: skip

def trace_greedy(enc, text: str) -> dict:
    """The common mistake, for comparison: always merge the leftmost pair that has any rule.

    Not how GPT-2 encodes; the result can differ from `trace_piece` (see the encode lesson). Steps have
    the same shape as `trace_piece`'s, candidates included (for pieces up to MAX_CANDIDATE_BYTES).
    """
    syms = [BYTE_TO_UNICODE[b] for b in text.encode("utf-8")]
    ranks = enc._ranks
    keep_candidates = len(syms) <= MAX_CANDIDATE_BYTES
    steps = []
    while True:
        candidates = [ranks.get(pair) for pair in zip(syms, syms[1:])]
        at = next((i for i, rank in enumerate(candidates) if rank is not None), None)
        if at is None:
            break
        left, right = syms[at], syms[at + 1]
        syms = syms[:at] + [left + right] + syms[at + 2 :]
        steps.append(
            {
                "left": left,
                "right": right,
                "merged": left + right,
                "rank": candidates[at],
                "id": enc._token_ids[left + right],
                "position": at,
                "candidates": candidates if keep_candidates else None,
                "symbols": syms,
            }
        )
    return {"steps": steps, "tokens": syms, "ids": [enc._token_ids[s] for s in syms]}


def _summary(enc, text: str, index: int, start: int, end: int) -> dict:
    """A piece without its merge steps or character spans: bytes, final tokens and ids (cached per text).

    This is what the page gets for every piece of a text on each edit, so it carries only what the
    strip and the id list draw; `trace_piece` gives the selected piece in full.
    """
    c = enc._info_cache.get(text)
    if c is None:
        ids = enc._encode_piece(text)
        c = (enc.pretokenizer.rule_of(text), list(text.encode("utf-8")), [enc._tokens[i] for i in ids], list(ids))
        if len(enc._info_cache) >= _CACHE_LIMIT:
            enc._info_cache.clear()
        enc._info_cache[text] = c
    return {
        "index": index, "text": text, "start": start, "end": end, "rule": c[0], "bytes": c[1],
        "tokens": c[2], "ids": c[3],
    }  # fmt: skip

def _walk(enc, text: str, allowed_special, detail) -> list[dict]:
    """`detail(piece text, index, start, end)` for each piece of `text`, special tokens as such."""
    out: list[dict] = []
    offset = 0
    with _gc_paused():
        for part, special in enc._split_special(clean_surrogates(text), allowed_special, ()):
            if special:
                out.append(_special_piece(enc, part, len(out), offset))
                offset += len(part)
                continue
            for piece_text in enc.pretokenizer.split(part):
                end = offset + len(piece_text)
                out.append(detail(enc, piece_text, len(out), offset, end))
                offset = end
    return out

def pieces(enc, text: str, *, allowed_special: Literal["all"] | Collection[str] = frozenset()) -> list[dict]:
    """The pre-tokenized pieces of `text` with their final tokens and ids, without merge steps.

    Special-token text is plain text unless `allowed_special` names it.
    """
    return _walk(enc, text, allowed_special, _summary)

def _special_piece(enc, text: str, index: int, start: int) -> dict:
    return {
        "index": index,
        "text": text,
        "start": start,
        "end": start + len(text),
        "rule": "special",
        "bytes": list(text.encode("utf-8")),
        "chars": _char_spans(text),
        "symbols": [text],
        "steps": [],
        "tokens": [text],
        "ids": [enc.special_tokens[text]],
    }

def trace(enc, text: str, *, allowed_special: Literal["all"] | Collection[str] = frozenset()) -> dict:
    """The whole encoding of `text` as data: pieces, every merge step, tokens and ids.

    Like `encode_ordinary`, special-token text is plain text unless `allowed_special` names it.
    """
    pieces = _walk(enc, text, allowed_special, _traced)
    return {
        "encoding": enc.name,
        "text": clean_surrogates(text),
        "ids": [i for p in pieces for i in p["ids"]],
        "pieces": pieces,
    }


@contextmanager
def _gc_paused():
    """Building a large trace creates millions of small lists; the cyclic collector would rescan them
    all again and again. They hold no cycles, so pause it meanwhile."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _char_spans(text: str) -> list[list]:
    """[first byte, end byte, character] for each character of `text`.

    >>> _char_spans("a你")
    [[0, 1, 'a'], [1, 4, '你']]
    """
    spans = []
    pos = 0
    for ch in text:
        n = len(ch.encode("utf-8"))
        spans.append([pos, pos + n, ch])
        pos += n
    return spans
