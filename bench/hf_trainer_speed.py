"""toklab.hf's BpeTrainer against tokenizers' BpeTrainer, one thread, MiniMind's set-up (prints figures).

    PYTHONPATH=py_src python bench/hf_trainer_speed.py [--mb 2.5] [--vocab 6400] [--corpus FILE ...]

With --corpus, the files joined are the corpus (the page's mixed one: dist/corpora/poems.txt
dist/corpora/prose.txt, 3 MB). Otherwise the corpus is real text found on this machine, the same mix as bench/engine_speed.py (man pages in many
languages, CJK among them, and CPython's standard library), one line a sequence, trained through
`Tokenizer.train_from_iterator` as MiniMind's train_tokenizer.py does. Each trainer runs in its
own process (tokenizers with RAYON_NUM_THREADS=1), so its peak memory (max RSS) is its own: the process's
peak, Python and the corpus included. Times are CPU seconds (wall in brackets: the machine is shared).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"] + [f"<|buffer{i}|>" for i in range(1, 34)]  # 36, as MiniMind


def _clock():
    return time.process_time(), time.perf_counter()


def _since(start):
    cpu, wall = _clock()
    return [cpu - start[0], wall - start[1]]


def run(lib, texts: list[str], vocab_size: int) -> dict:
    """MiniMind's calls with `lib` (tokenizers or toklab.hf): train, and the trained vocab and merges."""
    tok = lib.Tokenizer(lib.models.BPE())
    tok.pre_tokenizer = lib.pre_tokenizers.ByteLevel(add_prefix_space=False)
    trainer = lib.trainers.BpeTrainer(vocab_size=vocab_size, show_progress=False, special_tokens=SPECIALS,
                                      initial_alphabet=lib.pre_tokenizers.ByteLevel.alphabet())
    start = _clock()
    tok.train_from_iterator(texts, trainer=trainer)
    took = _since(start)
    model = json.loads(tok.to_str())["model"]
    return {"total": took, "vocab": model["vocab"], "merges": [list(m) for m in model["merges"]]}


def child(which: str, corpus: str, vocab_size: int) -> None:
    if which == "tokenizers":
        os.environ["RAYON_NUM_THREADS"] = "1"
        import tokenizers as lib
    else:
        import toklab.hf as lib
    texts = Path(corpus).read_text(encoding="utf-8").splitlines()
    result = run(lib, texts, vocab_size)
    result["max_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(result, ensure_ascii=False))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=2.5)
    parser.add_argument("--vocab", type=int, default=6400)
    parser.add_argument("--corpus", nargs="+", type=Path, help="text files joined as the corpus")
    parser.add_argument("--child", nargs=2, metavar=("WHICH", "CORPUS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], args.child[1], args.vocab)
        return
    import engine_speed

    if args.corpus:
        text = "".join(path.read_text(encoding="utf-8") for path in args.corpus)
        sources = ", ".join(path.name for path in args.corpus)
    else:
        text, sources = engine_speed.corpus("mix", args.mb)
    print(f"corpus: {len(text.encode()) / 1e6:.2f} MB, {text.count(chr(10)) + 1:,} lines ({sources})")
    print(f"vocab_size {args.vocab}, {len(SPECIALS)} special tokens, the 256 bytes as initial_alphabet")
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "corpus.txt"
        path.write_text(text, encoding="utf-8")
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE.parent / "py_src"), os.environ.get("PYTHONPATH", "")]))
        for which in ("tokenizers", "toklab"):
            out = subprocess.run([sys.executable, __file__, "--vocab", str(args.vocab), "--child", which, str(path)],
                                 capture_output=True, text=True, check=True, env=env)
            results[which] = json.loads(out.stdout.strip().splitlines()[-1])
    hf, mine = results["tokenizers"], results["toklab"]
    print(f"tokenizers {hf['total'][0]:6.2f} s CPU ({hf['total'][1]:.2f} wall)   max RSS {hf['max_rss_mb']:5.0f} MB")
    print(f"toklab.hf  {mine['total'][0]:6.2f} s CPU ({mine['total'][1]:.2f} wall)   max RSS {mine['max_rss_mb']:5.0f} MB")
    print(f"toklab / tokenizers: {mine['total'][0] / hf['total'][0]:.2f}x CPU")
    print(f"same vocab: {mine['vocab'] == hf['vocab']}; same merges in the same order: {mine['merges'] == hf['merges']} "
          f"({len(mine['merges']):,} merges)")


if __name__ == "__main__":
    main()
