"""Normalizers: the text rewritten before it is cut, each character still tied to where it came from.

Mirrors huggingface/tokenizers `tokenizers/src/normalizers/` (and `tokenizer/normalizer.rs` for the
alignments). A normalizer's `normalize_aligned(text)` returns the new text and its *alignment*: for
each new character, the [start, end) span of `text` it comes from, or None when the new text is the
old one character for character (same length, each character in its place), which is what most texts
give (`normalize(text)` is the same; `normalize(NormalizedString)` rewrites one in place, as the
bindings' `normalize` does: `NormalizedString` below):

    >>> Replace(" ", "\u2581").normalize("a b")
    ('a▁b', None)
    >>> Prepend("\u2581").normalize("ab")
    ('▁ab', [(0, 1), (0, 1), (1, 2)])
    >>> NFC().normalize("e\u0301!")
    ('é!', [(0, 1), (2, 3)])
    >>> BertNormalizer().normalize_str("Héllo\\t你好")
    'hello  你  好 '
    >>> Sequence([Lowercase(), Replace("a", "bb")]).normalize_str("Abc")
    'bbbc'

The alignments follow `tokenizers`' rules: a character that replaces several keeps the span of the first
of them (NFC's é above covers only the "e"), an inserted character takes the span of the one before it
(or of the first character when it is inserted at the start, as Prepend does).

NFC uses Python's `unicodedata` except where `tokenizers`' older Unicode tables say otherwise: the code
points in `_unicode.NFC_BARRIERS` (U+11935 U+11930 composes in Python, not in `tokenizers`) neither
combine with nor reorder around their neighbours, as in `tokenizers`, where they are unknown.
"""

from __future__ import annotations

import re
import unicodedata

from ..errors import ToklabError
from ..pretokenize import _one_of
from . import _unicode
from ..bytes_unicode import BYTE_TO_UNICODE
from ..growth import GROWTH, check_growth, growth_limit  # noqa: F401 (GROWTH: normalizers.GROWTH)
from ._config import Regex, bad, expect, literal_or_regex, pattern_config
from .bases import Normalizer
from .precompiled import Precompiled
from .precompiled import from_config as precompiled_from_config

__all__ = [
    "NFC", "NFD", "NFKC", "NFKD", "BertNormalizer", "ByteLevel", "Lowercase", "Nmt", "Normalizer", "Precompiled", "Prepend", "Replace",
    "Sequence", "Strip", "StripAccents", "NormalizedString", "from_config",
]  # fmt: skip

Alignment = "list[tuple[int, int]] | None"

_BYTE_CHARS = dict(enumerate(BYTE_TO_UNICODE))  # str.translate table: latin-1 text -> byte-level characters
_BARRIER = re.compile(_one_of([list(r) for r in _unicode.NFC_BARRIERS]))  # astral ranges behind a guard: fast


def identity(n: int) -> list[tuple[int, int]]:
    """The alignment of a text of `n` characters that nothing changed.

    >>> identity(2)
    [(0, 1), (1, 2)]
    """
    return [(i, i + 1) for i in range(n)]


def compose(outer: list | None, inner: list | None) -> list | None:
    """The alignment of normalizing twice: `inner` maps the final text to the middle one, `outer` the
    middle one to the original.

    >>> compose([(0, 1), (0, 1), (1, 2)], [(1, 2), (2, 3)])
    [(0, 1), (1, 2)]
    """
    if inner is None:
        return outer
    if outer is None:
        return inner
    out = []
    for a, b in inner:
        if b > a:
            out.append((outer[a][0], outer[b - 1][1]))
        else:
            at = outer[a][0] if a < len(outer) else (outer[-1][1] if outer else 0)
            out.append((at, at))
    return out


