"""How far toklab.hf's WordLevel, WordPiece and Unigram trainers agree with tokenizers' (prints figures).

    PYTHONPATH=py_src python bench/hf_trainers_agree.py [--mb 0.2] [--kinds english chinese docs]

Each kind of bench/corpora.py's held-out text (pinned packages, fetched once and cached) is cut in two:
the first `--mb` megabytes train, the next `--mb` are held out. Each trainer runs through
`Tokenizer.train_from_iterator` in both libraries, one line a sequence, with the course's set-ups
(WordLevel and WordPiece behind BertNormalizer and BertPreTokenizer, Unigram behind Metaspace). Printed:
WordLevel's vocabulary equal, ids included; WordPiece's shared share of each of three tokenizers runs
(tokenizers varies) and whether toklab's is the same twice; Unigram's pieces shared, and the held-out
lines segmented alike by the two trained models (tokenizers' encoder on each, so only the training
differs). Times are CPU seconds of this process (tokenizers on RAYON_NUM_THREADS=1); the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("RAYON_NUM_THREADS", "1")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import corpora  # noqa: E402
import tokenizers  # noqa: E402

import toklab.hf  # noqa: E402

SPECIALS = ["[UNK]", "[PAD]", "[CLS]", "[SEP]", "[MASK]"]


def bert_like(lib, model, trainer, lines):
    tok = lib.Tokenizer(model)
    tok.normalizer = lib.normalizers.BertNormalizer(lowercase=True)
    tok.pre_tokenizer = lib.pre_tokenizers.BertPreTokenizer()
    start = time.process_time()
    tok.train_from_iterator(lines, trainer=trainer)
    return tok, time.process_time() - start


def unigram_like(lib, lines, vocab_size):
    tok = lib.Tokenizer(lib.models.Unigram())
    tok.pre_tokenizer = lib.pre_tokenizers.Metaspace()
    trainer = lib.trainers.UnigramTrainer(vocab_size=vocab_size, special_tokens=["<unk>"], unk_token="<unk>",
                                          show_progress=False)
    start = time.process_time()
    tok.train_from_iterator(lines, trainer=trainer)
    return tok, time.process_time() - start


def model_vocab(tok) -> dict | list:
    return json.loads(tok.to_str())["model"]["vocab"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mb", type=float, default=0.2, help="megabytes to train on, and as many held out")
    parser.add_argument("--kinds", nargs="+", default=["english", "chinese", "docs"], choices=sorted(corpora.HELD_OUT))
    parser.add_argument("--vocab", type=int, default=4000)
    args = parser.parse_args()
    for kind in args.kinds:
        text, source = corpora.held_out(kind, 2 * args.mb)
        cut = len(text) // 2
        train = [line for line in text[:cut].splitlines() if line.strip()]
        held = [line for line in text[cut:].splitlines() if line.strip()]
        print(f"{kind}: {source}; {len(train)} lines train, {len(held)} held out")

        def wordlevel(lib):
            return bert_like(lib, lib.models.WordLevel(unk_token="[UNK]"),
                             lib.trainers.WordLevelTrainer(vocab_size=args.vocab, special_tokens=SPECIALS,
                                                           show_progress=False), train)

        (mine, t_mine), (theirs, t_theirs) = wordlevel(toklab.hf), wordlevel(tokenizers)
        print(f"  WordLevel  vocabulary equal, ids included: {model_vocab(mine) == model_vocab(theirs)}"
              f"   ({len(model_vocab(mine))} tokens; {t_mine:.2f} s, tokenizers {t_theirs:.2f} s)")

        def wordpiece(lib):
            return bert_like(lib, lib.models.WordPiece(unk_token="[UNK]"),
                             lib.trainers.WordPieceTrainer(vocab_size=args.vocab, special_tokens=SPECIALS,
                                                           show_progress=False), train)

        (mine, t_mine), (again, _) = wordpiece(toklab.hf), wordpiece(toklab.hf)
        shares = []
        for _ in range(3):
            theirs, t_theirs = wordpiece(tokenizers)
            want = model_vocab(theirs)
            shares.append(len(model_vocab(mine).keys() & want.keys()) / len(want))
        print(f"  WordPiece  shares {min(shares):.1%} to {max(shares):.1%} of three tokenizers runs; "
              f"the same twice: {model_vocab(mine) == model_vocab(again)}   ({t_mine:.2f} s, tokenizers {t_theirs:.2f} s)")

        (mine, t_mine), (theirs, t_theirs) = unigram_like(toklab.hf, train, args.vocab), unigram_like(tokenizers, train, args.vocab)
        pieces, want = model_vocab(mine), model_vocab(theirs)
        shared = len({p for p, _ in pieces} & {p for p, _ in want}) / len(want)
        ours = tokenizers.Tokenizer.from_str(mine.to_str())  # toklab's pieces in tokenizers' encoder
        same = sum(ours.encode(line).tokens == theirs.encode(line).tokens for line in held)
        print(f"  Unigram    {shared:.1%} of the pieces shared; held-out lines segmented alike: {same / len(held):.1%}"
              f"   ({t_mine:.2f} s, tokenizers {t_theirs:.2f} s)")


if __name__ == "__main__":
    main()
