"""`tokenizers.implementations`: five ready-made tokenizers, each a Tokenizer with its parts chosen.

Mirrors huggingface/tokenizers `bindings/python/py_src/tokenizers/implementations/`: a thin wrapper
(`BaseTokenizer`) that passes every call on to the Tokenizer inside, and the compositions:

  BertWordPieceTokenizer         BertNormalizer, BertPreTokenizer, WordPiece, BertProcessing, WordPiece decoder
  ByteLevelBPETokenizer          (Lowercase), ByteLevel pre-tokenizer, BPE, ByteLevel processor and decoder
  CharBPETokenizer               BertNormalizer, BertPreTokenizer, BPE with "</w>", BPEDecoder
  SentencePieceBPETokenizer      NFKC, Metaspace, BPE, Metaspace decoder
  SentencePieceUnigramTokenizer  Nmt + NFKC + spaces squeezed, Metaspace, Unigram, Metaspace decoder

    >>> bert = BertWordPieceTokenizer({"[UNK]": 0, "[CLS]": 1, "[SEP]": 2, "hello": 3, "##s": 4})
    >>> bert.encode("Hellos!").tokens
    ['[CLS]', 'hello', '##s', '[UNK]', '[SEP]']
"""

from __future__ import annotations

from . import decoders, models, normalizers, pre_tokenizers, processors, trainers
from ._config import Regex
from .tokenizer import Tokenizer

__all__ = ["BaseTokenizer", "BertWordPieceTokenizer", "ByteLevelBPETokenizer", "CharBPETokenizer", "SentencePieceBPETokenizer", "SentencePieceUnigramTokenizer"]

_PARTS = ("model", "normalizer", "pre_tokenizer", "post_processor", "decoder")


class BaseTokenizer:
    """A Tokenizer and the parameters it was made with; every other call goes to the Tokenizer."""

    def __init__(self, tokenizer: Tokenizer, parameters: dict | None = None):
        object.__setattr__(self, "_tokenizer", tokenizer)
        object.__setattr__(self, "_parameters", parameters or {})

    def __getattr__(self, name):
        return getattr(self._tokenizer, name)

    def __setattr__(self, name, value):
        if name in _PARTS:
            setattr(self._tokenizer, name, value)
        else:
            object.__setattr__(self, name, value)

    def __repr__(self) -> str:
        return "Tokenizer(vocabulary_size={}, {})".format(self._tokenizer.get_vocab_size(), ", ".join(f"{k}={v}" for k, v in self._parameters.items()))

    def normalize(self, sequence: str) -> str:
        return self._tokenizer.normalizer.normalize_str(sequence)

    def save_model(self, directory: str, prefix: str | None = None) -> list[str]:
        return self._tokenizer.model.save(directory, prefix=prefix)

    def _train(self, trainer, files=None, iterator=None, length=None) -> None:
        if files is not None:
            self._tokenizer.train([files] if isinstance(files, str) else files, trainer=trainer)
        else:
            self._tokenizer.train_from_iterator(iterator, trainer=trainer, length=length)


def _special(tokenizer: Tokenizer, *tokens) -> None:
    """The tokens the vocabulary has, made special (so they are split out whole and skipped in decode)."""
    for t in tokens:
        if tokenizer.token_to_id(str(t)) is not None:
            tokenizer.add_special_tokens([str(t)])


def _normalizer(parts: list):
    return None if not parts else parts[0] if len(parts) == 1 else normalizers.Sequence(parts)


def _unicode_normalizer(name: str | None) -> list:
    return [getattr(normalizers, name.upper())()] if name else []


