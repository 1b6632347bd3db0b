"""Pre-tokenization: cut text into pieces with GPT-2's pattern, before any merging.

GPT-2 never merges across these pieces. Its pattern is

    's|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+

tried left to right at each position, the first alternative that matches wins. A letter run takes one
leading space with it (" the"), so do digit and punctuation runs; a whitespace run before a word leaves its
last space to that word (`\\s+(?!\\S)`).

    >>> split_pieces("I'm fix the AI  now!")
    ['I', "'m", ' fix', ' the', ' AI', ' ', ' now', '!']
    >>> [(p.text, p.rule) for p in find_pieces("ok 42?")]
    [('ok', 'letters'), (' 42', 'digits'), ('?', 'punctuation')]

The browser has no `regex` module, and Python's `re` has no \\p{...}, so the classes are spelled out as
code-point ranges generated from `regex` (see `_uniclass`). Python's `re` then runs the pattern in C, in
linear time for every input (each alternative is a single greedy run with a one-character look-ahead).
"""

import functools
import re
from typing import NamedTuple

from . import _uniclass

__all__ = [
    "GPT2", "GPT2_PATTERN", "RULES", "Piece", "Pretokenizer", "find_pieces", "clean_surrogates", "rule_of",
    "scan_pieces", "split_pieces",
]  # fmt: skip

GPT2_PATTERN = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""

# The name of each alternative group of _RULED below, in order.
RULES = ("contraction", "letters", "digits", "punctuation", "whitespace")


def _class_body(runs: list[list[int]]) -> str:
    """The inside of a [...] class for these code-point runs.

    >>> _class_body([[0x41, 0x5a], [0x5f, 0x5f]])
    'A-Z_'
    """
    return "".join(re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b in runs)


def _complement(*classes: list[list[int]]) -> list[list[int]]:
    """The code-point runs in none of `classes`.

    >>> _complement([[0x30, 0x39]], [[0x41, 0x5a]])[:3]
    [[0, 47], [58, 64], [91, 1114111]]
    """
    out: list[list[int]] = []
    nxt = 0
    for a, b in sorted((a, b) for runs in classes for a, b in runs):
        if a > nxt:
            out.append([nxt, a - 1])
        nxt = max(nxt, b + 1)
    if nxt <= 0x10FFFF:
        out.append([nxt, 0x10FFFF])
    return out


def _one_of(runs: list[list[int]]) -> str:
    """A pattern for one character in `runs`.

    `re` finds a character below U+10000 in a class by one table look-up, but checks the ranges above it
    one by one, for every character it tries. So the astral ranges stand apart, behind a cheap guard that
    only astral characters pass: on ordinary text this makes the whole pattern four times faster.

    >>> _one_of([[0x41, 0x5a]]), _one_of([[0x41, 0x41], [0x10400, 0x1044f]])
    ('[A-Z]', '(?:[A]|(?=[\U00010000-\U0010ffff])[\U00010400-\U0001044f])')
    """
    bmp = [[a, min(b, 0xFFFF)] for a, b in runs if a <= 0xFFFF]
    astral = [[max(a, 0x10000), b] for a, b in runs if b > 0xFFFF]
    if not astral:
        return f"[{_class_body(bmp)}]" if bmp else "(?!)"  # (?!) matches nothing, like an empty class
    guarded = f"(?=[\U00010000-\U0010ffff])[{_class_body(astral)}]"
    return f"(?:[{_class_body(bmp)}]|{guarded})" if bmp else guarded


_L = _one_of(_uniclass.LETTER)
_N = _one_of(_uniclass.NUMBER)
# [^\s\p{L}\p{N}] is spelled as a positive class: `re` runs a negated class of hundreds of ranges
# hundreds of times slower.
_OTHER = _one_of(_complement(_uniclass.SPACE, _uniclass.LETTER, _uniclass.NUMBER))
_S = _class_body(_uniclass.SPACE)  # no astral white space

_ALTERNATIVES = (
    r"'(?:s|t|re|ve|m|ll|d)",
    rf" ?{_L}+",
    rf" ?{_N}+",
    rf" ?{_OTHER}+",
    rf"[{_S}]+(?![^{_S}])|[{_S}]+",
)


