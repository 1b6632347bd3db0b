"""The encodings toklab ships, by name and by model, as tiktoken names them.

    r50k_base, gpt2   GPT-2's table (50,257 tokens), inside the toklab package (assets/r50k/)
    cl100k_base       GPT-3.5/GPT-4's table (100,256 ranks), a 1.7 MB file beside the package
    o200k_base        GPT-4o's table (199,998 ranks), a 3.6 MB file beside the package

The two larger tables are files in tiktoken's own format, `cl100k_base.tiktoken` and
`o200k_base.tiktoken`, checked against the sha256 that tiktoken pins for OpenAI's files. They are not
inside the wheel (a page loads the wheel at start-up); toklab looks for them in, in order:

    1. the folder named by the environment variable TOKLAB_TABLES;
    2. in a checkout of the repository, .cache/tables/ (written by `python tools/tables.py`) and
       dist/tables/ (written by `python build.py`).

    >>> get_encoding("gpt2").encode("hello world"), encoding_name_for_model("gpt-4o")
    ([31373, 995], 'o200k_base')
"""

import hashlib
import json
import os
from pathlib import Path

from .charmerge import CharShortcut
from .encoding import Encoding, load_tiktoken_bpe
from .patterns import CL100K_PATTERN, O200K_PATTERN

__all__ = [
    "FETCHED",
    "LESSON_TABLES",
    "TABLES_ENV",
    "UnknownEncoding",
    "encoding_for_model",
    "encoding_name_for_model",
    "get_encoding",
    "list_encoding_names",
    "load_table",
    "tables_dir",
]

TABLES_ENV = "TOKLAB_TABLES"
ENDOFTEXT, ENDOFPROMPT = "<|endoftext|>", "<|endofprompt|>"
FIM = {"<|fim_prefix|>": 100258, "<|fim_middle|>": 100259, "<|fim_suffix|>": 100260}

# name -> (sha256 of the .tiktoken file as tiktoken 0.14.0 pins it, pattern, special tokens)
TABLES = {
    "cl100k_base": (
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
        CL100K_PATTERN,
        {ENDOFTEXT: 100257, **FIM, ENDOFPROMPT: 100276},
    ),
    "o200k_base": (
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
        O200K_PATTERN,
        {ENDOFTEXT: 199999, ENDOFPROMPT: 200018},
    ),
}
SHIPPED = ("r50k_base", "gpt2", "cl100k_base", "o200k_base")

# The tables the lessons offer, by the names the protocol and the page use (toklab.protocol's
# EncodingName, web/protocol.mjs's ENCODINGS): r50k_base, inside the engine, is the default; the others
# are the files the worker fetches the first time a request names them (FETCHED). A table a lesson
# gains (an open model's tokenizer.json) is named here, once.
LESSON_TABLES = ("r50k_base", *TABLES)
FETCHED = tuple(TABLES)

# tiktoken 0.14.0's model names (tiktoken/model.py), including models of encodings toklab does not ship.
MODEL_TO_ENCODING = {
    "o1": "o200k_base", "o3": "o200k_base", "o4-mini": "o200k_base", "gpt-5": "o200k_base",
    "gpt-4.1": "o200k_base", "gpt-4o": "o200k_base", "gpt-4": "cl100k_base", "gpt-3.5-turbo": "cl100k_base",
    "gpt-3.5": "cl100k_base", "gpt-35-turbo": "cl100k_base", "davinci-002": "cl100k_base",
    "babbage-002": "cl100k_base", "text-embedding-ada-002": "cl100k_base",
    "text-embedding-3-small": "cl100k_base", "text-embedding-3-large": "cl100k_base",
    "text-davinci-003": "p50k_base", "text-davinci-002": "p50k_base", "text-davinci-001": "r50k_base",
    "text-curie-001": "r50k_base", "text-babbage-001": "r50k_base", "text-ada-001": "r50k_base",
    "davinci": "r50k_base", "curie": "r50k_base", "babbage": "r50k_base", "ada": "r50k_base",
    "code-davinci-002": "p50k_base", "code-davinci-001": "p50k_base", "code-cushman-002": "p50k_base",
    "code-cushman-001": "p50k_base", "davinci-codex": "p50k_base", "cushman-codex": "p50k_base",
    "text-davinci-edit-001": "p50k_edit", "code-davinci-edit-001": "p50k_edit",
    "text-similarity-davinci-001": "r50k_base", "text-similarity-curie-001": "r50k_base",
    "text-similarity-babbage-001": "r50k_base", "text-similarity-ada-001": "r50k_base",
    "text-search-davinci-doc-001": "r50k_base", "text-search-curie-doc-001": "r50k_base",
    "text-search-babbage-doc-001": "r50k_base", "text-search-ada-doc-001": "r50k_base",
    "code-search-babbage-code-001": "r50k_base", "code-search-ada-code-001": "r50k_base",
    "gpt2": "gpt2", "gpt-2": "gpt2",
}  # fmt: skip
MODEL_PREFIX_TO_ENCODING = {
    "o1-": "o200k_base", "o3-": "o200k_base", "o4-mini-": "o200k_base", "gpt-5": "o200k_base",
    "gpt-4.5-": "o200k_base", "gpt-4.1-": "o200k_base", "chatgpt-4o-": "o200k_base", "gpt-4o-": "o200k_base",
    "gpt-4-": "cl100k_base", "gpt-3.5-turbo-": "cl100k_base", "gpt-35-turbo-": "cl100k_base",
    "gpt-oss-": "o200k_harmony", "ft:gpt-4o": "o200k_base", "ft:gpt-4": "cl100k_base",
    "ft:gpt-3.5-turbo": "cl100k_base", "ft:davinci-002": "cl100k_base", "ft:babbage-002": "cl100k_base",
}  # fmt: skip


