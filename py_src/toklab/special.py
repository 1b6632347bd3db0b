"""Special tokens: text that stands for a control id, not for its own bytes.

`<|endoftext|>` is id 50256 in r50k. Typed into text it can mean three things, and an encoder must be
told which: refused (the safe default, so user text cannot inject a control token), allowed (it becomes
the single id 50256, as when a training pipeline joins documents), or plain text (its 13 characters are
tokenized like any others).

    >>> from toklab import get_encoding
    >>> views = special_views(get_encoding("r50k_base"), "hi<|endoftext|>")
    >>> views["refused"]["ok"], views["allowed"]["ids"], len(views["plain"]["ids"])
    (False, [5303, 50256], 8)
"""

from .errors import ToklabError
from .facts import token_text
from .protocol import ITEM_LIMIT

__all__ = ["special_views"]


def _tokens(enc, ids: list[int]) -> list[dict]:
    """The first ITEM_LIMIT tokens (the chips the page draws; the view's ids hold them all)."""
    out = []
    for i in ids[:ITEM_LIMIT]:
        data = enc.decode_single_token_bytes(i)
        out.append({"id": i, "token": enc.token(i), "text": token_text(data), "hex": data.hex(" "), "special": enc.is_special(i)})
    return out


def _view(enc, ids: list[int]) -> dict:
    return {"ok": True, "ids": ids, "tokens": _tokens(enc, ids), "error": None, "code": None, "params": None}


def special_views(enc, text: str) -> dict:
    """The three treatments of special-token text in `text`, each with its ids and tokens (or the error)."""
    try:
        refused = _view(enc, enc.encode(text))
    except ToklabError as exc:  # disallowed_special
        refused = {"ok": False, "ids": None, "tokens": None, "error": str(exc), "code": exc.code,
                   "params": dict(exc.params)}
    return {
        "contains_special": any(t in text for t in enc.special_tokens),
        "refused": refused,
        "allowed": _view(enc, enc.encode(text, allowed_special="all")),
        "plain": _view(enc, enc.encode_ordinary(text)),
    }
