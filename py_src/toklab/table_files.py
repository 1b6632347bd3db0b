"""Where a table's own file is found: the SentencePiece models' `<name>.model` (toklab.spm_models) and
the WordPiece tables' `<name>.tokenizer.json` (toklab.wordpiece_models), which are not inside the package.

The folders, in order: TOKLAB_TABLES (a build sets it to its output; the page's worker to where it
wrote the fetched file), then, in a checkout, the tool's cache (.cache/<cache>/) and a build's
dist/models/. Each folder is looked in, and its models/ subfolder.
"""

from __future__ import annotations

import os
from pathlib import Path

from .errors import ToklabError

__all__ = ["TABLES_ENV", "find_table_file"]

TABLES_ENV = "TOKLAB_TABLES"
_REPO = Path(__file__).resolve().parent.parent.parent  # <repo>/py_src/toklab/table_files.py


def _folders(cache: str, tool: str) -> list[Path]:
    named = [Path(os.environ[TABLES_ENV])] if os.environ.get(TABLES_ENV) else []
    if (_REPO / "tools" / tool).is_file():
        named += [_REPO / ".cache" / cache, _REPO / "dist" / "models"]
    return named


def find_table_file(name: str, filename: str, *, cache: str, tool: str, makes: str) -> Path:
    """The path of table `name`'s file `filename`, or ToklabError table_unavailable saying where it was
    looked for and how to get it (`python tools/<tool>` `makes` it into .cache/<cache>/)."""
    folders = _folders(cache, tool)
    for folder in folders:
        for path in (folder / filename, folder / "models" / filename):
            if path.is_file():
                return path
    raise ToklabError(
        "table_unavailable",
        encoding=name,
        detail=f"{filename} was not found in {', '.join(map(str, folders)) or 'any folder'}. In the repository, "
        f"`python tools/{tool}` {makes} it into .cache/{cache}/; elsewhere, set {TABLES_ENV} to a folder holding it "
        "(a build ships it in dist/models/)",
    )
