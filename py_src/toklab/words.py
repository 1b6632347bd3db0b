"""Step 2: whole words as tokens.

What this adds over ``chars``: a different cutting rule. Text is cut at whitespace
(Python's ``str.split()`` with no argument), and each word is one token. Sequences get
much shorter, but the table grows with every word form (learn, learning, learned, ...)
and a word that was not in the training text becomes ``<unk>``: its letters are lost.

    >>> tok = WordTokenizer().train("deep learning is fun deep learning is useful")
    >>> tok.vocab
    {'<unk>': 0, 'deep': 1, 'fun': 2, 'is': 3, 'learning': 4, 'useful': 5}
    >>> tok.encode("deep learning is fun")
    [1, 4, 3, 2]
    >>> tok.encode("MiniGPT is fun")
    [0, 3, 2]

Rules written down on purpose:

* A "word" is a maximal run of non-whitespace characters. Punctuation stays attached
  ("fun." and "fun" are different words). Text without spaces, such as Chinese, is one
  word per run: this is exactly why word tokenizers suit Chinese badly.
* ``decode`` joins words with one space, so the round trip gives
  ``" ".join(text.split())`` (whitespace runs and newlines become single spaces, leading
  and trailing whitespace disappears) when every word is in the vocabulary and no word is
  literally ``<unk>`` (that word *is* the unknown token, and decode skips it).
"""

from __future__ import annotations

from toklab.chars import TableTokenizer, as_lines


class WordTokenizer(TableTokenizer):
    """One token per whitespace-separated word."""

    joiner = " "

    def train(self, text: str | list[str], unk_token: str = "<unk>") -> WordTokenizer:
        self._set_table({w for line in as_lines(text) for w in line.split()}, unk_token)
        return self

    def split(self, text: str) -> list[str]:
        """The tokens as strings, before the table lookup: ``text.split()``."""
        return text.split()

    def encode(self, text: str) -> list[int]:
        return [self.token_to_id(word) for word in text.split()]
