"""Watching a student's bpe() (py_src/toklab_lab/steps.py): the symbol lists its variables held are the
engine's own steps (toklab's trace_piece, the page's other column) for a right answer, its ids are
tiktoken's, and answers that merge differently or keep no list of bytes say so.
"""

from __future__ import annotations

import doctest
import json
import sys

import pytest

if sys.platform == "emscripten":
    pytest.skip("toklab_lab ships in its own wheel for the lab's worker, not in the engine's", allow_module_level=True)

from toklab import get_encoding  # noqa: E402
from toklab.pretokenize import split_pieces  # noqa: E402
from toklab_lab import steps  # noqa: E402
from test_lab import check  # noqa: E402  (the page's verdict, as test_lab.py gets it)
from toklab_lab.inputs import texts  # noqa: E402
from lab_solutions import solution  # noqa: E402

ENC = get_encoding("r50k_base")
PIECES = sorted({p for text in texts(701, 30, 40) for p in split_pieces(text)} | {"tokenization", " naïve", "hahahaha"})


def watched(name: str, piece: str) -> dict:
    return json.loads(steps.watch_bpe(solution("right", name), piece))


def engine_lists(piece: str) -> tuple[list[str], list[list[str]]]:
    trace = ENC.trace_piece(piece)
    return trace["symbols"], [step["symbols"] for step in trace["steps"]]


def test_docstring_examples():
    assert doctest.testmod(steps).failed == 0


@pytest.mark.parametrize("piece", PIECES)
def test_a_right_answer_takes_the_engines_steps(piece, r50k_oracle):
    answer = watched("bpe", piece)
    assert answer["state"] == "ok" and answer["piece"] == piece
    assert (answer["symbols"], answer["steps"]) == engine_lists(piece)
    assert answer["ids"] == r50k_oracle.encode_ordinary(piece)


def test_merging_every_occurrence_at_once_passes_but_takes_fewer_steps(r50k_oracle):
    code = solution("right", "bpe_all_at_once")
    assert check("bpe", code)["state"] == "passed"
    answer = watched("bpe_all_at_once", "hahahaha")
    start, real = engine_lists("hahahaha")
    assert answer["symbols"] == start and answer["steps"][-1] == real[-1]
    assert answer["steps"][0] == ["h", "ah", "ah", "ah", "a"] != real[0]
    assert len(answer["steps"]) < len(real)
    assert answer["ids"] == r50k_oracle.encode_ordinary("hahahaha")


def test_an_answer_without_a_list_of_bytes_cannot_be_watched():
    assert check("bpe", solution("right", "bpe_strings"))["state"] == "passed"
    answer = watched("bpe_strings", "tokenization")
    assert answer["state"] == "unseen" and answer["steps"] == [] and answer["ids"] == [30001, 1634]


def test_code_that_raises_is_an_error_answer():
    answer = json.loads(steps.watch_bpe("def bpe(piece, ranks):\n    return 1 / 0\n", "tokenization"))
    assert answer["state"] == "error" and answer["error"]["type"] == "ZeroDivisionError"
    answer = json.loads(steps.watch_bpe("x = (", "tokenization"))
    assert answer["state"] == "error" and answer["error"]["type"] == "SyntaxError"
