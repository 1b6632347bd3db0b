"""How long BPE training takes on a few hundred KB of text (prints figures, asserts nothing).

    PYTHONPATH=py_src python3 bench/bench_training.py [KB]

The text is made here (a fixed pseudo-random mix of English-like words and Chinese
characters), so the figures are comparable between runs and machines.
"""

import random
import sys
import time

from toklab.bytetrain import train_bytes
from toklab.training import train_toy


def make_text(kb: int, seed: int = 0) -> str:
    rng = random.Random(seed)
    syllables = ["ta", "ken", "iz", "at", "ion", "the", "re", "in", "er", "an", "on", "st", "ing", "ed", "s"]
    words = ["".join(rng.choice(syllables) for _ in range(rng.randint(1, 4))) for _ in range(3000)]
    hanzi = "我爱中国人很多北京是首都今天气真好的了在有这个上们来到时大地为子中你说生国年着就那和要她出也得里后"
    parts, size = [], 0
    while size < kb * 1024:
        if rng.random() < 0.8:
            w = rng.choice(words[: rng.randint(10, 3000)])
        else:
            w = "".join(rng.choice(hanzi) for _ in range(rng.randint(2, 12)))
        parts.append(w)
        size += len(w.encode("utf-8")) + 1
    return " ".join(parts)


def main() -> None:
    kb = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    text = make_text(kb)
    run_of_a = "a" * 200_000  # one piece whose tokens double in length: a, aa, aaaa, ... (17 merges)
    for name, corpus, run in [
        ("toy words, 1000 merges", text, lambda: train_toy(text, num_merges=1000)),
        ("toy lines, 1000 merges", text, lambda: train_toy(text.replace(" ", "\n", 5000), unit="lines",
                                                          num_merges=1000)),
        ("bytes, vocab 1256", text, lambda: train_bytes(text, vocab_size=1256)),
        ("200k 'a', chars", run_of_a, lambda: train_toy(run_of_a)),
        ("200k 'a', bytes", run_of_a, lambda: train_bytes(run_of_a)),
    ]:
        start = time.perf_counter()
        trace = run()
        took = time.perf_counter() - start
        print(f"{name:28s} {len(corpus.encode()) // 1024:5d} KB  {len(trace['merges']):5d} merges  "
              f"{took:6.2f} s  tables={trace['tables_shown']}")


if __name__ == "__main__":
    main()
