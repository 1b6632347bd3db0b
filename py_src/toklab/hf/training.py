"""Training a ``Tokenizer``: the glue between its parts and its model's trainer (``trainers.BpeTrainer``,
``trainers_wordpiece``, ``trainers_wordlevel``, ``trainers_unigram``).

What this adds over ``trainers``: where the words come from and where the result goes, as
``tokenizers/src/tokenizer/mod.rs`` (``TokenizerImpl::train``, ``train_from_files``) does it. Each sequence
goes through the tokenizer's own first steps: the added tokens already in it are split out (an added token
is then one word, as ``get_splits`` returns it), the rest normalized and pre-tokenized; the words are
counted; the trainer learns and fills the model it trains (``train_model``: BPE's vocabulary, merges and the
trainer's ``continuing_subword_prefix`` / ``end_of_word_suffix``; WordPiece's vocabulary and prefix;
WordLevel's vocabulary; Unigram's pieces and scores); the trainer's special tokens are added to the
tokenizer as special added tokens. ``Tokenizer.train_from_iterator`` and ``Tokenizer.train`` call these.

MiniMind's set-up (no normalizer, ``ByteLevel(add_prefix_space=False)``, nothing added yet) takes a
shorter road with the same words: GPT-2's pieces (``gpt2_split``: ByteLevel's own pattern, Oniguruma's
classes) counted first, each distinct piece turned into bytes once (``trainers.byte_level_word_counts``;
tested against the long road).
"""

from __future__ import annotations

from typing import Iterable

from toklab.errors import ToklabError, ToklabTypeError

from . import pre_tokenizers as _pre_tokenizers
from .trainers_bpe import BpeTrainer, byte_level_word_counts

__all__ = ["gpt2_split", "lines_with_ending", "train_from_iterator", "train_from_files", "words_of"]


def gpt2_split():
    """``text -> pieces`` with GPT-2's pattern as ``pre_tokenizers.ByteLevel`` runs it (its classes are
    Oniguruma's, as in ``tokenizers``; the matches cover the text)."""
    return _pre_tokenizers.ByteLevel(add_prefix_space=False)._gpt2._re.findall


def words_of(tokenizer, sequence: str) -> list[str]:
    """The words ``tokenizers`` trains on for one sequence (the ``process`` of mod.rs's ``train``).

    >>> from toklab.hf import Tokenizer, models, pre_tokenizers
    >>> tok = Tokenizer(models.BPE()); tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    >>> words_of(tok, "我爱 北京")
    ['æĪĳçĪ±', 'ĠåĮĹäº¬']
    """
    if not isinstance(sequence, str):
        raise ToklabTypeError("wrong_type", field="sequence", expected="string")
    words = []
    pre = tokenizer.pre_tokenizer
    for added_id, _, stretch, matched in tokenizer._segments(sequence):
        if added_id is not None:  # the text an added token matched (with what lstrip/rstrip took) is a word
            words.append(matched)
            continue
        norm, ns, ne = stretch[0], stretch[1], stretch[2]
        piece = (norm[ns:ne], ns, None)
        for text, _, _ in (pre.split_piece(piece) if pre is not None else [piece]):
            if text:
                words.append(text)
    return words


def _sequences(iterator) -> Iterable[str]:
    """The Python binding's input: strings, or batches (lists, tuples) of strings."""
    for item in iterator:
        if isinstance(item, (list, tuple)):
            yield from item
        else:
            yield item


def _minimind_road(tokenizer) -> bool:
    pre = tokenizer.pre_tokenizer
    return (type(pre) is _pre_tokenizers.ByteLevel and pre.use_regex and not pre.add_prefix_space
            and tokenizer.normalizer is None and len(tokenizer.added_vocabulary) == 0)


def _count(tokenizer, sequences: Iterable[str]) -> dict[str, int]:
    if _minimind_road(tokenizer):
        def checked():
            for s in sequences:
                if not isinstance(s, str):
                    raise ToklabTypeError("wrong_type", field="sequence", expected="string")
                yield s

        return byte_level_word_counts(checked(), gpt2_split())
    counts: dict[str, int] = {}
    get = counts.get
    for sequence in sequences:
        for word in words_of(tokenizer, sequence):
            counts[word] = get(word, 0) + 1
    return counts


def _trainer_for(model, trainer):
    """The trainer that trains ``model``: ``trainer``, checked, or the model's own default one
    (mod.rs's ``get_trainer``); each trainer trains one kind of model (models/mod.rs)."""
    from . import models
    from .trainers_unigram import UnigramTrainer
    from .trainers_wordlevel import WordLevelTrainer
    from .trainers_wordpiece import WordPieceTrainer

    kinds = (("BPE", BpeTrainer), ("WordPiece", WordPieceTrainer), ("WordLevel", WordLevelTrainer),
             ("Unigram", UnigramTrainer))
    for name, trainer_class in kinds:
        model_class = getattr(models, name, None)
        if model_class is not None and isinstance(model, model_class):
            if trainer is None:
                return trainer_class()
            if type(trainer) is not trainer_class:
                given = type(trainer).__name__
                trains = next((n for n, c in kinds if type(trainer) is c), None)
                said = f"{given} ({given} can only train a {trains})" if trains else given  # models/mod.rs's words
                raise ToklabError("hf_bad_value", path="trainer", expected=f"a {trainer_class.__name__} for a {name} model",
                                  value=said)
            return trainer
    raise ToklabTypeError("wrong_type", field="model", expected="BPE, WordPiece, WordLevel or Unigram model")


def _train(tokenizer, trainer, sequences: Iterable[str]):
    trainer = _trainer_for(tokenizer.model, trainer)
    trainer.words = _count(tokenizer, sequences)
    special_tokens = trainer.train_model(tokenizer.model)
    tokenizer.add_special_tokens(special_tokens)
    return tokenizer


def train_from_iterator(tokenizer, iterator, trainer=None, length: int | None = None):
    """``Tokenizer.train_from_iterator``: ``length`` only sizes ``tokenizers``' progress bar; here too it
    changes nothing."""
    return _train(tokenizer, trainer, _sequences(iterator))


def lines_with_ending(path: str) -> Iterable[str]:
    """A file's lines with their ``\\n`` or ``\\r\\n`` kept, as ``train_from_files`` reads them."""
    with open(path, encoding="utf-8", newline="\n") as f:  # split at \n only, nothing translated
        yield from f


def train_from_files(tokenizer, files: list[str], trainer=None):
    """``Tokenizer.train(files, trainer)``: every line of every file is a sequence."""
    if isinstance(files, str):
        files = [files]
    return _train(tokenizer, trainer, (line for path in files for line in lines_with_ending(path)))
