"""Byte-level BPE with a ranked merge table: GPT-2's r50k_base, and any table trained the same way.

What this adds over the toy BPE: the starting symbols are the UTF-8 bytes of each pre-tokenized piece
(so nothing is ever unknown), and encoding replays a *ranked* table rather than the training order:

    repeat: among all adjacent pairs, take the one whose rule has the lowest rank; if that pair occurs
            more than once, merge its leftmost occurrence; then look again.
    stop:   when no adjacent pair has a rule.

Rank = the 0-based line of the rule in vocab.bpe ("Ġ t" is rank 0). In r50k a merged token's id is
256 + its rank, byte tokens are ids 0-255 in GPT-2's byte order, and <|endoftext|> is 50256.

    >>> enc = get_encoding("r50k_base")
    >>> enc.encode_ordinary("tokenization")
    [30001, 1634]
    >>> [step["merged"] for step in enc.trace("tokenization")["pieces"][0]["steps"]]
    ['on', 'at', 'en', 'ion', 'ation', 'ok', 'iz', 'ization', 'oken', 'token']

`trace()` returns plain JSON-ready data; docs/protocol.md describes it.
"""

import gc
import hashlib
import heapq
import json
import re
from collections.abc import Collection, Iterable
from contextlib import contextmanager
from pathlib import Path
from typing import Literal

from .bytes_unicode import BYTE_ORDER, BYTE_TO_UNICODE, from_printable, to_printable
from .pretokenize import rule_of, split_pieces

__all__ = ["BPEEncoding", "get_encoding", "load_r50k", "MAX_CANDIDATE_BYTES"]

ENDOFTEXT = "<|endoftext|>"
R50K_SHA256 = {
    "encoder.json": "196139668be63f3b5d6574427317ae82f612a97c5d1cdaf36ed2256dbf636783",
    "vocab.bpe": "1ce1664773c50f3e0cc8842619a93edc4624525b728b188a9e0be33b7726adc5",
}
# A piece longer than this keeps every step in its trace, but not the per-step candidate ranks
# (they would grow with the square of its length).
MAX_CANDIDATE_BYTES = 256
# Pieces longer than this merge through a heap instead of rescanning the whole list each step.
_HEAP_FROM = 128
_NO_RULE = 1 << 62
_CACHE_LIMIT = 1 << 17

# bytes.translate table: byte -> its token id (GPT-2's 256 byte tokens are a permutation of 0-255).
_BYTE_TO_ID = bytes(BYTE_ORDER.index(b) for b in range(256))


def _clean(text: str) -> str:
    """Replace lone surrogates by U+FFFD as tiktoken does (a valid surrogate pair becomes its character).

    >>> _clean("a\\ud800b"), _clean("\\ud83e\\udd84")
    ('a�b', '🦄')
    """
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


