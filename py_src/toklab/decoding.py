"""Decoding: ids back to bytes, bytes back to text, shown token by token.

What this adds over `BPEEncoding.decode`: it explains itself. A byte-level token need not hold whole
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

__all__ = ["parse_ids", "explain_ids"]

_ITEM = re.compile(r"[^\s,;\[\]()]+")


def parse_ids(typed: str) -> list[tuple[str, int | ToklabError]]:
    """Split typed ids into (item, its id or why it is none); brackets, commas and spaces separate.

    >>> [(item, getattr(found, "code", found)) for item, found in parse_ids("[1, 2x 3]")]
    [('1', 1), ('2x', 'not_a_number'), ('3', 3)]
    """
    out = []
    for m in _ITEM.finditer(typed):
        item = m.group()
        if re.fullmatch(r"[+-]?\d+", item, flags=re.ASCII):
            out.append((item, int(item)))
        else:
            out.append((item, ToklabError("not_a_number", item=item)))
    return out


def _bad_item(item: str, error: ToklabError) -> dict:
    return {"input": item, "id": None, "error": str(error), "code": error.code, "params": dict(error.params)}


def explain_ids(enc, typed: str) -> dict:
    """Decode what the user typed, one entry per item (see the module docstring)."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    items = []
    good: list[int] = []
    pending = 0
    for item, token_id in parse_ids(typed):
        try:
            if isinstance(token_id, ToklabError):
                raise token_id
            data = enc.decode_single_token_bytes(token_id)
        except ToklabError as exc:  # not_a_number, unknown_id
            items.append(_bad_item(item, exc))
            continue
        good.append(token_id)
        special = enc.is_special(token_id)
        completes = decoder.decode(data)
        pending = _pending_bytes(decoder)
        items.append(
            {
                "input": item,
                "id": token_id,
                "error": None,
                "token": enc.token(token_id),
                "special": special,
                "hex": data.hex(" "),
                "completes": completes,
                "waiting": pending,  # bytes of a started character still to come after this token
                "invalid": "\ufffd" in completes,
            }
        )
    tail = decoder.decode(b"", final=True)
    return {
        "items": items,
        "ids": good,
        "text": enc.decode(good),
        "unfinished": tail != "",  # the ids end inside a character
        "errors": sum(1 for item in items if item["error"]),
    }


def _pending_bytes(decoder) -> int:
    """How many more bytes the character begun in `decoder`'s buffer needs."""
    buffered, _ = decoder.getstate()
    if not buffered:
        return 0
    lead = buffered[0]
    need = 2 if lead >= 0xC0 and lead < 0xE0 else 3 if lead < 0xF0 else 4
    return max(need - len(buffered), 0)
