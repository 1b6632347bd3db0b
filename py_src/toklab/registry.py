"""The encodings toklab ships, by name and by model, as tiktoken names them.

    r50k_base, gpt2   GPT-2's table (50,257 tokens), inside the toklab package (assets/r50k/)
    cl100k_base       GPT-3.5/GPT-4's table (100,256 ranks), a 1.7 MB file beside the package
    o200k_base        GPT-4o's table (199,998 ranks), a 3.6 MB file beside the package
    o200k_harmony     gpt-oss's: o200k_base's ranks (the same file) and the harmony chat format's special
                      tokens (<|start|>, <|channel|>, <|message|>, <|end|>, ...: 1,090 of them, ids
                      199998-201087), as tiktoken 0.14.0 defines it

The two larger tables are files in tiktoken's own format, `cl100k_base.tiktoken` and
`o200k_base.tiktoken`, checked against the sha256 that tiktoken pins for OpenAI's files. They are not
inside the wheel (a page loads the wheel at start-up); toklab looks for them in, in order:

    1. the folder named by the environment variable TOKLAB_TABLES;
    2. in a checkout of the repository, .cache/tables/ (written by `python tools/tables.py`) and
       dist/tables/ (written by `python build.py`).

    >>> get_encoding("gpt2").encode("hello world"), encoding_name_for_model("gpt-4o")
    ([31373, 995], 'o200k_base')

The open models' tokenizers (`get_tokenizer`, a `toklab.hf.Tokenizer` each), from each model's own
tokenizer.json in toklab's compact form (`toklab.hf.compact`, `<name>.hfpack`, tied to the pinned
sha256 of the file it was made from):

    minimind     MiniMind (minimind-3), 6,400 tokens: inside the toklab package (data/minimind.hfpack)
    qwen3        Qwen3                    \
    deepseek_v3  DeepSeek-V3               | files beside the package, looked for in TOKLAB_TABLES, then
    llama3       Llama 3                   | in a checkout's .cache/models/ (`python tools/models.py`)
    gemma3       Gemma 3                  /  and dist/models/ (`python build.py`)
"""

import hashlib
import json
import os
from pathlib import Path

from .charmerge import CharShortcut
from .encoding import Encoding
from .errors import ToklabError, bad_choice
from .open_models import IN_PACKAGE, OPEN_MODELS, PACKED_SUFFIX, TOKENIZER_NAMES, OpenModel
from .patterns import CL100K_PATTERN, O200K_PATTERN
from .r50k import load_r50k
from .ranks import RankTable, load_tiktoken_bpe
from .table_names import FETCHED, LESSON_TABLES, RANKS_FILE, SHIPPED

