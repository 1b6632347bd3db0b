"""HuggingFace ``tokenizers``' ``BpeTrainer``, rule for rule, in pure Python.

What this adds over ``toklab.fasttrain``: the exact trainer MiniMind's ``train_tokenizer.py`` runs, so
the same corpus gives the same vocabulary, the same merges in the same order and the same ids as
``tokenizers`` 0.23.3 (``tokenizers/src/models/bpe/trainer.rs``, ``word.rs``; cited below as
trainer.rs and word.rs). ``fasttrain.PairIndex`` keeps exact counts and merges every occurrence of the
best pair; ``tokenizers`` does neither in two corner cases (below), so this loop keeps its own books, the
way trainer.rs keeps them.

    >>> trainer = BpeTrainer(vocab_size=10, show_progress=False, special_tokens=["<s>"])
    >>> trainer.feed(["low lower lowest"], str.split)
    >>> vocab, merges = trainer.learn()
    >>> merges
    [('l', 'o'), ('lo', 'w')]
    >>> vocab
    {'<s>': 0, 'e': 1, 'l': 2, 'o': 3, 'r': 4, 's': 5, 't': 6, 'w': 7, 'lo': 8, 'low': 9}

The rules, in trainer.rs's order:

1. **Words** (``feed``): each sequence is cut into words by ``process`` (the tokenizer's normalizer
   and pre-tokenizer: ``Ġlow`` for " low" with ByteLevel), and identical words are counted. Merges
   never cross a word.
2. **First ids** (``add_special_tokens``, ``compute_alphabet``): the special tokens in the order given
   (a repeat is skipped), then the alphabet in code point order. The alphabet is every character of the
   words plus ``initial_alphabet`` (the first character of each string); with ``limit_alphabet`` the
   rarest characters (counted with the words' counts; ``initial_alphabet`` never loses) are dropped
   and simply vanish from the words they were in, so their neighbours become adjacent.
3. **Symbols** (``tokenize_words``): a word is its kept characters; ``continuing_subword_prefix`` goes
   before every character but the word's first, ``end_of_word_suffix`` after the last; a symbol so made
   takes the next id the first time it is seen.
4. **Pairs** (``count_pairs``): a pair's count is the sum over words of count x occurrences, overlaps
   included (``a a a`` has ``(a, a)`` twice).
5. **Merges**: the pair with the highest count wins; ties go to the smallest pair of ids (left id, then
   right id): trainer.rs's ``Merge::cmp``. The new token is left + right (right without its
   ``continuing_subword_prefix``) and takes the next id, unless that string is already a token, which
   keeps its id; either way the merge is recorded. In each word the pair merges left to right without
   overlap (``a a a`` -> ``aa a``). A pair whose token would be ``max_token_length`` characters or
   longer is not counted when a merge makes it (word.rs: ``len < max_length``).
6. **Stop**, checked before each merge: the vocabulary (special tokens included) has ``vocab_size``
   entries; no pair is left; the best count is 0 or below ``min_frequency``.
7. **The model**: ``vocab`` maps every token to its id; ``merges`` lists the pairs in the order they were
   merged, a pair merged twice kept at its last place (trainer.rs collects them into a map).

The two corner cases, kept as trainer.rs keeps them. A pair's heap entry carries the words it was seen in,
and a merge is made only in those words; when a merge makes a token that already exists (``a``+``bc``
after ``ab``+``c``), the pairs next to it get a second entry holding only the new words, so the same
pair can be merged twice. And the counts are bookkeeping, not a recount: the merged pair keeps its old
count, and with ``max_token_length`` a count can fall below zero (read as a huge unsigned number, as
trainer.rs's ``as u64`` does). Where trainer.rs's order comes from a hash map (the ids of prefixed or
suffixed symbols; which of two equally rare characters ``limit_alphabet`` drops; two heap entries of one
pair with one count), ``tokenizers`` itself varies from run to run; this trainer takes the words in the
order first seen, drops the smaller code point first, and pops the older entry first.

``progress(done, total, merge)`` is called after every merge: ``done`` merges so far, ``total`` the most
the vocabulary size allows (a merge that remakes a token adds none, so ``done`` can pass it), ``merge``
the newest ``(left, right)``. Returning ``False`` stops training; what was learned so far is kept, as if
the vocabulary were full. The merge loop itself is ``toklab.hf.merge_loop``.
"""

