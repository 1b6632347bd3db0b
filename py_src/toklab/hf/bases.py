"""The base types of two kinds of part: a normalizer and a model, with the token a model gives.

Apart from `normalizers` and `models` so that a part kept in its own module (`precompiled`, `unigram`,
`wordpiece`) derives from them without importing the module that dispatches to it; both modules export
them. Like every part, they are pickled as their tokenizer.json entry (`_config.Part`).

    >>> Token(5, "ab", (0, 2)).value
    'ab'
"""

from __future__ import annotations

from typing import NamedTuple

from ._config import Part

__all__ = ["Model", "Normalizer", "Token"]


class Normalizer(Part):
    """A part that rewrites text; subclasses define `normalize_aligned(text) -> (new_text, alignment)`."""

    def normalize_aligned(self, text: str) -> tuple[str, list | None]:
        raise NotImplementedError

    def normalize(self, text):
        """`normalize_aligned(text)`; given a NormalizedString, rewrite it in place (the bindings' way)."""
        if isinstance(text, str):
            return self.normalize_aligned(text)
        text.apply(self.normalize_aligned)
        return None

    def normalize_str(self, text: str) -> str:
        """The normalized text alone (as `tokenizers`' `normalize_str`)."""
        return self.normalize_aligned(text)[0]

    def to_config(self) -> dict:
        return {"type": type(self).__name__}

    # Normalizer.custom(obj): a normalizer written in Python, any object with `normalize(normalized)`
    # that rewrites the NormalizedString it is given; normalizers.py sets it (its _CustomNormalizer).
    custom = None


class Token(NamedTuple):
    id: int
    value: str
    offsets: tuple[int, int]  # characters of the piece


class Model(Part):
    """A part that turns a piece into tokens."""
