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

from collections.abc import Collection
from typing import Literal, NamedTuple
from weakref import WeakKeyDictionary

from .bytes_unicode import BYTE_TO_UNICODE
from .caches import SizedCache, gc_paused
from .pretokenize import clean_surrogates
from .protocol import MAX_CANDIDATE_BYTES

__all__ = ["MAX_CANDIDATE_BYTES", "pieces", "record_merges", "special_piece", "trace", "trace_greedy", "trace_piece"]

_NO_RULE = 1 << 62


class _Traced(NamedTuple):
    """What `trace_piece` keeps per piece text (its lists are shared, read-only)."""

    rule: str
    bytes: list[int]
    chars: list[list]
    symbols: list[str]
    steps: list[dict]
    tokens: list[str]
    ids: list[int]


class _Summary(NamedTuple):
    """What `pieces` keeps per piece text."""

    rule: str
    bytes: list[int]
    tokens: list[str]
    ids: list[int]


# Per encoding, per piece text: the traced pieces and the summaries (the encodings themselves keep none),
# each cache bounded by the size of what it holds (a traced piece's steps grow with the square of its bytes).
_traced_cache: WeakKeyDictionary = WeakKeyDictionary()
_summary_cache: WeakKeyDictionary = WeakKeyDictionary()


def _cache(caches: WeakKeyDictionary, enc) -> SizedCache:
    found = caches.get(enc)
    if found is None:
        found = caches[enc] = SizedCache()
    return found


def trace_piece(enc, text: str, *, index: int = 0, start: int = 0) -> dict:
    """Every merge step of one piece (docs/protocol.md, "Piece").

    Each step merges the leftmost occurrence of the lowest-rank pair, then looks again. Pieces seen
    before share their (read-only) lists.
    """
    return _traced(enc, text, index, start, start + len(text))


def _traced(enc, text: str, index: int, start: int, end: int, cache: SizedCache | None = None) -> dict:
    cache = _cache(_traced_cache, enc) if cache is None else cache
    c = cache.get(text)
    if c is None:
        c = _trace_merges(enc, text)
        size = 3 * len(c.bytes) + sum(len(s["symbols"]) + len(s["candidates"] or ()) + 8 for s in c.steps)
        cache.put(text, c, size)
    return {
        "index": index, "text": text, "start": start, "end": end, "rule": c.rule, "bytes": c.bytes,
        "chars": c.chars, "symbols": c.symbols, "steps": c.steps, "tokens": c.tokens, "ids": c.ids,
    }  # fmt: skip


def _trace_merges(enc, text: str) -> _Traced:
    """A piece's byte symbols merged as `record_merges` records it."""
    data = text.encode("utf-8")
    symbols = [BYTE_TO_UNICODE[b] for b in data]
    token_id = enc.token_id
    steps, syms = record_merges(symbols, enc.rank, lambda left, right: (left + right, token_id(left + right)),
                                keep_candidates=len(data) <= MAX_CANDIDATE_BYTES)  # fmt: skip
    return _Traced(enc.pretokenizer.rule_of(text), list(data), _char_spans(text), symbols, steps, syms, [token_id(s) for s in syms])


def record_merges(symbols: list[str], rank, merge, keep_candidates: bool = True) -> tuple[list[dict], list[str]]:
    """`reference.lowest_rank_merge`, recording each step: the one tracer of rank BPE, for OpenAI's tables
    and every tokenizer.json's BPE (`toklab.hf.trace`). `rank(left, right)` is the pair's rank or None;
    `merge(left, right)` the (symbol, id) the lowest makes (a tokenizer.json's ##a + ##b make ##ab, not
    ##a##b). Only the ranks beside a merge are looked up again. Returns (steps, the symbols at the end);
    a step's `candidates` (the rank of every adjacent pair before it) is None unless `keep_candidates`.

    >>> ranks = {("a", "b"): 0, ("ab", "c"): 1}
    >>> steps, end = record_merges(list("abcab"), lambda l, r: ranks.get((l, r)), lambda l, r: (l + r, 9))
    >>> [(s["left"], s["right"], s["rank"], s["position"], s["candidates"]) for s in steps], end
    ([('a', 'b', 0, 0, [0, None, None, 0]), ('a', 'b', 0, 2, [1, None, 0]), ('ab', 'c', 1, 0, [1, None])], ['abc', 'ab'])
    """
    rk = [_or_none(rank(a, b)) for a, b in zip(symbols, symbols[1:])]
    shown = [None if r == _NO_RULE else r for r in rk] if keep_candidates else None
    steps = []
    syms = symbols
    while rk:
        best = min(rk)
        if best == _NO_RULE:
            break
        at = rk.index(best)
        left, right = syms[at], syms[at + 1]
        merged, merged_id = merge(left, right)
        syms = syms[:at] + [merged] + syms[at + 2 :]
        steps.append({"left": left, "right": right, "merged": merged, "rank": best, "id": merged_id, "position": at,
                      "candidates": shown, "symbols": syms})  # fmt: skip
        # Only the pairs touching the new symbol change; the others keep their ranks.
        changed = []
        if at >= 1:
            changed.append(_or_none(rank(syms[at - 1], merged)))
        if at + 1 < len(syms):
            changed.append(_or_none(rank(merged, syms[at + 1])))
        lo = max(at - 1, 0)
        rk = rk[:lo] + changed + rk[at + 2 :]
        if keep_candidates:
            shown = shown[:lo] + [None if r == _NO_RULE else r for r in changed] + shown[at + 2 :]
    return steps, syms


