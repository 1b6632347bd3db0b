"""Write py_src/toklab/hf/_unicode.py: the Unicode tables of HuggingFace `tokenizers`, asked of `tokenizers` itself.

    python tools/hf_unicode.py          rewrite the file (needs `tokenizers`, pinned in tests/requirements.txt)

`tokenizers` 0.23.3 runs its Split patterns with Oniguruma and normalizes with the
`unicode-normalization-alignments` crate; both carry Unicode tables older than Python's `unicodedata` and
than the `regex` module toklab's `_uniclass` comes from. So `toklab.hf` does not use those: this script
asks `tokenizers` directly, and the test tests/test_hf_unicode.py checks that the committed file is what
it writes.

* `CLASS`: for \\s, \\w (Whitespace's, from Rust's regex crate) and each \\p{X} a Split pattern may name, the code points Oniguruma puts in it (a Split
  with behaviour "removed" over every code point leaves exactly those outside the class).
* `NFC_BARRIERS`: the code points where `tokenizers`' NFC does not do what this Python's does: for each
  code point with a canonical decomposition, a combining class or a composition, NFC and NFD of it, of it
  between marks of other classes, and of its decomposition are compared; every code point unassigned in
  this Python (3.11, Unicode 14) is added too, so a newer Python (Pyodide's) treats the characters it
  alone knows as `tokenizers` does: as characters that neither combine nor reorder.
* `SCRIPTS`: the scripts the UnicodeScripts pre-tokenizer tells apart, as (first, last, script) runs
  (scripts numbered in order of first appearance; Hiragana, Katakana and Han are one, as there); a
  code point in no run is "Any" (space, and whatever its tables leave unassigned): it never starts a
  piece.
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "py_src" / "toklab" / "hf" / "_unicode.py"
CLASSES = ("s", "w", "L", "Lu", "Ll", "Lt", "Lm", "Lo", "M", "Mn", "N", "Nd", "P", "S", "Z")
_CHUNKS = ((0, 0xD800), (0xE000, 0x110000))  # every code point but the surrogates


def _runs(points: list[int]) -> list[list[int]]:
    """Sorted code points as maximal runs [first, last]."""
    runs: list[list[int]] = []
    for cp in sorted(points):
        if runs and runs[-1][1] == cp - 1:
            runs[-1][1] = cp
        else:
            runs.append([cp, cp])
    return runs


def _runs_outside(pieces, lo: int) -> list[list[int]]:
    """The runs between `pieces` ((text, (start, end)) in a string of code points from lo)."""
    return [[lo + a, lo + b - 1] for _, (a, b) in pieces]


def _complement(runs: list[list[int]], lo: int, hi: int) -> list[list[int]]:
    out, nxt = [], lo
    for a, b in runs:
        if a > nxt:
            out.append([nxt, a - 1])
        nxt = b + 1
    if nxt < hi:
        out.append([nxt, hi - 1])
    return out


def _merged(runs: list[list[int]]) -> list[list[int]]:
    out: list[list[int]] = []
    for a, b in runs:
        if out and out[-1][1] == a - 1:
            out[-1][1] = b
        else:
            out.append([a, b])
    return out


def word_class() -> list[list[int]]:
    """The code points in \\w as `tokenizers`' Whitespace pre-tokenizer (Rust's regex crate) has them.

    Whitespace cuts every code point into runs of word characters and runs of others (spaces dropped);
    "a" + c stays one piece exactly when c is a word character, so one probe per run says which it is."""
    from tokenizers import pre_tokenizers

    whitespace = pre_tokenizers.Whitespace()
    inside = []
    for lo, hi in _CHUNKS:
        for text, (a, b) in whitespace.pre_tokenize_str("".join(map(chr, range(lo, hi)))):
            if len(whitespace.pre_tokenize_str("a" + text[0])) == 1:
                inside.append([lo + a, lo + b - 1])
    return _merged(inside)


def oniguruma_class(name: str) -> list[list[int]]:
    """The code points in `tokenizers`' \\s or \\p{name}, as runs (\\w: see `word_class`): a Split
    removing runs of the class leaves the runs outside it."""
    from tokenizers import Regex, pre_tokenizers

    if name == "w":
        return word_class()
    pattern = r"\s+" if name == "s" else rf"\p{{{name}}}+"
    split = pre_tokenizers.Split(Regex(pattern), "removed")
    inside: list[list[int]] = []
    for lo, hi in _CHUNKS:
        outside = _runs_outside(split.pre_tokenize_str("".join(map(chr, range(lo, hi)))), lo)
        inside += _complement(outside, lo, hi)
    return _merged(inside)


def nfc_barriers() -> list[list[int]]:
    """The code points whose NFC/NFD in `tokenizers` differs from this Python's, and the unassigned ones."""
    from tokenizers import normalizers

    nfc, nfd = normalizers.NFC(), normalizers.NFD()
    low_mark, high_mark = "\u0334", "\u0301"  # combining classes 1 and 230
    found = set()
    for lo, hi in _CHUNKS:
        for cp in range(lo, hi):
            c = chr(cp)
            if unicodedata.category(c) == "Cn":
                found.add(cp)
                continue
            decomposed = unicodedata.normalize("NFD", c)
            if decomposed == c and unicodedata.combining(c) == 0 and unicodedata.normalize("NFC", c) == c:
                continue
            probes = [c, "a" + c + low_mark, "a" + high_mark + c, decomposed, "a" + decomposed]
            for p in probes:
                if nfc.normalize_str(p) != unicodedata.normalize("NFC", p) or nfd.normalize_str(p) != unicodedata.normalize("NFD", p):
                    found.update([cp, *map(ord, decomposed)])
                    break
    # A character that only composes (the second half of a pair, no decomposition of its own).
    for lo, hi in _CHUNKS:
        for cp in range(lo, hi):
            decomposed = unicodedata.normalize("NFD", chr(cp))
            if len(decomposed) > 1 and nfc.normalize_str(decomposed) != unicodedata.normalize("NFC", decomposed):
                found.update([cp, *map(ord, decomposed)])
    return _runs(list(found))


