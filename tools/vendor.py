"""dist/vendor/gifenc.mjs: the GIF encoder behind the encode lesson's "export GIF" (web/classroom/export.mjs).

gifenc (Matt DesLauriers, MIT) ships a ready ES module, dist/gifenc.esm.js, with no imports: it is taken
from its pinned, hash-checked tarball (tools/downloads.py) as it is, without its source-map comment
(the map is not shipped), and its licence goes beside it. No bundler is needed.
"""

from __future__ import annotations

import tarfile
from pathlib import Path

from tools.common import BuildError
from tools.downloads import GIFENC, npm_tarball

MODULE = "package/dist/gifenc.esm.js"
LICENCE = "package/LICENSE.md"
SOURCE_MAP = "//# sourceMappingURL="


def ship_gifenc(dest: Path) -> None:
    """Write gifenc.mjs and gifenc.LICENSE.txt into `dest` (dist/vendor/)."""
    with tarfile.open(npm_tarball(GIFENC)) as tar:
        try:
            code = tar.extractfile(MODULE).read().decode("utf-8")
            licence = tar.extractfile(LICENCE).read().decode("utf-8")
        except (KeyError, AttributeError):
            raise BuildError(f"gifenc {GIFENC.version} has no {MODULE} or {LICENCE}: check the pin in tools/downloads.py") from None
    if code.lstrip().startswith("import") or "GIFEncoder" not in code:
        raise BuildError(f"gifenc {GIFENC.version}: {MODULE} is not the self-contained ES module this build expects")
    lines = [line for line in code.splitlines() if not line.startswith(SOURCE_MAP)]
    dest.mkdir(parents=True, exist_ok=True)
    (dest / "gifenc.mjs").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (dest / "gifenc.LICENSE.txt").write_text(f"gifenc {GIFENC.version}\n\n{licence.strip()}\n", encoding="utf-8")