def _or_none(rank: int | None) -> int:
    return _NO_RULE if rank is None else rank


def trace_greedy(enc, text: str) -> dict:
    """The common mistake, for comparison: always merge the leftmost pair that has any rule.

    Not how GPT-2 encodes: `reference.lowest_rank_merge` with the leftmost ranked pair instead of the
    lowest rank, so the result can differ from `trace_piece` (see the encode lesson). Steps have the
    same shape as `trace_piece`'s, candidates included (for pieces up to MAX_CANDIDATE_BYTES).
    """
    syms = [BYTE_TO_UNICODE[b] for b in text.encode("utf-8")]
    rank = enc.rank
    keep_candidates = len(syms) <= MAX_CANDIDATE_BYTES
    steps = []
    while True:
        candidates = [rank(a, b) for a, b in zip(syms, syms[1:])]
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
                "id": enc.token_id(left + right),
                "position": at,
                "candidates": candidates if keep_candidates else None,
                "symbols": syms,
            }
        )
    return {"steps": steps, "tokens": syms, "ids": [enc.token_id(s) for s in syms]}


def _summary(enc, text: str, index: int, start: int, end: int, cache: SizedCache | None = None) -> dict:
    """A piece without its merge steps or character spans: bytes, final tokens and ids (cached per text).

    This is what the page gets for every piece of a text on each edit, so it carries only what the
    strip and the id list draw; `trace_piece` gives the selected piece in full.
    """
    cache = _cache(_summary_cache, enc) if cache is None else cache
    c = cache.get(text)
    if c is None:
        ids = enc.piece_ids(text)
        c = _Summary(enc.pretokenizer.rule_of(text), list(text.encode("utf-8")), [enc.token(i) for i in ids], list(ids))
        cache.put(text, c, len(c.bytes) + 2 * len(ids))
    return {"index": index, "text": text, "start": start, "end": end, "rule": c.rule, "bytes": c.bytes,
            "tokens": c.tokens, "ids": c.ids}


def _walk(enc, text: str, allowed_special, detail, special, caches: WeakKeyDictionary) -> list[dict]:
    """`detail(enc, piece text, index, start, end, cache)` for each piece of `text`; `special(enc, text,
    index, start, end)` for each special token that `allowed_special` names."""
    cache = _cache(caches, enc)
    out: list[dict] = []
    offset = 0
    with gc_paused():
        for part, is_special in enc.split_special(clean_surrogates(text), allowed_special, ()):
            if is_special:
                out.append(special(enc, part, len(out), offset, offset + len(part)))
                offset += len(part)
                continue
            for piece_text in enc.pretokenizer.split(part):
                end = offset + len(piece_text)
                out.append(detail(enc, piece_text, len(out), offset, end, cache))
                offset = end
    return out


def pieces(enc, text: str, *, allowed_special: Literal["all"] | Collection[str] = frozenset()) -> list[dict]:
    """The pre-tokenized pieces of `text` with their final tokens and ids, without merge steps.

    Special-token text is plain text unless `allowed_special` names it.
    """
    return _walk(enc, text, allowed_special, _summary, _special_summary, _summary_cache)


def _special_summary(enc, text: str, index: int, start: int, end: int) -> dict:
    return {"index": index, "text": text, "start": start, "end": end, "rule": "special",
            "bytes": list(text.encode("utf-8")), "tokens": [text], "ids": [enc.special_tokens[text]]}


def special_piece(enc, text: str, index: int, start: int, end: int) -> dict:
    """A special token as a piece: one symbol, no steps, its special id.

    >>> from toklab import get_encoding
    >>> p = special_piece(get_encoding("r50k_base"), "<|endoftext|>", 1, 5, 18)
    >>> p["rule"], p["symbols"], p["steps"], p["ids"]
    ('special', ['<|endoftext|>'], [], [50256])
    """
    return {
        "index": index, "text": text, "start": start, "end": end, "rule": "special",
        "bytes": list(text.encode("utf-8")), "chars": _char_spans(text), "symbols": [text], "steps": [],
        "tokens": [text], "ids": [enc.special_tokens[text]],
    }  # fmt: skip


def trace(enc, text: str, *, allowed_special: Literal["all"] | Collection[str] = frozenset()) -> dict:
    """The whole encoding of `text` as data: pieces, every merge step, tokens and ids.

    Like `encode_ordinary`, special-token text is plain text unless `allowed_special` names it.
    """
    pieces = _walk(enc, text, allowed_special, _traced, special_piece, _traced_cache)
    return {
        "encoding": enc.name,
        "text": clean_surrogates(text),
        "ids": [i for p in pieces for i in p["ids"]],
        "pieces": pieces,
    }


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
