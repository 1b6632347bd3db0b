"""Byte-level BPE from a table of ranks alone: the model part of cl100k_base and o200k_base.

What this adds over `bpe`: GPT-2 shipped a merge list (vocab.bpe: "Ġ t" is rule 0), but the later
tables ship only ranks: each token's bytes and its rank, which is also its id. There the merges come
from the ranks alone:

    two adjacent symbols may merge when their concatenation is a token; among all such pairs, the one
    whose concatenation has the lowest rank merges first (its leftmost occurrence); then look again.

So a pair has no rank of its own: `rank(left, right)` and a trace step's "rank" are the rank of the
token the pair makes. Any split of a token into two tokens can make it, not only the one that
training once merged, exactly as in tiktoken, which looks up byte strings, never pairs.

    >>> model = RankTable(tiny_ranks())
    >>> model.piece_ids("lower"), model.rank("lo", "w")
    ([258, 114], 257)

A piece's merges start from its bytes, except that a multi-byte character may start whole where that
provably gives the same ids (`charmerge`: in o200k_base it skips most of the merges inside CJK text).
"""

import binascii
import heapq

from .bytes_unicode import from_printable, to_printable
from .charmerge import CharShortcut

__all__ = ["RankTable", "load_tiktoken_bpe", "tiny_ranks"]

_NO_RANK = 1 << 62
_HEAP_FROM = 128  # pieces longer than this merge through a heap


def load_tiktoken_bpe(data: bytes, *, numbered_in_order: bool = False) -> dict[bytes, int]:
    """A table in tiktoken's format (one "base64-token rank" line per token) -> {token bytes: rank}.

    `numbered_in_order=True` takes the ranks as 0, 1, 2... without reading them (for a file known to be so).

    >>> load_tiktoken_bpe(b"IQ== 0\\nYWI= 1\\n")
    {b'!': 0, b'ab': 1}
    """
    words = data.split()
    tokens = map(binascii.a2b_base64, words[0::2])
    return dict(zip(tokens, range(len(words) // 2) if numbered_in_order else map(int, words[1::2])))


def tiny_ranks() -> dict[bytes, int]:
    """A toy table for examples: every byte, then "lo", "low", "lowe", " low"."""
    ranks = {bytes([b]): b for b in range(256)}
    for token in (b"lo", b"low", b"lowe", b" low"):
        ranks[token] = len(ranks)
    return ranks


class RankTable:
    """The model of a byte-level BPE given as tiktoken's mergeable ranks (token bytes -> rank = id)."""

    def __init__(self, mergeable_ranks: dict[bytes, int], chars: CharShortcut | None = None):
        self.encoder = mergeable_ranks
        self.decoder: dict[int, bytes] = {rank: token for token, rank in mergeable_ranks.items()}
        if len(self.decoder) != len(mergeable_ranks):
            raise ValueError("two mergeable tokens share a rank: each rank must belong to one token")
        self.chars = chars or CharShortcut(mergeable_ranks)  # which characters of a piece may start whole

    # --- the table ----------------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.encoder)

    def rank(self, left: str, right: str) -> int | None:
        """The rank of the token that `left` + `right` (printable form) make together, or None."""
        try:
            return self.encoder.get(from_printable(left + right))
        except ValueError:  # a character outside GPT-2's byte alphabet: no token
            return None

    def token(self, token_id: int) -> str:
        """The printable form of a token id (KeyError if there is none: `Encoding` checks)."""
        return to_printable(self.decoder[token_id])

    def token_id(self, token: str) -> int | None:
        """The id of a token given in printable form, or None."""
        try:
            return self.encoder.get(from_printable(token))
        except ValueError:
            return None

    def token_lengths(self) -> list[int]:
        """Each token's length in bytes (in the table's order; ranks may leave gaps before the special ids)."""
        return list(map(len, self.encoder))

    def has_id(self, token_id: int) -> bool:
        return token_id in self.decoder

    def token_bytes(self, token_id: int) -> bytes:
        return self.decoder[token_id]

    def decode_bytes(self, ids: list[int]) -> bytes:
        """The bytes of `ids`; KeyError for an id that is not a token of the table."""
        return b"".join(map(self.decoder.__getitem__, ids))

    # --- encoding -----------------------------------------------------------------------------------------

    def piece_ids(self, piece: str) -> list[int]:
        """The ids of one pre-tokenized piece: a token as it is, or merged (a new list; `Encoding` caches it)."""
        data = piece.encode("utf-8")
        found = self.encoder.get(data)
        if found is not None:
            return [found]
        return self.bpe(data, None if piece.isascii() else self.chars.bounds(piece, data))

    def bpe(self, piece: bytes, bounds: list[int] | None = None) -> list[int]:
        """The ids of one piece's bytes after every merge (tiktoken's byte_pair_encode).

        `bounds` holds where each symbol starts (and the end): every byte at first, unless the caller
        starts some characters whole (`charmerge`); `rk[i]` the rank of symbols i and i+1 together. The
        lowest and its leftmost place are `min` and `index`, which run in C.
        """
        get = self.encoder.get
        if bounds is None:
            bounds = list(range(len(piece) + 1))
        if len(bounds) > _HEAP_FROM:
            return self._bpe_long(piece, bounds)
        rk = [get(piece[a:c], _NO_RANK) for a, c in zip(bounds, bounds[2:])]
        while rk:
            m = min(rk)
            if m == _NO_RANK:
                break
            i = rk.index(m)
            del bounds[i + 1]
            if i + 2 < len(bounds):
                rk[i] = get(piece[bounds[i] : bounds[i + 2]], _NO_RANK)
                del rk[i + 1]
            else:
                del rk[i]
            if i:
                rk[i - 1] = get(piece[bounds[i - 1] : bounds[i + 1]], _NO_RANK)
        ranks = self.encoder
        return [ranks[piece[a:b]] for a, b in zip(bounds, bounds[1:])]

    def _bpe_long(self, piece: bytes, bounds: list[int]) -> list[int]:
        """The same merges in O(n log n): symbols as a linked list of spans, a heap of (rank, start)."""
        get = self.encoder.get
        n = len(piece)
        end = [0] * n  # end[i]: where the symbol starting at i ends (if one does)
        prev = [0] * (n + 1)
        alive = [False] * n
        for a, b in zip(bounds, bounds[1:]):
            end[a], prev[b], alive[a] = b, a, True
        prev[0] = -1
        heap = [(r, a) for a, c in zip(bounds, bounds[2:]) if (r := get(piece[a:c])) is not None]
        heapq.heapify(heap)
        while heap:
            r, i = heapq.heappop(heap)
            if not alive[i] or end[i] >= n or get(piece[i : end[end[i]]]) != r:
                continue  # a stale entry: this pair has changed since it was pushed
            j = end[i]
            alive[j] = False
            k = end[i] = end[j]
            if k < n:
                prev[k] = i
                if (rk := get(piece[i : end[k]])) is not None:
                    heapq.heappush(heap, (rk, i))
            p = prev[i]
            if p >= 0 and (rp := get(piece[p:k])) is not None:
                heapq.heappush(heap, (rp, p))
        out, i = [], 0
        while i < n:
            out.append(self.encoder[piece[i : end[i]]])
            i = end[i]
        return out
