"""Normalizers: the text rewritten before it is cut, each character still tied to where it came from.

Mirrors huggingface/tokenizers `tokenizers/src/normalizers/` (and `tokenizer/normalizer.rs` for the
alignments). A normalizer's `normalize(text)` returns the new text and its *alignment*: for each new
character, the [start, end) span of `text` it comes from, or None when the new text is the old one
character for character (same length, each character in its place), which is what most texts give:

    >>> Replace(" ", "\u2581").normalize("a b")
    ('a▁b', None)
    >>> Prepend("\u2581").normalize("ab")
    ('▁ab', [(0, 1), (0, 1), (1, 2)])
    >>> NFC().normalize("e\u0301!")
    ('é!', [(0, 1), (2, 3)])
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
from ._config import Regex, bad, expect, literal_or_regex, pattern_config

__all__ = ["NFC", "NFD", "NFKC", "NFKD", "Lowercase", "Normalizer", "Prepend", "Replace", "Sequence", "from_config"]

Alignment = "list[tuple[int, int]] | None"

# How much longer a normalizer may make a text: GROWTH times its length, and SLACK characters more (a
# short text with a Prepend). Replace can otherwise grow a text without bound: three of them chained,
# each "a" -> a thousand a's, asked for 10^9 characters of one "a" (a 1 KB tokenizer.json took 24 GB).
GROWTH = 4
SLACK = 64


def growth_limit(length: int) -> int:
    """The most characters a normalizer may make of a text of `length` characters.

    >>> growth_limit(10)
    104
    """
    return GROWTH * length + SLACK


def check_growth(length: int, grown: int) -> None:
    """Refuses (hf_normalized_too_long) a text of `length` characters grown to `grown`, past growth_limit."""
    if grown > growth_limit(length):
        raise ToklabError("hf_normalized_too_long", length=length, limit=growth_limit(length), growth=GROWTH)


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


class Normalizer:
    """A part that rewrites text; subclasses define `normalize(text) -> (new_text, alignment)`."""

    def normalize(self, text: str) -> tuple[str, list | None]:
        raise NotImplementedError

    def normalize_str(self, text: str) -> str:
        """The normalized text alone (as `tokenizers`' `normalize_str`)."""
        return self.normalize(text)[0]

    def to_config(self) -> dict:
        return {"type": type(self).__name__}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.to_config()})"


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

    def normalize(self, text):
        return _unicode_form("NFC", text)


class NFD(Normalizer):
    """Canonical decomposition."""

    def normalize(self, text):
        return _unicode_form("NFD", text)


class NFKC(Normalizer):
    """Compatibility composition."""

    def normalize(self, text):
        return _unicode_form("NFKC", text)


class NFKD(Normalizer):
    """Compatibility decomposition."""

    def normalize(self, text):
        return _unicode_form("NFKD", text)


class Lowercase(Normalizer):
    """Every character lowercased (tokenizers/src/normalizers/utils.rs, `NormalizedString::lowercase`).

    >>> Lowercase().normalize("AİB")
    ('ai̇b', [(0, 1), (1, 2), (1, 2), (2, 3)])
    """

    def normalize(self, text):
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

    def __init__(self, pattern: str | Regex, content: str):
        self.pattern = pattern
        self.content = content
        self._re = literal_or_regex(pattern, "normalizer.pattern")

    def normalize(self, text):
        if len(self.content) == 1 and isinstance(self.pattern, str) and len(self.pattern) == 1:
            return text.replace(self.pattern, self.content), None
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
        return {"type": "Replace", "pattern": pattern_config(self.pattern), "content": self.content}


class Prepend(Normalizer):
    """`prepend` put before a text that is not empty (tokenizers/src/normalizers/prepend.rs); the new
    characters take the span of the first one."""

    def __init__(self, prepend: str):
        self.prepend = prepend

    def normalize(self, text):
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

    def normalize(self, text):
        align, length = None, len(text)
        for n in self.normalizers:
            text, inner = n.normalize(text)
            check_growth(length, len(text))  # the whole sequence grows a text as much as one normalizer may
            align = compose(align, inner)
        return text, align

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
    if kind in ("NFC", "NFD", "NFKC", "NFKD", "Lowercase"):
        return globals()[kind]()
    if kind == "Replace":
        from ._config import pattern_from_config

        content = expect(d.get("content"), str, f"{path}.content", "a string")
        return Replace(pattern_from_config(d.get("pattern"), f"{path}.pattern"), content)
    if kind == "Prepend":
        return Prepend(expect(d.get("prepend"), str, f"{path}.prepend", "a string"))
    raise bad("hf_unsupported", path=f"{path}.type", value=kind)
