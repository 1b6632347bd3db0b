"""toklab's encode figures for one text: the same code on CPython (bench/engine_speed.py) and inside
Pyodide (bench/pyodide_speed.mjs imports this file there).

Each figure is timed twice: by the process's CPU time, which other work on a shared machine barely
changes, and by the wall clock. "cold" is a fresh encoding object, its piece cache empty; "warm" is the
same object encoding the same text again. The open models' tokenizers (toklab.hf, hf_figures) are
timed the same way, with the two steps of their loading apart (the compact form's bytes read, the
Tokenizer made from them) and, inside Pyodide, the wasm memory once loaded; so are the SentencePiece
models (toklab.sentencepiece, spm_figures: the .model's bytes read, the processor made, the lessons'
table made from it as the page's worker makes it).
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


def wasm_bytes() -> int | None:
    """The size of Pyodide's wasm memory (it only grows: a high-water mark); None on CPython."""
    if sys.platform != "emscripten":
        return None
    import pyodide_js

    return pyodide_js._module.HEAPU8.length


def hf_figures(text: str, names: list[str]) -> dict:
    """{name: {"read", "build", "cold", "tokens_offsets", "warm": [cpu s, wall s], "ids_sha", "tokens",
    "wasm_bytes"}} for each open model's tokenizer (toklab.get_tokenizer's names): its compact form's
    bytes read (read), the Tokenizer made from them as get_tokenizer makes it (build), then
    `encode(text)` by that fresh tokenizer (cold), reading that encoding's tokens and offsets (which
    toklab.hf makes when first read, as `tokenizers` makes its Python lists), and encode again (warm)."""
    from toklab import registry
    from toklab.hf import compact

    out = {}
    for name in names:
        *read, (_, data) = timed(registry._packed_bytes, name)
        *build, tok = timed(compact.load_tokenizer, data, registry.OPEN_MODELS[name].json_sha256)
        del data
        row = {"read": read, "build": build, "wasm_bytes": wasm_bytes()}
        *cold, encoded = timed(tok.encode, text)
        row["tokens_offsets"] = list(timed(lambda e: (e.tokens, e.offsets), encoded)[:2])
        ids = encoded.ids
        row.update(cold=cold, warm=list(timed(tok.encode, text)[:2]), ids_sha=ids_digest(ids), tokens=len(ids))
        out[name] = row
        del tok, encoded, ids
    return out


def spm_figures(text: str, names: list[str]) -> dict:
    """{name: {"read", "build", "table", "cold", "warm": [cpu s, wall s], "ids_sha", "tokens", "wasm_bytes"}}
    for each SentencePiece model (toklab.spm_models' names): its .model's bytes read (read), the
    SentencePieceProcessor made from them (build), the lessons' table made from that (table: SpmTable,
    as toklab.webapi makes it when a lesson first names the model), the wasm memory then, and `encode` of
    the text's lines by that fresh processor (cold; SentencePiece encodes a text whole, so a line is what
    a caller passes) and again (warm)."""
    from toklab import spm_models
    from toklab.sentencepiece import SentencePieceProcessor
    from toklab.tables import SpmTable

    lines = text.splitlines()
    out = {}
    for name in names:
        *read, data = timed(lambda: spm_models.sentencepiece_path(name).read_bytes())
        *build, sp = timed(lambda: SentencePieceProcessor(model_proto=data))
        del data
        *table, _table = timed(lambda: SpmTable(name, sp))
        row = {"read": read, "build": build, "table": table, "wasm_bytes": wasm_bytes()}
        *cold, ids = timed(sp.encode, lines)
        flat = [i for line in ids for i in line]
        row.update(cold=cold, warm=list(timed(sp.encode, lines)[:2]), ids_sha=ids_digest(flat), tokens=len(flat))
        out[name] = row
        del sp, _table, ids, flat
    return out


def main(corpus_path: str, names: str, models: str = "", spm: str = "") -> str:
    """The figures as one JSON line (what bench/pyodide_speed.mjs prints)."""
    with open(corpus_path, encoding="utf-8") as f:
        text = f.read()
    result = {"python": sys.version.split()[0], "mb": len(text.encode()) / 1e6, "wasm_boot_bytes": wasm_bytes()}
    result["encodings"] = figures(text, names.split(",")) if names else {}
    result["models"] = hf_figures(text, models.split(",")) if models else {}
    result["spm"] = spm_figures(text, spm.split(",")) if spm else {}
    return json.dumps(result)
