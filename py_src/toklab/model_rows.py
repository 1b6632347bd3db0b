"""One text through one model, counted as the models lesson lays it out (a row per model).

What adds over the encodings and toklab.hf: nothing about tokenizing. It counts what the notes' model
table compares: tokens, characters per token, the tokens that carry Chinese characters, the
vocabulary (every entry, added tokens included) and the embedding matrix it needs (vocabulary x
dimensions); and it says what a vocabulary is made of (`makeup`): added tokens, base symbols, merges.

Either kind of tokenizer goes in: an OpenAI table (`toklab.Encoding`) or a tokenizer.json one
(`toklab.hf.Tokenizer`). Their tokens are labelled the same way, as every other lesson labels them: the
token's text when its bytes are whole characters (blank ones as GPT-2 writes their bytes,
`toklab.facts.piece_label`), and part of a character as its bytes in hex (`E4 BB`, drawn dashed), with
the token as its vocabulary writes it (`ä»`, `<0xE4>`) in `forms`.

    >>> from toklab import get_encoding
    >>> row = encoding_row(get_encoding("r50k_base"), "今天 ok")
    >>> row["labels"], row["partial"], row["n_tokens"], row["n_han"], row["han_tokens"], row["vocab_size"]
    (['E4 BB', '8A', '天', 'Ġok'], [True, True, False, False], 4, 2, 3, 50257)
    >>> row["forms"]
    ['ä»', 'Ĭ', 'å¤©', 'Ġok']
"""

import re

from .bytes_unicode import from_printable
from .facts import piece_label
from .protocol import ITEM_LIMIT

__all__ = ["EMBEDDING_DIM", "encoding_row", "hf_row", "is_han", "makeup", "tokenizer_makeup"]

EMBEDDING_DIM = 768  # MiniMind's hidden size: the notes price every vocabulary at 768 numbers a row

# The CJK ideograph blocks (Unified, Extension A, Compatibility, Extensions B-F and the supplement).
_HAN = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x2FA1F), (0x30000, 0x323AF))


def is_han(ch: str) -> bool:
    """A Chinese character (a CJK ideograph); punctuation such as "，" and "。" is not.

    >>> [is_han(c) for c in "中，a𠀀"]
    [True, False, False, True]
    """
    o = ord(ch)
    return any(a <= o <= b for a, b in _HAN)


def _label(text: str | None, vocab_form: str, data: bytes | None = None) -> str:
    """The chip's label: the text when it is whole characters with a glyph each; part of a character
    (`text` None) as its bytes in hex when they are known; else the token as its vocabulary writes it
    (`Ġhello`, `▁hello`), a blank in it as GPT-2 writes its bytes.

    >>> _label("天", "å¤©"), _label(None, "ä»", b"\\xe4\\xbb"), _label(" hello", "▁hello"), _label("\\n", "\\n")
    ('天', 'E4 BB', '▁hello', 'Ċ')
    """
    if text and piece_label(text) == text:
        return text
    if text is None and data:
        return " ".join(f"{b:02X}" for b in data)
    return piece_label(vocab_form)


_BYTE_TOKEN = re.compile(r"<0x([0-9A-Fa-f]{2})>")


def _hf_bytes(token: str) -> bytes | None:
    """The bytes a tokenizer.json token stands for when it is part of a character: a byte-fallback
    token (`<0xE4>`) or bytes in GPT-2's printable form (`ä»`); None for anything else.

    >>> _hf_bytes("<0xE4>"), _hf_bytes("ä»"), _hf_bytes("▁")
    (b'\\xe4', b'\\xe4\\xbb', None)
    """
    found = _BYTE_TOKEN.fullmatch(token)
    if found:
        return bytes([int(found.group(1), 16)])
    try:
        return from_printable(token)
    except ValueError:
        return None


def _row(ids, chips, n_tokens, han_tokens, text, vocab_size, dim) -> dict:
    """chips: (label, partial, form) of each token, the first ITEM_LIMIT at least."""
    n_chars = len(text)
    n_han = sum(1 for ch in text if is_han(ch))
    chips = chips[:ITEM_LIMIT]
    return {
        "ids": ids[:ITEM_LIMIT],
        "labels": [c[0] for c in chips],
        "partial": [c[1] for c in chips],
        "forms": [c[2] for c in chips],
        "n_tokens": n_tokens,
        "n_chars": n_chars,
        "n_han": n_han,
        "han_tokens": han_tokens,
        "chars_per_token": n_chars / n_tokens if n_tokens else None,
        "tokens_per_han": han_tokens / n_han if n_han else None,
        "vocab_size": vocab_size,
        "dim": dim,
        "embedding": vocab_size * dim,
    }


def encoding_row(enc, text: str, dim: int = EMBEDDING_DIM) -> dict:
    """An OpenAI table's row: `encode_ordinary` (no special token), each token's bytes from the table.

    `han_tokens` counts the tokens whose bytes overlap a Chinese character's bytes. `vocab_size`: the
    rows an embedding needs, the largest id + 1 (`n_vocab`). cl100k and o200k leave ids unused below their
    special tokens, so it is more than their entries: cl100k's 100,261 entries reach id 100,276.
    """
    ids = enc.encode_ordinary(text)
    owner = []  # the character each UTF-8 byte of the text belongs to
    for i, ch in enumerate(text):
        owner += [i] * len(ch.encode("utf-8", "surrogatepass"))
    chips, han_tokens, at = [], 0, 0
    for token_id in ids:
        data = enc.decode_single_token_bytes(token_id)
        chars = {owner[b] for b in range(at, at + len(data))}
        at += len(data)
        han_tokens += any(is_han(text[c]) for c in chars)
        try:
            whole = data.decode("utf-8")
        except UnicodeDecodeError:
            whole = None
        form = enc.token(token_id)  # GPT-2's printable form: Ġ for a space
        chips.append((_label(whole, form, data), whole is None, form))
    return _row(ids, chips, len(ids), han_tokens, text, enc.n_vocab, dim)


