"""Pre-tokenizers: the normalized text cut into pieces that the model merges one at a time.

Mirrors huggingface/tokenizers `tokenizers/src/pre_tokenizers/` (split.rs, byte_level.rs, metaspace.rs,
sequence.rs, digits.rs, whitespace.rs, punctuation.rs) and `tokenizer/normalizer.rs`'s
`SplitDelimiterBehavior`. A piece is a tuple `(text, start, cmap)`: its text, and where each of its
characters comes from in the normalized text: `start + k` for character k when `cmap` is None, else
`cmap[k]` (ByteLevel turns one character into its UTF-8 bytes, each shown as a printable character,
and all of them come from that one character):

    >>> [p[0] for p in ByteLevel(add_prefix_space=False).pre_tokenize_pieces("Hi 你")]
    ['Hi', 'Ġä½ł']
    >>> Split(Regex(r"\\p{N}{1,3}"), "isolated").pre_tokenize_str("a12345")
    [('a', (0, 1)), ('123', (1, 4)), ('45', (4, 6))]
    >>> Split(" ", "merged_with_previous").pre_tokenize_str("a b  c")
    [('a ', (0, 2)), ('b ', (2, 4)), (' ', (4, 5)), ('c', (5, 6))]

A Sequence applies its parts one after another, each to every piece the one before made: DeepSeek-V3's
three Splits are not one alternation (its "我爱 北京" gives "我爱", " ", "北京": the CJK split runs before
the one that would attach the space to the word).
"""

from __future__ import annotations

import re
from itertools import accumulate

from ..bytes_unicode import BYTE_TO_UNICODE
from ._config import CLASSES, Regex, bad, expect, literal_or_regex, pattern_config, pattern_from_config

__all__ = [
    "BYTES_CHAR", "ByteLevel", "Digits", "Metaspace", "PreTokenizer", "Punctuation", "Sequence", "Split",
    "Whitespace", "WhitespaceSplit", "from_config",
]  # fmt: skip

Piece = tuple  # (text, start, cmap)

BYTES_CHAR = dict(enumerate(BYTE_TO_UNICODE))  # byte -> its printable character (GPT-2's table, byte_level.rs bytes_char)
CHAR_BYTES = {c: b for b, c in BYTES_CHAR.items()}
_LATIN1_TO_BYTE_CHARS = {b: c for b, c in BYTES_CHAR.items()}  # str.translate table over latin-1 text

BEHAVIORS = {
    "removed": "Removed", "isolated": "Isolated", "merged_with_previous": "MergedWithPrevious",
    "merged_with_next": "MergedWithNext", "contiguous": "Contiguous",
}  # fmt: skip
_BEHAVIOR_OF_JSON = {v: k for k, v in BEHAVIORS.items()}
GPT2_PATTERN = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"


def sub(piece: Piece, a: int, b: int) -> Piece:
    """Characters a..b of a piece, still knowing where they come from.

    >>> sub(("abc", 10, None), 1, 3), sub(("xyz", 0, [4, 4, 5]), 1, 3)
    (('bc', 11, None), ('yz', 0, [4, 5]))
    """
    text, start, cmap = piece
    return (text[a:b], start + a, None) if cmap is None else (text[a:b], 0, cmap[a:b])


def to_bytes(piece: Piece) -> Piece:
    """A piece as byte-level characters (byte_level.rs: each byte of each character becomes one
    character, aligned with the character it comes from).

    >>> to_bytes(("a中", 5, None))
    ('aä¸Ń', 0, [5, 6, 6, 6])
    """
    text, start, cmap = piece
    if text.isascii():
        return text.translate(_LATIN1_TO_BYTE_CHARS), start, cmap
    shown = text.encode("utf-8").decode("latin-1").translate(_LATIN1_TO_BYTE_CHARS)
    where = range(start, start + len(text)) if cmap is None else cmap
    new_cmap = []
    for c, at in zip(text, where):
        n = len(c.encode("utf-8"))
        new_cmap.extend([at] * n)
    return shown, 0, new_cmap


def byte_chars(text: str) -> str:
    """The text's UTF-8 bytes, each as its printable character.

    >>> byte_chars("a 中")
    'aĠä¸Ń'
    """
    if text.isascii():
        return text.translate(_LATIN1_TO_BYTE_CHARS)
    return text.encode("utf-8").decode("latin-1").translate(_LATIN1_TO_BYTE_CHARS)


