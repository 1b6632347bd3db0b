"""From a token stream to training samples (textbook chapter 18.3.7).

What this adds over the tokenizers: what the model is trained on. Tokenize the whole text
into one stream of ids, cut windows of ``block_size + 1`` ids, and shift by one: the first
``block_size`` ids are the input ``x``, the last ``block_size`` the labels ``y``. At every
position t the model sees ``x[:t + 1]`` and must predict ``y[t]``, the next token.

    >>> r = make_samples([5, 6, 7, 8, 9], block_size=3, batch_size=1, offsets=[1])
    >>> r["windows"][0]["x"], r["windows"][0]["y"]
    ([6, 7, 8], [7, 8, 9])

Where the windows start (``mode``), decided on purpose:

* ``"random"`` (default): like the chapter's ``get_batch``, offsets drawn uniformly from
  ``0 .. len(ids) - block_size - 1`` (duplicates possible). The chapter draws them with
  torch's generator, which a browser cannot reproduce, so here they come from Python's
  ``random.Random(seed)``: the same ``seed`` always shows the same batch, on any machine,
  and the teacher can step to another batch by changing the seed.
* ``"sequential"``: windows side by side from ``start`` (offsets ``start``,
  ``start + block_size``, ...), the way one pass over the data walks the stream; each
  window's last label is the next window's first input. Fewer than ``batch_size`` windows
  when the stream runs out (``"truncated": true``).
* ``offsets=[...]`` shows exactly the windows asked for (e.g. the ones the chapter printed).
"""

from __future__ import annotations

import random

from toklab.errors import ToklabError, bad_choice

MODES = ("random", "sequential")


def window_offsets(n_ids: int, block_size: int, batch_size: int, mode: str = "random", seed: int = 0,
                   start: int = 0) -> list[int]:
    """Where each window starts.

    >>> window_offsets(20, 4, 3, mode="sequential", start=2)
    [2, 6, 10]
    >>> window_offsets(20, 4, 3, seed=1) == window_offsets(20, 4, 3, seed=1)
    True
    """
    last = n_ids - block_size - 1
    if mode == "random":
        rng = random.Random(seed)
        return [rng.randint(0, last) for _ in range(batch_size)]
    if mode == "sequential":
        return [o for o in range(start, start + batch_size * block_size, block_size) if 0 <= o <= last]
    raise bad_choice("mode", mode, MODES)


def make_samples(ids: list[int], block_size: int, batch_size: int, tokens: list[str] | None = None,
                 mode: str = "random", seed: int = 0, start: int = 0, offsets: list[int] | None = None) -> dict:
    """Training windows from a token stream. ``tokens`` (one per id; the ids' text when not given) are
    shown beside the ids. JSON-ready."""
    if tokens is None:
        tokens = [str(i) for i in ids]
    for field, value in (("block_size", block_size), ("batch_size", batch_size)):
        if value < 1:
            raise ToklabError("too_small", field=field, min=1)
    if len(tokens) != len(ids):
        raise ValueError(f"{len(tokens)} tokens given for {len(ids)} ids")
    if len(ids) < block_size + 1:
        raise ToklabError("stream_too_short", n_ids=len(ids), need=block_size + 1)
    last = len(ids) - block_size - 1
    if offsets is None:
        offsets = window_offsets(len(ids), block_size, batch_size, mode, seed, start)
        chosen_by = mode
    else:
        offsets = list(offsets)
        chosen_by = "offsets"
        bad = [o for o in offsets if not 0 <= o <= last]
        if bad:
            raise ValueError(f"offsets {bad} are outside 0..{last}")
    windows = [
        {"offset": o, "x": list(ids[o:o + block_size]), "y": list(ids[o + 1:o + block_size + 1]),
         "x_tokens": list(tokens[o:o + block_size]), "y_tokens": list(tokens[o + 1:o + block_size + 1])}
        for o in offsets
    ]
    return {
        "ids": list(ids), "tokens": list(tokens), "n_ids": len(ids), "block_size": block_size, "mode": chosen_by,
        "seed": seed if chosen_by == "random" else None, "max_offset": last, "offsets": offsets,
        "truncated": len(offsets) < batch_size, "windows": windows,
    }


def samples_for_text(text: str, block_size: int = 6, batch_size: int = 3, tokenizer: str = "toy_bpe",
                     bpe_vocab_size: int = 100, mode: str = "random", seed: int = 0, start: int = 0,
                     offsets: list[int] | None = None) -> dict:
    """Tokenize ``text`` (toy BPE trained on it, as in the chapter, or r50k), then ``make_samples``."""
    if tokenizer == "toy_bpe":
        from toklab.training import train_bpe_tokenizer

        bpe = train_bpe_tokenizer(text, vocab_size=bpe_vocab_size)
        ids = bpe.encode(text)
        tokens = bpe.lookup_tokens(ids)
        vocab_size = bpe.vocab_size
    elif tokenizer == "r50k":
        from toklab.registry import get_encoding

        enc = get_encoding("r50k_base")
        ids = enc.encode_ordinary(text)
        tokens = [enc.token(i) for i in ids]
        vocab_size = enc.n_vocab
    else:
        raise bad_choice("tokenizer", tokenizer, ("toy_bpe", "r50k"))
    return dict(make_samples(ids, block_size, batch_size, tokens, mode, seed, start, offsets), vocab_size=vocab_size)