def hf_row(tok, text: str, dim: int = EMBEDDING_DIM) -> dict:
    """A tokenizer.json model's row: `encode(text, add_special_tokens=False)`, as the page's rows compare
    the text's own tokens (Gemma's <bos> left out). `han_tokens` counts the tokens whose offsets cover a
    Chinese character; `vocab_size` is `get_vocab_size(with_added_tokens=True)`."""
    enc = tok.encode(text, add_special_tokens=False)
    chips, han_tokens = [], 0
    for token_id, token, (s, e) in zip(enc.ids, enc.tokens, enc.offsets):
        han_tokens += any(is_han(ch) for ch in text[s:e])
        if len(chips) < ITEM_LIMIT:
            decoded = tok.decode([token_id], skip_special_tokens=False)
            whole = None if "\ufffd" in decoded and "\ufffd" not in text[s:e] else decoded
            data = _hf_bytes(token) if whole is None else None
            chips.append((_label(whole, token, data), whole is None and data is not None, token))
    return _row(enc.ids, chips, len(enc.ids), han_tokens, text, tok.get_vocab_size(with_added_tokens=True), dim)


def makeup(config: dict) -> dict:
    """What a tokenizer.json's vocabulary is made of: the added tokens (how many are special, their id
    range), the base symbols (vocabulary entries no merge made: MiniMind's 256 bytes), and the merges,
    each making one token. `total` is every entry, added tokens included.

    >>> makeup({"model": {"vocab": {"<s>": 0, "a": 1, "b": 2, "ab": 3}, "merges": [["a", "b"]]},
    ...         "added_tokens": [{"id": 0, "content": "<s>", "special": True}]})
    {'added': 1, 'special': 1, 'added_first': 0, 'added_last': 0, 'base': 2, 'merges': 1, 'merged': 1, 'total': 4}
    """
    merges = config["model"].get("merges") or []
    made = {(m[0] + m[1]) if isinstance(m, (list, tuple)) else m.replace(" ", "", 1) for m in merges}
    added = [(t["id"], t["content"], bool(t.get("special"))) for t in config.get("added_tokens") or []]
    return _counted(config["model"]["vocab"], made, len(merges), added)


def tokenizer_makeup(tok) -> dict:
    """`makeup` of a toklab.hf Tokenizer already loaded, read from its model's own tables: the same counts
    as `makeup(tok.to_config())` without writing the file out (for Gemma 3 that built 514,906 merge lists
    and kept its merges a second time, as 514,906 pairs, for as long as the model lives). A model with
    no merges table of its own (Unigram, WordPiece), or one that adds a prefix to symbols, is counted
    from its config.

    >>> from toklab.hf import Tokenizer
    >>> tok = Tokenizer.from_config({"model": {"type": "BPE", "vocab": {"<s>": 0, "a": 1, "b": 2, "ab": 3},
    ...     "merges": [["a", "b"]]}, "added_tokens": [{"id": 0, "content": "<s>", "special": True}]})
    >>> tokenizer_makeup(tok) == makeup(tok.to_config())
    True
    """
    added = [(i, t.content, t.special) for i, t in sorted(tok.get_added_tokens_decoder().items())]
    made_ids = getattr(tok.model, "made_ids", None)
    found = made_ids() if made_ids is not None else None
    if found is not None:  # a compact vocabulary (one token per id): counted by id, no token string made
        return _counted_by_id(tok.model.vocab, found[0], found[1], added)
    made = getattr(tok.model, "made_tokens", None)
    found = made() if made is not None else None
    if found is None:
        return makeup(tok.to_config())
    return _counted(tok.model.vocab, found[0], found[1], added)


def _counts(added: list[tuple[int, str, bool]], base: int, merged: int, n_merges: int, total: int) -> dict:
    """The make-up's fields: `added` as (id, content, special); the other counts as the caller found them."""
    ids = [i for i, _, _ in added]
    return {
        "added": len(added),
        "special": sum(1 for _, _, special in added if special),
        "added_first": min(ids) if ids else None,
        "added_last": max(ids) if ids else None,
        "base": base,
        "merges": n_merges,
        "merged": merged,
        "total": total,
    }


def _counted_by_id(vocab, made_ids: set, n_merges: int, added: list[tuple[int, str, bool]]) -> dict:
    """`_counted` where each token of `vocab` has an id of its own and `made_ids` are the ids merges make."""
    added_contents = {content for _, content, _ in added}
    added_in_vocab = {i for i in map(vocab.get, added_contents) if i is not None}
    merged = len(made_ids - added_in_vocab)
    return _counts(added, len(vocab) - len(added_in_vocab) - merged, merged, n_merges,
                   len(vocab) + len(added_contents) - len(added_in_vocab))


def _counted(vocab: dict, made: set, n_merges: int, added: list[tuple[int, str, bool]]) -> dict:
    """The make-up's counts: `added` as (id, content, special)."""
    added_contents = {content for _, content, _ in added}
    plain = [t for t in vocab if t not in added_contents]
    return _counts(added, sum(1 for t in plain if t not in made), sum(1 for t in plain if t in made), n_merges,
                   len(vocab) + sum(1 for content in added_contents if content not in vocab))