def _unicode_form(form: str, text: str) -> tuple[str, list | None]:
    """`text` in normalization form `form` ("NFC", "NFD", "NFKC", "NFKD"), aligned as `tokenizers` aligns.

    As in the `unicode-normalization-alignments` crate `tokenizers` uses, each character carries a
    change: a character's decomposition is its first character (change 0) and the rest (+1, inserted);
    marks are put in canonical order carrying their changes; composing a character into the starter
    before it takes one off the starter's change. Then each character, in order, takes the span of the
    next original character (change 0), of the 1 - change next ones, keeping the first's span (change
    below 0), or of the one before (inserted).
    """
    if unicodedata.is_normalized(form, text) and not _BARRIER.search(text):
        return text, None
    lines = text.splitlines(keepends=True)
    if len(lines) > 1:
        return _by_lines(form, lines)
    return _slow_form(form, text)


def _slow_form(form: str, text: str) -> tuple[str, list | None]:
    """`_unicode_form` character by character."""
    compat = form in ("NFKC", "NFKD")
    chars: list[list] = []  # [character, change, combining class]
    for c in text:
        if _BARRIER.match(c):
            chars.append([c, 0, 0])
            continue
        for k, d in enumerate(unicodedata.normalize("NFKD" if compat else "NFD", c)):
            chars.append([d, 1 if k else 0, unicodedata.combining(d)])
    _reorder(chars)
    if form in ("NFC", "NFKC"):
        chars = _compose(chars)
    new = "".join(c for c, _, _ in chars)
    align, ptr = [], 0
    for _, change, _ in chars:
        if change > 0:
            align.append((ptr - 1, ptr) if ptr else (0, 0))
        else:
            align.append((ptr, ptr + 1))
            ptr += 1 - change
    return new, (None if new == text else align)


def _by_lines(form: str, lines: list[str]) -> tuple[str, Spans | None]:
    """`_unicode_form` line by line: nothing composes with or reorders around a line break (they are
    starters without compositions), so only the lines that change pay for the slow path. The
    alignment is a `Spans` (two lists of numbers, made by `range`, not a tuple a character)."""
    out, starts, ends, pos, changed = [], [], [], 0, False
    for line in lines:
        if unicodedata.is_normalized(form, line) and not _BARRIER.search(line):
            new, inner = line, None
        else:
            new, inner = _slow_form(form, line)
        out.append(new)
        if inner is None:
            starts += range(pos, pos + len(line))
            ends += range(pos + 1, pos + len(line) + 1)
        else:
            changed = True
            starts += [a + pos for a, _ in inner]
            ends += [b + pos for _, b in inner]
        pos += len(line)
    return "".join(out), (Spans(starts, ends) if changed else None)


class Spans:
    """An alignment held as two lists of numbers, `starts[i]` and `ends[i]` the span of new character
    i; indexed, iterated and compared as the list of (start, end) pairs it stands for. A long text
    (Qwen3 normalizes a 1 MB text with one non-NFC line) so costs two lists, not a million tuples
    for the cyclic collector to scan.

    >>> s = Spans([0, 0, 1], [1, 1, 2]); s[1], s[-1], len(s), s == [(0, 1), (0, 1), (1, 2)]
    ((0, 1), (1, 2), 3, True)
    """

    __slots__ = ("starts", "ends")

    def __init__(self, starts: list[int], ends: list[int]):
        self.starts, self.ends = starts, ends

    def __getitem__(self, i: int) -> tuple[int, int]:
        return self.starts[i], self.ends[i]

    def __len__(self) -> int:
        return len(self.starts)

    def __iter__(self):
        return zip(self.starts, self.ends)

    def __eq__(self, other) -> bool:
        return list(self) == list(other) if isinstance(other, (Spans, list)) else NotImplemented

    def __repr__(self) -> str:
        return repr(list(self))


def _reorder(chars: list[list]) -> None:
    """Canonical ordering: each run of marks stably sorted by combining class."""
    i, n = 0, len(chars)
    while i < n:
        if chars[i][2] == 0:
            i += 1
            continue
        j = i
        while j < n and chars[j][2] != 0:
            j += 1
        chars[i:j] = sorted(chars[i:j], key=lambda e: e[2])
        i = j


