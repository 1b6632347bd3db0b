"""The WordPiece tables toklab offers: BERT's way of cutting, on a vocabulary toklab trains itself.

    wordpiece_en  3,000 entries learned by toklab.hf's WordPieceTrainer from sentencepiece's botchan.txt
                  (the English novel sentencepiece's own test models were trained on, Apache-2.0), with
                  BERT's lowercasing normalizer and pre-tokenizer and its five special tokens

No registry here ships a BERT vocabulary (bert-base-uncased's vocab.txt lives on the Hub only), so the
build trains one: `train(lines)` below is the recipe HuggingFace's course gives for a BERT tokenizer,
block by block (BertNormalizer, BertPreTokenizer, WordPiece with [UNK], WordPieceTrainer, BertProcessing,
the WordPiece decoder). toklab's trainer breaks ties by a written rule (toklab.hf.trainers_wordpiece), so
the same corpus always gives the same file; `tokenizers` loading that file gives the same ids as toklab
(tests/test_wordpiece_table.py).

The file is not inside the package: toklab looks for `<name>.tokenizer.json` in TOKLAB_TABLES, then, in
a checkout, .cache/wordpiece/ (`python tools/wordpiece_models.py` trains it there) and dist/models/
(`python build.py`).

    >>> tok = train(["the cat sat on the mat.", "The cats sat!"], vocab_size=40)
    >>> tok.encode("The mats!", add_special_tokens=False).tokens
    ['the', 'mat', '##s', '!']
    >>> tok.encode("Käse", add_special_tokens=False).tokens  # no k in the corpus: the whole word
    ['[UNK]']
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import bad_choice
from .table_files import TABLES_ENV, find_table_file  # noqa: F401 (TABLES_ENV: said here as before)
from .table_names import WORDPIECE_NAMES as TABLE_WORDPIECE_NAMES

__all__ = ["SPECIAL_TOKENS", "WORDPIECE_MODELS", "WORDPIECE_NAMES", "WordPieceModel", "get_wordpiece", "train", "wordpiece_path"]

# BERT's special tokens, in the order HuggingFace's course gives them to the trainer: ids 0-4.
SPECIAL_TOKENS = ("[UNK]", "[PAD]", "[CLS]", "[SEP]", "[MASK]")


@dataclass(frozen=True)
class WordPieceModel:
    """What toklab knows of a WordPiece table before it is trained."""

    title: str
    corpus: str  # the file it is trained on (tools/wordpiece_models.py says where it comes from)
    vocab_size: int  # special tokens included
    licence: str  # the corpus's: the vocabulary is made from it


WORDPIECE_MODELS = {
    "wordpiece_en": WordPieceModel("English WordPiece (BERT-style)", "botchan.txt", 3000, "Apache-2.0"),
}
WORDPIECE_NAMES = tuple(WORDPIECE_MODELS)
assert WORDPIECE_NAMES == TABLE_WORDPIECE_NAMES  # toklab.table_names says them for the protocol
SUFFIX = ".tokenizer.json"
_LOADED: dict = {}


def train(lines, vocab_size: int = 3000):
    """A BERT-style WordPiece tokenizer (toklab.hf.Tokenizer) trained on `lines`, as HuggingFace's course
    builds one: lowercase and strip accents, cut at whitespace and punctuation (each CJK character
    apart), learn the vocabulary by merging (## before a piece inside a word), then cut each word by
    longest match; [CLS] ... [SEP] around a text."""
    from .hf import Tokenizer, decoders, models, normalizers, pre_tokenizers, processors, trainers

    tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tok.normalizer = normalizers.BertNormalizer(lowercase=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    trainer = trainers.WordPieceTrainer(vocab_size=vocab_size, special_tokens=list(SPECIAL_TOKENS), show_progress=False)
    tok.train_from_iterator(lines, trainer=trainer)
    tok.post_processor = processors.BertProcessing(("[SEP]", tok.token_to_id("[SEP]")), ("[CLS]", tok.token_to_id("[CLS]")))
    tok.decoder = decoders.WordPiece(prefix="##")
    return tok


def wordpiece_path(name: str) -> Path:
    """Where `<name>.tokenizer.json` is, or ToklabError table_unavailable saying how to get it."""
    if not isinstance(name, str) or name not in WORDPIECE_MODELS:
        raise bad_choice("name", name, WORDPIECE_NAMES)
    return find_table_file(name, f"{name}{SUFFIX}", cache="wordpiece", tool="wordpiece_models.py", makes="trains")


def get_wordpiece(name: str):
    """The named table's tokenizer (toklab.hf.Tokenizer), loaded once."""
    found = _LOADED.get(name)
    if found is None:
        from .hf import Tokenizer

        path = wordpiece_path(name)
        found = _LOADED[name] = Tokenizer.from_str(path.read_text(encoding="utf-8"))
    return found
