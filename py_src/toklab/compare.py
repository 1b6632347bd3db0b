"""One text, four tokenizers side by side: characters, words, a toy BPE, GPT-2 (r50k).

What this adds over the single tokenizers: the trade-off of the textbook chapter (18.3.6)
in numbers. For each tokenizer: the tokens, how many (T), the vocabulary size (V), how many
tokens are unknown, and two costs that pull in opposite directions:

* attention compares every token with every other one: about ``T * T`` per layer;
* the output layer scores every vocabulary entry at every position: ``V`` logits per
  token, ``T * V`` for the whole text.

A larger vocabulary gives shorter sequences (cheaper attention) but a larger output layer;
a smaller one the reverse. Each cost is also given relative to the characters tokenizer,
the chapter's starting point (``None`` when that cost is 0).

The characters, words and toy BPE tokenizers are trained on ``corpus`` (the text itself
when no corpus is given), so tokens the corpus never showed come out as ``<unk>``. r50k is
GPT-2's fixed table: byte-level, nothing is ever unknown; its tokens are in GPT-2's
printable form (``Ġ`` is a space), like the ``tokens`` of the r50k trace.
"""

from __future__ import annotations

from toklab.chars import CharacterTokenizer
from toklab.errors import ToklabError
from toklab.training import train_bpe_tokenizer
from toklab.words import WordTokenizer


def costs(n_tokens: int, vocab_size: int) -> dict:
    """The two costs of one tokenization: attention (T * T) and the output layer's logits per token (V).

    >>> costs(26, 19)
    {'attention': 676, 'output_per_token': 19}
    """
    return {"attention": n_tokens * n_tokens, "output_per_token": vocab_size}


def relative(value: int, base: int) -> float | None:
    """``value / base``, or None when the base is 0.

    >>> relative(12, 4), relative(3, 0)
    (3.0, None)
    """
    return value / base if base else None


def table_row(name: str, tokens: list[str], ids: list[int], vocab_size: int, unk_id: int | None,
              token_texts: list[str] | None = None) -> dict:
    """One tokenizer's entry (costs relative to the baseline are added by ``compare``).

    >>> table_row("words", ["hi", "<unk>"], [3, 0], 4, 0)["unknown"]
    ['<unk>']
    """
    unknown = [t for t, i in zip(tokens, ids) if i == unk_id]
    return {
        "name": name, "tokens": tokens, "ids": ids, "n_tokens": len(ids), "vocab_size": vocab_size,
        "n_unknown": len(unknown), "unknown": unknown, "costs": costs(len(ids), vocab_size),
        "token_texts": token_texts,
    }


def r50k_row(text: str) -> dict:
    from toklab.registry import get_encoding

    enc = get_encoding("r50k_base")
    ids = enc.encode_ordinary(text)
    texts = [enc.decode_single_token_bytes(i).decode("utf-8", "replace") for i in ids]
    return table_row("r50k", [enc.token(i) for i in ids], ids, enc.n_vocab, None, texts)


def compare(text: str, corpus: str | None = None, bpe_vocab_size: int = 100, min_frequency: int = 2,
            include_r50k: bool = True) -> dict:
    """The four tokenizers on ``text``. JSON-ready.

    >>> r = compare("I don't like tokenization.", corpus="Here is a simple example of tokenization.",
    ...             bpe_vocab_size=20, include_r50k=False)
    >>> [(t["name"], t["n_tokens"], t["vocab_size"], t["n_unknown"]) for t in r["tokenizers"]]
    [('characters', 26, 19, 3), ('words', 4, 8, 3), ('toy_bpe', 26, 20, 3)]
    """
    if bpe_vocab_size < 1:
        raise ToklabError("too_small", field="bpe_vocab_size", min=1)
    train_on = text if corpus is None else corpus
    char = CharacterTokenizer().train(train_on)
    word = WordTokenizer().train(train_on)
    bpe = train_bpe_tokenizer(train_on, vocab_size=bpe_vocab_size, min_frequency=min_frequency)
    rows = [
        table_row("characters", char.split(text), char.encode(text), char.vocab_size, char.unk_id),
        table_row("words", word.split(text), word.encode(text), word.vocab_size, word.unk_id),
        table_row("toy_bpe", bpe.split(text), bpe.encode(text), bpe.vocab_size, bpe.unk_id),
    ]
    if include_r50k:
        rows.append(r50k_row(text))
    base = rows[0]["costs"]
    for row in rows:
        row["relative"] = {key: relative(row["costs"][key], base[key]) for key in base}
    return {"tokenizers": rows}
