"""Run a student's code for one exercise and say how it went, as JSON the page draws.

    >>> import json
    >>> answer = json.loads(run("get_stats", "def get_stats(ids):\\n    return {}\\n"))
    >>> answer["state"], answer["failure"]["call"], answer["failure"]["expected"], answer["failure"]["got"]
    ('failed', 'get_stats([1, 2, 3, 1, 2])', '{(1, 2): 2, (2, 3): 1, (3, 1): 1}', '{}')

The answer (every field always present):
    state        "passed" | "failed" | "error"
    passed       how many cases passed before the first failure (all of them when state is passed)
    total        how many cases the exercise has (shown and hidden)
    failure      for "failed": {call, expected, got, shown (a case the page lists), notes, number}
    error        for "error": {kind, type, message, line, code, trace, call}
                 kind: "syntax" (the code does not compile), "run" (an exception, while defining or in a
                 call), "missing" (no function of that name), "memory" (MemoryError: the worker is then
                 replaced, to give its memory back). trace: the student's own lines only, innermost last,
                 each {line, function, code}. call: the case being run, when it was inside one.
    restart      true when the worker should be replaced after this answer
    output       what print() wrote (stdout and stderr), at most OUTPUT_MAX characters
    output_cut   true when more was printed and cut

The code runs in a fresh namespace named "<your code>" (its lines are the only ones a traceback
shows). The time limit is the page's: it stops the whole worker (web/lessons/lab/runner.mjs).
"""

from __future__ import annotations

import json
import sys
import traceback

from toklab_lab.exercises import EXERCISES, cases

STUDENT_FILE = "<your code>"
OUTPUT_MAX = 4000  # characters of print() output kept
VALUE_MAX = 400  # characters of a value's repr shown as expected or got
TRACE_MAX = 8  # the innermost frames of the student's code shown (a runaway recursion has a thousand)


class CappedOutput:
    """A text stream that keeps the first `limit` characters written to it and notes whether more came."""

    def __init__(self, limit: int = OUTPUT_MAX):
        self.limit = limit
        self.parts: list[str] = []
        self.size = 0
        self.cut = False

    def write(self, text: str) -> int:
        text = str(text)
        room = self.limit - self.size
        if len(text) > room:
            self.cut = True
            text = text[:room]
        if text:
            self.parts.append(text)
            self.size += len(text)
        return len(text)

    def flush(self) -> None:
        pass

    def text(self) -> str:
        return "".join(self.parts)


def shown_value(value) -> str:
    """repr(value), cut to VALUE_MAX characters; never raises.

    >>> shown_value("x" * 500)[-5:], len(shown_value("x" * 500))
    ('xx...', 400)
    """
    try:
        text = repr(value)
    except Exception as exc:  # a student's object whose __repr__ fails
        text = f"<a {type(value).__name__} whose repr() raised {type(exc).__name__}>"
    return text if len(text) <= VALUE_MAX else text[: VALUE_MAX - 3] + "..."


def answer(state: str, **fields) -> dict:
    base = {"state": state, "passed": 0, "total": 0, "failure": None, "error": None, "restart": False,
            "output": "", "output_cut": False}
    base.update(fields)
    return base


def student_trace(exc: BaseException, lines: list[str]) -> list[dict]:
    """The traceback's frames in the student's code, outermost first (the innermost TRACE_MAX)."""
    frames = []
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename == STUDENT_FILE and frame.lineno:
            code = lines[frame.lineno - 1].strip() if 0 < frame.lineno <= len(lines) else ""
            frames.append({"line": frame.lineno, "function": frame.name, "code": code})
    return frames[-TRACE_MAX:]


def error_answer(exc: BaseException, lines: list[str], call: str | None = None) -> dict:
    """An exception raised by the student's code (while defining it, or in one call)."""
    trace = student_trace(exc, lines)
    memory = isinstance(exc, MemoryError)
    kind = "memory" if memory else "run"
    last = trace[-1] if trace else None
    return answer("error", restart=memory, error={
        "kind": kind, "type": type(exc).__name__, "message": shown_value_text(exc),
        "line": last["line"] if last else None, "code": last["code"] if last else "",
        "trace": trace, "call": call,
    })


def shown_value_text(exc: BaseException) -> str:
    try:
        text = str(exc)
    except Exception:
        text = ""
    return text if len(text) <= VALUE_MAX else text[: VALUE_MAX - 3] + "..."


def syntax_answer(exc: SyntaxError, lines: list[str]) -> dict:
    """A SyntaxError (or IndentationError) at the student's line, with the line itself."""
    line = exc.lineno if exc.filename == STUDENT_FILE else None
    code = lines[line - 1] if line and 0 < line <= len(lines) else ""
    return answer("error", error={
        "kind": "syntax", "type": type(exc).__name__, "message": exc.msg, "line": line,
        "column": exc.offset, "code": code.rstrip(), "trace": [], "call": None,
    })


def check(exercise_id: str, code: str) -> dict:
    """Compile and run `code`, then call its function on every case until one fails."""
    exercise = EXERCISES[exercise_id]
    lines = code.splitlines()
    try:
        compiled = compile(code, STUDENT_FILE, "exec", dont_inherit=True)
    except SyntaxError as exc:
        return syntax_answer(exc, lines)
    except ValueError as exc:  # source code with a NUL character
        return answer("error", error={"kind": "syntax", "type": "ValueError", "message": str(exc), "line": None,
                                      "code": "", "trace": [], "call": None})
    namespace = {"__name__": "__student__"}
    try:
        exec(compiled, namespace)
    except BaseException as exc:  # SystemExit and KeyboardInterrupt too: the page must get an answer
        return error_answer(exc, lines)
    function = namespace.get(exercise.function)
    all_cases = cases(exercise_id)
    if not callable(function):
        return answer("error", total=len(all_cases), error={
            "kind": "missing", "type": "NameError", "message": exercise.function, "line": None, "code": "",
            "trace": [], "call": None})
    for number, case in enumerate(all_cases):
        call = case.call(exercise.function)
        try:
            got = function(*case.values())
        except BaseException as exc:
            result = error_answer(exc, lines, call)
            result.update(passed=number, total=len(all_cases))
            return result
        try:
            same = exercise.same(got, case.expected)
        except Exception:  # a student's object whose == raises
            same = False
        if not same:
            return answer("failed", passed=number, total=len(all_cases), failure={
                "call": call, "expected": shown_value(case.expected), "got": shown_value(got),
                "shown": case.shown, "notes": case.notes(), "number": number + 1,
            })
    return answer("passed", passed=len(all_cases), total=len(all_cases))


def run(exercise_id: str, code: str) -> str:
    """check(), with print() output captured and capped, as a JSON string."""
    if exercise_id not in EXERCISES:
        return json.dumps(answer("error", error={"kind": "missing", "type": "KeyError", "message": exercise_id,
                                                 "line": None, "code": "", "trace": [], "call": None}))
    output = CappedOutput()
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = output
    try:
        result = check(exercise_id, code)
    finally:
        sys.stdout, sys.stderr = saved
    result["output"] = output.text()
    result["output_cut"] = output.cut
    return json.dumps(result, ensure_ascii=False)


def warm() -> None:
    """Compute every exercise's cases once (GPT-2's table loads here), so the first Run answers quickly."""
    for exercise_id in EXERCISES:
        cases(exercise_id)
