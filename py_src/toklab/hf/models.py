"""The model: BPE, which turns one pre-tokenized piece into token ids by ranked merges.

Mirrors huggingface/tokenizers `tokenizers/src/models/bpe/model.rs` (`merge_word`, `tokenize_with_cache`)
and `word.rs` (`merge_all`). A piece starts as one symbol per character (with `continuing_subword_prefix`
before every character but the first and `end_of_word_suffix` after the last, when they are set); a
character that is not in the vocabulary becomes its UTF-8 bytes as `<0xE4>`-style tokens with
`byte_fallback` (only if every one of its bytes has a token), else `unk_token` (consecutive ones fused
into one with `fuse_unk`), else nothing. Then merges apply as in `toklab.reference.lowest_rank_merge`:
the pair with the lowest rank first, its leftmost occurrence on ties. A merge's *rank* is its index in
`merges`; the id of what it makes comes from `vocab` (in these files the id is not the rank):

    >>> bpe = BPE(vocab={"a": 0, "b": 1, "c": 2, "ab": 3, "abc": 4}, merges=[("a", "b"), ("ab", "c")])
    >>> [(t.id, t.value, t.offsets) for t in bpe.tokenize("abcab")]
    [(4, 'abc', (0, 3)), (3, 'ab', (3, 5))]
    >>> BPE(vocab={"<unk>": 0, "a": 1}, unk_token="<unk>", fuse_unk=True).tokenize("xya")[0]
    Token(id=0, value='<unk>', offsets=(0, 2))

With `ignore_merges` (Llama 3), a piece that is itself in the vocabulary is that one token, whatever
the merges would make of it. toklab's BPE is deterministic: a model may be given a `dropout` (as the
bindings allow), but encoding with one above 0 is refused, and so is a tokenizer.json with one. The merging
itself is `toklab.rankmerge`, the one fast path of rank BPE on ids (long pieces through a heap: Gemma 3 has
no pre-tokenizer to speak of, so a 10,000-character run is one piece).

The tables are held compactly (issue 39): the vocabulary as one string and offsets (`toklab.hf.vocab.Tokens`;
`vocab` and `vocab_r` are read-only mappings over it), the merges as a `toklab.rankmerge.PairTable` whose
values are ranks, `_made[rank]` the id a merge makes, and the list of merges made from the table only when
asked. A vocabulary whose ids do not run 0..n-1 (a hand-made file) stays the dicts it is.
"""

from __future__ import annotations

import itertools
import json
import os
import re
from array import array
from bisect import bisect_left, bisect_right
from itertools import accumulate, chain, compress, islice, repeat
from operator import eq, gt, sub

from ..bytes_unicode import BYTE_TO_UNICODE
from ..caches import SizedCache
from ..errors import ToklabError
from ..rankmerge import PairTable, merge_ids
from ._config import bad, expect
from . import unigram as _unigram
from . import wordpiece as _wordpiece
from .bases import Model, Token
from .unigram import Unigram
from .vocab import Tokens
from .wordpiece import WordLevel, WordPiece

__all__ = ["BPE", "Model", "Token", "Unigram", "WordLevel", "WordPiece", "from_config", "options"]

_BUILDS = itertools.count(1)
_NO_RANK = 1 << 62
_CHAR_BYTES = bytes(0 if b < 0xC2 else 2 if b < 0xE0 else 3 if b < 0xF0 else 4 for b in range(256))  # by first byte
_OPTIONS = frozenset(("unk_token", "continuing_subword_prefix", "end_of_word_suffix", "fuse_unk", "byte_fallback", "ignore_merges"))


def rank_order(counts: array, rights: array, ranks: array) -> tuple[array, array]:
    """(left, right) string numbers of the merges in rank order, from the pair order.

    >>> [a.tolist() for a in rank_order(array("I", [2, 0, 1]), array("I", [1, 2, 0]), array("I", [1, 0, 2]))]
    [[0, 0, 2], [2, 1, 0]]
    """
    lefts = array("I", chain.from_iterable(map(repeat, range(len(counts)), counts)))
    by_rank = sorted(range(len(ranks)), key=ranks.__getitem__)
    return array("I", map(lefts.__getitem__, by_rank)), array("I", map(rights.__getitem__, by_rank))


