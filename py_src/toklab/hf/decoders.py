"""Decoders: token strings back to text.

Mirrors huggingface/tokenizers `tokenizers/src/decoders/` (byte_fallback.rs, fuse.rs, strip.rs,
sequence.rs; ByteLevel in pre_tokenizers/byte_level.rs, Metaspace in pre_tokenizers/metaspace.rs,
Replace in normalizers/replace.rs). Each decoder maps a list of token strings to a new list
(`decode_chain`); `decode` joins the result:

    >>> ByteLevel().decode(["Hello", "Ġä½", "ł"])
    'Hello 你'
    >>> Sequence([Replace("\u2581", " "), ByteFallback(), Fuse()]).decode(["\u2581a", "<0xE4>", "<0xBD>", "<0xA0>", "!", "<0xE4>", "<0xFF>"])
    ' a你!��'

A run of byte tokens that is not valid UTF-8 becomes one U+FFFD per byte (the last two above).
"""

from __future__ import annotations

from ._config import bad, expect, literal_or_regex, pattern_config, pattern_from_config
from .pre_tokenizers import CHAR_BYTES

__all__ = ["ByteFallback", "ByteLevel", "Decoder", "Fuse", "Metaspace", "Replace", "Sequence", "Strip", "from_config"]

_HEX = set("0123456789abcdefABCDEF")


class Decoder:
    def decode_chain(self, tokens: list[str]) -> list[str]:
        raise NotImplementedError

    def decode(self, tokens: list[str]) -> str:
        return "".join(self.decode_chain(list(tokens)))

    def to_config(self) -> dict:
        return {"type": type(self).__name__}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.to_config()})"


class ByteLevel(Decoder):
    """Each token's characters back to the bytes they stand for (a token with a character outside
    the byte alphabet, such as an added token, is taken as its own UTF-8); all the bytes decoded once,
    invalid sequences as U+FFFD."""

    def __init__(self, add_prefix_space: bool = True, trim_offsets: bool = True, use_regex: bool = True):
        self.add_prefix_space, self.trim_offsets, self.use_regex = add_prefix_space, trim_offsets, use_regex

    def decode_chain(self, tokens):
        out = bytearray()
        get = CHAR_BYTES.get
        for t in tokens:
            values = [get(c) for c in t]
            out += t.encode("utf-8") if None in values else bytes(values)
        return [out.decode("utf-8", errors="replace")]

    def to_config(self):
        return {"type": "ByteLevel", "add_prefix_space": self.add_prefix_space, "trim_offsets": self.trim_offsets, "use_regex": self.use_regex}


def _byte_of(token: str) -> int | None:
    """The byte of a `<0xE4>` token (Rust's u8::from_str_radix: two hex digits, or "+" and one)."""
    if len(token) == 6 and token.startswith("<0x") and token.endswith(">"):
        digits = token[3:5]
        if all(c in _HEX for c in digits) or digits[0] == "+" and digits[1] in _HEX:
            return int(digits, 16)
    return None


class ByteFallback(Decoder):
    """Runs of `<0xE4>`-style tokens decoded as UTF-8; a run that is not valid UTF-8 becomes one
    U+FFFD per byte."""

    def decode_chain(self, tokens):
        out, pending = [], bytearray()
        for t in tokens:
            b = _byte_of(t)
            if b is not None:
                pending.append(b)
                continue
            if pending:
                out.extend(_flush(pending))
                pending = bytearray()
            out.append(t)
        if pending:
            out.extend(_flush(pending))
        return out


def _flush(pending: bytearray) -> list[str]:
    try:
        return [pending.decode("utf-8")]
    except UnicodeDecodeError:
        return ["\ufffd"] * len(pending)


class Fuse(Decoder):
    """All tokens joined into one."""

    def decode_chain(self, tokens):
        return ["".join(tokens)]


