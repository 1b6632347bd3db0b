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
from bisect import bisect_right
from itertools import accumulate

from ..bytes_unicode import BYTE_TO_UNICODE
from . import _unicode
from ._config import CLASSES, Part, Regex, bad, expect, literal_or_regex, one_char, pattern_config, pattern_from_config
from .normalizers import _BEHAVIOR_OF_JSON, _WHITE_SPACE, BEHAVIORS, NormalizedString, _call, _matches, split_by

__all__ = [
    "BYTES_CHAR", "BertPreTokenizer", "ByteLevel", "CharDelimiterSplit", "Digits", "FixedLength", "Metaspace",
    "PreTokenizedString", "PreTokenizer", "Punctuation", "Sequence", "Split", "UnicodeScripts", "Whitespace", "WhitespaceSplit",
    "from_config",
]  # fmt: skip

Piece = tuple  # (text, start, cmap)

BYTES_CHAR = dict(enumerate(BYTE_TO_UNICODE))  # byte -> its printable character (GPT-2's table, byte_level.rs bytes_char)
CHAR_BYTES = {c: b for b, c in BYTES_CHAR.items()}
_LATIN1_TO_BYTE_CHARS = {b: c for b, c in BYTES_CHAR.items()}  # str.translate table over latin-1 text

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


class PreTokenizer(Part):
    """A part that cuts pieces into smaller ones: `split_piece(piece) -> list of pieces`."""

    @staticmethod
    def custom(pre_tokenizer) -> PreTokenizer:
        """A pre-tokenizer written in Python: any object with `pre_tokenize(pretok)` that cuts the
        PreTokenizedString it is given (`pretok.split(fn)`)."""
        return _CustomPreTokenizer(pre_tokenizer)

    def pre_tokenize(self, pretok) -> None:
        """Cut a PreTokenizedString's pieces in place (the bindings' `pre_tokenize`)."""
        def cut(_, piece):
            source, align = piece._source, piece._align
            out = []
            for text, start, cmap in self.pre_tokenize_pieces(piece._normalized):
                where = range(start, start + len(text)) if cmap is None else cmap
                sub_align = [align[k] for k in where]
                span = (sub_align[0][0], max(b for _, b in sub_align)) if sub_align else piece._span
                out.append(NormalizedString._make(source, span, text, sub_align))
            return out

        pretok.split(cut)

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

    pattern = property(doc="not readable nor writable, as in tokenizers' bindings (the pattern is in to_config)")

    def __init__(self, pattern: str | Regex, behavior: str, invert: bool = False):
        behavior = _BEHAVIOR_OF_JSON.get(behavior, behavior)
        if behavior not in BEHAVIORS:
            raise bad("hf_unsupported", path="pre_tokenizer.behavior", value=behavior)
        self._pattern, self.behavior, self.invert = pattern, behavior, bool(invert)
        self._re = literal_or_regex(pattern, "pre_tokenizer.pattern")
        self._findall = self._re.findall if behavior == "isolated" and not isinstance(pattern, str) else None
        self._splitall = _splitter(self._re) if self._findall is not None else None

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
            if not found:  # no match: the text is one piece
                return [text], None, False
            if self._splitall is not None:  # matches and the gaps between them, in C
                parts = self._splitall(text)
                if "" not in parts[1::2]:  # no empty match (the gaps between matches, empty or not, are 0::2)
                    return list(filter(None, parts)), None, False
        return super().pieces(text)

    def to_config(self):
        return {"type": "Split", "pattern": pattern_config(self._pattern), "behavior": BEHAVIORS[self.behavior], "invert": self.invert}


def _splitter(compiled: re.Pattern):
    """`split` by the pattern made one group (each match kept between the gaps), or None where the
    pattern has groups of its own (they would be kept too) or cannot be made one."""
    if compiled.groups:
        return None
    try:
        return re.compile(f"(?:({compiled.pattern}))", compiled.flags).split
    except re.error:
        return None


