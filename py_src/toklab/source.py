"""The engine's own source, for the lessons' code view: the function that computes a lesson's steps,
read from the running module, and the line of each kind of step.

What this adds: nothing to tokenization; it lets the page show the Python that does the work instead
of a copy kept beside it. Each function shown marks the statement that does each kind of step with a
comment at the end of its line, `# step: merge` (several kinds: `# step: vocab_size, num_merges`);
`marks` finds them in the source itself, so the line lit for a step is the line of the file.

* encode: `reference.lowest_rank_merge`, the readable rule. The lesson's trace is recorded by a faster
  loop (`trace._trace_merges`) that tests/test_reference.py checks makes exactly its choices, step by step.
* train: `training.run_full`, the loop that ran when the trace has its tables (`tables_shown`); a larger
  corpus runs `run_fast`, which tests/test_training.py checks makes the same choices.

    >>> src = function_source("encode")
    >>> src["function"], src["path"], src["lines"][0]
    ('lowest_rank_merge', 'reference.py', 'def lowest_rank_merge(symbols: list[str], ranks: dict[tuple[str, str], int]) -> list[str]:')
    >>> merge = next(m["line"] for m in src["marks"] if m["step"] == "merge")
    >>> src["lines"][merge - src["first_line"]].strip()
    'symbols[i : i + 2] = [pair[0] + pair[1]]  # step: merge'
"""

import inspect
import re
from pathlib import Path

from . import reference, training

__all__ = ["SHOWN", "function_source", "marks"]

SHOWN = {"encode": reference.lowest_rank_merge, "train": training.run_full}

_MARK = re.compile(r"#\s*step:\s*([a-z_]+(?:\s*,\s*[a-z_]+)*)\s*$")


def marks(lines: list[str], first_line: int) -> list[dict]:
    """Each `# step:` comment of `lines` (the first is line `first_line` of its file): kind and line.

    >>> marks(["x = 1  # step: start", "while x:", "    x = 0  # step: merge, done"], 10)
    [{'step': 'start', 'line': 10}, {'step': 'merge', 'line': 12}, {'step': 'done', 'line': 12}]
    """
    found = []
    for n, line in enumerate(lines, start=first_line):
        m = _MARK.search(line)
        if m:
            found.extend({"step": kind.strip(), "line": n} for kind in m.group(1).split(","))
    return found


def function_source(name: str) -> dict:
    """The source of the function that computes lesson `name`'s steps (docs/protocol.md, "Source")."""
    fn = SHOWN[name]
    lines, first_line = inspect.getsourcelines(fn)
    lines = [line.rstrip("\n") for line in lines]
    package = Path(reference.__file__).resolve().parent
    return {
        "function": fn.__name__,
        "module": fn.__module__,
        "path": Path(inspect.getsourcefile(fn)).resolve().relative_to(package).as_posix(),
        "first_line": first_line,
        "lines": lines,
        "marks": marks(lines, first_line),
    }
