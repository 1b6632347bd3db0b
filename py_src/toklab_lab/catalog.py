"""What the page shows of each exercise before Python starts: `python -m toklab_lab.catalog` prints it.

The build runs this on CPython and ships the JSON as dist/lab/catalog.json: each exercise's id, the
function it asks for, its starting code (stubs/<id>.py) and its shown cases with toklab's answers, so
the page lists them at once while the lab's own Python is still loading.

    >>> entry = catalog()["exercises"][0]
    >>> entry["id"], entry["shown"][0]
    ('get_stats', {'call': 'get_stats([1, 2, 3, 1, 2])', 'expected': '{(1, 2): 2, (2, 3): 1, (3, 1): 1}', 'notes': []})
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from toklab_lab.exercises import EXERCISES, cases
from toklab_lab.harness import OUTPUT_MAX, shown_value

STUBS = Path(__file__).resolve().parent / "stubs"


def catalog() -> dict:
    exercises = []
    for exercise in EXERCISES.values():
        shown = [c for c in cases(exercise.id) if c.shown]
        exercises.append({
            "id": exercise.id,
            "function": exercise.function,
            "stub": (STUBS / f"{exercise.id}.py").read_text(encoding="utf-8"),
            "shown": [{"call": c.call(exercise.function), "expected": shown_value(c.expected), "notes": c.notes()}
                      for c in shown],
            "total": len(cases(exercise.id)),
        })
    return {"exercises": exercises, "output_max": OUTPUT_MAX}


if __name__ == "__main__":
    sys.stdout.write(json.dumps(catalog(), ensure_ascii=False, indent=1) + "\n")