class UnknownEncoding(ValueError):
    """An encoding toklab does not ship (tiktoken raises ValueError for an unknown name)."""


_ENCODINGS: dict[str, Encoding] = {}


def _candidates() -> list[Path]:
    named = [Path(os.environ[TABLES_ENV])] if os.environ.get(TABLES_ENV) else []
    repo = Path(__file__).resolve().parent.parent.parent  # <repo>/py_src/toklab/registry.py
    if not (repo / "tools" / "tables.py").is_file():
        return named  # an installed toklab: only TOKLAB_TABLES says where the tables are
    return named + [repo / ".cache" / "tables", repo / "dist" / "tables"]


def tables_dir(name: str) -> Path:
    """The folder holding `<name>.tiktoken` (see the module docstring), or FileNotFoundError saying how to get it."""
    filename = f"{name}.tiktoken"
    candidates = _candidates()
    for folder in candidates:
        if (folder / filename).is_file():
            return folder
    raise FileNotFoundError(
        f"the {name} table ({filename}) was not found in {', '.join(map(str, candidates)) or 'any folder'}. "
        f"In the repository, `python tools/tables.py` writes it to .cache/tables/ (fetching js-tiktoken "
        f"with npm once); elsewhere, set {TABLES_ENV} to a folder holding it (a build ships it in dist/tables/)."
    )


def load_table(name: str, folder: Path | None = None) -> Encoding:
    """Load cl100k_base or o200k_base from its .tiktoken file, checking its sha256."""
    expected, pat_str, special_tokens = TABLES[name]
    path = (folder or tables_dir(name)) / f"{name}.tiktoken"
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != expected:
        raise ValueError(f"{path} is not OpenAI's {name} table: its sha256 is {digest}, expected {expected}")
    # The pinned files number their tokens 0, 1, 2... in order (a test checks), so no rank is parsed.
    ranks = load_tiktoken_bpe(data, numbered_in_order=True)
    enc = Encoding(name, pat_str=pat_str, mergeable_ranks=ranks, special_tokens=special_tokens)
    index = _char_index(path.with_name(f"{name}.charmerge.json"), expected)
    if index is not None:  # built from this very table at build time: the first non-ASCII piece need not build it
        try:
            enc._chars = CharShortcut(ranks, index=index)
        except ValueError:
            pass  # not an index after all: built when first needed, as without one
    return enc


def _char_index(path: Path, table_sha256: str) -> dict | None:
    """The character index shipped beside a table (tools/tables.py), if it is there and made from the
    table with this sha256; else None, and `charmerge` builds the index itself when first needed."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("table_sha256") == table_sha256 else None


def get_encoding(encoding_name: str) -> Encoding:
    """The named encoding, loaded once. toklab ships r50k_base, gpt2, cl100k_base and o200k_base."""
    if not isinstance(encoding_name, str):
        raise ValueError(f"Expected a string in get_encoding, got {type(encoding_name)}")
    found = _ENCODINGS.get(encoding_name)
    if found is None:
        if encoding_name in ("r50k_base", "gpt2"):
            from .r50k import load_r50k

            found = load_r50k(name=encoding_name)
        elif encoding_name in TABLES:
            found = load_table(encoding_name)
        else:
            raise UnknownEncoding(f"unknown encoding {encoding_name!r}: toklab ships {', '.join(SHIPPED)}")
        _ENCODINGS[encoding_name] = found
    return found


def loaded(name: str) -> Encoding | None:
    """The encoding registered under `name` if it is loaded already (pickling asks)."""
    return _ENCODINGS.get(name)


def list_encoding_names() -> list[str]:
    return list(SHIPPED)


def encoding_name_for_model(model_name: str) -> str:
    """The name of the encoding a model uses (tiktoken's table); KeyError for a model it does not know."""
    if model_name in MODEL_TO_ENCODING:
        return MODEL_TO_ENCODING[model_name]
    for prefix, name in MODEL_PREFIX_TO_ENCODING.items():
        if model_name.startswith(prefix):
            return name
    raise KeyError(
        f"Could not automatically map {model_name} to a tokeniser. "
        "Please use `toklab.get_encoding` to explicitly get the tokeniser you expect."
    )


def encoding_for_model(model_name: str) -> Encoding:
    """The encoding a model uses; UnknownEncoding if toklab does not ship it, KeyError for an unknown model."""
    name = encoding_name_for_model(model_name)
    if name not in SHIPPED:
        raise UnknownEncoding(
            f"{model_name} uses the encoding {name}, which toklab does not ship (it ships {', '.join(SHIPPED)})"
        )
    return get_encoding(name)