_COMPOSED: dict[tuple[str, str], str | None] = {}


def _composite(a: str, b: str) -> str | None:
    """The primary composite of a and b, if there is one (barrier characters have none)."""
    key = (a, b)
    if key not in _COMPOSED:
        found = None
        if not _BARRIER.match(a) and not _BARRIER.match(b):
            c = unicodedata.normalize("NFC", a + b)
            if len(c) == 1 and c != a + b:
                found = c
        _COMPOSED[key] = found
    return _COMPOSED[key]


def _compose(chars: list[list]) -> list[list]:
    """Canonical composition: a mark or starter not blocked from the last starter joins it."""
    out: list[list] = []
    starter = None  # index in out of the last starter
    last_class = -1
    for c, change, ccc in chars:
        if starter is not None and (starter == len(out) - 1 or 0 != last_class < ccc):
            joined = _composite(out[starter][0], c)
            if joined is not None:
                out[starter][0] = joined
                out[starter][1] += change - 1
                continue
        if ccc == 0:
            starter = len(out)
        last_class = ccc
        out.append([c, change, ccc])
    return out


class NFC(Normalizer):
    """Canonical composition (Qwen3 uses it). Mirrors tokenizers/src/normalizers/unicode.rs."""

    def normalize_aligned(self, text):
        return _unicode_form("NFC", text)


class NFD(Normalizer):
    """Canonical decomposition."""

    def normalize_aligned(self, text):
        return _unicode_form("NFD", text)


class NFKC(Normalizer):
    """Compatibility composition."""

    def normalize_aligned(self, text):
        return _unicode_form("NFKC", text)


class NFKD(Normalizer):
    """Compatibility decomposition."""

    def normalize_aligned(self, text):
        return _unicode_form("NFKD", text)


class Lowercase(Normalizer):
    """Every character lowercased (tokenizers/src/normalizers/utils.rs, `NormalizedString::lowercase`).

    >>> Lowercase().normalize("AİB")
    ('ai̇b', [(0, 1), (1, 2), (1, 2), (2, 3)])
    """

    def normalize_aligned(self, text):
        new = "".join(map(str.lower, text))  # one character at a time, as Rust's char::to_lowercase (no final sigma)
        if len(new) == len(text):
            return new, None
        align = []
        for i, c in enumerate(text):
            align.extend([(i, i + 1)] * len(c.lower()))
        return new, align


class Replace(Normalizer):
    """Every match of a pattern (a string, or a `Regex`) replaced by `content` (Gemma: " " -> "▁").
    Each new character takes the span of the match's last character (tokenizers/src/normalizers/replace.rs).
    """

    pattern = property(doc="not readable nor writable, as in tokenizers' bindings (the pattern is in to_config)")

    def __init__(self, pattern: str | Regex, content: str):
        self._pattern = pattern
        self.content = content
        self._re = literal_or_regex(pattern, "normalizer.pattern")

    def normalize_aligned(self, text):
        if len(self.content) == 1 and isinstance(self._pattern, str) and len(self._pattern) == 1:
            return text.replace(self._pattern, self.content), None
        out, align, pos = [], [], 0
        limit, size = growth_limit(len(text)), len(text)
        for m in self._re.finditer(text):
            if m.end() == m.start():
                continue
            size += len(self.content) - (m.end() - m.start())
            if size > limit:  # refused before the text is built
                check_growth(len(text), size)
            out.append(text[pos : m.start()])
            align.extend((k, k + 1) for k in range(pos, m.start()))
            out.append(self.content)
            align.extend([(m.end() - 1, m.end())] * len(self.content))
            pos = m.end()
        out.append(text[pos:])
        align.extend((k, k + 1) for k in range(pos, len(text)))
        new = "".join(out)
        return new, (None if new == text else align)

    def to_config(self):
        return {"type": "Replace", "pattern": pattern_config(self._pattern), "content": self.content}


