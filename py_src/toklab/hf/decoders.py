"""Decoders: token strings back to text.

Mirrors huggingface/tokenizers `tokenizers/src/decoders/` (byte_fallback.rs, fuse.rs, strip.rs,
wordpiece.rs, bpe.rs, ctc.rs, sequence.rs; ByteLevel in pre_tokenizers/byte_level.rs, Metaspace in
pre_tokenizers/metaspace.rs, Replace in normalizers/replace.rs). Each decoder maps a list of token strings to a new list
(`decode_chain`); `decode` joins the result:

    >>> ByteLevel().decode(["Hello", "Ġä½", "ł"])
    'Hello 你'
    >>> Sequence([Replace("\u2581", " "), ByteFallback(), Fuse()]).decode(["\u2581a", "<0xE4>", "<0xBD>", "<0xA0>", "!", "<0xE4>", "<0xFF>"])
    ' a你!��'

A run of byte tokens that is not valid UTF-8 becomes one U+FFFD per byte (the last two above).
WordPiece glues `##` pieces to the one before, BPEDecoder turns the end-of-word suffix into a space,
CTC folds a speech model's repeated frames:

    >>> WordPiece().decode(["I", "'m", "Jo", "##hn", "."])
    "I'm John."
    >>> BPEDecoder().decode(["My</w>", "na", "me</w>"])
    'My name'
    >>> CTC().decode(["<pad>", "h", "e", "e", "l", "l", "<pad>", "l", "o", "|", "y", "o", "u"])
    'hello you'
"""

from __future__ import annotations

from ._config import Part, bad, expect, literal_or_regex, one_char, pattern_config, pattern_from_config
from .pre_tokenizers import CHAR_BYTES

__all__ = ["BPEDecoder", "ByteFallback", "ByteLevel", "CTC", "DecodeStream", "Decoder", "Fuse", "Metaspace", "Replace", "Sequence", "Strip", "WordPiece", "from_config"]

_HEX = set("0123456789abcdefABCDEF")


class Decoder(Part):
    def decode_chain(self, tokens: list[str]) -> list[str]:
        raise NotImplementedError

    def decode(self, tokens: list[str]) -> str:
        return "".join(self.decode_chain(list(tokens)))

    def to_config(self) -> dict:
        return {"type": type(self).__name__}

    @staticmethod
    def custom(decoder) -> Decoder:
        """A decoder written in Python: any object with `decode_chain(tokens) -> list[str]`."""
        return _Custom(decoder)


class _Custom(Decoder):
    def __init__(self, inner):
        self.inner = inner

    def decode_chain(self, tokens):
        return list(self.inner.decode_chain(tokens))

    def to_config(self):
        raise bad("hf_unsupported", path="decoder", value="a custom decoder cannot be saved")


class ByteLevel(Decoder):
    """Each token's characters back to the bytes they stand for (a token with a character outside
    the byte alphabet, such as an added token, is taken as its own UTF-8); all the bytes decoded once,
    invalid sequences as U+FFFD."""

    def __init__(self, add_prefix_space: bool = True, trim_offsets: bool = True, use_regex: bool = True, **_type):
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
    """Up to `left` copies of `content` taken off the front of each token, `right` off the end (the
    tokenizer.json calls them start and stop)."""

    def __init__(self, content: str = " ", left: int = 0, right: int = 0):
        self.content, self.start, self.stop = content, left, right

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
        self.replacement, self.prepend_scheme, self.split = one_char(replacement, "replacement"), prepend_scheme, split

    def decode_chain(self, tokens):
        out = []
        for i, t in enumerate(tokens):
            drop = i == 0 and self.prepend_scheme != "never"
            out.append(t.replace(self.replacement, "" if drop else " "))
        return out

    def to_config(self):
        return {"type": "Metaspace", "replacement": self.replacement, "prepend_scheme": self.prepend_scheme, "split": self.split}


_CLEANUP = [(" .", "."), (" ?", "?"), (" !", "!"), (" ,", ","), (" ' ", "'"), (" n't", "n't"), (" 'm", "'m"), (" do not", " don't"), (" 's", "'s"), (" 've", "'ve"), (" 're", "'re")]  # fmt: skip


def cleanup_text(text: str) -> str:
    """The spaces English tokenization put before punctuation and contractions taken out again
    (wordpiece.rs `cleanup`): "I 'm here ." -> "I'm here."."""
    for a, b in _CLEANUP:
        text = text.replace(a, b)
    return text


