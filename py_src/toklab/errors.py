"""Errors the page can translate: each has a stable code, its params, and an English message.

A code is a key of `toklab.protocol.ERRORS`, whose value is the English text; the message is that text
formatted with the params. Python users read the message (`str(exc)`); the page gets code and params too
(`webapi.handle`'s Failure, a decode item's error, a refused special-token view) and shows its own
sentence for the code in the page's language.

    >>> exc = ToklabError("no_such_piece", index=9, n_pieces=1)
    >>> str(exc), exc.code, exc.params, isinstance(exc, ValueError)
    ('piece 9 does not exist: the text has 1 pieces', 'no_such_piece', {'index': 9, 'n_pieces': 1}, True)
    >>> as_data(ToklabTypeError("wrong_type", field="text", expected="string"))["type"]
    'TypeError'
"""

from .protocol import ERRORS

__all__ = ["ToklabError", "ToklabTypeError", "as_data", "bad_choice"]


class ToklabError(ValueError):
    """A ValueError with a code of `protocol.ERRORS` and the params its message is made from."""

    python_type = "ValueError"  # what Failure.type says

    def __init__(self, code: str, **params: str | int):
        self.code = code
        self.params = params
        super().__init__(ERRORS[code].format(**params))


class ToklabTypeError(ToklabError, TypeError):
    """The same, for a value of the wrong type (a TypeError too)."""

    python_type = "TypeError"


def as_data(exc: BaseException) -> dict:
    """Any exception as the protocol's Failure; one without a code is "internal".

    >>> as_data(KeyError("x"))
    {'type': 'KeyError', 'code': 'internal', 'params': {'detail': "KeyError: 'x'"}, 'message': "the engine failed: KeyError: 'x'"}
    """
    if not isinstance(exc, ToklabError):
        exc_type = type(exc).__name__
        detail = f"{exc_type}: {exc}" if str(exc) else exc_type
        detail = detail if len(detail) <= 300 else f"{detail[:297]}..."
        wrapped = ToklabError("internal", detail=detail)
        return {"type": exc_type, "code": wrapped.code, "params": wrapped.params, "message": str(wrapped)}
    return {"type": exc.python_type, "code": exc.code, "params": dict(exc.params), "message": str(exc)}


def bad_choice(field: str, value: object, choices) -> ToklabError:
    """The error for a value that is not one of `choices`.

    >>> str(bad_choice("mode", "words", ("chars", "bytes")))
    "mode must be one of 'chars', 'bytes', not 'words'"
    """
    shown = repr(value)
    if len(shown) > 60:  # a whole text sent where a choice belongs is not said back in full
        shown = f"{shown[:57]}..."
    return ToklabError("bad_choice", field=field, value=shown, choices=", ".join(map(repr, choices)))
