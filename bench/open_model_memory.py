"""Each open model's memory and time on CPython, as the models lesson loads it (issue 39). Prints figures;
asserts nothing.

    .venv/bin/python bench/open_model_memory.py [--models qwen3,deepseek_v3,llama3,gemma3] [--mb 1] [--src DIR]

Each model in a process of its own: MiniMind's row first (the imports and a small table), then the model's
`model_row` request; its resident memory (RSS, /proc) kept after a collection and at its peak, over what
the process had before; then, on the same tokenizer, the CPU seconds of a cold encode of `--mb` MB of
bench/engine_speed.py's mix (no piece cached), of reading its tokens and offsets, and of the same encode
warm. `--src` is another checkout to measure (its py_src), e.g. a worktree of main, for a before/after on
the same machine.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MiB = 2**20

CHILD = r"""
import gc, json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from toklab import webapi
name, text = sys.argv[2], open(sys.argv[3], encoding="utf-8").read()
rss = lambda: int(open("/proc/self/statm").read().split()[1]) * 4096
webapi.handle("model_row", json.dumps({"text": "你好 hello", "encoding": "minimind"}))
gc.collect(); before = rss()
t = time.process_time()
webapi.handle("model_row", json.dumps({"text": "我们用 Python 写代码，tokenizer 把文字切成 token。", "encoding": name}))
load = time.process_time() - t
gc.collect(); kept = rss(); peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
from toklab import registry
tok = registry.get_tokenizer(name)
t = time.process_time(); enc = tok.encode(text); cold = time.process_time() - t
t = time.process_time(); enc.tokens, enc.offsets; read = time.process_time() - t
t = time.process_time(); tok.encode(text); warm = time.process_time() - t
print(json.dumps({"kept": kept - before, "peak": max(peak, kept) - before, "load": load, "cold": cold, "read": read,
                  "warm": warm, "tokens": len(enc.ids)}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default="qwen3,deepseek_v3,llama3,gemma3")
    parser.add_argument("--mb", type=float, default=1.0)
    parser.add_argument("--src", type=Path, default=ROOT, help="the checkout whose py_src is measured")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "bench"))
    sys.path.insert(0, str(ROOT))
    from engine_speed import corpus

    text, where = corpus("mix", args.mb)
    path = Path("/tmp") / f"toklab-open-model-memory-{args.mb}.txt"
    path.write_text(text, encoding="utf-8")
    print(f"{args.src / 'py_src'}; {len(text):,} characters ({where}); load average {open('/proc/loadavg').read().split()[:3]}")
    print("model          RSS kept MiB   peak MiB   row (load) s   cold s   + read s   warm s   tokens")
    for name in args.models.split(","):
        out = subprocess.run([sys.executable, "-c", CHILD, str(args.src / "py_src"), name, str(path)],
                             capture_output=True, text=True, check=True).stdout
        got = json.loads(out.strip().splitlines()[-1])
        print(f"{name:13s} {got['kept'] / MiB:12.1f} {got['peak'] / MiB:10.1f} {got['load']:14.2f} {got['cold']:8.2f} "
              f"{got['read']:10.2f} {got['warm']:8.2f}   {got['tokens']:,}")


if __name__ == "__main__":
    main()
