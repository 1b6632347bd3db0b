"""Byte-level BPE with a ranked merge list: the model part of GPT-2's r50k_base, and of any table trained
the same way.

What this adds over the toy BPE: the starting symbols are the UTF-8 bytes of each pre-tokenized piece
(so nothing is ever unknown), and encoding replays a *ranked* list rather than the training order:

    repeat: among all adjacent pairs, take the one whose rule has the lowest rank; if that pair occurs
            more than once, merge its leftmost occurrence; then look again.
    stop:   when no adjacent pair has a rule.

Token ids: the 256 byte tokens first (in GPT-2's byte order), then one per rule (256 + rank). A
`MergeList` is one part of an `encoding.Encoding` (the pre-tokenizer, the special tokens and decoding
are the others), as `models.BPE` is one part of a `toklab.hf.Tokenizer`:

    >>> model = MergeList([["l", "o"], ["lo", "w"], ["Ġ", "low"]])
    >>> ids = model.piece_ids("low") + model.piece_ids(" lower"); ids, [model.token(i) for i in ids]
    ([257, 258, 68, 81], ['low', 'Ġlow', 'e', 'r'])

`reference.lowest_rank_merge` states the rule in a few plain lines; `toklab.rankmerge` is its one fast
version, shared with every tokenizer.json's BPE.

A piece whose characters cannot merge across some of their boundaries is merged one run of
characters at a time: every token is the merge of two tokens, so the byte pairs inside any token are
exactly the pairs (last byte of a rule's left side, first byte of its right side). Where the two bytes
on either side of a boundary are no such pair, no symbol ever spans it, and the runs on either side
merge alone exactly as they would together (a run's merges never see the other's pairs). In r50k 2,689
such pairs exist; almost every boundary between two Chinese characters is cut, so a first pass over
Chinese or Japanese text merges each character (or short run) once, not each piece.
"""

import functools
from collections.abc import Collection, Iterable

from .bytes_unicode import BYTE_ORDER, BYTE_TO_UNICODE, from_printable
from .caches import gc_paused
from .errors import ToklabError
from .rankmerge import merge_ids

__all__ = ["ENDOFTEXT", "MergeList"]

ENDOFTEXT = "<|endoftext|>"

_MADE = range(1 << 20)  # a merge's value is the id it makes: toklab.rankmerge's `made[value]` is the value

# bytes.translate table: byte -> its token id (GPT-2's 256 byte tokens are a permutation of 0-255).
_BYTE_TO_ID = bytes(BYTE_ORDER.index(b) for b in range(256))
# str.translate table: an ASCII character -> its byte in GPT-2's printable form (" " -> "Ġ").
_ASCII_PRINTABLE = {b: BYTE_TO_UNICODE[b] for b in range(128)}