class Strip(Decoder):
    """Up to `start` copies of `content` taken off the front of each token, `stop` off the end."""

    def __init__(self, content: str = " ", start: int = 0, stop: int = 0):
        self.content, self.start, self.stop = content, start, stop

    def decode_chain(self, tokens):
        out = []
        for t in tokens:
            a = 0
            while a < self.start and a < len(t) and t[a] == self.content:
                a += 1
            cut = 0
            while cut < self.stop and cut < len(t) and t[len(t) - 1 - cut] == self.content:
                cut += 1
            take = max(len(t.encode("utf-8")) - a - cut, 0)  # strip.rs counts what it keeps in bytes
            out.append(t[a : a + take])
        return out

    def to_config(self):
        return {"type": "Strip", "content": self.content, "start": self.start, "stop": self.stop}


class Replace(Decoder):
    """A pattern replaced in each token (Gemma: ▁ back to a space)."""

    def __init__(self, pattern, content: str):
        self.pattern, self.content = pattern, content
        self._re = literal_or_regex(pattern, "decoder.pattern")

    def decode_chain(self, tokens):
        if isinstance(self.pattern, str):
            return [t.replace(self.pattern, self.content) if self.pattern else t for t in tokens]
        return [self._re.sub(lambda m: self.content, t) for t in tokens]

    def to_config(self):
        return {"type": "Replace", "pattern": pattern_config(self.pattern), "content": self.content}


class Metaspace(Decoder):
    """▁ back to a space; the first token loses its leading one unless `prepend_scheme` is "never"."""

    def __init__(self, replacement: str = "\u2581", prepend_scheme: str = "always", split: bool = True):
        self.replacement, self.prepend_scheme, self.split = replacement, prepend_scheme, split

    def decode_chain(self, tokens):
        out = []
        for i, t in enumerate(tokens):
            drop = i == 0 and self.prepend_scheme != "never"
            out.append(t.replace(self.replacement, "" if drop else " "))
        return out

    def to_config(self):
        return {"type": "Metaspace", "replacement": self.replacement, "prepend_scheme": self.prepend_scheme, "split": self.split}


class Sequence(Decoder):
    def __init__(self, decoders):
        self.decoders = list(decoders)

    def decode_chain(self, tokens):
        for d in self.decoders:
            tokens = d.decode_chain(tokens)
        return tokens

    def to_config(self):
        return {"type": "Sequence", "decoders": [d.to_config() for d in self.decoders]}


def from_config(d, path: str = "decoder"):
    if d is None:
        return None
    expect(d, dict, path, "an object")
    kind = d.get("type")
    if kind == "Sequence":
        items = expect(d.get("decoders"), list, f"{path}.decoders", "a list")
        return Sequence([from_config(x, f"{path}.decoders[{i}]") for i, x in enumerate(items)])
    if kind == "ByteLevel":
        return ByteLevel(*(expect(d.get(k, True), bool, f"{path}.{k}", "true or false") for k in ("add_prefix_space", "trim_offsets", "use_regex")))
    if kind in ("ByteFallback", "Fuse"):
        return globals()[kind]()
    if kind == "Strip":
        content = expect(d.get("content", " "), str, f"{path}.content", "one character")
        start = expect(d.get("start", 0), int, f"{path}.start", "a whole number")
        stop = expect(d.get("stop", 0), int, f"{path}.stop", "a whole number")
        return Strip(content, start, stop)
    if kind == "Replace":
        return Replace(pattern_from_config(d.get("pattern"), f"{path}.pattern"), expect(d.get("content"), str, f"{path}.content", "a string"))
    if kind == "Metaspace":
        scheme = d.get("prepend_scheme", "always")
        if scheme not in ("always", "first", "never"):
            raise bad("hf_unsupported", path=f"{path}.prepend_scheme", value=scheme)
        return Metaspace(expect(d.get("replacement", "\u2581"), str, f"{path}.replacement", "one character"), scheme, bool(d.get("split", True)))
    raise bad("hf_unsupported", path=f"{path}.type", value=kind)
