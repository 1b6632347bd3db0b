"""Reference answers the engine is checked against, built offline from the r50k files.

    from oracles import GPT2_PATTERN, r50k_dir, tiktoken_r50k, gpt2_pieces

`tiktoken_r50k()` is tiktoken's own r50k_base encoder, built from assets/r50k/ with no download.
`gpt2_pieces(text)` is GPT-2's pre-tokenizer run by the `regex` module. `huggingface_merges(...)` trains
HuggingFace `tokenizers`' BPE. Each imports its library when called, so on Pyodide (which has none of
them) use the `r50k_oracle` / `gpt2_regex` / `hf_tokenizers` fixtures of tests/conftest.py, which skip
the test instead.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

GPT2_PATTERN = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""
ENDOFTEXT = "<|endoftext|>"
ENDOFTEXT_ID = 50256


def r50k_dir() -> Path:
    """The folder with encoder.json, vocab.bpe and LICENSE-GPT2.txt.

    <repo>/assets/r50k/ when the repository is there (CPython), else the copy inside the installed
    toklab wheel, toklab/data/r50k/ (Pyodide, where only tests/ is mounted).
    """
    repo = Path(__file__).resolve().parent.parent / "assets" / "r50k"
    if (repo / "encoder.json").is_file():
        return repo
    import toklab

    return Path(toklab.__file__).resolve().parent / "data" / "r50k"


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@functools.cache
def tiktoken_r50k():
    """tiktoken's Encoding for r50k_base, from the local files (raises ImportError without tiktoken)."""
    import tiktoken
    import tiktoken.load

    folder = r50k_dir()
    vocab_bpe, encoder_json = folder / "vocab.bpe", folder / "encoder.json"
    ranks = tiktoken.load.data_gym_to_mergeable_bpe_ranks(
        vocab_bpe_file=str(vocab_bpe),
        encoder_json_file=str(encoder_json),
        vocab_bpe_hash=_sha256(vocab_bpe),
        encoder_json_hash=_sha256(encoder_json),
    )
    return tiktoken.Encoding(
        name="r50k_base",
        pat_str=GPT2_PATTERN,
        mergeable_ranks=ranks,
        special_tokens={ENDOFTEXT: ENDOFTEXT_ID},
    )


@functools.cache
def _gpt2_regex():
    import regex

    return regex.compile(GPT2_PATTERN)


def gpt2_pieces(text: str) -> list[str]:
    """GPT-2's pre-tokenizer by `regex` (raises ImportError without it).

    >>> gpt2_pieces("Hello world's  end")
    ['Hello', ' world', "'s", ' ', ' end']
    """
    return _gpt2_regex().findall(text)


def huggingface_merges(texts: list[str], *, split_whitespace: bool, vocab_size: int, min_frequency: int,
                       special_tokens: tuple[str, ...] = ("<unk>",)) -> list[list[str]]:
    """The merges HuggingFace `tokenizers`' BpeTrainer learns, in order (raises ImportError without it).

    Configured like the toy trainer without an end marker: no normalizer, characters as the alphabet
    (no byte-level mode), no end-of-word suffix (`tokenizers` would glue it to the last character, as
    one symbol "w</w>", where the toy trainer has "</w>" on its own), no continuing-subword prefix, no
    alphabet limit. `split_whitespace`: a WhitespaceSplit pre-tokenizer cuts each text into words (the
    toy trainer's unit "words"); otherwise each text is one sequence (unit "lines", the texts being the
    lines with their whitespace removed).
    """
    import json

    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    tokenizer = Tokenizer(models.BPE(unk_token=special_tokens[0] if special_tokens else None))
    if split_whitespace:
        tokenizer.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, min_frequency=min_frequency,
                                  special_tokens=list(special_tokens), show_progress=False)
    tokenizer.train_from_iterator(texts, trainer=trainer)
    merges = json.loads(tokenizer.to_str())["model"]["merges"]
    return [m.split(" ") if isinstance(m, str) else list(m) for m in merges]


