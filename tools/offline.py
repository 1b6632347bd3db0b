"""Offline and install: the app's icons, drawn from web/favicon.svg, and the service worker's manifest.

add_icons(out) draws favicon.svg's rounded rectangles into PNGs (any-purpose 192 and 512 px, and a
maskable 512 px on the page's background) for web/manifest.webmanifest. add_offline(out) runs last:
it lists every file of the finished dist/ with its size and sha256, and the build hash made from them,
in dist/offline.json; it writes dist/sw.js as web/sw.js behind one line holding that hash, so every
new build is a new service worker to the browser (it compares the script byte for byte).

What the worker precaches and what it caches on first use is decided here, in LAZY.
"""

from __future__ import annotations

import hashlib
import json
import math
import shutil
import struct
import zlib
from pathlib import Path, PurePosixPath
from xml.etree import ElementTree

from tools.common import CACHE, ROOT, BuildError

MANIFEST = "offline.json"
WORKER = "sw.js"
# Fetched when a lesson first asks for them, then kept: the two larger tables (5 MB together) only the
# table select and the three-tables lesson use, and the open models' tokenizers (models/*.hfpack, 1-4 MB
# each), and the train lesson's shipped corpora (corpora/poems.txt, 2 MB; prose.txt, 1 MB). Everything else is fetched when
# the worker installs.
LAZY = ("tables/*.tiktoken", "tables/*.charmerge.json", "models/*.hfpack", "corpora/*.txt")
ICONS = "icons"
# (file name, size in px, purpose): "any" is the favicon on transparency; "maskable" fills the square
# with the page's background and keeps the drawing inside the central safe circle (80% across).
ICON_SET = (
    ("icon-192.png", 192, "any"),
    ("icon-512.png", 512, "any"),
    ("icon-maskable-512.png", 512, "maskable"),
)
MASKABLE_BACKGROUND = "#f5f4ef"  # PALETTES.normal.bg in web/theme.mjs
MASKABLE_SHARE = 0.6  # the favicon's viewBox spans this share of a maskable icon's side


def build_hash(files: list[dict]) -> str:
    """The build's hash: sha256 over each file's path and sha256, in path order.

    >>> build_hash([{"path": "a.txt", "sha256": "00"}]) == build_hash([{"path": "a.txt", "sha256": "00"}])
    True
    >>> build_hash([{"path": "a.txt", "sha256": "00"}]) == build_hash([{"path": "a.txt", "sha256": "01"}])
    False
    """
    digest = hashlib.sha256()
    for entry in sorted(files, key=lambda e: e["path"]):
        digest.update(entry["path"].encode() + b"\0" + entry["sha256"].encode() + b"\n")
    return digest.hexdigest()[:20]


def is_lazy(path: str) -> bool:
    """Whether the worker caches `path` on first use instead of at install.

    >>> is_lazy("tables/cl100k_base.tiktoken"), is_lazy("models/qwen3.hfpack"), is_lazy("pyodide/pyodide.asm.wasm")
    (True, True, False)
    """
    return any(PurePosixPath(path).match(pattern) for pattern in LAZY)


def add_offline(out: Path) -> str:
    """Write out/offline.json and out/sw.js for the finished site in `out`; returns the build hash."""
    files = []
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out).as_posix()
        if not path.is_file() or rel in (MANIFEST, WORKER) or any(part.startswith(".") for part in path.relative_to(out).parts):
            continue
        files.append({"path": rel, "bytes": path.stat().st_size, "sha256": hashlib.sha256(path.read_bytes()).hexdigest()})
    build = build_hash(files)
    manifest = {
        "build": build,
        "precache": [e for e in files if not is_lazy(e["path"])],
        "lazy": [e for e in files if is_lazy(e["path"])],
    }
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    source = (ROOT / "web" / WORKER).read_text(encoding="utf-8")
    header = f"const BUILD = {json.dumps(build)}; // this build's hash (tools/offline.py; dist/offline.json)\n"
    (out / WORKER).write_text(header + source, encoding="utf-8")
    return build


# ---------------------------------------------------------------- icons


def favicon_rects(svg: Path) -> tuple[float, list[dict]]:
    """(viewBox side, rects) of favicon.svg: a square viewBox holding only <rect> elements."""
    root = ElementTree.parse(svg).getroot()
    x0, y0, width, height = (float(v) for v in root.get("viewBox", "").split())
    if (x0, y0) != (0, 0) or width != height:
        raise BuildError(f"{svg.name}: the icons need a square viewBox from 0 0, not {root.get('viewBox')!r}")
    rects = []
    for el in root:
        if el.tag.rsplit("}", 1)[-1] != "rect":
            raise BuildError(f"{svg.name}: the icons are drawn from <rect> elements only, not <{el.tag}>")
        x, y, w, h, r, sw = (float(el.get(name, 0)) for name in ("x", "y", "width", "height", "rx", "stroke-width"))
        stroke = rgb(el.get("stroke", "none"))
        rects.append({"x": x, "y": y, "w": w, "h": h, "r": r, "fill": rgb(el.get("fill", "none")), "stroke": stroke, "sw": sw if el.get("stroke-width") else 1.0})
    return width, rects


