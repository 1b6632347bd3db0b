"""tiktoken's and `regex`'s answers, recorded, so the engine meets its oracles inside Pyodide too.

Pyodide has neither tiktoken nor `regex`, and its Python (3.14, Unicode 16) differs from CPython's here,
so the pre-tokenizer's spelled-out classes and `re` could behave differently there. On CPython, the
first test re-asks the oracles and checks the recording is still what they say; everywhere, the others
check toklab against the recording. Run this file as a script to write the recording again.
"""

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

import toklab
from toklab.pretokenize import split_pieces

RECORDING = Path(__file__).resolve().parent / "data" / "oracle_r50k.json"
ENC = toklab.get_encoding("r50k_base")


def digest(values) -> str:
    return hashlib.sha256(json.dumps(values, ensure_ascii=True).encode()).hexdigest()


def texts() -> list[str]:
    """The recorded inputs: tricky text, tiktoken's stress inputs, and seeded random text."""
    from test_r50k import CORPUS

    out = list(CORPUS)
    for unit in ["^", "0", "a", "'s", " ", "\n"]:
        out += [unit * 10_000, " " + unit * 10_000, unit * 10_000 + "\n"]
    rng = random.Random(2026)
    alphabet = "ab '\n\t1é中🦄\u3000\u0085\u0301'sStTdDlLmMrRvV.!?-_$€٣ⅱ\x00\x1fØ" + "".join(
        chr(cp) for cp in rng.sample(range(0x20, 0x30000), 400) if not 0xD800 <= cp < 0xE000
    )
    for _ in range(400):
        out.append("".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60))))
    out.append("".join(chr(cp) for cp in range(0x20, 0x3000)))  # every BMP class boundary up to CJK
    return out


def record() -> dict:
    from oracles import gpt2_pieces, tiktoken_r50k

    oracle = tiktoken_r50k()
    return {
        "about": "tiktoken r50k_base ids and regex GPT-2 pieces for tests/test_recorded_oracle.py texts()",
        "cases": [
            {"text_sha256": digest(t), "ids_sha256": digest(oracle.encode_ordinary(t)), "pieces_sha256": digest(gpt2_pieces(t))}
            for t in texts()
        ],
    }


@pytest.fixture(scope="module")
def recording():
    return json.loads(RECORDING.read_text(encoding="utf-8"))["cases"]


def test_recording_is_what_the_oracles_say(r50k_oracle, gpt2_regex, recording):
    assert record()["cases"] == recording


def test_engine_matches_recorded_ids(recording):
    cases = texts()
    assert len(cases) == len(recording)
    for text, case in zip(cases, recording):
        assert digest(text) == case["text_sha256"]
        assert digest(ENC.encode_ordinary(text)) == case["ids_sha256"], repr(text[:80])


def test_pre_tokenizer_matches_recorded_pieces(recording):
    for text, case in zip(texts(), recording):
        assert digest(split_pieces(text)) == case["pieces_sha256"], repr(text[:80])


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    RECORDING.write_text(json.dumps(record(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {RECORDING}", file=sys.stderr)
