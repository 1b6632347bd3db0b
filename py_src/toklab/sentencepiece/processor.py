"""`SentencePieceProcessor`: the `sentencepiece` package's Python API, on toklab's pure-Python parts.

Encoding is normalize (normalizer.py), cut (bpe.py for BPE, unigram.py for Unigram), then as
sentencepiece/src/sentencepiece_processor.cc (`PopulateSentencePieceText`) does: an unknown piece of
a byte-fallback model becomes its UTF-8 bytes, `<0xE6>` and so on; in other models a run of unknown
pieces is one piece. Decoding turns ▁ back into spaces, drops the first piece's ▁ (the dummy prefix),
joins byte pieces into characters (U+FFFD for bytes that make none) and shows `<unk>` as " ⁇ ".

    >>> from .modelproto import ModelProto
    >>> sp = SentencePieceProcessor(model=ModelProto(pieces=[("<unk>", 0.0, 2), ("▁a", -1.0, 1), ("b", -2.0, 1)]))
    >>> sp.encode("ab c"), sp.encode("ab c", out_type=str), sp.decode([1, 2, 0])
    ([1, 2, 0], ['▁a', 'b', '▁c'], 'ab ⁇ ')
"""

from __future__ import annotations

import re

from ..caches import SizedCache
from ..errors import ToklabError, ToklabTypeError
from . import bpe, unigram
from .charsmap import one_char
from .modelproto import BPE, BYTE, CONTROL, MODEL_TYPES, NORMAL, UNIGRAM, UNKNOWN, UNUSED, USER_DEFINED
from .modelproto import ModelProto, bad_model, read_model
from .normalizer import SPACE, Normalizer

__all__ = ["SentencePieceProcessor"]


class PieceIdError(ToklabError, IndexError):
    """An id that is not a piece's (sentencepiece raises IndexError)."""


def byte_piece(b: int) -> str:
    """The byte-fallback piece of one byte.

    >>> byte_piece(0xE6)
    '<0xE6>'
    """
    return f"<0x{b:02X}>"


def piece_byte(piece: str) -> int:
    """The byte a piece like `<0xE6>` stands for, or -1 (sentencepiece's `PieceToByte`)."""
    if len(piece) == 6 and piece.startswith("<0x") and piece.endswith(">"):
        try:
            return int(piece[3:5], 16)
        except ValueError:
            return -1
    return -1


