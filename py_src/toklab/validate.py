"""A request read and checked against the type `toklab.protocol` declares for its kind, once, before any
handler runs: each field that does not fit is refused with a declared code naming the field.

What every field gets, from its declared type alone:

* strict JSON: NaN, Infinity, numbers of thousands of digits and deep nesting are `bad_json`;
* `int`: a JSON integer (not true, not 1.5) within -MAX_INT .. MAX_INT, and within its `Range`
  when the type is `Annotated[int, Range(min, max)]` (`too_small`, `too_large`);
* `str`: at most MAX_TEXT characters (`text_too_long`), each lone surrogate (JSON allows "\\ud800", a
  JavaScript string may hold one, UTF-8 has none) replaced by U+FFFD as tiktoken does, so every table
  and every kind reads the same text; `list`: at most MAX_ITEMS items
  (`too_many_items`), each item checked in turn (`merges[3][1]` names it);
* `Literal[...]`: one of its values (`bad_choice`); `X | None`: null or an X; anything else
  `wrong_type`, with what was expected.

    >>> read_request("samples", '{"text": "a b", "batch_size": 1.5}')
    Traceback (most recent call last):
    toklab.errors.ToklabTypeError: batch_size must be a JSON integer
    >>> read_request("toy_encode", '{"text": "a", "merges": [["a", 2]]}')
    Traceback (most recent call last):
    toklab.errors.ToklabTypeError: merges[0][1] must be a JSON string
    >>> read_request("train", '{"corpus": "ab", "vocab_size": NaN}')
    Traceback (most recent call last):
    toklab.errors.ToklabError: the payload is not valid JSON (line 1, column 32)
"""

import itertools
import json
import re
import types
import typing

from .errors import ToklabError, ToklabTypeError, bad_choice
from .pretokenize import clean_surrogates
from .protocol import KINDS, MAX_DEPTH, MAX_INT, MAX_ITEMS, MAX_TEXT, Range, TextLimit

__all__ = ["read_request"]

_NAMES = {int: "integer", str: "string", bool: "boolean", float: "number", type(None): "null"}


class _NotJSON(ValueError):
    """NaN, Infinity or -Infinity: Python's json reads them, JSON has no such numbers."""


def _constant(name: str):
    raise _NotJSON(name)


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')  # a JSON string, escapes and all
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}.get


def nesting(payload_json: str) -> int:
    """How deep the payload's arrays and objects nest (brackets inside strings do not count), or
    MAX_DEPTH when it has too few brackets to nest deeper. Checked before parsing: Python's JSON decoder
    recurses once per level, and inside Pyodide a few thousand levels overflow the stack, a fatal error
    no `except` can catch.

    >>> nesting('{"text": "' + "[" * 40 + '"}'), nesting("[" * 5000), nesting('{"a": [[]]}')
    (1, 5000, 32)
    """
    if payload_json.count("[") + payload_json.count("{") <= MAX_DEPTH:
        return MAX_DEPTH  # at most that deep: no need to look closer
    bare = _NOT_BRACKET.sub("", _STRING.sub("", payload_json))
    return max(itertools.accumulate(map(_STEP, bare)), default=0)


def _parse(payload_json: str):
    if nesting(payload_json or "") > MAX_DEPTH:
        raise ToklabError("bad_json", line=0, column=0)
    try:
        return json.loads(payload_json or "{}", parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise ToklabError("bad_json", line=exc.lineno, column=exc.colno) from None
    except _NotJSON as exc:
        where = payload_json.index(str(exc))
        line = payload_json.count("\n", 0, where) + 1
        raise ToklabError("bad_json", line=line, column=where - payload_json.rfind("\n", 0, where)) from None
    except (ValueError, RecursionError, MemoryError):  # an integer of thousands of digits; deep nesting
        raise ToklabError("bad_json", line=0, column=0) from None


def _expected(tp) -> str:
    """What a type is called in `wrong_type`: "integer", "array or null", "array of 2 items"."""
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _expected(typing.get_args(tp)[0])
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_expected(option) for option in typing.get_args(tp))
    if origin is list:
        return "array"
    if origin is tuple:
        return f"array of {len(typing.get_args(tp))} items"
    if origin is typing.Literal:
        return " or ".join(_NAMES[type(v)] for v in dict.fromkeys(typing.get_args(tp)))
    return _NAMES.get(tp, getattr(tp, "__name__", str(tp)))