from __future__ import annotations

import copy
import json
import sys
from collections import Counter, _count_elements
from itertools import chain
from operator import methodcaller
from typing import Callable, Iterable

from toklab.errors import ToklabError, ToklabTypeError

from .merge_loop import merge_steps, text_words

MAX_VOCAB_SIZE = 1_000_000  # toklab's stated limit (tokenizers has none but memory)
_USIZE_MAX = (1 << 64) - 1

__all__ = ["BpeTrainer", "MAX_VOCAB_SIZE", "Trainer", "byte_level_word_counts"]

Progress = Callable[[int, int, tuple], object]


class Trainer:
    """The base of the trainers, as ``tokenizers.trainers.Trainer``: the special tokens, each an
    ``AddedToken`` made special and not normalized as the bindings make them (``_special_tokens`` holds
    their texts), and pickling as ``tokenizers``' own JSON state (``_state``: its fields in serde's order).

    >>> from toklab.hf.trainers_wordlevel import WordLevelTrainer
    >>> WordLevelTrainer(min_frequency=12).__getstate__()
    b'{"WordLevelTrainer":{"min_frequency":12,"vocab_size":30000,"show_progress":true,"special_tokens":[],"words":{}}}'
    """

    @property
    def special_tokens(self) -> list:
        return [copy.copy(t) for t in self._added]

    @special_tokens.setter
    def special_tokens(self, tokens) -> None:
        if isinstance(tokens, (str, bytes)):
            raise ToklabTypeError("wrong_type", field="special_tokens", expected="list of strings or AddedTokens")
        self._added = [_special(t) for t in tokens]
        self._special_tokens = [t.content for t in self._added]

    def _state(self) -> dict:
        raise NotImplementedError

    def _special_state(self) -> list[dict]:
        return [{"content": t.content, "single_word": t.single_word, "lstrip": t.lstrip, "rstrip": t.rstrip,
                 "normalized": t.normalized, "special": t.special} for t in self._added]

    def __getstate__(self) -> bytes:
        return json.dumps({type(self).__name__: self._state()}, ensure_ascii=False, separators=(",", ":")).encode()

    def __setstate__(self, state) -> None:
        fields = dict(json.loads(state)[type(self).__name__])
        fields = fields.get("bpe_trainer", fields)  # WordPieceTrainer wraps a BpeTrainer's fields
        words = fields.pop("words", {})
        if "progress_format" in fields:
            fields["progress_format"] = {"Indicatif": "indicatif", "JsonLines": "json", "Silent": "silent"}.get(
                fields["progress_format"], "indicatif")
        fields["special_tokens"] = [_special(t) for t in fields.get("special_tokens", [])]
        self.__init__(**fields)
        self.words = dict(words)