def _matches(compiled: re.Pattern, text: str, invert: bool) -> list[tuple[int, int, bool]]:
    """Every match of `compiled` and every gap between them, in order (split.rs find_matches)."""
    if not text:
        return [(0, 0, False)]
    out, prev = [], 0
    for m in compiled.finditer(text):
        s, e = m.span()
        if prev != s:
            out.append((prev, s, invert))
        out.append((s, e, not invert))
        prev = e
    if prev != len(text):
        out.append((prev, len(text), invert))
    return out


def split_by(matches: list[tuple[int, int, bool]], behavior: str) -> list[tuple[int, int]]:
    """The spans a Split keeps, by behaviour (normalizer.rs `NormalizedString::split`).

    >>> m = [(0, 1, False), (1, 2, True), (2, 3, True), (3, 4, False)]
    >>> split_by(m, "removed"), split_by(m, "merged_with_previous"), split_by(m, "merged_with_next")
    ([(0, 1), (3, 4)], [(0, 2), (2, 3), (3, 4)], [(0, 1), (1, 2), (2, 4)])
    >>> split_by(m, "contiguous")
    [(0, 1), (1, 3), (3, 4)]
    """
    if behavior == "isolated":
        spans = [(s, e) for s, e, _ in matches]
    elif behavior == "removed":
        spans = [(s, e) for s, e, m in matches if not m]
    elif behavior == "merged_with_previous":
        spans, previous = [], False
        for s, e, m in matches:
            if m and not previous and spans:
                spans[-1] = (spans[-1][0], e)
            else:
                spans.append((s, e))
            previous = m
    elif behavior == "merged_with_next":
        spans, previous = [], False
        for s, e, m in reversed(matches):
            if m and not previous and spans:
                spans[-1] = (s, spans[-1][1])
            else:
                spans.append((s, e))
            previous = m
        spans.reverse()
    else:  # contiguous
        spans, previous = [], False
        for s, e, m in matches:
            if m == previous and spans:
                spans[-1] = (spans[-1][0], e)
            else:
                spans.append((s, e))
            previous = m
    return [(s, e) for s, e in spans if e > s]


class PreTokenizer:
    """A part that cuts pieces into smaller ones: `split_piece(piece) -> list of pieces`."""

    def split_piece(self, piece: Piece) -> list[Piece]:
        raise NotImplementedError

    def spans(self, text: str) -> tuple[list[tuple[int, int]], bool] | None:
        """The fast path: the pieces of `text` as (start, end) spans, and whether the model sees them
        as bytes (ByteLevel); None when this part inserts characters (a prefix space, Metaspace)."""
        return None

    def pieces(self, text: str) -> tuple[list[str], list[int] | None, bool] | None:
        """The fast path as strings: (the pieces of `text`, where each starts or None when they tile
        `text` end to end, whether the model sees them as bytes); None as for `spans`.

        >>> Split(Regex(r"\\p{N}{1,3}"), "isolated").pieces("a12345")
        (['a', '123', '45'], None, False)
        >>> Split(" ", "removed").pieces("a b")
        (['a', 'b'], [0, 2], False)
        """
        found = self.spans(text)
        if found is None:
            return None
        spans, as_bytes = found
        pieces = [text[s:e] for s, e in spans]
        if sum(map(len, pieces)) == len(text):  # in order and apart, so they tile the text
            return pieces, None, as_bytes
        return pieces, [s for s, _ in spans], as_bytes

    def pre_tokenize_pieces(self, text: str, start: int = 0, cmap=None) -> list[Piece]:
        """The pieces of `text` (empty ones dropped, as PreTokenizedString.split drops them)."""
        return [p for p in self.split_piece((text, start, cmap)) if p[0]]

    def pre_tokenize_str(self, text: str) -> list[tuple[str, tuple[int, int]]]:
        """As `tokenizers`: each piece with its (start, end) in `text`."""
        out = []
        for t, start, cmap in self.pre_tokenize_pieces(text):
            if cmap is None:
                out.append((t, (start, start + len(t))))
            else:
                out.append((t, (cmap[0], cmap[-1] + 1) if cmap else (0, 0)))
        return out

    def to_config(self) -> dict:
        return {"type": type(self).__name__}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.to_config()})"


