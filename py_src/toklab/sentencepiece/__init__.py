"""SentencePiece in pure Python: a drop-in for the `sentencepiece` package's Python API.

    >>> from toklab.sentencepiece import SentencePieceProcessor
    >>> sp = SentencePieceProcessor(model_file=path)              # doctest: +SKIP
    >>> sp.encode("Hello world!"), sp.encode("Hello world!", out_type=str)   # doctest: +SKIP
    ([15043, 3186, 29991], ['▁Hello', '▁world', '!'])

The modules, in the order a text goes through them:

    modelproto   reads a `tokenizer.model` (a protobuf ModelProto) by hand
    charsmap     the precompiled character map of its normalizer (NFKC and the like)
    normalizer   the charsmap, the whitespace rules and ▁ for a space
    bpe          SentencePiece BPE: merge the adjacent pair whose piece scores highest (Llama 2, Mistral)
    unigram      Unigram: the Viterbi path through the lattice of matching pieces
    processor    SentencePieceProcessor: encode, decode and the vocabulary, as the package has them
    trace        what the page animates: BPE's steps with their scores, Unigram's lattice
"""

from .modelproto import ModelProto, read_model
from .processor import SentencePieceProcessor

__all__ = ["ModelProto", "SentencePieceProcessor", "read_model"]
