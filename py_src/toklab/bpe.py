"""Byte-level BPE with a ranked merge table: the machinery of GPT-2's r50k_base, and of any table trained
the same way.

What this adds over the toy BPE: the starting symbols are the UTF-8 bytes of each pre-tokenized piece
(so nothing is ever unknown), and encoding replays a *ranked* table rather than the training order:

    repeat: among all adjacent pairs, take the one whose rule has the lowest rank; if that pair occurs
            more than once, merge its leftmost occurrence; then look again.
    stop:   when no adjacent pair has a rule.

Token ids: the 256 byte tokens first (in GPT-2's byte order), then one per rule (256 + rank), then the
special tokens.

    >>> enc = BPEEncoding("tiny", [["l", "o"], ["lo", "w"], ["Ġ", "low"]])
    >>> enc.encode("low lower"), [enc.token(i) for i in enc.encode("low lower")]
    ([257, 258, 68, 81], ['low', 'Ġlow', 'e', 'r'])
    >>> enc.decode([257, 258, 68, 81])
    'low lower'

`reference.lowest_rank_merge` states this rule in a few plain lines; `_merge` and `_merge_long` below are
its fast versions. `trace()` and friends (module `trace`) report every step as plain data.
"""

import gc
import heapq
import re
from collections.abc import Collection, Iterable
from contextlib import contextmanager
from typing import Literal

from .bytes_unicode import BYTE_ORDER, BYTE_TO_UNICODE, from_printable, to_printable
from .caches import SizedCache
from .errors import ToklabError
from .pretokenize import GPT2, clean_surrogates

__all__ = ["BPEEncoding", "ENDOFTEXT", "gc_paused"]

ENDOFTEXT = "<|endoftext|>"

# Pieces longer than this merge through a heap instead of rescanning the whole list each step.
_HEAP_FROM = 128
_NO_RULE = 1 << 62

# bytes.translate table: byte -> its token id (GPT-2's 256 byte tokens are a permutation of 0-255).
_BYTE_TO_ID = bytes(BYTE_ORDER.index(b) for b in range(256))


