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

from . import _unicode
from ._config import Regex, bad, expect, literal_or_regex, pattern_config

__all__ = ["NFC", "NFD", "NFKC", "NFKD", "Lowercase", "Normalizer", "Prepend", "Replace", "Sequence", "from_config"]

Alignment = "list[tuple[int, int]] | None"


def _class(runs) -> str:
    return "[" + "".join(re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b in runs) + "]"


_BARRIER = re.compile(_class(_unicode.NFC_BARRIERS))


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
    """`text` in normalization form `form`, with `tokenizers`' alignment, barriers kept in place."""
    if unicodedata.is_normalized(form, text) and not _BARRIER.search(text):
        return text, None
    out: list[str] = []
    align: list[tuple[int, int]] = []
    pos = 0
    for m in _BARRIER.finditer(text):
        _normalize_run(form, text, pos, m.start(), out, align)
        out.append(m.group())
        align.append((m.start(), m.end()))
        pos = m.end()
    _normalize_run(form, text, pos, len(text), out, align)
    new = "".join(out)
    return new, (None if new == text else align)


def _normalize_run(form: str, text: str, start: int, end: int, out: list, align: list) -> None:
    """Normalize text[start:end] cluster by cluster (a starter and the marks after it), aligning as
    `tokenizers` does: the first output character of a cluster takes the span of the cluster's first
    character, and so on; extra output characters take the span of the last character before them."""
    i = start
    while i < end:
        j = i + 1
        while j < end and unicodedata.combining(text[j]) or j < end and _joins(text, i, j):
            j += 1
        chunk = text[i:j]
        new = unicodedata.normalize(form, chunk)
        if new == chunk:
            out.append(chunk)
            align.extend((k, k + 1) for k in range(i, j))
        else:
            for k, c in enumerate(new):
                src = i + min(k, j - i - 1)
                if k < j - i:
                    align.append((src, src + 1))
                else:
                    align.append(align[-1])
                out.append(c)
        i = j


def _joins(text: str, i: int, j: int) -> bool:
    """Whether text[j] composes with the cluster text[i:j] though it is a starter (Hangul jamo, or a
    starter that is the second half of a canonical pair)."""
    return len(unicodedata.normalize("NFC", text[i : j + 1])) < len(unicodedata.normalize("NFC", text[i:j])) + 1


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
        new = text.lower()
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
        for m in self._re.finditer(text):
            if m.end() == m.start():
                continue
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
        return self.prepend + text, [(0, 1)] * len(self.prepend) + identity(len(text))

    def to_config(self):
        return {"type": "Prepend", "prepend": self.prepend}


class Sequence(Normalizer):
    """Normalizers applied one after another (DeepSeek-V3's is an empty one)."""

    def __init__(self, normalizers: list[Normalizer]):
        self.normalizers = list(normalizers)

    def normalize(self, text):
        align = None
        for n in self.normalizers:
            text, inner = n.normalize(text)
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