class Split(PreTokenizer):
    """Cut at a pattern (a string, matched literally, or a `Regex`); `behavior` says where the matches
    go; `invert` cuts at what does not match instead."""

    def __init__(self, pattern: str | Regex, behavior: str, invert: bool = False):
        behavior = _BEHAVIOR_OF_JSON.get(behavior, behavior)
        if behavior not in BEHAVIORS:
            raise bad("hf_unsupported", path="pre_tokenizer.behavior", value=behavior)
        self.pattern, self.behavior, self.invert = pattern, behavior, bool(invert)
        self._re = literal_or_regex(pattern, "pre_tokenizer.pattern")
        self._findall = self._re.findall if behavior == "isolated" and not isinstance(pattern, str) else None

    def split_piece(self, piece):
        text = piece[0]
        if self._findall is not None and not self.invert:
            found = self._findall(text)  # fast path: the matches cover the text, as GPT-2-like patterns do
            if sum(map(len, found)) == len(text) and "" not in found:
                out, pos = [], 0
                for f in found:
                    out.append(sub(piece, pos, pos + len(f)))
                    pos += len(f)
                return out
        spans = split_by(_matches(self._re, text, self.invert), self.behavior)
        return [sub(piece, s, e) for s, e in spans]

    def spans(self, text):
        if self._findall is not None and not self.invert:
            found = self._findall(text)
            if sum(map(len, found)) == len(text) and "" not in found:
                out, pos = [], 0
                for f in found:
                    end = pos + len(f)
                    out.append((pos, end))
                    pos = end
                return out, False
        return split_by(_matches(self._re, text, self.invert), self.behavior), False

    def pieces(self, text):
        if self._findall is not None and not self.invert:
            found = self._findall(text)
            if sum(map(len, found)) == len(text) and "" not in found:
                return found, None, False
        return super().pieces(text)

    def to_config(self):
        return {"type": "Split", "pattern": pattern_config(self.pattern), "behavior": BEHAVIORS[self.behavior], "invert": self.invert}


class ByteLevel(PreTokenizer):
    """GPT-2's byte-level step: optionally a space put first, optionally GPT-2's own pattern, then every
    byte shown as one printable character (byte_level.rs)."""

    _gpt2 = None

    def __init__(self, add_prefix_space: bool = True, trim_offsets: bool = True, use_regex: bool = True):
        self.add_prefix_space, self.trim_offsets, self.use_regex = bool(add_prefix_space), bool(trim_offsets), bool(use_regex)
        if use_regex and ByteLevel._gpt2 is None:
            ByteLevel._gpt2 = Split(Regex(GPT2_PATTERN), "isolated")

    @staticmethod
    def alphabet() -> list[str]:
        """The 256 characters that stand for bytes."""
        return sorted(BYTES_CHAR.values())

    def split_piece(self, piece):
        if self.add_prefix_space and not piece[0].startswith(" "):
            text, start, cmap = piece
            if text:
                where = list(range(start, start + len(text))) if cmap is None else list(cmap)
                piece = (" " + text, 0, [where[0]] + where)
        pieces = self._gpt2.split_piece(piece) if self.use_regex else [piece]
        return [to_bytes(p) for p in pieces]

    def spans(self, text):
        if self.add_prefix_space and text and not text.startswith(" "):
            return None
        return (self._gpt2.spans(text)[0] if self.use_regex else [(0, len(text))]), True

    def pieces(self, text):
        if self.add_prefix_space and text and not text.startswith(" "):
            return None
        if not self.use_regex:
            return [text], None, True
        found = self._gpt2.pieces(text)
        return found[0], found[1], True

    def to_config(self):
        return {"type": "ByteLevel", "add_prefix_space": self.add_prefix_space, "trim_offsets": self.trim_offsets, "use_regex": self.use_regex}