def byte_level_word_counts(sequences: Iterable[str], split: Callable[[str], list[str]] | None = None) -> dict[str, int]:
    """The words ``feed`` counts behind ``pre_tokenizers.ByteLevel(add_prefix_space=False)`` and no
    normalizer (MiniMind's set-up): GPT-2's pieces (``split``; by default ``toklab.pretokenize``'s, whose
    classes follow a newer Unicode than ``tokenizers``' Oniguruma), each as its printable bytes
    (``toklab.bytes_unicode``), counted; each distinct piece is turned into bytes once.

    >>> byte_level_word_counts(["我爱 北京", "hi hi"])
    {'æĪĳçĪ±': 1, 'ĠåĮĹäº¬': 1, 'hi': 1, 'Ġhi': 1}
    """
    from toklab.bytes_unicode import _TO_PRINTABLE  # to_printable's table, here mapped over all pieces at once

    if split is None:
        from toklab.pretokenize import split_pieces as split
    pieces: dict[str, int] = {}
    _count_elements(pieces, chain.from_iterable(map(split, sequences)))  # Counter.update's C loop
    printable = map(methodcaller("translate", _TO_PRINTABLE),
                    map(methodcaller("decode", "latin-1"), map(methodcaller("encode", "utf-8"), pieces)))
    return dict(zip(printable, pieces.values()))


def _int_option(name: str, value, minimum: int = 0, maximum: int | None = None, optional: bool = False):
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ToklabTypeError("wrong_type", field=name, expected="whole number")
    if value < minimum:
        raise ToklabError("too_small", field=name, min=minimum)
    if maximum is not None and value > maximum:
        raise ToklabError("too_large", field=name, max=maximum)
    return value


def _special(token):
    """A special token as the bindings' trainers keep it: an ``AddedToken``, special, not normalized."""
    from .added import AddedToken

    if isinstance(token, dict):  # as __getstate__ writes it
        token = AddedToken(**token)
    if isinstance(token, str):
        return AddedToken(token, normalized=False, special=True)
    if isinstance(token, AddedToken) and isinstance(token.content, str):  # normalized kept if it was set
        return AddedToken(token.content, single_word=token.single_word, lstrip=token.lstrip, rstrip=token.rstrip,
                          normalized=getattr(token, "_normalized", None), special=True)
    raise ToklabTypeError("wrong_type", field="special_tokens", expected="list of strings or AddedTokens")


class _InitialAlphabet:
    """The `initial_alphabet` option BpeTrainer and UnigramTrainer share: characters always in the
    vocabulary, each given as a string whose first character counts."""

    @property
    def initial_alphabet(self) -> list[str]:
        """The characters, each as a one-character string (the first character of each given string)."""
        return sorted(self._initial_alphabet)

    @initial_alphabet.setter
    def initial_alphabet(self, alphabet) -> None:
        if isinstance(alphabet, str) or any(not isinstance(s, str) for s in alphabet):
            raise ToklabTypeError("wrong_type", field="initial_alphabet", expected="list of strings")
        self._initial_alphabet = {s[0] for s in alphabet if s}


