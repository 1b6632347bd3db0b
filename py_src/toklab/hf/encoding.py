"""The Encoding: what `Tokenizer.encode` gives, as `tokenizers.Encoding`, with truncation and padding.

Mirrors huggingface/tokenizers `tokenizers/src/tokenizer/encoding.rs` and `utils/truncation.rs`,
`utils/padding.rs`. An encoding is parallel lists, one entry a token: ids, type_ids (0 for the first
sequence, 1 for a pair's second), tokens, offsets (characters of its sequence), word ids (which
pre-tokenized piece it came from; None for a special token), special_tokens_mask, attention_mask;
and `overflowing`, the encodings truncation cut off. A pair merged into one encoding remembers which
tokens belong to which sequence (`sequence_ids`).

    >>> enc = Encoding([5, 6, 7], tokens=["a", "b", "c"], offsets=[(0, 1), (1, 2), (2, 3)], words=[0, 0, 1])
    >>> enc.truncate(2)
    >>> enc.tokens, [e.tokens for e in enc.overflowing]
    (['a', 'b'], [['c']])
    >>> enc.pad(4, pad_token="[PAD]")
    >>> enc.tokens, enc.attention_mask
    (['a', 'b', '[PAD]', '[PAD]'], [1, 1, 0, 0])
"""

from __future__ import annotations

import warnings

from ..caches import gc_paused
from ..errors import ToklabError
from ._config import bad

__all__ = ["Encoding", "pad_encodings", "truncate_encodings"]