class SentencePieceProcessor:
    """A SentencePiece model: `SentencePieceProcessor(model_file=...)` or `(model_proto=bytes)`."""

    def __init__(self, model_file=None, model_proto=None, out_type=int, add_bos=False, add_eos=False,
                 reverse=False, emit_unk_piece=False, *, model: ModelProto | None = None):  # fmt: skip
        self._out_type, self._add_bos, self._add_eos = out_type, add_bos, add_eos
        self._reverse, self._emit_unk_piece = reverse, emit_unk_piece
        self.model = None
        if model is not None:
            self._init(model)
        elif model_file or model_proto:
            self.load(model_file=model_file, model_proto=model_proto)

    # -- loading -------------------------------------------------------------------------------------

    def load(self, model_file=None, model_proto=None):
        """Read a model from a file path or from its bytes."""
        if model_file and model_proto:
            raise ToklabError("hf_bad_value", path="load", expected="model_file or model_proto", value="both")
        if model_proto:
            return self.load_from_serialized_proto(model_proto)
        return self.load_from_file(model_file)

    def load_from_file(self, path) -> bool:
        with open(path, "rb") as f:
            self._proto = f.read()
        self._init(read_model(self._proto))
        return True

    def load_from_serialized_proto(self, data) -> bool:
        self._proto = bytes(data)
        self._init(read_model(self._proto))
        return True

    def serialized_model_proto(self) -> bytes:
        return self._proto

    def _init(self, model: ModelProto) -> None:
        """Check the pieces as `ModelInterface::InitializePieces` does, and build the lookups."""
        if model.model_type not in (UNIGRAM, BPE):
            name = MODEL_TYPES.get(model.model_type, str(model.model_type))
            raise ToklabError("hf_unsupported", path="trainer_spec.model_type", value=name)
        self.model = model
        self.pieces = [p for p, _, _ in model.pieces]
        self.scores = [s for _, s, _ in model.pieces]
        self.types = [t for _, _, t in model.pieces]
        self.normal: dict[str, int] = {}  # NORMAL, USER_DEFINED and UNUSED pieces
        self.reserved: dict[str, int] = {}  # CONTROL, UNKNOWN and BYTE pieces
        unk = -1
        seen_bytes = set()
        for i, (piece, _, kind) in enumerate(model.pieces):
            table = self.normal if kind in (NORMAL, USER_DEFINED, UNUSED) else self.reserved
            if piece in table:
                raise bad_model("each piece once", f"{piece!r} twice (pieces {table[piece]} and {i})")
            table[piece] = i
            if kind == UNKNOWN:
                if unk >= 0:
                    raise bad_model("one unknown piece", f"pieces {unk} and {i} both unknown")
                unk = i
            if kind == BYTE:
                if not model.byte_fallback:
                    raise bad_model("byte pieces only with byte_fallback", f"byte piece {piece!r} without it")
                b = piece_byte(piece)
                if b < 0:
                    raise bad_model("a byte piece <0x00> to <0xFF>", repr(piece))
                seen_bytes.add(b)
        if unk < 0:
            raise bad_model("an unknown piece (type UNKNOWN)", "none")
        if model.byte_fallback and len(seen_bytes) != 256:
            raise bad_model("256 byte pieces (byte_fallback)", f"{len(seen_bytes)}")
        self._unk = unk
        user_defined = [p for p, _, t in model.pieces if t == USER_DEFINED]
        self._user_defined = sorted(user_defined, key=len, reverse=True)
        self.normalizer = Normalizer(model.normalizer, user_defined, model.treat_whitespace_as_suffix)
        self.denormalizer = None
        if model.denormalizer is not None and model.denormalizer.precompiled_charsmap:
            self.denormalizer = Normalizer(model.denormalizer)
        self.is_bpe = model.model_type == BPE
        if self.is_bpe and UNUSED in self.types:
            # sentencepiece merges into an UNUSED piece, then splits it again by the pair that made it
            # last (bpe_model.cc's rev_merge); toklab does not, so it refuses such a file rather than
            # answer differently
            raise ToklabError("hf_unsupported", path="a BPE model's pieces of type", value="UNUSED")
        if self.is_bpe:
            self.bpe_scores = {p: s for p, s, t in model.pieces if t in (NORMAL, USER_DEFINED, UNUSED)}
            self._words = word_splitter(self.bpe_scores) if not user_defined else None
            self._word_cache = SizedCache()
        else:
            self.vocab = {p: (i, s, t == USER_DEFINED) for i, (p, s, t) in enumerate(model.pieces) if t in (NORMAL, USER_DEFINED)}
            self._stats = unigram.stats_of(self.vocab)

    # -- encoding ------------------------------------------------------------------------------------

    def normalize(self, text):
        """The text as the model sees it (one string, or a list of them)."""
        if isinstance(text, list):
            return [self.normalize(t) for t in text]
        return self.normalizer.normalize(_text(text))

    def symbols(self, normalized: str) -> tuple[list[str], frozenset]:
        """BPE's starting symbols: one a character, a user-defined piece one symbol; and the indexes of
        those (frozen: they never merge).

        >>> from .modelproto import ModelProto
        >>> sp = SentencePieceProcessor(model=ModelProto(pieces=[("<unk>", 0, 2), ("<x>", 0, 4)], model_type=2))
        >>> sp.symbols("a<x>b")
        (['a', '<x>', 'b'], frozenset({1}))
        """
        if not self._user_defined:
            return list(normalized), frozenset()
        out, frozen, i = [], set(), 0
        while i < len(normalized):
            for piece in self._user_defined:
                if normalized.startswith(piece, i):
                    frozen.add(len(out))
                    out.append(piece)
                    i += len(piece)
                    break
            else:
                out.append(normalized[i])
                i += 1
        return out, frozenset(frozen)

    def cut(self, normalized: str) -> list[tuple[str, int]]:
        """The model's pieces of a normalized text as (piece, id); unknown pieces have the unk id."""
        if self.is_bpe:
            if self._words is not None:  # word by word, each word's pieces cached
                out, get, put = [], self._word_cache.get, self._word_cache.put
                for word in self._words(normalized):
                    found = get(word)
                    if found is None:
                        found = put(word, [(p, self._id(p)) for p in bpe.merge_fast(list(word), self.bpe_scores)], 2 * len(word))
                    out += found
                return out
            symbols, frozen = self.symbols(normalized)
            pieces = bpe.merge_fast(symbols, self.bpe_scores, frozen)
            return [(p, self._id(p)) for p in pieces]
        return unigram.viterbi(normalized, self.vocab, self._unk, stats=self._stats)

    def _id(self, piece: str) -> int:
        found = self.reserved.get(piece)
        if found is None:
            found = self.normal.get(piece, self._unk)
        return found

    def encode_pieces(self, text: str) -> list[tuple[str, int]]:
        """(piece, id) of a text: cut, then byte fallback or runs of unknown pieces joined."""
        out: list[list] = []
        prev_unk = False
        byte_fallback = self.model.byte_fallback
        for piece, i in self.cut(self.normalizer.normalize(text)):
            unk = i == self._unk
            if unk and byte_fallback:
                out.extend([byte_piece(b), self.reserved[byte_piece(b)]] for b in piece.encode("utf-8"))
            elif unk and prev_unk:
                out[-1][0] += piece
            else:
                out.append([piece, i])
            prev_unk = unk
        return [(p, i) for p, i in out]

    def encode(self, input, out_type=None, add_bos=None, add_eos=None, reverse=None, emit_unk_piece=None, **_ignored):
        """Ids (out_type=int) or pieces (out_type=str) of a text, or of each text of a list."""
        self._loaded()
        out_type = self._out_type if out_type is None else out_type
        options = (
            self._add_bos if add_bos is None else add_bos,
            self._add_eos if add_eos is None else add_eos,
            self._reverse if reverse is None else reverse,
            self._emit_unk_piece if emit_unk_piece is None else emit_unk_piece,
        )
        if out_type not in (int, str):
            raise ToklabError("bad_choice", field="out_type", value=repr(out_type), choices="int, str")
        if isinstance(input, list):
            return [self._encode_one(_text(t), out_type, *options) for t in input]
        return self._encode_one(_text(input), out_type, *options)

    def _encode_one(self, text, out_type, add_bos, add_eos, reverse, emit_unk_piece):
        pairs = self.encode_pieces(text)
        if reverse:
            pairs.reverse()
        if add_bos and self.model.bos_id >= 0:
            pairs.insert(0, (self.pieces[self.model.bos_id], self.model.bos_id))
        if add_eos and self.model.eos_id >= 0:
            pairs.append((self.pieces[self.model.eos_id], self.model.eos_id))
        if out_type is int:
            return [i for _, i in pairs]
        if emit_unk_piece:
            return [self.pieces[i] if i == self._unk else p for p, i in pairs]
        return [p for p, _ in pairs]

    def encode_as_ids(self, input, **kwargs):
        return self.encode(input, out_type=int, **kwargs)

    def encode_as_pieces(self, input, **kwargs):
        return self.encode(input, out_type=str, **kwargs)

    # -- decoding ------------------------------------------------------------------------------------

    def decode(self, input, out_type=str, **_ignored):
        """The text of ids or pieces (a list of them, one, or a list of lists)."""
        self._loaded()
        if not input:
            return "" if out_type is str else b""
        if isinstance(input, list) and isinstance(input[0], list):
            return [self.decode(x, out_type) for x in input]
        items = input if isinstance(input, list) else [input]
        if all(type(x) is int for x in items):
            pieces = [self.id_to_piece(i) for i in items]
        elif all(isinstance(x, str) for x in items):
            pieces = list(items)
        else:
            raise ToklabTypeError("wrong_type", field="input", expected="list of ids or of pieces")
        text = self.decode_pieces_text(pieces)
        return text if out_type is str else text.encode("utf-8", "surrogateescape")

    def decode_pieces_text(self, pieces: list[str]) -> str:
        """`SentencePieceProcessor::Decode`: pieces to text."""
        spec = self.model.normalizer
        strip_first = spec.add_dummy_prefix or spec.remove_extra_whitespaces
        text: list[str] = []
        has_text = False
        bytes_run = bytearray()
        is_bos_ws, bos_ws_seen = True, False
        for piece in pieces:
            i = self._id(piece)
            kind = self.types[i]
            if kind == BYTE:
                bytes_run.append(piece_byte(piece))
                continue
            if bytes_run:
                surface = _bytes_text(bytes_run)
                text.append(surface)
                has_text = has_text or bool(surface)
                bytes_run.clear()
            if bos_ws_seen or has_text:
                is_bos_ws = False
            bos_ws_seen = False
            if kind == CONTROL:
                surface = ""
            elif kind == UNKNOWN:
                surface = self.model.unk_surface if self.pieces[i] == piece else piece
            else:
                if is_bos_ws and strip_first and piece.startswith(SPACE):
                    piece = piece[1:]
                    bos_ws_seen = not spec.remove_extra_whitespaces
                surface = piece.replace(SPACE, " ")
            text.append(surface)
            has_text = has_text or bool(surface)
        if bytes_run:
            text.append(_bytes_text(bytes_run))
        out = "".join(text)
        if self.denormalizer is not None:
            out = self.denormalizer.normalize(out)
        return out

    def decode_ids(self, input, **kwargs):
        return self.decode(input, **kwargs)

    def decode_pieces(self, input, **kwargs):
        return self.decode(input, **kwargs)

    # -- the vocabulary ------------------------------------------------------------------------------

    def _loaded(self):
        if self.model is None:
            raise ToklabError("hf_bad_value", path="SentencePieceProcessor", expected="a loaded model", value="none")

    def _check(self, i) -> int:
        self._loaded()
        if type(i) is not int or not 0 <= i < len(self.pieces):
            raise PieceIdError("unknown_id", id=str(i), encoding="the model", max_id=len(self.pieces) - 1)
        return i

    def get_piece_size(self) -> int:
        self._loaded()
        return len(self.pieces)

    vocab_size = piece_size = get_piece_size

    def __len__(self) -> int:
        return self.get_piece_size()

    def __getitem__(self, piece: str) -> int:
        return self.piece_to_id(piece)

    def piece_to_id(self, piece):
        self._loaded()
        return [self._id(p) for p in piece] if isinstance(piece, list) else self._id(piece)

    def id_to_piece(self, i):
        return [self.pieces[self._check(x)] for x in i] if isinstance(i, list) else self.pieces[self._check(i)]

    def get_score(self, i):
        return [self.scores[self._check(x)] for x in i] if isinstance(i, list) else self.scores[self._check(i)]

    def _is(self, i, kind):
        if isinstance(i, list):
            return [self.types[self._check(x)] == kind for x in i]
        return self.types[self._check(i)] == kind

    def is_unknown(self, i):
        return self._is(i, UNKNOWN)

    def is_control(self, i):
        return self._is(i, CONTROL)

    def is_unused(self, i):
        return self._is(i, UNUSED)

    def is_byte(self, i):
        return self._is(i, BYTE)

    def unk_id(self) -> int:
        self._loaded()
        return self._unk

    def bos_id(self) -> int:
        self._loaded()
        return self._reserved_or_none(self.model.bos_id)

    def eos_id(self) -> int:
        self._loaded()
        return self._reserved_or_none(self.model.eos_id)

    def pad_id(self) -> int:
        self._loaded()
        return self._reserved_or_none(self.model.pad_id)

    def _reserved_or_none(self, i: int) -> int:
        """The id if it names a piece of the model, else -1 (as sentencepiece answers bos_id etc.)."""
        return i if 0 <= i < len(self.pieces) else -1

    # -- the CamelCase names the package has beside the snake_case ones --------------------------------
    Load, LoadFromFile, LoadFromSerializedProto = load, load_from_file, load_from_serialized_proto
    Encode, EncodeAsIds, EncodeAsPieces, Tokenize = encode, encode_as_ids, encode_as_pieces, encode
    Decode, DecodeIds, DecodePieces, Detokenize = decode, decode_ids, decode_pieces, decode
    IdToPiece, PieceToId, GetScore, GetPieceSize = id_to_piece, piece_to_id, get_score, get_piece_size
    IsUnknown, IsControl, IsUnused, IsByte = is_unknown, is_control, is_unused, is_byte
    Normalize = normalize