class BpeTrainer(_InitialAlphabet, Trainer):
    """Trains a BPE model exactly as ``tokenizers.trainers.BpeTrainer`` (same options, same defaults).

    ``progress`` (toklab's own) is the callback described in the module docstring; ``strict`` (toklab's
    own, off by default as in ``tokenizers``) refuses an empty corpus and a ``vocab_size`` below the
    special tokens plus the alphabet, which ``tokenizers`` accepts silently.
    """

    def __init__(self, vocab_size: int = 30000, min_frequency: int = 0, show_progress: bool = True,
                 special_tokens: Iterable = (), limit_alphabet: int | None = None,
                 initial_alphabet: Iterable[str] = (), continuing_subword_prefix: str | None = None,
                 end_of_word_suffix: str | None = None, max_token_length: int | None = None,
                 progress: Progress | None = None, strict: bool = False, progress_format: str = "indicatif",
                 **ignored):
        self.vocab_size = _int_option("vocab_size", vocab_size, 0, MAX_VOCAB_SIZE)
        self.min_frequency = _int_option("min_frequency", min_frequency)
        self.show_progress = bool(show_progress)
        self.special_tokens = special_tokens
        self.limit_alphabet = _int_option("limit_alphabet", limit_alphabet, optional=True)
        self.initial_alphabet = initial_alphabet
        self.continuing_subword_prefix = continuing_subword_prefix
        self.end_of_word_suffix = end_of_word_suffix
        self.max_token_length = _int_option("max_token_length", max_token_length, optional=True)
        self.progress = progress
        self.strict = strict
        self.progress_format = progress_format  # accepted as tokenizers does; the output here is one format
        for key in ignored:
            print(f"Ignored unknown kwargs option {key}")  # as the Python binding says it
        self.words: dict[str, int] = {}
        self.stop_reason: str | None = None  # after learn: "vocab_size", "no_pairs", "min_frequency" or "stopped"

    def __repr__(self) -> str:
        return (f"BpeTrainer(vocab_size={self.vocab_size}, min_frequency={self.min_frequency}, "
                f"special_tokens={self._special_tokens!r}, limit_alphabet={self.limit_alphabet})")

    def _state(self) -> dict:
        return {"min_frequency": self.min_frequency, "vocab_size": self.vocab_size, "show_progress": self.show_progress,
                "progress_format": {"json": "JsonLines", "silent": "Silent"}.get(self.progress_format, "Indicatif"),
                "special_tokens": self._special_state(), "limit_alphabet": self.limit_alphabet,
                "initial_alphabet": self.initial_alphabet, "continuing_subword_prefix": self.continuing_subword_prefix,
                "end_of_word_suffix": self.end_of_word_suffix, "max_token_length": self.max_token_length,
                "words": self.words}

    def feed(self, sequences: Iterable[str], process: Callable[[str], list[str]]) -> None:
        """Count the words of every sequence (rule 1); replaces what was fed before, as trainer.rs."""
        words: dict[str, int] = {}
        get = words.get
        for sequence in sequences:
            for word in process(sequence):
                words[word] = get(word, 0) + 1
        self.words = words

    def get_word_count(self) -> int:
        return len(self.words)

    # --- rules 2 and 3 ---------------------------------------------------------------------------------

    def first_vocab(self, word_counts: dict[str, int]) -> tuple[dict[str, int], list[str]]:
        """The special tokens, then the alphabet (rule 2): ``(token -> id, id -> token)``.

        >>> BpeTrainer(special_tokens=["<s>", "b"], limit_alphabet=2).first_vocab({"abc": 1, "cc": 2})[1]
        ['<s>', 'b', 'c']

        (``a`` and ``b`` are the rarest; ``a`` goes, the smaller code point; ``b`` stays a special token.)
        """
        w2id: dict[str, int] = {}
        id2w: list[str] = []
        for token in self._special_tokens:
            if token not in w2id:
                w2id[token] = len(id2w)
                id2w.append(token)
        if self.limit_alphabet is None:  # only which characters occur matters, not how often
            alphabet = dict.fromkeys(set("".join(word_counts)), 0)
        else:
            alphabet = Counter()
            for word, count in word_counts.items():
                alphabet.update(word * count if count > 1 else word)
        for c in self._initial_alphabet:
            alphabet[c] = _USIZE_MAX  # never dropped before a seen character
        kept = sorted(alphabet)
        to_remove = max(0, len(alphabet) - self.limit_alphabet) if self.limit_alphabet is not None else 0
        if to_remove:
            rarest = sorted(kept, key=lambda c: (alphabet[c], c))[:to_remove]
            kept = sorted(set(kept) - set(rarest))
        for c in kept:
            if c not in w2id:
                w2id[c] = len(id2w)
                id2w.append(c)
        return w2id, id2w

    def symbols(self, word: str, w2id: dict[str, int], id2w: list[str]) -> list[int]:
        """A word as symbol ids (rule 3); a prefixed or suffixed symbol is added to the vocabulary.

        >>> t = BpeTrainer(continuing_subword_prefix="##"); w2id = {"a": 0, "b": 1}; id2w = ["a", "b"]
        >>> t.symbols("abxb", w2id, id2w), id2w
        ([0, 2, 2], ['a', 'b', '##b'])
        """
        prefix, suffix = self.continuing_subword_prefix, self.end_of_word_suffix
        if prefix is None and suffix is None:
            return [w2id[c] for c in word if c in w2id]
        out = []
        last = len(word) - 1
        for i, c in enumerate(word):
            if c not in w2id:
                continue
            s = c
            if i and prefix is not None:
                s = prefix + s
            if i == last and suffix is not None:
                s = s + suffix
            if s not in w2id:
                w2id[s] = len(id2w)
                id2w.append(s)
            out.append(w2id[s])
        return out

    # --- rules 4 to 7 ----------------------------------------------------------------------------------

    def learn(self, word_counts: dict[str, int] | None = None) -> tuple[dict[str, int], list[tuple[str, str]]]:
        """Train on ``word_counts`` (default: what ``feed`` counted): ``(vocab, merges)``."""
        steps = self.learn_steps(word_counts)
        report = None
        try:
            done, total, merge = next(steps)
            report = self._reporter(total)
            while True:
                go_on = report is None or report(done, merge) is not False
                done, total, merge = steps.send(go_on)
        except StopIteration as end:
            return end.value

    def learn_steps(self, word_counts: dict[str, int] | None = None, pace: int | None = None):
        """``learn`` one merge at a time (``merge_loop.merge_steps``): yields ``(done, total, (left, right))``
        after each merge (the module docstring's ``progress`` arguments) and is sent whether to go on;
        returns ``(vocab, merges)``, what was learned so far when sent False. With ``pace``, the first
        count of pairs yields ``("counting", words counted, words)`` as ``merge_steps`` does."""
        word_counts = self.words if word_counts is None else word_counts
        w2id, id2w = self.first_vocab(word_counts)
        if self.strict:
            if not word_counts:
                raise ToklabError("corpus_empty")
            if self.vocab_size < len(id2w):
                raise ToklabError("too_small", field="vocab_size", min=len(id2w))
        if self.continuing_subword_prefix is None and self.end_of_word_suffix is None:
            words = text_words(word_counts, w2id)  # the same symbols, as merge_loop's fast road holds them
        else:
            words = [self.symbols(w, w2id, id2w) for w in word_counts]
        counts = list(word_counts.values())
        total = max(0, self.vocab_size - len(id2w))
        steps = merge_steps(words, counts, w2id, id2w, self.vocab_size, self.min_frequency,
                            self.max_token_length, self.continuing_subword_prefix, pace)
        try:
            news = next(steps)
            while True:
                go_on = yield news if news[0] == "counting" else (news[0], total, news[1])
                news = steps.send(go_on is not False)
        except StopIteration as end:
            merged, self.stop_reason = end.value
        last = {pair: rank for rank, pair in enumerate(merged)}  # a pair merged twice keeps its last place
        merges = [(id2w[a], id2w[b]) for (a, b), rank in sorted(last.items(), key=lambda kv: kv[1])]
        return dict(w2id), merges

    def train_model(self, model) -> list[str]:
        """Fill ``model`` (a ``models.BPE``) with what was learned from the words fed: the vocabulary,
        the merges, the trainer's ``continuing_subword_prefix`` and ``end_of_word_suffix``. Returns the
        special tokens, for the tokenizer to add (``training``)."""
        vocab, merges = self.learn()
        model.vocab, model.merges = vocab, merges
        model.continuing_subword_prefix = self.continuing_subword_prefix
        model.end_of_word_suffix = self.end_of_word_suffix
        model._build()
        return self.special_tokens

    def _reporter(self, total: int) -> Callable[[int, tuple], object] | None:
        if self.progress is not None:
            callback = self.progress
            return lambda done, merge: callback(done, total, merge)
        if self.show_progress:
            def bar(done, merge):
                if done % 500 == 0:
                    print(f"Compute merges {done:>9}/{total:<9} {merge[0]!r} + {merge[1]!r}", file=sys.stderr)
            return bar
        return None
