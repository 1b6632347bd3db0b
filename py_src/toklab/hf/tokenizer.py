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
from collections.abc import Mapping
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
from ._config import bad, expect
from .added import AddedToken, AddedVocabulary, added_from_config
from .encoding import Encoding, pad_encodings, truncate_encodings

__all__ = ["MAX_FILE_BYTES", "MAX_TEXT", "Encoding", "Tokenizer"]

MAX_FILE_BYTES = MAX_TOKENIZER_FILE  # 64 MiB, declared in toklab.protocol (the page states it); Gemma 3's file is 33 MB
MAX_TEXT = 4_000_000  # characters one encode takes


class Tokenizer:
    """A tokenizer made of parts; `Tokenizer(models.BPE())` makes an empty one to train or fill."""

    def __init__(self, model: _models.Model):
        self.model = model
        self._normalizer = None
        self.pre_tokenizer = None
        self.post_processor = None
        self.decoder = None
        self.added_vocabulary = AddedVocabulary()
        self._truncation = self._padding = None  # as the tokenizer.json writes them
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
    def from_pretrained(cls, identifier: str, revision: str = "main", token: str | None = None) -> Tokenizer:
        """The tokenizer.json of a model on the Hugging Face Hub, fetched by `huggingface_hub` (CPython
        only: the page opens files instead)."""
        try:
            from huggingface_hub import hf_hub_download
        except ImportError:
            raise bad("hf_unsupported", path="from_pretrained", value="without huggingface_hub") from None
        return cls.from_file(hf_hub_download(identifier, "tokenizer.json", revision=revision, token=token))

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
            tok._truncation, tok._padding = _truncation_config(d.get("truncation")), _padding_config(d.get("padding"))
            added = added_from_config(d.get("added_tokens"), "added_tokens")
        except RecursionError:
            raise ToklabError("hf_bad_value", path="tokenizer.json", expected="nested less deeply", value="too deep") from None
        tok.added_vocabulary.add_tokens([t for _, t in added], tok.model, tok._normalizer)
        return tok

    def to_config(self) -> dict:
        def cfg(part):
            return None if part is None else part.to_config()

        return {
            "version": "1.0", "truncation": self._truncation, "padding": self._padding,
            "added_tokens": self.added_vocabulary.to_config(), "normalizer": cfg(self._normalizer),
            "pre_tokenizer": cfg(self.pre_tokenizer), "post_processor": cfg(self.post_processor),
            "decoder": cfg(self.decoder), "model": self.model.to_config(),
        }  # fmt: skip

    def __getstate__(self) -> str:
        return self.to_str()

    def __setstate__(self, state: str) -> None:
        self.__dict__.update(Tokenizer.from_str(state).__dict__)

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
        vocab = getattr(self.model, "vocab", None)
        if with_added_tokens and isinstance(vocab, Mapping):  # BPE, WordPiece: counted without a copy of the vocabulary
            return len(vocab) + sum(1 for content in self.added_vocabulary.added_tokens_map if content not in vocab)
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
            norm, align = normalizer.normalize_aligned(raw) if normalizer is not None else (raw, None)
            for ns, ne, nid in added.find_matches(norm, normalized=True):
                if ne == ns and nid is None:
                    continue
                span = _original(start, align, ns, ne)
                yield nid, span, (norm, ns, ne, start, align), norm[ns:ne]

    def encode(self, sequence, pair=None, is_pretokenized: bool = False, add_special_tokens: bool = True) -> Encoding:
        """The tokens of `sequence` (and of `pair` after it): ids, tokens (the vocabulary's strings),
        offsets (characters of each sequence), special_tokens_mask, type_ids, word_ids... With
        `is_pretokenized`, each sequence is a list of words, each encoded alone.

        One plain text with no truncation or padding takes the fast path. A first pass over a long
        text fills the piece cache with tens of thousands of small lists and tuples, none in a cycle:
        the cyclic collector, which would rescan them and all else alive again and again, is paused
        meanwhile."""
        if isinstance(pair, bool):  # encode(text, add_special_tokens) as toklab wrote it before pairs
            pair, add_special_tokens = None, pair
        if pair is None and not is_pretokenized and self._truncation is None and self._padding is None:
            self._check_text(sequence)
            with gc_paused():
                return self._encode(sequence, add_special_tokens)
        with gc_paused():
            encoding = self._encode_full(sequence, pair, is_pretokenized, add_special_tokens)
        if self._padding is not None:
            self._pad([encoding])
        return encoding

    def _encode_full(self, sequence, pair, is_pretokenized: bool, add_special_tokens: bool) -> Encoding:
        """Every column of the encoding (word ids too), truncated and post-processed (mod.rs
        `encode_char_offsets`, `post_process`); not padded."""
        first = self._encode_sequence(sequence, 0, is_pretokenized)
        second = None if pair is None else self._encode_sequence(pair, 1, is_pretokenized)
        return self.post_process(first, second, add_special_tokens, pad=False)

    def _encode_sequence(self, sequence, type_id: int, is_pretokenized: bool) -> Encoding:
        if is_pretokenized:
            if isinstance(sequence, str) or not isinstance(sequence, (list, tuple)):
                raise ToklabTypeError("hf_bad_value", path="InputSequence", expected="Union[List[str], Tuple[str]] (a pre-tokenized sequence: a list of words)", value=repr(sequence))
            parts = [self._encode_words(word, word_index=i) for i, word in enumerate(sequence)]
            cols = [sum((p[k] for p in parts), []) for k in range(4)]
        else:
            cols = self._encode_words(sequence)
        ids, tokens, offsets, words = cols
        n = len(ids)
        return Encoding(ids, tokens, offsets, [0] * n, None, [type_id] * n, words, [1] * n)

    def _encode_words(self, text, word_index: int | None = None) -> list[list]:
        """(ids, tokens, offsets, word ids) of one text, piece by piece (each added token and each
        pre-tokenized piece is a word; every token of `text` is word `word_index` when given)."""
        self._check_text(text)
        ids, tokens, offsets, words = [], [], [], []
        word = -1
        for added_id, span, stretch, matched in self._segments(text):
            if added_id is not None:
                word += 1
                ids.append(added_id)
                tokens.append(matched)
                offsets.append(span)
                words.append(word)
                continue
            norm, ns, ne, base, align = stretch
            counts = []
            t, o = self._slow_stretch(norm[ns:ne], ns, base, align, ids, counts)
            tokens += t
            offsets += o
            for count in counts:
                word += 1
                words += [word] * count
        if word_index is not None:
            words = [word_index] * len(ids)
        return [ids, tokens, offsets, words]

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
        return Encoding(ids, rest=lambda: self._rest(raw, chunks, add_special_tokens), full=lambda: self._encode_full(sequence, None, False, add_special_tokens))

    def _slow_stretch(self, text: str, ns: int, base: int, align, ids: list[int], counts: list | None = None) -> tuple[list, list]:
        """One stretch through the pre-tokenizer's pieces: its ids added to `ids` (and each piece's
        number of tokens to `counts`); (tokens, offsets)."""
        model, vocab_r = self.model, self.model.vocab_r
        tokens, offsets = [], []
        piece = (text, ns, None)
        pieces = self.pre_tokenizer.pre_tokenize_pieces(*piece) if self.pre_tokenizer is not None else [piece]
        values = getattr(model, "token_values", None)  # Unigram: an unknown token's value is its text
        for text, start, cmap in pieces:
            found = model.tokenize_spans(text)
            if counts is not None:
                counts.append(len(found))
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
            enc = self.post_processor.process_dict(enc, add_special_tokens)
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
            counted = None if piece.isascii() else list(accumulate(map(_STARTS_CHAR.__getitem__, piece.encode("utf-8"))))  # at each byte: characters begun so far
        else:
            model_text, counted = piece, None
        model = self.model
        if type(model) is _models.BPE:  # its columns as they are made, its tokens' names in C
            p_ids, p_starts, p_ends = model._columns(model_text, piece if as_bytes else None)
            names = model._tokens
            p_tokens = tuple(names.names_of(p_ids) if names is not None else map(model.vocab_r.__getitem__, p_ids))
            p_ids = tuple(p_ids)
        else:
            found = model._tokenize(model_text)  # cached here, not twice
            p_ids, p_starts, p_ends = zip(*found) if found else ((), (), ())
            values = getattr(model, "token_values", None)  # Unigram: an unknown token's value is its text
            p_tokens = tuple(values(model_text, found) if values else map(model.vocab_r.__getitem__, p_ids))
        if counted is not None:  # bytes -> characters: a token starts in the character its first byte is in
            p_starts = tuple(map((-1).__add__, map(counted.__getitem__, p_starts)))
            p_ends = tuple(map(counted.__getitem__, map((-1).__add__, p_ends)))
        else:
            p_starts, p_ends = tuple(p_starts), tuple(p_ends)
        return self._piece_cache.put(piece, (p_ids, p_tokens, p_starts, p_ends), 4 * len(piece))

    def encode_batch(self, inputs, is_pretokenized: bool = False, add_special_tokens: bool = True) -> list[Encoding]:
        """Each input encoded (a text, or a (text, pair) tuple or list), then padded together."""
        if isinstance(is_pretokenized, bool) and not isinstance(add_special_tokens, bool):
            raise ToklabTypeError("wrong_type", field="add_special_tokens", expected="boolean")
        out = []
        for item in inputs:
            pair = None
            if not isinstance(item, str) and (not is_pretokenized or _is_pair(item)):
                if len(item) != 2:
                    raise ToklabTypeError("hf_bad_value", path="EncodeInput", expected="a text or a (text, pair) tuple", value=repr(item))
                item, pair = item[0], item[1]
            out.append(self.encode(item, pair, is_pretokenized, add_special_tokens))
        if self._padding is not None:
            self._pad(out)
        return out

    def encode_batch_fast(self, inputs, is_pretokenized: bool = False, add_special_tokens: bool = True) -> list[Encoding]:
        return self.encode_batch(inputs, is_pretokenized, add_special_tokens)

    async def async_encode(self, sequence, pair=None, is_pretokenized: bool = False, add_special_tokens: bool = True) -> Encoding:
        return self.encode(sequence, pair, is_pretokenized, add_special_tokens)

    async def async_encode_batch(self, inputs, is_pretokenized: bool = False, add_special_tokens: bool = True) -> list[Encoding]:
        return self.encode_batch(inputs, is_pretokenized, add_special_tokens)

    async def async_encode_batch_fast(self, inputs, is_pretokenized: bool = False, add_special_tokens: bool = True) -> list[Encoding]:
        return self.encode_batch(inputs, is_pretokenized, add_special_tokens)

    async def async_decode_batch(self, sequences, skip_special_tokens: bool = True) -> list[str]:
        return self.decode_batch(sequences, skip_special_tokens)

    # --- truncation, post-processing, padding (utils/truncation.rs, utils/padding.rs) ---

    def num_special_tokens_to_add(self, is_pair: bool) -> int:
        return self.post_processor.added_tokens(is_pair) if self.post_processor is not None else 0

    def post_process(self, encoding: Encoding, pair: Encoding | None = None, add_special_tokens: bool = True, pad: bool = True) -> Encoding:
        """Truncate (leaving room for the special tokens), post-process (a pair merged into one), pad."""
        t = self.truncation
        if t is not None:
            room = t["max_length"] - (self.num_special_tokens_to_add(pair is not None) if add_special_tokens else 0)
            truncate_encodings(encoding, pair, max(room, 0), t["stride"], t["strategy"], t["direction"])
        if self.post_processor is not None:
            out = self.post_processor.process(encoding, pair, add_special_tokens)
        elif pair is not None:
            encoding.set_sequence_id(0)
            pair.set_sequence_id(1)
            out = Encoding.merge([encoding, pair], False)
        else:
            out = encoding
        if pad and self._padding is not None:
            self._pad([out])
        return out

    @property
    def truncation(self) -> dict | None:
        """The truncation settings as `enable_truncation` takes them, or None."""
        t = self._truncation
        if t is None:
            return None
        return {"max_length": t["max_length"], "stride": t["stride"], "strategy": _SNAKE[t["strategy"]], "direction": t["direction"].lower()}

    def enable_truncation(self, max_length: int, stride: int = 0, strategy: str = "longest_first", direction: str = "right") -> None:
        if strategy not in _CAMEL or direction not in ("left", "right"):
            raise bad("hf_bad_value", path="truncation", expected="strategy longest_first, only_first or only_second; direction left or right", value=f"{strategy}, {direction}")
        self._truncation = {"direction": direction.capitalize(), "max_length": max_length, "strategy": _CAMEL[strategy], "stride": stride}

    def no_truncation(self) -> None:
        self._truncation = None

    @property
    def padding(self) -> dict | None:
        """The padding settings as `enable_padding` takes them, or None."""
        p = self._padding
        if p is None:
            return None
        fixed = p["strategy"]["Fixed"] if isinstance(p["strategy"], dict) else None
        return {"length": fixed, "pad_to_multiple_of": p["pad_to_multiple_of"], "pad_id": p["pad_id"], "pad_token": p["pad_token"],
                "pad_type_id": p["pad_type_id"], "direction": p["direction"].lower()}  # fmt: skip

    def enable_padding(self, direction: str = "right", pad_id: int = 0, pad_type_id: int = 0, pad_token: str = "[PAD]",
                       length: int | None = None, pad_to_multiple_of: int | None = None) -> None:  # fmt: skip
        if direction not in ("left", "right"):
            raise bad("hf_bad_value", path="padding.direction", expected="left or right", value=direction)
        self._padding = {"strategy": "BatchLongest" if length is None else {"Fixed": length}, "direction": direction.capitalize(),
                         "pad_to_multiple_of": pad_to_multiple_of, "pad_id": pad_id, "pad_type_id": pad_type_id, "pad_token": pad_token}  # fmt: skip

    def no_padding(self) -> None:
        self._padding = None

    def _pad(self, encodings: list[Encoding]) -> None:
        p = self.padding
        pad_encodings(encodings, p["length"], p["pad_to_multiple_of"], direction=p["direction"], pad_id=p["pad_id"], pad_type_id=p["pad_type_id"], pad_token=p["pad_token"])

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
        """The tokenizer.json written as `tokenizers`' repr writes it (serde_pyo3): Name(field=value, ...)."""
        return "Tokenizer(" + ", ".join(f"{k}={_shown(v, k)}" for k, v in self.to_config().items()) + ")"


