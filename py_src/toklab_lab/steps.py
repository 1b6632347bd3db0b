"""Watch a student's bpe() at work: the symbol list after each of its merges, for the page to set beside
the engine's own steps (trace_piece) on the same piece.

The student's function is called once, on one piece's bytes with GPT-2's ranks, while a trace function
(sys.settrace, on frames of the student's code only) looks at the frame's local variables before each
line and when a function returns. A symbol list is a local list of bytes, none empty, whose parts joined
are the piece (so it has at most as many parts as the piece has bytes); the first one seen is the start,
and each later one with fewer parts than the last one recorded is a merge step. So the steps are what the student's own variables held, whatever the loop looks like:
a list changed in place or built anew, a helper function of theirs. An in-between state (a part joined
but its neighbour not yet removed) does not join to the piece and is not a step.

    >>> import json
    >>> code = "def bpe(piece, ranks):\\n    parts = [bytes([b]) for b in piece]\\n" \\
    ...        "    parts[0:2] = [parts[0] + parts[1]]\\n    return [0]\\n"
    >>> answer = json.loads(watch_bpe(code, "hi", {}))
    >>> answer["state"], answer["symbols"], answer["steps"], answer["ids"]
    ('ok', ['h', 'i'], [['hi']], [0])

The answer (JSON): state "ok" | "error" | "unseen"; piece; symbols (the start, printable form: GPT-2's
one character per byte, "Ġ" for a space); steps (each step's symbol list, printable); ids (what the
function returned, as a list of ints when it is one, else null); error ({type, message} for "error").
"unseen": the function ran but no local list of bytes ever held the piece's parts.
"""

from __future__ import annotations

import json
import sys

from toklab.bytes_unicode import to_printable

from toklab_lab.exercises import r50k
from toklab_lab.harness import STUDENT_FILE, shown_value_text

STEPS_MAX = 1024  # steps recorded at most (a piece of MAX_TRACE_BYTES bytes has fewer)


class Watcher:
    """Records the symbol lists a student's frames hold, as described in the module docstring."""

    def __init__(self, piece: bytes):
        self.piece = piece
        self.lists: list[tuple[bytes, ...]] = []

    def look(self, frame) -> None:
        for value in list(frame.f_locals.values()):
            if type(value) is list and value and all(type(part) in (bytes, bytearray) and part for part in value):
                parts = tuple(bytes(part) for part in value)
                if b"".join(parts) != self.piece:
                    continue
                if not self.lists or (len(parts) < len(self.lists[-1]) and len(self.lists) <= STEPS_MAX):
                    self.lists.append(parts)

    def trace(self, frame, event, arg):
        if frame.f_code.co_filename != STUDENT_FILE:
            return None
        if event in ("line", "return"):
            self.look(frame)
        return self.trace


def watch_bpe(code: str, piece_text: str, ranks=None) -> str:
    """Runs the student's bpe() on `piece_text`'s bytes and returns what its variables held, as JSON."""
    piece = piece_text.encode("utf-8")
    answer = {"state": "error", "piece": piece_text, "symbols": [], "steps": [], "ids": None, "error": None}
    if ranks is None:
        ranks = r50k()._mergeable_ranks
    watcher = Watcher(piece)
    namespace = {"__name__": "__student__"}
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = _Discard()
    try:
        exec(compile(code, STUDENT_FILE, "exec", dont_inherit=True), namespace)
        function = namespace["bpe"]
        sys.settrace(watcher.trace)
        try:
            got = function(piece, ranks)
        finally:
            sys.settrace(None)
    except BaseException as exc:  # the code passed its tests, but the page must get an answer in any case
        answer["error"] = {"type": type(exc).__name__, "message": shown_value_text(exc)}
        return json.dumps(answer, ensure_ascii=False)
    finally:
        sys.stdout, sys.stderr = saved
    if isinstance(got, list) and all(type(i) is int for i in got):
        answer["ids"] = got
    if not watcher.lists:
        answer["state"] = "unseen"
        return json.dumps(answer, ensure_ascii=False)
    shown = [[to_printable(part) for part in parts] for parts in watcher.lists]
    answer.update(state="ok", symbols=shown[0], steps=shown[1:])
    return json.dumps(answer, ensure_ascii=False)


class _Discard:
    """Where print() goes while the steps are watched: the tests' run already showed the output."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass
