"""Step 1 of the teaching tokenizers: a token <-> id table, and characters as tokens.

Every tokenizer in this lesson is two things: a rule that cuts text into tokens, and a
table (the *vocabulary*) that gives each token an integer id. ``TableTokenizer`` is the
table part, shared by all the teaching tokenizers; ``CharacterTokenizer`` adds the
simplest cutting rule there is: every Unicode code point is one token.

    >>> tok = CharacterTokenizer().train("hello world")
    >>> tok.vocab
    {'<unk>': 0, ' ': 1, 'd': 2, 'e': 3, 'h': 4, 'l': 5, 'o': 6, 'r': 7, 'w': 8}
    >>> tok.encode("hello")
    [4, 3, 5, 5, 6]
    >>> tok.decode([4, 3, 5, 5, 6])
    'hello'

Rules written down on purpose:

* The vocabulary is ``[unk_token]`` followed by the training characters in code point
  order (Python's ``sorted``), so ids never depend on the order of the training text.
* A character that was not in the training text encodes to the unknown id.
* ``decode`` drops special tokens (only ``<unk>`` here) unless
  ``skip_special_tokens=False``; so ``decode(encode(text)) == text`` holds exactly when
  every character of ``text`` is in the vocabulary (that includes the empty string,
  emoji code points, CJK and runs of whitespace).
* ``id_to_token`` of an id that is not in the table raises ``ValueError``.
"""

from __future__ import annotations


def as_lines(text: str | list[str]) -> list[str]:
    """Training input may be one string or a list of strings.

    >>> as_lines("ab")
    ['ab']
    >>> as_lines(["a", "b"])
    ['a', 'b']
    """
    return [text] if isinstance(text, str) else list(text)


def build_vocab(tokens: set[str], special_tokens: list[str]) -> dict[str, int]:
    """Special tokens first, then the other tokens in code point order.

    >>> build_vocab({"b", "a", "<unk>"}, ["<unk>"])
    {'<unk>': 0, 'a': 1, 'b': 2}
    """
    ordered = list(special_tokens) + sorted(tokens - set(special_tokens))
    return {token: i for i, token in enumerate(ordered)}


class TableTokenizer:
    """The vocabulary table with an unknown token; subclasses choose how text is cut."""

    joiner = ""

    def __init__(self, vocab: dict[str, int] | None = None, unk_token: str = "<unk>"):
        self.unk_token = unk_token
        self.special_tokens = [unk_token]
        self.vocab = dict(vocab) if vocab else {}

    @property
    def vocab(self) -> dict[str, int]:
        return self._vocab

    @vocab.setter
    def vocab(self, vocab: dict[str, int]) -> None:
        self._vocab = dict(vocab)
        self._id_to_token = {i: token for token, i in self._vocab.items()}

    @property
    def vocab_size(self) -> int:
        return len(self._vocab)

    @property
    def unk_id(self) -> int:
        if self.unk_token not in self._vocab:
            raise KeyError(f"the vocabulary has no unknown token {self.unk_token!r}")
        return self._vocab[self.unk_token]

    def token_to_id(self, token: str) -> int:
        """The token's id, or the unknown token's id when the token is not in the table."""
        found = self._vocab.get(token)
        return self.unk_id if found is None else found

    def id_to_token(self, token_id: int) -> str:
        if token_id not in self._id_to_token:
            raise ValueError(f"id {token_id} is not in this vocabulary of {self.vocab_size}")
        return self._id_to_token[token_id]

    def lookup_tokens(self, ids: list[int]) -> list[str]:
        return [self.id_to_token(i) for i in ids]

    def kept_tokens(self, ids: list[int], skip_special_tokens: bool = True) -> list[str]:
        """The tokens of ``ids``, without the special ones when asked to skip them."""
        skipped = set(self.special_tokens) if skip_special_tokens else set()
        return [t for t in self.lookup_tokens(ids) if t not in skipped]

    def decode(self, ids: list[int], skip_special_tokens: bool = True) -> str:
        return self.joiner.join(self.kept_tokens(ids, skip_special_tokens))

    def _set_table(self, tokens: set[str], unk_token: str) -> None:
        self.unk_token = unk_token
        self.special_tokens = [unk_token]
        self.vocab = build_vocab(tokens, [unk_token])


class CharacterTokenizer(TableTokenizer):
    """One token per character (Unicode code point)."""

    def train(self, text: str | list[str], unk_token: str = "<unk>") -> CharacterTokenizer:
        self._set_table({ch for line in as_lines(text) for ch in line}, unk_token)
        return self

    def split(self, text: str) -> list[str]:
        """The tokens as strings, before the table lookup: ``list(text)``."""
        return list(text)

    def encode(self, text: str) -> list[int]:
        return [self.token_to_id(ch) for ch in text]
