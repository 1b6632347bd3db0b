"""What every part of the build shares: the repository's paths, the one error type, and small helpers."""

from __future__ import annotations

import hashlib
import queue
import subprocess
import sys
import threading
import time
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


STEP = "step "  # a line a Node program prints as it goes: "step 2/5: unpacking the toklab wheel"
QUIET_FOR = 15.0  # seconds without a step line before a long step says it is still at work


def run_reporting(cmd: list[str], what: str, fix: str, cwd: Path | None = None, env: dict | None = None,
                  quiet_for: float = QUIET_FOR) -> None:
    """run_quiet() for a long program that says how far it is: each line it prints that starts with
    "step " is passed on as a progress line, with the seconds since it started, and a program silent for
    `quiet_for` seconds is said to be still at work; its other output is kept for the error message.

    >>> run_reporting([sys.executable, "-c", "print('step 1/1: counting'); print('noise')"], "a test", "fix it")
    build.py:   step 1/1: counting (0 s)
    """
    started = time.monotonic()
    try:
        child = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    except OSError as e:
        raise BuildError(f"{what} could not start ({e}): {fix}") from e
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        for line in child.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    kept = []
    while True:
        try:
            line = lines.get(timeout=quiet_for)
        except queue.Empty:
            say(f"  {what}: still at work ({time.monotonic() - started:.0f} s)")
            continue
        if line is None:
            break
        if line.startswith(STEP):
            say(f"  {line.strip()} ({time.monotonic() - started:.0f} s)")
        else:
            kept.append(line)
    if child.wait() != 0:
        out = [ln.strip() for ln in kept if ln.strip() and len(ln) < 500]
        errors = [ln for ln in out if "error" in ln.lower()] or out or ["no output"]
        raise BuildError(f"{what} failed ({errors[-1]}): {fix}")


class Steps:
    """A long job's numbered progress lines: `steps.next(label)` says "[k/n] label", where the labels
    are declared up front, so n is known and a step said out of order is a mistake found at once.

    >>> steps = Steps(["fetching", "writing"])
    >>> steps.next("fetching")
    build.py: [1/2] fetching
    """

    def __init__(self, labels: list[str]) -> None:
        self.labels = list(labels)
        self.k = 0

    def next(self, label: str) -> None:
        if self.k >= len(self.labels) or self.labels[self.k] != label:
            raise AssertionError(f"step {label!r} out of order (expected {self.labels[self.k:self.k + 1]})")
        self.k += 1
        say(f"[{self.k}/{len(self.labels)}] {label}")
