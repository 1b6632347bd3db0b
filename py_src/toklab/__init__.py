"""toklab: see how a language model turns text into token ids.

    >>> import toklab
    >>> enc = toklab.get_encoding("r50k_base")
    >>> enc.encode("tokenization"), enc.decode([30001, 1634])
    ([30001, 1634], 'tokenization')

Modules, in teaching order: chars/words (whole units), toy BPE (merges learned from counts),
pretokenize + r50k (GPT-2's byte-level BPE with its ranked table), training (learning a table with a trace).
"""

from .r50k import BPEEncoding, get_encoding

__all__ = ["BPEEncoding", "get_encoding"]
