"""`normalizers.Precompiled`: SentencePiece's charsmap as a tokenizer.json converted from a `.model`
carries it (base64 in `precompiled_charsmap`), run as HuggingFace `tokenizers` runs it.

The map is toklab.sentencepiece.charsmap's; the way it is applied is not sentencepiece's. `tokenizers`
(normalizers/precompiled.rs, with the spm_precompiled crate) cuts the text into grapheme clusters (a
letter and the marks on it, CR LF, ...). A cluster of fewer than 6 bytes that starts with a key of the
map is replaced whole by the replacement of the *shortest* such key; otherwise each character is
looked up alone. So "ｅ\u0301" (a fullwidth e with an accent, 5 bytes) becomes "e": the accent goes
with it, as in `tokenizers`.

    >>> from ..sentencepiece.charsmap import CharsMap
    >>> p = Precompiled(CharsMap.build({"ｅ": "e", "①": "1", "\u00ad": ""}))
    >>> p.normalize("ｅ\u0301①x")
    ('e1x', [(0, 1), (2, 3), (3, 4)])

Each new character is aligned as `tokenizers`' `NormalizedString::transform` aligns it: a replacement
longer than what it replaces inserts characters (they take the span of the one before), a shorter one
takes the span of its first original character and skips the rest. A map that would grow a text more
than any normalizer may (toklab.growth) is refused: hf_normalized_too_long.
"""

from __future__ import annotations

import base64
import binascii
import unicodedata

from ..growth import check_growth, growth_limit
from ..sentencepiece.charsmap import CharsMap
from ._config import bad, expect
from .bases import Normalizer

__all__ = ["Precompiled", "from_config", "graphemes"]

# Grapheme_Cluster_Break of a character, from unicodedata: the classes that decide where a cluster ends.
_PREPEND = {0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0xD4E, 0x110BD, 0x110CD,
            0x111C2, 0x111C3, 0x1193F, 0x11941, 0x11A3A, 0x11A84, 0x11A85, 0x11A86, 0x11A87, 0x11A88, 0x11A89,
            0x11D46, 0x11F02}  # fmt: skip
_CLASS: dict[str, str] = {}


def _ext_pict(cp: int) -> bool:
    """Extended_Pictographic, by its ranges (close enough for where clusters end: see `graphemes`)."""
    return (
        cp in (0xA9, 0xAE, 0x203C, 0x2049, 0x2122, 0x2139, 0x3030, 0x303D, 0x3297, 0x3299)
        or 0x2194 <= cp <= 0x21AA
        or 0x231A <= cp <= 0x23FF
        or 0x25AA <= cp <= 0x27BF
        or 0x2934 <= cp <= 0x2935
        or 0x2B05 <= cp <= 0x2B55
        or (0x1F000 <= cp <= 0x1FFFD and not 0x1F1E6 <= cp <= 0x1F1FF and not 0x1F3FB <= cp <= 0x1F3FF)
    )


def grapheme_class(c: str) -> str:
    """One character's class: CR, LF, Control, Extend, ZWJ, SpacingMark, Prepend, RI, L, V, T, LV, LVT,
    Pict or Other.

    >>> [grapheme_class(c) for c in "\\r\\u0301\\u200d\\U0001F600\\uac00a"]
    ['CR', 'Extend', 'ZWJ', 'Pict', 'LV', 'Other']
    """
    found = _CLASS.get(c)
    if found is not None:
        return found
    cp = ord(c)
    cat = unicodedata.category(c)
    if c == "\r":
        found = "CR"
    elif c == "\n":
        found = "LF"
    elif cp == 0x200D:
        found = "ZWJ"
    elif cp in _PREPEND:
        found = "Prepend"
    elif cat in ("Mn", "Me") or cp == 0x200C or 0xFF9E <= cp <= 0xFF9F or 0x1F3FB <= cp <= 0x1F3FF or 0xE0020 <= cp <= 0xE007F:
        found = "Extend"
    elif cat in ("Cc", "Zl", "Zp", "Cf"):
        found = "Control"
    elif cat == "Mc" or cp in (0xE33, 0xEB3):
        found = "SpacingMark"
    elif 0x1F1E6 <= cp <= 0x1F1FF:
        found = "RI"
    elif 0x1100 <= cp <= 0x115F or 0xA960 <= cp <= 0xA97C:
        found = "L"
    elif 0x1160 <= cp <= 0x11A7 or 0xD7B0 <= cp <= 0xD7C6:
        found = "V"
    elif 0x11A8 <= cp <= 0x11FF or 0xD7CB <= cp <= 0xD7FB:
        found = "T"
    elif 0xAC00 <= cp <= 0xD7A3:
        found = "LV" if (cp - 0xAC00) % 28 == 0 else "LVT"
    elif _ext_pict(cp):
        found = "Pict"
    else:
        found = "Other"
    _CLASS[c] = found
    return found


_BREAK_AFTER = ("Control", "CR", "LF")


