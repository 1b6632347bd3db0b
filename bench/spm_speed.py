"""toklab.sentencepiece next to the `sentencepiece` package (C++) on CPython: load and encode.

    python bench/spm_speed.py [--kb 200] [--models llama2,mistral,unigram_en,unigram_ja]

Prints figures, asserts nothing. The text is held out from every model: the train lesson's shipped
corpora (English prose of the State of the Union addresses, Chinese verse) and Python's own source, a
third each, cut into lines (SentencePiece encodes a text whole, so a line is what a caller would pass).
Each figure is the process's CPU time. Load is the time to read the .model file into a processor;
encode is `encode(lines)` of all the lines; the ids are compared, and a difference is printed.
"""

import argparse
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py_src"))


def cpu(fn):
    t = time.process_time()
    out = fn()
    return time.process_time() - t, out


def held_out(kb: float) -> list[str]:
    from tools.corpora import _poems, _prose

    third = int(kb * 1000 / 3)
    code = "".join(p.read_text(encoding="utf-8", errors="replace") for p in sorted(Path(sysconfig.get_paths()["stdlib"]).glob("*.py"))[:40])
    parts = [_prose()["text"], _poems()["text"], code]
    return [line for part in parts for line in part.encode()[:third].decode("utf-8", "ignore").splitlines()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", type=float, default=200.0)
    parser.add_argument("--models", default="llama2,mistral,unigram_en,unigram_ja")
    args = parser.parse_args()
    import sentencepiece

    from tools.spm_models import model_file
    from toklab.sentencepiece import SentencePieceProcessor

    lines = held_out(args.kb)
    size = sum(len(line.encode()) for line in lines)
    print(f"{len(lines):,} lines, {size / 1000:.0f} kB (prose, Chinese verse, Python source)")
    print(f"{'model':<12} {'load toklab':>12} {'load spm':>10} {'encode toklab':>14} {'encode spm':>11} {'ratio':>7}  toklab kB/s")
    for name in args.models.split(","):
        data = model_file(name).read_bytes()
        load_ours, ours = cpu(lambda: SentencePieceProcessor(model_proto=data))
        load_theirs, theirs = cpu(lambda: sentencepiece.SentencePieceProcessor(model_proto=data))
        enc_ours, ids_ours = cpu(lambda: ours.encode(lines))
        enc_theirs, ids_theirs = cpu(lambda: theirs.encode(lines))
        ratio = enc_ours / enc_theirs if enc_theirs else float("inf")
        print(f"{name:<12} {load_ours:>11.3f}s {load_theirs:>9.3f}s {enc_ours:>13.2f}s {enc_theirs:>10.3f}s {ratio:>6.0f}x  {size / 1000 / enc_ours:>8.0f}")
        if ids_ours != ids_theirs:
            print(f"  {name}: {sum(a != b for a, b in zip(ids_ours, ids_theirs))} lines differ from sentencepiece")


if __name__ == "__main__":
    main()
