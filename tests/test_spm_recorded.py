"""`sentencepiece`'s answers for the four shipped SentencePiece models, recorded, so toklab.sentencepiece
meets its oracle inside Pyodide.

Pyodide has no `sentencepiece`, and its Python (3.14, Unicode 16) differs from CPython's. On CPython,
the first test re-asks `sentencepiece` and checks the recording is still what it says; where
`sentencepiece` is missing (Pyodide), the other checks toklab against the recording (ids, pieces,
decoded text). Run this file as a script to write the recording again. The .model files are found as
`toklab.get_sentencepiece` finds them (inside Pyodide, the build's dist/models/ in TOKLAB_TABLES).
"""

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

import oracles
from toklab.errors import ToklabError
from toklab.spm_models import SPM_NAMES, get_sentencepiece, sentencepiece_path

RECORDING = Path(__file__).resolve().parent / "data" / "oracle_spm.json"


def digest(values) -> str:
    return hashlib.sha256(json.dumps(values, ensure_ascii=True).encode()).hexdigest()


def texts() -> list[str]:
    """Tricky text, long runs, seeded random text, and every third code point of oracles.code_points()."""
    out = [
        "", " ", "Hello world!", "今天天气真好", "  Hello   world  \t\n", "ｈｅｌｌｏ ① ﬁ Ⅻ ㍿ ﾊﾟ", "e\u0301 café",
        "吾輩は猫である。名前はまだ無い。", "😀🦄 👩‍👩‍👧", "<s>hi</s> <unk> <0xE6> ▁▁", "\u3000全角\u3000",
    ]
    for unit in ["a", " ", "今", "😀"]:
        out.append(unit * 3000)
    rng = random.Random(2026)
    alphabet = "ab '\n\t1é中天気🦄\u3000\u0301ｅ①▁<s>" + "".join(
        chr(cp) for cp in rng.sample(range(0x20, 0x30000), 300) if not 0xD800 <= cp < 0xE000
    )
    for _ in range(150):
        out.append("".join(rng.choice(alphabet) for _ in range(rng.randint(0, 50))))
    points = oracles.code_points()[::3]
    out += ["".join(map(chr, points[k : k + 8192])) for k in range(0, len(points), 8192)]
    return out


def answers(sp, text: str) -> dict:
    ids = sp.encode(text)
    return {"ids_sha256": digest(ids), "pieces_sha256": digest(sp.encode(text, out_type=str)), "decoded_sha256": digest(sp.decode(ids))}


def record() -> dict:
    import sentencepiece

    cases = {}
    for name in SPM_NAMES:
        sp = sentencepiece.SentencePieceProcessor(model_file=str(sentencepiece_path(name)))
        cases[name] = [answers(sp, t) for t in texts()]
    return {"about": "sentencepiece 0.2.1 on the shipped .model files for tests/test_spm_recorded.py texts()", "cases": cases}


@pytest.fixture(scope="module")
def recording():
    try:
        sentencepiece_path(SPM_NAMES[0])
    except ToklabError:
        pytest.skip("the SentencePiece models are not here (python tools/spm_models.py)")
    return json.loads(RECORDING.read_text(encoding="utf-8"))["cases"]


def test_recording_is_what_sentencepiece_says(recording):
    pytest.importorskip("sentencepiece")
    assert record()["cases"] == recording


@pytest.mark.parametrize("name", SPM_NAMES)
def test_toklab_matches_the_recording(recording, name):
    try:
        import sentencepiece  # noqa: F401
    except ImportError:
        pass
    else:  # the same texts and more meet the live oracle in tests/test_sentencepiece.py
        pytest.skip("CPython has the live oracle: tests/test_sentencepiece.py")
    sp = get_sentencepiece(name)
    cases = texts()
    assert len(cases) == len(recording[name])
    for text, case in zip(cases, recording[name]):
        assert answers(sp, text) == case, repr(text[:80])


if __name__ == "__main__":
    RECORDING.write_text(json.dumps(record(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {RECORDING}", file=sys.stderr)
