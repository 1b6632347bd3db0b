"""Held-out real text for the benches, one script at a time, from pinned packages (nothing invented).

    english   the Jargon File 4.4.7 (Debian jargon-text) and the English fortune files, literature,
              poems and quotations (Debian fortunes)
    docs      English technical prose: the Python documentation's reST sources (Debian python3.11-doc)
    japanese  the Japanese manual pages (Debian manpages-ja), roff markup and all
    chinese   classical Chinese: Tang poems (御定全唐詩), Song ci, the Analects, the Book of Songs and
              the Chu ci (npm chinese-poetry, MIT)
    python    the Python standard library's source (*.py), what the bench's mix already holds a third of

Each package is fetched once with its ordinary client (`apt-get download`, `npm pack`), checked
against the sha256 pinned here and kept in .cache/corpora/ (npm's in .cache/npm/), so a second run is
offline and reads the same bytes; the text is read from the archive itself, never installed. The files
are taken in a fixed order (sorted names, round robin where there are groups).
"""

from __future__ import annotations

import gzip
import io
import json
import lzma
import os
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "corpora"


@dataclass(frozen=True)
class Deb:
    package: str
    version: str
    sha256: str


JARGON = Deb("jargon-text", "4.4.7-4.1", "17d05997e30eb3d5d6713929b8e2f81b63a5f50073858ad2a06701c71f54dcdb")
FORTUNES = Deb("fortunes", "1:1.99.1-7.3", "41d0551dc0ff52f875a2ecef7c39da2f672ab468c37e170119f7e0245a9d63c5")
PYTHON_DOC = Deb("python3.11-doc", "3.11.2-6+deb12u9", "5b3594189d6ef9a6963ce0347fd307a1cc67620ad697e144db366070e2e146be")
MANPAGES_JA = Deb("manpages-ja", "0.5.0.0.20221215+dfsg-1", "4d270e9a1e83be4de0c072a110892a17dc9caa4b501257324006ac28d82c5743")
CHINESE_POETRY = ("chinese-poetry", "2.0.1", "25b549e46919c3a0569db6b68ddc96956b04a484ea4518ad2bbd4f137e307e86")
# The English fortune files that quote books, poems and people (not the jokes or the ASCII art).
FORTUNE_FILES = ("songs-poems", "people", "wisdom", "art", "tao", "platitudes", "education", "humorists", "love")
# chinese-poetry's folders of classical text, taken in turn.
POETRY_FOLDERS = ("yudingquantangshi/json", "songci", "lunyu", "shijing", "chuci")


def _sha256(path: Path) -> str:
    sys.path.insert(0, str(ROOT))
    from tools.common import sha256_file  # noqa: PLC0415

    return sha256_file(path)


def deb(item: Deb) -> Path:
    """The package's .deb (apt-get download), hash-checked and cached in .cache/corpora/."""
    path = CACHE / f"{item.package}_{item.version.replace(':', '%3a')}_all.deb"
    if path.is_file() and _sha256(path) == item.sha256:
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=path.parent) as tmp:
        os.chmod(tmp, 0o755)  # apt's sandbox user writes here
        done = subprocess.run(["apt-get", "download", f"{item.package}={item.version}"], cwd=tmp, capture_output=True, text=True)
        found = list(Path(tmp).glob("*.deb"))
        if done.returncode != 0 or len(found) != 1:
            raise SystemExit(f"bench: apt-get download {item.package}={item.version} failed: {done.stderr.strip()[-300:]}")
        actual = _sha256(found[0])
        if actual != item.sha256:
            raise SystemExit(f"bench: {item.package} {item.version} has sha256 {actual}, not the pinned {item.sha256}")
        os.replace(found[0], path)
    return path


def deb_files(item: Deb) -> dict[str, bytes]:
    """The files of a .deb's data archive, by path (an `ar` archive holding data.tar.xz)."""
    data = deb(item).read_bytes()
    at = 8  # "!<arch>\n"
    while at < len(data):
        name, size = data[at : at + 16].decode().strip().rstrip("/"), int(data[at + 48 : at + 58])
        body = data[at + 60 : at + 60 + size]
        if name.startswith("data.tar"):
            raw = lzma.decompress(body) if name.endswith(".xz") else body
            with tarfile.open(fileobj=io.BytesIO(raw)) as tar:
                return {m.name.removeprefix("./"): tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}
        at += 60 + size + (size & 1)
    raise SystemExit(f"bench: {item.package}'s .deb has no data archive")