class BPEEncoding:
    """A byte-level BPE encoding: a ranked merge table, GPT-2's pre-tokenizer and optional special tokens.

    `merges` lists the rules in rank order, each as a [left, right] pair in printable form. Token ids are
    0-255 for the bytes (GPT-2's order) and 256 + rank for merged tokens, then the special tokens.
    """

    def __init__(self, name: str, merges: Iterable[Collection[str]], special_tokens: dict[str, int] | None = None):
        self.name = name
        self._tokens: list[str] = [BYTE_TO_UNICODE[b] for b in BYTE_ORDER]
        self._token_ids: dict[str, int] = {tok: i for i, tok in enumerate(self._tokens)}
        self._ranks: dict[tuple[str, str], int] = {}
        self._merge_ids: dict[int, int] = {}  # (left id << 20 | right id) -> merged id
        for rank, (left, right) in enumerate(merges):
            merged = left + right
            if left not in self._token_ids or right not in self._token_ids:
                raise ValueError(f"merge rule {rank} ({left!r} {right!r}) uses a token that no earlier rule made")
            if merged in self._token_ids:
                raise ValueError(f"merge rule {rank} ({left!r} {right!r}) makes {merged!r} a second time")
            new_id = len(self._tokens)
            self._ranks[(left, right)] = rank
            self._merge_ids[self._token_ids[left] << 20 | self._token_ids[right]] = new_id
            self._tokens.append(merged)
            self._token_ids[merged] = new_id
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
        self._cache: dict[str, list[int]] = {}
        self._trace_cache: dict[str, dict] = {}
        self._info_cache: dict[str, dict] = {}

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
            raise ValueError(f"token id {token_id} is not in {self.name} (ids run from 0 to {self.n_vocab - 1})")

    # --- encoding ----------------------------------------------------------------------------------------

    def _merge(self, ids: list[int]) -> list[int]:
        """Apply the ranked merges to one piece's byte ids. Lower merged id = lower rank.

        `rk[i]` is the merged id of pair (ids[i], ids[i+1]); finding the lowest and its leftmost place
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
        """The same merges in O(n log n): a linked list of symbols and a heap of (merged id, position)."""
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

    def _encode_piece(self, piece: str) -> list[int]:
        ids = self._cache.get(piece)
        if ids is None:
            ids = self._merge(list(piece.encode("utf-8").translate(_BYTE_TO_ID)))
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
            self._cache[piece] = ids
        return ids

    def encode_ordinary(self, text: str) -> list[int]:
        """Encode `text`, treating special-token text as plain text."""
        out: list[int] = []
        cache = self._cache
        for piece in split_pieces(_clean(text)):
            ids = cache.get(piece)
            out += ids if ids is not None else self._encode_piece(piece)
        return out

    def _split_special(
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
                raise ValueError(
                    f"The text contains the special token {found.group()!r}, which is not allowed here. "
                    f"Pass allowed_special={{{found.group()!r}}} (or 'all') to encode it as its special id, "
                    f"or use encode_ordinary() to encode it as plain text."
                )
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
        text = _clean(text)
        out: list[int] = []
        for part, special in self._split_special(text, allowed_special, disallowed_special):
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

    # --- the trace ---------------------------------------------------------------------------------------

    def trace_piece(self, text: str, *, index: int = 0, start: int = 0) -> dict:
        """Every merge step of one piece (docs/protocol.md, "Piece").

        Each step merges the leftmost occurrence of the lowest-rank pair, then looks again. Pieces seen
        before share their (read-only) lists.
        """
        return self._traced(text, index, start, start + len(text))

    def _traced(self, text: str, index: int, start: int, end: int) -> dict:
        c = self._trace_cache.get(text)
        if c is None:
            c = self._trace_cache[text] = self._trace_merges(text)
            if len(self._trace_cache) >= _CACHE_LIMIT:
                self._trace_cache.clear()
        return {
            "index": index, "text": text, "start": start, "end": end, "rule": c[0], "bytes": c[1],
            "chars": c[2], "symbols": c[3], "steps": c[4], "tokens": c[5], "ids": c[6],
        }  # fmt: skip

    def _trace_merges(self, text: str) -> tuple:
        data = text.encode("utf-8")
        symbols = [BYTE_TO_UNICODE[b] for b in data]
        ranks = self._ranks
        token_ids = self._token_ids
        keep_candidates = len(data) <= MAX_CANDIDATE_BYTES
        # rk: the rank of each adjacent pair (_NO_RULE where none), shown: the same with None
        rk = [ranks.get(pair, _NO_RULE) for pair in zip(symbols, symbols[1:])]
        shown = [None if r == _NO_RULE else r for r in rk] if keep_candidates else None
        steps = []
        syms = symbols
        while rk:
            best = min(rk)
            if best == _NO_RULE:
                break
            at = rk.index(best)
            left, right = syms[at], syms[at + 1]
            merged = left + right
            syms = syms[:at] + [merged] + syms[at + 2 :]
            steps.append(
                {
                    "left": left,
                    "right": right,
                    "merged": merged,
                    "rank": best,
                    "id": token_ids[merged],
                    "position": at,
                    "candidates": shown,
                    "symbols": syms,
                }
            )
            # Only the pairs touching the new symbol change; the others keep their ranks.
            changed = []
            if at >= 1:
                changed.append(ranks.get((syms[at - 1], merged), _NO_RULE))
            if at + 1 < len(syms):
                changed.append(ranks.get((merged, syms[at + 1]), _NO_RULE))
            lo = max(at - 1, 0)
            rk = rk[:lo] + changed + rk[at + 2 :]
            if keep_candidates:
                shown = shown[:lo] + [None if r == _NO_RULE else r for r in changed] + shown[at + 2 :]
        return (
            rule_of(text), list(data), _char_spans(text), symbols, steps, syms, [token_ids[s] for s in syms]
        )  # fmt: skip

    def trace_greedy(self, text: str) -> dict:
        """The common mistake, for comparison: always merge the leftmost pair that has any rule.

        Not how GPT-2 encodes; the result can differ from `trace_piece` (see the encode lesson).
        """
        syms = [BYTE_TO_UNICODE[b] for b in text.encode("utf-8")]
        steps = []
        while True:
            at = next((i for i, pair in enumerate(zip(syms, syms[1:])) if pair in self._ranks), None)
            if at is None:
                break
            left, right = syms[at], syms[at + 1]
            syms = syms[:at] + [left + right] + syms[at + 2 :]
            steps.append(
                {
                    "left": left,
                    "right": right,
                    "merged": left + right,
                    "rank": self._ranks[(left, right)],
                    "id": self._token_ids[left + right],
                    "position": at,
                    "symbols": syms,
                }
            )
        return {"steps": steps, "tokens": syms, "ids": [self._token_ids[s] for s in syms]}

    def _summary(self, text: str, index: int, start: int, end: int) -> dict:
        """A piece without its merge steps: bytes, characters, final tokens and ids (cached per text)."""
        c = self._info_cache.get(text)
        if c is None:
            ids = self._encode_piece(text)
            c = (rule_of(text), list(text.encode("utf-8")), _char_spans(text), [self._tokens[i] for i in ids], list(ids))
            if len(self._info_cache) >= _CACHE_LIMIT:
                self._info_cache.clear()
            self._info_cache[text] = c
        return {
            "index": index, "text": text, "start": start, "end": end, "rule": c[0], "bytes": c[1],
            "chars": c[2], "tokens": c[3], "ids": c[4],
        }  # fmt: skip

    def _walk(self, text: str, allowed_special, detail) -> list[dict]:
        """`detail(piece text, index, start, end)` for each piece of `text`, special tokens as such."""
        out: list[dict] = []
        offset = 0
        with _gc_paused():
            for part, special in self._split_special(_clean(text), allowed_special, ()):
                if special:
                    out.append(self._special_piece(part, len(out), offset))
                    offset += len(part)
                    continue
                for piece_text in split_pieces(part):
                    end = offset + len(piece_text)
                    out.append(detail(piece_text, len(out), offset, end))
                    offset = end
        return out

    def pieces(self, text: str, *, allowed_special: Literal["all"] | Collection[str] = frozenset()) -> list[dict]:
        """The pre-tokenized pieces of `text` with their final tokens and ids, without merge steps.

        Special-token text is plain text unless `allowed_special` names it.
        """
        return self._walk(text, allowed_special, self._summary)

    def _special_piece(self, text: str, index: int, start: int) -> dict:
        return {
            "index": index,
            "text": text,
            "start": start,
            "end": start + len(text),
            "rule": "special",
            "bytes": list(text.encode("utf-8")),
            "chars": _char_spans(text),
            "symbols": [text],
            "steps": [],
            "tokens": [text],
            "ids": [self.special_tokens[text]],
        }

    def trace(self, text: str, *, allowed_special: Literal["all"] | Collection[str] = frozenset()) -> dict:
        """The whole encoding of `text` as data: pieces, every merge step, tokens and ids.

        Like `encode_ordinary`, special-token text is plain text unless `allowed_special` names it.
        """
        pieces = self._walk(text, allowed_special, self._traced)
        return {
            "encoding": self.name,
            "text": _clean(text),
            "ids": [i for p in pieces for i in p["ids"]],
            "pieces": pieces,
        }


@contextmanager
def _gc_paused():
    """Building a large trace creates millions of small lists; the cyclic collector would rescan them
    all again and again. They hold no cycles, so pause it meanwhile."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _char_spans(text: str) -> list[list]:
    """[first byte, end byte, character] for each character of `text`.

    >>> _char_spans("a你")
    [[0, 1, 'a'], [1, 4, '你']]
    """
    spans = []
    pos = 0
    for ch in text:
        n = len(ch.encode("utf-8"))
        spans.append([pos, pos + n, ch])
        pos += n
    return spans


