"""Engine speed on multi-script text: toklab next to tiktoken and HuggingFace tokenizers on CPython,
and toklab inside Pyodide.

    python bench/engine_speed.py [--corpus mix|man|english|docs|japanese|chinese|python] [--mb 5]
                                 [--encodings r50k_base,cl100k_base,o200k_base]
                                 [--hf qwen3,deepseek_v3,gemma3,minimind,llama3]
                                 [--spm llama2,mistral,unigram_en,unigram_ja] [--no-pyodide]

Prints figures, asserts nothing. `--encodings ""` leaves OpenAI's tables out; `--hf` adds the open
models' tokenizers (toklab.get_tokenizer) next to `tokenizers`' Tokenizer.encode on the same file, one
text, one thread (RAYON_NUM_THREADS=1, TOKENIZERS_PARALLELISM=false), and inside Pyodide each model's
load (its compact form read, then the Tokenizer made) and the wasm memory once loaded, one fresh
Pyodide per model. `--spm` adds the SentencePiece models (toklab.sentencepiece) next to the
`sentencepiece` package (C++) on CPython, and inside Pyodide each model's load (the .model read, the
processor made, the lessons' table made) and the wasm memory once loaded, one fresh Pyodide per model.
Two corpora are built from files on this machine, the same bytes on every run:

    mix  (default) a third each of prose, code and CJK, interleaved file by file: the translated manual
         pages in /usr/share/man/<language>/ other than Chinese, Japanese and Korean (German, French,
         Russian, Ukrainian, Polish, ...: many scripts, with roff markup); the Python standard library's
         source (*.py); and the Chinese, Japanese and Korean manual pages, with the standard library's
         CJK codec test texts (test/cjkencodings/*-utf8.txt) when present. A source that runs out
         leaves its share to the others.
    man  the translated manual pages in every language, round robin, topped up with the standard
         library's source.

and five hold one script each, real text from pinned packages (bench/corpora.py): english (the Jargon
File, fortunes' quotations and poems), docs (the Python documentation's reST sources), japanese
(manpages-ja), chinese (classical: Tang and Song poems, the Analects, ...), python (the standard
library's source).

"cold" is a fresh encoding object (nothing cached), "warm" the same object again. Each figure is CPU
time of the process (what other work on a shared machine changes least), with the wall clock beside
it (bench/engine_figures.py). The Pyodide figures need a build (`python build.py`) and Node.
"""

import argparse
import gzip
import json
import os
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

os.environ["RAYON_NUM_THREADS"] = "1"  # before tokenizers is imported: one thread, as toklab
os.environ["TOKENIZERS_PARALLELISM"] = "false"
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py_src"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

import corpora  # noqa: E402
import engine_figures  # noqa: E402

MAN = Path("/usr/share/man")
CJK = ("zh_CN", "zh_TW", "ja", "ko")


def _man_pages() -> dict[str, list[Path]]:
    """Translated manual pages by language (sorted)."""
    by_lang: dict[str, list[Path]] = {}
    for page in sorted(MAN.glob("*/man*/*.gz")):
        if not page.parts[4].startswith("man"):  # translated pages only
            by_lang.setdefault(page.parts[4], []).append(page)
    return by_lang


def _round_robin(groups: list[list[Path]]) -> list[Path]:
    """One file from each group in turn, so every group is in even a short prefix."""
    queues = [list(g) for g in groups]
    out = []
    while any(queues):
        for q in queues:
            if q:
                out.append(q.pop(0))
    return out


def _read(path: Path) -> str:
    data = gzip.open(path).read() if path.suffix == ".gz" else path.read_bytes()
    return data.decode("utf-8", "replace")


def _fill(sources: dict[str, list[Path]], limit: int, shares: dict[str, int]) -> tuple[str, str]:
    """Take files from each source in turn until each has its share of `limit` bytes (or runs out), then
    let the sources that have files left fill what is missing."""
    parts, size, taken = [], 0, {name: 0 for name in sources}
    counts = {name: 0 for name in sources}
    queues = {name: list(files) for name, files in sources.items()}
    for pass_shares in (shares, {name: limit for name in sources}):
        while size < limit and any(queues[n] and taken[n] < pass_shares[n] for n in sources):
            for name in sources:
                if queues[name] and taken[name] < pass_shares[name] and size < limit:
                    text = _read(queues[name].pop(0))
                    parts.append(text)
                    n = len(text.encode())
                    size += n
                    taken[name] += n
                    counts[name] += 1
    text = "".join(parts).encode()[:limit].decode("utf-8", "ignore")
    return text, ", ".join(f"{name}: {counts[name]} files, {taken[name] / 1e6:.2f} MB" for name in sources)