def _text(name: str, data: bytes) -> str:
    return (gzip.decompress(data) if name.endswith(".gz") else data).decode("utf-8", "replace")


def english() -> tuple[list[str], str]:
    jargon = deb_files(JARGON)["usr/share/doc/jargon-text/jargon.txt.gz"]
    fortunes = deb_files(FORTUNES)
    quotes = [fortunes[f"usr/share/games/fortunes/{name}"] for name in FORTUNE_FILES]
    texts = [_text("jargon.txt.gz", jargon)] + [q.decode("utf-8", "replace") for q in quotes]
    return texts, f"the Jargon File {JARGON.version}, fortunes {FORTUNES.version} ({', '.join(FORTUNE_FILES)})"


def docs() -> tuple[list[str], str]:
    files = deb_files(PYTHON_DOC)
    pages = sorted(name for name in files if "/_sources/" in name and name.endswith(".rst.txt"))
    return [_text(name, files[name]) for name in pages], f"the Python {PYTHON_DOC.version} documentation's reST sources, {len(pages)} pages"


def japanese() -> tuple[list[str], str]:
    files = deb_files(MANPAGES_JA)
    pages = sorted(name for name in files if name.startswith("usr/share/man/ja/") and name.endswith(".gz"))
    return [_text(name, files[name]) for name in pages], f"manpages-ja {MANPAGES_JA.version}, {len(pages)} pages"


def chinese() -> tuple[list[str], str]:
    sys.path.insert(0, str(ROOT))
    from tools.corpora import poems_of  # noqa: PLC0415  (the train lesson's reading of the same files)
    from tools.downloads import Download, npm_tarball  # noqa: PLC0415

    name, version, sha256 = CHINESE_POETRY
    extracted = CACHE / f"{name}-{version}-poems.json"  # each poem its title and lines, as tools.corpora reads them
    if not extracted.is_file():
        groups: dict[str, list[str]] = {folder: [] for folder in POETRY_FOLDERS}
        with tarfile.open(npm_tarball(Download(name, version, sha256))) as tar:
            members = sorted((m for m in tar.getmembers() if m.isfile() and m.name.endswith(".json")), key=lambda m: m.name)
            for m in members:
                folder = m.name.removeprefix("package/dist/").rsplit("/", 1)[0]
                if folder in groups and "author" not in m.name:
                    groups[folder] += ["\n".join(poem) + "\n" for poem in poems_of(tar.extractfile(m).read())]
        CACHE.mkdir(parents=True, exist_ok=True)
        extracted.write_text(json.dumps(groups, ensure_ascii=False), encoding="utf-8")
    groups = json.loads(extracted.read_text(encoding="utf-8"))
    texts, queues = [], [list(groups[f]) for f in POETRY_FOLDERS]
    while any(queues):  # one poem of each collection in turn
        for q in queues:
            if q:
                texts.append(q.pop(0))
    counts = ", ".join(f"{f}: {len(groups[f])}" for f in POETRY_FOLDERS)
    return texts, f"chinese-poetry {version} ({counts} poems)"


def python() -> tuple[list[str], str]:
    code = sorted(Path(sysconfig.get_paths()["stdlib"]).glob("*.py"))
    return [p.read_text(encoding="utf-8", errors="replace") for p in code], f"Python {sys.version.split()[0]} stdlib, {len(code)} files"


HELD_OUT = {"english": english, "docs": docs, "japanese": japanese, "chinese": chinese, "python": python}


def held_out(kind: str, megabytes: float) -> tuple[str, str]:
    """About `megabytes` MB of the named script's text (fewer if the source holds less), and its source."""
    texts, source = HELD_OUT[kind]()
    limit, parts, size = int(megabytes * 1_000_000), [], 0
    for text in texts:
        if size >= limit:
            break
        parts.append(text)
        size += len(text.encode())
    text = "".join(parts).encode()[:limit].decode("utf-8", "ignore")
    return text, source


if __name__ == "__main__":
    for kind in HELD_OUT:
        text, source = held_out(kind, 5)
        print(f"{kind}: {len(text.encode()) / 1e6:.2f} MB from {source}")
