"""A function's result as plain JSON data, the one form in which the lab compares answers.

The student's code runs in the lab's worker; what it returns is turned into plain data there, by
`plain()`, and the comparison with toklab's answers happens in the page (web/lessons/lab/judge.mjs),
where the student's code cannot reach. toklab's own answers go through this same `plain()` at build
time (catalog.py), so the page compares like with like: equal data, nothing else. An object whose
`==` says True to anything, a dict or int subclass with its own methods, a generator: none is plain
data, so none can pass for an answer.

The four shapes (an exercise names one):
  ids      a list of ints                        -> [int, ...]
  counts   a dict {(int, int): int}, any order   -> [[int, int, int], ...] sorted (the order is not part of it)
  merges   a dict {(int, int): int}, in order    -> [[int, int, int], ...] in the dict's order
  text     a str                                 -> str

An int is `type(x) is int` (True is not a count) and fits in JavaScript's safe integers, so JSON.parse
reads back exactly the number written. A dict may be a subclass (Counter, defaultdict): its items are
read with dict's own method, never the subclass's. At most ITEMS_MAX items, TEXT_MAX characters.

    >>> plain("counts", {(2, 3): 1, (1, 2): 2})
    [[1, 2, 2], [2, 3, 1]]
    >>> plain("ids", [1, True]) is None, plain("ids", (i for i in [1])) is None
    (True, True)
    >>> shown("counts", {(2, 3): 1}, plain("counts", {(2, 3): 1}))
    '{(2, 3): 1}'
"""

from __future__ import annotations

import reprlib

SHAPES = ("ids", "counts", "merges", "text")
ITEMS_MAX = 5000  # list items or dict entries in one answer (toklab's largest answer has 146)
TEXT_MAX = 20000  # characters of a str answer (toklab's longest has under 100)
SAFE_INT = 2**53 - 1  # JavaScript's Number.MAX_SAFE_INTEGER
VALUE_MAX = 400  # characters of a value's repr shown as expected or got
_bounded = reprlib.Repr()  # a repr that reads no more of a long list than it shows
_bounded.maxstring = _bounded.maxother = _bounded.maxlong = VALUE_MAX
_bounded.maxlist = _bounded.maxtuple = _bounded.maxset = _bounded.maxdict = 60


def _int(value) -> bool:
    return type(value) is int and -SAFE_INT <= value <= SAFE_INT


def _pair_items(value):
    """[[a, b, n], ...] of a dict {(a, b): n} of ints, or None."""
    if not isinstance(value, dict) or dict.__len__(value) > ITEMS_MAX:
        return None
    rows = []
    for key, count in list(dict.items(value)):
        if type(key) is not tuple or len(key) != 2 or not _int(key[0]) or not _int(key[1]) or not _int(count):
            return None
        rows.append([key[0], key[1], count])
    return rows


def plain(shape: str, value):
    """`value` as plain JSON data of `shape` (see the module docstring), or None when it is not one."""
    if shape == "ids":
        if not isinstance(value, list) or list.__len__(value) > ITEMS_MAX:
            return None
        items = list(list.__iter__(value))
        return items if all(_int(i) for i in items) else None
    if shape in ("counts", "merges"):
        rows = _pair_items(value)
        return sorted(rows) if rows is not None and shape == "counts" else rows
    if shape == "text":
        if not isinstance(value, str) or str.__len__(value) > TEXT_MAX:
            return None
        return str.__str__(value)
    raise ValueError(f"unknown shape {shape!r}")


def cut(text: str) -> str:
    """`text` cut to VALUE_MAX characters.

    >>> cut("x" * 500)[-5:], len(cut("x" * 500))
    ('xx...', 400)
    """
    return text if len(text) <= VALUE_MAX else text[: VALUE_MAX - 3] + "..."


def shown(shape: str, value, data) -> str:
    """How a result reads: the repr of its plain data `data` in Python's notation (a dict as it was
    given, in its own order), or, for a value that is not plain data, its own repr (reprlib's: a long
    list is not read to its end). Never raises."""
    if data is not None:
        if shape in ("counts", "merges"):
            rows = data if shape == "merges" else [[a, b, n] for (a, b), n in dict.items(value)]
            return cut(repr({(a, b): n for a, b, n in rows}))
        return cut(repr(data))
    try:
        text = _bounded.repr(value)
        if type(text) is not str:
            raise TypeError("repr() gave no str")
    except BaseException as exc:  # a student's object whose __repr__ fails
        text = f"<a {type(value).__name__} whose repr() raised {type(exc).__name__}>"
    return cut(str.__str__(text))