def corpus(kind: str, megabytes: float) -> tuple[str, str]:
    """About `megabytes` MB of UTF-8 text and a description of where it came from."""
    if kind in corpora.HELD_OUT:
        return corpora.held_out(kind, megabytes)
    limit = int(megabytes * 1_000_000)
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    code = sorted(stdlib.glob("*.py"))
    by_lang = _man_pages()
    if kind == "man":
        return _fill({"man pages": _round_robin(list(by_lang.values())), "python-stdlib": code}, limit, {"man pages": limit, "python-stdlib": 0})
    prose = _round_robin([pages for lang, pages in by_lang.items() if lang not in CJK])
    cjk = _round_robin([by_lang.get(lang, []) for lang in CJK] + [sorted((stdlib / "test" / "cjkencodings").glob("*-utf8.txt"))])
    third = limit // 3
    return _fill({"prose": prose, "code": code, "cjk": cjk}, limit, {"prose": third, "code": third, "cjk": third})


def tiktoken_seconds(name: str, text: str) -> tuple[list[float], list[int]] | None:
    """[CPU s, wall s] of tiktoken's encode_ordinary on `text` (its table built offline), and its ids."""
    try:
        from oracles import tiktoken_encoding

        oracle = tiktoken_encoding(name)
    except (ImportError, FileNotFoundError):
        return None
    oracle.encode_ordinary("warm up")
    cpu, wall, ids = engine_figures.timed(oracle.encode_ordinary, text)
    return [cpu, wall], ids


def rate(mb: float, seconds: list[float]) -> str:
    return f"{mb / seconds[0]:6.2f} MB/s ({mb / seconds[1]:5.2f} wall)"


def cpython(text: str, names: list[str]) -> tuple[dict, dict]:
    """toklab's figures on CPython, and tiktoken's [CPU s, wall s] (None where tiktoken is missing)."""
    mb = len(text.encode()) / 1e6
    tiktoken = {name: tiktoken_seconds(name, text) for name in names}
    mine = engine_figures.figures(text, names)
    for name in names:
        row = mine[name]
        print(f"  {name}: {row['tokens']:,} tokens; load the table {row['load'][0] * 1000:.0f} ms CPU")
        if tiktoken[name]:
            t_tik, ids_tik = tiktoken[name]
            print(f"    tiktoken encode_ordinary       {rate(mb, t_tik)}")
            print(f"    same ids as tiktoken           {engine_figures.ids_digest(ids_tik) == row['ids_sha']}")
        for key in ("cold", "warm"):
            vs = f"   = 1/{row[key][0] / t_tik[0]:.2f} of tiktoken (CPU)" if tiktoken[name] else ""
            print(f"    toklab encode_ordinary, {key}   {rate(mb, row[key])}{vs}")
        if "trace" in row:
            print(f"    toklab trace (every step), cold {rate(mb, row['trace'])}   = {row['trace'][0] / row['cold'][0]:.1f}x the cold encode")
    return mine, {name: found[0] if found else None for name, found in tiktoken.items()}


def tokenizers_figures(name: str, text: str) -> dict | None:
    """HuggingFace tokenizers on model `name`'s own tokenizer.json: load, then encode by the fresh
    tokenizer (cold), reading that encoding's tokens and offsets (tokens_offsets: `tokenizers` makes
    those Python lists when they are read), and encode again (warm), [CPU s, wall s] each; None where
    tokenizers is missing."""
    try:
        import tokenizers

        from tools.models import tokenizer_json
    except ImportError:
        return None
    path = str(tokenizer_json(name))
    *load, tok = engine_figures.timed(tokenizers.Tokenizer.from_file, path)
    *cold, encoded = engine_figures.timed(tok.encode, text)
    read = list(engine_figures.timed(lambda e: (e.tokens, e.offsets), encoded)[:2])
    warm = list(engine_figures.timed(tok.encode, text)[:2])
    return {"load": load, "cold": cold, "tokens_offsets": read, "warm": warm,
            "ids_sha": engine_figures.ids_digest(encoded.ids), "tokens": len(encoded.ids)}  # fmt: skip


def ms(seconds: list[float]) -> str:
    return f"{seconds[0] * 1000:.0f} ms CPU ({seconds[1] * 1000:.0f} wall)"


def plus(a: list[float], b: list[float]) -> list[float]:
    return [a[0] + b[0], a[1] + b[1]]


