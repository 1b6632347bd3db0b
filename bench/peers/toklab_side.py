"""toklab's side of bench/peers, imported inside Pyodide by bench/peers/page.mjs: one table at a time,
loaded through the same calls the app's engine makes (get_encoding, get_tokenizer, get_sentencepiece,
each finding the file the page wrote into TOKLAB_TABLES, as the app's worker writes it), then the
bench's text encoded with it.

    set_text(text)   the text every encode() reads (handed over once, outside any timing)
    load(name)       a fresh tokenizer for table `name` (the registries' caches emptied first)
    encode()         encode the text; the number of ids (the ids are kept for ids())
    ids()            the last ids, as little-endian int32 bytes (and they are let go)
    unload()         drop the tokenizer and the ids, and collect
"""

import array
import gc

from toklab import registry

try:
    from toklab import spm_models
except ImportError:  # a build from before SentencePiece's models (bench/peers --dist)
    spm_models = None

_text = ""
_encode = None
_ids: list[int] = []


def set_text(text: str) -> None:
    global _text
    _text = text


def kind(name: str) -> str:
    if name in registry.OPEN_MODELS:
        return "open model"
    if spm_models is not None and name in spm_models.SPM_MODELS:
        return "sentencepiece"
    return "openai"


def load(name: str) -> None:
    """OpenAI's tables encode without special tokens (encode_ordinary); an open model adds its own
    (toklab.hf's encode, as `tokenizers`); SentencePiece adds no BOS (as `sentencepiece`)."""
    global _encode
    what = kind(name)
    if what == "open model":
        registry._TOKENIZERS.pop(name, None)
        tokenizer = registry.get_tokenizer(name)
        _encode = lambda text: tokenizer.encode(text).ids  # noqa: E731
    elif what == "sentencepiece":
        spm_models._LOADED.pop(name, None)
        _encode = spm_models.get_sentencepiece(name).encode
    else:
        registry._ENCODINGS.pop(name, None)
        _encode = registry.get_encoding(name).encode_ordinary


def encode() -> int:
    global _ids
    _ids = _encode(_text)
    return len(_ids)


def ids() -> bytes:
    global _ids
    data, _ids = array.array("i", _ids).tobytes(), []
    return data


def unload() -> None:
    global _encode, _ids
    _encode, _ids = None, []
    registry._TOKENIZERS.clear()
    registry._ENCODINGS.clear()
    if spm_models is not None:
        spm_models._LOADED.clear()
    gc.collect()
