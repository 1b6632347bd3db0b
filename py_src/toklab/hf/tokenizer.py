"""The Tokenizer: added tokens, normalizer, pre-tokenizer, model, post-processor and decoder, composed.

Mirrors huggingface/tokenizers `tokenizers/src/tokenizer/mod.rs` (`encode_single_sequence`, `decode`)
and its Python API. Encoding a text, in order:

1. added tokens are split out of the raw text (those with `normalized: false`, `added.py`);
2. each stretch between them is normalized, then split at the added tokens with `normalized: true`;
3. the pre-tokenizer cuts each stretch into pieces, and the model turns each piece into tokens;
4. the post-processor adds its special tokens (with `add_special_tokens`) or trims offsets.

Offsets are character offsets into the text given, as `tokenizers`' Python API gives them: a token
made of some of a character's bytes has that whole character's span.

    >>> from toklab.hf import models, pre_tokenizers, decoders
    >>> tok = Tokenizer(models.BPE(vocab={"a": 0, "b": 1, "ab": 2, "Ġ": 3}, merges=[("a", "b")]))
    >>> tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    >>> tok.decoder = decoders.ByteLevel()
    >>> enc = tok.encode("ab ab")
    >>> enc.ids, enc.tokens, enc.offsets
    ([2, 3, 2], ['ab', 'Ġ', 'ab'], [(0, 2), (2, 3), (3, 5)])
    >>> tok.decode(enc.ids)
    'ab ab'
"""

from __future__ import annotations

import json
import os
from itertools import accumulate, chain

from ..caches import gc_paused
from ..caches import SizedCache
from ..errors import ToklabError, ToklabTypeError
from ..protocol import MAX_TOKENIZER_FILE
from ..validate import MAX_DEPTH, nesting
from . import decoders as _decoders
from . import models as _models
from . import normalizers as _normalizers
from . import pre_tokenizers as _pre_tokenizers
from . import processors as _processors
from ._config import expect
from .added import AddedToken, AddedVocabulary, added_from_config

__all__ = ["MAX_FILE_BYTES", "MAX_TEXT", "Encoding", "Tokenizer"]

MAX_FILE_BYTES = MAX_TOKENIZER_FILE  # 64 MiB, declared in toklab.protocol (the page states it); Gemma 3's file is 33 MB
MAX_TEXT = 4_000_000  # characters one encode takes


class Encoding:
    """What `encode` gives (as `tokenizers.Encoding`): parallel lists.

    The ids are made at once; the tokens, offsets and special_tokens_mask when first read (`rest` makes
    the three), as `tokenizers` turns its Rust lists into Python ones only when they are read.
    """

    __slots__ = ("ids", "_tokens", "_offsets", "_mask", "_rest")

    def __init__(self, ids, tokens=None, offsets=None, special_tokens_mask=None, rest=None):
        self.ids, self._tokens, self._offsets, self._mask, self._rest = ids, tokens, offsets, special_tokens_mask, rest

    def _fill(self) -> None:
        if self._rest is not None:
            self._tokens, self._offsets, self._mask = self._rest()
            self._rest = None

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
        return [1] * len(self.ids)

    @property
    def type_ids(self) -> list[int]:
        return [0] * len(self.ids)

    def __len__(self) -> int:
        return len(self.ids)

    def __repr__(self) -> str:
        return f"Encoding(num_tokens={len(self.ids)}, ids={self.ids[:8]}{'...' if len(self.ids) > 8 else ''})"