class BPEEncoding:
    """A byte-level BPE encoding: a ranked merge table, GPT-2's pre-tokenizer and optional special tokens.

    `merges` lists the rules in rank order, each as a [left, right] pair in printable form. Token ids are
    0-255 for the bytes (GPT-2's order) and 256 + rank for merged tokens, then the special tokens.
    """

    pretokenizer = GPT2  # cuts text into pieces (split) and names each piece's rule (rule_of)

    def __init__(self, name: str, merges: Iterable[Collection[str]], special_tokens: dict[str, int] | None = None):
        self.name = name
        self._tokens: list[str] = [BYTE_TO_UNICODE[b] for b in BYTE_ORDER]
        self._token_ids: dict[str, int] = {tok: i for i, tok in enumerate(self._tokens)}
        self._ranks: dict[tuple[str, str], int] = {}
        self._merge_ids: dict[int, int] = {}  # (left id << 20 | right id) -> merged id
        with gc_paused():  # 50,000 rules make 100,000 tuples and lists; none holds a cycle
            self._add_rules(merges)
        self.special_tokens: dict[str, int] = dict(special_tokens or {})
        for tok, i in self.special_tokens.items():
            if i < len(self._tokens) and self._tokens[i] != tok:
                raise ValueError(f"special token {tok!r} has id {i}, which is already {self._tokens[i]!r}")
        self._special_by_id = {i: tok for tok, i in self.special_tokens.items()}
        self._special_re = (
            re.compile("|".join(re.escape(t) for t in sorted(self.special_tokens, key=len, reverse=True)))
            if self.special_tokens
            else None
        )
        self._cache: SizedCache = SizedCache()  # piece -> ids, bounded by the pieces' length

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

    @property
    def n_vocab(self) -> int:
        return max(len(self._tokens), max(self._special_by_id, default=-1) + 1)

    @property
    def eot_token(self) -> int | None:
        return self.special_tokens.get(ENDOFTEXT)

    @property
    def special_tokens_set(self) -> set[str]:
        return set(self.special_tokens)

    def rank(self, left: str, right: str) -> int | None:
        """The rank of the rule merging `left` and `right` (printable form), or None."""
        return self._ranks.get((left, right))

    def token(self, token_id: int) -> str:
        """The printable form of a token id (special tokens as themselves)."""
        self._check_id(token_id)
        return self._tokens[token_id] if token_id < len(self._tokens) else self._special_by_id[token_id]

    def is_special(self, token_id: int) -> bool:
        return token_id in self._special_by_id

    def token_id(self, token: str) -> int | None:
        """The id of a token given in printable form, or None."""
        found = self._token_ids.get(token)
        return found if found is not None else self.special_tokens.get(token)

    def _check_id(self, token_id: object) -> None:
        if isinstance(token_id, bool) or not isinstance(token_id, int):
            raise TypeError(f"token ids are integers, not {token_id!r}")
        if not (0 <= token_id < len(self._tokens) or token_id in self._special_by_id):
            raise ToklabError("unknown_id", id=token_id, encoding=self.name, max_id=self.n_vocab - 1)

    # --- encoding ----------------------------------------------------------------------------------------

    def _merge(self, ids: list[int]) -> list[int]:
        """Apply the ranked merges to one piece's byte ids: `reference.lowest_rank_merge`, made fast.

        Lower merged id = lower rank, so ids stand in for symbols and ranks. `rk[i]` is the merged id of pair (ids[i], ids[i+1]); finding the lowest and its leftmost place
        are `min` and `index`, which run in C; a merge only changes the two pairs beside it.
        """
        if len(ids) > _HEAP_FROM:
            return self._merge_long(ids)
        get = self._merge_ids.get
        rk = [get(a << 20 | b, _NO_RULE) for a, b in zip(ids, ids[1:])]
        while rk:
            m = min(rk)
            if m == _NO_RULE:
                break
            i = rk.index(m)
            ids[i : i + 2] = (m,)
            if i + 1 < len(ids):
                rk[i] = get(m << 20 | ids[i + 1], _NO_RULE)
                del rk[i + 1]
            else:
                del rk[i]
            if i:
                rk[i - 1] = get(ids[i - 1] << 20 | m, _NO_RULE)
        return ids

    def _merge_long(self, ids: list[int]) -> list[int]:
        """`_merge` in O(n log n) for long pieces: a linked list of symbols and a heap of (merged id, position).

        The heap pops the lowest merged id (rank), then the lowest position: the reference's choice.
        """
        merge_ids = self._merge_ids
        n = len(ids)
        sym = list(ids)
        nxt = list(range(1, n + 1))
        prv = list(range(-1, n - 1))
        heap = [(m, i) for i in range(n - 1) if (m := merge_ids.get(sym[i] << 20 | sym[i + 1])) is not None]
        heapq.heapify(heap)
        while heap:
            m, i = heapq.heappop(heap)
            j = nxt[i]
            if sym[i] < 0 or j >= n or merge_ids.get(sym[i] << 20 | sym[j]) != m:
                continue  # a stale entry: this pair has changed since it was pushed
            sym[i], sym[j] = m, -1
            k = nxt[i] = nxt[j]
            if k < n:
                prv[k] = i
                if (mk := merge_ids.get(m << 20 | sym[k])) is not None:
                    heapq.heappush(heap, (mk, i))
            p = prv[i]
            if p >= 0 and (mp := merge_ids.get(sym[p] << 20 | m)) is not None:
                heapq.heappush(heap, (mp, p))
        return [s for s in sym if s >= 0]

    def piece_ids(self, piece: str) -> list[int]:
        """The ids of one pre-tokenized piece (cached; do not change the list).

        >>> BPEEncoding("tiny", [["l", "o"], ["lo", "w"]]).piece_ids("lowly")
        [257, 75, 88]
        """
        ids = self._cache.get(piece)
        return ids if ids is not None else self._new_piece_ids(piece)

    def _new_piece_ids(self, piece: str) -> list[int]:
        """`piece_ids` for a piece not in the cache: merged now, then cached."""
        ids = self._merge(list(piece.encode("utf-8").translate(_BYTE_TO_ID)))
        return self._cache.put(piece, ids, len(piece) + len(ids))

    def encode_ordinary(self, text: str) -> list[int]:
        """Encode `text`, treating special-token text as plain text.

        A first pass over a long text fills the piece cache with tens of thousands of small lists, none
        in a cycle: the cyclic collector, which would rescan them and everything else alive, is paused
        meanwhile (5-10% of a cold encode, more beside a large live heap).
        """
        out: list[int] = []
        get, new_piece_ids = self._cache.get, self._new_piece_ids
        with gc_paused():
            for piece in self.pretokenizer.split(clean_surrogates(text)):
                ids = get(piece)
                out += ids if ids is not None else new_piece_ids(piece)
        return out

    def split_special(
        self,
        text: str,
        allowed_special: Literal["all"] | Collection[str],
        disallowed_special: Literal["all"] | Collection[str],
    ) -> list[tuple[str, bool]]:
        """Cut `text` into (part, is_special) runs, refusing disallowed special tokens as tiktoken does."""
        allowed = self.special_tokens_set if allowed_special == "all" else set(allowed_special)
        disallowed = self.special_tokens_set - allowed if disallowed_special == "all" else set(disallowed_special)
        if disallowed:
            found = re.search("|".join(re.escape(t) for t in sorted(disallowed, key=len, reverse=True)), text)
            if found:
                raise ToklabError("disallowed_special", token=found.group())
        runs: list[tuple[str, bool]] = []
        pos = 0
        if allowed and self._special_re is not None:
            for m in self._special_re.finditer(text):
                if m.group() in allowed:
                    runs.append((text[pos : m.start()], False))
                    runs.append((m.group(), True))
                    pos = m.end()
        runs.append((text[pos:], False))
        return [run for run in runs if run[0]]

    def encode(
        self,
        text: str,
        *,
        allowed_special: Literal["all"] | Collection[str] = frozenset(),
        disallowed_special: Literal["all"] | Collection[str] = "all",
    ) -> list[int]:
        """Encode `text`. Special-token text raises ValueError unless allowed (then it becomes its id)."""
        text = clean_surrogates(text)
        out: list[int] = []
        for part, special in self.split_special(text, allowed_special, disallowed_special):
            out += [self.special_tokens[part]] if special else self.encode_ordinary(part)
        return out

    def encode_single_token(self, token: bytes | str) -> int:
        """The id of the token whose bytes (or special text) are exactly `token`; ValueError if none is."""
        if isinstance(token, str):
            token = token.encode("utf-8")
        special = self.special_tokens.get(token.decode("utf-8", "replace"))
        if special is not None:
            return special
        found = self._token_ids.get(to_printable(token))
        if found is None:
            raise ValueError(f"{token!r} is not a single token of {self.name}")
        return found

    # --- decoding ----------------------------------------------------------------------------------------

    def decode_single_token_bytes(self, token_id: int) -> bytes:
        self._check_id(token_id)
        if token_id >= len(self._tokens):
            return self._special_by_id[token_id].encode("utf-8")
        return from_printable(self._tokens[token_id])

    def decode_bytes(self, ids: Iterable[int]) -> bytes:
        """The exact bytes of `ids`. Raises ValueError naming an unknown id."""
        return b"".join(self.decode_single_token_bytes(i) for i in ids)

    def decode(self, ids: Iterable[int], errors: str = "replace") -> str:
        """The text of `ids`; invalid UTF-8 becomes U+FFFD (like tiktoken) unless `errors` says otherwise."""
        return self.decode_bytes(ids).decode("utf-8", errors=errors)

    # --- the trace (module `trace`) ------------------------------------------------------------------------

    def trace(self, text: str, *, allowed_special: Literal["all"] | Collection[str] = frozenset()) -> dict:
        """The whole encoding of `text` as data: pieces, every merge step, tokens and ids.

        Like `encode_ordinary`, special-token text is plain text unless `allowed_special` names it.
        """
        from . import trace

        return trace.trace(self, text, allowed_special=allowed_special)

    def trace_piece(self, text: str, *, index: int = 0, start: int = 0) -> dict:
        """Every merge step of one piece (docs/protocol.md, "Piece")."""
        from . import trace

        return trace.trace_piece(self, text, index=index, start=start)

    def trace_greedy(self, text: str) -> dict:
        """The common mistake, for comparison: always merge the leftmost pair that has any rule."""
        from . import trace

        return trace.trace_greedy(self, text)

    def pieces(self, text: str, *, allowed_special: Literal["all"] | Collection[str] = frozenset()) -> list[dict]:
        """The pieces of `text` with their final tokens and ids, without merge steps or character spans."""
        from . import trace

        return trace.pieces(self, text, allowed_special=allowed_special)


@contextmanager
def gc_paused():
    """Building a table or a large trace creates millions of small lists; the cyclic collector would
    rescan them all again and again. They hold no cycles, so pause it meanwhile."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
