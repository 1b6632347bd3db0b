"""What the page knows of each exercise: `python -m toklab_lab.catalog` prints it.

The build runs this on CPython (the lab's wheel leaves it and `answers` out) and ships the JSON as dist/lab/catalog.json: each exercise's id, the
function it asks for, its starting code (stubs/<id>.py; `stub_zh`, the same code with Chinese comments
and docstring, stubs/zh/<id>.py), its shown cases (the page lists them at once,
while the lab's own Python is still loading), and every case's answer by toklab, the shown and the
hidden ones: `answers`, each {call, value (toklab's answer as plain data, plain.py), expected (its
repr), shown, notes}. The page judges a run with these (web/lessons/lab/judge.mjs): the lab's worker,
where the student's code runs, only reports what the function returned, and never sees a verdict.

    >>> entry = catalog()["exercises"][0]
    >>> entry["id"], entry["shape"], entry["shown"][0]
    ('get_stats', 'counts', {'call': 'get_stats([1, 2, 3, 1, 2])', 'expected': '{(1, 2): 2, (2, 3): 1, (3, 1): 1}', 'notes': []})
    >>> entry["answers"][0]["value"], entry["answers"][0]["shown"]
    ([[1, 2, 2], [2, 3, 1], [3, 1, 1]], True)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from toklab_lab.answers import expected
from toklab_lab.exercises import EXERCISES, cases
from toklab_lab.harness import OUTPUT_MAX
from toklab_lab.plain import plain, shown

STUBS = Path(__file__).resolve().parent / "stubs"


def answer(exercise, case) -> dict:
    """One case as the page needs it to judge a result: the call, toklab's answer (data and repr)."""
    answer = expected(exercise.id, case)
    value = plain(exercise.shape, answer)
    if value is None:
        raise ValueError(f"toklab's answer to {case.call(exercise.function)} is not plain {exercise.shape} data")
    return {"call": case.call(exercise.function), "value": value, "expected": shown(exercise.shape, answer, value),
            "shown": case.shown, "notes": case.notes()}


def catalog() -> dict:
    exercises = []
    for exercise in EXERCISES.values():
        answers = [answer(exercise, c) for c in cases(exercise.id)]
        exercises.append({
            "id": exercise.id,
            "function": exercise.function,
            "shape": exercise.shape,
            "stub": (STUBS / f"{exercise.id}.py").read_text(encoding="utf-8"),
            "stub_zh": (STUBS / "zh" / f"{exercise.id}.py").read_text(encoding="utf-8"),
            "shown": [{"call": a["call"], "expected": a["expected"], "notes": a["notes"]} for a in answers if a["shown"]],
            "total": len(answers),
            "answers": answers,
        })
    return {"exercises": exercises, "output_max": OUTPUT_MAX}


if __name__ == "__main__":
    sys.stdout.write(json.dumps(catalog(), ensure_ascii=False, indent=1) + "\n")