class ByteLevel(PreTokenizer):
    """GPT-2's byte-level step: optionally a space put first, optionally GPT-2's own pattern, then every
    byte shown as one printable character (byte_level.rs)."""

    _gpt2 = None

    def __init__(self, add_prefix_space: bool = True, trim_offsets: bool = True, use_regex: bool = True, **_type):
        self.add_prefix_space, self.trim_offsets, self.use_regex = bool(add_prefix_space), bool(trim_offsets), bool(use_regex)
        if ByteLevel._gpt2 is None:
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
        one_char(replacement, "pre_tokenizer.replacement")
        if prepend_scheme not in ("always", "first", "never"):
            raise bad("hf_unsupported", path="pre_tokenizer.prepend_scheme", value=prepend_scheme)
        self.replacement, self.prepend_scheme, self.split = replacement, prepend_scheme, bool(split)

    @property
    def _splitter(self) -> Split:
        if getattr(self, "_split_at", None) != self.replacement:  # the replacement may be set anew
            self._split_at, self._split = self.replacement, Split(self.replacement, "merged_with_next")
        return self._split

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

    _NUMBER = None

    def __init__(self, individual_digits: bool = False):
        self.individual_digits = bool(individual_digits)
        if Digits._NUMBER is None:
            Digits._NUMBER = Regex(r"\p{N}")

    def split_piece(self, piece):
        behavior = "isolated" if self.individual_digits else "contiguous"
        return [sub(piece, s, e) for s, e in split_by(_matches(Digits._NUMBER.compiled, piece[0], False), behavior)]

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


class BertPreTokenizer(PreTokenizer):
    """BERT's: pieces between whitespace (Rust's `char::is_whitespace`), each punctuation character
    (ASCII punctuation or \\p{P}) a piece of its own (bert.rs)."""

    def __init__(self):
        self._space = re.compile("[" + re.escape("".join(sorted(_WHITE_SPACE))) + "]")
        self._punct = Punctuation()

    def split_piece(self, piece):
        words = [sub(piece, s, e) for s, e in split_by(_matches(self._space, piece[0], False), "removed")]
        return [q for w in words for q in self._punct.split_piece(w)]


class CharDelimiterSplit(PreTokenizer):
    """Pieces between the `delimiter` character, which is dropped (delimiter.rs)."""

    def __init__(self, delimiter: str):
        self.delimiter = one_char(delimiter, "pre_tokenizer.delimiter")

    def split_piece(self, piece):
        return [sub(piece, s, e) for s, e in split_by(_matches(re.compile(re.escape(self.delimiter)), piece[0], False), "removed")]

    def to_config(self):
        return {"type": "CharDelimiterSplit", "delimiter": self.delimiter}


_SCRIPT_STARTS = [a for a, _, _ in _unicode.SCRIPTS]


def script_of(c: str) -> int | None:
    """The script UnicodeScripts gives `c` (a number from `_unicode.SCRIPTS`), None for "Any".

    >>> script_of("a") == script_of("b") != script_of("ひ") == script_of("漢"), script_of(" ")
    (True, None)
    """
    k = bisect_right(_SCRIPT_STARTS, ord(c)) - 1
    if k < 0:
        return None
    first, last, script = _unicode.SCRIPTS[k]
    return script if ord(c) <= last else None


class UnicodeScripts(PreTokenizer):
    """A new piece wherever the script changes (unicode_scripts.rs; Hiragana, Katakana and Han count
    as one). An "Any" character (a space) joins the piece it is in, and is dropped when it comes
    before the first character that has a script, as in `tokenizers`."""

    def split_piece(self, piece):
        text, cuts, last = piece[0], [], None
        for i, c in enumerate(text):
            script = script_of(c)
            if script is not None:
                if script != last:
                    cuts.append(i)
                last = script
        cuts.append(len(text))
        return [sub(piece, a, b) for a, b in zip(cuts, cuts[1:])]


class FixedLength(PreTokenizer):
    """Pieces of `length` characters each, the last one shorter (fixed_length.rs: DNA, say)."""

    def __init__(self, length: int = 5):
        self.length = length

    def split_piece(self, piece):
        n = len(piece[0])
        return [sub(piece, a, min(a + self.length, n)) for a in range(0, n, max(self.length, 1))]

    def to_config(self):
        return {"type": "FixedLength", "length": self.length}