def word_splitter(scores: dict[str, float]):
    """A function cutting a normalized text into words that BPE can merge apart, or None.

    A merge never crosses a ▁ whose left neighbour c never stands before a ▁ inside a piece (no merge
    can make a piece holding c▁), so the text can be cut before each such ▁ and each part merged
    alone, with the same answer: in Llama 2's and Mistral's vocabularies only ▁ itself stands before
    a ▁ (the pieces ▁▁, ▁▁▁▁...), so a text is cut before each ▁ that follows another character.

    >>> word_splitter({"▁a": -1.0, "▁▁": -2.0})("▁a▁▁b▁c")
    ['▁a', '▁▁b', '▁c']
    """
    before = {p[i - 1] for p in scores for i in range(1, len(p)) if p[i] == SPACE}
    guard = f"(?<![{''.join(map(re.escape, sorted(before)))}])" if before else ""
    pattern = re.compile(f"{guard}(?={SPACE})")
    return lambda text: [w for w in pattern.split(text) if w]


def _text(value) -> str:
    if not isinstance(value, str):
        raise ToklabTypeError("wrong_type", field="input", expected="string (or a list of strings)")
    return value


def _bytes_text(data: bytearray) -> str:
    """Byte pieces' text: each UTF-8 character they spell, U+FFFD for each byte that starts none
    (sentencepiece's `ProcessBytePieces`).

    >>> _bytes_text(bytearray(b"\\xe6\\xb0\\x94\\xe6"))
    '气�'
    """
    out, i = [], 0
    while i < len(data):
        chunk, used = one_char(bytes(data), i)
        out.append(chunk.decode("utf-8"))
        i += used
    return "".join(out)