class Prepend(Normalizer):
    """`prepend` put before a text that is not empty (tokenizers/src/normalizers/prepend.rs); the new
    characters take the span of the first one."""

    def __init__(self, prepend: str):
        self.prepend = prepend

    def normalize_aligned(self, text):
        if not text or not self.prepend:
            return text, None
        check_growth(len(text), len(self.prepend) + len(text))
        return self.prepend + text, [(0, 1)] * len(self.prepend) + identity(len(text))

    def to_config(self):
        return {"type": "Prepend", "prepend": self.prepend}


class Sequence(Normalizer):
    """Normalizers applied one after another (DeepSeek-V3's is an empty one)."""

    def __init__(self, normalizers: list[Normalizer]):
        self.normalizers = list(normalizers)

    def normalize_aligned(self, text):
        align, length = None, len(text)
        for n in self.normalizers:
            text, inner = n.normalize_aligned(text)
            check_growth(length, len(text))  # the whole sequence grows a text as much as one normalizer may
            align = compose(align, inner)
        return text, align

    def __getitem__(self, i):
        return self.normalizers[i]

    def __setitem__(self, i, normalizer):
        self.normalizers[i] = normalizer

    def to_config(self):
        return {"type": "Sequence", "normalizers": [n.to_config() for n in self.normalizers]}


def from_config(d: dict, path: str = "normalizer") -> Normalizer | None:
    """The normalizer a tokenizer.json describes (None for null)."""
    if d is None:
        return None
    expect(d, dict, path, "an object")
    kind = d.get("type")
    if kind == "Sequence":
        items = expect(d.get("normalizers"), list, f"{path}.normalizers", "a list")
        return Sequence([from_config(x, f"{path}.normalizers[{i}]") for i, x in enumerate(items)])
    if kind in ("NFC", "NFD", "NFKC", "NFKD", "Lowercase", "StripAccents", "ByteLevel", "Nmt"):
        return globals()[kind]()
    if kind == "BertNormalizer":
        flags = {k: expect(d.get(k, True), bool, f"{path}.{k}", "true or false") for k in ("clean_text", "handle_chinese_chars", "lowercase")}
        return BertNormalizer(strip_accents=expect(d.get("strip_accents"), bool, f"{path}.strip_accents", "true, false or null", none_ok=True), **flags)
    if kind == "Strip":
        return Strip(*(expect(d.get(k, True), bool, f"{path}.{k}", "true or false") for k in ("strip_left", "strip_right")))
    if kind == "Replace":
        from ._config import pattern_from_config

        content = expect(d.get("content"), str, f"{path}.content", "a string")
        return Replace(pattern_from_config(d.get("pattern"), f"{path}.pattern"), content)
    if kind == "Prepend":
        return Prepend(expect(d.get("prepend"), str, f"{path}.prepend", "a string"))
    if kind == "Precompiled":
        return precompiled_from_config(d, path)
    raise bad("hf_unsupported", path=f"{path}.type", value=kind)


# --- BERT's normalizer and the small ones beside it (normalizers/bert.rs, strip.rs, byte_level.rs) ---

_WHITE_SPACE = frozenset("\t\n\x0b\x0c\r \x85\xa0\u1680\u2028\u2029\u202f\u205f\u3000" + "".join(map(chr, range(0x2000, 0x200B))))
_OTHER = frozenset(("Cc", "Cf", "Cn", "Co", "Cs"))  # unicode_categories' is_other
_CJK = ((0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0x20000, 0x2A6DF), (0x2A700, 0x2B73F), (0x2B740, 0x2B81F), (0x2B920, 0x2CEAF), (0xF900, 0xFAFF), (0x2F800, 0x2FA1F))  # fmt: skip


def is_whitespace(c: str) -> bool:
    """Rust's `char::is_whitespace` (the White_Space property): not quite `str.isspace` (U+001C-U+001F)."""
    return c in _WHITE_SPACE


