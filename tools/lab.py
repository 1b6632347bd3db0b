"""dist/lab/: what the lab lesson's own worker and page load besides Pyodide and toklab.

    lab/toklab_lab-<version>-py3-none-any.whl   the exercises' inputs and the checking harness (py_src/toklab_lab,
                                                without stubs/, answers.py, catalog.py), installed by web/lab-worker.mjs
    lab/manifest.json                           {"wheel": its name, "sha256": its hash (first 16)}
    lab/catalog.json                            each exercise's stub and shown cases with toklab's answers,
                                                computed here on CPython (`python -m toklab_lab.catalog`)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tools.common import ROOT, BuildError, sha256_file
from tools.wheel import project_metadata, write_pure_wheel

PACKAGE = ROOT / "py_src" / "toklab_lab"


BUILD_ONLY = ("answers.py", "catalog.py")  # toklab's answers: they reach the page's catalog, never the lab's worker


def lab_members() -> dict[str, bytes]:
    """The wheel's files: toklab_lab's modules, without stubs/ (the page shows them from the catalog) and
    without the modules that compute the expected answers (BUILD_ONLY: student code runs beside the wheel)."""
    members = {}
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name in BUILD_ONLY:
            continue
        members[f"toklab_lab/{path.name}"] = path.read_bytes()
    if "toklab_lab/harness.py" not in members:
        raise BuildError("py_src/toklab_lab/harness.py is missing: the lab's harness must exist before a build")
    return members


def write_lab_wheel(out_dir: Path) -> Path:
    """The pure-Python toklab_lab wheel, written like toklab's (tools/wheel.py), byte for byte the same each time."""
    _, version, _, _ = project_metadata()
    return write_pure_wheel(out_dir, "toklab_lab", version, "The lab lesson's exercises and checking harness",
                            lab_members(), ("Requires-Dist: toklab",))


def catalog_json() -> str:
    """`python -m toklab_lab.catalog` on CPython, in a fresh interpreter that writes no bytecode into py_src/."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py_src"), PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run([sys.executable, "-m", "toklab_lab.catalog"], capture_output=True, text=True,
                          encoding="utf-8", env=env)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or ["no output"]
        raise BuildError(f"the lab's catalog could not be computed ({lines[-1]}): run `PYTHONPATH=py_src python -m toklab_lab.catalog`")
    return done.stdout


def ship_lab(folder: Path) -> None:
    """Write dist/lab/ (see the module docstring)."""
    folder.mkdir(parents=True, exist_ok=True)
    wheel = write_lab_wheel(folder)
    manifest = {"wheel": wheel.name, "sha256": sha256_file(wheel)[:16]}
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    (folder / "catalog.json").write_text(catalog_json(), encoding="utf-8")
