"""The models WordPiece (BERT) and WordLevel: a word's tokens by longest match, or the word whole.

What this adds over BPE (`models.py`): no merges at all. WordPiece (huggingface/tokenizers
`tokenizers/src/models/wordpiece/mod.rs`) takes, from the start of the word, the longest prefix that
is in the vocabulary, then from where it ended the longest piece that is in the vocabulary written
with `continuing_subword_prefix` ("##") before it, and so on to the end. If at some place not even one
character is in the vocabulary, the whole word is `unk_token` ("[UNK]"): WordPiece never gives half a
word. A word longer than `max_input_chars_per_word` characters is `unk_token` at once.

    >>> wp = WordPiece({"[UNK]": 0, "un": 1, "##aff": 2, "##able": 3, "a": 4}, unk_token="[UNK]")
    >>> [(t.value, t.offsets) for t in wp.tokenize("unaffable")]
    [('un', (0, 2)), ('##aff', (2, 5)), ('##able', (5, 9))]
    >>> [t.value for t in wp.tokenize("unx")]
    ['[UNK]']

`longest_match` is the readable reference with its trace (each attempt from the longest down), the
data the page animates; `WordPiece.tokenize` runs the same loop without recording it.

WordLevel (`models/wordlevel/mod.rs`) maps each whole piece to its id, or to `unk_token`.

    >>> WordLevel({"<unk>": 0, "hello": 1}).tokenize("hello")[0].id, WordLevel({"<unk>": 0}).tokenize("bye")[0].id
    (1, 0)
"""

from __future__ import annotations

import json
import os

from ..errors import ToklabError
from ._config import bad, expect
from .model_base import Model, Token

__all__ = ["WordLevel", "WordPiece", "longest_match"]


def longest_match(vocab: dict[str, int], word: str, unk_token: str = "[UNK]", prefix: str = "##", max_chars: int = 100) -> dict:
    """WordPiece on one word, every step as plain data (wordpiece/mod.rs `tokenize`).

    `attempts` lists each candidate tried, in order: from each start, the longest rest of the word
    first, one character shorter each time, until one is in the vocabulary (`found`). `tokens` is the
    result: the pieces found, or the one `unk_token` if some start found nothing (`unk` says why:
    "no_piece" or "too_long").

    >>> trace = longest_match({"[UNK]": 0, "hug": 1, "##s": 2}, "hugs")
    >>> [(a["piece"], a["found"]) for a in trace["attempts"]]
    [('hugs', False), ('hug', True), ('##s', True)]
    >>> trace["tokens"]
    [{'id': 1, 'token': 'hug', 'start': 0, 'end': 3}, {'id': 2, 'token': '##s', 'start': 3, 'end': 4}]
    >>> longest_match({"[UNK]": 0, "a": 1}, "ab")["unk"]
    'no_piece'
    """
    attempts, tokens, unk = [], [], None
    if len(word) > max_chars:
        unk = "too_long"
    start = 0
    while unk is None and start < len(word):
        end, found = len(word), None
        while start < end:
            piece = word[start:end] if start == 0 else prefix + word[start:end]
            tid = vocab.get(piece)
            attempts.append({"start": start, "end": end, "piece": piece, "found": tid is not None})
            if tid is not None:
                found = {"id": tid, "token": piece, "start": start, "end": end}
                break
            end -= 1
        if found is None:
            unk = "no_piece"
            break
        tokens.append(found)
        start = end
    if unk is not None:
        tid = vocab.get(unk_token)
        if tid is None:
            raise bad("hf_bad_value", path="model.unk_token", expected="a token of the vocabulary (WordPiece needs it)", value=unk_token)
        tokens = [{"id": tid, "token": unk_token, "start": 0, "end": len(word)}]
    return {"word": word, "attempts": attempts, "tokens": tokens, "unk": unk}


def _vocab_arg(vocab, read) -> dict[str, int]:
    """A vocabulary given as a dict, or as the path of a file `read` reads (as the bindings accept)."""
    if vocab is None:
        return {}
    if isinstance(vocab, (str, os.PathLike)):
        return read(vocab)
    return dict(expect(vocab, dict, "model.vocab", "an object of token: id"))


class _VocabModel(Model):
    """What WordPiece and WordLevel share: a vocabulary and its reverse, and the tokenizers API."""

    def _set_vocab(self, vocab: dict[str, int]) -> None:
        self.vocab = vocab
        self.vocab_r = {i: t for t, i in vocab.items()}

    def get_vocab(self) -> dict[str, int]:
        return dict(self.vocab)

    def get_vocab_size(self) -> int:
        return len(self.vocab)

    def token_to_id(self, token: str) -> int | None:
        return self.vocab.get(token)

    def id_to_token(self, id: int) -> str | None:
        return self.vocab_r.get(id)

    def tokenize(self, sequence: str) -> list[Token]:
        return [Token(i, self.vocab_r[i], (a, b)) for i, a, b in self._tokenize(sequence)]

    def tokenize_spans(self, piece: str) -> list[tuple[int, int, int]]:
        return self._tokenize(piece)


