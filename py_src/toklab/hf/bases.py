"""The base types of two kinds of part: a normalizer and a model, with the token a model gives.

Apart from `normalizers` and `models` so that a part kept in its own module (`precompiled`, `unigram`)
derives from them without importing the module that dispatches to it; both modules export them.

    >>> Token(5, "ab", (0, 2)).value
    'ab'
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Model", "Normalizer", "Token"]


class Normalizer:
    """A part that rewrites text; subclasses define `normalize(text) -> (new_text, alignment)`."""

    def normalize(self, text: str) -> tuple[str, list | None]:
        raise NotImplementedError

    def normalize_str(self, text: str) -> str:
        """The normalized text alone (as `tokenizers`' `normalize_str`)."""
        return self.normalize(text)[0]

    def to_config(self) -> dict:
        return {"type": type(self).__name__}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.to_config()})"


class Token(NamedTuple):
    id: int
    value: str
    offsets: tuple[int, int]  # characters of the piece


class Model:
    """A part that turns a piece into tokens."""
