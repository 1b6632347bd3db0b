"""tiktoken's Encoding, in pure Python: byte-level BPE from a table of ranks alone.

What this adds over `bpe`: GPT-2 shipped a merge list (vocab.bpe: "Ġ t" is rule 0), but the later
tables, cl100k_base and o200k_base, ship only ranks: each token's bytes and its rank, which is also
its id. There the merges come from the ranks alone:

    two adjacent symbols may merge when their concatenation is a token; among all such pairs, the one
    whose concatenation has the lowest rank merges first (its leftmost occurrence); then look again.

So a pair has no rank of its own: `rank(left, right)` and a trace step's "rank" are the rank of the
token the pair makes. Any split of a token into two tokens can make it, not only the one that
training once merged, exactly as in tiktoken, which looks up byte strings, never pairs.

    >>> enc = Encoding("tiny", pat_str=r" ?\\p{L}+|\\s+", mergeable_ranks=tiny_ranks(), special_tokens={"<|end|>": 260})
    >>> enc.encode("lower low"), enc.decode_tokens_bytes(enc.encode("lower low"))
    ([258, 114, 259], [b'lowe', b'r', b' low'])
    >>> [(s["left"], s["right"], s["rank"]) for s in enc.trace("lower")["pieces"][0]["steps"]]
    [('l', 'o', 256), ('lo', 'w', 257), ('low', 'e', 258)]

A piece's merges start from its bytes, except that a multi-byte character may start whole where that
provably gives the same ids (`charmerge`: in o200k_base it skips most of the merges inside CJK text).

The constructor and methods are tiktoken's, so `toklab` can stand in for `tiktoken` (the less central
ones are in `tiktoken_api`). Unknown ids and tokens raise `TokenError`, a KeyError as in tiktoken and a
ValueError as elsewhere in toklab.
"""

import binascii
import functools
import heapq
from collections.abc import Iterable

from .bpe import BPEEncoding
from .bytes_unicode import from_printable, to_printable
from .charmerge import CharShortcut
from .errors import ToklabError
from .patterns import pretokenizer
from .tiktoken_api import TiktokenAPI

__all__ = ["Encoding", "TokenError", "UnknownId", "load_tiktoken_bpe", "tiny_ranks"]

_NO_RANK = 1 << 62
_HEAP_FROM = 128  # pieces longer than this merge through a heap