def rgb(colour: str) -> tuple[int, int, int] | None:
    """#rrggbb as a tuple; None for "none".

    >>> rgb("#1b2230"), rgb("none")
    ((27, 34, 48), None)
    """
    if colour == "none":
        return None
    if len(colour) != 7 or colour[0] != "#":
        raise BuildError(f"favicon.svg: colours must be #rrggbb, not {colour!r}")
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def rounded_rect_distance(px: float, py: float, rect: dict) -> float:
    """Signed distance from (px, py) to the rounded rectangle's edge: negative inside.

    >>> rounded_rect_distance(5, 5, {"x": 0, "y": 0, "w": 10, "h": 10, "r": 2})
    -5.0
    >>> rounded_rect_distance(12, 5, {"x": 0, "y": 0, "w": 10, "h": 10, "r": 2})
    2.0
    """
    r = min(rect["r"], rect["w"] / 2, rect["h"] / 2)
    qx = abs(px - rect["x"] - rect["w"] / 2) - (rect["w"] / 2 - r)
    qy = abs(py - rect["y"] - rect["h"] / 2) - (rect["h"] / 2 - r)
    return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r


def draw_icon(side: float, rects: list[dict], size: int, purpose: str) -> list[bytearray]:
    """RGBA rows of the drawing, each shape's edge anti-aliased by its distance in pixels."""
    share = MASKABLE_SHARE if purpose == "maskable" else 1.0
    scale = size * share / side  # pixels per viewBox unit
    offset = size * (1 - share) / 2
    background = (*rgb(MASKABLE_BACKGROUND), 255) if purpose == "maskable" else (0, 0, 0, 0)
    rows = []
    for j in range(size):
        row = bytearray(bytes(background) * size)
        vy = (j + 0.5 - offset) / scale
        for i in range(size):
            vx = (i + 0.5 - offset) / scale
            colour = [c / 255 * background[3] / 255 for c in background[:3]]
            alpha = background[3] / 255
            for rect in rects:
                half = rect["sw"] / 2 if rect["stroke"] else 0.0
                d = rounded_rect_distance(vx, vy, rect) * scale
                if d - half * scale > 1:
                    continue
                layers = []
                if rect["fill"]:
                    layers.append((rect["fill"], min(1.0, max(0.0, 0.5 - d - half * scale if rect["stroke"] else 0.5 - d))))
                if rect["stroke"]:
                    layers.append((rect["stroke"], min(1.0, max(0.0, 0.5 - d + half * scale)) - min(1.0, max(0.0, 0.5 - d - half * scale))))
                for paint, cover in layers:  # "over", premultiplied
                    colour = [cover * p / 255 + (1 - cover) * c for p, c in zip(paint, colour)]
                    alpha = cover + (1 - cover) * alpha
            if alpha > 0:
                row[4 * i : 4 * i + 4] = bytes([*(round(255 * c / alpha) for c in colour), round(255 * alpha)])
        rows.append(row)
    return rows


def png(rows: list[bytearray]) -> bytes:
    """An 8-bit RGBA PNG of `rows` (each width * 4 bytes)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    width, height = len(rows[0]) // 4, len(rows)
    raw = b"".join(b"\0" + bytes(row) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def add_icons(out: Path) -> None:
    """Write out/icons/*.png, drawn from web/favicon.svg (seconds of pure Python: kept in .cache/icons/
    under the hash of favicon.svg and of this file, which draws them)."""
    svg = ROOT / "web" / "favicon.svg"
    key = hashlib.sha256(svg.read_bytes() + Path(__file__).read_bytes()).hexdigest()[:16]
    cached = CACHE / "icons" / key
    if not all((cached / name).is_file() for name, _, _ in ICON_SET):
        side, rects = favicon_rects(svg)
        cached.mkdir(parents=True, exist_ok=True)
        for name, size, purpose in ICON_SET:
            tmp = cached / f"{name}.part"
            tmp.write_bytes(png(draw_icon(side, rects, size, purpose)))
            tmp.replace(cached / name)
    folder = out / ICONS
    folder.mkdir(exist_ok=True)
    for name, _, _ in ICON_SET:
        shutil.copy2(cached / name, folder / name)