class Encoding:
    """Parallel lists, one entry a token. The fast single-sequence path makes the ids at once and the
    tokens, offsets and mask only when first read (`rest` makes the three), as `tokenizers` turns its
    Rust lists into Python ones only when they are read; `full` makes the word ids then."""

    __slots__ = ("ids", "_tokens", "_offsets", "_mask", "_rest", "_type_ids", "_words", "_attention", "overflowing", "_ranges", "_full")

    def __init__(self, ids, tokens=None, offsets=None, special_tokens_mask=None, rest=None, type_ids=None, words=None,
                 attention_mask=None, overflowing=None, ranges=None, full=None):  # fmt: skip
        self.ids, self._tokens, self._offsets, self._mask, self._rest = ids, tokens, offsets, special_tokens_mask, rest
        self._type_ids, self._words, self._attention = type_ids, words, attention_mask
        self.overflowing = overflowing if overflowing is not None else []
        self._ranges = ranges if ranges is not None else {}
        self._full = full

    def _fill(self) -> None:
        if self._rest is not None:
            with gc_paused():  # hundreds of thousands of tuples, none in a cycle (as the encode that made them)
                self._tokens, self._offsets, self._mask = self._rest()
            self._rest = None
        n = len(self.ids)
        if self._mask is None:
            self._mask = [0] * n
        if self._tokens is None:
            self._tokens = [""] * n
        if self._offsets is None:
            self._offsets = [(0, 0)] * n

    @property
    def tokens(self) -> list[str]:
        self._fill()
        return self._tokens

    @tokens.setter
    def tokens(self, value) -> None:
        self._fill()
        self._tokens = value

    @property
    def offsets(self) -> list[tuple[int, int]]:
        self._fill()
        return self._offsets

    @offsets.setter
    def offsets(self, value) -> None:
        self._fill()
        self._offsets = value

    @property
    def special_tokens_mask(self) -> list[int]:
        self._fill()
        return self._mask

    @special_tokens_mask.setter
    def special_tokens_mask(self, value) -> None:
        self._fill()
        self._mask = value

    @property
    def attention_mask(self) -> list[int]:
        return list(self._attention) if self._attention is not None else [1] * len(self.ids)

    @property
    def type_ids(self) -> list[int]:
        if self._type_ids is None and self._full is not None:  # a template may give its special tokens others
            self._type_ids = self._full().type_ids
        return list(self._type_ids) if self._type_ids is not None else [0] * len(self.ids)

    @property
    def word_ids(self) -> list[int | None]:
        if self._words is None:
            self._words = self._full().word_ids if self._full is not None else [None] * len(self.ids)
        return list(self._words)

    @property
    def words(self) -> list[int | None]:
        warnings.warn("Encoding.words is deprecated: use word_ids", DeprecationWarning, stacklevel=2)
        return self.word_ids

    @property
    def sequence_ids(self) -> list[int | None]:
        out = [None] * len(self.ids)
        for seq, (a, b) in self._ranges.items():
            out[a:b] = [seq] * (b - a)
        if not self._ranges:
            out = [0] * len(self.ids)
        return out

    @property
    def n_sequences(self) -> int:
        return max(len(self._ranges), 1)

    def set_sequence_id(self, sequence_id: int) -> None:
        self._ranges = {sequence_id: (0, len(self.ids))}

    def __len__(self) -> int:
        return len(self.ids)

    def __repr__(self) -> str:
        return f"Encoding(num_tokens={len(self.ids)}, attributes=[ids, type_ids, tokens, offsets, attention_mask, special_tokens_mask, overflowing])"

    def __getstate__(self):
        self._fill()
        words = self.word_ids
        return (self.ids, self._tokens, self._offsets, self._mask, self._type_ids, words, self._attention, self.overflowing, self._ranges)

    def __setstate__(self, state):
        ids, tokens, offsets, mask, type_ids, words, attention, overflowing, ranges = state
        self.__init__(ids, tokens, offsets, mask, None, type_ids, words, attention, overflowing, ranges)

    def _columns(self) -> list[list]:
        self._fill()
        return [list(self.ids), self.type_ids, list(self._tokens), self.word_ids, list(self._offsets), list(self._mask), self.attention_mask]

    @classmethod
    def _of(cls, cols, overflowing=None, ranges=None) -> Encoding:
        ids, type_ids, tokens, words, offsets, mask, attention = cols
        return cls(ids, tokens, offsets, mask, None, type_ids, words, attention, overflowing or [], ranges or {})

    # --- where a token, a word, a character is ---

    def _range(self, sequence_index: int) -> tuple[int, int]:
        return self._ranges.get(sequence_index, (0, len(self.ids))) if self._ranges else (0, len(self.ids))

    def token_to_sequence(self, token_index: int) -> int | None:
        if not 0 <= token_index < len(self.ids):
            return None
        for seq, (a, b) in self._ranges.items():
            if a <= token_index < b:
                return seq
        return 0 if not self._ranges else None

    def token_to_chars(self, token_index: int) -> tuple[int, int] | None:
        return self.offsets[token_index] if 0 <= token_index < len(self.ids) and self.token_to_sequence(token_index) is not None else None

    def token_to_word(self, token_index: int) -> int | None:
        return self.word_ids[token_index] if 0 <= token_index < len(self.ids) else None

    def word_to_tokens(self, word_index: int, sequence_index: int = 0) -> tuple[int, int] | None:
        a, b = self._range(sequence_index)
        hits = [i for i in range(a, b) if self.word_ids[i] == word_index]
        return (hits[0], hits[-1] + 1) if hits else None

    def word_to_chars(self, word_index: int, sequence_index: int = 0) -> tuple[int, int] | None:
        span = self.word_to_tokens(word_index, sequence_index)
        return None if span is None else (self.offsets[span[0]][0], self.offsets[span[1] - 1][1])

    def char_to_token(self, char_pos: int, sequence_index: int = 0) -> int | None:
        a, b = self._range(sequence_index)
        for i in range(a, b):
            s, e = self.offsets[i]
            if s <= char_pos < e and self.word_ids[i] is not None:
                return i
        return None

    def char_to_word(self, char_pos: int, sequence_index: int = 0) -> int | None:
        token = self.char_to_token(char_pos, sequence_index)
        return None if token is None else self.word_ids[token]

    # --- changing it ---

    def truncate(self, max_length: int, stride: int = 0, direction: str = "right") -> None:
        """Keep `max_length` tokens; the rest become `overflowing` encodings of at most `max_length`
        tokens, each repeating the `stride` tokens before it (encoding.rs `truncate`)."""
        n = len(self.ids)
        if max_length >= n:
            return
        cols = self._columns()
        if max_length == 0:
            whole = Encoding._of(cols, self.overflowing, self._ranges)
            self.__init__([], [], [], [], None, [], [], [], [whole], {})
            return
        if stride >= max_length:
            raise bad("hf_bad_value", path="truncation.stride", expected=f"less than max_length ({max_length})", value=stride)
        step = max_length - stride
        parts = []
        if direction == "right":
            for start in range(0, n, step):
                stop = min(start + max_length, n)
                parts.append((start, stop))
                if stop == n:
                    break
        else:
            for stop in range(n, 0, -step):
                start = max(stop - max_length, 0)
                parts.append((start, stop))
                if start == 0:
                    break
        pieces = [[c[a:b] for c in cols] for a, b in parts]
        ranges = dict(self._ranges)
        self.__init__(*_unpack(pieces[0]), overflowing=[Encoding._of(p, None, ranges) for p in pieces[1:]], ranges=ranges)

    def pad(self, length: int, direction: str = "right", pad_id: int = 0, pad_type_id: int = 0, pad_token: str = "[PAD]") -> None:
        """Pad to `length` tokens with `pad_token` (attention 0, special 1; encoding.rs `pad`)."""
        for o in self.overflowing:
            o.pad(length, direction, pad_id, pad_type_id, pad_token)
        n = len(self.ids)
        if n >= length:
            return
        k = length - n
        ids, type_ids, tokens, words, offsets, mask, attention = self._columns()
        pads = ([pad_id] * k, [pad_type_id] * k, [pad_token] * k, [None] * k, [(0, 0)] * k, [1] * k, [0] * k)
        cols = [p + c if direction == "left" else c + p for p, c in zip(pads, (ids, type_ids, tokens, words, offsets, mask, attention))]
        ranges = {s: (a + k, b + k) for s, (a, b) in self._ranges.items()} if direction == "left" else dict(self._ranges)
        self.__init__(*_unpack(cols), overflowing=self.overflowing, ranges=ranges)

    @staticmethod
    def merge(encodings, growing_offsets: bool = True) -> Encoding:
        """One encoding of several, in order (encoding.rs `merge`): with `growing_offsets`, each one's
        offsets shifted past the end of the one before."""
        out = Encoding([], [], [], [], None, [], [], [], [], {})
        for e in encodings:
            out.merge_with(e, growing_offsets)
        return out

    def merge_with(self, pair: Encoding, growing_offsets: bool = False) -> None:
        """`pair` appended (with their overflowing encodings combined, as encoding.rs `merge_with`)."""
        a, b = self._columns(), pair._columns()
        shift = max((end for _, end in a[4]), default=0) if growing_offsets else 0
        if shift:
            b[4] = [(s + shift, e + shift) for s, e in b[4]]
        n = len(a[0])
        overflow = []
        for o in self.overflowing:
            merged = Encoding._of(o._columns(), None, dict(o._ranges))
            merged.merge_with(Encoding._of(b, None, dict(pair._ranges)), growing_offsets)
            overflow.append(merged)
            for po in pair.overflowing:
                merged = Encoding._of(o._columns(), None, dict(o._ranges))
                merged.merge_with(po, growing_offsets)
                overflow.append(merged)
        for po in pair.overflowing:
            merged = Encoding._of([list(c) for c in a], None, dict(self._ranges))
            merged.merge_with(po, growing_offsets)
            overflow.append(merged)
        ranges = dict(self._ranges)
        ranges.update({s: (x + n, y + n) for s, (x, y) in pair._ranges.items()})
        self.__init__(*_unpack([x + y for x, y in zip(a, b)]), overflowing=overflow, ranges=ranges)


