"""cl100k_base and o200k_base meet their oracles inside Pyodide too, through a recording.

Pyodide has neither tiktoken nor `regex`, and its Python (3.14, Unicode 16) differs from CPython's, so
the translated patterns and `re` could behave differently there. Like tests/test_recorded_oracle.py
(same texts): on CPython the first test re-asks tiktoken and `regex` and checks the recording is still
what they say; everywhere, the others check toklab against it. Run this file as a script to record again.
"""

import json
import sys
from pathlib import Path

import pytest

import toklab
from test_recorded_oracle import digest, texts

NAMES = ("cl100k_base", "o200k_base")
DATA = Path(__file__).resolve().parent / "data"


def recording_path(name: str) -> Path:
    return DATA / f"oracle_{name}.json"


def record(name: str) -> dict:
    from oracles import regex_pieces, tiktoken_encoding

    oracle = tiktoken_encoding(name)
    pattern = oracle._pat_str
    return {
        "about": f"tiktoken {name} ids and regex pieces for tests/test_recorded_oracle.py texts()",
        "cases": [
            {"text_sha256": digest(t), "ids_sha256": digest(oracle.encode_ordinary(t)), "pieces_sha256": digest(regex_pieces(pattern, t))}
            for t in texts()
        ],
    }


@pytest.fixture(scope="module", params=NAMES)
def named_recording(request):
    return request.param, json.loads(recording_path(request.param).read_text(encoding="utf-8"))["cases"]


def test_recording_is_what_the_oracles_say(tiktoken_oracle, regex_oracle, named_recording):
    name, recording = named_recording
    assert record(name)["cases"] == recording


def test_engine_matches_recorded_ids_and_pieces(named_recording):
    name, recording = named_recording
    enc = toklab.get_encoding(name)
    cases = texts()
    assert len(cases) == len(recording)
    for text, case in zip(cases, recording):
        assert digest(text) == case["text_sha256"]
        assert digest(enc.encode_ordinary(text)) == case["ids_sha256"], repr(text[:80])
        assert digest(enc.pretokenizer.split(text)) == case["pieces_sha256"], repr(text[:80])


if __name__ == "__main__":  # PYTHONPATH=py_src:tests python tests/test_recorded_tables.py
    for name in NAMES:
        recording_path(name).write_text(json.dumps(record(name), indent=1) + "\n", encoding="utf-8")
        print(f"wrote {recording_path(name)}", file=sys.stderr)
