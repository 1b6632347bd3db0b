"""The byte facts the page draws, said by the engine: each token's byte span inside its piece, the
characters it stands for when its bytes are whole UTF-8 characters, and how the pieces strip writes a
piece. What adds over the encodings: nothing new about tokenizing; only that the page never re-derives a
tokenizer fact (GPT-2's byte table, "one printable character per byte") that another table breaks.

A token's span comes from its own bytes (`decode_single_token_bytes`), never from the length of its
printable form, so a table that writes a byte as `<0xE4>` or a space as `▁` still gets true spans.

    >>> from toklab import get_encoding
    >>> enc = get_encoding("r50k_base")
    >>> piece = enc.pieces("今天")[0]
    >>> piece["tokens"], token_spans(enc, piece), token_texts(piece, token_spans(enc, piece))
    (['ä»', 'Ĭ', 'å¤©'], [[0, 2], [2, 3], [3, 6]], [None, None, '天'])
    >>> piece_label(" the"), piece_label("\\n\\n"), piece_label("\\u00a0"), piece_label("今天")
    ('Ġthe', 'ĊĊ', 'Âł', '今天')
"""

import unicodedata

from .bytes_unicode import from_printable, to_printable

__all__ = ["piece_facts", "piece_label", "start_spans", "token_spans", "token_text", "token_texts"]


def _blank_or_control(ch: str) -> bool:
    """Whitespace or a control character (or a lone surrogate): always given a stand-in."""
    return ch.isspace() or unicodedata.category(ch) in ("Cc", "Cs", "Zs", "Zl", "Zp")


def _no_glyph(ch: str) -> bool:
    """Drawn as nothing: blank, control, or a format or private-use character."""
    return _blank_or_control(ch) or unicodedata.category(ch) in ("Cf", "Co")


def piece_label(text: str) -> str:
    """How the encode lesson's pieces strip writes a piece: a character without a glyph as GPT-2's
    table writes its bytes, other characters as they are. A format character inside a longer piece
    stays (it shapes its neighbours: the joiners of 👨‍👩‍👧); on its own it is written as its bytes. A lone
    surrogate, which has no bytes, is written U+XXXX.

    >>> piece_label("\\u200b"), piece_label("a\\u200db"), piece_label("\\t"), piece_label("\\ud800")
    ('âĢĭ', 'a\\u200db', 'ĉ', 'U+D800')
    """
    alone = len(text) == 1
    out = []
    for ch in text:
        if unicodedata.category(ch) == "Cs":
            out.append(f"U+{ord(ch):04X}")
        elif _no_glyph(ch) if alone else _blank_or_control(ch):
            out.append(to_printable(ch.encode("utf-8")))
        else:
            out.append(ch)
    return "".join(out)


def token_spans(enc, piece: dict) -> list[list[int]]:
    """Each token's [first byte, end byte) inside the piece's bytes, from the token's own bytes."""
    spans, at = [], 0
    for token_id in piece["ids"]:
        n = len(enc.decode_single_token_bytes(token_id))
        spans.append([at, at + n])
        at += n
    return spans


def token_text(data: bytes) -> str | None:
    """A token's text when its bytes are whole UTF-8 characters, else None (part of a character).

    >>> token_text("天".encode()), token_text("今".encode()[:2]), token_text(b" the")
    ('天', None, ' the')
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def token_texts(piece: dict, spans: list[list[int]]) -> list[str | None]:
    """Each token's text when its bytes are whole UTF-8 characters, else None (part of a character)."""
    data = bytes(piece["bytes"])
    return [token_text(data[start:end]) for start, end in spans]


def start_spans(piece: dict) -> list[list[int]]:
    """The byte span of each starting symbol of a traced piece: one byte each for a byte-level table,
    the whole piece for a special token. A merge step joins the spans at its position and the next.

    >>> start_spans({"rule": "letters", "bytes": [116, 111], "symbols": ["t", "o"]})
    [[0, 1], [1, 2]]
    >>> start_spans({"rule": "special", "bytes": list(b"<|endoftext|>"), "symbols": ["<|endoftext|>"]})
    [[0, 13]]
    """
    if piece["rule"] == "special":
        return [[0, len(piece["bytes"])]]
    spans, at = [], 0
    for symbol in piece["symbols"]:
        n = len(from_printable(symbol))
        spans.append([at, at + n])
        at += n
    return spans


def piece_facts(enc, piece: dict) -> dict:
    """The piece with its label, its tokens' spans and their whole-character texts (a new dict)."""
    spans = token_spans(enc, piece)
    return {**piece, "label": piece_label(piece["text"]), "spans": spans, "texts": token_texts(piece, spans)}
