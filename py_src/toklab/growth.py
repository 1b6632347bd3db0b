"""How much longer a normalizer may make a text: GROWTH times its length, and SLACK more (a short text
with a Prepend, or a mark written out as a few letters).

A normalizer can otherwise grow a text without bound: three `Replace` normalizers chained, each "a" -> a
thousand a's, asked for 10^9 characters of one "a" (a 1 KB tokenizer.json took 24 GB of CPython); a
precompiled charsmap (SentencePiece's, or a tokenizer.json's `Precompiled`) may map one character to a
replacement as long as its blob. toklab.hf counts characters (hf_normalized_too_long); toklab.sentencepiece,
which rewrites UTF-8 bytes, counts bytes (spm_normalized_too_long). Both refuse before the text is built.

    >>> growth_limit(10)
    104
"""

from .errors import ToklabError

__all__ = ["GROWTH", "SLACK", "check_growth", "growth_limit"]

GROWTH = 4
SLACK = 64


def growth_limit(length: int) -> int:
    """The most characters (or bytes) a normalizer may make of a text of `length` characters (bytes)."""
    return GROWTH * length + SLACK


def check_growth(length: int, grown: int, code: str = "hf_normalized_too_long") -> None:
    """Refuses a text of `length` grown to `grown`, past growth_limit: `code` says what both count
    (hf_normalized_too_long characters, spm_normalized_too_long bytes).

    >>> check_growth(10, 105)
    Traceback (most recent call last):
    toklab.errors.ToklabError: the normalizer would make a text of 10 characters longer than 104: toklab.hf lets a normalizer grow a text at most 4 times
    """
    if grown > growth_limit(length):
        raise ToklabError(code, length=length, limit=growth_limit(length), growth=GROWTH)
