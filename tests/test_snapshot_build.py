"""The start-up snapshot build.py makes (tools/snapshot.py): its key, its place in dist/ and the manifest,
the build without Node, and the bundle in dist/ as built, read here on CPython.

The bundle's files are checked against the toklab wheel they were installed from; restoring it is the
browser's part (tests/browser/test_snapshot.py).
"""

import gzip
import json
import os
import struct
import sys
import zipfile
from pathlib import Path

import pytest

if sys.platform == "emscripten":
    pytest.skip("build.py runs on CPython only", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools.bytecode import SITE_IN_PYODIDE  # noqa: E402
from tools.snapshot import PROGRAMS, RUNTIME, SNAPSHOT, add_snapshot, cache_key, make_snapshot, read_header  # noqa: E402


def fake_dist(root: Path) -> Path:
    """A dist being built, as far as the snapshot's key reads it."""
    out = root / "dist"
    (out / "pyodide").mkdir(parents=True)
    (out / "wheels").mkdir()
    for name in RUNTIME:
        (out / "pyodide" / name).write_bytes(name.encode())
    (out / "wheels" / "toklab-0.1.0-py3-none-any.whl").write_bytes(b"wheel")
    (out / "wheels" / "micropip-0.11.1-py3-none-any.whl").write_bytes(b"micropip")
    return out


def test_snapshot_key_follows_its_programs_the_runtime_and_the_wheels(tmp_path, copy_programs):
    out = fake_dist(tmp_path)
    copies = copy_programs("tools.snapshot")
    keys = [cache_key(out)]
    changed = [*copies, *(out / "pyodide" / name for name in RUNTIME), *sorted((out / "wheels").glob("*.whl"))]
    for path in changed:
        path.write_bytes(path.read_bytes() + b"\n")
        keys.append(cache_key(out))
    assert len(set(keys)) == len(keys) == 1 + 3 + 4 + 2
    # The stock standard library zip is not what the worker boots with: it does not change the key.
    (out / "pyodide" / "python_stdlib.zip").write_bytes(b"stock")
    assert cache_key(out) == keys[-1]
    assert {path.name for path in PROGRAMS} == {"snapshot.py", "snapshot.mjs", "node_pyodide.mjs"}
    assert set(RUNTIME) == {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib_pyc.zip"}


def test_without_node_there_is_no_snapshot_and_the_manifest_names_none(tmp_path, monkeypatch, capsys):
    out = fake_dist(tmp_path)
    monkeypatch.setattr("tools.snapshot.CACHE", tmp_path / "cache")
    monkeypatch.setattr("tools.snapshot.shutil.which", lambda name: None)
    manifest = {"toklab": "toklab-0.1.0-py3-none-any.whl"}
    add_snapshot(out, make_snapshot(out), manifest)
    assert manifest == {"toklab": "toklab-0.1.0-py3-none-any.whl"}
    assert not (out / SNAPSHOT).exists()
    assert "node is missing" in capsys.readouterr().out


def test_a_cached_snapshot_is_used_without_node(tmp_path, monkeypatch):
    out = fake_dist(tmp_path)
    monkeypatch.setattr("tools.snapshot.CACHE", tmp_path / "cache")
    monkeypatch.setattr("tools.snapshot.shutil.which", lambda name: None)
    key = cache_key(out)
    header = json.dumps({"format": 1, "key": key, "memory": 0, "files": []}).encode()
    cached = tmp_path / "cache" / "snapshot" / key / "engine.bin"
    cached.parent.mkdir(parents=True)
    cached.write_bytes(gzip.compress(struct.pack("<I", len(header)) + header))
    assert make_snapshot(out) == cached
    manifest = {}
    add_snapshot(out, cached, manifest)
    assert manifest == {"snapshot": {"file": SNAPSHOT, "key": key}}
    assert (out / SNAPSHOT).read_bytes() == cached.read_bytes()


# ---------------------------------------------------------------- the bundle in dist/ as built


@pytest.fixture(scope="module")
def built() -> tuple[Path, dict]:
    dist = Path(os.environ.get("TOKLAB_DIST", ROOT / "dist"))
    if not (dist / "wheels" / "manifest.json").is_file():
        pytest.skip("no dist/ here: run `python build.py` first")
    manifest = json.loads((dist / "wheels" / "manifest.json").read_text())
    if "snapshot" not in manifest:
        pytest.skip("this dist/ was built without Node: it has no snapshot")
    return dist, manifest


def test_the_manifest_names_the_bundle_with_this_builds_key(built):
    dist, manifest = built
    header = read_header(dist / manifest["snapshot"]["file"])
    assert manifest["snapshot"] == {"file": SNAPSHOT, "key": cache_key(dist)}
    assert header["key"] == manifest["snapshot"]["key"]
    assert header["toklab_sha256"] == manifest["toklab_sha256"]
    assert (header["format"], header["pyodide"]) == (1, manifest["pyodide"])


def test_bundle_layout_is_header_then_memory_then_files(built):
    dist, manifest = built
    bundle = gzip.decompress((dist / SNAPSHOT).read_bytes())
    (length,) = struct.unpack("<I", bundle[:4])
    header = json.loads(bundle[4 : 4 + length])
    assert (4 + length) % 16 == 0  # Pyodide reads the memory's first words as 32-bit integers
    assert header["memory"] > 0
    assert len(bundle) == 4 + length + header["memory"] + sum(size for _, size in header["files"])


def test_bundle_files_are_the_installed_toklab_wheel(built):
    """Every file of the wheel (with the .pyc files build.py added) is in the bundle, byte for byte,
    where Pyodide's site-packages holds it; the rest is the install's own record (.dist-info)."""
    dist, manifest = built
    bundle = gzip.decompress((dist / SNAPSHOT).read_bytes())
    (length,) = struct.unpack("<I", bundle[:4])
    header = json.loads(bundle[4 : 4 + length])
    offset = 4 + length + header["memory"]
    files = {}
    for path, size in header["files"]:
        files[path] = bundle[offset : offset + size]
        offset += size
    with zipfile.ZipFile(dist / "wheels" / manifest["toklab"]) as wheel:
        members = {name: wheel.read(name) for name in wheel.namelist() if not name.endswith("/")}
    for name, data in members.items():
        assert files.get(f"{SITE_IN_PYODIDE}/{name}") == data, name
    assert f"{SITE_IN_PYODIDE}/toklab/data/r50k/encoder.json" in files
    assert any(name.endswith(".pyc") for name in members)
    extra = {path for path in files if path[len(SITE_IN_PYODIDE) + 1 :] not in members}
    assert all(".dist-info/" in path for path in extra), sorted(extra)