class BertWordPieceTokenizer(BaseTokenizer):
    """BERT's tokenizer (lowercased, accents stripped by default)."""

    def __init__(self, vocab=None, unk_token="[UNK]", sep_token="[SEP]", cls_token="[CLS]", pad_token="[PAD]", mask_token="[MASK]",
                 clean_text=True, handle_chinese_chars=True, strip_accents=None, lowercase=True, wordpieces_prefix="##"):  # fmt: skip
        tok = Tokenizer(models.WordPiece(vocab, unk_token=str(unk_token), continuing_subword_prefix=wordpieces_prefix))
        _special(tok, unk_token, sep_token, cls_token, pad_token, mask_token)
        tok.normalizer = normalizers.BertNormalizer(clean_text=clean_text, handle_chinese_chars=handle_chinese_chars, strip_accents=strip_accents, lowercase=lowercase)
        tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
        if vocab is not None:
            sep, cls = tok.token_to_id(str(sep_token)), tok.token_to_id(str(cls_token))
            if sep is None or cls is None:
                raise TypeError(f"{'sep_token' if sep is None else 'cls_token'} not found in the vocabulary")
            tok.post_processor = processors.BertProcessing((str(sep_token), sep), (str(cls_token), cls))
        tok.decoder = decoders.WordPiece(prefix=wordpieces_prefix)
        params = {"model": "BertWordPiece", "unk_token": unk_token, "sep_token": sep_token, "cls_token": cls_token, "pad_token": pad_token,
                  "mask_token": mask_token, "clean_text": clean_text, "handle_chinese_chars": handle_chinese_chars,
                  "strip_accents": strip_accents, "lowercase": lowercase, "wordpieces_prefix": wordpieces_prefix}  # fmt: skip
        super().__init__(tok, params)

    @staticmethod
    def from_file(vocab: str, **kwargs) -> BertWordPieceTokenizer:
        return BertWordPieceTokenizer(models.WordPiece.read_file(vocab), **kwargs)

    def train(self, files, vocab_size=30000, min_frequency=2, limit_alphabet=1000, initial_alphabet=None,
              special_tokens=("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"), show_progress=True, wordpieces_prefix="##") -> None:  # fmt: skip
        self._train(self._trainer(vocab_size, min_frequency, limit_alphabet, initial_alphabet, special_tokens, show_progress, wordpieces_prefix), files=files)

    def train_from_iterator(self, iterator, vocab_size=30000, min_frequency=2, limit_alphabet=1000, initial_alphabet=None,
                            special_tokens=("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"), show_progress=True, wordpieces_prefix="##", length=None) -> None:  # fmt: skip
        trainer = self._trainer(vocab_size, min_frequency, limit_alphabet, initial_alphabet, special_tokens, show_progress, wordpieces_prefix)
        self._train(trainer, iterator=iterator, length=length)

    @staticmethod
    def _trainer(vocab_size, min_frequency, limit_alphabet, initial_alphabet, special_tokens, show_progress, prefix):
        return trainers.WordPieceTrainer(vocab_size=vocab_size, min_frequency=min_frequency, limit_alphabet=limit_alphabet,
                                         initial_alphabet=list(initial_alphabet or []), special_tokens=list(special_tokens),
                                         show_progress=show_progress, continuing_subword_prefix=prefix)  # fmt: skip


class ByteLevelBPETokenizer(BaseTokenizer):
    """GPT-2's and RoBERTa's: byte-level BPE."""

    def __init__(self, vocab=None, merges=None, add_prefix_space=False, lowercase=False, dropout=None, unicode_normalizer=None,
                 continuing_subword_prefix=None, end_of_word_suffix=None, trim_offsets=False):  # fmt: skip
        if vocab is not None and merges is not None:
            model = models.BPE(vocab, merges, dropout=dropout, continuing_subword_prefix=continuing_subword_prefix or "", end_of_word_suffix=end_of_word_suffix or "")
        else:
            model = models.BPE()
        tok = Tokenizer(model)
        tok.normalizer = _normalizer(_unicode_normalizer(unicode_normalizer) + ([normalizers.Lowercase()] if lowercase else []))
        tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=add_prefix_space)
        tok.decoder = decoders.ByteLevel()
        tok.post_processor = processors.ByteLevel(trim_offsets=trim_offsets)
        params = {"model": "ByteLevelBPE", "add_prefix_space": add_prefix_space, "lowercase": lowercase, "dropout": dropout, "unicode_normalizer": unicode_normalizer,
                  "continuing_subword_prefix": continuing_subword_prefix, "end_of_word_suffix": end_of_word_suffix, "trim_offsets": trim_offsets}  # fmt: skip
        super().__init__(tok, params)

    @staticmethod
    def from_file(vocab_filename: str, merges_filename: str, **kwargs) -> ByteLevelBPETokenizer:
        return ByteLevelBPETokenizer(*models.BPE.read_file(vocab_filename, merges_filename), **kwargs)

    def train(self, files, vocab_size=30000, min_frequency=2, show_progress=True, special_tokens=()) -> None:
        self._train(self._trainer(vocab_size, min_frequency, show_progress, special_tokens), files=files)

    def train_from_iterator(self, iterator, vocab_size=30000, min_frequency=2, show_progress=True, special_tokens=(), length=None) -> None:
        self._train(self._trainer(vocab_size, min_frequency, show_progress, special_tokens), iterator=iterator, length=length)

    @staticmethod
    def _trainer(vocab_size, min_frequency, show_progress, special_tokens):
        return trainers.BpeTrainer(vocab_size=vocab_size, min_frequency=min_frequency, show_progress=show_progress,
                                   special_tokens=list(special_tokens), initial_alphabet=pre_tokenizers.ByteLevel.alphabet())  # fmt: skip


