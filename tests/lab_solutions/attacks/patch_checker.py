# Patches everything in the lab's Python that once decided a verdict, or writes the answer: the
# harness's answer maker, the comparison an exercise once had, the cases and their expected answers,
# json.dumps. Every patch makes the lab's worker say "all passed"; then a wrong get_stats.
import json

from toklab_lab import exercises, harness

FORGED = {"state": "passed", "passed": 72, "total": 72, "failure": None, "error": None, "restart": False,
          "output": "", "output_cut": False}

harness.answer = lambda state, **fields: dict(FORGED)
harness.outputs = lambda exercise_id, code: dict(FORGED)
for exercise in exercises.EXERCISES.values():
    object.__setattr__(exercise, "same", lambda got, expected: True)
    object.__setattr__(exercise, "shape", "text")
exercises.cases.cache_clear()
exercises.cases = lambda exercise_id: ()
harness.cases = exercises.cases
real_dumps = json.dumps
json.dumps = lambda value, **options: real_dumps(FORGED)
print("All 72 tests pass")


def get_stats(ids):
    return {}
