"""The precompiled character map: how a SentencePiece model (and a `Precompiled` tokenizer.json
normalizer) rewrites text before it is cut, e.g. NFKC's "ｈ" -> "h", "①" -> "1".

A model trained with `normalization_rule_name: nmt_nfkc` (or nfkc, nfkc_cf...) does not carry Unicode's
tables: it carries their result, a map from byte strings to byte strings, compiled into one blob
(`normalizer_spec.precompiled_charsmap`):

    uint32 little-endian   n, the size in bytes of the trie
    n bytes                a darts-clone double-array trie (uint32 units) of the source strings;
                           each key's value is an offset into the strings below
    the rest               the replacement strings, each ended by a NUL byte

Mirrors sentencepiece/src/normalizer.cc (`Normalizer::NormalizePrefix`) and
third_party/darts_clone/darts.h (`DoubleArray::commonPrefixSearch`). A unit of the trie is one
uint32: its low byte the label that leads to it, bit 8 "a key ends here", bits 10 up the offset to
its children (shifted left by 8 more when bit 9 is set); the unit a key ending here leads to holds
its value in its low 31 bits.

SentencePiece takes the *longest* key that is a prefix of the rest of the text, replaces it, and goes
on after it; a text with no key at its start passes one character through unchanged:

    >>> cm = CharsMap.build({"ｈ": "h", "①": "1", "ab": "X"})
    >>> cm.normalize("ｈ① abc")
    'h1 Xc'
    >>> cm.prefix_matches("ab".encode(), 0), cm.longest("abc".encode(), 0)
    ([(2, 4)], (2, b'X'))

`build` writes a blob in the same format from a dict (for examples and tests; real blobs come from
the model files and `CharsMap(blob)` reads them).
"""

from __future__ import annotations

import struct

from ..errors import ToklabError

__all__ = ["CharsMap"]


def _bad(what: str, value: str) -> ToklabError:
    return ToklabError("hf_bad_value", path="precompiled_charsmap", expected=what, value=value)