class CharBPETokenizer(BaseTokenizer):
    """The original BPE (Sennrich et al.; OpenAI's GPT): characters, "</w>" at each word's end."""

    def __init__(self, vocab=None, merges=None, unk_token="<unk>", suffix="</w>", dropout=None, lowercase=False,
                 unicode_normalizer=None, bert_normalizer=True, split_on_whitespace_only=False):  # fmt: skip
        if vocab is not None and merges is not None:
            model = models.BPE(vocab, merges, dropout=dropout, unk_token=str(unk_token), end_of_word_suffix=suffix)
        else:
            model = models.BPE(unk_token=str(unk_token), dropout=dropout, end_of_word_suffix=suffix)
        tok = Tokenizer(model)
        _special(tok, unk_token)
        parts = _unicode_normalizer(unicode_normalizer) + ([normalizers.BertNormalizer(lowercase=False)] if bert_normalizer else [])
        tok.normalizer = _normalizer(parts + ([normalizers.Lowercase()] if lowercase else []))
        tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit() if split_on_whitespace_only else pre_tokenizers.BertPreTokenizer()
        tok.decoder = decoders.BPEDecoder(suffix=suffix)
        params = {"model": "BPE", "unk_token": unk_token, "suffix": suffix, "dropout": dropout, "lowercase": lowercase,
                  "unicode_normalizer": unicode_normalizer, "bert_normalizer": bert_normalizer, "split_on_whitespace_only": split_on_whitespace_only}  # fmt: skip
        super().__init__(tok, params)

    @staticmethod
    def from_file(vocab_filename: str, merges_filename: str, **kwargs) -> CharBPETokenizer:
        return CharBPETokenizer(*models.BPE.read_file(vocab_filename, merges_filename), **kwargs)

    def train(self, files, vocab_size=30000, min_frequency=2, special_tokens=("<unk>",), limit_alphabet=1000, initial_alphabet=None, suffix="</w>", show_progress=True) -> None:
        self._train(self._trainer(vocab_size, min_frequency, special_tokens, limit_alphabet, initial_alphabet, suffix, show_progress), files=files)

    def train_from_iterator(self, iterator, vocab_size=30000, min_frequency=2, special_tokens=("<unk>",), limit_alphabet=1000, initial_alphabet=None,
                            suffix="</w>", show_progress=True, length=None) -> None:  # fmt: skip
        trainer = self._trainer(vocab_size, min_frequency, special_tokens, limit_alphabet, initial_alphabet, suffix, show_progress)
        self._train(trainer, iterator=iterator, length=length)

    @staticmethod
    def _trainer(vocab_size, min_frequency, special_tokens, limit_alphabet, initial_alphabet, suffix, show_progress):
        return trainers.BpeTrainer(vocab_size=vocab_size, min_frequency=min_frequency, special_tokens=list(special_tokens), limit_alphabet=limit_alphabet,
                                   initial_alphabet=list(initial_alphabet or []), end_of_word_suffix=suffix, show_progress=show_progress)  # fmt: skip


