"""The bytecode build.py compiles ahead of time (tools/bytecode.py): there, checked, and usable.

On CPython this reads dist/ as built: the .pyc files sit beside their sources (in
pyodide/python_stdlib_pyc.zip and in the wheels' __pycache__ folders), the wheels' RECORD lists them, and
each is a checked-hash pyc (PEP 552), which Python uses only while its source is unchanged. Inside
Pyodide (tests/pyodide/run.mjs boots from dist's python_stdlib_pyc.zip and installs dist's toklab wheel)
it checks that every one of them matches its source's hash and the magic number of the Python that
loads it, so that Python takes it instead of compiling the source again.
"""

import base64
import csv
import hashlib
import importlib.util
import io
import os
import pkgutil
import sys
import zipfile
from pathlib import Path

import pytest

import toklab

IN_PYODIDE = sys.platform == "emscripten"
CHECKED_HASH = 0b11  # PEP 552 flags: hash-based, check the source


def _dist() -> Path:
    dist = Path(os.environ.get("TOKLAB_DIST", Path(__file__).resolve().parent.parent / "dist"))
    if not (dist / "wheels" / "manifest.json").is_file():
        pytest.skip("no dist/ here: run `python build.py` first")
    return dist


def _flags(pyc: bytes) -> int:
    return int.from_bytes(pyc[4:8], "little")


@pytest.mark.cpython_only
def test_stdlib_copy_holds_checked_pycs_beside_their_sources():
    dist = _dist()
    with zipfile.ZipFile(dist / "pyodide" / "python_stdlib.zip") as stock:
        assert not [n for n in stock.namelist() if n.endswith(".pyc")], "the stock zip stays as published"
        stock_names = set(stock.namelist())
    with zipfile.ZipFile(dist / "pyodide" / "python_stdlib_pyc.zip") as zf:
        names = set(zf.namelist())
        pycs = sorted(n for n in names if n.endswith(".pyc"))
        assert names - set(pycs) == stock_names
        assert {"urllib/parse.pyc", "ipaddress.pyc", "html/parser.pyc"} <= set(pycs)  # micropip's imports
        for name in pycs:
            assert name[:-1] in names, f"{name} has no source beside it"
            assert _flags(zf.read(name)) == CHECKED_HASH, name


@pytest.mark.cpython_only
@pytest.mark.parametrize("package", ["toklab", "micropip"])
def test_wheels_list_their_pycs_in_record(package):
    dist = _dist()
    (wheel,) = (dist / "wheels").glob(f"{package}-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        record_name = next(n for n in names if n.endswith(".dist-info/RECORD"))
        rows = {r[0]: r for r in csv.reader(io.StringIO(zf.read(record_name).decode()))}
        pycs = [n for n in names if n.endswith(".pyc")]
        assert f"{package}/__pycache__/__init__.cpython-314.pyc" in pycs
        for name in pycs:
            data = zf.read(name)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert rows[name][1:] == [f"sha256={digest}", str(len(data))]
            assert _flags(data) == CHECKED_HASH, name
            folder, _, file = name.rpartition("/__pycache__/")
            assert f"{folder}/{file.split('.')[0]}.py" in names


def _check_pyc(pyc: bytes, source: bytes, name: str) -> None:
    assert pyc[:4] == importlib.util.MAGIC_NUMBER, f"{name} was compiled by another Python"
    assert _flags(pyc) == CHECKED_HASH, name
    assert pyc[8:16] == importlib.util.source_hash(source), f"{name} is stale: its source changed"


@pytest.mark.skipif(not IN_PYODIDE, reason="checks the bytecode with the Python that loads it (Pyodide)")
def test_every_toklab_module_has_a_matching_pyc_here():
    folder = Path(toklab.__file__).parent
    modules = [m.name for m in pkgutil.iter_modules([str(folder)])]
    assert "bpe" in modules and "webapi" in modules and "hf" in modules
    sources = sorted(folder.rglob("*.py"))  # subpackages (toklab.hf) too
    assert folder / "hf" / "models.py" in sources
    for path in sources:
        pyc = Path(importlib.util.cache_from_source(str(path))).read_bytes()
        _check_pyc(pyc, path.read_bytes(), f"toklab/{path.relative_to(folder).as_posix()}")


@pytest.mark.skipif(not IN_PYODIDE, reason="checks the bytecode with the Python that loads it (Pyodide)")
def test_the_standard_library_this_python_booted_with_has_matching_pycs():
    stdlib = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
    with zipfile.ZipFile(stdlib) as zf:
        pycs = [n for n in zf.namelist() if n.endswith(".pyc")]
        assert "urllib/parse.pyc" in pycs, "run.mjs should boot from dist's python_stdlib_pyc.zip"
        for name in pycs:
            _check_pyc(zf.read(name), zf.read(name[:-1]), name)
