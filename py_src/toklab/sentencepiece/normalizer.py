"""SentencePiece's normalizer: the charsmap (charsmap.py), then the whitespace rules, then ▁ for a space.

What a SentencePiece model cuts is not the text but its normalized form (sentencepiece/src/normalizer.cc,
`Normalizer::Normalize`), made in this order:

1. remove_extra_whitespaces: spaces at the start are dropped;
2. add_dummy_prefix: one ▁ goes first, so "world" at the start is spelt as it is after a space;
3. each prefix of the text is rewritten by the charsmap (the longest key; a user-defined piece is
   kept as it is); with remove_extra_whitespaces, spaces right after a space are dropped;
4. escape_whitespaces: each space becomes ▁ (U+2581), the one character that stands for a space in
   every piece of the vocabulary;
5. remove_extra_whitespaces: ▁ at the end are dropped.

    >>> from .modelproto import NormalizerSpec
    >>> Normalizer(NormalizerSpec(remove_extra_whitespaces=False)).normalize("Hello  world")
    '▁Hello▁▁world'
    >>> Normalizer(NormalizerSpec()).normalize("  Hello  world ")
    '▁Hello▁world'
"""

from __future__ import annotations

from ..growth import check_growth, growth_limit
from .charsmap import CharsMap, one_char
from .modelproto import NormalizerSpec

__all__ = ["SPACE", "Normalizer"]

SPACE = "\u2581"  # ▁, how a SentencePiece piece spells a space


class Normalizer:
    """A NormalizerSpec made runnable; `user_defined` pieces pass the charsmap unchanged."""

    def __init__(self, spec: NormalizerSpec, user_defined=(), treat_whitespace_as_suffix: bool = False):
        self.spec = spec
        self.charsmap = CharsMap(spec.precompiled_charsmap) if spec.precompiled_charsmap else None
        self.user_defined = sorted({p.encode("utf-8") for p in user_defined}, key=len, reverse=True)
        self.suffix = treat_whitespace_as_suffix

    def prefix(self, data: bytes, i: int) -> tuple[bytes, int]:
        """What the text at data[i:] becomes and the bytes it uses (`NormalizePrefix`): a user-defined
        piece as it is (the longest), else the charsmap's longest key, else one character."""
        for piece in self.user_defined:
            if data.startswith(piece, i):
                return piece, len(piece)
        if self.charsmap is not None:
            return self.charsmap.normalize_prefix(data, i)
        return one_char(data, i)

    def normalize(self, text: str) -> str:
        """The normalized text (the string the model cuts)."""
        spec = self.spec
        if not text:
            return ""
        if self.charsmap is None and not self.user_defined:
            return self._plain(text)
        data = text.encode("utf-8")
        i, n = 0, len(data)
        if spec.remove_extra_whitespaces:
            while i < n:
                piece, used = self.prefix(data, i)
                if piece != b" ":
                    break
                i += used
            if i == n:
                return ""
        space = SPACE.encode("utf-8") if spec.escape_whitespaces else b" "
        out = bytearray()
        if not self.suffix and spec.add_dummy_prefix:
            out += space
        prev_space = spec.remove_extra_whitespaces
        limit = growth_limit(n)  # a charsmap may map a key to a string as long as its blob (toklab.growth)
        while i < n:
            piece, used = self.prefix(data, i)
            if len(out) + len(piece) > limit:
                check_growth(n, len(out) + len(piece), "spm_normalized_too_long")
            if prev_space:
                piece = piece.lstrip(b" ")
            if piece:
                out += piece.replace(b" ", space) if spec.escape_whitespaces else piece
                prev_space = piece.endswith(b" ")
            i += used
            if not spec.remove_extra_whitespaces:
                prev_space = False
        if spec.remove_extra_whitespaces:
            while out.endswith(space):
                del out[-len(space) :]
        if self.suffix and spec.add_dummy_prefix:
            out += space
        return out.decode("utf-8")

    def _plain(self, text: str) -> str:
        """`normalize` without a charsmap or user-defined pieces: only the whitespace rules (Llama's,
        Mistral's), on the string as a whole."""
        spec = self.spec
        if spec.remove_extra_whitespaces:
            text = " ".join(part for part in text.split(" ") if part)
            if not text:
                return ""
        if spec.add_dummy_prefix:
            text = text + " " if self.suffix else " " + text
        return text.replace(" ", SPACE) if spec.escape_whitespaces else text
