"""Whole characters first: an exact shortcut past the merges inside a multi-byte character.

What this adds over `encoding`: in o200k_base nearly every CJK character is a token of its own, so
encoding a Chinese piece spends two of every three merges rebuilding characters from their UTF-8 bytes.
Starting such a character as one symbol gives the same ids as starting from bytes, when three things
hold for it (B = the character's bytes, at [s, e) of the piece's bytes):

  (a) B alone merges into one token; M = the highest rank among those merges (the last makes B).
  (b) no token crossing one of B's edges ends or starts inside B *here*: no token y + B[:j] whose y is
      the bytes just before s, and none B[j:] + y whose y is the bytes just after e (0 < j < len(B)).
  (c) every longer token that starts or ends with the whole B ranks above M.

Why. A merge joins two adjacent tokens into the token they spell. Before B's bytes have become one
symbol, a merge across B's edge would join a symbol outside with a part of B: the token it makes is
one (b) rules out. So B's bytes merge among themselves only, in the order they would alone (the
lowest rank first), and by (a) end as the one symbol B. Starting B whole skips those merges; the only
other difference is that the pairs (X, B) and (B, Y) exist from the start instead of once B is
complete. While B is incomplete, the merge taken is at most B's next inner rank (at most M), and by (c)
such a pair ranks above M, so it is never the one taken (nor the leftmost of a tie) before the real
B exists. So every other merge happens in the same order, at the same place, and the ids are equal.
tests/test_reference.py checks this against `reference.lowest_rank_merge`, tests/test_encodings.py
against tiktoken.

    >>> ranks = {bytes([b]): b for b in range(256)} | {b"\\xe4\\xb8": 256, "中".encode(): 257, b" \\xe4": 258}
    >>> shortcut = CharShortcut(ranks)
    >>> text = "中 中"; shortcut.bounds(text, text.encode())  # the second 中 follows a space: " \\xe4" is a token
    [0, 3, 4, 5, 6, 7]
"""

from collections.abc import Mapping

__all__ = ["CharShortcut"]

_NO_RANK = 1 << 62
_NEVER = {n: (n, None, ()) for n in (2, 3, 4)}  # a character of n bytes that always starts as its bytes


def _is_continuation(byte: int) -> bool:
    return 0x80 <= byte < 0xC0


def _char_length(lead: int) -> int:
    """How many bytes a UTF-8 character with this first byte has (2-4; 1 for ASCII)."""
    return 1 if lead < 0x80 else 2 + (lead >= 0xE0) + (lead >= 0xF0)


def _inner_max_rank(data: bytes, ranks: Mapping[bytes, int]) -> int | None:
    """The highest rank among the merges that `data` alone goes through, if they end in one token; else None.

    >>> _inner_max_rank(b"abc", {b"a": 0, b"b": 1, b"c": 2, b"bc": 3, b"abc": 4})
    4
    """
    symbols = [data[i : i + 1] for i in range(len(data))]
    highest = -1
    while len(symbols) > 1:
        found = [(r, i) for i in range(len(symbols) - 1) if (r := ranks.get(symbols[i] + symbols[i + 1])) is not None]
        if not found:
            return None
        rank, i = min(found)
        highest = max(highest, rank)
        symbols[i : i + 2] = [symbols[i] + symbols[i + 1]]
    return highest


def _index_from_data(data: dict) -> tuple[dict, dict, dict]:
    """`CharShortcut.index_data()` back as the index; ValueError if it is not such data."""
    try:
        unhexed = lambda runs: {bytes.fromhex(key): [bytes.fromhex(y) for y in ys] for key, ys in runs.items()}  # noqa: E731
        outer = {char: int(rank) for char, rank in data["outer"].items()}
        return outer, unhexed(data["ends"]), unhexed(data["starts"])
    except (KeyError, TypeError, AttributeError, ValueError) as e:
        raise ValueError(f"not a character index: {e}") from None


