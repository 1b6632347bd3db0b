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

The constructor and methods are tiktoken's (`toklab` can stand in for `tiktoken`): encode,
encode_ordinary, the batch forms (run one after another: the browser has no threads), decode and its
relatives, `_encode_bytes`, `encode_with_unstable`, pickling. Unknown ids and tokens raise `TokenError`,
a KeyError as in tiktoken and a ValueError as elsewhere in toklab.
"""

import binascii
import bisect
import functools
import heapq
from collections.abc import Collection, Iterable, Sequence
from typing import Literal

from . import _uniclass
from .bpe import BPEEncoding
from .bytes_unicode import from_printable, to_printable
from .patterns import pretokenizer
from .pretokenize import clean_surrogates

__all__ = ["Encoding", "TokenError", "load_tiktoken_bpe", "tiny_ranks"]

_NO_RANK = 1 << 62
_HEAP_FROM = 128  # pieces longer than this merge through a heap
_CACHE_LIMIT = 1 << 17
_AllowedSpecial = Literal["all"] | Collection[str]


class TokenError(KeyError, ValueError):
    """An id or token that is not in the encoding (tiktoken raises KeyError; toklab's callers expect ValueError)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


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


class Encoding(BPEEncoding):
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

    def __repr__(self) -> str:
        return f"<Encoding {self.name!r}>"

    # --- the table ----------------------------------------------------------------------------------------

    @property
    def n_vocab(self) -> int:
        """For backwards compatibility (tiktoken): max_token_value + 1."""
        return self.max_token_value + 1

    @property
    def _special_tokens(self) -> dict[str, int]:
        return self.special_tokens

    def _check_id(self, token_id: object) -> None:
        if isinstance(token_id, bool) or not isinstance(token_id, int):
            raise TypeError(f"token ids are integers, not {token_id!r}")
        if token_id not in self._decoder:
            raise TokenError(f"token id {token_id} is not in {self.name} (ids run from 0 to {self.n_vocab - 1})")

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

    def is_special_token(self, token: int) -> bool:
        assert isinstance(token, int)
        return token in self._special_by_id

    def token_byte_values(self) -> list[bytes]:
        """Every mergeable token's bytes, sorted."""
        return sorted(self._encoder)

    # --- encoding -----------------------------------------------------------------------------------------

    def _bpe(self, piece: bytes) -> list[int]:
        """The ids of one piece's bytes after every merge (tiktoken's byte_pair_encode).

        `bounds` holds where each symbol starts (and the end); `rk[i]` the rank of symbols i and i+1
        together. The lowest and its leftmost place are `min` and `index`, which run in C.
        """
        get = self._encoder.get
        if len(piece) > _HEAP_FROM:
            return self._bpe_long(piece)
        bounds = list(range(len(piece) + 1))
        rk = [get(piece[i : i + 2], _NO_RANK) for i in range(len(piece) - 1)]
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

    def _bpe_long(self, piece: bytes) -> list[int]:
        """The same merges in O(n log n): symbols as a linked list of spans, a heap of (rank, start)."""
        get = self._encoder.get
        n = len(piece)
        end = list(range(1, n + 1))  # end[i]: where the symbol starting at i ends (if one does)
        prev = list(range(-1, n - 1))
        alive = [True] * n
        heap = [(r, i) for i in range(n - 1) if (r := get(piece[i : i + 2])) is not None]
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

    def _encode_piece(self, piece: str) -> list[int]:
        ids = self._cache.get(piece)
        if ids is None:
            data = piece.encode("utf-8")
            found = self._encoder.get(data)
            ids = [found] if found is not None else self._bpe(data)
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
            self._cache[piece] = ids
        return ids

    def _encode_single_piece(self, text_or_bytes: str | bytes) -> list[int]:
        """BPE on the whole of `text_or_bytes`, with no pre-tokenizer split and no special tokens."""
        data = text_or_bytes.encode("utf-8") if isinstance(text_or_bytes, str) else text_or_bytes
        found = self._encoder.get(data)
        return [found] if found is not None else self._bpe(data) if data else []

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

    def _with_last_piece(self, text: str, allowed_special: _AllowedSpecial) -> tuple[list[int], int]:
        """`encode`'s ids and how many of them the last pre-tokenizer piece made (0 after a special token)."""
        out: list[int] = []
        last = 0
        for part, special in self._split_special(clean_surrogates(text), allowed_special, ()):
            if special:
                out.append(self.special_tokens[part])
                last = 0
                continue
            for piece in self.pretokenizer.split(part):
                ids = self._encode_piece(piece)
                out += ids
                last = len(ids)
        return out, last

    def _all_space(self, token: int) -> bool:
        data = self._decoder.get(token) if token not in self._special_by_id else None
        return data is not None and all(b in b" \n\t" for b in data)

    def _widen_last_piece(self, tokens: list[int], last: int) -> int:
        """tiktoken's fix for unstable splits: a last piece of all-space tokens takes the ones before it."""
        if last > 0 and self._all_space(tokens[-last]):
            while last < len(tokens) and self._all_space(tokens[-last - 1]):
                last += 1
        return last

    def _encode_bytes(self, data: bytes) -> list[int]:
        """Encode bytes that may not be valid UTF-8 (tiktoken's best guess at where the pieces split)."""
        try:
            return self.encode_ordinary(data.decode("utf-8"))
        except UnicodeDecodeError as e:
            valid = e.start
        tokens, last = self._with_last_piece(data[:valid].decode("utf-8"), ())
        last = self._widen_last_piece(tokens, last)
        if tokens and last > 0:
            unstable = self.decode_bytes(tokens[-last:]) + data[valid:]
            del tokens[-last:]
        else:
            unstable = data[valid:]
        return tokens + self._encode_single_piece(unstable)

    def encode_with_unstable(
        self, text: str, *, allowed_special: _AllowedSpecial = frozenset(), disallowed_special: _AllowedSpecial = "all"
    ) -> tuple[list[int], list[list[int]]]:
        """The stable tokens of `text`, and the token sequences that could continue it (tiktoken's)."""
        self._split_special(text, allowed_special, disallowed_special)  # raises on disallowed special text
        tokens, last = self._with_last_piece(text, allowed_special)
        if last == 0:
            return tokens, []
        last = self._widen_last_piece(tokens, last)
        unstable = self.decode_bytes(tokens[-last:])
        del tokens[-last:]
        completions: set[tuple[int, ...]] = set()
        if not unstable:
            return tokens, []
        for token_bytes in self._starting_with(unstable):
            completions.add((self._encoder[token_bytes],))
        for i in range(1, len(unstable)):
            prefix, suffix = unstable[:i], unstable[i:]
            for token_bytes in self._starting_with(suffix):
                possibility = prefix + token_bytes
                try:
                    encoded = self.encode_ordinary(possibility.decode("utf-8"))
                except UnicodeDecodeError:
                    encoded = self._encode_single_piece(possibility)
                seq, seq_len = [], 0
                for token in encoded:
                    seq.append(token)
                    seq_len += len(self._decoder[token])
                    if seq_len >= len(unstable):
                        break
                completions.add(tuple(seq))
        if len(unstable) > 1:
            last_char = _last_char(unstable)
            if last_char is not None and _is_space(last_char[0]) and len(unstable) > last_char[1]:
                cut = len(unstable) - last_char[1]
                completions.add(tuple(self._encode_single_piece(unstable[:cut]) + self._encode_single_piece(unstable[cut:])))
        return tokens, [list(c) for c in completions]

    @functools.cached_property
    def _sorted_token_bytes(self) -> list[bytes]:
        return sorted(self._encoder)

    def _starting_with(self, prefix: bytes) -> Iterable[bytes]:
        tokens = self._sorted_token_bytes
        i = bisect.bisect_left(tokens, prefix)
        while i < len(tokens) and tokens[i].startswith(prefix):
            yield tokens[i]
            i += 1

    def encode_batch(
        self,
        text: list[str],
        *,
        num_threads: int = 8,
        allowed_special: _AllowedSpecial = frozenset(),
        disallowed_special: _AllowedSpecial = "all",
    ) -> list[list[int]]:
        """`encode` for each text, in order (`num_threads` is accepted for tiktoken's sake and unused)."""
        return [self.encode(t, allowed_special=allowed_special, disallowed_special=disallowed_special) for t in text]

    def encode_ordinary_batch(self, text: list[str], *, num_threads: int = 8) -> list[list[int]]:
        return [self.encode_ordinary(t) for t in text]

    def encode_to_numpy(
        self, text: str, *, allowed_special: _AllowedSpecial = frozenset(), disallowed_special: _AllowedSpecial = "all"
    ):
        """`encode` as a numpy array of uint32 (needs numpy)."""
        import numpy as np

        ids = self.encode(text, allowed_special=allowed_special, disallowed_special=disallowed_special)
        return np.array(ids, dtype=np.uint32)

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

    def decode_tokens_bytes(self, tokens: Sequence[int]) -> list[bytes]:
        return [self.decode_single_token_bytes(token) for token in tokens]

    def decode_with_offsets(self, tokens: Sequence[int]) -> tuple[str, list[int]]:
        """The text and, for each token, the index of the first character holding any of its bytes."""
        token_bytes = self.decode_tokens_bytes(tokens)
        text_len = 0
        offsets = []
        for token in token_bytes:
            offsets.append(max(0, text_len - (0x80 <= token[0] < 0xC0)))
            text_len += sum(1 for c in token if not 0x80 <= c < 0xC0)
        return b"".join(token_bytes).decode("utf-8", errors="strict"), offsets

    def decode_batch(self, batch: Sequence[Sequence[int]], *, errors: str = "replace", num_threads: int = 8) -> list[str]:
        return [self.decode(tokens, errors=errors) for tokens in batch]

    def decode_bytes_batch(self, batch: Sequence[Sequence[int]], *, num_threads: int = 8) -> list[bytes]:
        return [self.decode_bytes(tokens) for tokens in batch]

    # --- pickling (as tiktoken: a registered encoding by name, another by its ingredients) ---------------

    def __getstate__(self) -> object:
        from . import registry

        if registry.loaded(self.name) is self:
            return self.name
        return {
            "name": self.name,
            "pat_str": self._pat_str,
            "mergeable_ranks": self._mergeable_ranks,
            "special_tokens": self.special_tokens,
        }

    def __setstate__(self, value: object) -> None:
        from . import registry

        if isinstance(value, str):
            self.__dict__ = registry.get_encoding(value).__dict__
            return
        Encoding.__init__(self, **value)


def _is_space(char: str) -> bool:
    """Unicode White_Space (Rust's char::is_whitespace, and `regex`'s \\s), not Python's str.isspace."""
    return any(a <= ord(char) <= b for a, b in _uniclass.SPACE)


def _last_char(data: bytes) -> tuple[str, int] | None:
    """The last UTF-8 character of `data` and its length in bytes, or None if the end is not one."""
    for size in range(1, min(4, len(data)) + 1):
        try:
            return data[-size:].decode("utf-8"), size
        except UnicodeDecodeError:
            continue
    return None
