"""Decoding: ids back to bytes, bytes back to text, shown token by token.

What this adds over `Encoding.decode`: it explains itself. A byte-level token need not hold whole
characters ("🦄" is several r50k tokens), so each id reports its bytes and the characters it *completes*;
a token that only starts a character says how many bytes it is still waiting for, rather than showing a
bare "�". Input is whatever the user typed; every bad item gets its own error (a code of
`toklab.protocol.ERRORS`, its params and the English message) and the rest decodes.

    >>> from toklab import get_encoding
    >>> view = explain_ids(get_encoding("r50k_base"), "[30001, 1634, x]")
    >>> view["text"], [item["completes"] for item in view["items"][:2]], view["items"][2]["error"]
    ('tokenization', ['token', 'ization'], "'x' is not a whole number")
"""

import codecs
import re

from .errors import ToklabError
from .facts import token_text
from .protocol import ITEM_LIMIT, MAX_ID_DIGITS, MAX_TEXT

__all__ = ["parse_ids", "explain_ids"]

_ITEM = re.compile(r"[^\s,;\[\]()]+")


def parse_ids(typed: str) -> list[tuple[str, int | ToklabError]]:
    """Split typed ids into (item, its id or why it is none); brackets, commas and spaces separate.

    A number longer than `MAX_ID_DIGITS` digits is that item's error, whatever its length.

    >>> [(item, getattr(found, "code", found)) for item, found in parse_ids("[1, 2x 3]")]
    [('1', 1), ('2x', 'not_a_number'), ('3', 3)]
    >>> [(len(item), found.code, found.params) for item, found in parse_ids("9" * 5000)]
    [(5000, 'number_too_long', {'digits': 5000, 'limit': 15})]
    """
    out = []
    for m in _ITEM.finditer(typed):
        item = m.group()
        if not re.fullmatch(r"[+-]?\d+", item, flags=re.ASCII):
            out.append((item, ToklabError("not_a_number", item=item)))
        elif len(item.lstrip("+-")) > MAX_ID_DIGITS:
            out.append((item, ToklabError("number_too_long", digits=len(item.lstrip("+-")), limit=MAX_ID_DIGITS)))
        else:
            out.append((item, int(item)))
    return out


def _bad_item(item: str, error: ToklabError) -> dict:
    return {"input": item, "id": None, "error": str(error), "code": error.code, "params": dict(error.params)}


def explain_ids(enc, typed: str, limit: int | None = ITEM_LIMIT) -> dict:
    """Decode what the user typed, one entry per item for the first `limit` items (None: all of them);
    the count of bad items, `n_items` and `n_text` cover every item, and `text` is the first MAX_TEXT
    characters of the text of every good id (see the module docstring)."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    items: list[dict] = []
    good: list[int] = []
    n_items = errors = 0
    for item, token_id in parse_ids(typed):
        n_items += 1
        shown = limit is None or len(items) < limit
        try:
            if isinstance(token_id, ToklabError):
                raise token_id
            data = enc.decode_single_token_bytes(token_id)
        except ToklabError as exc:  # not_a_number, number_too_long, unknown_id
            errors += 1
            if shown:
                items.append(_bad_item(item, exc))
            continue
        good.append(token_id)
        if not shown:
            continue
        completes = decoder.decode(data)
        items.append(
            {
                "input": item,
                "id": token_id,
                "error": None,
                "token": enc.token(token_id),
                "text": token_text(data),
                "special": enc.is_special(token_id),
                "hex": data.hex(" "),
                "completes": completes,
                "waiting": _pending_bytes(decoder),  # bytes of a started character still to come after this token
                "invalid": "\ufffd" in completes,
            }
        )
    data = enc.decode_bytes(good)
    whole = codecs.getincrementaldecoder("utf-8")(errors="replace")
    whole.decode(data)
    text = data.decode("utf-8", errors="replace")
    return {
        "items": items,
        "n_items": n_items,
        "text": text[:MAX_TEXT],  # 1 MB of ids can decode to 65 MB of text: the page draws a part, and gets this much
        "n_text": len(text),
        "unfinished": whole.decode(b"", final=True) != "",  # the ids end inside a character
        "errors": errors,
    }


def _pending_bytes(decoder) -> int:
    """How many more bytes the character begun in `decoder`'s buffer needs."""
    buffered, _ = decoder.getstate()
    if not buffered:
        return 0
    lead = buffered[0]
    need = 2 if lead >= 0xC0 and lead < 0xE0 else 3 if lead < 0xF0 else 4
    return max(need - len(buffered), 0)