class Metaspace(PreTokenizer):
    """SentencePiece's spaces: " " becomes `replacement` (▁), one is put first (`prepend_scheme`
    "always", "first" or "never"), and with `split` each ▁ starts a new piece (metaspace.rs)."""

    def __init__(self, replacement: str = "\u2581", prepend_scheme: str = "always", split: bool = True):
        if not isinstance(replacement, str) or len(replacement) != 1:
            raise bad("hf_bad_value", path="pre_tokenizer.replacement", expected="one character", value=replacement)
        if prepend_scheme not in ("always", "first", "never"):
            raise bad("hf_unsupported", path="pre_tokenizer.prepend_scheme", value=prepend_scheme)
        self.replacement, self.prepend_scheme, self.split = replacement, prepend_scheme, bool(split)
        self._splitter = Split(replacement, "merged_with_next")

    def split_piece(self, piece):
        text, start, cmap = piece
        text = text.replace(" ", self.replacement)
        first_here = (start if cmap is None else (cmap[0] if cmap else 0)) == 0
        prepend = self.prepend_scheme == "always" or self.prepend_scheme == "first" and first_here
        if prepend and text and not text.startswith(self.replacement):
            where = list(range(start, start + len(text))) if cmap is None else list(cmap)
            piece = (self.replacement + text, 0, [where[0]] + where)
        else:
            piece = (text, start, cmap)
        return self._splitter.split_piece(piece) if self.split else [piece]

    def to_config(self):
        return {"type": "Metaspace", "replacement": self.replacement, "prepend_scheme": self.prepend_scheme, "split": self.split}


def _class_re(*names: str, extra: str = "") -> str:
    runs = sorted(r for n in names for r in CLASSES[n])
    return "[" + "".join(re.escape(chr(a)) + ("-" + re.escape(chr(b)) if b > a else "") for a, b in runs) + re.escape(extra) + "]"


class Digits(PreTokenizer):
    """Numbers (Rust's `char::is_numeric`: \\p{N}) cut apart from the rest; each digit alone with
    `individual_digits` (digits.rs)."""

    def __init__(self, individual_digits: bool = False):
        self.individual_digits = bool(individual_digits)
        self._split = Split(Regex(r"\p{N}"), "isolated" if individual_digits else "contiguous")

    def split_piece(self, piece):
        return self._split.split_piece(piece)

    def to_config(self):
        return {"type": "Digits", "individual_digits": self.individual_digits}


class WhitespaceSplit(PreTokenizer):
    """Pieces between whitespace (Rust's `char::is_whitespace`), the whitespace dropped (whitespace.rs)."""

    def __init__(self):
        self._split = Split(Regex(r"\s"), "removed")

    def split_piece(self, piece):
        return self._split.split_piece(piece)


class Whitespace(PreTokenizer):
    """Word runs and runs of other non-space characters, the whitespace dropped: `\\w+|[^\\w\\s]+`
    (whitespace.rs), with \\w as `tokenizers`' Rust regex has it (`_unicode.CLASS["w"]`)."""

    def __init__(self):
        w, s = CLASSES["w"], CLASSES["s"]
        from ..pretokenize import _complement, _one_of

        self._re = re.compile(f"{_one_of(w)}+|{_one_of(_complement(w, s))}+")

    def split_piece(self, piece):
        return [sub(piece, s, e) for s, e in split_by(_matches(self._re, piece[0], True), "removed")]


class Punctuation(PreTokenizer):
    """Each punctuation character (ASCII punctuation or \\p{P}) cut out by `behavior` (punctuation.rs)."""

    def __init__(self, behavior: str = "isolated"):
        behavior = _BEHAVIOR_OF_JSON.get(behavior, behavior)
        if behavior not in BEHAVIORS:
            raise bad("hf_unsupported", path="pre_tokenizer.behavior", value=behavior)
        ascii_punct = "".join(chr(c) for c in range(0x21, 0x7F) if not chr(c).isalnum())
        self.behavior = behavior
        self._re = re.compile(_class_re("P", extra=ascii_punct))

    def split_piece(self, piece):
        return [sub(piece, s, e) for s, e in split_by(_matches(self._re, piece[0], False), self.behavior)]

    def to_config(self):
        return {"type": "Punctuation", "behavior": BEHAVIORS[self.behavior]}


