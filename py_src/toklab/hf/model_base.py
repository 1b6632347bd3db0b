"""What every model shares: a Token (id, value, its span in the piece) and the Model base class.

    >>> Token(3, "ab", (0, 2)).value
    'ab'
"""

from __future__ import annotations

from typing import NamedTuple

from ._config import Part

__all__ = ["Model", "Token"]


class Token(NamedTuple):
    id: int
    value: str
    offsets: tuple[int, int]  # characters of the piece


class Model(Part):
    """A part that turns a piece into tokens; pickled as its tokenizer.json entry (`Part`)."""