def is_chinese_char(c: str) -> bool:
    """The CJK ideograph blocks BERT puts spaces around (bert.rs `is_chinese_char`)."""
    o = ord(c)
    return any(a <= o <= b for a, b in _CJK)


def keep_where(text: str, keep) -> tuple[str, list | None]:
    """The characters for which `keep(c)` holds, each keeping its own span (`NormalizedString::filter`).

    >>> keep_where("a-b", str.isalpha)
    ('ab', [(0, 1), (2, 3)])
    """
    kept = [i for i, c in enumerate(text) if keep(c)]
    if len(kept) == len(text):
        return text, None
    return "".join(text[i] for i in kept), [(i, i + 1) for i in kept]


class BertNormalizer(Normalizer):
    """BERT's normalizer, in bert.rs's order: with `clean_text`, NUL, U+FFFD and control characters go
    and every whitespace becomes a space; with `handle_chinese_chars`, a space each side of each CJK
    ideograph; with `strip_accents` (when None: as `lowercase`), NFD and the nonspacing marks go; with
    `lowercase`, lowercase."""

    def __init__(self, clean_text: bool = True, handle_chinese_chars: bool = True, strip_accents: bool | None = None, lowercase: bool = True):
        self.clean_text, self.handle_chinese_chars = clean_text, handle_chinese_chars
        self.strip_accents, self.lowercase = strip_accents, lowercase

    def normalize_aligned(self, text):
        align = None
        if self.clean_text:
            cat = unicodedata.category
            text, align = keep_where(text, lambda c: not (c in "\x00\ufffd" or c not in "\t\n\r" and cat(c) in _OTHER))
            text = "".join(" " if c in _WHITE_SPACE else c for c in text)
        if self.handle_chinese_chars and any(map(is_chinese_char, text)):
            new, inner = [], []
            for i, c in enumerate(text):
                wide = is_chinese_char(c)
                new.append(f" {c} " if wide else c)
                inner.extend([(i, i + 1)] * (3 if wide else 1))
            text, align = "".join(new), compose(align, inner)
        if self.lowercase if self.strip_accents is None else self.strip_accents:
            text, inner = _unicode_form("NFD", text)
            align = compose(align, inner)
            text, inner = StripAccents().normalize_aligned(text)
            align = compose(align, inner)
        if self.lowercase:
            text, inner = Lowercase().normalize_aligned(text)
            align = compose(align, inner)
        return text, align

    def to_config(self):
        return {"type": "BertNormalizer", "clean_text": self.clean_text, "handle_chinese_chars": self.handle_chinese_chars,
                "strip_accents": self.strip_accents, "lowercase": self.lowercase}  # fmt: skip


class StripAccents(Normalizer):
    """The nonspacing marks (category Mn) taken out; put NFD before it to strip é's accent."""

    def normalize_aligned(self, text):
        cat = unicodedata.category
        return keep_where(text, lambda c: cat(c) != "Mn")


class Strip(Normalizer):
    """Whitespace taken off the left and/or the right end (strip.rs)."""

    def __init__(self, left: bool = True, right: bool = True):
        self.left, self.right = left, right

    def normalize_aligned(self, text):
        a, b = 0, len(text)
        while self.left and a < b and text[a] in _WHITE_SPACE:
            a += 1
        while self.right and b > a and text[b - 1] in _WHITE_SPACE:
            b -= 1
        if (a, b) == (0, len(text)):
            return text, None
        return text[a:b], [(i, i + 1) for i in range(a, b)]

    def to_config(self):
        return {"type": "Strip", "strip_left": self.left, "strip_right": self.right}