class Sequence(PreTokenizer):
    """Pre-tokenizers applied one after another, each to every piece the previous ones made."""

    def __init__(self, pretokenizers: list[PreTokenizer]):
        self.pretokenizers = list(pretokenizers)

    def spans(self, text):
        spans, as_bytes = [(0, len(text))], False
        for part in self.pretokenizers:
            if as_bytes:
                return None  # a part after ByteLevel cuts byte characters: the slow path does that
            out = []
            for s, e in spans:
                found = part.spans(text[s:e])
                if found is None:
                    return None
                out.extend((s + a, s + b) for a, b in found[0] if b > a)
                as_bytes = as_bytes or found[1]
            spans = out
        return spans, as_bytes

    def pieces(self, text):
        pieces, starts, as_bytes = [text], None, False
        for part in self.pretokenizers:
            if as_bytes:
                return None  # a part after ByteLevel cuts byte characters: the slow path does that
            if isinstance(part, ByteLevel) and not part.use_regex and not part.add_prefix_space:
                as_bytes = True  # only says "as bytes": every piece stays as it is
                continue
            out, out_starts = [], None if starts is None else []
            for k, piece in enumerate(pieces):
                found = part.pieces(piece)
                if found is None:
                    return None
                cut, at, b = found
                as_bytes = as_bytes or b
                if at is not None and out_starts is None:  # these pieces leave gaps: count from here on
                    out_starts = list(_starts(out, 0))
                    starts = list(_starts(pieces, 0))
                if out_starts is not None:
                    base = starts[k]
                    out_starts.extend(_starts(cut, base) if at is None else (base + a for a in at))
                out.extend(cut)
            pieces, starts = out, out_starts
        return pieces, starts, as_bytes

    def split_piece(self, piece):
        pieces = [piece]
        for p in self.pretokenizers:
            pieces = [q for piece in pieces for q in p.split_piece(piece) if q[0]]
        return pieces

    def to_config(self):
        return {"type": "Sequence", "pretokenizers": [p.to_config() for p in self.pretokenizers]}


def _starts(pieces: list[str], base: int):
    """Where each of `pieces`, laid end to end from `base`, starts.

    >>> list(_starts(["ab", "c", "de"], 10))
    [10, 12, 13]
    """
    return accumulate(map(len, pieces[:-1]), initial=base) if pieces else iter(())


def _bool(d: dict, key: str, path: str, default: bool) -> bool:
    return expect(d.get(key, default), bool, f"{path}.{key}", "true or false")


def from_config(d: dict | None, path: str = "pre_tokenizer") -> PreTokenizer | None:
    """The pre-tokenizer a tokenizer.json describes (None for null)."""
    if d is None:
        return None
    expect(d, dict, path, "an object")
    kind = d.get("type")
    if kind == "Sequence":
        items = expect(d.get("pretokenizers"), list, f"{path}.pretokenizers", "a list")
        return Sequence([from_config(x, f"{path}.pretokenizers[{i}]") for i, x in enumerate(items)])
    if kind == "Split":
        behavior = d.get("behavior")
        if behavior not in _BEHAVIOR_OF_JSON:
            raise bad("hf_unsupported", path=f"{path}.behavior", value=behavior)
        return Split(pattern_from_config(d.get("pattern"), f"{path}.pattern"), behavior, _bool(d, "invert", path, False))
    if kind == "ByteLevel":
        return ByteLevel(_bool(d, "add_prefix_space", path, True), _bool(d, "trim_offsets", path, True), _bool(d, "use_regex", path, True))
    if kind == "Metaspace":
        scheme = d.get("prepend_scheme", "always")
        if scheme not in ("always", "first", "never"):
            raise bad("hf_unsupported", path=f"{path}.prepend_scheme", value=scheme)
        replacement = d.get("replacement", "\u2581")
        if not isinstance(replacement, str) or len(replacement) != 1:
            raise bad("hf_bad_value", path=f"{path}.replacement", expected="one character", value=replacement)
        return Metaspace(replacement, scheme, _bool(d, "split", path, True))
    if kind == "Digits":
        return Digits(_bool(d, "individual_digits", path, False))
    if kind == "Whitespace":
        return Whitespace()
    if kind == "WhitespaceSplit":
        return WhitespaceSplit()
    if kind == "Punctuation":
        behavior = d.get("behavior", "Isolated")
        if behavior not in _BEHAVIOR_OF_JSON:
            raise bad("hf_unsupported", path=f"{path}.behavior", value=behavior)
        return Punctuation(behavior)
    raise bad("hf_unsupported", path=f"{path}.type", value=kind)