@functools.cache
def tiktoken_encoding(name: str):
    """tiktoken's Encoding for a table toklab ships (cl100k_base, o200k_base; r50k_base as above), built
    offline from the same .tiktoken file toklab reads, with tiktoken's own pattern and special tokens.
    o200k_harmony (gpt-oss) is tiktoken's own definition (tiktoken_ext.openai_public.o200k_harmony), made
    with o200k_base's ranks from that file instead of a download: its special tokens are tiktoken's."""
    if name == "r50k_base":
        return tiktoken_r50k()
    import tiktoken
    if name == "o200k_harmony":
        from unittest import mock

        import tiktoken_ext.openai_public as openai_public

        ranks = tiktoken_encoding("o200k_base")._mergeable_ranks
        with mock.patch.object(openai_public, "load_tiktoken_bpe", lambda *args, **kwargs: ranks):
            return tiktoken.Encoding(**openai_public.o200k_harmony())
    import tiktoken.load
    from toklab.registry import TABLES, tables_dir

    sha256, pat_str, special_tokens = TABLES[name]
    path = tables_dir(name) / f"{name}.tiktoken"
    ranks = tiktoken.load.load_tiktoken_bpe(str(path), expected_hash=sha256)
    return tiktoken.Encoding(name=name, pat_str=pat_str, mergeable_ranks=ranks, special_tokens=special_tokens)


@functools.cache
def hf_tokenizer(name: str):
    """HuggingFace tokenizers' Tokenizer from a shipped model's tokenizer.json (tools/models.py), loaded
    once per process: the tests only encode and decode with it, never change its settings."""
    import tokenizers
    from tools.models import tokenizer_json

    return tokenizers.Tokenizer.from_file(str(tokenizer_json(name)))


@functools.cache
def _compiled(pattern: str):
    import regex

    return regex.compile(pattern)


def regex_pieces(pattern: str, text: str) -> list[str]:
    """`pattern`'s pieces (whole matches) of `text` as the `regex` module finds them (ImportError without it)."""
    return [m.group() for m in _compiled(pattern).finditer(text)]


# The classes the shipped patterns use. tiktoken's Rust regex and the `regex` module may know different
# Unicode versions (tiktoken 0.14.0: 16.0; regex 2026.5.9: 17.0).
PATTERN_CLASSES = (r"\p{L}", r"\p{N}", r"\s", r"\p{Lu}", r"\p{Ll}", r"\p{Lt}", r"\p{Lm}", r"\p{Lo}", r"\p{M}")


@functools.cache
def unicode_version_delta() -> frozenset[str]:
    """The characters that tiktoken's regex engine and the `regex` module put in different classes.

    tiktoken's side is probed through tiktoken itself: with a pattern that is one class and a table of
    the 256 bytes, encoding every code point keeps exactly the characters in that class.
    """
    import regex
    import tiktoken

    every = "".join(chr(cp) for cp in range(0x110000) if not 0xD800 <= cp < 0xE000)
    ranks = {bytes([b]): b for b in range(256)}
    delta: set[str] = set()
    for cls in PATTERN_CLASSES:
        probe = tiktoken.Encoding(name="probe", pat_str=cls, mergeable_ranks=ranks, special_tokens={})
        delta |= set(probe.decode(probe.encode_ordinary(every))) ^ set(regex.findall(cls, every))
    return frozenset(delta)


def code_points() -> list[int]:
    """The code points the every-code-point checks run: all of planes 0-3 and 14 (surrogates aside),
    where Unicode assigns characters, and a sample of the planes where every code point is of one kind
    (4-13 unassigned, Cn; 15-16 private use, Co, but the two noncharacters that end each plane): one in
    61, and each plane's first two and last three. Those planes are 60% of all code points and tell a
    tokenizer nothing the sample does not (test_hf_recorded.py's test_one_kind_planes checks the kinds)."""
    points = [cp for cp in range(0x40000) if not 0xD800 <= cp < 0xE000] + list(range(0xE0000, 0xF0000))
    for plane in (*range(4, 14), 15, 16):
        first, last = plane << 16, (plane << 16) | 0xFFFF
        points += sorted({*range(first, last + 1, 61), first, first + 1, last - 2, last - 1, last})
    return sorted(points)


def webapi_answer(kind: str, payload: dict) -> dict:
    """toklab.webapi's result for one request, as the page's worker gets it (asserted ok)."""
    import json

    from toklab import webapi

    found = json.loads(webapi.handle(kind, json.dumps(payload, ensure_ascii=False)))
    assert found["ok"], found
    return found["result"]
