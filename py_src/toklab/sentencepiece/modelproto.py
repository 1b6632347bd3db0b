"""Reading a SentencePiece `tokenizer.model`: a protobuf `ModelProto`, read by hand in pure Python.

A `.model` file is one protobuf message (sentencepiece/src/sentencepiece_model.proto). Protobuf writes
each field as a key (field number << 3 | wire type, a varint) and a value: a varint (type 0), 8 bytes
(1), a length and that many bytes (2: strings, bytes and nested messages), or 4 bytes (5: float).
Only the fields an encoder needs are kept; the others are skipped by their wire type:

    ModelProto       1 pieces (repeated SentencePiece)   2 trainer_spec   3 normalizer_spec
                     5 denormalizer_spec
    SentencePiece    1 piece (string)   2 score (float)   3 type (1 NORMAL, 2 UNKNOWN, 3 CONTROL,
                     4 USER_DEFINED, 5 UNUSED, 6 BYTE)
    TrainerSpec      3 model_type (1 UNIGRAM, 2 BPE, 3 WORD, 4 CHAR)   24 treat_whitespace_as_suffix
                     35 byte_fallback   40 unk_id   41 bos_id   42 eos_id   43 pad_id   44 unk_surface
    NormalizerSpec   1 name   2 precompiled_charsmap   3 add_dummy_prefix   4 remove_extra_whitespaces
                     5 escape_whitespaces

    >>> m = read_model(bytes([0x0A, 0x0C, 0x0A, 0x03]) + b"<a>" + bytes([0x15, 0, 0, 0x80, 0xBF, 0x18, 2]))
    >>> m.pieces, m.model_type, m.bos_id, m.normalizer.add_dummy_prefix
    ([('<a>', -1.0, 2)], 1, 1, True)
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from ..errors import ToklabError

__all__ = ["NORMAL", "UNKNOWN", "CONTROL", "USER_DEFINED", "UNUSED", "BYTE", "ModelProto", "NormalizerSpec", "read_model"]

NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = 1, 2, 3, 4, 5, 6
UNIGRAM, BPE, WORD, CHAR = 1, 2, 3, 4
MODEL_TYPES = {UNIGRAM: "Unigram", BPE: "BPE", WORD: "Word", CHAR: "Char"}


def bad_model(expected: str, value: str) -> ToklabError:
    """The error for a file that is not a SentencePiece model toklab can read."""
    return ToklabError("hf_bad_value", path="tokenizer.model", expected=expected, value=value)


@dataclass
class NormalizerSpec:
    """How text is rewritten before it is cut (defaults as in sentencepiece_model.proto)."""

    name: str = ""
    precompiled_charsmap: bytes = b""
    add_dummy_prefix: bool = True
    remove_extra_whitespaces: bool = True
    escape_whitespaces: bool = True


@dataclass
class ModelProto:
    """The parts of a ModelProto toklab uses: pieces as (piece, score, type), and the specs."""

    pieces: list = field(default_factory=list)
    model_type: int = UNIGRAM
    byte_fallback: bool = False
    treat_whitespace_as_suffix: bool = False
    unk_id: int = 0
    bos_id: int = 1
    eos_id: int = 2
    pad_id: int = -1
    unk_surface: str = " \u2047 "
    normalizer: NormalizerSpec = field(default_factory=NormalizerSpec)
    denormalizer: NormalizerSpec | None = None


def fields(data: bytes, what: str):
    """Each (field number, wire type, value) of one message: an int for varints and fixed widths,
    bytes for length-delimited values.

    >>> list(fields(bytes([0x08, 0x96, 0x01, 0x12, 0x02]) + b"hi", "x"))
    [(1, 0, 150), (2, 2, b'hi')]
    """
    i, n = 0, len(data)
    while i < n:
        key, i = _varint(data, i, what)
        number, wire = key >> 3, key & 7
        if number == 0:
            raise bad_model("a protobuf message", f"field number 0 in {what} at byte {i}")
        if wire == 0:
            value, i = _varint(data, i, what)
        elif wire == 1:
            if i + 8 > n:
                raise bad_model("a complete protobuf message", f"{what} cut inside a 64-bit field")
            value, i = int.from_bytes(data[i : i + 8], "little"), i + 8
        elif wire == 2:
            length, i = _varint(data, i, what)
            if i + length > n:
                raise bad_model("a complete protobuf message", f"{what} cut inside field {number} ({length} bytes)")
            value, i = data[i : i + length], i + length
        elif wire == 5:
            if i + 4 > n:
                raise bad_model("a complete protobuf message", f"{what} cut inside a 32-bit field")
            value, i = int.from_bytes(data[i : i + 4], "little"), i + 4
        else:
            raise bad_model("a protobuf message", f"wire type {wire} of field {number} in {what}")
        yield number, wire, value


def _varint(data: bytes, i: int, what: str) -> tuple[int, int]:
    value = shift = 0
    while True:
        if i >= len(data) or shift > 63:
            raise bad_model("a complete protobuf message", f"{what} cut inside a number")
        b = data[i]
        i += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return value, i


def _int32(value: int) -> int:
    """A varint read as protobuf's int32 (negative numbers are written as 64-bit two's complement)."""
    value &= (1 << 64) - 1
    return value - (1 << 64) if value >= 1 << 63 else value


def _text(value, what: str) -> str:
    if not isinstance(value, bytes):
        raise bad_model("a string", f"a number in {what}")
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        raise bad_model("UTF-8 text", f"bytes that are not UTF-8 in {what}") from None


def _piece(data: bytes, index: int) -> tuple[str, float, int]:
    piece, score, kind = None, 0.0, NORMAL
    for number, wire, value in fields(data, f"piece {index}"):
        if number == 1 and wire == 2:
            piece = _text(value, f"piece {index}")
        elif number == 2 and wire == 5:
            score = struct.unpack("<f", value.to_bytes(4, "little"))[0]
        elif number == 3 and wire == 0:
            kind = value
    if not piece:
        raise bad_model("a piece that is not empty", f"piece {index} is empty")
    if kind not in (NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE):
        raise bad_model("a piece type from 1 to 6", f"type {kind} of piece {index} ({piece!r})")
    return piece, score, kind


def _normalizer(data: bytes, what: str) -> NormalizerSpec:
    spec = NormalizerSpec()
    for number, wire, value in fields(data, what):
        if number == 1 and wire == 2:
            spec.name = _text(value, f"{what}.name")
        elif number == 2 and wire == 2:
            spec.precompiled_charsmap = bytes(value)
        elif number in (3, 4, 5) and wire == 0:
            name = {3: "add_dummy_prefix", 4: "remove_extra_whitespaces", 5: "escape_whitespaces"}[number]
            setattr(spec, name, bool(value))
    return spec


_TRAINER_INTS = {40: "unk_id", 41: "bos_id", 42: "eos_id", 43: "pad_id"}


def read_model(data: bytes) -> ModelProto:
    """The ModelProto in `data` (a `.model` file's bytes), or a ToklabError saying what is wrong."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise bad_model("the bytes of a .model file", type(data).__name__)
    data = bytes(data)
    if not data:
        raise bad_model("a SentencePiece model", "an empty file")
    model = ModelProto()
    for number, wire, value in fields(data, "the model"):
        if number == 1 and wire == 2:
            model.pieces.append(_piece(value, len(model.pieces)))
        elif number == 2 and wire == 2:
            for n, w, v in fields(value, "trainer_spec"):
                if n == 3 and w == 0:
                    model.model_type = v
                elif n == 35 and w == 0:
                    model.byte_fallback = bool(v)
                elif n == 24 and w == 0:
                    model.treat_whitespace_as_suffix = bool(v)
                elif n in _TRAINER_INTS and w == 0:
                    setattr(model, _TRAINER_INTS[n], _int32(v))
                elif n == 44 and w == 2:
                    model.unk_surface = _text(v, "trainer_spec.unk_surface")
        elif number == 3 and wire == 2:
            model.normalizer = _normalizer(value, "normalizer_spec")
        elif number == 5 and wire == 2:
            model.denormalizer = _normalizer(value, "denormalizer_spec")
        elif number in (1, 2, 3, 5):
            raise bad_model("a ModelProto", f"field {number} with wire type {wire}")
    if not model.pieces:
        raise bad_model("a SentencePiece model (a ModelProto with pieces)", "a message with no pieces")
    return model