class WordPiece(Decoder):
    """A token starting with `prefix` ("##") joins the one before; any other token after the first
    gets a space before it; then, with `cleanup`, the spaces before punctuation go."""

    def __init__(self, prefix: str = "##", cleanup: bool = True):
        self.prefix, self.cleanup = prefix, cleanup

    def decode_chain(self, tokens):
        out = []
        for i, t in enumerate(tokens):
            if i:
                t = t.replace(self.prefix, "", 1) if t.startswith(self.prefix) else " " + t
            out.append(cleanup_text(t) if self.cleanup else t)
        return out

    def to_config(self):
        return {"type": "WordPiece", "prefix": self.prefix, "cleanup": self.cleanup}


class BPEDecoder(Decoder):
    """The end-of-word `suffix` ("</w>", as original BPE and OpenAI's GPT mark it) becomes a space,
    except in the last token."""

    def __init__(self, suffix: str = "</w>"):
        self.suffix = suffix

    def decode_chain(self, tokens):
        last = len(tokens) - 1
        return [t.replace(self.suffix, "" if i == last else " ") for i, t in enumerate(tokens)]

    def to_config(self):
        return {"type": "BPEDecoder", "suffix": self.suffix}


class CTC(Decoder):
    """A speech model's frames to text (ctc.rs): repeated tokens fold into one, the blank `pad_token`
    goes, and with `cleanup` the `word_delimiter_token` becomes a space."""

    def __init__(self, pad_token: str = "<pad>", word_delimiter_token: str = "|", cleanup: bool = True):
        self.pad_token, self.word_delimiter_token, self.cleanup = pad_token, word_delimiter_token, cleanup

    def decode_chain(self, tokens):
        out = []
        for i, t in enumerate(tokens):
            if i and t == tokens[i - 1]:
                continue
            t = t.replace(self.pad_token, "")
            if self.cleanup:
                t = cleanup_text(t).replace(self.word_delimiter_token, " ")
            if t:
                out.append(t)
        return out

    def to_config(self):
        return {"type": "CTC", "pad_token": self.pad_token, "word_delimiter_token": self.word_delimiter_token, "cleanup": self.cleanup}


class Sequence(Decoder):
    def __init__(self, decoders):
        self.decoders = list(decoders)

    def __getitem__(self, i):
        return self.decoders[i]

    def __setitem__(self, i, decoder):
        self.decoders[i] = decoder

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
    if kind == "WordPiece":
        return WordPiece(expect(d.get("prefix", "##"), str, f"{path}.prefix", "a string"), expect(d.get("cleanup", True), bool, f"{path}.cleanup", "true or false"))
    if kind == "BPEDecoder":
        return BPEDecoder(expect(d.get("suffix", "</w>"), str, f"{path}.suffix", "a string"))
    if kind == "CTC":
        texts = [expect(d.get(k, v), str, f"{path}.{k}", "a string") for k, v in (("pad_token", "<pad>"), ("word_delimiter_token", "|"))]
        return CTC(*texts, expect(d.get("cleanup", True), bool, f"{path}.cleanup", "true or false"))
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


Decoder._family = staticmethod(from_config)


class DecodeStream:
    """Decoding one id at a time, as a model generates them (mod.rs `step_decode_stream`): each `step`
    gives the text the new ids add, or None while they end inside a character (U+FFFD so far). Only
    the ids still needed are kept: those since the last prefix, whose decoding the next one must
    start with.

        >>> from toklab.hf import Tokenizer, models
        >>> tok = Tokenizer(models.BPE())
        >>> tok.add_tokens(["my", "name"])
        2
        >>> stream = DecodeStream()
        >>> stream.step(tok, 0), stream.step(tok, 1)
        ('my', ' name')
    """

    def __init__(self, ids=None, skip_special_tokens: bool = False):
        self.skip_special_tokens = bool(skip_special_tokens)
        self.ids, self.prefix, self.prefix_index = list(ids or []), "", 0

    def step(self, tokenizer, id) -> str | None:
        skip = self.skip_special_tokens
        if not self.prefix and self.ids:
            first = tokenizer.decode(self.ids, skip)
            if not first.endswith("\ufffd"):
                self.prefix, self.prefix_index = first, len(self.ids)
        self.ids += [id] if isinstance(id, int) else list(id)
        text = tokenizer.decode(self.ids, skip)
        before = self.prefix.encode("utf-8")
        if len(text.encode("utf-8")) <= len(before) or text.endswith("\ufffd"):
            return None
        if not text.startswith(self.prefix):
            raise bad("hf_bad_value", path="DecodeStream", expected=f"a decoding that starts with {self.prefix!r}", value=text)
        new_index = len(self.ids) - self.prefix_index
        self.ids = self.ids[self.prefix_index :]
        self.prefix, self.prefix_index = tokenizer.decode(self.ids, skip), new_index
        return text.encode("utf-8")[len(before) :].decode("utf-8")

    def __copy__(self):
        other = DecodeStream(self.ids, self.skip_special_tokens)
        other.prefix, other.prefix_index = self.prefix, self.prefix_index
        return other