class WordPiece(_VocabModel):
    """BERT's model: longest match first, `##` before each piece but a word's first (see the module)."""

    def __init__(self, vocab=None, unk_token: str = "[UNK]", max_input_chars_per_word: int = 100, continuing_subword_prefix: str = "##", **_unused):
        self._set_vocab(_vocab_arg(vocab, WordPiece.read_file))
        self.unk_token, self.max_input_chars_per_word = unk_token, max_input_chars_per_word
        self.continuing_subword_prefix = continuing_subword_prefix

    @staticmethod
    def read_file(vocab: str) -> dict[str, int]:
        """A vocab.txt (BERT's): one token a line, its id its line number (trailing whitespace cut)."""
        with open(vocab, encoding="utf-8") as f:
            return {line.rstrip(): i for i, line in enumerate(f)}

    @classmethod
    def from_file(cls, vocab: str, **kwargs) -> WordPiece:
        return cls(cls.read_file(vocab), **kwargs)

    def _tokenize(self, piece: str) -> list[tuple[int, int, int]]:
        vocab, prefix = self.vocab, self.continuing_subword_prefix
        if not piece:
            return []
        out = [] if len(piece) <= self.max_input_chars_per_word else None
        start = 0
        while out is not None and start < len(piece):
            end = len(piece)
            while start < end:
                tid = vocab.get(piece[start:end] if start == 0 else prefix + piece[start:end])
                if tid is not None:
                    out.append((tid, start, end))
                    break
                end -= 1
            else:
                out = None
            start = end
        if out is None:
            tid = vocab.get(self.unk_token)
            if tid is None:
                raise bad("hf_bad_value", path="model.unk_token", expected="a token of the vocabulary (WordPiece needs it)", value=self.unk_token)
            out = [(tid, 0, len(piece))]
        return out

    def trace(self, word: str) -> dict:
        """`longest_match` on this model: every attempt, as plain data."""
        return longest_match(self.vocab, word, self.unk_token, self.continuing_subword_prefix, self.max_input_chars_per_word)

    def save(self, folder: str, prefix: str | None = None) -> list[str]:
        """Write ``[prefix-]vocab.txt``: the tokens in id order, one a line (as ``tokenizers``)."""
        path = os.path.join(folder, "vocab.txt" if prefix is None else f"{prefix}-vocab.txt")
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write("".join(f"{t}\n" for t, _ in sorted(self.vocab.items(), key=lambda kv: kv[1])))
        return [path]

    def to_config(self) -> dict:
        return {
            "type": "WordPiece", "unk_token": self.unk_token, "continuing_subword_prefix": self.continuing_subword_prefix,
            "max_input_chars_per_word": self.max_input_chars_per_word, "vocab": dict(sorted(self.vocab.items(), key=lambda kv: kv[1])),
        }  # fmt: skip

    def __repr__(self) -> str:
        return f"WordPiece(vocab_size={len(self.vocab)}, unk_token={self.unk_token!r})"


class WordLevel(_VocabModel):
    """Each piece is one token: its own id if the vocabulary has it, else `unk_token`'s."""

    def __init__(self, vocab=None, unk_token: str = "<unk>"):
        self._set_vocab(_vocab_arg(vocab, WordLevel.read_file))
        self.unk_token = unk_token

    @staticmethod
    def read_file(vocab: str) -> dict[str, int]:
        """A vocab.json: an object of token: id."""
        with open(vocab, encoding="utf-8") as f:
            try:
                return dict(expect(json.load(f), dict, "vocab", "an object of token: id"))
            except json.JSONDecodeError as e:
                raise ToklabError("hf_bad_json", line=e.lineno, column=e.colno) from None

    @classmethod
    def from_file(cls, vocab: str, unk_token: str = "<unk>") -> WordLevel:
        return cls(cls.read_file(vocab), unk_token)

    def _tokenize(self, piece: str) -> list[tuple[int, int, int]]:
        tid = self.vocab.get(piece)
        if tid is None:
            tid = self.vocab.get(self.unk_token)
            if tid is None:
                raise bad("hf_bad_value", path="model.unk_token", expected="a token of the vocabulary (WordLevel needs it)", value=self.unk_token)
        return [(tid, 0, len(piece))]

    def save(self, folder: str, prefix: str | None = None) -> list[str]:
        from .model_files import vocab_json

        path = os.path.join(folder, "vocab.json" if prefix is None else f"{prefix}-vocab.json")
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(vocab_json(self.vocab))
        return [path]

    def to_config(self) -> dict:
        return {"type": "WordLevel", "vocab": dict(sorted(self.vocab.items(), key=lambda kv: kv[1])), "unk_token": self.unk_token}

    def __repr__(self) -> str:
        return f"WordLevel(vocab_size={len(self.vocab)}, unk_token={self.unk_token!r})"


def from_config(d: dict, path: str = "model") -> Model:
    kind = d.get("type")
    vocab = expect(d.get("vocab"), dict, f"{path}.vocab", "an object of token: id")
    unk = expect(d.get("unk_token", "[UNK]" if kind == "WordPiece" else "<unk>"), str, f"{path}.unk_token", "a string")
    if kind == "WordLevel":
        return WordLevel(vocab, unk)
    prefix = expect(d.get("continuing_subword_prefix", "##"), str, f"{path}.continuing_subword_prefix", "a string")
    longest = expect(d.get("max_input_chars_per_word", 100), int, f"{path}.max_input_chars_per_word", "a whole number")
    return WordPiece(vocab, unk, longest, prefix)
