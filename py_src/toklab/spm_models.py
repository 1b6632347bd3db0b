"""The SentencePiece models toklab ships: their names, titles, licences and pinned files.

    llama2      Llama 1/2's tokenizer.model (BPE by score, 32,000 pieces, byte fallback)
    mistral     Mistral 7B v0.1's tokenizer.model (BPE by score, 32,000 pieces, byte fallback)
    unigram_en  sentencepiece's own English test model (Unigram, 1,000 pieces, NFKC)
    unigram_ja  sentencepiece's own Japanese test model (Unigram, 8,000 pieces, NFKC)

Declared here once (tools/spm_models.py adds where each file comes from and fetches it). The files are
not inside the package; toklab looks for `<name>.model` in TOKLAB_TABLES, then, in a checkout,
.cache/spm/ (`python tools/spm_models.py`) and dist/models/ (`python build.py`), and checks its sha256.

    >>> SPM_NAMES, SPM_MODELS["mistral"].licence
    (('llama2', 'mistral', 'unigram_en', 'unigram_ja'), 'Apache-2.0')
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from .errors import ToklabError, bad_choice
from .table_files import TABLES_ENV, find_table_file  # noqa: F401 (TABLES_ENV: said here as before)
from .table_names import SPM_NAMES as TABLE_SPM_NAMES

__all__ = ["SPM_MODELS", "SPM_NAMES", "SpmModel", "get_sentencepiece", "list_sentencepiece_names", "sentencepiece_path"]


@dataclass(frozen=True)
class SpmModel:
    """What toklab knows of a SentencePiece model without reading it."""

    title: str
    family: str  # "SentencePiece BPE" or "SentencePiece Unigram"
    licence: str
    sha256: str  # of the .model file


SPM_MODELS = {
    "llama2": SpmModel("Llama 1/2", "SentencePiece BPE", "Llama 2 Community License",
                       "9e556afd44213b6bd1be2b850ebbbd98f5481437a8021afaf58ee7fb1818d347"),
    "mistral": SpmModel("Mistral 7B v0.1", "SentencePiece BPE", "Apache-2.0",
                        "dadfd56d766715c61d2ef780a525ab43b8e6da4de6865bda3d95fdef5e134055"),
    "unigram_en": SpmModel("sentencepiece test model (English)", "SentencePiece Unigram", "Apache-2.0",
                           "4884d27bf50494e080aa99dbb868f27b68b6a3b6bd128da37ad6057c5e3cf5a2"),
    "unigram_ja": SpmModel("sentencepiece test model (Japanese)", "SentencePiece Unigram", "Apache-2.0",
                           "e39551e7ab937745b25edf55a7399d3c78948fda1dabca6b1781df2fcec67f65"),
}  # fmt: skip
SPM_NAMES = tuple(SPM_MODELS)
assert SPM_NAMES == TABLE_SPM_NAMES  # toklab.table_names says them for the protocol
SUFFIX = ".model"
_LOADED: dict = {}


def list_sentencepiece_names() -> list[str]:
    return list(SPM_NAMES)


def sentencepiece_path(name: str) -> Path:
    """Where `<name>.model` is, or ToklabError table_unavailable saying how to get it."""
    if not isinstance(name, str) or name not in SPM_MODELS:
        raise bad_choice("name", name, SPM_NAMES)
    return find_table_file(name, f"{name}{SUFFIX}", cache="spm", tool="spm_models.py", makes="writes")


def get_sentencepiece(name: str):
    """The named model's `toklab.sentencepiece.SentencePieceProcessor`, loaded once, its file checked
    against the pinned sha256."""
    found = _LOADED.get(name)
    if found is None:
        from .sentencepiece import SentencePieceProcessor

        path = sentencepiece_path(name)
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        if digest != SPM_MODELS[name].sha256:
            raise ToklabError(
                "table_unavailable", encoding=name, detail=f"{path}: sha256 {digest}, not the pinned {SPM_MODELS[name].sha256}"
            )
        found = _LOADED[name] = SentencePieceProcessor(model_proto=data)
    return found
