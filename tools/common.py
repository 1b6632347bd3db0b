"""What every part of the build shares: the repository's paths, the one error type, and small helpers."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
CACHE = ROOT / ".cache"
DIST = ROOT / "dist"


class BuildError(Exception):
    """A failure the user can act on; its message is one line that says what to do."""


def say(message: str) -> None:
    """Print one progress line, in one write (downloads run in threads: lines never interleave).

    >>> say("wrote dist")
    build.py: wrote dist
    """
    sys.stdout.write(f"build.py: {message}\n")
    sys.stdout.flush()


def sha256_file(path: Path) -> str:
    """The file's sha256 as hex, read in 1 MiB blocks."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def run_quiet(cmd: list[str], what: str, fix: str, cwd: Path | None = None, env: dict | None = None) -> None:
    """Run a command quietly; on failure raise a one-line BuildError quoting its last error line.

    >>> run_quiet(["false"], "false", "run again")
    Traceback (most recent call last):
    tools.common.BuildError: false failed (no output): run again
    """
    try:
        done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env)
    except OSError as e:
        raise BuildError(f"{what} could not start ({e}): {fix}") from e
    if done.returncode != 0:
        lines = [ln.strip() for ln in (done.stderr + done.stdout).splitlines() if ln.strip() and len(ln) < 500]
        errors = [ln for ln in lines if "error" in ln.lower()] or lines or ["no output"]
        raise BuildError(f"{what} failed ({errors[-1]}): {fix}")
