"""toklab.hf: HuggingFace `tokenizers`' tokenizers, in pure Python, made of the same parts.

    >>> from toklab.hf import Tokenizer
    >>> from toklab.hf import models, normalizers, pre_tokenizers, processors, decoders

A tokenizer.json is a composition of parts, each a small module here named as in `tokenizers`:
  added           the added vocabulary: tokens split out of the text first (added_vocabulary.rs)
  normalizers     NFC, Replace, Prepend, Lowercase, Sequence... (normalizers/)
  pre_tokenizers  Split, ByteLevel, Metaspace, Digits, Sequence... (pre_tokenizers/)
  models          BPE: ranked merges, byte fallback, unknown tokens (models/bpe/)
  processors      TemplateProcessing, ByteLevel (processors/)
  decoders        ByteLevel, ByteFallback, Fuse, Replace, Strip, Metaspace (decoders/)
  tokenizer       Tokenizer: the parts composed; encode, decode, from_file, to_str
  trace           every step of one encode, as plain data for the page
  compact         a tokenizer.json in the compact form the build ships (toklab.get_tokenizer loads it)
  trainers        BpeTrainer: tokenizers' trainer rule for rule (merge_loop, training, model_files,
                  minimind: the page's run of MiniMind's train_tokenizer.py); WordPieceTrainer,
                  WordLevelTrainer, UnigramTrainer (trainers_wordpiece, trainers_wordlevel, trainers_unigram)
Exact against `tokenizers` 0.23.3 on MiniMind, Qwen3, DeepSeek-V3, Llama 3 and Gemma 3 (tests/test_hf_*.py).
"""

from . import decoders, models, normalizers, pre_tokenizers, processors, trainers
from ._config import Regex
from .added import AddedToken
from .normalizers import NormalizedString
from .pre_tokenizers import PreTokenizedString
from .tokenizer import Encoding, Tokenizer
from . import implementations  # noqa: E402  (built on Tokenizer)
from .implementations import (  # noqa: E402
    BertWordPieceTokenizer, ByteLevelBPETokenizer, CharBPETokenizer, SentencePieceBPETokenizer, SentencePieceUnigramTokenizer,
)

__all__ = [
    "AddedToken", "BertWordPieceTokenizer", "ByteLevelBPETokenizer", "CharBPETokenizer", "Encoding", "NormalizedString",
    "PreTokenizedString", "Regex", "SentencePieceBPETokenizer", "SentencePieceUnigramTokenizer", "Tokenizer", "decoders",
    "implementations", "models", "normalizers", "pre_tokenizers", "processors", "trainers",
]  # fmt: skip
