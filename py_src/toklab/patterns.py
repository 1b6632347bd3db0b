"""tiktoken's pre-tokenizer patterns in Python's own `re`: any pattern, and the ones toklab ships.

What this adds over `pretokenize`: GPT-2's pattern there is spelled out by hand; here any tiktoken
`pat_str` (written for the `regex` module and Rust's fancy-regex, with \\p{...} classes) is translated
into a stdlib `re` pattern, so a student can build an encoding from any table. Python 3.11's `re` has
possessive quantifiers (`\\p{L}++`), atomic groups and scoped flags (`(?i:'s|'t)`); what it lacks is
\\p{...}, so each class is spelled as code-point ranges generated from `regex` (`_uniclass`):

    >>> p = pretokenizer(CL100K_PATTERN)
    >>> p.split("I'M 12345 fine!\\n\\n  ok")
    ['I', "'M", ' ', '123', '45', ' fine', '!\\n\\n', ' ', ' ok']
    >>> pretokenizer(O200K_PATTERN).split("HelloWorld's 3.14")
    ['Hello', "World's", ' ', '3', '.', '14']

The translation keeps the pattern's structure and changes only: \\p{X} and \\P{X} (X one of
`_uniclass.CATEGORY`), \\s, \\S, \\d and \\D, alone or inside [...], become explicit ranges (with the
same values as `regex`); capturing groups become non-capturing ones (a piece is the whole match); `$`
becomes `\\Z`, end of text, as in Rust's regex. \\w, \\W, \\b, \\B and back-references have no exact
`re` spelling here and are refused with a ValueError.

Which Unicode: the classes are `regex`'s (2026.5.9, Unicode 17). tiktoken 0.14.0's Rust regex knows
Unicode 16, so on the 4,700 characters Unicode 17 added (and U+0295, moved from Ll to Lo) toklab cuts as
`regex` does and its ids can differ from tiktoken's; everywhere else both agree (tests/test_encodings.py).
"""

import re

from . import _uniclass
from .pretokenize import Pretokenizer, _complement, _one_of

__all__ = ["CL100K_PATTERN", "O200K_PATTERN", "R50K_PATTERN", "pretokenizer", "split_alternatives", "translate"]

