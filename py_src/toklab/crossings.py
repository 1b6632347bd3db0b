"""Which pieces hold two characters a byte-level BPE's tokens may join: one regex search, in C.

What this adds over `bpe.MergeList`'s run-by-run merging: a piece in which no token may cross between
any two characters is recognised without a Python step per character, and its ids are then each
character's ids alone (`MergeList.alone_ids`). A token may cross the boundary between characters x and
y exactly when (x's last UTF-8 byte, y's first byte) is a byte pair some token holds
(`MergeList._joinable`); only pairs whose second byte is not a continuation byte sit on a boundary. For
one first byte b, the characters y starting with it are one range of code points (U+5000-U+5FFF for
0xE5) and the characters x ending with byte a are those a (mod 64) above 0x80: both are character
classes, so each group of first bytes sharing their last bytes is one branch `[x's](?=[y's])`.

A piece may start with a space (GPT-2's " ?\\p{L}+"): a first branch matches it where it may join the
character after it. Any other ASCII character, and any beyond U+FFFF (whose classes `re` matches
slowly), match a branch of their own: such a piece is merged the plain way.

    >>> joinable = bytearray(65536); joinable[0xAD << 8 | 0xE5] = 1   # some token holds ...AD E5...
    >>> joinable[0x20 << 8 | 0xE5] = 1                                 # and " " E5
    >>> search = Crossings(joinable).search
    >>> "中".encode()[-1] == 0xAD, "好".encode()[0] == 0xE5
    (True, True)
    >>> [search(p) is None for p in ("好中中", "中好", " 中", " 好", "中a", "好 中", "中🎉")]
    [True, False, True, False, False, False, False]
"""

import re

__all__ = ["Crossings"]

# ASCII or astral, but for a piece's first space: such a piece is merged the plain way
_OTHER = "[\\x00-\\x1f\\x21-\\x7f\\U00010000-\\U0010ffff]|(?<=[\\x00-\\U0010ffff]) "


def _ranges(points: list[int]) -> list[tuple[int, int]]:
    """Sorted numbers as (first, last) ranges of consecutive ones."""
    out: list[list[int]] = []
    for p in points:
        if out and out[-1][1] == p - 1:
            out[-1][1] = p
        else:
            out.append([p, p])
    return [(a, b) for a, b in out]


def _class(ranges: list[tuple[int, int]]) -> str:
    """A character class of code points from U+0080 on, written as themselves (no escapes needed)."""
    return "[" + "".join(f"{chr(a)}-{chr(b)}" if b > a else chr(a) for a, b in ranges) + "]"


def _lead_range(b: int) -> tuple[int, int] | None:
    """The code points below U+10000 whose UTF-8 starts with byte b (None for other bytes)."""
    if 0xC2 <= b < 0xE0:
        return (b & 0x1F) << 6, ((b & 0x1F) << 6) + 0x3F
    if 0xE0 <= b < 0xF0:
        return max((b & 0x0F) << 12, 0x800), ((b & 0x0F) << 12) + 0xFFF
    return None


def pattern(joinable: bytearray) -> str:
    """The regex's text: a first space that may join, `_OTHER`, then one branch per set of last bytes
    shared by some first bytes."""
    spaced = [r for b in range(0xC2, 0xF0) if joinable[0x20 << 8 | b] and (r := _lead_range(b))]
    branches = [f"\\A (?={_class(spaced)})"] if spaced else []
    branches.append(_OTHER)
    by_lasts: dict[tuple[int, ...], list[tuple[int, int]]] = {}
    for b in range(0xC2, 0xF0):
        lasts = tuple(a & 0x3F for a in range(0x80, 0xC0) if joinable[a << 8 | b])
        if lasts:
            by_lasts.setdefault(lasts, []).append(_lead_range(b))
    for lasts, firsts in by_lasts.items():
        runs = _ranges(list(lasts))
        xs = [
            (max(base | lo, 0x80), base | hi)
            for base in range(0, 0x10000, 64)
            if not 0xD800 <= base < 0xE000
            for lo, hi in runs
            if base | hi >= 0x80
        ]
        branches.append(f"{_class(xs)}(?={_class(sorted(firsts))})")
    return "|".join(branches)


class Crossings:
    """For one table's joinable byte pairs: `search(piece)` is None where each character of the piece
    merges alone (no token crosses between two of them, no ASCII but a first space, none beyond U+FFFF)."""

    def __init__(self, joinable: bytearray):
        self.search = re.compile(pattern(joinable)).search
