"""Every step of one `Tokenizer.encode`, as plain JSON-ready data (lists, dicts, str, int, bool, None).

The shape follows toklab's `Encoding.trace` (docs/protocol.md: pieces with `symbols`, `steps`, `tokens`,
`ids`; a step's `left`, `right`, `merged`, `rank`, `id`, `position`, `candidates`, `symbols`) and adds
what a tokenizer of parts does around the merges:

* `added`: the raw text cut at the added tokens (`normalized: false` ones), each span with its token;
* `stretches`: each plain stretch, its normalized text, whether the normalizer changed it, the added
  tokens found after normalizing, and what each pre-tokenizer part made of it (`parts`);
* `pieces`: every piece the model saw: its text (as the model sees it: Ġ for a byte-level space, ▁ for
  Gemma's), its span of the original text, its first symbols (bytes as the model's symbols, `<0xE4>` with
  byte fallback), every merge with the rank of every adjacent pair before it, and whether
  `ignore_merges` took it whole. A merge's rank is its index in `merges`, its id comes from `vocab`;
* `ids`, `tokens`, `offsets`: what `encode` gives (post-processor included).

    >>> from toklab.hf import Tokenizer, models
    >>> tok = Tokenizer(models.BPE(vocab={"a": 5, "b": 6, "ab": 7}, merges=[("a", "b")]))
    >>> t = tok.trace("abab")
    >>> [(s["left"], s["right"], s["rank"], s["id"], s["candidates"]) for s in t["pieces"][0]["steps"]]
    [('a', 'b', 0, 7, [0, None, 0]), ('a', 'b', 0, 7, [None, 0])]
    >>> t["ids"]
    [7, 7]

Pieces of more than `TRACE_SYMBOLS` symbols are not traced step by step (`steps` is null): the list
of symbols after each merge would grow with the square of the piece.
"""

from __future__ import annotations

from ..trace import record_merges
from . import pre_tokenizers as _pre
from .tokenizer import _original

__all__ = ["TRACE_SYMBOLS", "trace"]

TRACE_SYMBOLS = 512


def _parts(pre) -> list:
    """The pre-tokenizer's parts in order (a Sequence opened)."""
    if pre is None:
        return []
    if isinstance(pre, _pre.Sequence):
        return [q for p in pre.pretokenizers for q in _parts(p)]
    return [pre]


def _steps(model, ids: list[int]) -> list[dict]:
    """The lowest-rank merge loop of `toklab.reference`, on the model's symbols, recorded by toklab's one
    tracer of rank BPE (`toklab.trace.record_merges`)."""
    vocab, vocab_r, ranks = model.vocab, model.vocab_r, model.merge_ranks

    def rank(left: str, right: str) -> int | None:
        found = ranks(vocab[left], vocab[right])
        return None if found is None else found[0]

    def merge(left: str, right: str) -> tuple[str, int]:
        new = ranks(vocab[left], vocab[right])[1]
        return vocab_r[new], new

    return record_merges([vocab_r[i] for i in ids], rank, merge)[0]


def _piece(tok, index: int, text: str, span: tuple[int, int]) -> dict:
    model = tok.model
    whole = model.ignore_merges and model.vocab.get(text) is not None
    ids, _ = model.symbols(text) if text else ([], None)
    final = model.tokenize_spans(text)
    out = {
        "index": index, "text": text, "start": span[0], "end": span[1],
        "symbols": [model.vocab_r[i] for i in ids], "symbol_ids": list(ids), "ignore_merges": whole,
        "steps": None if whole else (_steps(model, ids) if len(ids) <= TRACE_SYMBOLS else None),
        "tokens": [model.vocab_r[i] for i, _, _ in final], "ids": [i for i, _, _ in final],
    }  # fmt: skip
    return out


def trace(tok, text: str, add_special_tokens: bool = True) -> dict:
    """The trace of `tok.encode(text, add_special_tokens)`."""
    tok._check_text(text)
    added_vocab = tok.added_vocabulary
    added = []
    for start, end, i in added_vocab.find_matches(text, normalized=False):
        if end > start:
            added.append({"start": start, "end": end, "text": text[start:end], "id": i,
                          "special": i is not None and added_vocab.is_special_token(text[start:end])})  # fmt: skip
    stretches, pieces = [], []
    for added_id, span, stretch, _ in tok._segments(text):
        if stretch is None:
            continue
        norm, ns, ne, base, align = stretch
        current = [(norm[ns:ne], ns, None)]
        parts = []
        for part in _parts(tok.pre_tokenizer):
            current = [q for p in current for q in part.split_piece(p)]
            parts.append({"part": part.to_config(), "pieces": [p[0] for p in current]})
        entry = {"start": span[0], "end": span[1], "normalized": norm[ns:ne], "changed": align is not None or norm != text[span[0] : span[1]],
                 "added_id": added_id, "parts": parts, "pieces": []}  # fmt: skip
        if added_id is None:
            for piece_text, start, cmap in current:
                if cmap is None:
                    na, nb = start, start + len(piece_text)
                else:
                    na, nb = (cmap[0], cmap[-1] + 1) if cmap else (0, 0)
                entry["pieces"].append(len(pieces))
                pieces.append(_piece(tok, len(pieces), piece_text, _original(base, align, na, nb)))
        stretches.append(entry)
    enc = tok.encode(text, add_special_tokens)
    return {
        "text": text, "added": added, "stretches": stretches, "pieces": pieces,
        "ids": enc.ids, "tokens": enc.tokens, "offsets": [list(o) for o in enc.offsets],
    }  # fmt: skip