class ByteLevel(Normalizer):
    """Each character as the byte-level characters of its UTF-8 bytes (GPT-2's alphabet), all of them
    tied to that character."""

    def normalize_aligned(self, text):
        new = text.encode("utf-8").decode("latin-1").translate(_BYTE_CHARS)
        if text.isascii() and new == text:
            return new, None
        return new, [(i, i + 1) for i, c in enumerate(text) for _ in c.encode("utf-8")]


BEHAVIORS = {
    "removed": "Removed", "isolated": "Isolated", "merged_with_previous": "MergedWithPrevious",
    "merged_with_next": "MergedWithNext", "contiguous": "Contiguous",
}  # fmt: skip
_BEHAVIOR_OF_JSON = {v: k for k, v in BEHAVIORS.items()}


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


class NormalizedString:
    """A text being rewritten, each character tied to the span of the original it came from
    (normalizer.rs): what `tokenizers`' bindings hand to a normalizer written in Python. Any
    normalizer here rewrites one in place (`normalize(NormalizedString)`); its slices keep the
    original behind them.

        >>> n = NormalizedString("Héllo")
        >>> n.nfd(); n.filter(lambda c: c != "\u0301"); n.lowercase()
        >>> n, n[1:3].original
        (NormalizedString(original="Héllo", normalized="hello"), 'él')
    """

    def __init__(self, sequence: str):
        self._source, self._span = sequence, (0, len(sequence))
        self._normalized = sequence
        self._align = [(i, i + 1) for i in range(len(sequence))]
        self._open = True

    @classmethod
    def _make(cls, source: str, span: tuple[int, int], normalized: str, align: list) -> NormalizedString:
        n = cls.__new__(cls)
        n._source, n._span, n._normalized, n._align, n._open = source, span, normalized, align, True
        return n

    def _check(self) -> None:
        if not self._open:
            raise bad("hf_bad_value", path="NormalizedString", expected="used inside `normalize` only",
                      value="Cannot use a NormalizedStringRefMut outside `normalize`")  # fmt: skip

    # --- reading ---

    @property
    def normalized(self) -> str:
        self._check()
        return self._normalized

    @property
    def original(self) -> str:
        self._check()
        return self._source[self._span[0] : self._span[1]]

    @property
    def alignments(self) -> list[tuple[int, int]]:
        """For each character, its span in `original`."""
        self._check()
        o = self._span[0]
        return [(a - o, b - o) for a, b in self._align]

    def offsets(self) -> tuple[int, int]:
        """Where this piece's original is, in the whole text it was cut from."""
        return self._span

    def __len__(self) -> int:
        return len(self._normalized)

    def __str__(self) -> str:
        return self.normalized

    def __repr__(self) -> str:
        return f'NormalizedString(original="{self.original}", normalized="{self.normalized}")'

    def __eq__(self, other) -> bool:
        if isinstance(other, str):
            return self._normalized == other
        return isinstance(other, NormalizedString) and (self.original, self._normalized) == (other.original, other._normalized)

    __hash__ = None

    def __getitem__(self, key) -> NormalizedString | None:
        """Characters of the normalized text (a slice), with the original behind them."""
        self._check()
        if isinstance(key, int):
            key = slice(key, key + 1 if key != -1 else None)
        a, b, _ = key.indices(len(self._normalized))
        b = max(a, b)
        align = self._align[a:b]
        if align:
            span = (align[0][0], max(x[1] for x in align))
        else:
            at = self._align[a][0] if a < len(self._align) else self._span[1]
            span = (at, at)
        return NormalizedString._make(self._source, span, self._normalized[a:b], align)

    slice = __getitem__

    # --- rewriting in place ---

    def apply(self, normalize) -> None:
        """Rewrite with `normalize(text) -> (new text, alignment to text)` (any normalizer's
        `normalize_aligned`), keeping each character's original span."""
        self._check()
        new, inner = normalize(self._normalized)
        if inner is not None:
            self._align = compose(self._align, list(inner)) if self._align else [(self._span[0], self._span[0])] * len(new)
        self._normalized = new

    def nfc(self) -> None:
        self.apply(NFC().normalize_aligned)

    def nfd(self) -> None:
        self.apply(NFD().normalize_aligned)

    def nfkc(self) -> None:
        self.apply(NFKC().normalize_aligned)

    def nfkd(self) -> None:
        self.apply(NFKD().normalize_aligned)

    def lowercase(self) -> None:
        self.apply(Lowercase().normalize_aligned)

    def uppercase(self) -> None:
        def upper(text):
            new = "".join(map(str.upper, text))
            return new, (None if len(new) == len(text) else [(i, i + 1) for i, c in enumerate(text) for _ in c.upper()])

        self.apply(upper)

    def prepend(self, s: str) -> None:
        self.apply(Prepend(s).normalize_aligned)

    def append(self, s: str) -> None:
        def after(text):
            n = len(text)
            return (text + s, [(i, i + 1) for i in range(n)] + [(n - 1, n)] * len(s)) if text and s else (text, None)

        self.apply(after)

    def strip(self) -> None:
        self.apply(Strip(True, True).normalize_aligned)

    def lstrip(self) -> None:
        self.apply(Strip(True, False).normalize_aligned)

    def rstrip(self) -> None:
        self.apply(Strip(False, True).normalize_aligned)

    def replace(self, pattern: str | Regex, content: str) -> None:
        self.apply(Replace(pattern, content).normalize_aligned)

    def filter(self, func) -> None:
        self.apply(lambda text: keep_where(text, func))

    def map(self, func) -> None:
        self.apply(lambda text: ("".join(func(c) for c in text), None))

    def for_each(self, func) -> None:
        self._check()
        for c in self._normalized:
            func(c)

    def split(self, pattern: str | Regex, behavior: str) -> list[NormalizedString]:
        """The pieces cut at `pattern` ("removed", "isolated", "merged_with_previous", ...)."""
        if behavior not in BEHAVIORS:
            raise bad("hf_bad_value", path="behavior", expected=f"one of {', '.join(BEHAVIORS)}", value=behavior)
        spans = split_by(_matches(literal_or_regex(pattern, "pattern"), self.normalized, False), behavior)
        return [self[a:b] for a, b in spans]


