"""HuggingFace `tokenizers`' answers for MiniMind, recorded, so toklab.hf meets its oracle inside Pyodide.

Pyodide has no `tokenizers`, and its Python (3.14, Unicode 16) differs from CPython's, so `re`,
`unicodedata` and the spelled-out classes could behave differently there. On CPython, the first test
re-asks `tokenizers` and checks the recording is still what it says; where `tokenizers` is missing
(Pyodide), the other checks toklab.hf against the recording (ids, tokens, offsets, decode). Run this file as a script to write the
recording again. MiniMind's tokenizer.json is the repository's (assets/minimind/; tests/pyodide/run.mjs
mounts that folder at /assets/minimind inside Pyodide).
"""

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

import oracles
from toklab.hf import Tokenizer

RECORDING = Path(__file__).resolve().parent / "data" / "oracle_hf_minimind.json"
CANDIDATES = [Path(__file__).resolve().parent.parent / "assets" / "minimind" / "tokenizer.json", Path("/assets/minimind/tokenizer.json")]
PATH = next((p for p in CANDIDATES if p.is_file()), None)


def digest(values) -> str:
    return hashlib.sha256(json.dumps(values, ensure_ascii=True).encode()).hexdigest()


def texts() -> list[str]:
    """Tricky text, chats full of added tokens, long runs, seeded random text, and every code point of the
    planes that hold characters (oracles.code_points)."""
    out = [
        "", " ", "今天天气真好", "你好<|im_end|>再见<|endoftext|>", "<|im_start|>user\n你好<|im_end|>\n<|im_start|>assistant\n",
        "Hello world!  It's 12345 ok\n\n  x", "e\u0301 café", "😀🦄 👩‍👩‍👧", "  \t\n\r\x1c\x1f\x85\u3000 x", "<|im_e<|im_end|>|>",
    ]
    for unit in ["a", " ", "\n", "中", "😀"]:
        out += [unit * 10_000, "x" + unit * 10_000]
    rng = random.Random(2026)
    alphabet = "ab '\n\t1é中🦄\u3000\u0085\u0301'sStT.!?-_$€٣ⅱ\x00\x1fØ<|>" + "".join(
        chr(cp) for cp in rng.sample(range(0x20, 0x30000), 400) if not 0xD800 <= cp < 0xE000
    )
    specials = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
    for _ in range(300):
        parts = [rng.choice(alphabet) if rng.random() < 0.9 else rng.choice(specials) for _ in range(rng.randint(0, 60))]
        out.append("".join(parts))
    points = oracles.code_points()
    out += ["".join(map(chr, points[k : k + 8192])) for k in range(0, len(points), 8192)]
    return out


def answers(tok, text: str) -> dict:
    enc = tok.encode(text)
    return {
        "text_sha256": digest(text), "ids_sha256": digest(enc.ids), "tokens_sha256": digest(enc.tokens),
        "offsets_sha256": digest(enc.offsets), "decoded_sha256": digest(tok.decode(enc.ids, skip_special_tokens=False)),
    }  # fmt: skip  (JSON writes a tuple as a list: the (start, end) pairs digest as the recorded [start, end])


def record() -> dict:
    import tokenizers

    oracle = tokenizers.Tokenizer.from_file(str(PATH))
    return {"about": "tokenizers 0.23.3 on assets/minimind/tokenizer.json for tests/test_hf_recorded.py texts()",
            "cases": [answers(oracle, t) for t in texts()]}  # fmt: skip


@pytest.fixture(scope="module")
def recording():
    if PATH is None:
        pytest.skip("MiniMind's tokenizer.json is not here")
    return json.loads(RECORDING.read_text(encoding="utf-8"))["cases"]


def test_one_kind_planes():
    import unicodedata

    for lo, hi, kinds in ((0x40000, 0xE0000, {"Cn"}), (0xF0000, 0x110000, {"Co", "Cn"})):
        assert {unicodedata.category(chr(cp)) for cp in range(lo, hi)} == kinds
    assert [cp for cp in range(0xF0000, 0x110000) if unicodedata.category(chr(cp)) == "Cn"] == [
        0xFFFFE, 0xFFFFF, 0x10FFFE, 0x10FFFF]


def test_recording_is_what_tokenizers_says(recording):
    pytest.importorskip("tokenizers")
    assert record()["cases"] == recording


def test_toklab_hf_matches_the_recording(recording):
    try:
        import tokenizers  # noqa: F401
    except ImportError:
        pass
    else:  # the same texts and more meet the live oracle in tests/test_hf_models.py (minimind among them)
        pytest.skip("CPython has the live oracle: tests/test_hf_models.py")
    tok = Tokenizer.from_file(PATH)
    cases = texts()
    assert len(cases) == len(recording)
    for text, case in zip(cases, recording):
        assert answers(tok, text) == case, repr(text[:80])


if __name__ == "__main__":
    RECORDING.write_text(json.dumps(record(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {RECORDING}", file=sys.stderr)