def _unpack(cols) -> tuple:
    """Columns (ids, type_ids, tokens, words, offsets, mask, attention) as Encoding's arguments."""
    ids, type_ids, tokens, words, offsets, mask, attention = cols
    return ids, tokens, offsets, mask, None, type_ids, words, attention


def truncate_encodings(encoding: Encoding, pair: Encoding | None, max_length: int, stride: int = 0,
                       strategy: str = "longest_first", direction: str = "right") -> None:  # fmt: skip
    """Cut one encoding, or a pair, to `max_length` tokens in all (truncation.rs)."""
    if max_length == 0:
        encoding.truncate(0, stride, direction)
        if pair is not None:
            pair.truncate(0, stride, direction)
        return
    total = len(encoding) + (len(pair) if pair is not None else 0)
    if total <= max_length:
        return
    to_remove = total - max_length
    if strategy == "longest_first":
        if pair is None:
            encoding.truncate(max_length, stride, direction)
            return
        n1, n2 = len(encoding), len(pair)
        swap = n1 > n2
        if swap:
            n1, n2 = n2, n1
        n2 = n1 if n1 > max_length else max(n1, max_length - n1)
        if n1 + n2 > max_length:
            n1 = max_length // 2
            n2 = n1 + max_length % 2
        if swap:
            n1, n2 = n2, n1
        encoding.truncate(n1, stride, direction)
        pair.truncate(n2, stride, direction)
        return
    target = encoding if strategy == "only_first" else pair
    if target is None:
        raise ToklabError("hf_bad_value", path="truncation.strategy", expected="longest_first or only_first for a single sequence", value=f'"{strategy}"')
    if len(target) <= to_remove:
        raise ToklabError("hf_bad_value", path="truncation.max_length", expected="more than the other sequence's length", value=max_length)
    target.truncate(len(target) - to_remove, stride, direction)


def pad_encodings(encodings: list[Encoding], length: int | None, pad_to_multiple_of: int | None = None, **pad) -> None:
    """Pad every encoding to `length`, or (None) to the longest of them (padding.rs)."""
    if not encodings:
        return
    target = length if length is not None else max(len(e) for e in encodings)
    if pad_to_multiple_of and target % pad_to_multiple_of:
        target += pad_to_multiple_of - target % pad_to_multiple_of
    for e in encodings:
        e.pad(target, **pad)
