"""build.py's own pieces: the toklab wheel it writes and the precomputed-answer keys (CPython only)."""

import base64
import csv
import hashlib
import io
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

if sys.platform == "emscripten":
    pytest.skip("build.py runs on CPython only", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    path = build.write_wheel(tmp_path_factory.mktemp("wheel"))
    return path


def test_wheel_name_follows_the_project_version(wheel):
    _, version, _, _ = build.project_metadata()
    assert wheel.name == f"toklab-{version}-py3-none-any.whl"


def test_wheel_carries_the_r50k_table_inside_the_package(wheel):
    with zipfile.ZipFile(wheel) as zf:
        for name in ("encoder.json", "vocab.bpe", "LICENSE-GPT2.txt"):
            assert zf.read(f"toklab/data/r50k/{name}") == (ROOT / "assets" / "r50k" / name).read_bytes()
        assert "toklab/__init__.py" in zf.namelist()
        assert "toklab/webapi.py" in zf.namelist()
        assert not [n for n in zf.namelist() if "__pycache__" in n or n.endswith(".pyc")]


def test_wheel_record_lists_every_file_with_its_hash(wheel):
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        record_name = next(n for n in names if n.endswith(".dist-info/RECORD"))
        rows = list(csv.reader(io.StringIO(zf.read(record_name).decode())))
        assert sorted(r[0] for r in rows) == sorted(names)
        for path, digest, size in rows:
            if path == record_name:
                assert digest == size == ""
                continue
            data = zf.read(path)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert (digest, int(size)) == (f"sha256={expected}", len(data))


def test_wheel_is_byte_for_byte_reproducible(wheel, tmp_path):
    again = build.write_wheel(tmp_path)
    assert again.read_bytes() == wheel.read_bytes()


def test_precompute_key_sorts_keys_and_drops_spaces():
    key = build.precompute_key("overview", {"text": "tokenization", "allowed_special": "none"})
    assert key == 'overview {"allowed_special":"none","text":"tokenization"}'


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_precomputed_mjs_computes_the_same_keys_as_build_py():
    payloads = [
        ("overview", {"text": "tokenization", "allowed_special": "none"}),
        ("trace_piece", {"text": "tokenization", "index": 0, "allowed_special": "none"}),
        ("overview", {"text": 'héllo "wörld"\n\t\x01 你好 🎉\u2028', "piece_offset": 0, "nested": {"b": [1, {"z": None, "a": True}]}}),
    ]
    script = (
        f"const {{ precomputedKey }} = await import({json.dumps((ROOT / 'web' / 'precomputed.mjs').as_uri())});\n"
        f"const cases = {json.dumps(payloads)};\n"
        "console.log(JSON.stringify(cases.map(([kind, payload]) => precomputedKey(kind, payload))));\n"
    )
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [build.precompute_key(kind, payload) for kind, payload in payloads]
