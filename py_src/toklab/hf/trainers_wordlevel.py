"""HuggingFace ``tokenizers``' ``WordLevelTrainer``: a vocabulary of whole words, the most frequent first.

What this adds over ``trainers``: the simplest trainer there is, rule for rule as
``tokenizers/src/models/wordlevel/trainer.rs``. No merges, no pieces: each word the pre-tokenizer
makes is counted, and the vocabulary is

1. the special tokens, in the order given (a repeat is not skipped: its later id wins, as the Rust
   trainer collects the list into a map);
2. then the words counted at least ``min_frequency`` times, the most frequent first; **ties go to the
   smaller word** (code point order, which is UTF-8 byte order: trainer.rs sorts by count, then word);
3. cut at ``vocab_size`` entries. A word that is also a special token takes its later id, and the
   special token's id is left empty, as in ``tokenizers``.

    >>> trainer = WordLevelTrainer(vocab_size=5, special_tokens=["[UNK]"], show_progress=False)
    >>> trainer.feed(["the cat saw the dog", "a cat"], str.split)
    >>> trainer.learn()
    {'[UNK]': 0, 'cat': 1, 'the': 2, 'a': 3, 'dog': 4}

(``cat`` and ``the`` are seen twice, ``cat`` first; ``a``, ``dog`` and ``saw`` once: ``saw`` is cut.)
Being a sort, it is deterministic and equal to ``tokenizers``' (ids included): tests/test_hf_trainers_more.py.
"""

from __future__ import annotations

from typing import Callable, Iterable

from .trainers_bpe import MAX_VOCAB_SIZE, Trainer, _int_option

__all__ = ["WordLevelTrainer"]


class WordLevelTrainer(Trainer):
    """Trains a WordLevel model as ``tokenizers.trainers.WordLevelTrainer`` (same options, same defaults).

    ``progress(done, total, word)`` (toklab's own) is called as each word takes its id; returning False
    stops there, keeping the words so far."""

    def __init__(self, vocab_size: int = 30000, min_frequency: int = 0, show_progress: bool = True,
                 special_tokens: Iterable = (), progress=None, **ignored):
        self.vocab_size = _int_option("vocab_size", vocab_size, 0, MAX_VOCAB_SIZE)
        self.min_frequency = _int_option("min_frequency", min_frequency)
        self.show_progress = bool(show_progress)
        self.special_tokens = special_tokens
        self.progress = progress
        for key in ignored:
            print(f"Ignored unknown kwargs option {key}")  # as the Python binding says it
        self.words: dict[str, int] = {}


    def __repr__(self) -> str:
        return (f"WordLevelTrainer(vocab_size={self.vocab_size}, min_frequency={self.min_frequency}, "
                f"special_tokens={self._special_tokens!r})")

    def _state(self) -> dict:
        return {"min_frequency": self.min_frequency, "vocab_size": self.vocab_size, "show_progress": self.show_progress,
                "special_tokens": self._special_state(), "words": self.words}

    def feed(self, sequences: Iterable[str], process: Callable[[str], list[str]]) -> None:
        """Count the words of every sequence; replaces what was fed before."""
        words: dict[str, int] = {}
        get = words.get
        for sequence in sequences:
            for word in process(sequence):
                words[word] = get(word, 0) + 1
        self.words = words

    def get_word_count(self) -> int:
        return len(self.words)

    def ranked(self, word_counts: dict[str, int] | None = None) -> list[str]:
        """The words kept, best first (rule 2).

        >>> WordLevelTrainer(min_frequency=2).ranked({"b": 2, "a": 2, "c": 1, "d": 3})
        ['d', 'a', 'b']
        """
        word_counts = self.words if word_counts is None else word_counts
        ordered = sorted(word_counts.items(), key=lambda wc: (-wc[1], wc[0]))
        return [w for w, n in ordered if n >= self.min_frequency]

    def learn(self, word_counts: dict[str, int] | None = None) -> dict[str, int]:
        """The vocabulary (token -> id) learned from ``word_counts`` (default: what ``feed`` counted)."""
        entries = (self._special_tokens + self.ranked(word_counts))[:self.vocab_size]
        vocab: dict[str, int] = {}
        total = len(entries)
        for i, token in enumerate(entries):
            vocab[token] = i
            if self.progress is not None and self.progress(i + 1, total, token) is False:
                break
        return vocab

    def train_model(self, model) -> list[str]:
        """Fill ``model`` (a ``models.WordLevel``) with what was learned from the words fed; its
        ``unk_token`` is kept. Returns the special tokens, for the tokenizer to add."""
        from . import models

        fresh = models.WordLevel(vocab=self.learn(), unk_token=model.unk_token)
        model.__dict__.update(fresh.__dict__)  # trained in place, as tokenizers trains the model it holds
        return self.special_tokens