__all__ = [
    "FETCHED",
    "LESSON_TABLES",
    "TABLES_ENV",
    "UnknownEncoding",
    "encoding_for_model",
    "encoding_name_for_model",
    "get_encoding",
    "get_tokenizer",
    "list_encoding_names",
    "list_tokenizer_names",
    "load_table",
    "tables_dir",
    "tokenizer_config",
    "tokenizer_facts",
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


def harmony_special_tokens() -> dict[str, int]:
    """gpt-oss's special tokens, as tiktoken 0.14.0's `o200k_harmony` (tiktoken_ext/openai_public.py) makes
    them: o200k_base's two, then the harmony chat format's, then <|reserved_i|> for every id up to 201087.
    As there, <|endofprompt|> keeps 200018 and <|reserved_200018|> is given 200018 too: two texts, one id.

    >>> tokens = harmony_special_tokens()
    >>> len(tokens), tokens["<|start|>"], tokens["<|message|>"], tokens["<|reserved_201087|>"]
    (1091, 200006, 200008, 201087)
    """
    return {
        **TABLES["o200k_base"][2],
        "<|startoftext|>": 199998, ENDOFTEXT: 199999, "<|reserved_200000|>": 200000, "<|reserved_200001|>": 200001,
        "<|return|>": 200002, "<|constrain|>": 200003, "<|reserved_200004|>": 200004, "<|channel|>": 200005,
        "<|start|>": 200006, "<|end|>": 200007, "<|message|>": 200008, "<|reserved_200009|>": 200009,
        "<|reserved_200010|>": 200010, "<|reserved_200011|>": 200011, "<|call|>": 200012,
    } | {f"<|reserved_{i}|>": i for i in range(200013, 201088)}  # fmt: skip
# SHIPPED, LESSON_TABLES and FETCHED (the names of TABLES) are in `table_names`, which `protocol` reads too.

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
    """Load cl100k_base or o200k_base from its .tiktoken file, checking its sha256. o200k_harmony is
    o200k_base's table (the same ranks object, loaded once) with gpt-oss's special tokens."""
    if name in RANKS_FILE:
        base = load_table(RANKS_FILE[name], folder) if folder is not None else get_encoding(RANKS_FILE[name])
        return Encoding(name, pat_str=base._pat_str, model=base.model, pretokenizer=base.pretokenizer,
                        special_tokens=harmony_special_tokens())  # fmt: skip
    expected, pat_str, special_tokens = TABLES[name]
    path = (folder or tables_dir(name)) / f"{name}.tiktoken"
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != expected:
        raise ValueError(f"{path} is not OpenAI's {name} table: its sha256 is {digest}, expected {expected}")
    # The pinned files number their tokens 0, 1, 2... in order (a test checks), so no rank is parsed.
    ranks = load_tiktoken_bpe(data, numbered_in_order=True)
    chars = None
    index = _char_index(path.with_name(f"{name}.charmerge.json"), expected)
    if index is not None:  # built from this very table at build time: the first non-ASCII piece need not build it
        try:
            chars = CharShortcut(ranks, index=index)
        except ValueError:
            pass  # not an index after all: built when first needed, as without one
    enc = Encoding(name, pat_str=pat_str, model=RankTable(ranks, chars), special_tokens=special_tokens)
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
    """The named encoding, loaded once. toklab ships r50k_base, gpt2, cl100k_base, o200k_base and o200k_harmony."""
    if not isinstance(encoding_name, str):
        raise ValueError(f"Expected a string in get_encoding, got {type(encoding_name)}")
    found = _ENCODINGS.get(encoding_name)
    if found is None:
        if encoding_name in ("r50k_base", "gpt2"):
            found = load_r50k(name=encoding_name)
        elif encoding_name in TABLES or encoding_name in RANKS_FILE:
            found = load_table(encoding_name)
        else:
            raise UnknownEncoding(f"unknown encoding {encoding_name!r}: toklab ships {', '.join(SHIPPED)}")
        found._registered_as = (get_encoding, (encoding_name,))  # pickled by name, as tiktoken does
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


# --- the open models (toklab.hf) ------------------------------------------------------------------



_TOKENIZERS: dict = {}


def list_tokenizer_names() -> list[str]:
    """The open models toklab ships, by the names get_tokenizer takes.

    >>> list_tokenizer_names()
    ['minimind', 'qwen3', 'deepseek_v3', 'llama3', 'gemma3']
    """
    return list(TOKENIZER_NAMES)


def _model(name: str) -> OpenModel:
    if not isinstance(name, str) or name not in OPEN_MODELS:
        raise bad_choice("name", name, TOKENIZER_NAMES)
    return OPEN_MODELS[name]


def _packed_candidates() -> list[Path]:
    here = Path(__file__).resolve().parent
    named = [Path(os.environ[TABLES_ENV])] if os.environ.get(TABLES_ENV) else []
    named.append(here / "data")
    repo = here.parent.parent
    if (repo / "tools" / "models.py").is_file():
        named += [repo / ".cache" / "models", repo / "dist" / "models"]
    return named


def packed_path(name: str) -> Path:
    """Where `<name>.hfpack` is (see the module docstring); ToklabError table_unavailable saying how to get it.

    >>> packed_path("gpt2")
    Traceback (most recent call last):
    toklab.errors.ToklabError: name must be one of 'minimind', 'qwen3', 'deepseek_v3', 'llama3', 'gemma3', not 'gpt2'
    """
    _model(name)
    filename = f"{name}{PACKED_SUFFIX}"
    candidates = _packed_candidates()
    for folder in candidates:
        if (folder / filename).is_file():
            return folder / filename
    raise ToklabError(
        "table_unavailable",
        encoding=name,
        detail=f"{filename} was not found in {', '.join(map(str, candidates))}. In the repository, "
        f"`python tools/models.py` writes it to .cache/models/; elsewhere, set {TABLES_ENV} to a folder "
        f"holding it (a build ships it in dist/models/)",
    )


def _packed_bytes(name: str) -> tuple[Path, bytes]:
    """(where, the compact form) of model `name`. In a checkout, a model that goes inside the package is
    packed from its committed tokenizer.json (assets/<name>/) when no built copy is found."""
    try:
        path = packed_path(name)
    except ToklabError:
        source = Path(__file__).resolve().parent.parent.parent / "assets" / name / "tokenizer.json"
        if name not in IN_PACKAGE or not source.is_file():
            raise
        from .hf.compact import pack

        return source, pack(source.read_bytes())
    try:
        return path, path.read_bytes()
    except OSError as exc:
        raise ToklabError("table_unavailable", encoding=name, detail=f"{path}: {exc.strerror}") from None


def tokenizer_config(name: str) -> dict:
    """Model `name`'s tokenizer.json as a dict (merges as [left, right] pairs), from its compact form,
    which must have been made from the pinned file."""
    from .hf.compact import unpack

    model = _model(name)
    path, data = _packed_bytes(name)
    try:
        return unpack(data, expect_sha256=model.json_sha256)
    except ToklabError as exc:
        raise ToklabError("table_unavailable", encoding=name, detail=f"{path}: {exc.params['detail']}") from None


def get_tokenizer(name: str):
    """The open model's tokenizer (a `toklab.hf.Tokenizer`), loaded once: minimind, qwen3, deepseek_v3,
    llama3 or gemma3."""
    _model(name)
    found = _TOKENIZERS.get(name)
    if found is None:
        from .hf.compact import load_tokenizer

        path, data = _packed_bytes(name)
        try:
            found = load_tokenizer(data, expect_sha256=_model(name).json_sha256)  # straight from its arrays
        except ToklabError as exc:
            if exc.code != "table_unavailable":
                raise
            raise ToklabError("table_unavailable", encoding=name, detail=f"{path}: {exc.params['detail']}") from None
        _TOKENIZERS[name] = found
    return found


def tokenizer_facts(name: str) -> dict:
    """What the page says about a model, its title and licence beside what is counted in its file.

    vocab_size: the model's vocabulary (tokenizers' get_vocab_size(with_added_tokens=False));
    vocab_size_with_added: with the added tokens (get_vocab_size(with_added_tokens=True)), the distinct
    tokens of both; n_merges; n_added and n_special: the added tokens, and those of them marked special;
    max_id: the largest id either gives out.

    >>> facts = tokenizer_facts("minimind")
    >>> facts["vocab_size"], facts["n_merges"], facts["n_added"], facts["n_special"]
    (6400, 6108, 36, 21)
    """
    model = _model(name)
    return {"name": name, "title": model.title, "licence": model.licence, **count_facts(tokenizer_config(name))}


def count_facts(config: dict) -> dict:
    """The counts of `tokenizer_facts` for a tokenizer.json dict.

    >>> count_facts({"model": {"vocab": {"a": 0, "b": 1}, "merges": []},
    ...              "added_tokens": [{"id": 1, "content": "b", "special": False}, {"id": 2, "content": "<s>", "special": True}]})
    {'vocab_size': 2, 'vocab_size_with_added': 3, 'n_merges': 0, 'n_added': 2, 'n_special': 1, 'max_id': 2}
    """
    vocab = config["model"]["vocab"]
    added = config.get("added_tokens") or []
    with_added = dict(vocab)
    with_added.update((token["content"], token["id"]) for token in added)
    return {
        "vocab_size": len(vocab),
        "vocab_size_with_added": len(with_added),
        "n_merges": len(config["model"].get("merges") or []),
        "n_added": len(added),
        "n_special": sum(1 for token in added if token.get("special")),
        "max_id": max(with_added.values(), default=-1),
    }