def _fits(value, tp) -> bool:
    """Whether `value` has the JSON shape of `tp` at its top level (which option of a union it is)."""
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _fits(value, typing.get_args(tp)[0])
    if origin is typing.Literal:
        return isinstance(value, tuple({type(v) for v in typing.get_args(tp)}))
    if origin in (list, tuple):
        return isinstance(value, list)
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if tp is type(None) or tp is None:
        return value is None
    return isinstance(value, tp)


def check_value(value, tp, field: str):
    """`value` if it fits `tp`, else the declared error naming `field`; tuples come back as lists."""
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        base, *marks = typing.get_args(tp)
        limits = [mark.max for mark in marks if isinstance(mark, TextLimit)]
        if limits and base is str and isinstance(value, str):  # a text of its own limit, not MAX_TEXT
            if len(value) > limits[0]:
                raise ToklabError("text_too_long", field=field, length=len(value), limit=limits[0])
            return clean_surrogates(value)
        value = check_value(value, base, field)
        for mark in marks:
            if isinstance(mark, Range):
                if mark.min is not None and value < mark.min:
                    raise ToklabError("too_small", field=field, min=mark.min)
                if mark.max is not None and value > mark.max:
                    raise ToklabError("too_large", field=field, max=mark.max)
        return value
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(tp):
            if _fits(value, option):
                return check_value(value, option, field)
        raise ToklabTypeError("wrong_type", field=field, expected=_expected(tp))
    if not _fits(value, tp):
        raise ToklabTypeError("wrong_type", field=field, expected=_expected(tp))
    if origin is typing.Literal:
        if value not in typing.get_args(tp):
            raise bad_choice(field, value, typing.get_args(tp))
    elif origin is list:
        if len(value) > MAX_ITEMS:
            raise ToklabError("too_many_items", field=field, length=len(value), limit=MAX_ITEMS)
        (item,) = typing.get_args(tp)
        return [check_value(v, item, f"{field}[{i}]") for i, v in enumerate(value)]
    elif origin is tuple:
        items = typing.get_args(tp)
        if len(value) != len(items):
            raise ToklabTypeError("wrong_type", field=field, expected=_expected(tp))
        return [check_value(v, item, f"{field}[{i}]") for i, (v, item) in enumerate(zip(value, items))]
    elif tp is int:
        if not -MAX_INT <= value <= MAX_INT:
            raise ToklabError("too_small" if value < 0 else "too_large", field=field,
                              **({"min": -MAX_INT} if value < 0 else {"max": MAX_INT}))
    elif tp is str:
        if len(value) > MAX_TEXT:
            raise ToklabError("text_too_long", field=field, length=len(value), limit=MAX_TEXT)
        return clean_surrogates(value)
    return value


def read_request(kind: str, payload_json: str) -> dict:
    """The fields of a request of `kind`, each checked against its declared type (see the module docstring)."""
    payload = _parse(payload_json)
    if not isinstance(payload, dict):
        raise ToklabTypeError("bad_payload")
    request = KINDS[kind][0]
    hints = typing.get_type_hints(request, include_extras=True)
    for field in payload:
        if field not in hints:
            raise ToklabTypeError("unknown_field", kind=kind, field=field[:80])
    for field in sorted(request.__required_keys__ - set(payload)):
        raise ToklabTypeError("missing_field", kind=kind, field=field)
    return {field: check_value(value, _required(hints[field]), field) for field, value in payload.items()}


def _required(tp):
    """`Required[X]` is X."""
    return typing.get_args(tp)[0] if typing.get_origin(tp) is typing.Required else tp