class Sequence(PreTokenizer):
    """Pre-tokenizers applied one after another, each to every piece the previous ones made."""

    def __init__(self, pretokenizers: list[PreTokenizer]):
        self.pretokenizers = list(pretokenizers)

    def __getitem__(self, i):
        return self.pretokenizers[i]

    def __setitem__(self, i, pre_tokenizer):
        self.pretokenizers[i] = pre_tokenizer

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


class PreTokenizedString:
    """The text cut into pieces (NormalizedStrings), each still knowing its span of the text, as
    `tokenizers`' bindings hand it to a pre-tokenizer written in Python (pre_tokenizer.rs):
    `split(fn)` replaces each piece by the pieces `fn(index, piece)` returns (slices of it).

        >>> p = PreTokenizedString("ab cd")
        >>> p.split(lambda i, s: [s[:2], s[3:]])
        >>> p.get_splits()
        [('ab', (0, 2), None), ('cd', (3, 5), None)]
    """

    def __init__(self, sequence: str):
        self._splits = [NormalizedString(sequence)]
        self._tokens = [None]

    def split(self, func) -> None:
        """Replace each piece by `func(index, piece)`: a list of NormalizedStrings (empty ones dropped)."""
        new = []
        for i, piece in enumerate(self._splits):
            for out in func(i, piece):
                if not isinstance(out, NormalizedString):
                    raise bad("hf_bad_value", path="split", expected="a list of NormalizedString", value=repr(out))
                if out._normalized:
                    new.append(out)
        self._splits = new
        self._tokens = [None] * len(new)

    def normalize(self, func) -> None:
        """`func(piece)` rewrites each piece in place."""
        for piece in self._splits:
            func(piece)

    def tokenize(self, func) -> None:
        """`func(text)` gives each piece's tokens (a list of `models.Token`)."""
        self._tokens = [list(func(p._normalized)) for p in self._splits]

    def get_splits(self, offset_referential: str = "original", offset_type: str = "char") -> list:
        """Each piece as (text, (start, end), its tokens or None); offsets in the original text, or
        in the normalized text (`offset_referential="normalized"`, counted along the pieces)."""
        out, at = [], 0
        for piece, tokens in zip(self._splits, self._tokens):
            if offset_referential == "normalized":
                span, at = (at, at + len(piece._normalized)), at + len(piece._normalized)
            else:
                span = piece._span
            out.append((piece._normalized, span, tokens))
        return out


class _CustomPreTokenizer(PreTokenizer):
    """A Python object's `pre_tokenize(pretok)`, run on a PreTokenizedString of the piece."""

    def __init__(self, inner):
        self.inner = inner

    def split_piece(self, piece):
        text, start, cmap = piece
        where = range(start, start + len(text)) if cmap is None else cmap
        source = [" "] * (max(where, default=-1) + 1)
        for c, at in zip(text, where):
            source[at] = c
        whole = NormalizedString._make("".join(source), (min(where, default=0), max(where, default=-1) + 1), text, [(w, w + 1) for w in where])
        pretok = PreTokenizedString.__new__(PreTokenizedString)
        pretok._splits, pretok._tokens = [whole], [None]
        _call(self.inner.pre_tokenize, pretok, what="pre_tokenizer.pre_tokenize()")
        return [(s._normalized, 0, [a for a, _ in s._align]) for s in pretok._splits]

    def to_config(self):
        raise bad("hf_unsupported", path="pre_tokenizer", value="a custom pre-tokenizer cannot be saved")


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
    if kind in ("Whitespace", "BertPreTokenizer", "UnicodeScripts"):
        return globals()[kind]()
    if kind == "CharDelimiterSplit":
        return CharDelimiterSplit(expect(d.get("delimiter"), str, f"{path}.delimiter", "one character"))
    if kind == "FixedLength":
        return FixedLength(expect(d.get("length", 5), int, f"{path}.length", "a whole number"))
    if kind == "WhitespaceSplit":
        return WhitespaceSplit()
    if kind == "Punctuation":
        behavior = d.get("behavior", "Isolated")
        if behavior not in _BEHAVIOR_OF_JSON:
            raise bad("hf_unsupported", path=f"{path}.behavior", value=behavior)
        return Punctuation(behavior)
    raise bad("hf_unsupported", path=f"{path}.type", value=kind)


PreTokenizer._family = staticmethod(from_config)