def cpython_hf(text: str, models: list[str]) -> tuple[dict, dict]:
    """toklab.hf's figures and tokenizers' on CPython, one model at a time."""
    mb = len(text.encode()) / 1e6
    mine, theirs = {}, {}
    for name in models:
        ours = mine[name] = engine_figures.hf_figures(text, [name])[name]
        hf = theirs[name] = tokenizers_figures(name, text)
        print(f"  {name}: {ours['tokens']:,} tokens; load: compact form read {ms(ours['read'])}, Tokenizer {ms(ours['build'])}")
        if hf:
            print(f"    tokenizers Tokenizer.encode    {rate(mb, hf['cold'])} cold ({rate(mb, plus(hf['cold'], hf['tokens_offsets']))} with tokens "
                  f"and offsets read), {rate(mb, hf['warm'])} warm; load {ms(hf['load'])}")
            print(f"    same ids as tokenizers         {hf['ids_sha'] == ours['ids_sha']}")
        for key in ("cold", "warm"):
            vs = f"   = {hf[key][0] / ours[key][0]:.2f}x tokenizers' speed (CPU)" if hf else ""
            print(f"    toklab.hf encode, {key}        {rate(mb, ours[key])}{vs}")
        both, hf_both = plus(ours["cold"], ours["tokens_offsets"]), hf and plus(hf["cold"], hf["tokens_offsets"])
        vs = f"   = {hf_both[0] / both[0]:.2f}x tokenizers' speed (CPU)" if hf else ""
        print(f"    toklab.hf cold + tokens, offsets {rate(mb, both)}{vs}")
    return mine, theirs


def cpython_spm(text: str, models: list[str]) -> dict:
    """toklab.sentencepiece's figures and sentencepiece's (C++) on CPython, one model at a time."""
    mb = len(text.encode()) / 1e6
    mine = {}
    try:
        import sentencepiece
    except ImportError:
        sentencepiece = None
    lines = text.splitlines()
    for name in models:
        ours = mine[name] = engine_figures.spm_figures(text, [name])[name]
        print(f"  {name}: {ours['tokens']:,} tokens; load: .model read {ms(ours['read'])}, processor {ms(ours['build'])}, "
              f"the lessons' table {ms(ours['table'])}")
        if sentencepiece is not None:
            from toklab import spm_models

            data = spm_models.sentencepiece_path(name).read_bytes()
            *load, sp = engine_figures.timed(lambda: sentencepiece.SentencePieceProcessor(model_proto=data))
            *cold, ids = engine_figures.timed(sp.encode, lines)
            same = engine_figures.ids_digest([i for line in ids for i in line]) == ours["ids_sha"]
            print(f"    sentencepiece encode           {rate(mb, cold)}; load {ms(load)}; same ids {same}")
            print(f"    toklab.sentencepiece, cold     {rate(mb, ours['cold'])}   = {cold[0] / ours['cold'][0]:.2f}x sentencepiece's speed (CPU)")
        else:
            print(f"    toklab.sentencepiece, cold     {rate(mb, ours['cold'])}")
        print(f"    toklab.sentencepiece, warm     {rate(mb, ours['warm'])}")
    return mine


def pyodide_spm(text: str, models: list[str], mine: dict) -> None:
    """Each SentencePiece model in a fresh Pyodide: its load (read, processor, table), the wasm memory then, its encode."""
    for name in models:
        figures = run_pyodide(text, [], [], [name])
        if figures is None:
            return
        row, mb = figures["spm"][name], figures["mb"]
        wasm, boot = row["wasm_bytes"] / 2**20, figures["wasm_boot_bytes"] / 2**20
        print(f"  {name}: load: .model read {ms(row['read'])}, processor {ms(row['build'])}, the lessons' table {ms(row['table'])}; "
              f"wasm memory {wasm:.0f} MiB once loaded ({boot:.0f} MiB before); same ids as CPython {row['ids_sha'] == mine[name]['ids_sha']}")
        for key in ("cold", "warm"):
            print(f"    toklab.sentencepiece, {key}     {rate(mb, row[key])}   = {row[key][0] / mine[name][key][0]:.1f}x CPython's time")


def run_pyodide(text: str, names: list[str], models: list[str], spm: list[str] = ()) -> dict | None:
    """bench/pyodide_speed.mjs's figures, or None (said why) where it cannot run."""
    dist = ROOT / "dist"
    if not (dist / "wheels" / "manifest.json").is_file():
        print("pyodide: no dist/ (run `python build.py` first); skipped")
        return None
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "corpus.txt").write_text(text, encoding="utf-8")
        cmd = ["node", str(ROOT / "bench" / "pyodide_speed.mjs"), str(dist), tmp, ",".join(names), ",".join(models), ",".join(spm)]
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=3600)
        except FileNotFoundError:
            print("pyodide: node is not installed; skipped")
            return None
        except subprocess.CalledProcessError as exc:
            print("pyodide: the run failed:\n" + exc.stderr[-2000:])
            return None
        return json.loads(out.stdout.strip().splitlines()[-1])