class BPE(Model):
    """Byte-pair encoding from a vocabulary (token -> id) and ranked merges (pairs of tokens)."""

    def __init__(
        self,
        vocab: dict[str, int] | None = None,
        merges: list | None = None,
        cache_capacity: int | None = None,
        dropout: float | None = None,
        unk_token: str | None = None,
        continuing_subword_prefix: str | None = None,
        end_of_word_suffix: str | None = None,
        fuse_unk: bool = False,
        byte_fallback: bool = False,
        ignore_merges: bool = False,
    ):
        self.dropout = dropout
        self.unk_token = unk_token
        self.continuing_subword_prefix = continuing_subword_prefix
        self.end_of_word_suffix = end_of_word_suffix
        self.fuse_unk = bool(fuse_unk)
        self.byte_fallback = bool(byte_fallback)
        self.ignore_merges = bool(ignore_merges)
        self.cache_capacity = cache_capacity
        if isinstance(vocab, (str, os.PathLike)):  # the bindings take the two files' paths too
            vocab, merges = BPE.read_file(vocab, merges)
        self.vocab = dict(vocab or {})
        self.merges = [tuple(m) for m in (merges or [])]
        self._build()

    @staticmethod
    def read_file(vocab: str, merges: str) -> tuple[dict[str, int], list[tuple[str, str]]]:
        """vocab.json and merges.txt (GPT-2's layout: a `#version` line, then "left right" lines)."""
        with open(vocab, encoding="utf-8") as f:
            try:
                table = expect(json.load(f), dict, "vocab", "an object of token: id")
            except json.JSONDecodeError as e:
                raise ToklabError("hf_bad_json", line=e.lineno, column=e.colno) from None
        pairs = []
        with open(merges, encoding="utf-8") as f:
            for k, line in enumerate(f.read().splitlines()):
                pair = _merge_pair(line, f"merges[{k}]") if line else None
                if pair is not None:
                    pairs.append(pair)
        return table, pairs

    @classmethod
    def from_file(cls, vocab: str, merges: str, **kwargs) -> BPE:
        return cls(*cls.read_file(vocab, merges), **kwargs)

    @property
    def merges(self) -> list[tuple[str, str]]:
        """The merges as (left, right) pairs, rank order. A model keeps them only in its pair table
        (`_merges`) where that says them all (no pair given twice, one name per id): the list is made
        from it when asked."""
        if self._merge_list is None:
            self._merge_list = self._listed_merges()
        return self._merge_list

    @merges.setter
    def merges(self, value) -> None:
        self._merge_list = value

    def _listed_merges(self) -> list[tuple[str, str]]:
        """The merges from the pair table, in rank order (the left of each pair from its run's place)."""
        table, name, shift = self._merges, self.vocab_r.__getitem__, self._shift
        starts = table.starts
        lefts = chain.from_iterable(map(repeat, range(len(starts) - 1), map(sub, islice(starts, 1, None), starts)))
        pairs = sorted(zip(table.vals, lefts, table.rights))
        return [(name(a), name(b)) for _, a, b in pairs]

    @classmethod
    def _from_packed(cls, options: dict, strings: list[str] | Tokens, n_vocab: int, ids, pairs, made) -> BPE | None:
        """The model straight from the compact form's arrays (`toklab.hf.compact.load_tokenizer`):
        `strings[k]` is token k's text, `ids` (None: 0, 1, 2, ...) its id; `pairs` the merges as
        (counts, rights, ranks) in pair order (`rank_order`), merge r making strings made[r].
        Where the ids run 0, 1, 2, ... (every shipped file) the pair table is those arrays as they are:
        no sort, no loop per token or merge in Python. None if the arrays do not describe a valid model
        (a merge naming a string outside the vocabulary, a pair given twice, ids that do not run
        0..n-1): `from_config` then says what is wrong, or reads it as it is."""
        counts, rights, ranks = pairs
        n_merges = len(ranks)
        if len(made) != n_merges or n_vocab > len(strings):
            return None
        if n_merges and (max(rights) >= n_vocab or max(made) >= n_vocab or any(islice(counts, n_vocab, None))):
            return None
        left = right = in_order = None
        if ids is None:
            by_id = strings[:n_vocab] if len(strings) > n_vocab and isinstance(strings, list) \
                else Tokens(list(islice(strings, n_vocab))) if len(strings) > n_vocab else strings
            starts = array("I", accumulate(islice(counts, n_vocab), initial=0))
            same = compress(range(1, n_merges), map(eq, rights[1:], rights))  # a right as the one before it,
            if all(starts[bisect_left(starts, k)] == k for k in same):  # each first in its left's run: no pair twice
                in_order = (starts, rights, ranks)
        else:
            if sorted(ids) != list(range(n_vocab)):
                return None
            by_id = [""] * n_vocab
            for k, i in enumerate(ids):
                by_id[i] = strings[k]
            made = array("I", map(ids.__getitem__, made))
        if in_order is None:
            left, right = rank_order(counts, rights, ranks)
            if ids is not None:
                left, right = array("I", map(ids.__getitem__, left)), array("I", map(ids.__getitem__, right))
        model = cls.__new__(cls)
        model._set_options(options)
        model._version = next(_BUILDS)
        model._tokens = by_id if isinstance(by_id, Tokens) else Tokens(by_id)  # distinct: `pack` took them from a JSON object's keys
        del by_id
        model.vocab, model.vocab_r = model._tokens.ids(), model._tokens.names()
        model._pairs(left, right, made, n_vocab, in_order)
        if len(model._merges) != n_merges:
            return None  # a pair given twice: from_config keeps the merges as given
        model._finish()
        return model

    def _pairs(self, left, right, made, n_ids: int, in_order: tuple | None = None) -> None:
        """The pair table of merges whose ids are left[r], right[r] -> made[r]: each pair's value is its
        rank r, `_made[r]` the id it makes; or, `in_order`, the table's own arrays (starts, rights,
        ranks) as the compact form holds them."""
        self._shift = shift = max((n_ids - 1).bit_length(), 1)
        self._made = made if isinstance(made, array) else array("I", made)
        if in_order is not None:
            self._merges = PairTable.from_sorted(*in_order, shift)
        else:
            self._merges = PairTable(left, right, range(len(left)), shift, n_ids)
        self._merge_list = None

    def _finish(self) -> None:
        """What the engine reads beside the tables: each token's length by id, the caches."""
        tokens = self._tokens
        if tokens is not None:
            self._lens = tokens.lengths()
            self._chars = tokens.chars
        else:
            self._lens = {i: len(t) for i, t in self.vocab_r.items()}
            self._chars = {t: i for t, i in self.vocab.items() if len(t) == 1}
        self._simple = not (self.continuing_subword_prefix or self.end_of_word_suffix)
        self._cache = SizedCache(1 << 20) if self.cache_capacity != 0 else None
        self._cutter = False  # not looked at yet (`cutter`)
        self._units, self._seal = {}, None  # byte-level start (`_byte_start`): made on first need

    def __setattr__(self, name, value):
        """An option set on a model already built (as the bindings allow) rebuilds it, so encoding follows."""
        object.__setattr__(self, name, value)
        if name in _OPTIONS and "_merges" in self.__dict__:
            self._build()

    def _set_options(self, d: dict) -> None:
        """The options of a checked model config (`options`)."""
        self.dropout, self.cache_capacity = d["dropout"], None
        self.unk_token, self.continuing_subword_prefix = d["unk_token"], d["continuing_subword_prefix"]
        self.end_of_word_suffix = d["end_of_word_suffix"]
        self.fuse_unk, self.byte_fallback, self.ignore_merges = d["fuse_unk"], d["byte_fallback"], d["ignore_merges"]

    def _build(self, path: str = "model") -> None:
        """Index the vocabulary and the merges; a merge naming a token not in the vocabulary is an error.
        A vocabulary whose ids run 0..n-1, one token each (every file seen), is held compactly
        (`toklab.hf.vocab.Tokens`); any other stays the dicts it is."""
        merges = self.merges
        vocab = self.vocab
        self._version = next(_BUILDS)  # unique to this build: tells caches made with another to empty
        prefix_len = len(self.continuing_subword_prefix or "")
        left, right, made = array("I"), array("I"), array("I")
        for rank, (a, b) in enumerate(merges):
            m = a + b[prefix_len:]
            for token in (a, b, m):
                if token not in vocab:
                    raise bad("hf_unknown_merge_token", path=f"{path}.merges[{rank}]", left=a, right=b, token=token)
            left.append(vocab[a])
            right.append(vocab[b])
            made.append(vocab[m])
        n = len(vocab)
        by_id = [None] * n
        for t, i in vocab.items():
            if type(i) is int and 0 <= i < n:
                by_id[i] = t
        if None not in by_id:
            self._tokens = Tokens(by_id)
            self.vocab, self.vocab_r = self._tokens.ids(), self._tokens.names()
        else:
            self._tokens = None
            self.vocab = vocab if isinstance(vocab, dict) else dict(vocab.items())
            self.vocab_r = {i: t for t, i in self.vocab.items()}
        del by_id
        top = max(self.vocab.values(), default=0)
        self._pairs(left, right, made, top + 1)
        if self._tokens is None or len(self._merges) != len(merges):
            self._merge_list = merges  # the table does not say them all: keep the list
        self._finish()

    def cutter(self):
        """A function that cuts pieces (SentencePiece-style text: ▁ for spaces) before each ▁ that no
        merge can cross, or None where this model has no such place; made on first use.

        Why it is exact. A merge joins two adjacent symbols into the token they spell, which is in the
        vocabulary. So if no token of the vocabulary holds the two characters c▁, no merge ever joins a
        symbol ending in c to one starting with ▁: the piece merges as its two parts would alone
        (merges on either side never meet, and each side takes its own lowest-rank, leftmost merge in
        the same order). It applies when a symbol's text ends with its character: not after a
        character missing from the vocabulary (its `<0xE4>` or `<unk>` symbol ends in ">"), and only
        when no prefix or suffix is added to symbols. It also needs every character to give a symbol
        (byte fallback with all 256 byte tokens, or an unknown token): a character dropped for want of
        one shifts the offsets of the rest of its piece (`_char_spans`), which a cut would reset.
        `tests/test_hf_speed.py` checks it against `reference.py` and `tokenizers`.

        >>> bpe = BPE(vocab={"a": 0, "▁": 1, "b": 2, "▁b": 3, "a▁": 4, "<unk>": 5}, merges=[("▁", "b"), ("a", "▁")], unk_token="<unk>")
        >>> bpe.cutter()(["b▁b▁a▁b"], None)
        (['b', '▁b', '▁a▁b'], None)
        """
        if self.dropout:
            raise bad("hf_unsupported", path="model.dropout", value=self.dropout)
        if self._cutter is False:
            self._cutter = self._make_cutter()
        return self._cutter

    def _make_cutter(self):
        vocab, mark = self.vocab, "\u2581"
        if not self._simple or mark not in vocab:
            return None
        every_byte = self.byte_fallback and all(f"<0x{b:02X}>" in vocab for b in range(256))
        if not (every_byte or self.unk_token is not None and self.unk_token in vocab):
            return None
        crossing = {t[k - 1] for t in vocab if mark in t[1:] for k in range(1, len(t)) if t[k] == mark}
        if len(crossing) > 64:
            return None  # ▁ joins too many characters: few places to cut, not worth the look
        unsafe, chars = crossing | {">"}, self._chars
        words = re.compile(f"{mark}*[^{mark}]+|{mark}+").findall

        def cut(pieces: list[str], starts: list[int] | None) -> tuple[list[str], list[int] | None]:
            out, out_starts = [], None if starts is None else []
            for k, piece in enumerate(pieces):
                if mark not in piece:
                    parts = [piece]
                else:
                    parts = []
                    for w in words(piece):
                        last = parts[-1][-1] if parts else None
                        if last is None or last in unsafe or last not in chars:
                            if parts:
                                parts[-1] += w
                            else:
                                parts.append(w)
                        else:
                            parts.append(w)
                if out_starts is not None:
                    at = starts[k]
                    for p in parts:
                        out_starts.append(at)
                        at += len(p)
                out.extend(parts)
            return out, out_starts

        return cut

    # --- the tokenizers API --------------------------------------------------------------------------

    def get_vocab(self) -> dict[str, int]:
        return dict(self.vocab.items())

    def get_vocab_size(self) -> int:
        return len(self.vocab)

    def token_to_id(self, token: str) -> int | None:
        return self.vocab.get(token)

    def id_to_token(self, id: int) -> str | None:
        return self.vocab_r.get(id)

    def tokenize(self, sequence: str) -> list[Token]:
        """The piece's tokens, each with its character span in the piece."""
        return [Token(i, self.vocab_r[i], (a, b)) for i, a, b in self.tokenize_spans(sequence)]

    # --- the engine --------------------------------------------------------------------------------

    def tokenize_spans(self, piece: str) -> list[tuple[int, int, int]]:
        """(id, start, end) for each token of `piece` (characters of the piece), cached."""
        cache = self._cache
        if cache is not None:
            found = cache.get(piece)
            if found is not None:
                return found
        out = self._tokenize(piece)
        if cache is not None:
            cache.put(piece, out, len(piece) + 3 * len(out))
        return out

    def _tokenize(self, piece: str, source: str | None = None) -> list[tuple[int, int, int]]:
        """(id, start, end) of each token of `piece` (`_columns`)."""
        return list(zip(*self._columns(piece, source)))

    def _columns(self, piece: str, source: str | None = None) -> tuple[list, list, list]:
        """The ids of the tokens of `piece`, and where each starts and ends (characters of the piece), as
        three lists; `source`, when given, is the text whose UTF-8 bytes `piece` shows one character a
        byte (ByteLevel): the merging may then start from whole characters (`_byte_start`)."""
        if self.dropout:
            raise bad("hf_unsupported", path="model.dropout", value=self.dropout)
        if not piece:
            return [], [], []
        if self.ignore_merges:
            whole = self.vocab.get(piece)
            if whole is not None:
                return [whole], [0], [len(piece)]
        ids = None if source is None or source.isascii() or not self._simple else self._byte_start(source)
        ids, spans = (ids, None) if ids is not None else self.symbols(piece)
        if spans is None and self._simple:
            ids = merge_ids(ids, self._merges, self._shift, self._made)
            ends = list(accumulate(map(self._lens.__getitem__, ids)))
            return ids, [0, *ends[:-1]], ends
        if spans is None:
            spans = [(k, k + 1) for k in range(len(piece))]
        ids = merge_ids(ids, self._merges, self._shift, self._made, spans)
        return ids, [a for a, _ in spans], [b for _, b in spans]

    @staticmethod
    def _char_spans(piece: str, byte_lens: list[int]) -> list[tuple[int, int]]:
        """Symbols' character spans from their byte lengths, laid end to end from the piece's start as
        word.rs lays them (so a character dropped for want of an unk token shifts those after it)."""
        if piece.isascii():
            char_at = range(len(piece))
        else:
            char_at = [k for k, c in enumerate(piece) for _ in range(len(c.encode("utf-8")))]
        spans, pos, last = [], 0, len(char_at) - 1
        for n in byte_lens:
            a, b = min(pos, last), min(pos + n, len(char_at)) - 1
            spans.append((char_at[a], char_at[max(b, a)] + 1))
            pos += n
        return spans

    def symbols(self, piece: str) -> tuple[list[int], list | None]:
        """The piece's first symbols as ids (merge_word's first loop), and their character spans when
        they are not one per character (byte fallback, unknown characters, prefixes)."""
        vocab = self.vocab
        if self._simple:
            ids = list(map(self._chars.get, piece))
            if None not in ids:
                return ids, None
        prefix, suffix = self.continuing_subword_prefix, self.end_of_word_suffix
        ids, lens = [], []  # lens: each symbol's length in bytes of the piece
        unk = None  # [id, byte length] of the pending unknown run
        last = len(piece) - 1
        for k, c in enumerate(piece):
            n = len(c.encode("utf-8"))
            s = c
            if k and prefix is not None:
                s = prefix + s
            if k == last and suffix is not None:
                s = s + suffix
            found = vocab.get(s)
            if found is not None:
                if unk is not None:
                    ids.append(unk[0])
                    lens.append(unk[1])
                    unk = None
                ids.append(found)
                lens.append(n)
                continue
            if self.byte_fallback:
                byte_ids = [vocab.get(f"<0x{b:02X}>") for b in s.encode("utf-8")]
                if None not in byte_ids:  # model.rs: the pending unk is not flushed first
                    ids.extend(byte_ids)
                    lens.extend([1] * len(byte_ids))
                    continue
            if self.unk_token is not None:
                unk_id = vocab.get(self.unk_token)
                if unk_id is None:
                    raise bad("hf_bad_value", path="model.unk_token", expected="a token of model.vocab", value=self.unk_token)
                if unk is not None and self.fuse_unk:
                    unk[1] += n
                else:
                    if unk is not None:
                        ids.append(unk[0])
                        lens.append(unk[1])
                    unk = [unk_id, n]
        if unk is not None:
            ids.append(unk[0])
            lens.append(unk[1])
        return ids, self._char_spans(piece, lens)

    # --- a byte-level piece's first symbols: whole characters where nothing can tell -----------------

    def _byte_start(self, text: str) -> list[int] | None:
        """The first symbols of `text`'s UTF-8 bytes (what ByteLevel shows the model, one symbol a byte),
        except that each character *sealed where it stands* comes already merged as the merges would
        merge it alone: `merge_ids` then gives what it gives from the bytes, with two or three times
        fewer merges in Chinese or Japanese. None where this does not apply (a byte with no token, a
        vocabulary held as dicts).

        Why it is exact. A merge joins two adjacent symbols, and every symbol is a token. Say a merge
        *crosses* character c when it joins a symbol holding part of c only (a proper prefix of its
        bytes, or a proper suffix) to one outside it. Before the first crossing, c's bytes merge among
        themselves exactly as they would alone, whatever happens around them (min value, leftmost: the
        other places take their turns in between but change nothing here). The first crossing would join
        a prefix p of c (one c's own run makes) to the symbol before it, which ends with the byte before
        c, or a suffix s to the symbol after it, which starts with the byte after c. So if no merge
        (l, p) has an l ending with that byte, and no merge (s, r) an r starting with that one, c is never
        crossed: its bytes end as its own run ends them, joined to nothing outside until they are one
        token C (if ever). Starting from that end instead changes one thing: C is there from the start,
        so a merge with C could come before its turn. Every merge made outside c while c's own run is
        still going has a value at most the highest of that run (c's pending merge would go first), so
        if every merge with C, on either side, has a higher value than the highest of c's run, none is
        taken before c would be whole, and from then on both are the same. A character whose run fails
        that keeps its bytes. Characters are replaced one by one, each step exact by the same reasoning.

        >>> bpe = BPE(vocab={**{c: i for i, c in enumerate(BYTE_TO_UNICODE)}, "ä¸": 256, "ä¸Ń": 257, "Ġä": 258},
        ...           merges=[("ä", "¸"), ("ä¸", "Ń"), ("Ġ", "ä")])
        >>> [bpe.vocab_r[i] for i in bpe._byte_start("中中 中")]  # not after a space: Ġ+ä would cross it
        ['ä¸Ń', 'ä¸Ń', 'Ġ', 'ä', '¸', 'Ń']
        """
        if self._tokens is None:
            return None
        units, unit = self._units, self._unit
        infos = [units.get(c) or unit(c) for c in text]
        if None in infos:
            return None
        out, before, n = [], -1, len(infos)
        for k in range(n):
            first, last, whole, raw, crossed_after, crossed_before = infos[k]
            if whole is not raw and before not in crossed_after and (k + 1 == n or infos[k + 1][0] not in crossed_before):
                out += whole
            else:
                out += raw
            before = last
        return out

    def _unit(self, c: str):
        """What `_byte_start` reads of character c, kept: (its first byte, its last byte, its symbols
        merged alone (`raw` itself where that may not be taken), its bytes' ids, the last bytes a symbol
        before it may end with for a merge to cross it, the first bytes of one after it), or None where
        a byte has no token."""
        firsts, lefts_of, lowest_right = self._seal or self._make_seal()
        b = c.encode("utf-8")
        raw = tuple(map(self._chars.get, map(BYTE_TO_UNICODE.__getitem__, b)))
        if None in raw:
            return None
        if len(raw) == 1:
            info = (b[0], b[0], raw, raw, (), ())
        else:
            whole, top, prefixes, suffixes = self._alone(raw)
            after = set().union(*map(lefts_of.get, prefixes, repeat(())))
            table = self._merges
            starts, rights, vals = table.starts, table.rights, table.vals
            before = set()
            for s in suffixes:
                if s + 1 < len(starts):
                    before.update(map(firsts.__getitem__, rights[starts[s] : starts[s + 1]]))
            if len(whole) == 1:
                w = whole[0]
                lowest = min(vals[starts[w] : starts[w + 1]], default=_NO_RANK) if w + 1 < len(starts) else _NO_RANK
                if top >= min(lowest, lowest_right.get(w, _NO_RANK)):
                    whole = raw  # a merge with it might come before its turn
            info = (b[0], b[-1], raw if whole == raw else whole, raw, frozenset(after), frozenset(before))
        self._units[c] = info
        return info

    def _alone(self, raw: tuple) -> tuple[tuple, int, set, set]:
        """One character's bytes merged alone (as `merge_ids`: lowest value, leftmost): (the symbols
        left, the highest value merged or -1, the ids of every symbol that was a proper prefix of its
        bytes, and of every one that was a proper suffix)."""
        get, shift, made, n = self._merges.get, self._shift, self._made, len(raw)
        syms = [(i, k, k + 1) for k, i in enumerate(raw)]
        top, prefixes, suffixes = -1, {raw[0]}, {raw[-1]}
        while len(syms) > 1:
            best = None
            for k in range(len(syms) - 1):
                v = get(syms[k][0] << shift | syms[k + 1][0])
                if v is not None and (best is None or v < best[0]):
                    best = (v, k)
            if best is None:
                break
            v, k = best
            top = max(top, v)
            new = (made[v], syms[k][1], syms[k + 1][2])
            syms[k : k + 2] = [new]
            if new[1] == 0 and new[2] < n:
                prefixes.add(new[0])
            elif new[2] == n and new[1] > 0:
                suffixes.add(new[0])
        return tuple(s[0] for s in syms), top, prefixes, suffixes

    def _make_seal(self) -> tuple[bytes, dict, dict]:
        """Read from the tables once, for `_unit`: each token's first byte (by id), for each token that is
        a proper prefix of a character the last bytes of the tokens merged before it, and for each token
        that is one whole character the lowest value of a merge with it on the right. By maps in C over
        every token and merge; a Python loop only over the merges into a prefix (a few thousand)."""
        tokens, table = self._tokens, self._merges
        byte_of = {ch: b for b, ch in enumerate(BYTE_TO_UNICODE)}
        text, tstarts, n = tokens.text + "\0", tokens.starts, tokens.n
        firsts = bytes(map(byte_of.get, map(text.__getitem__, islice(tstarts, n)), repeat(0)))
        lasts = bytes(map(byte_of.get, map(text.__getitem__, map((-1).__add__, islice(tstarts, 1, None))), repeat(0)))
        need = bytes(map(_CHAR_BYTES.__getitem__, firsts))  # the bytes of the character it starts with
        partial, whole = bytes(map(gt, need, self._lens)), bytes(map(eq, need, self._lens))
        rights, vals, starts = table.rights, table.vals, table.starts
        lefts_of: dict[int, set] = {}
        for k in compress(range(len(rights)), map(partial.__getitem__, rights)):
            lefts_of.setdefault(rights[k], set()).add(lasts[bisect_right(starts, k) - 1])
        at = list(compress(range(len(rights)), map(whole.__getitem__, rights)))
        lowest_right = dict(sorted(zip(map(rights.__getitem__, at), map(vals.__getitem__, at)), reverse=True))
        self._seal = (firsts, lefts_of, lowest_right)
        return self._seal

    def merge_ranks(self, left: int, right: int) -> tuple[int, int] | None:
        """(rank, id of the merged token) of the pair of ids, or None."""
        v = self._merges.get(left << self._shift | right)
        return None if v is None else (v, self._made[v])

    def made_tokens(self) -> tuple[set[str], int] | None:
        """(the tokens the merges make, the number of merges), read from the merges table without making
        the merges list (`merges`, which a compact-loaded model makes only when asked); None when a
        prefix or suffix is added to symbols (then a merge's token is not its pair's two strings).

        >>> BPE(vocab={"a": 0, "b": 1, "ab": 2}, merges=[("a", "b")]).made_tokens()
        ({'ab'}, 1)
        """
        if not self._simple:
            return None
        made = self._made
        n_merges = len(self._merge_list) if self._merge_list is not None else len(self._merges)
        made_ids = set(made) if len(self._merges) == len(made) else set(map(made.__getitem__, self._merges.values()))
        if self._tokens is not None:
            return set(self._tokens.names_of(made_ids)), n_merges
        return set(map(self.vocab_r.__getitem__, made_ids)), n_merges

    def made_ids(self) -> tuple[set[int], int] | None:
        """(the ids of the tokens the merges make, the number of merges) where the vocabulary is compact
        (one token per id) and nothing is added to symbols; else None (`made_tokens`)."""
        if not self._simple or self._tokens is None:
            return None
        made = self._made
        if len(self._merges) == len(made):
            return set(made), len(made)
        return set(map(made.__getitem__, self._merges.values())), len(self.merges)

    def save(self, folder: str, prefix: str | None = None) -> list[str]:
        """Write vocab.json and merges.txt into ``folder`` as ``tokenizers`` does (``model_files``)."""
        from .model_files import save_model

        return save_model(folder, self.vocab, self.merges, prefix)

    def to_config(self) -> dict:
        return {
            "type": "BPE", "dropout": self.dropout, "unk_token": self.unk_token,
            "continuing_subword_prefix": self.continuing_subword_prefix, "end_of_word_suffix": self.end_of_word_suffix,
            "fuse_unk": self.fuse_unk, "byte_fallback": self.byte_fallback, "ignore_merges": self.ignore_merges,
            "vocab": dict(sorted(self.vocab.items(), key=lambda kv: kv[1])), "merges": [list(m) for m in self.merges],
        }  # fmt: skip

    def __repr__(self) -> str:
        return f"BPE(vocab_size={len(self.vocab)}, merges={len(self.merges)})"