_STARTS_CHAR = bytes(0 if 0x80 <= b < 0xC0 else 1 for b in range(256))  # 1 for a byte that begins a UTF-8 character


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


_CAMEL = {"longest_first": "LongestFirst", "only_first": "OnlyFirst", "only_second": "OnlySecond"}
_SNAKE = {v: k for k, v in _CAMEL.items()}


def _is_pair(item) -> bool:
    """A pre-tokenized batch item is a pair when it holds two lists of words."""
    return isinstance(item, (list, tuple)) and len(item) == 2 and all(isinstance(x, (list, tuple)) for x in item)


def _truncation_config(d):
    """A tokenizer.json's truncation (null, or max_length, stride, strategy, direction), checked."""
    if d is None:
        return None
    expect(d, dict, "truncation", "an object or null")
    out = {"direction": d.get("direction", "Right"), "max_length": expect(d.get("max_length"), int, "truncation.max_length", "a whole number"),
           "strategy": d.get("strategy", "LongestFirst"), "stride": expect(d.get("stride", 0), int, "truncation.stride", "a whole number")}  # fmt: skip
    if out["strategy"] not in _SNAKE or out["direction"] not in ("Left", "Right"):
        raise bad("hf_unsupported", path="truncation", value=d)
    return out


def _padding_config(d):
    """A tokenizer.json's padding (null, or strategy "BatchLongest" or {"Fixed": n}, ...), checked."""
    if d is None:
        return None
    expect(d, dict, "padding", "an object or null")
    strategy = d.get("strategy", "BatchLongest")
    if not (strategy == "BatchLongest" or isinstance(strategy, dict) and isinstance(strategy.get("Fixed"), int)):
        raise bad("hf_unsupported", path="padding.strategy", value=strategy)
    if d.get("direction", "Right") not in ("Left", "Right"):
        raise bad("hf_unsupported", path="padding.direction", value=d.get("direction"))
    return {"strategy": strategy, "direction": d.get("direction", "Right"), "pad_to_multiple_of": d.get("pad_to_multiple_of"),
            "pad_id": d.get("pad_id", 0), "pad_type_id": d.get("pad_type_id", 0), "pad_token": d.get("pad_token", "[PAD]")}  # fmt: skip


