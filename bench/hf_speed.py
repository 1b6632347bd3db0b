"""toklab.hf next to HuggingFace `tokenizers` on CPython: `Tokenizer.encode` of one text, one thread.

    python bench/hf_speed.py [--mb 1] [--models minimind,qwen3,deepseek_v3,llama3,gemma3]

Prints figures, asserts nothing. The text is bench/engine_speed.py's multi-script mix (prose, code, CJK).
Each figure is the process's CPU time (what other work on a shared machine changes least): `tokenizers`
with RAYON_NUM_THREADS=1; toklab.hf "cold" is a freshly loaded tokenizer (no piece cached), "warm" the
same one again. "+ read" is encode and then reading the encoding's tokens and offsets as Python lists
(both libraries make those lists only when they are read: `tokenizers` from its Rust vectors, toklab.hf
from its per-piece cache). Load is the time to read tokenizer.json into a tokenizer.
"""

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("RAYON_NUM_THREADS", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py_src"))
sys.path.insert(0, str(ROOT / "bench"))

from engine_speed import corpus  # noqa: E402


def cpu(fn):
    t = time.process_time()
    out = fn()
    return time.process_time() - t, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=1.0)
    parser.add_argument("--models", default="minimind,qwen3,deepseek_v3,llama3,gemma3")
    args = parser.parse_args()
    import tokenizers

    from tools.models import tokenizer_json
    from toklab.hf import Tokenizer

    text, sources = corpus("mix", args.mb)
    mb = len(text.encode()) / 1e6
    print(f"corpus mix, {mb:.2f} MB: {sources}")
    for name in args.models.split(","):
        path = tokenizer_json(name)
        load_o, oracle = cpu(lambda: tokenizers.Tokenizer.from_file(str(path)))
        load_m, mine = cpu(lambda: Tokenizer.from_file(path))
        t_o, want = cpu(lambda: oracle.encode(text))
        fresh = tokenizers.Tokenizer.from_file(str(path))  # cold again
        t_o_read, _ = cpu(lambda: (lambda e: (e.tokens, e.offsets))(fresh.encode(text)))
        t_cold, got = cpu(lambda: mine.encode(text))
        t_read, _ = cpu(lambda: (got.tokens, got.offsets))
        t_warm, _ = cpu(lambda: mine.encode(text))
        same = got.ids == want.ids and got.offsets == want.offsets and got.tokens == want.tokens
        print(f"{name:12} tokenizers {mb / t_o:5.2f} MB/s ({mb / t_o_read:5.2f} + read)   toklab.hf cold {mb / t_cold:5.2f} MB/s "
              f"({mb / (t_cold + t_read):5.2f} + read), warm {mb / t_warm:5.2f} MB/s   ({t_o / t_cold:.2f}x cold, "
              f"{t_o_read / (t_cold + t_read):.2f}x + read)   load {load_o:.2f} s / {load_m:.2f} s   same ids, tokens, offsets: {same}")


if __name__ == "__main__":
    main()
