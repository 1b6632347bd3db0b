"""toklab's encode figures for one text: the same code on CPython (bench/engine_speed.py) and inside
Pyodide (bench/pyodide_speed.mjs imports this file there).

Each figure is timed twice: by the process's CPU time, which other work on a shared machine barely
changes, and by the wall clock. "cold" is a fresh encoding object, its piece cache empty; "warm" is the
same object encoding the same text again.
"""

import hashlib
import json
import sys
import time


def cpu_seconds() -> float:
    """CPU time of this process: time.process_time on CPython; Node's process.cpuUsage inside Pyodide,
    whose own process_time is the wall clock."""
    if sys.platform == "emscripten":
        from js import process

        usage = process.cpuUsage()
        return (usage.user + usage.system) / 1e6
    return time.process_time()


def timed(fn, *args):
    """(CPU seconds, wall seconds, result) of fn(*args)."""
    cpu, wall = cpu_seconds(), time.perf_counter()
    result = fn(*args)
    return cpu_seconds() - cpu, time.perf_counter() - wall, result


def fresh_encoding(name: str):
    """A new encoding object for `name`, loaded from its table, with nothing cached."""
    from toklab import r50k, registry

    return r50k.load_r50k() if name == "r50k_base" else registry.load_table(name)


def ids_digest(ids: list[int]) -> str:
    return hashlib.sha256(json.dumps(ids).encode()).hexdigest()


def figures(text: str, names: list[str]) -> dict:
    """{name: {"load", "cold", "warm"[, "trace"]: [cpu s, wall s], "ids_sha": ...}} for each encoding."""
    out = {}
    for name in names:
        cpu, wall, enc = timed(fresh_encoding, name)
        row = {"load": [cpu, wall]}
        *cold, ids = timed(enc.encode_ordinary, text)
        warm = list(timed(enc.encode_ordinary, text)[:2])
        row.update(cold=cold, warm=warm, ids_sha=ids_digest(ids), tokens=len(ids))
        if name == "r50k_base":  # the trace is dropped at once: alive, it would slow the next figures
            row["trace"] = list(timed(fresh_encoding(name).trace, text)[:2])
        out[name] = row
        del enc, ids
    return out


def main(corpus_path: str, names: str) -> str:
    """The figures as one JSON line (what bench/pyodide_speed.mjs prints)."""
    with open(corpus_path, encoding="utf-8") as f:
        text = f.read()
    result = {"python": sys.version.split()[0], "mb": len(text.encode()) / 1e6, "encodings": figures(text, names.split(","))}
    return json.dumps(result)
