"""Reading a tokenizer.json safely: each wrong or unsupported value is a `ToklabError` naming its JSON path.

    >>> expect(3, str, "model.unk_token", "a string or null")
    Traceback (most recent call last):
    ...
    toklab.errors.ToklabError: model.unk_token must be a string or null, not 3
    >>> Regex(r"\\p{N}{1,3}").compiled.findall("12345")
    ['123', '45']

`Regex` is `tokenizers`' Regex: an Oniguruma pattern, run here by Python's `re` after
`toklab.patterns.translate` spells its \\p{...} and \\s classes with Oniguruma's own code points
(`_unicode.CLASS`, asked of `tokenizers`).
"""

from __future__ import annotations

import json
import re
from re import _parser as re_parser  # re.compile's own parser: the parts of a pattern

from ..errors import ToklabError
from ..patterns import translate
from ..pretokenize import _one_of
from . import _unicode

__all__ = ["Part", "Regex", "bad", "expect", "literal_or_regex", "one_char", "pattern_config", "pattern_from_config"]

CLASSES = {name: [list(r) for r in runs] for name, runs in _unicode.CLASS.items()}


def bad(code: str, **params) -> ToklabError:
    """A ToklabError; a `value` param is shown as JSON (`"Whitespace9"`, `null`)."""
    if "value" in params:
        params["value"] = _shown(params["value"])
    return ToklabError(code, **params)


def _shown(value) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def expect(value, kind, path: str, expected: str, none_ok: bool = False):
    """`value` if it is of type `kind` (bool is not an int here), else a ToklabError at `path`."""
    if value is None and none_ok:
        return None
    ok = isinstance(value, kind) and not (kind in (int, (int, float)) and isinstance(value, bool))
    if not ok:
        raise bad("hf_bad_value", path=path, expected=expected, value=value)
    return value


def nested_repeat(translated: str) -> bool:
    r"""Whether a pattern (Python's re) repeats, without a small bound, a part that itself repeats: the
    shape of catastrophic backtracking, which Python's re (and Oniguruma) may take exponential time on.
    Oniguruma has no time limit either; toklab refuses such a pattern when it reads the file.

    >>> nested_repeat(r"(a+)+$"), nested_repeat(r"(?:x*y)*"), nested_repeat(r" ?\w+|\s+(?!\S)"), nested_repeat(r"(?:ab+){1,3}")
    (True, True, False, False)
    """
    def repeats(items, inside: bool) -> bool:
        for op, arg in items:
            name = str(op)
            if name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
                low, high, body = arg
                unbounded = high is re_parser.MAXREPEAT or high > 16
                if inside and unbounded or repeats(body, inside or unbounded):
                    return True
            elif name == "SUBPATTERN":
                if repeats(arg[-1], inside):
                    return True
            elif name == "BRANCH":
                if any(repeats(branch, inside) for branch in arg[1]):
                    return True
            elif name in ("ASSERT", "ASSERT_NOT", "ATOMIC_GROUP"):
                if repeats(arg[-1] if name != "ATOMIC_GROUP" else arg, inside):
                    return True
        return False

    return repeats(re_parser.parse(translated), False)


class Regex:
    """An Oniguruma pattern, as `tokenizers.Regex`."""

    def __init__(self, pattern: str, path: str = "pattern"):
        if not isinstance(pattern, str):
            raise bad("hf_bad_value", path=path, expected="a string", value=pattern)
        self.pattern = pattern
        try:
            translated = translate(pattern, _one_of, CLASSES)
            self.compiled = re.compile(translated)
            nested = nested_repeat(translated)
        except (ValueError, re.error, IndexError, RecursionError) as e:
            raise ToklabError("hf_bad_regex", path=path, pattern=_shown(pattern), detail=str(e)) from None
        if nested:
            detail = "a repeated part inside a repeated group can take exponential time, as (a+)+ does on 'aaaa...b'"
            raise ToklabError("hf_bad_regex", path=path, pattern=_shown(pattern), detail=detail)

    def __repr__(self) -> str:
        return f"Regex({self.pattern!r})"


def literal_or_regex(pattern: str | Regex, path: str) -> re.Pattern:
    """A compiled `re` pattern for a Split/Replace pattern: a string is matched literally."""
    if isinstance(pattern, Regex):
        return pattern.compiled
    if isinstance(pattern, str):
        return re.compile(re.escape(pattern))
    raise bad("hf_bad_value", path=path, expected="a string or a Regex", value=repr(pattern))


def pattern_from_config(d, path: str) -> str | Regex:
    """{"String": s} or {"Regex": r}."""
    if isinstance(d, dict) and len(d) == 1:
        (kind, value), = d.items()
        if kind == "String":
            return expect(value, str, f"{path}.String", "a string")
        if kind == "Regex":
            return Regex(expect(value, str, f"{path}.Regex", "a string"), f"{path}.Regex")
    raise bad("hf_bad_value", path=path, expected='{"String": ...} or {"Regex": ...}', value=d)


def pattern_config(pattern: str | Regex) -> dict:
    return {"Regex": pattern.pattern} if isinstance(pattern, Regex) else {"String": pattern}


class Part:
    """What every part (normalizer, pre-tokenizer, model, post-processor, decoder) shares, as in
    `tokenizers`' bindings: its state is its tokenizer.json entry as JSON (`__getstate__`), which is
    also how it is pickled; `_family` (set by each module) rebuilds a part from such an entry."""

    _family = None

    def __getstate__(self) -> str:
        return json.dumps(self.to_config(), ensure_ascii=False)

    def __setstate__(self, state) -> None:
        self.__dict__.update(type(self)._family(json.loads(state)).__dict__)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.to_config()})"


def one_char(value, path: str) -> str:
    """`value` if it is one character, else a ToklabError that says so in `tokenizers`' words too."""
    if not isinstance(value, str) or len(value) != 1:
        raise bad("hf_bad_value", path=path, expected="one character (expected a string of length 1)", value=value)
    return value