def graphemes(text: str) -> list[str]:
    """The extended grapheme clusters of `text` (Unicode's UAX #29 rules GB3-GB13).

    Only clusters of fewer than 6 bytes are looked up whole, so the rules that join longer clusters
    only (Hangul syllables of jamo, flags, emoji ZWJ sequences, Indic conjuncts) change nothing here;
    they are kept for what the function says it does.

    >>> [len(g) for g in graphemes("e\\u0301a\\r\\nb\\U0001F1EF\\U0001F1F5")]
    [2, 1, 2, 1, 2]
    """
    if not text:
        return []
    out, start = [], 0
    prev = grapheme_class(text[0])
    ri_run = 1 if prev == "RI" else 0
    pict_zwj = False  # an ExtPict Extend* ZWJ just before
    pict_ext = prev == "Pict"  # an ExtPict Extend* just before
    for i in range(1, len(text)):
        cur = grapheme_class(text[i])
        if prev == "CR" and cur == "LF":
            join = True
        elif prev in _BREAK_AFTER or cur in _BREAK_AFTER:
            join = False
        elif prev == "L" and cur in ("L", "V", "LV", "LVT"):
            join = True
        elif prev in ("LV", "V") and cur in ("V", "T"):
            join = True
        elif prev in ("LVT", "T") and cur == "T":
            join = True
        elif cur in ("Extend", "ZWJ", "SpacingMark") or prev == "Prepend":
            join = True
        elif cur == "Pict" and pict_zwj:
            join = True
        elif prev == "RI" and cur == "RI":
            join = ri_run % 2 == 1
        else:
            join = False
        if not join:
            out.append(text[start:i])
            start = i
        pict_zwj = pict_ext and cur == "ZWJ"
        pict_ext = cur == "Pict" or (pict_ext and cur == "Extend")
        ri_run = ri_run + 1 if cur == "RI" else 0
        prev = cur
    out.append(text[start:])
    return out


def _replace(changes: list, old: str, new: str) -> None:
    """Append `new`'s characters for `old`'s, with their changes (precompiled.rs `replace`)."""
    diff = len(new) - len(old)
    changes.extend([c, 0] for c in new)
    if diff > 0:
        for entry in changes[-diff:]:
            entry[1] = 1
    elif diff < 0 and changes:
        changes[-1][1] += diff


class Precompiled(Normalizer):
    """SentencePiece's precompiled charsmap, applied grapheme by grapheme as `tokenizers` applies it."""

    def __init__(self, charsmap: CharsMap | bytes | str):
        if isinstance(charsmap, str):
            charsmap = _decode(charsmap, "normalizer.precompiled_charsmap")
        self.blob = charsmap if isinstance(charsmap, (bytes, bytearray)) else None
        self.charsmap = charsmap if isinstance(charsmap, CharsMap) else CharsMap(bytes(charsmap))

    def normalize_aligned(self, text):
        first = self.charsmap.first
        changes: list = []
        modified = False
        # One key may be replaced by a string as long as the blob: the new text may grow at most as much
        # as any normalizer's (toklab.growth), and is refused before it is built.
        limit, size = growth_limit(len(text)), len(text)
        for g in graphemes(text):
            if len(g) > 1 and len(g.encode("utf-8")) < 6:
                norm = first(g.encode("utf-8").split(b"\0")[0])
                if norm is not None:
                    modified = True
                    new = norm.decode("utf-8")
                    size += len(new) - len(g)
                    if size > limit:
                        check_growth(len(text), size)
                    _replace(changes, g, new)
                    continue
            for c in g:
                norm = first(c.encode("utf-8").split(b"\0")[0])
                if norm is None:
                    changes.append([c, 0])
                else:
                    modified = True
                    new = norm.decode("utf-8")
                    size += len(new) - 1
                    if size > limit:
                        check_growth(len(text), size)
                    _replace(changes, c, new)
        if not modified:
            return text, None
        new = "".join(c for c, _ in changes)
        align, ptr = [], 0
        for _, change in changes:
            if change > 0:
                align.append((ptr - 1, ptr) if ptr else (0, 0))
            else:
                align.append((ptr, ptr + 1))
                ptr += 1 - change
        return new, (None if new == text else align)

    def to_config(self):
        blob = self.blob if self.blob is not None else b""
        return {"type": "Precompiled", "precompiled_charsmap": base64.b64encode(bytes(blob)).decode("ascii")}


def _decode(value: str, path: str) -> bytes:
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        raise bad("hf_bad_value", path=path, expected="base64 text", value=value[:40]) from None


def from_config(d: dict, path: str = "normalizer") -> Precompiled:
    """The Precompiled normalizer a tokenizer.json describes."""
    raw = expect(d.get("precompiled_charsmap"), str, f"{path}.precompiled_charsmap", "base64 text")
    return Precompiled(_decode(raw, f"{path}.precompiled_charsmap"))
