"""``tokenizers.trainers``: the four trainers, each in its own module.

``BpeTrainer`` (and the ``Trainer`` base they share) is ``trainers_bpe``, whose docstring gives
trainer.rs's rules one by one; ``UnigramTrainer``, ``WordLevelTrainer`` and ``WordPieceTrainer`` are
``trainers_unigram``, ``trainers_wordlevel`` and ``trainers_wordpiece``. This module only gathers them, so
none of them imports back the module that names them all.
"""

from __future__ import annotations

from .trainers_bpe import MAX_VOCAB_SIZE, BpeTrainer, Trainer, byte_level_word_counts
from .trainers_unigram import UnigramTrainer
from .trainers_wordlevel import WordLevelTrainer
from .trainers_wordpiece import WordPieceTrainer

__all__ = ["BpeTrainer", "MAX_VOCAB_SIZE", "Trainer", "UnigramTrainer", "WordLevelTrainer", "WordPieceTrainer",
           "byte_level_word_counts"]