# tiktoken's patterns, exactly as tiktoken 0.14.0 writes them (tiktoken_ext/openai_public.py).
R50K_PATTERN = r"""'(?:[sdmt]|ll|ve|re)| ?\p{L}++| ?\p{N}++| ?[^\s\p{L}\p{N}]++|\s++$|\s+(?!\S)|\s"""
CL100K_PATTERN = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|"""
    r"""\s+(?!\S)|\s"""
)
O200K_PATTERN = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)

# The rule each alternative of a known pattern stands for, in the lesson's words.
_W = "whitespace"
RULE_NAMES = {
    R50K_PATTERN: ("contraction", "letters", "digits", "punctuation", _W, _W, _W),
    CL100K_PATTERN: ("contraction", "letters", "digits", "punctuation", _W, _W, _W, _W),
    O200K_PATTERN: ("letters", "letters", "digits", "punctuation", _W, _W, _W),
}

_SPACE = _uniclass.SPACE
_ESCAPED_CHAR = {"r": "\r", "n": "\n", "t": "\t", "f": "\f", "v": "\v", "a": "\a", "0": "\0"}


def _category(name: str, where: int, classes: dict | None = None) -> list[list[int]]:
    table = _uniclass.CATEGORY if classes is None else classes
    try:
        return table[name]
    except KeyError:
        known = ", ".join(k for k in table if k != "s")
        raise ValueError(f"\\p{{{name}}} at {where} is not a class toklab knows (it knows {known})") from None


def _escape(pat: str, i: int, classes: dict | None = None) -> tuple[list[list[int]] | str, int]:
    """The escape at pat[i] (a backslash): the code-point runs it stands for, or its text; and where it ends.

    `classes` maps "s" and each category name to its runs (default: `_uniclass`, the `regex` module's)."""
    c = pat[i + 1 : i + 2]
    if c in ("p", "P"):
        close = pat.find("}", i)
        if pat[i + 2 : i + 3] != "{" or close < 0:
            raise ValueError(f"\\{c} at {i} needs a {{name}}")
        runs = _category(pat[i + 3 : close], i, classes)
        return (runs if c == "p" else _complement(runs)), close + 1
    if c in ("s", "S"):
        space = _SPACE if classes is None else classes["s"]
        return (space if c == "s" else _complement(space)), i + 2
    if c in ("d", "D"):
        digits = (_uniclass.CATEGORY if classes is None else classes)["Nd"]
        return (digits if c == "d" else _complement(digits)), i + 2
    if c in ("w", "W", "b", "B") or c.isdigit() and c != "0":
        raise ValueError(f"\\{c} at {i} has no exact spelling in Python's re: write the class out with \\p{{...}}")
    if c in ("x", "u", "U"):
        width = {"x": 2, "u": 4, "U": 8}[c]
        if pat[i + 2 : i + 3] == "{":
            close = pat.index("}", i)
            return [[int(pat[i + 3 : close], 16)] * 2], close + 1
        return [[int(pat[i + 2 : i + 2 + width], 16)] * 2], i + 2 + width
    if c in _ESCAPED_CHAR:
        return [[ord(_ESCAPED_CHAR[c])] * 2], i + 2
    if c.isalnum():
        return pat[i : i + 2], i + 2  # \A, \Z, ... : the same in re
    return [[ord(c)] * 2], i + 2  # an escaped symbol such as \' or \[


def _char_class(pat: str, i: int, one_of=_one_of, classes: dict | None = None) -> tuple[str, int]:
    """The [...] class starting at pat[i], as an `re` pattern for one character (spelled by `one_of`);
    and where it ends."""
    start = i
    i += 1
    negated = pat[i : i + 1] == "^"
    i += negated
    parts: list[list[list[int]]] = []
    first = True
    while True:
        if i >= len(pat):
            raise ValueError(f"the class opened at {start} is never closed")
        c = pat[i]
        if c == "]" and not first:
            i += 1
            break
        first = False
        if c == "\\":
            item, i = _escape(pat, i, classes)
            if isinstance(item, str):
                raise ValueError(f"{item} at {i - 2} cannot stand inside a class")
        elif c == "[":
            raise ValueError(f"a class inside a class (at {i}) is not supported")
        else:
            item, i = [[ord(c), ord(c)]], i + 1
        if pat[i : i + 1] == "-" and pat[i + 1 : i + 2] not in ("]", "") and len(item) == 1 and item[0][0] == item[0][1]:
            if pat[i + 1] == "\\":
                end, i = _escape(pat, i + 1, classes)
                if isinstance(end, str) or len(end) != 1 or end[0][0] != end[0][1]:
                    raise ValueError(f"the range at {i} must end with one character")
                high = end[0][0]
            else:
                high, i = ord(pat[i + 1]), i + 2
            item = [[item[0][0], high]]
        parts.append(item)
    runs = _complement(*parts) if negated else _complement(_complement(*parts))
    return one_of(runs), i


def translate(pat_str: str, one_of=_one_of, classes: dict | None = None) -> str:
    """A stdlib `re` pattern that finds exactly the pieces `regex` (and tiktoken) find with `pat_str`.

    `one_of(runs)` spells each character class (`Pretokenizer.from_classes` passes its own); `classes`
    gives \\s and the \\p{...} classes (default `_uniclass`; `toklab.hf` passes Oniguruma's).

    >>> translate(r"(\\p{Lt}|x)+$")
    '(?:[ǅǈǋǲᾈ-ᾏᾘ-ᾟᾨ-ᾯᾼῌῼ]|x)+\\\\Z'
    """
    multiline = "(?m" in pat_str
    out: list[str] = []
    i = 0
    while i < len(pat_str):
        c = pat_str[i]
        if c == "\\":
            item, i = _escape(pat_str, i, classes)
            out.append(item if isinstance(item, str) else one_of(item))
        elif c == "[":
            item, i = _char_class(pat_str, i, one_of, classes)
            out.append(item)
        elif c == "(" and pat_str[i + 1 : i + 2] != "?":
            out.append("(?:")
            i += 1
        elif c == "(" and pat_str[i + 1 : i + 3] in ("?P", "?<") and pat_str[i + 3 : i + 4] not in ("=", "!"):
            close = pat_str.index(">", i)  # a named group: unnamed, non-capturing
            out.append("(?:")
            i = close + 1
        elif c == "$" and not multiline:
            out.append(r"\Z")
            i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def split_alternatives(pat_str: str) -> list[str]:
    """The top-level alternatives of a pattern (its `|` outside any group or class).

    >>> split_alternatives(r"a|(b|c)|[|]|\\|")
    ['a', '(b|c)', '[|]', '\\\\|']
    """
    alternatives, depth, start, i = [], 0, 0, 0
    while i < len(pat_str):
        c = pat_str[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":
            i += 2 if pat_str[i + 1 : i + 2] != "^" else 3  # a ] right after [ or [^ is a literal
            while i < len(pat_str) and pat_str[i] != "]":
                i += 2 if pat_str[i] == "\\" else 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            alternatives.append(pat_str[start:i])
            start = i + 1
        i += 1
    return alternatives + [pat_str[start:]]


_CACHE: dict[str, Pretokenizer] = {}


def pretokenizer(pat_str: str) -> Pretokenizer:
    """The pre-tokenizer for a tiktoken pattern (made once per pattern).

    A pattern toklab knows names its alternatives' rules as the lessons do ("letters", "digits"...);
    another pattern's rules are "alternative 1", "alternative 2"...
    """
    found = _CACHE.get(pat_str)
    if found is None:
        alternatives = split_alternatives(pat_str)
        rules = RULE_NAMES.get(pat_str) or [f"alternative {n}" for n in range(1, len(alternatives) + 1)]
        try:
            found = Pretokenizer.from_classes(pat_str, lambda one_of: [translate(alt, one_of) for alt in alternatives], list(rules))
        except re.error as e:
            raise ValueError(f"the pattern {pat_str!r} does not compile in Python's re ({e})") from None
        _CACHE[pat_str] = found
    return found