def _call(fn, *args, what: str):
    """A Python part's method called, its TypeError (a wrong signature) reported as `tokenizers` does."""
    try:
        return fn(*args)
    except TypeError as e:
        raise bad("hf_bad_value", path=what, expected="a method that takes the arguments given", value=f"TypeError: {e}") from e


class _CustomNormalizer(Normalizer):
    """A Python object's `normalize(normalized)`, run on a NormalizedString of the text."""

    def __init__(self, inner):
        self.inner = inner

    def normalize_aligned(self, text):
        n = NormalizedString(text)
        try:
            _call(self.inner.normalize, n, what="normalizer.normalize()")
        finally:
            n._open = False
        return n._normalized, n._align

    def to_config(self):
        raise bad("hf_unsupported", path="normalizer", value="a custom normalizer cannot be saved")


Normalizer.custom = staticmethod(_CustomNormalizer)



_NMT_DROP = frozenset(map(chr, [*range(0x01, 0x09), 0x0B, *range(0x0E, 0x20), 0x7F, 0x8F, 0x9F]))
_NMT_SPACE = frozenset(map(chr, [0x09, 0x0A, 0x0C, 0x0D, 0x1680, *range(0x200B, 0x2010), 0x2028, 0x2029, 0x2581, 0xFEFF, 0xFFFD]))


class Nmt(Normalizer):
    """SentencePiece's nmt_nfkc rules before NFKC (nmt.rs): some control characters dropped, other
    spaces (tab, newline, zero-width, U+2581...) made a plain space."""

    def normalize_aligned(self, text):
        text, align = keep_where(text, lambda c: c not in _NMT_DROP)
        return "".join(" " if c in _NMT_SPACE else c for c in text), align


Normalizer._family = staticmethod(from_config)
