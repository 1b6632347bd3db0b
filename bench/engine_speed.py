"""Engine speed on a multi-script corpus: toklab next to tiktoken on CPython, and toklab inside Pyodide.

    python bench/engine_speed.py [--mb 4] [--no-pyodide]

Prints figures, asserts nothing. The corpus is the translated manual pages on this machine
(/usr/share/man/<language>/: Chinese, Japanese, Korean, Russian, Ukrainian, German, French, ...: real text
in many scripts, with roff markup), topped up with the Python standard library's source when there are too
few. "cold" is the first pass with empty caches; "warm" runs again with the piece caches filled.
The Pyodide figures need a build (`python build.py`) and Node.
"""

import argparse
import gzip
import json
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py_src"))
sys.path.insert(0, str(ROOT / "tests"))


def corpus(megabytes: float) -> tuple[str, str]:
    """About `megabytes` MB of UTF-8 text and a description of where it came from."""
    limit = int(megabytes * 1_000_000)
    by_lang: dict[str, list[Path]] = {}
    for page in sorted(Path("/usr/share/man").glob("*/man*/*.gz")):
        if not page.parts[4].startswith("man"):  # translated pages only
            by_lang.setdefault(page.parts[4], []).append(page)
    # Round robin over the languages, so every script is in even a small corpus.
    queue = [pages for pages in by_lang.values()]
    parts, size, sources = [], 0, {}
    while size < limit and any(queue):
        for pages in queue:
            if pages and size < limit:
                page = pages.pop(0)
                text = gzip.open(page).read().decode("utf-8", "replace")
                parts.append(text)
                size += len(text.encode())
                sources[page.parts[4]] = sources.get(page.parts[4], 0) + 1
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    for src in sorted(stdlib.glob("*.py")):
        if size >= limit:
            break
        text = src.read_text(encoding="utf-8", errors="replace")
        parts.append(text)
        size += len(text.encode())
        sources["python-stdlib"] = sources.get("python-stdlib", 0) + 1
    text = "".join(parts).encode()[:limit].decode("utf-8", "ignore")
    return text, ", ".join(f"{k}: {v} files" for k, v in sources.items())


def timed(fn, *args):
    started = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - started, result


def cpython(text: str) -> None:
    import toklab
    from toklab import r50k

    mb = len(text.encode()) / 1e6
    load, enc = timed(r50k.load_r50k)
    print(f"toklab load r50k table (CPython)   {load * 1000:8.0f} ms")
    try:
        from oracles import tiktoken_r50k

        oracle = tiktoken_r50k()
        oracle.encode_ordinary("warm up")
        t_tik, ids_tik = timed(oracle.encode_ordinary, text)
    except ImportError:
        t_tik = ids_tik = None
    t_cold, ids = timed(enc.encode_ordinary, text)
    t_warm, _ = timed(enc.encode_ordinary, text)
    fresh = toklab.r50k.load_r50k()
    t_trace, trace = timed(fresh.trace, text)
    steps = sum(len(p["steps"]) for p in trace["pieces"])
    print(f"corpus                             {mb:8.2f} MB, {len(ids):,} tokens, {len(trace['pieces']):,} pieces, {steps:,} merge steps")
    if t_tik is not None:
        print(f"tiktoken encode_ordinary           {mb / t_tik:8.2f} MB/s")
        print(f"  same ids as tiktoken             {ids == ids_tik!s:>8}")
    print(f"toklab encode_ordinary, cold       {mb / t_cold:8.2f} MB/s" + (f"   = 1/{t_cold / t_tik:.1f} of tiktoken" if t_tik else ""))
    print(f"toklab encode_ordinary, warm       {mb / t_warm:8.2f} MB/s" + (f"   = 1/{t_warm / t_tik:.1f} of tiktoken" if t_tik else ""))
    print(f"toklab trace (every step), cold    {mb / t_trace:8.2f} MB/s   = {t_trace / t_cold:.1f}x the cold encode time")


def pyodide(text: str) -> None:
    dist = ROOT / "dist"
    manifest = dist / "wheels" / "manifest.json"
    if not manifest.is_file():
        print("pyodide: no dist/ (run `python build.py` first); skipped")
        return
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "corpus.txt").write_text(text, encoding="utf-8")
        cmd = ["node", str(ROOT / "bench" / "pyodide_speed.mjs"), str(dist), tmp]
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=1800)
        except FileNotFoundError:
            print("pyodide: node is not installed; skipped")
            return
        except subprocess.CalledProcessError as exc:
            print("pyodide: the run failed:\n" + exc.stderr[-2000:])
            return
        figures = json.loads(out.stdout.strip().splitlines()[-1])
    mb = figures["mb"]
    print(f"Pyodide {figures['python']} under Node {figures['node']}:")
    print(f"  boot Pyodide                     {figures['boot_ms']:8.0f} ms")
    print(f"  install toklab wheel             {figures['install_ms']:8.0f} ms")
    print(f"  load r50k table                  {figures['load_ms']:8.0f} ms")
    print(f"  encode_ordinary, cold            {mb / figures['cold_s']:8.2f} MB/s")
    print(f"  encode_ordinary, warm            {mb / figures['warm_s']:8.2f} MB/s")
    print(f"  trace, cold                      {mb / figures['trace_s']:8.2f} MB/s   = {figures['trace_s'] / figures['cold_s']:.1f}x the cold encode time")
    print(f"  same ids as CPython toklab       {figures['ids_sha'] == ids_digest(text)!s:>8}")


def ids_digest(text: str) -> str:
    import hashlib

    import toklab

    ids = toklab.get_encoding("r50k_base").encode_ordinary(text)
    return hashlib.sha256(json.dumps(ids).encode()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=4.0, help="corpus size in MB (default 4)")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython figures only")
    args = parser.parse_args()
    text, sources = corpus(args.mb)
    print(f"corpus sources: {sources}")
    print(f"CPython {sys.version.split()[0]}:")
    cpython(text)
    if not args.no_pyodide:
        pyodide(text)


if __name__ == "__main__":
    main()