class Tokenizer:
    """A tokenizer made of parts; `Tokenizer(models.BPE())` makes an empty one to train or fill."""

    def __init__(self, model: _models.Model):
        self.model = model
        self._normalizer = None
        self.pre_tokenizer = None
        self.post_processor = None
        self.decoder = None
        self.added_vocabulary = AddedVocabulary()
        self.truncation = self.padding = None
        self._piece_cache = SizedCache()
        self._piece_owner = None

    # --- loading and saving --------------------------------------------------------------------------

    @classmethod
    def from_file(cls, path: str | os.PathLike) -> Tokenizer:
        size = os.path.getsize(path)
        if size > MAX_FILE_BYTES:
            raise ToklabError("hf_too_large", size=size, limit=MAX_FILE_BYTES)
        with open(path, "rb") as f:
            return cls.from_str(f.read())

    @classmethod
    def from_str(cls, json_str: str | bytes) -> Tokenizer:
        if len(json_str) > MAX_FILE_BYTES:
            raise ToklabError("hf_too_large", size=len(json_str), limit=MAX_FILE_BYTES)
        try:
            text = json_str.decode("utf-8") if isinstance(json_str, bytes) else json_str
            if nesting(text) > MAX_DEPTH:  # before parsing: inside Pyodide deep nesting overflows the stack, fatally
                raise ToklabError("hf_bad_json", line=1, column=1)
            config = json.loads(text)
        except json.JSONDecodeError as e:
            raise ToklabError("hf_bad_json", line=e.lineno, column=e.colno) from None
        except (UnicodeDecodeError, RecursionError):
            raise ToklabError("hf_bad_json", line=1, column=1) from None
        return cls.from_config(config)

    @classmethod
    def from_config(cls, d: dict, model: _models.Model | None = None) -> Tokenizer:
        """A tokenizer from a parsed tokenizer.json (model.vocab a dict, model.merges pairs or "a b"),
        or from the rest of it and its `model`, made already (`toklab.hf.compact.load_tokenizer`)."""
        expect(d, dict, "tokenizer.json", "an object")
        try:
            tok = cls(model if model is not None else _models.from_config(d.get("model"), "model"))
            tok._normalizer = _normalizers.from_config(d.get("normalizer"), "normalizer")
            tok.pre_tokenizer = _pre_tokenizers.from_config(d.get("pre_tokenizer"), "pre_tokenizer")
            tok.post_processor = _processors.from_config(d.get("post_processor"), "post_processor")
            tok.decoder = _decoders.from_config(d.get("decoder"), "decoder")
            tok.truncation, tok.padding = d.get("truncation"), d.get("padding")
            added = added_from_config(d.get("added_tokens"), "added_tokens")
        except RecursionError:
            raise ToklabError("hf_bad_value", path="tokenizer.json", expected="nested less deeply", value="too deep") from None
        tok.added_vocabulary.add_tokens([t for _, t in added], tok.model, tok._normalizer)
        return tok

    def to_config(self) -> dict:
        def cfg(part):
            return None if part is None else part.to_config()

        return {
            "version": "1.0", "truncation": self.truncation, "padding": self.padding,
            "added_tokens": self.added_vocabulary.to_config(), "normalizer": cfg(self._normalizer),
            "pre_tokenizer": cfg(self.pre_tokenizer), "post_processor": cfg(self.post_processor),
            "decoder": cfg(self.decoder), "model": self.model.to_config(),
        }  # fmt: skip

    def to_str(self, pretty: bool = False) -> str:
        return json.dumps(self.to_config(), ensure_ascii=False, indent=2 if pretty else None)

    def save(self, path: str | os.PathLike, pretty: bool = True) -> None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.to_str(pretty))

    # --- training (toklab.hf.training) ---

    def train_from_iterator(self, iterator, trainer=None, length=None) -> None:
        """Train the model on the sequences of ``iterator`` (strings, or lists of strings), as
        ``tokenizers``; ``length`` only sizes its progress bar."""
        from .training import train_from_iterator

        train_from_iterator(self, iterator, trainer, length)

    def train(self, files, trainer=None) -> None:
        """Train the model on every line of ``files`` (their ``\\n`` kept)."""
        from .training import train_from_files

        train_from_files(self, files, trainer)

    # --- the parts -----------------------------------------------------------------------------------

    @property
    def normalizer(self):
        return self._normalizer

    @normalizer.setter
    def normalizer(self, value):
        self._normalizer = value
        self.added_vocabulary.refresh_normalized(value)

    # --- vocabulary ----------------------------------------------------------------------------------

    def get_vocab(self, with_added_tokens: bool = True) -> dict[str, int]:
        vocab = self.model.get_vocab()
        if with_added_tokens:
            vocab.update(self.added_vocabulary.added_tokens_map)
        return vocab

    def get_vocab_size(self, with_added_tokens: bool = True) -> int:
        return len(self.get_vocab(True)) if with_added_tokens else self.model.get_vocab_size()

    def get_added_tokens_decoder(self) -> dict[int, AddedToken]:
        return dict(sorted(self.added_vocabulary.added_tokens_map_r.items()))

    def token_to_id(self, token: str) -> int | None:
        return self.added_vocabulary.token_to_id(token, self.model)

    def id_to_token(self, id: int) -> str | None:
        found = self.added_vocabulary.simple_id_to_token(id)
        return found if found is not None else self.model.id_to_token(id)

    def add_tokens(self, tokens) -> int:
        return self.added_vocabulary.add_tokens([_added(t, False) for t in tokens], self.model, self._normalizer)

    def add_special_tokens(self, tokens) -> int:
        return self.added_vocabulary.add_tokens([_added(t, True) for t in tokens], self.model, self._normalizer)

    @property
    def encode_special_tokens(self) -> bool:
        return self.added_vocabulary.encode_special_tokens

    @encode_special_tokens.setter
    def encode_special_tokens(self, value: bool) -> None:
        self.added_vocabulary.encode_special_tokens = bool(value)

    # --- encoding ------------------------------------------------------------------------------------

    def _check_text(self, text) -> None:
        if not isinstance(text, str):
            raise ToklabTypeError("wrong_type", field="text", expected="string")
        if len(text) > MAX_TEXT:
            raise ToklabError("hf_text_too_long", length=len(text), limit=MAX_TEXT)

    def _segments(self, text: str):
        """Yield (added id or None, original span, stretch, matched text) in order (steps 1 and 2): the
        stretch is (normalized text, start, end, where it starts in the text, alignment) or None for a
        token matched in the raw text; an added token's value is the text it matched, normalized or
        not, with the spaces lstrip/rstrip took (added_vocabulary.rs split_with_indices)."""
        added = self.added_vocabulary
        normalizer = self._normalizer
        for start, end, added_id in added.find_matches(text, normalized=False):
            if added_id is not None:
                yield added_id, (start, end), None, text[start:end]
                continue
            if end == start:
                continue
            raw = text[start:end]
            norm, align = normalizer.normalize(raw) if normalizer is not None else (raw, None)
            for ns, ne, nid in added.find_matches(norm, normalized=True):
                if ne == ns and nid is None:
                    continue
                span = _original(start, align, ns, ne)
                yield nid, span, (norm, ns, ne, start, align), norm[ns:ne]

    def encode(self, sequence: str, add_special_tokens: bool = True) -> Encoding:
        """The tokens of `sequence`: ids, tokens (the vocabulary's strings), offsets (characters of
        `sequence`) and special_tokens_mask.

        A first pass over a long text fills the piece cache with tens of thousands of small lists and
        tuples, none in a cycle: the cyclic collector, which would rescan them and all else alive again
        and again, is paused meanwhile."""
        self._check_text(sequence)
        with gc_paused():
            return self._encode(sequence, add_special_tokens)

    def _encode(self, sequence: str, add_special_tokens: bool) -> Encoding:
        """The ids now; each stretch's tokens, offsets and mask kept as a `chunk` that `_rest` lays out
        when they are first read."""
        ids, chunks = [], []
        model, pre = self.model, self.pre_tokenizer
        for added_id, span, stretch, matched in self._segments(sequence):
            if added_id is not None:
                ids.append(added_id)
                chunks.append((matched, span))  # one token: no lists (Gemma 3 splits out each "\n")
                continue
            norm, ns, ne, base, align = stretch
            text = norm[ns:ne]
            fast = pre.pieces(text) if pre is not None else ([text], None, False)
            if fast is not None:
                pieces, starts, as_bytes = fast
                cut = None if as_bytes or not hasattr(model, "cutter") else model.cutter()
                if cut is not None:
                    pieces, starts = cut(pieces, starts)
                entries = self._entries(pieces, as_bytes)
                ids += chain.from_iterable([e[0] for e in entries])
                chunks.append((entries, pieces, starts, base + ns if align is None else base, align, ns))
                continue
            chunks.append(self._slow_stretch(text, ns, base, align, ids))
        raw = ids
        post = self.post_processor
        if post is not None:
            ids = post.process_ids(raw, add_special_tokens)
        return Encoding(ids, rest=lambda: self._rest(raw, chunks, add_special_tokens))

    def _slow_stretch(self, text: str, ns: int, base: int, align, ids: list[int]) -> tuple[list, list]:
        """One stretch through the pre-tokenizer's pieces: its ids added to `ids`; (tokens, offsets)."""
        model, vocab_r = self.model, self.model.vocab_r
        tokens, offsets = [], []
        piece = (text, ns, None)
        pieces = self.pre_tokenizer.split_piece(piece) if self.pre_tokenizer is not None else [piece]
        values = getattr(model, "token_values", None)  # Unigram: an unknown token's value is its text
        for text, start, cmap in pieces:
            found = model.tokenize_spans(text)
            names = values(text, found) if values else [vocab_r[t] for t, _, _ in found]
            for (tid, a, b), value in zip(found, names):
                ids.append(tid)
                tokens.append(value)
                if cmap is None:
                    na, nb = start + a, start + b
                else:
                    na, nb = cmap[a], cmap[b - 1] + 1
                offsets.append((base + na, base + nb) if align is None else (base + align[na][0], base + align[nb - 1][1]))
        return tokens, offsets

    def _rest(self, raw_ids: list[int], chunks: list, add_special_tokens: bool) -> tuple[list, list, list]:
        """The tokens, offsets and special_tokens_mask of an encoding, from its chunks."""
        tokens, offsets = [], []
        for chunk in chunks:
            if len(chunk) == 2:
                if type(chunk[0]) is str:  # an added token: (its text, its span)
                    tokens.append(chunk[0])
                    offsets.append(chunk[1])
                else:  # a stretch through the slow path: (tokens, offsets)
                    tokens += chunk[0]
                    offsets += chunk[1]
                continue
            entries, pieces, starts, base, align, ns = chunk  # base: where the stretch's text starts, or its raw text
            tokens += chain.from_iterable([e[1] for e in entries])
            first = base if align is None else ns
            if starts is None:
                starts = accumulate(map(len, pieces), initial=first)
            elif first:
                starts = map(first.__add__, starts)
            if align is None:
                offsets += [(at + a, at + b) for at, e in zip(starts, entries) for a, b in zip(e[2], e[3])]
            elif isinstance(align, _normalizers.Spans):
                s0, e0 = align.starts, align.ends
                offsets += [(base + s0[at + a], base + e0[at + b - 1]) for at, e in zip(starts, entries) for a, b in zip(e[2], e[3])]
            else:
                offsets += [(base + align[at + a][0], base + align[at + b - 1][1]) for at, e in zip(starts, entries) for a, b in zip(e[2], e[3])]
        enc = {"ids": raw_ids, "tokens": tokens, "offsets": offsets, "special_tokens_mask": [0] * len(raw_ids)}
        if self.post_processor is not None:
            enc = self.post_processor.process(enc, add_special_tokens)
        return enc["tokens"], enc["offsets"], enc["special_tokens_mask"]

    def _entries(self, pieces: list[str], as_bytes: bool) -> list[tuple[tuple, tuple, tuple, tuple]]:
        """Each piece's (ids, tokens, starts, ends: its tokens' character spans in the piece), cached by
        its text."""
        owner = (getattr(self.model, "_version", id(self.model)), as_bytes)
        if self._piece_owner != owner:  # another model, or the same one rebuilt (trained)
            self._piece_cache.clear()
            self._piece_owner = owner
        get, new_piece = self._piece_cache.get, self._piece
        return [get(p) or new_piece(p, as_bytes) for p in pieces]

    def _piece(self, piece: str, as_bytes: bool) -> tuple[tuple, tuple, tuple, tuple]:
        """One piece through the model, cached: ids, tokens, and its tokens' starts and ends (characters
        of the piece). Tuples of numbers and strings, five objects a piece whatever its length: the
        cyclic collector untracks them the first time it sees them (a list it would scan forever)."""
        if as_bytes:
            model_text = _pre_tokenizers.byte_chars(piece)
            char_at = None if piece.isascii() else [k for k, c in enumerate(piece) for _ in range(len(c.encode("utf-8")))]
        else:
            model_text, char_at = piece, None
        found = self.model._tokenize(model_text)  # cached here, not twice
        vocab_r = self.model.vocab_r
        p_ids, p_starts, p_ends = zip(*found) if found else ((), (), ())
        values = getattr(self.model, "token_values", None)  # Unigram: an unknown token's value is its text
        p_tokens = tuple(values(model_text, found) if values else map(vocab_r.__getitem__, p_ids))
        if char_at is not None:
            p_starts = tuple(map(char_at.__getitem__, p_starts))
            p_ends = tuple([char_at[b - 1] + 1 for b in p_ends])
        return self._piece_cache.put(piece, (p_ids, p_tokens, p_starts, p_ends), 4 * len(piece))

    def encode_batch(self, inputs, add_special_tokens: bool = True) -> list[Encoding]:
        return [self.encode(t, add_special_tokens) for t in inputs]

    # --- decoding ------------------------------------------------------------------------------------

    def decode(self, ids, skip_special_tokens: bool = True) -> str:
        """Ids back to text (mod.rs `decode`): unknown ids are left out, special added tokens too with
        `skip_special_tokens`; then the decoder (without one, the tokens joined by spaces)."""
        added = self.added_vocabulary
        tokens = []
        for i in ids:
            if not isinstance(i, int) or isinstance(i, bool):
                raise ToklabTypeError("wrong_type", field="ids", expected="list of whole numbers")
            t = self.id_to_token(i)
            if t is None or skip_special_tokens and added.is_special_token(t):
                continue
            tokens.append(t)
        return self.decoder.decode(tokens) if self.decoder is not None else " ".join(tokens)

    def decode_batch(self, sequences, skip_special_tokens: bool = True) -> list[str]:
        return [self.decode(ids, skip_special_tokens) for ids in sequences]

    # --- seeing it happen ----------------------------------------------------------------------------

    def trace(self, text: str, add_special_tokens: bool = True) -> dict:
        """Every step of `encode(text)` as plain JSON-ready data (see `toklab.hf.trace`)."""
        from .trace import trace

        return trace(self, text, add_special_tokens)

    def __repr__(self) -> str:
        return f"Tokenizer(model={self.model!r}, added={len(self.added_vocabulary)})"


def _original(base: int, align, ns: int, ne: int) -> tuple[int, int]:
    """The span of the original text behind normalized characters ns..ne."""
    if align is None:
        return base + ns, base + ne
    if ne > ns:
        return base + align[ns][0], base + align[ne - 1][1]
    at = align[ns][0] if ns < len(align) else (align[-1][1] if align else 0)
    return base + at, base + at


def _added(t, special: bool) -> AddedToken:
    if isinstance(t, AddedToken):
        if special:
            t.special = True
        return t
    if isinstance(t, str):
        return AddedToken(t, normalized=not special, special=special)
    raise ToklabTypeError("wrong_type", field="tokens", expected="list of strings or AddedTokens")