def _shown(value, key: str = "") -> str:
    """A tokenizer.json value as `tokenizers`' repr shows it: a part as Type(field=value, ...), a
    template piece as SpecialToken(...) or Sequence(id=A, ...), strings in double quotes.

    >>> _shown({"type": "Strip", "strip_left": True, "strip_right": False})
    'Strip(strip_left=True, strip_right=False)'
    >>> _shown([{"Sequence": {"id": "A", "type_id": 0}}])
    '[Sequence(id=A, type_id=0)]'
    """
    if isinstance(value, dict):
        if "type" in value:
            return f"{value['type']}(" + ", ".join(f"{k}={_shown(v, k)}" for k, v in value.items() if k != "type") + ")"
        if len(value) == 1 and next(iter(value)) in ("Sequence", "SpecialToken") and isinstance(next(iter(value.values())), dict):
            (name, fields), = value.items()
            return f"{name}(" + ", ".join(f"{k}={v if name == 'Sequence' and k == 'id' else _shown(v, k)}" for k, v in fields.items()) + ")"
        if key == "special_tokens":
            return "{" + ", ".join(f'"{k}":SpecialToken(' + ", ".join(f"{f}={_shown(x, f)}" for f, x in v.items()) + ")" for k, v in value.items()) + "}"
        return "{" + ", ".join(f"{_shown(k)}:{_shown(v, k)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    if isinstance(value, str):
        return f'"{value}"'
    return repr(value)