class CharsMap:
    """A precompiled charsmap: its trie (a list of uint32 units) and its replacement strings (bytes)."""

    def __init__(self, blob: bytes):
        if len(blob) < 4:
            raise _bad("at least 4 bytes (the trie's size)", f"{len(blob)} bytes")
        (size,) = struct.unpack_from("<I", blob)
        if size % 4 or size + 4 > len(blob) or size == 0:
            raise _bad(f"a trie size that is a multiple of 4 within its {len(blob) - 4} bytes", str(size))
        self.units = list(struct.unpack_from(f"<{size // 4}I", blob, 4))
        self.strings = bytes(blob[4 + size :])
        # the bytes a key can start with: any other byte starts no key (the root's children)
        root = self.units[0]
        base = (root >> 10) << ((root & (1 << 9)) >> 6)
        n = len(self.units)
        self._leads = frozenset(
            b for b in range(1, 256) if (base ^ b) < n and (self.units[base ^ b] & ((1 << 31) | 0xFF)) == b
        )

    def prefix_matches(self, data: bytes, start: int) -> list[tuple[int, int]]:
        """Every key that is a prefix of data[start:], shortest first, as (length in bytes, value).

        darts-clone's commonPrefixSearch: walk the units byte by byte; a unit whose label is not the
        byte ends the walk; a unit with its leaf bit set has a key ending here.
        """
        units, n = self.units, len(self.units)
        out = []
        unit = units[0]
        pos = (unit >> 10) << ((unit & (1 << 9)) >> 6)
        for i in range(start, len(data)):
            byte = data[i]
            pos ^= byte
            if pos >= n:
                break
            unit = units[pos]
            if (unit & ((1 << 31) | 0xFF)) != byte:
                break
            pos ^= (unit >> 10) << ((unit & (1 << 9)) >> 6)
            if (unit >> 8) & 1:
                if pos >= n:
                    raise _bad("a trie whose leaves are inside it", f"a leaf at unit {pos} of {n}")
                out.append((i + 1 - start, units[pos] & 0x7FFFFFFF))
        return out

    def replacement(self, value: int) -> bytes:
        """The replacement string at offset `value` (up to its NUL byte)."""
        if not 0 <= value < len(self.strings):
            raise _bad("a replacement offset inside the strings", f"{value} (of {len(self.strings)} bytes)")
        end = self.strings.find(b"\0", value)
        return self.strings[value : end if end >= 0 else len(self.strings)]

    def longest(self, data: bytes, start: int) -> tuple[int, bytes] | None:
        """(length, replacement) of the longest key at data[start:], or None (sentencepiece's rule).

        >>> CharsMap.build({"a": "1", "ab": "2"}).longest(b"abc", 0)
        (2, b'2')
        """
        if data[start] not in self._leads:
            return None
        matches = self.prefix_matches(data, start)
        if not matches:
            return None
        length, value = max(matches, key=lambda m: m[0])
        return length, self.replacement(value)

    def first(self, data: bytes) -> bytes | None:
        """The replacement of the *shortest* key that is a prefix of `data`, or None: what tokenizers'
        `Precompiled` (the spm_precompiled crate's `transform`) replaces a whole grapheme with.

        >>> CharsMap.build({"a": "1", "ab": "2"}).first(b"ab")
        b'1'
        """
        if not data or data[0] not in self._leads:
            return None
        matches = self.prefix_matches(data, 0)
        return self.replacement(matches[0][1]) if matches else None

    def normalize_prefix(self, data: bytes, start: int) -> tuple[bytes, int]:
        """What replaces the text at data[start:] and how many bytes it consumes: the longest key's
        replacement, or else the one UTF-8 character there unchanged (a malformed byte: U+FFFD, one
        byte consumed), as `Normalizer::NormalizePrefix`.

        >>> CharsMap.build({"ｈ": "h"}).normalize_prefix("ｈé".encode(), 3)
        (b'\\xc3\\xa9', 2)
        """
        found = self.longest(data, start)
        if found is not None:
            return found[1], found[0]
        return one_char(data, start)

    def normalize(self, text: str) -> str:
        """The whole text rewritten, prefix by prefix (no whitespace rules: see `normalizer`)."""
        data = text.encode("utf-8")
        out, i = [], 0
        while i < len(data):
            piece, used = self.normalize_prefix(data, i)
            out.append(piece)
            i += used
        return b"".join(out).decode("utf-8", "replace")

    @classmethod
    def build(cls, mapping: dict[str, str]) -> CharsMap:
        """A charsmap of `mapping` (keys and replacements as text), in the blob format above.

        A plain trie laid out in a double array: each node's children go at the first base where every
        child's slot (base ^ label) is free; a node with a key ending at it gets the extra child of label
        0, which holds the value. Offsets are kept below 2**21 (no shift bit), enough for small maps.
        """
        strings, offsets = bytearray(), {}
        for repl in mapping.values():
            if repl not in offsets:
                offsets[repl] = len(strings)
                strings += repl.encode("utf-8") + b"\0"
        trie: dict = {}
        for key, repl in mapping.items():
            node = trie
            for byte in key.encode("utf-8"):
                node = node.setdefault(byte, {})
            node[0] = offsets[repl]  # label 0: the leaf, holding the value
        units = [0] * 256
        used = {0}

        def place(node: dict, pos: int) -> None:
            labels = sorted(node)
            base = 1
            while any((base ^ lab) in used for lab in labels) or base in used:
                base += 1
            used.add(base)  # base itself is never a child slot here (labels are never 0 except the leaf's)
            used.update(base ^ lab for lab in labels)
            need = max(base ^ lab for lab in labels) + 1
            if need > len(units):
                units.extend([0] * (need - len(units)))
            offset = pos ^ base
            units[pos] |= offset << 10 | (256 if 0 in node else 0)
            for lab in labels:
                if lab == 0:
                    units[base] = node[0] | (1 << 31)  # the leaf unit: its value (bit 31: no label matches it)
                    continue
                units[base ^ lab] = lab
            for lab in labels:
                if lab:
                    place(node[lab], base ^ lab)

        place(trie, 0)
        blob = struct.pack(f"<I{len(units)}I", 4 * len(units), *units)
        return cls(blob + bytes(strings))


def one_char(data: bytes, start: int) -> tuple[bytes, int]:
    """The UTF-8 character at data[start:] and its length, or U+FFFD and 1 for a malformed byte
    (sentencepiece's `IsValidDecodeUTF8`).

    >>> one_char("é".encode(), 0), one_char(b"\\xff", 0)
    ((b'\\xc3\\xa9', 2), (b'\\xef\\xbf\\xbd', 1))
    """
    b = data[start]
    if b < 0x80:
        return data[start : start + 1], 1
    n = 2 if 0xC2 <= b <= 0xDF else 3 if 0xE0 <= b <= 0xEF else 4 if 0xF0 <= b <= 0xF4 else 0
    if n and start + n <= len(data):
        chunk = data[start : start + n]
        try:
            chunk.decode("utf-8")
            return chunk, n
        except UnicodeDecodeError:
            pass
    return b"\xef\xbf\xbd", 1