def scripts() -> list[list[int]]:
    """Runs (first, last, script number) of the code points UnicodeScripts gives a script.

    Over every code point in order, UnicodeScripts cuts where the script changes, an "Any" character
    joining the piece it is in (and dropped when it comes first). Each piece's first character has
    the piece's script; which of the others are "Any" one more probe says: each character put after a
    character of another script starts a piece of its own unless it is "Any". Then pieces of the same
    script are found by asking whether two first characters stay together."""
    from tokenizers import pre_tokenizers

    split = pre_tokenizers.UnicodeScripts().pre_tokenize_str
    known: list[str] = []  # a character of each script found so far
    out: list[list[int]] = []
    for lo, hi in _CHUNKS:
        for text, (a, b) in split("".join(map(chr, range(lo, hi)))):
            first = text[0]
            other = next(x for x in ("a", "\u03b1") if len(split(x + first)) == 2)
            starts = {s for _, (s, _) in split("".join(other + c for c in text))}
            number = next((n for n, r in enumerate(known) if len(split(r + first)) == 1), None)
            if number is None:
                number = len(known)
                known.append(first)
            for k in (i for i, c in enumerate(text) if 2 * i + 1 in starts):
                cp = lo + a + k
                if out and out[-1][2] == number and out[-1][1] == cp - 1:
                    out[-1][1] = cp
                else:
                    out.append([cp, cp, number])
    return out


def _block(name: str, runs: list[list[int]], indent: str = "") -> list[str]:
    lines = [f"{indent}{name}("]
    for i in range(0, len(runs), 6):
        lines.append(indent + "    " + " ".join(f"({a:#x}, {b:#x})," for a, b in runs[i : i + 6]))
    lines.append(f"{indent}){',' if indent else ''}")
    return lines


def render() -> str:
    import tokenizers

    lines = [
        '"""The Unicode tables of HuggingFace `tokenizers`, as `tokenizers` itself answers.',
        "",
        f"Generated by tools/hf_unicode.py from tokenizers {tokenizers.__version__} and Python "
        f"{sys.version_info.major}.{sys.version_info.minor} (Unicode {unicodedata.unidata_version}); do not edit by hand.",
        "Each class is a tuple of (first, last) code points (inclusive). CLASS: Oniguruma's \\\\s and \\\\p{...};",
        "NFC_BARRIERS: code points `tokenizers`' NFC treats differently from that Python (or does not know).",
        "SCRIPTS: (first, last, script) runs as UnicodeScripts tells scripts apart; a code point in none is \"Any\".",
        '"""',
        "",
        "CLASS = {",
    ]
    for name in CLASSES:
        lines += _block(f'"{name}": ', oniguruma_class(name), indent="    ")
    lines += ["}", "", *_block("NFC_BARRIERS = ", nfc_barriers())]
    runs = scripts()
    lines += ["", "SCRIPTS = ("]
    for i in range(0, len(runs), 5):
        lines.append("    " + " ".join(f"({a:#x}, {b:#x}, {n})," for a, b, n in runs[i : i + 5]))
    lines += [")", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    TARGET.write_text(render(), encoding="utf-8")
    print(f"wrote {TARGET}", file=sys.stderr)