def _table_dir() -> Path:
    """Where the r50k files are: inside the installed package, else the repository's assets/."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "data" / "r50k", here.parent.parent / "assets" / "r50k"):
        if (candidate / "vocab.bpe").is_file():
            return candidate
    raise FileNotFoundError(
        "The GPT-2 table (encoder.json, vocab.bpe) was not found in toklab/data/r50k/ or assets/r50k/."
    )


def load_r50k(directory: Path | None = None) -> BPEEncoding:
    """Load GPT-2's table from encoder.json and vocab.bpe, checking their sha256 and their consistency."""
    directory = Path(directory) if directory else _table_dir()
    raw = {}
    for name, expected in R50K_SHA256.items():
        data = (directory / name).read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        if digest != expected:
            raise ValueError(
                f"{directory / name} is not GPT-2's {name}: its sha256 is {digest}, expected {expected}. "
                "Restore the genuine file."
            )
        raw[name] = data.decode("utf-8")
    lines = raw["vocab.bpe"].split("\n")
    merges = [line.split(" ") for line in lines[1:] if line]
    enc = BPEEncoding("r50k_base", merges, {ENDOFTEXT: 50256})
    encoder = json.loads(raw["encoder.json"])
    if len(encoder) != 50257 or any(enc.token_id(tok) != i for tok, i in encoder.items()):
        raise ValueError("encoder.json and vocab.bpe disagree: they are not one GPT-2 table")
    return enc


_ENCODINGS: dict[str, BPEEncoding] = {}


def get_encoding(name: str) -> BPEEncoding:
    """The named encoding, loaded once. Only "r50k_base" (GPT-2) ships with toklab."""
    if name != "r50k_base":
        raise ValueError(f"unknown encoding {name!r}: toklab ships only 'r50k_base' (GPT-2)")
    if name not in _ENCODINGS:
        _ENCODINGS[name] = load_r50k()
    return _ENCODINGS[name]
