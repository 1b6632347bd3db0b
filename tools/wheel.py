"""The toklab wheel (pure Python, py3-none-any), written without setuptools, and adding files to a wheel.

A wheel is a zip with a .dist-info folder whose RECORD lists every member with its hash and size. Each
member is written with the same date and mode, so the same sources always give the same bytes.
"""

from __future__ import annotations

import base64
import hashlib
import os
import tomllib
import zipfile
from pathlib import Path

from tools.common import ROOT, BuildError

R50K_FILES = ("encoder.json", "vocab.bpe", "LICENSE-GPT2.txt")


def project_metadata() -> tuple[str, str, str, str]:
    """(name, version, description, requires-python) from pyproject.toml, e.g. ("toklab", "0.1.0", ...)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return project["name"], project["version"], project.get("description", ""), project.get("requires-python", "")


def wheel_members() -> dict[str, bytes]:
    """Every file of the toklab wheel except its .dist-info, by archive name."""
    package = ROOT / "py_src" / "toklab"
    if not (package / "__init__.py").is_file():
        raise BuildError("py_src/toklab/__init__.py is missing: the engine package must exist before a build")
    members: dict[str, bytes] = {}
    for path in sorted(package.rglob("*")):
        rel = path.relative_to(package)
        if path.is_dir() or "__pycache__" in rel.parts or path.suffix in (".pyc", ".pyo"):
            continue
        members[f"toklab/{rel.as_posix()}"] = path.read_bytes()
    for name in R50K_FILES:
        source = ROOT / "assets" / "r50k" / name
        if not source.is_file():
            raise BuildError(f"assets/r50k/{name} is missing: restore it from git (git checkout -- assets)")
        members[f"toklab/data/r50k/{name}"] = source.read_bytes()
    from tools.models import IN_PACKAGE, PACKED_SUFFIX, packed  # noqa: PLC0415  (it imports toklab)

    for name in IN_PACKAGE:
        members[f"toklab/data/{name}{PACKED_SUFFIX}"] = packed(name).read_bytes()
    return members


def record_hash(data: bytes) -> str:
    """A wheel RECORD hash: 'sha256=' + urlsafe base64 without padding.

    >>> record_hash(b"")
    'sha256=47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU'
    """
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def record_rows(members: dict[str, bytes]) -> list[str]:
    """RECORD's row for each member.

    >>> record_rows({"a.py": b"", "b.txt": b"hi"})
    ['a.py,sha256=47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU,0', 'b.txt,sha256=j0NDRmSPa5bfid2pAcUXaxCm2Dlh3TwayItZstwyeqQ,2']
    """
    return [f"{arc},{record_hash(data)},{len(data)}" for arc, data in members.items()]


def record_text(rows: list[str], record_name: str) -> bytes:
    """RECORD itself: the rows, then RECORD's own row (no hash, no size), one per line.

    >>> record_text(["a.py,sha256=47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU,0"], "x-1.dist-info/RECORD")
    b'a.py,sha256=47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU,0\\nx-1.dist-info/RECORD,,\\n'
    """
    return ("\n".join([*rows, f"{record_name},,"]) + "\n").encode()


def zip_entry(name: str) -> zipfile.ZipInfo:
    """A deflated zip member with a fixed date (1980-01-01) and mode 0644, for reproducible archives."""
    entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    entry.external_attr = 0o644 << 16
    entry.compress_type = zipfile.ZIP_DEFLATED
    return entry


def write_zip(path: Path, members: dict[str, bytes]) -> None:
    """Write `members` (archive name -> bytes), in their order, as the zip `path`."""
    with zipfile.ZipFile(path, "w") as zf:
        for arc, data in members.items():
            zf.writestr(zip_entry(arc), data)


def write_pure_wheel(out_dir: Path, name: str, version: str, summary: str, members: dict[str, bytes],
                     more_metadata: tuple[str, ...] = ()) -> Path:
    """Write a pure-Python wheel of package `name` holding `members` (its dist-info added), byte for byte
    the same each time; `more_metadata` are further METADATA lines ("Requires-Dist: toklab"). Returns its path."""
    info = f"{name}-{version}.dist-info"
    metadata = "".join(f"{line}\n" for line in (
        "Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}", f"Summary: {summary}", *more_metadata))
    members = dict(members)
    members[f"{info}/METADATA"] = metadata.encode()
    members[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: toklab build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    members[f"{info}/top_level.txt"] = f"{name}\n".encode()
    members[f"{info}/RECORD"] = record_text(record_rows(members), f"{info}/RECORD")
    path = out_dir / f"{name}-{version}-py3-none-any.whl"
    write_zip(path, members)
    return path


def write_wheel(out_dir: Path) -> Path:
    """Write the pure-Python toklab wheel; return its path."""
    name, version, summary, requires_python = project_metadata()
    more = (f"Requires-Python: {requires_python}",) if requires_python else ()
    return write_pure_wheel(out_dir, name, version, summary, wheel_members(), more)


def add_to_wheel(wheel: Path, extra: dict[str, bytes]) -> None:
    """Rewrite `wheel` with more files, listed in its RECORD like the others."""
    with zipfile.ZipFile(wheel) as zf:
        members = {info.filename: zf.read(info) for info in zf.infolist() if not info.is_dir()}
    record_name = next(name for name in members if name.endswith(".dist-info/RECORD"))
    rows = members.pop(record_name).decode().rstrip("\n").split("\n")
    rows = [line for line in rows if not line.startswith(f"{record_name},")]
    members.update(extra)
    members[record_name] = record_text(rows + record_rows(extra), record_name)
    tmp = wheel.with_suffix(".tmp")
    write_zip(tmp, members)
    os.replace(tmp, wheel)
