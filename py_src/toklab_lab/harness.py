"""Run a student's code for one exercise and report what its function returned, as JSON for the page.

This runs in the lab's worker, beside the student's code, so nothing here decides whether the code
passes: the code could change any of it. It only calls the function on every case's input, in order,
and writes down each result as plain data (plain.py). The page compares those with toklab's answers
(web/lessons/lab/judge.mjs, with the answers the build computed: catalog.py), where no student code
runs, and decides passed, failed or error there.

    >>> import json
    >>> answer = json.loads(produce("get_stats", "def get_stats(ids):\\n    return {}\\n"))
    >>> answer["state"], answer["outputs"][0]
    ('ran', {'value': [], 'shown': '{}'})

The answer (every field always present):
    state        "ran" (the function answered every case, or returned something that is no answer) |
                 "error" (it raised, or could not run)
    outputs      one {value, shown} per case answered, in the cases' order: value the result as plain
                 data of the exercise's shape (null when it is not one, and then the last), shown its
                 repr (cut)
    error        for "error": {kind, type, message, line, code, trace, in_call}
                 kind: "syntax" (the code does not compile), "run" (an exception, while defining or in a
                 call), "missing" (no function of that name), "memory" (MemoryError). trace: the
                 student's own lines only, innermost last, each {line, function, code}. in_call: true
                 when it was raised in the call of the case after the last output.
    restart      true after a MemoryError (the worker is replaced after every run in any case)
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
from toklab_lab.plain import cut, plain, shown

STUDENT_FILE = "<your code>"
OUTPUT_MAX = 4000  # characters of print() output kept
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


def answer(state: str, **fields) -> dict:
    base = {"state": state, "outputs": [], "error": None, "restart": False, "output": "", "output_cut": False}
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


def error_fields(exc: BaseException, lines: list[str], in_call: bool) -> dict:
    """An exception raised by the student's code (while defining it, or in one call)."""
    trace = student_trace(exc, lines)
    last = trace[-1] if trace else None
    return {
        "kind": "memory" if isinstance(exc, MemoryError) else "run", "type": type(exc).__name__,
        "message": shown_value_text(exc), "line": last["line"] if last else None,
        "code": last["code"] if last else "", "trace": trace, "in_call": in_call,
    }


def shown_value_text(exc: BaseException) -> str:
    try:
        text = str.__str__(str(exc))
    except BaseException:
        text = ""
    return cut(text)


def syntax_answer(exc: SyntaxError, lines: list[str]) -> dict:
    """A SyntaxError (or IndentationError) at the student's line, with the line itself."""
    line = exc.lineno if exc.filename == STUDENT_FILE else None
    code = lines[line - 1] if line and 0 < line <= len(lines) else ""
    return answer("error", error={
        "kind": "syntax", "type": type(exc).__name__, "message": exc.msg, "line": line,
        "column": exc.offset, "code": code.rstrip(), "trace": [], "in_call": False,
    })


def outputs(exercise_id: str, code: str) -> dict:
    """Compile and run `code`, then call its function on every case, writing down each result."""
    exercise = EXERCISES[exercise_id]
    lines = code.splitlines()
    try:
        compiled = compile(code, STUDENT_FILE, "exec", dont_inherit=True)
    except SyntaxError as exc:
        return syntax_answer(exc, lines)
    except ValueError as exc:  # source code with a NUL character
        return answer("error", error={"kind": "syntax", "type": "ValueError", "message": str(exc), "line": None,
                                      "code": "", "trace": [], "in_call": False})
    namespace = {"__name__": "__student__"}
    try:
        exec(compiled, namespace)
    except BaseException as exc:  # SystemExit and KeyboardInterrupt too: the page must get an answer
        return answer("error", error=error_fields(exc, lines, False), restart=isinstance(exc, MemoryError))
    function = namespace.get(exercise.function)
    if not callable(function):
        return answer("error", error={"kind": "missing", "type": "NameError", "message": exercise.function,
                                      "line": None, "code": "", "trace": [], "in_call": False})
    done = []
    for case in cases(exercise_id):
        try:
            got = function(*case.values())
            data = plain(exercise.shape, got)
            done.append({"value": data, "shown": shown(exercise.shape, got, data)})
            if data is None:  # not an answer at all: the judge stops here, so the run can too
                break
        except BaseException as exc:
            return answer("error", outputs=done, error=error_fields(exc, lines, True),
                          restart=isinstance(exc, MemoryError))
    return answer("ran", outputs=done)


def produce(exercise_id: str, code: str) -> str:
    """outputs(), with print() output captured and capped, as a JSON string."""
    if exercise_id not in EXERCISES:
        return json.dumps(answer("error", error={"kind": "missing", "type": "KeyError", "message": exercise_id,
                                                 "line": None, "code": "", "trace": [], "in_call": False}))
    output = CappedOutput()
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = output
    try:
        result = outputs(exercise_id, code)
    finally:
        sys.stdout, sys.stderr = saved
    result["output"] = output.text()
    result["output_cut"] = output.cut
    return json.dumps(result)  # ASCII: a lone surrogate a function returned stays readable


def warm(exercise_id: str = "") -> None:
    """Compute the cases of one exercise (the one the worker boots for; GPT-2's table loads here for
    decode and bpe) or, given no known one, of none: each run has a fresh worker, booted for it."""
    if exercise_id in EXERCISES:
        cases(exercise_id)


if __name__ == "__main__":  # python -m toklab_lab.harness EXERCISE < code: one run in a fresh interpreter,
    if sys.argv[1] in EXERCISES:  # its cases made first, as the lab's worker makes them before any code runs
        cases(sys.argv[1])
    sys.stdout.write(produce(sys.argv[1], sys.stdin.read()))