def pyodide_hf(text: str, models: list[str], mine: dict, theirs: dict) -> None:
    """Each model in a fresh Pyodide: its load, the wasm memory then, and its encode."""
    for name in models:
        figures = run_pyodide(text, [], [name])
        if figures is None:
            return
        row, mb = figures["models"][name], figures["mb"]
        wasm = row["wasm_bytes"] / 2**20
        boot = figures["wasm_boot_bytes"] / 2**20
        print(f"  {name}: load: compact form read {ms(row['read'])}, Tokenizer {ms(row['build'])}; wasm memory "
              f"{wasm:.0f} MiB once loaded ({boot:.0f} MiB before); same ids as CPython {row['ids_sha'] == mine[name]['ids_sha']}")
        for key in ("cold", "warm"):
            vs = f", {theirs[name][key][0] / row[key][0]:.2f}x CPython tokenizers' speed" if theirs.get(name) else ""
            print(f"    toklab.hf encode, {key}        {rate(mb, row[key])}   = {row[key][0] / mine[name][key][0]:.1f}x CPython toklab.hf's time{vs}")
        both = plus(row["cold"], row["tokens_offsets"])
        vs = f", {plus(theirs[name]['cold'], theirs[name]['tokens_offsets'])[0] / both[0]:.2f}x CPython tokenizers' speed" if theirs.get(name) else ""
        print(f"    toklab.hf cold + tokens, offsets {rate(mb, both)}{vs}")


def pyodide(text: str, names: list[str], mine: dict, tiktoken: dict) -> None:
    figures = run_pyodide(text, names, [])
    if figures is None:
        return
    mb = figures["mb"]
    print(f"Pyodide {figures['python']} under Node {figures['node']} (boot {figures['boot_ms']:.0f} ms, install toklab {figures['install_ms']:.0f} ms):")
    for name in names:
        row = figures["encodings"][name]
        print(f"  {name}: load the table {row['load'][0] * 1000:.0f} ms CPU; same ids as CPython toklab {row['ids_sha'] == mine[name]['ids_sha']}")
        for key in ("cold", "warm"):
            vs = f", 1/{row[key][0] / tiktoken[name][0]:.2f} of CPython tiktoken" if tiktoken[name] else ""
            print(f"    encode_ordinary, {key}          {rate(mb, row[key])}   = {row[key][0] / mine[name][key][0]:.1f}x CPython toklab's time{vs}")
        if "trace" in row:
            print(f"    trace, cold                    {rate(mb, row['trace'])}   = {row['trace'][0] / row['cold'][0]:.1f}x the cold encode")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", choices=("mix", "man", *corpora.HELD_OUT), default="mix", help="which text (default mix)")
    parser.add_argument("--mb", type=float, default=5.0, help="corpus size in MB (default 5)")
    parser.add_argument("--encodings", default="r50k_base", help="comma-separated names (default r50k_base; \"\" for none)")
    parser.add_argument("--hf", default="", help="comma-separated open models (toklab.list_tokenizer_names())")
    parser.add_argument("--spm", default="", help="comma-separated SentencePiece models (llama2,mistral,unigram_en,unigram_ja)")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython figures only")
    args = parser.parse_args()
    names = [n for n in args.encodings.split(",") if n]
    models = [n for n in args.hf.split(",") if n]
    spm = [n for n in args.spm.split(",") if n]
    text, sources = corpus(args.corpus, args.mb)
    print(f"corpus {args.corpus}, {len(text.encode()) / 1e6:.2f} MB: {sources}")
    print(f"CPython {sys.version.split()[0]}:")
    mine, tiktoken = cpython(text, names)
    hf_mine, hf_theirs = cpython_hf(text, models)
    spm_mine = cpython_spm(text, spm)
    if not args.no_pyodide:
        if names:
            pyodide(text, names, mine, tiktoken)
        if models:
            print("Pyodide, one fresh interpreter per model:")
            pyodide_hf(text, models, hf_mine, hf_theirs)
        if spm:
            print("Pyodide, one fresh interpreter per SentencePiece model:")
            pyodide_spm(text, spm, spm_mine)


if __name__ == "__main__":
    main()
