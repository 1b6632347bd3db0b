"""toklab: see how a language model turns text into token ids.

    >>> import toklab
    >>> enc = toklab.get_encoding("r50k_base")
    >>> enc.encode("tokenization"), enc.decode([30001, 1634])
    ([30001, 1634], 'tokenization')
    >>> toklab.BPETokenizer().train("low lower lowest low lower newest", vocab_size=12).merges[:2]
    [('l', 'o'), ('lo', 'w')]

Modules, in teaching order:
  chars, words       whole characters or whole words as tokens (and why both fall short)
  toybpe             merges learned from pair counts, on characters with a </w> word end
  training           the same training with a step-by-step trace (fasttrain: incremental counts)
  reference          the merge rule in a few plain lines (lowest rank first, leftmost occurrence)
  pretokenize, bpe   GPT-2's byte-level BPE: regex pieces, UTF-8 bytes, a ranked merge list (the model)
  patterns, ranks    tiktoken's patterns in Python's re; BPE from a table of ranks alone (the model)
  special_tokens     <|endoftext|> and friends, split out first by tiktoken's rule
  encoding, r50k     tiktoken's Encoding, made of those parts; GPT-2's genuine 50,257-entry table as one
  trace              every merge step as plain data
  charmerge          an exact shortcut: a multi-byte character starts as one symbol where that changes nothing
  registry           the shipped encodings (r50k_base, gpt2, cl100k_base, o200k_base), by name or model,
                     and the open models' tokenizers (get_tokenizer: minimind, qwen3, deepseek_v3, llama3,
                     gemma3; open_models names them, hf.compact is the form they ship in)
  bytetrain          learning a byte-level table of your own, usable by the r50k machinery
  decoding, special  ids back to text, and special tokens such as <|endoftext|>
  compare, samples   tokenizers side by side; token streams cut into training samples
  webapi, protocol   the JSON entry point the browser worker calls, and the types of what it exchanges
  errors, caches     the engine's errors as codes and params (the page says them in its language); caches
                     bounded by the size of what they hold
  sentencepiece      SentencePiece's own .model files (BPE by score, Unigram), a drop-in for the
                     `sentencepiece` package; spm_models names the shipped ones (get_sentencepiece:
                     llama2, mistral, unigram_en, unigram_ja)
  hf                 HuggingFace tokenizers' parts (added tokens, normalizers, pre-tokenizers, BPE,
                     processors, decoders) running a tokenizer.json: MiniMind, Qwen3, DeepSeek-V3, ...
"""

from .bytetrain import train_bytes, trained_encoding
from .chars import CharacterTokenizer
from .encoding import Encoding, TokenError
from .registry import (
    encoding_for_model,
    encoding_name_for_model,
    get_encoding,
    get_tokenizer,
    list_encoding_names,
    list_tokenizer_names,
    tokenizer_facts,
)
from .samples import make_samples, samples_for_text
from .spm_models import get_sentencepiece, list_sentencepiece_names
from .toybpe import BPETokenizer
from .training import train_bpe_tokenizer, train_toy
from .words import WordTokenizer

__all__ = [
    "BPETokenizer",
    "CharacterTokenizer",
    "Encoding",
    "TokenError",
    "WordTokenizer",
    "encoding_for_model",
    "encoding_name_for_model",
    "get_encoding",
    "get_sentencepiece",
    "get_tokenizer",
    "list_encoding_names",
    "list_sentencepiece_names",
    "list_tokenizer_names",
    "make_samples",
    "samples_for_text",
    "tokenizer_facts",
    "train_bpe_tokenizer",
    "train_bytes",
    "train_toy",
    "trained_encoding",
]