class Piece(NamedTuple):
    text: str
    start: int  # code-point offset in the text
    end: int
    rule: str  # one of the pre-tokenizer's rules


class Pretokenizer:
    """A pattern of alternatives, tried left to right at each position, each with the name of its rule.

    `alternatives` are stdlib `re` patterns without capturing groups; `pat_str` is the pattern as the
    tokenizer's authors wrote it (with \\p{...}), kept for reference. GPT-2's is `GPT2` below; `patterns`
    makes one from any tiktoken pattern.

        >>> p = Pretokenizer("demo", ["[a-z]+", "[0-9]{1,3}", " +"], ["letters", "digits", "spaces"])
        >>> p.split("abc 12345"), p.rule_of("345")
        (['abc', ' ', '123', '45'], 'digits')
    """

    def __init__(self, pat_str: str, alternatives: list[str], rules: list[str]):
        if len(alternatives) != len(rules):
            raise ValueError(f"{len(alternatives)} alternatives but {len(rules)} rule names")
        self.pat_str = pat_str
        self.rules = tuple(rules)
        self._alternatives = tuple(alternatives)
        self._plain = re.compile("|".join(alternatives))

    @functools.cached_property
    def _ruled(self) -> re.Pattern:
        """The same pattern, each alternative a group: m.lastindex names the rule that matched.

        Compiled when first needed (by a trace, not by encoding): a big pattern takes a while.
        """
        return re.compile("|".join(f"({alt})" for alt in self._alternatives))

    def __repr__(self) -> str:
        return f"Pretokenizer({self.pat_str!r})"

    def split(self, text: str) -> list[str]:
        """The pieces of `text`, as strings (the fast path used by encoding)."""
        return self._plain.findall(text)

    def scan(self, text: str):
        """The pieces of `text` as plain (text, start, end, rule) tuples: the fast path for traces."""
        rules = self.rules
        for m in self._ruled.finditer(text):
            start, end = m.span()
            yield text[start:end], start, end, rules[m.lastindex - 1]

    def rule_of(self, piece: str) -> str:
        """Which alternative made `piece` (a piece as `split` cut it).

        The first alternative that matches the whole piece is the one that made it: had an earlier one
        matched there, the pattern would have taken it. A full match of the alternation tries them in
        that order, so its group says which.
        """
        m = self._ruled.fullmatch(piece)
        if m is None:
            raise ValueError(f"{piece!r} is not a piece of the pattern {self.pat_str!r}")
        return self.rules[m.lastindex - 1]


GPT2 = Pretokenizer(GPT2_PATTERN, list(_ALTERNATIVES), list(RULES))


def split_pieces(text: str) -> list[str]:
    """The pieces of `text`, as strings (the fast path used by encoding)."""
    return GPT2._plain.findall(text)


def find_pieces(text: str) -> list[Piece]:
    """The pieces of `text` with their offsets and the rule that made each."""
    return [Piece._make(t) for t in GPT2.scan(text)]


def rule_of(piece: str) -> str:
    """Which of GPT-2's alternatives made `piece` (see `Pretokenizer.rule_of`).

    >>> [rule_of(p) for p in ("'s", " the", "42", "?!", "  ")]
    ['contraction', 'letters', 'digits', 'punctuation', 'whitespace']
    """
    m = GPT2._ruled.fullmatch(piece)
    if m is None:
        raise ValueError(f"{piece!r} is not a piece of GPT-2's pattern")
    return RULES[m.lastindex - 1]


def clean_surrogates(text: str) -> str:
    """Replace lone surrogates by U+FFFD as tiktoken does (a valid surrogate pair becomes its character).

    >>> clean_surrogates("a\\ud800b"), clean_surrogates("\\ud83e\\udd84")
    ('a�b', '🦄')
    """
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def scan_pieces(text: str):
    """Like `find_pieces`, as plain (text, start, end, rule) tuples: the fast path for traces."""
    return GPT2.scan(text)