class TokenError(KeyError, ValueError):
    """An id or token that is not in the encoding (tiktoken raises KeyError; toklab's callers expect ValueError)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class UnknownId(ToklabError, TokenError):
    """An id the table does not have: tiktoken's KeyError, toklab's ValueError, code "unknown_id"."""


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


class _PrintableTokens:
    """id -> printable token, computed when asked (building 200,000 strings up front would slow loading)."""

    def __init__(self, decoder: dict[int, bytes]):
        self._decoder = decoder

    def __getitem__(self, token_id: int) -> str:
        return to_printable(self._decoder[token_id])


class _PrintableIds:
    """printable token -> id (mergeable tokens only), computed when asked."""

    def __init__(self, encoder: dict[bytes, int]):
        self._encoder = encoder

    def __getitem__(self, token: str) -> int:
        return self._encoder[from_printable(token)]

    def get(self, token: str, default=None):
        try:
            return self._encoder.get(from_printable(token), default)
        except ValueError:  # a character outside GPT-2's byte alphabet: no token
            return default


class _PairRanks:
    """(left, right) in printable form -> the rank of the token they make together, if there is one."""

    def __init__(self, encoder: dict[bytes, int]):
        self._encoder = encoder

    def get(self, pair: tuple[str, str], default=None):
        try:
            return self._encoder.get(from_printable(pair[0] + pair[1]), default)
        except ValueError:  # a character outside GPT-2's byte alphabet: no token
            return default


class Encoding(TiktokenAPI, BPEEncoding):
    """A byte-level BPE encoding built from tiktoken's ingredients (the tiktoken API, plus toklab's trace)."""

    def __init__(
        self,
        name: str,
        *,
        pat_str: str,
        mergeable_ranks: dict[bytes, int],
        special_tokens: dict[str, int],
        explicit_n_vocab: int | None = None,
    ):
        super().__init__(name, (), special_tokens)
        self._pat_str = pat_str
        self.pretokenizer = pretokenizer(pat_str)
        self._mergeable_ranks = self._encoder = mergeable_ranks
        self.max_token_value = max(max(mergeable_ranks.values()), max(special_tokens.values(), default=0))
        if explicit_n_vocab and (
            len(mergeable_ranks) + len(special_tokens) != explicit_n_vocab or self.max_token_value != explicit_n_vocab - 1
        ):
            raise ValueError(f"{name}: the table does not have the stated {explicit_n_vocab} tokens")
        self._decoder: dict[int, bytes] = {rank: token for token, rank in mergeable_ranks.items()}
        if len(self._decoder) != len(mergeable_ranks):
            raise ValueError("two mergeable tokens share a rank: each rank must belong to one token")
        for token, i in special_tokens.items():
            if i in self._decoder:
                raise ValueError(f"special token {token!r} has id {i}, which is already {self._decoder[i]!r}")
            self._decoder[i] = token.encode("utf-8")
        # What the trace functions (module `trace`) read, in GPT-2's printable form, computed when asked.
        self._tokens = _PrintableTokens(self._decoder)
        self._token_ids = _PrintableIds(mergeable_ranks)
        self._ranks = _PairRanks(mergeable_ranks)
        self._chars = CharShortcut(mergeable_ranks)  # which characters of a piece may start whole

    def __repr__(self) -> str:
        return f"<Encoding {self.name!r}>"

    # --- the table ----------------------------------------------------------------------------------------

    @property
    def n_vocab(self) -> int:
        """For backwards compatibility (tiktoken): max_token_value + 1."""
        return self.max_token_value + 1

    def _check_id(self, token_id: object) -> None:
        if isinstance(token_id, bool) or not isinstance(token_id, int):
            raise TypeError(f"token ids are integers, not {token_id!r}")
        if token_id not in self._decoder:
            raise UnknownId("unknown_id", id=token_id, encoding=self.name, max_id=self.n_vocab - 1)

    def token(self, token_id: int) -> str:
        """The printable form of a token id (special tokens as themselves)."""
        self._check_id(token_id)
        special = self._special_by_id.get(token_id)
        return special if special is not None else to_printable(self._decoder[token_id])

    def token_id(self, token: str) -> int | None:
        """The id of a token given in printable form, or None."""
        found = self.special_tokens.get(token)
        if found is not None:
            return found
        try:
            return self._encoder.get(from_printable(token))
        except ValueError:
            return None

    # --- encoding -----------------------------------------------------------------------------------------

    def _bpe(self, piece: bytes, bounds: list[int] | None = None) -> list[int]:
        """The ids of one piece's bytes after every merge (tiktoken's byte_pair_encode).

        `bounds` holds where each symbol starts (and the end): every byte at first, unless the caller
        starts some characters whole (`charmerge`); `rk[i]` the rank of symbols i and i+1 together. The
        lowest and its leftmost place are `min` and `index`, which run in C.
        """
        get = self._encoder.get
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
        ranks = self._encoder
        return [ranks[piece[a:b]] for a, b in zip(bounds, bounds[1:])]

    def _bpe_long(self, piece: bytes, bounds: list[int]) -> list[int]:
        """The same merges in O(n log n): symbols as a linked list of spans, a heap of (rank, start)."""
        get = self._encoder.get
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
            out.append(self._encoder[piece[i : end[i]]])
            i = end[i]
        return out

    def piece_ids(self, piece: str) -> list[int]:
        """The ids of one pre-tokenized piece (cached, within the cache's budget; do not change the list)."""
        ids = self._cache.get(piece)
        return ids if ids is not None else self._new_piece_ids(piece)

    def _new_piece_ids(self, piece: str) -> list[int]:
        """`piece_ids` for a piece not in the cache: a token as it is, or merged now; then cached."""
        data = piece.encode("utf-8")
        found = self._encoder.get(data)
        if found is not None:
            ids = [found]
        else:
            ids = self._bpe(data, None if piece.isascii() else self._chars.bounds(piece, data))
        return self._cache.put(piece, ids, len(piece) + len(ids))

    def encode_single_token(self, text_or_bytes: str | bytes) -> int:
        """The id of the token whose bytes (or special text) are exactly `text_or_bytes`; TokenError if none is."""
        data = text_or_bytes.encode("utf-8") if isinstance(text_or_bytes, str) else text_or_bytes
        found = self._encoder.get(data)
        if found is None:
            try:
                found = self.special_tokens.get(data.decode("utf-8"))
            except UnicodeDecodeError:
                pass
        if found is None:
            raise TokenError(data)
        return found

    # --- decoding -----------------------------------------------------------------------------------------

    def decode_single_token_bytes(self, token: int) -> bytes:
        """The bytes of one token (a special token's are its text's); TokenError if there is no such id."""
        found = self._decoder.get(token) if isinstance(token, int) else None
        if found is None:
            self._check_id(token)
        return found

    def decode_bytes(self, tokens: Iterable[int]) -> bytes:
        """The exact bytes of `tokens`; TokenError naming an unknown id."""
        tokens = list(tokens)
        try:
            return b"".join(map(self._decoder.__getitem__, tokens))
        except (KeyError, TypeError):
            for token in tokens:
                self.decode_single_token_bytes(token)
            raise

    # --- pickling (as tiktoken: a registered encoding by name, another by its ingredients) ---------------

    def __reduce__(self):
        from . import registry

        if registry.loaded(self.name) is self:
            return registry.get_encoding, (self.name,)
        ingredients = {"pat_str": self._pat_str, "mergeable_ranks": self._mergeable_ranks, "special_tokens": self.special_tokens}
        return functools.partial(Encoding, self.name, **ingredients), ()
