"""The build's own pieces (tools/, behind build.py): the toklab wheel, the precomputed answers and
their keys, the inputs that call for a new build or a new bytecode compile, and the static server
(CPython only)."""

import base64
import csv
import doctest
import hashlib
import http.client
import importlib
import io
import json
import pkgutil
import shutil
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import pytest

if sys.platform == "emscripten":
    pytest.skip("build.py runs on CPython only", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from toklab.webapi import handle  # noqa: E402

from tools.bytecode import PROGRAMS, add_bytecode, cache_key  # noqa: E402
from tools.dist import input_files  # noqa: E402
from tools.precompute import PRECOMPUTED_REQUESTS, precompute, precompute_key  # noqa: E402
from tools.server import make_server  # noqa: E402
from tools.wheel import add_to_wheel, project_metadata, write_wheel  # noqa: E402


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    path = write_wheel(tmp_path_factory.mktemp("wheel"))
    return path


def test_wheel_name_follows_the_project_version(wheel):
    _, version, _, _ = project_metadata()
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
    again = write_wheel(tmp_path)
    assert again.read_bytes() == wheel.read_bytes()


def test_precompute_key_sorts_keys_and_drops_spaces():
    key = precompute_key("overview", {"text": "tokenization", "allowed_special": "none"})
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
    assert json.loads(done.stdout) == [precompute_key(kind, payload) for kind, payload in payloads]


def test_add_to_wheel_lists_the_new_files_in_record(wheel, tmp_path):
    copy = tmp_path / wheel.name
    shutil.copyfile(wheel, copy)
    add_to_wheel(copy, {"toklab/__pycache__/x.cpython-314.pyc": b"\x00pyc"})
    with zipfile.ZipFile(wheel) as before, zipfile.ZipFile(copy) as after:
        assert after.namelist() == before.namelist()[:-1] + ["toklab/__pycache__/x.cpython-314.pyc", before.namelist()[-1]]
        record_name = after.namelist()[-1]
        rows = list(csv.reader(io.StringIO(after.read(record_name).decode())))
        assert sorted(r[0] for r in rows) == sorted(after.namelist())
        digest = base64.urlsafe_b64encode(hashlib.sha256(b"\x00pyc").digest()).rstrip(b"=").decode()
        assert ["toklab/__pycache__/x.cpython-314.pyc", f"sha256={digest}", "4"] in rows


def test_precompute_answers_as_handle_does_in_this_python():
    answers = precompute()["answers"]
    assert len(answers) == len(PRECOMPUTED_REQUESTS)
    for kind, payload in PRECOMPUTED_REQUESTS:
        assert answers[precompute_key(kind, payload)] == json.loads(handle(kind, json.dumps(payload)))


def test_a_change_in_tools_calls_for_a_new_build():
    names = {path.relative_to(ROOT).as_posix() for path in input_files()}
    tracked = subprocess.run(["git", "ls-files", "tools"], cwd=ROOT, capture_output=True, text=True)
    assert {"build.py", "tools/bytecode.mjs", "tools/bytecode_pyodide.py", "tools/server.py"} <= names
    assert set(tracked.stdout.split()) <= names
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]


def test_bytecode_cache_key_follows_the_compiling_programs(tmp_path, copy_programs):
    out = tmp_path / "dist"
    (out / "pyodide").mkdir(parents=True)
    (out / "wheels").mkdir()
    (out / "pyodide" / "python_stdlib.zip").write_bytes(b"stdlib")
    (out / "wheels" / "toklab-0.1.0-py3-none-any.whl").write_bytes(b"wheel")
    copies = copy_programs("tools.bytecode")
    keys = [cache_key(out)]
    for copy in copies:
        copy.write_bytes(copy.read_bytes() + b"\n")
        keys.append(cache_key(out))
    (out / "wheels" / "toklab-0.1.0-py3-none-any.whl").write_bytes(b"another wheel")
    keys.append(cache_key(out))
    assert len(set(keys)) == len(keys)
    assert {path.name for path in PROGRAMS} == {"bytecode.py", "bytecode.mjs", "node_pyodide.mjs", "bytecode_pyodide.py"}


def test_without_bytecode_the_stdlib_copy_is_the_stock_zip(tmp_path):
    (tmp_path / "pyodide").mkdir()
    with zipfile.ZipFile(tmp_path / "pyodide" / "python_stdlib.zip", "w") as zf:
        zf.writestr("json/__init__.py", "x = 1\n")
    add_bytecode(tmp_path, None)
    pyc_zip = tmp_path / "pyodide" / "python_stdlib_pyc.zip"
    assert pyc_zip.read_bytes() == (tmp_path / "pyodide" / "python_stdlib.zip").read_bytes()


# ---------------------------------------------------------------- the static server


@pytest.fixture
def site(tmp_path):
    """A served folder like dist/: index.html, a file, and two folders without an index."""
    (tmp_path / "index.html").write_text("<p>home</p>")
    (tmp_path / "a.txt").write_text("a file")
    for folder in ("pyodide", "wheels"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "manifest.json").write_text("{}")
    httpd = make_server(tmp_path, 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd.server_address[1]
    httpd.shutdown()
    httpd.server_close()


def get(port: int, path: str) -> tuple[int, bytes, http.client.HTTPMessage]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, response.read(), response.headers
    finally:
        conn.close()


def test_server_answers_400_to_a_nul_byte_in_the_path(site):
    assert get(site, "/a.txt")[:2] == (200, b"a file")
    for path in ("/a%00.txt", "/a.txt%00", "/pyodide%00/manifest.json"):
        status, _, headers = get(site, path)
        assert status == 400, path
        assert "default-src 'self'" in headers["Content-Security-Policy"]


def test_server_lists_no_folder(site):
    status, body, headers = get(site, "/")
    assert (status, body) == (200, b"<p>home</p>")
    assert headers["Content-Type"].startswith("text/html")
    assert get(site, "/wheels/manifest.json")[:2] == (200, b"{}")
    for path in ("/pyodide/", "/wheels/", "/wheels/?C=M;O=A"):
        status, body, _ = get(site, path)
        assert status == 404, path
        assert b"manifest.json" not in body


@pytest.mark.parametrize("port", ["70000", "0", "-1"])
def test_serve_refuses_a_port_out_of_range_in_one_line(port):
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "serve", "--port", port], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stdout == ""  # refused before building anything
    assert done.stderr.splitlines() == [f"build.py: error: --port {port}: a port must be 1-65535"]


def test_playwright_chromium_prints_a_browser_path():
    pytest.importorskip("playwright")
    done = subprocess.run(
        [sys.executable, "-I", str(ROOT / "tools" / "playwright_chromium.py")], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()).is_absolute() and "chrom" in done.stdout.lower()


@pytest.mark.parametrize("name", sorted({m.name for m in pkgutil.iter_modules([str(ROOT / "tools")])} - {"playwright_chromium"}))
def test_docstring_examples(name):
    """The worked examples in tools/' docstrings are true (playwright_chromium is a script, run above)."""
    result = doctest.testmod(importlib.import_module(f"tools.{name}"), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