def _merge_pair(m, path: str) -> tuple[str, str]:
    if isinstance(m, str):
        if m.startswith("#version"):
            return None
        parts = m.split(" ")
        if len(parts) == 2:
            return parts[0], parts[1]
    elif isinstance(m, list) and len(m) == 2 and all(isinstance(x, str) for x in m):
        return m[0], m[1]
    raise bad("hf_bad_value", path=path, expected='"a b" or ["a", "b"]', value=m)


def options(d: dict, path: str = "model") -> dict:
    """A model config's options (everything but vocab and merges), checked (BPE only)."""
    expect(d, dict, path, "an object")
    kind = d.get("type", "BPE" if "merges" in d else None)
    if kind != "BPE":
        raise bad("hf_unsupported", path=f"{path}.type", value=kind)
    for key in ("unk_token", "continuing_subword_prefix", "end_of_word_suffix"):
        expect(d.get(key), str, f"{path}.{key}", "a string or null", none_ok=True)
    out = {key: d.get(key) for key in ("unk_token", "continuing_subword_prefix", "end_of_word_suffix")}
    for key in ("fuse_unk", "byte_fallback", "ignore_merges"):
        out[key] = expect(d.get(key, False), bool, f"{path}.{key}", "true or false")
    dropout = d.get("dropout")
    if dropout not in (None, 0, 0.0):
        raise bad("hf_unsupported", path=f"{path}.dropout", value=dropout)
    out["dropout"] = dropout
    return out


def from_config(d: dict, path: str = "model") -> Model:
    """The model a tokenizer.json describes."""
    expect(d, dict, path, "an object")
    if d.get("type") in ("WordPiece", "WordLevel"):
        return _wordpiece.from_config(d, path)
    if d.get("type") == "Unigram":
        return _unigram.from_config(d, path)
    flags = options(d, path)
    vocab = expect(d.get("vocab"), dict, f"{path}.vocab", "an object of token: id")
    for token, i in vocab.items():
        if not isinstance(i, int) or isinstance(i, bool) or i < 0:
            raise bad("hf_bad_value", path=f"{path}.vocab[{token!r}]", expected="a whole number", value=i)
    raw = expect(d.get("merges"), list, f"{path}.merges", "a list")
    merges = []
    for i, m in enumerate(raw):
        pair = _merge_pair(m, f"{path}.merges[{i}]")
        if pair is not None:
            merges.append(pair)
    model = BPE.__new__(BPE)
    model._set_options(flags)
    model.vocab, model.merges = vocab, merges
    model._build(path)
    return model


Model._family = staticmethod(from_config)
