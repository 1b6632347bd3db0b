"""GPT-2's printable form of bytes.

Byte-level BPE starts from the 256 byte values. To show (and store) byte sequences as text, GPT-2 gives
every byte one printable character: the printable ASCII and Latin-1 bytes stand for themselves, and the
other 68 bytes (controls, space, a few Latin-1 gaps) are moved up to U+0100 and beyond. That is why a
space shows as "Ġ" (U+0120) and a newline as "Ċ" (U+010A).

    >>> BYTE_TO_UNICODE[ord(" ")], BYTE_TO_UNICODE[ord("a")], BYTE_TO_UNICODE[ord("\\n")]
    ('Ġ', 'a', 'Ċ')
    >>> to_printable("hi there".encode())
    'hiĠthere'
    >>> from_printable("hiĠthere")
    b'hi there'

Each byte becomes exactly one character, so a printable token's length is its byte count.

GPT-2 also numbers the 256 single-byte tokens in this order: `BYTE_ORDER[i]` is the byte whose token id is
i (ids 0-93 are "!" to "~", and so on).
"""

__all__ = ["BYTE_ORDER", "BYTE_TO_UNICODE", "UNICODE_TO_BYTE", "to_printable", "from_printable"]


def _byte_order() -> list[int]:
    printable = (
        list(range(ord("!"), ord("~") + 1))
        + list(range(ord("¡"), ord("¬") + 1))
        + list(range(ord("®"), ord("ÿ") + 1))
    )
    return printable + [b for b in range(256) if b not in printable]


BYTE_ORDER: list[int] = _byte_order()


def _byte_to_unicode() -> list[str]:
    table = [""] * 256
    shifted = 0
    for b in BYTE_ORDER:
        if b in range(ord("!"), ord("~") + 1) or b in range(ord("¡"), ord("¬") + 1) or b in range(ord("®"), 256):
            table[b] = chr(b)
        else:
            table[b] = chr(256 + shifted)
            shifted += 1
    return table


BYTE_TO_UNICODE: list[str] = _byte_to_unicode()
UNICODE_TO_BYTE: dict[str, int] = {ch: b for b, ch in enumerate(BYTE_TO_UNICODE)}

# str.translate tables: latin-1 decoded bytes -> printable form, and back.
_TO_PRINTABLE = {b: BYTE_TO_UNICODE[b] for b in range(256)}
_FROM_PRINTABLE = {c: "\uffff" for c in range(256)}  # a Latin-1 character outside the alphabet is an error
_FROM_PRINTABLE.update({ord(ch): chr(b) for b, ch in enumerate(BYTE_TO_UNICODE)})


def to_printable(data: bytes) -> str:
    """Bytes -> GPT-2's printable text, one character per byte."""
    return data.decode("latin-1").translate(_TO_PRINTABLE)


def from_printable(text: str) -> bytes:
    """GPT-2's printable text -> the bytes it stands for. Raises ValueError on a character outside the table."""
    raw = text.translate(_FROM_PRINTABLE)
    try:
        return raw.encode("latin-1")
    except UnicodeEncodeError as exc:
        bad = text[exc.start]
        raise ValueError(f"{bad!r} is not a character of GPT-2's byte alphabet") from None
