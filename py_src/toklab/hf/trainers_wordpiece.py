"""HuggingFace ``tokenizers``' ``WordPieceTrainer``: BPE's merges, learned with ``##`` prefixes, kept as a
vocabulary only.

What this adds over ``trainers``: nothing new to learn, as ``tokenizers/src/models/wordpiece/trainer.rs``
says itself: a WordPiece vocabulary is learned by merging, exactly as ``BpeTrainer`` merges, with
``continuing_subword_prefix="##"`` by default (``##`` before every character but a word's first, so
``##ing`` and ``ing`` are different tokens). The merges are then dropped: ``models.WordPiece`` encodes by
greedy longest match over the vocabulary, not by replaying merges. Only the encode differs.

    >>> trainer = WordPieceTrainer(vocab_size=12, special_tokens=["[UNK]"], show_progress=False)
    >>> trainer.feed(["hug hugs pug"], str.split)
    >>> trainer.learn()
    {'[UNK]': 0, 'g': 1, 'h': 2, 'p': 3, 's': 4, 'u': 5, '##u': 6, '##g': 7, '##s': 8, '##ug': 9, 'hug': 10, 'pug': 11}

(A merge drops the right token's prefix: ``p`` + ``##ug`` makes ``pug``; ``##s`` is a token, never merged.)

**The tie rule** (``tokenizers``' own is not deterministic: three runs on the same English text gave three
vocabularies, because the ids of the ``##`` symbols come from a hash map's order, and equally frequent
pairs are ranked by those ids). Here, as ``trainers.BpeTrainer`` does it:

* the special tokens take the first ids, then the alphabet in code point order;
* the ``##`` symbols take the next ids in the order they are first met: words in the order first seen
  in the corpus, each read left to right;
* the most frequent pair merges first; **equally frequent pairs go to the smallest (left id, right id)**,
  so to the pair made of the earliest tokens.

The same corpus in the same order always gives the same vocabulary; tests/test_hf_trainers_more.py checks
that it shares at least 95% of ``tokenizers``' vocabulary, whichever run of ``tokenizers``.
"""

from __future__ import annotations

from typing import Iterable

from .trainers_bpe import BpeTrainer

__all__ = ["WordPieceTrainer"]


class WordPieceTrainer(BpeTrainer):
    """Trains a WordPiece model as ``tokenizers.trainers.WordPieceTrainer`` (same options, same defaults:
    those of ``BpeTrainer`` with ``continuing_subword_prefix="##"``). ``progress`` is ``BpeTrainer``'s."""

    def __init__(self, vocab_size: int = 30000, min_frequency: int = 0, show_progress: bool = True,
                 special_tokens: Iterable = (), limit_alphabet: int | None = None,
                 initial_alphabet: Iterable[str] = (), continuing_subword_prefix: str | None = "##",
                 end_of_word_suffix: str | None = None, **options):
        super().__init__(vocab_size=vocab_size, min_frequency=min_frequency, show_progress=show_progress,
                         special_tokens=special_tokens, limit_alphabet=limit_alphabet,
                         initial_alphabet=initial_alphabet, continuing_subword_prefix=continuing_subword_prefix,
                         end_of_word_suffix=end_of_word_suffix, **options)

    def __repr__(self) -> str:
        return "Word" + super().__repr__().replace("BpeTrainer", "PieceTrainer", 1)

    def _state(self) -> dict:
        return {"bpe_trainer": super()._state()}

    def learn(self, word_counts: dict[str, int] | None = None) -> dict[str, int]:
        """The vocabulary (token -> id) the merges make; the merges themselves are dropped.

        >>> trainer = WordPieceTrainer(vocab_size=9, show_progress=False)
        >>> list(trainer.learn({"pug": 2, "hug": 1}))[4:]
        ['##u', '##g', '##ug', 'pug', 'hug']

        (``##u ##g`` is seen three times: first; then ``p ##ug``, twice, before ``h ##ug``.)
        """
        vocab, _merges = super().learn(word_counts)
        return vocab

    def train_model(self, model) -> list[str]:
        """Fill ``model`` (a ``models.WordPiece``) with the vocabulary learned from the words fed, as
        ``WordPiece::from_bpe``: the vocabulary and the trainer's ``continuing_subword_prefix`` (``##``
        when the trainer has none) replace the model's; its ``unk_token`` and
        ``max_input_chars_per_word`` are kept. Returns the special tokens, for the tokenizer to add."""
        from . import models

        prefix = self.continuing_subword_prefix if self.continuing_subword_prefix is not None else "##"
        fresh = models.WordPiece(vocab=self.learn(), unk_token=model.unk_token,
                                 max_input_chars_per_word=model.max_input_chars_per_word,
                                 continuing_subword_prefix=prefix)
        model.__dict__.update(fresh.__dict__)  # trained in place, as tokenizers trains the model it holds
        return self.special_tokens
