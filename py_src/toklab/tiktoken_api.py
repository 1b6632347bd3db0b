"""The rest of tiktoken's Encoding API, for toklab to stand in for tiktoken.

What this adds over `encoding`: nothing new about BPE; the conveniences and corner cases tiktoken's
users and tests rely on, each as tiktoken's Rust core does it (src/py.rs, src/lib.rs of tiktoken
0.14.0): batches (one text after another: the browser has no threads), decoding with offsets,
`_encode_bytes` for bytes that are not valid UTF-8, `encode_with_unstable` for the tokens a text's
end could still become, `token_byte_values`, `encode_to_numpy` (with numpy).

    >>> import toklab
    >>> enc = toklab.get_encoding("r50k_base")
    >>> enc.decode_with_offsets(enc.encode("hello world")), enc.encode_batch(["a", "b"])
    (('hello world', [0, 5]), [[64], [65]])

`TiktokenAPI` is a mixin of `encoding.Encoding` (it has no state nor constructor of its own); it reads
the encoding's `_encoder` (token bytes -> id), `_decoder` (id -> bytes, special tokens too),
`piece_ids`, its parts `model` (`bpe`: the merges of a whole byte string) and `pretokenizer`,
`split_special`, and its public encode/decode methods.
"""

import bisect
import functools
from collections.abc import Collection, Iterable, Sequence
from typing import Literal

from . import _uniclass
from .pretokenize import clean_surrogates

__all__ = ["TiktokenAPI"]

_AllowedSpecial = Literal["all"] | Collection[str]


class TiktokenAPI:
    """tiktoken's methods beyond encode/decode (see the module docstring)."""

    @property
    def _special_tokens(self) -> dict[str, int]:
        return self.special_tokens

    def is_special_token(self, token: int) -> bool:
        assert isinstance(token, int)
        return token in self._special_by_id

    def token_byte_values(self) -> list[bytes]:
        """Every mergeable token's bytes, sorted."""
        return sorted(self._encoder)

    def _encode_single_piece(self, text_or_bytes: str | bytes) -> list[int]:
        """BPE on the whole of `text_or_bytes`, with no pre-tokenizer split and no special tokens."""
        data = text_or_bytes.encode("utf-8") if isinstance(text_or_bytes, str) else text_or_bytes
        found = self._encoder.get(data)
        return [found] if found is not None else self.model.bpe(data) if data else []

    def _with_last_piece(self, text: str, allowed_special: _AllowedSpecial) -> tuple[list[int], int]:
        """`encode`'s ids and how many of them the last pre-tokenizer piece made (0 after a special token)."""
        out: list[int] = []
        last = 0
        for part, special in self.split_special(clean_surrogates(text), allowed_special, ()):
            if special:
                out.append(self.special_tokens[part])
                last = 0
                continue
            for piece in self.pretokenizer.split(part):
                ids = self.piece_ids(piece)
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
        self.split_special(text, allowed_special, disallowed_special)  # raises on disallowed special text
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