class SentencePieceBPETokenizer(BaseTokenizer):
    """SentencePiece's BPE as `tokenizers` composes it: NFKC, ▁ for spaces, BPE."""

    def __init__(self, vocab=None, merges=None, unk_token="<unk>", replacement="\u2581", add_prefix_space=True, dropout=None, fuse_unk=False):
        if vocab is not None and merges is not None:
            model = models.BPE(vocab, merges, dropout=dropout, unk_token=str(unk_token), fuse_unk=fuse_unk)
        else:
            model = models.BPE(dropout=dropout, unk_token=str(unk_token), fuse_unk=fuse_unk)
        tok = Tokenizer(model)
        _special(tok, unk_token)
        tok.normalizer = normalizers.NFKC()
        scheme = "always" if add_prefix_space else "never"
        tok.pre_tokenizer = pre_tokenizers.Metaspace(replacement=replacement, prepend_scheme=scheme)
        tok.decoder = decoders.Metaspace(replacement=replacement, prepend_scheme=scheme)
        params = {"model": "SentencePieceBPE", "unk_token": unk_token, "replacement": replacement, "add_prefix_space": add_prefix_space, "dropout": dropout}
        super().__init__(tok, params)

    @staticmethod
    def from_file(vocab_filename: str, merges_filename: str, **kwargs) -> SentencePieceBPETokenizer:
        return SentencePieceBPETokenizer(*models.BPE.read_file(vocab_filename, merges_filename), **kwargs)

    def train(self, files, vocab_size=30000, min_frequency=2, special_tokens=("<unk>",), limit_alphabet=1000, initial_alphabet=None, show_progress=True) -> None:
        self._train(self._trainer(vocab_size, min_frequency, special_tokens, limit_alphabet, initial_alphabet, show_progress), files=files)

    def train_from_iterator(self, iterator, vocab_size=30000, min_frequency=2, special_tokens=("<unk>",), limit_alphabet=1000, initial_alphabet=None,
                            show_progress=True, length=None) -> None:  # fmt: skip
        trainer = self._trainer(vocab_size, min_frequency, special_tokens, limit_alphabet, initial_alphabet, show_progress)
        self._train(trainer, iterator=iterator, length=length)

    @staticmethod
    def _trainer(vocab_size, min_frequency, special_tokens, limit_alphabet, initial_alphabet, show_progress):
        return trainers.BpeTrainer(vocab_size=vocab_size, min_frequency=min_frequency, special_tokens=list(special_tokens),
                                   limit_alphabet=limit_alphabet, initial_alphabet=list(initial_alphabet or []), show_progress=show_progress)  # fmt: skip


class SentencePieceUnigramTokenizer(BaseTokenizer):
    """SentencePiece's Unigram as `tokenizers` composes it: nmt_nfkc, ▁ for spaces, Unigram."""

    def __init__(self, vocab=None, replacement="\u2581", add_prefix_space=True):
        tok = Tokenizer(models.Unigram(vocab) if vocab is not None else models.Unigram())
        tok.normalizer = normalizers.Sequence([normalizers.Nmt(), normalizers.NFKC(), normalizers.Replace(Regex(" {2,}"), " ")])
        scheme = "always" if add_prefix_space else "never"
        tok.pre_tokenizer = pre_tokenizers.Metaspace(replacement=replacement, prepend_scheme=scheme)
        tok.decoder = decoders.Metaspace(replacement=replacement, prepend_scheme=scheme)
        super().__init__(tok, {"model": "SentencePieceUnigram", "replacement": replacement, "add_prefix_space": add_prefix_space})

    def train(self, files, vocab_size=8000, show_progress=True, special_tokens=None, initial_alphabet=None, unk_token=None) -> None:
        self._train(self._trainer(vocab_size, show_progress, special_tokens, initial_alphabet, unk_token), files=files)

    def train_from_iterator(self, iterator, vocab_size=8000, show_progress=True, special_tokens=None, initial_alphabet=None, unk_token=None, length=None) -> None:
        self._train(self._trainer(vocab_size, show_progress, special_tokens, initial_alphabet, unk_token), iterator=iterator, length=length)

    @staticmethod
    def _trainer(vocab_size, show_progress, special_tokens, initial_alphabet, unk_token):
        return trainers.UnigramTrainer(vocab_size=vocab_size, special_tokens=list(special_tokens or []), show_progress=show_progress,
                                       initial_alphabet=list(initial_alphabet or []), unk_token=unk_token)  # fmt: skip