class MergeList:
    """The model of a byte-level BPE published as a ranked merge list (GPT-2's vocab.bpe).

    `merges` lists the rules in rank order, each as a [left, right] pair in printable form. Token ids are
    0-255 for the bytes (GPT-2's order) and 256 + rank for merged tokens.

    `whole_tokens=True` takes an ASCII piece that is itself a token as that token without merging, as
    tiktoken's byte_pair_encode does for every table. It changes no id only where every token's own
    merges make that token, which holds for GPT-2's table (tests/test_r50k.py checks all 50,000) but
    not for every merge list (rules [b c], [a b], [ab c] make "abc", yet "abc" merges to a, bc).
    """

    def __init__(self, merges: Iterable[Collection[str]], *, whole_tokens: bool = False):
        self._tokens: list[str] = [BYTE_TO_UNICODE[b] for b in BYTE_ORDER]
        self._token_ids: dict[str, int] = {tok: i for i, tok in enumerate(self._tokens)}
        self._ranks: dict[tuple[str, str], int] = {}
        self._merge_ids: dict[int, int] = {}  # (left id << 20 | right id) -> merged id
        with gc_paused():  # 50,000 rules make 100,000 tuples and lists; none holds a cycle
            self._add_rules(merges)
        self._runs: dict[str, list[int]] = {}  # a run of characters no token crosses -> its ids
        self.whole_tokens = whole_tokens

    def _add_rules(self, merges: Iterable[Collection[str]]) -> None:
        """Append the rules in rank order; each must join two tokens made before it into a new one."""
        pairs = list(map(tuple, merges))  # tuples stay as they are; lists become the keys of _ranks
        tokens, token_ids, merge_ids = self._tokens, self._token_ids, self._merge_ids
        get, append = token_ids.get, tokens.append
        new_id = len(tokens)
        for left, right in pairs:  # the browser loads 50,000 rules at start-up: one lookup per need
            merged = left + right
            left_id, right_id = get(left), get(right)
            if left_id is None or right_id is None:
                raise ToklabError("merge_unknown_token", rank=new_id - 256, left=left, right=right)
            if merged in token_ids:
                raise ToklabError("merge_repeated", rank=new_id - 256, left=left, right=right, merged=merged)
            merge_ids[left_id << 20 | right_id] = new_id
            append(merged)
            token_ids[merged] = new_id
            new_id += 1
        self._ranks.update(zip(pairs, range(len(pairs))))

    # --- the table -------------------------------------------------------------------------------------

    def __len__(self) -> int:
        """How many tokens: 256 bytes + one per rule."""
        return len(self._tokens)

    def rank(self, left: str, right: str) -> int | None:
        """The rank of the rule merging `left` and `right` (printable form), or None."""
        return self._ranks.get((left, right))

    def token(self, token_id: int) -> str:
        """The printable form of a token id (IndexError/TypeError if there is none: `Encoding` checks)."""
        return self._tokens[token_id]

    def token_id(self, token: str) -> int | None:
        """The id of a token given in printable form, or None."""
        return self._token_ids.get(token)

    def token_lengths(self) -> list[int]:
        """Each token's length in bytes, by id (printable form: one character per byte)."""
        return list(map(len, self._tokens))

    def has_id(self, token_id: int) -> bool:
        return 0 <= token_id < len(self._tokens)

    def token_bytes(self, token_id: int) -> bytes:
        return from_printable(self._tokens[token_id])

    def decode_bytes(self, ids: list[int]) -> bytes:
        """The bytes of `ids`; IndexError or TypeError for an id that is not a token of the list."""
        if ids and min(ids) < 0:
            raise IndexError(min(ids))
        return from_printable("".join(map(self._tokens.__getitem__, ids)))

    @functools.cached_property
    def encoder(self) -> dict[bytes, int]:
        """tiktoken's view of the table, token bytes -> id, built the first time it is needed (start-up
        only reads the rules)."""
        return {from_printable(token): i for i, token in enumerate(self._tokens)}

    @functools.cached_property
    def _joinable(self) -> bytearray:
        """joinable[a << 8 | b] is 1 where some token holds byte a followed by byte b (see the module)."""
        joinable = bytearray(65536)
        for left, right in self._ranks:
            joinable[from_printable(left[-1])[0] << 8 | from_printable(right[0])[0]] = 1
        return joinable

    # --- encoding ----------------------------------------------------------------------------------------

    def piece_ids(self, piece: str) -> list[int]:
        """The ids of one pre-tokenized piece (a new list; `Encoding` caches it).

        >>> MergeList([["l", "o"], ["lo", "w"]]).piece_ids("lowly")
        [257, 75, 88]
        """
        if piece.isascii():
            if self.whole_tokens:
                found = self._token_ids.get(piece.translate(_ASCII_PRINTABLE))
                if found is not None:
                    return [found]
            return self._merge(list(piece.encode("ascii").translate(_BYTE_TO_ID)))
        return self._runs_ids(piece)

    def _runs_ids(self, piece: str) -> list[int]:
        """`piece_ids` one run of characters at a time, where no token crosses between runs (module
        docstring); each run's ids are kept, so a character merges once however many pieces hold it."""
        joinable, runs, out = self._joinable, self._runs, []
        start, last = 0, -1
        for i, char in enumerate(piece):
            o = ord(char)
            if o < 0x80:
                first = o
            elif o < 0x800:
                first = 0xC0 | o >> 6
            elif o < 0x10000:
                first = 0xE0 | o >> 12
            else:
                first = 0xF0 | o >> 18
            if i and not joinable[last << 8 | first]:
                run = piece[start:i]
                ids = runs.get(run)
                out += ids if ids is not None else self._new_run(run)
                start = i
            last = o if o < 0x80 else 0x80 | (o & 0x3F)
        run = piece[start:]
        ids = runs.get(run)
        out += ids if ids is not None else self._new_run(run)
        return out

    def _new_run(self, run: str) -> list[int]:
        ids = self._merge(list(run.encode("utf-8").translate(_BYTE_TO_ID)))
        if len(self._runs) >= 1 << 16:
            self._runs.clear()  # a bound, not a budget: a run is a few characters
        self._runs[run] = ids
        return ids

    def bpe(self, data: bytes) -> list[int]:
        """The ids of a piece's bytes after every merge (tiktoken's byte_pair_encode)."""
        return self._merge(list(data.translate(_BYTE_TO_ID)))

    def _merge(self, ids: list[int]) -> list[int]:
        """Apply the ranked merges to one piece's byte ids (`toklab.rankmerge`, the one fast path of
        `reference.lowest_rank_merge`). A merged id stands for its rank too: a lower id was learned earlier."""
        return merge_ids(ids, self._merge_ids, 20, _MADE)
