"""Answers to the lab's exercises, written the way karpathy/minbpe writes them, for tests/test_lab.py
and tests/browser/test_lab.py.

right/   one correct answer per exercise (each file defines the function the exercise asks for); the
         answers to get_stats and merge are toklab_lab.helpers, the functions later exercises import
wrong/   answers with a typical mistake, each failing on a case the test names
attacks/ code that tries to leave the lab's sandbox or forge its answers (tests/browser/test_lab_sandbox.py)
The harness receives each answer's text, as it would receive a student's.
"""

from __future__ import annotations

import inspect
from pathlib import Path

from toklab_lab import helpers

SOLUTIONS = Path(__file__).resolve().parent


def solution(kind: str, name: str) -> str:
    """The text of an answer: tests/lab_solutions/<kind>/<name>.py, or a given helper's own source."""
    if kind == "right" and name in ("get_stats", "merge"):
        return inspect.getsource(getattr(helpers, name))
    return (SOLUTIONS / kind / f"{name}.py").read_text(encoding="utf-8")