class CharShortcut:
    """For one table: which characters of a piece may start whole, in that piece (`bounds`).

    The index is one pass over the table's tokens that hold non-ASCII bytes, made on first use (0.05 s
    for o200k on CPython, 0.12 s inside Pyodide), or given as `index`: `index_data()` of the same table,
    which a build ships beside cl100k and o200k (tools/tables.py).
    """

    def __init__(self, ranks: Mapping[bytes, int], index: dict | None = None):
        self._ranks = ranks
        # (outer, ends, starts): `_build_index`
        self._index: tuple[dict, dict, dict] | None = None if index is None else _index_from_data(index)
        self._chars: dict[str, tuple[int, tuple | None, tuple]] = {}  # token char -> (length, lefts or None, rights)

    def index_data(self) -> dict:
        """The index as JSON data, which `CharShortcut(ranks, index=...)` takes back.

        >>> ranks = {bytes([b]): b for b in range(256)} | {"中".encode(): 256, " 中".encode(): 257}
        >>> data = CharShortcut(ranks).index_data(); data
        {'outer': {'中': 257}, 'ends': {}, 'starts': {}}
        >>> CharShortcut(ranks, index=data)._index == CharShortcut(ranks)._build_index()
        True
        """
        if self._index is None:
            self._index = self._build_index()
        outer, ends, starts = self._index
        hexed = lambda runs: {key.hex(): [y.hex() for y in ys] for key, ys in runs.items()}  # noqa: E731
        return {"outer": dict(outer), "ends": hexed(ends), "starts": hexed(starts)}

    def _build_index(self) -> tuple[dict, dict, dict]:
        """(outer, ends, starts): the lowest rank of a longer token starting or ending with a whole
        character; for each incomplete character start, the y of every token y + start; for each run of
        continuation bytes, the y of every token run + y.

        A token is read as text with each byte that is not part of a whole character as a lone surrogate
        (U+DC80-U+DCFF, Python's "surrogateescape"): most tokens have none, and only those few need bytes.
        """
        outer: dict[str, int] = {}
        ends: dict[bytes, list[bytes]] = {}
        starts: dict[bytes, list[bytes]] = {}
        for token, rank in self._ranks.items():
            if token.isascii():
                continue
            text = token.decode("utf-8", "surrogateescape")
            if len(text) < 2:
                continue
            first, last = text[0], text[-1]
            if "\udc80" <= first <= "\udcff":
                k = 0
                while k < len(token) and k < 3 and _is_continuation(token[k]):
                    k += 1
                if 0 < k < len(token):
                    starts.setdefault(token[:k], []).append(token[k:])
            elif first >= "\x80" and outer.get(first, _NO_RANK) > rank:
                outer[first] = rank
            if "\udc80" <= last <= "\udcff":
                at = len(token) - 1
                while at > 0 and at > len(token) - 4 and _is_continuation(token[at]):
                    at -= 1
                if at > 0 and token[at] >= 0xC0 and len(token) - at < _char_length(token[at]):
                    ends.setdefault(token[at:], []).append(token[:at])
            elif last >= "\x80" and outer.get(last, _NO_RANK) > rank:
                outer[last] = rank
        return outer, ends, starts

    def _char(self, char: str) -> tuple[int, tuple | None, tuple]:
        """(length in bytes, the y's of (b) before it or None if it never starts whole, the y's after it).

        Kept for the characters that are tokens (as many as the table has at most); any other is looked
        at again where it occurs, so a text of every code point leaves no million entries behind.
        """
        data = char.encode("utf-8")
        n = len(data)
        if data not in self._ranks:
            return _NEVER[n]
        if self._index is None:
            self._index = self._build_index()
        outer, ends, starts = self._index
        inner = _inner_max_rank(data, self._ranks)
        if inner is None or outer.get(char, _NO_RANK) <= inner:
            found = _NEVER[n]
        else:
            lefts = tuple(y for j in range(1, n) for y in ends.get(data[:j], ()))
            rights = tuple(y for j in range(1, n) for y in starts.get(data[j:], ()))
            found = n, lefts, rights
        self._chars[char] = found
        return found

    def bounds(self, text: str, data: bytes) -> list[int]:
        """Where the piece's first symbols start, and its end: every byte, except that a character
        meeting (a)-(c) is one symbol. `data` is `text` in UTF-8."""
        out = [0]
        append = out.append
        chars, pos = self._chars, 0
        for char in text:
            if char < "\x80":
                pos += 1
                append(pos)
                continue
            found = chars.get(char)
            if found is None:
                found = self._char(char)
            n, lefts, rights = found
            end = pos + n
            if lefts is None or data.endswith(lefts, 0, pos) or data.startswith(rights, end):
                out.extend(range(pos + 1, end + 1))
            else:
                append(end)
            pos = end
        return out
