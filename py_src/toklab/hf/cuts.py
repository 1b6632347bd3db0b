"""Where a piece may be cut before merging: an exact shortcut for the long pieces that seldom repeat.

What this adds over `models.BPE`: Gemma 3 has no pre-tokenizer to speak of (a whole line is one piece)
and Qwen3 or DeepSeek-V3 keep a run of Chinese characters in one piece, so their pieces are long and
almost never seen twice: the piece cache cannot help, and every merge is paid again. But a merge that
joins the symbols on both sides of a place in the piece makes a token whose text crosses that place.
If the vocabulary holds no token that could, no merge ever crosses it, and the piece's tokens are the
tokens of its two sides merged apart. (Why: a rank names one pair, so the lowest rank of the whole
piece is the lowest rank of one side, and its leftmost place there is its leftmost place in the
whole; each side sees its own merges in its own order. `reference.lowest_rank_merge` states the rule.)
Short parts repeat, so they hit the cache; and a long piece's merges run on short lists.

A place between characters `x` and `y` (both whole characters of the piece) is a cut when:

* the model's symbols are the characters (not ByteLevel): `x` and `y` are both tokens (so each is
  one symbol: not byte fallback, not unknown, never fused with an unknown neighbour) and no token's
  text holds `xy`;
* ByteLevel (the symbols are UTF-8 bytes): no token's text, read as UTF-8 with each stray byte as a
  lone surrogate (Python's "surrogateescape"), holds `xy`; and no token holding such a stray byte
  holds the byte pair (last byte of `x`, first byte of `y`). A token crossing the place either holds
  both characters whole (the first test) or starts inside `x` or ends inside `y`: then it has a stray
  byte, and it holds the two bytes beside the place (the second).

With `continuing_subword_prefix` or `end_of_word_suffix` (a symbol is not its character) nothing is
cut, nor with `ignore_merges` (a part that is a token would be taken whole, the piece would not), nor
where a character could be dropped (`applies`).

    >>> from toklab.hf.models import BPE
    >>> bpe = BPE(vocab={"a": 0, "b": 1, "c": 2, "ab": 3, "<unk>": 4}, merges=[("a", "b")], unk_token="<unk>")
    >>> Cuts(bpe, as_bytes=False).cuts("abcab")
    [2, 3]
"""

from __future__ import annotations

import re
from operator import add

from ..bytes_unicode import BYTE_TO_UNICODE

__all__ = ["CUT_FROM", "Cuts"]

CUT_FROM = 4  # pieces of at least this many characters are looked at for cuts

_BYTE_OF_CHAR = {ord(c): b for b, c in enumerate(BYTE_TO_UNICODE)}  # str.translate: byte character -> latin-1
_NOT_BYTE_CHAR = re.compile("[^" + "".join(re.escape(c) for c in BYTE_TO_UNICODE) + "]")
_STRAY = re.compile("[\udc80-\udcff]")


def token_bytes(token: str) -> bytes | None:
    """A ByteLevel token's bytes, or None if it holds a character that is not a byte's.

    >>> token_bytes("Ġä¸Ń"), token_bytes("<|x|>\u4e2d")
    (b' \\xe4\\xb8\\xad', None)
    """
    if _NOT_BYTE_CHAR.search(token):
        return None
    return token.translate(_BYTE_OF_CHAR).encode("latin-1")


def _pairs_of(texts) -> set[str]:
    """Every two neighbouring characters of the texts.

    >>> sorted(_pairs_of(["abc", "d", "ca"]))
    ['ab', 'bc', 'ca']
    """
    out: set[str] = set()
    update = out.update
    for t in texts:
        if len(t) > 1:
            update(map(add, t, t[1:]))
    return out


class Cuts:
    """The cuts of one model's pieces (`cuts`); the index is made on first use, from the vocabulary."""

    def __init__(self, model, as_bytes: bool):
        self.model, self.as_bytes = model, as_bytes
        self._pairs: set[str] | None = None
        self._stray_pairs: set[bytes] = set()

    @staticmethod
    def applies(model, as_bytes: bool) -> bool:
        """Whether cutting is exact for this model: each symbol is its character, and no character is
        ever dropped (a dropped one would shift the offsets of all after it, across a cut): ByteLevel
        with all 256 byte characters in the vocabulary, else an unknown token or every byte's token."""
        if model.continuing_subword_prefix or model.end_of_word_suffix or model.ignore_merges:
            return False
        vocab = model.vocab
        if as_bytes:
            return all(c in vocab for c in BYTE_TO_UNICODE)
        if model.unk_token is not None and model.unk_token in vocab:
            return True
        return model.byte_fallback and all(f"<0x{b:02X}>" in vocab for b in range(256))

    def _index(self) -> set[str]:
        vocab = self.model.vocab
        if not self.as_bytes:
            self._pairs = _pairs_of(vocab)
            return self._pairs
        texts, stray = [], set()
        for token in vocab:
            data = token_bytes(token)
            if data is None or len(data) < 2:
                continue
            text = data.decode("utf-8", "surrogateescape")
            texts.append(text)
            if _STRAY.search(text):
                stray.update(data[k : k + 2] for k in range(len(data) - 1))
        self._pairs, self._stray_pairs = _pairs_of(texts), stray
        return self._pairs

    def cuts(self, piece: str) -> list[int]:
        """The places (character offsets, in order) where `piece` may be cut."""
        pairs = self._pairs if self._pairs is not None else self._index()
        found = [k for k, xy in enumerate(map(add, piece, piece[1:]), 1) if xy not in pairs]
        if not found:
            return found
        if not self.as_bytes:
            vocab = self.model.vocab
            return [k for k in found if piece[k - 1] in vocab and piece[k] in vocab]
        stray = self._stray_pairs
        if not stray:
            return found
        return [k for k in found if piece[k - 1].encode()[-1:] + piece[k].encode()[:1] not in stray]
