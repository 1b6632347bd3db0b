"""The MiniMind notes' table of vocabularies (seed 001, section 6), as the models lesson lays it out.

What this adds over `open_models`, `spm_models` and `table_names`: those say which files the engine has;
this says which rows the notes' table has, what vocabulary the notes state for each, and which of them
the notes count as Chinese models (made by a Chinese team, for Chinese: the claim the lesson checks,
"中文模型的词表普遍偏大"). The page reads it generated into protocol.mjs (`NOTES_TABLE`), never its
own copy; tests/test_notes_table.py holds every number to the notes' own text.

    >>> row = NOTES_BY_NAME["qwen3"]
    >>> row.notes_vocab, row.chinese, row.has_file
    (151643, True, True)
    >>> NOTES_BY_NAME["yi"].has_file, NOTES_BY_NAME["yi"].chinese
    (False, True)
"""

from dataclasses import dataclass

from .open_models import TOKENIZER_NAMES
from .table_names import OPENAI_TABLES, SPM_NAMES

__all__ = ["NotesRow", "NOTES_TABLE", "NOTES_BY_NAME", "LOAD_ORDER", "notes_table_data"]


@dataclass(frozen=True)
class NotesRow:
    """One row of the models lesson. `name` is the engine's table name, or a name of its own for a row
    whose file no registry here has (Yi, ChatGLM)."""

    name: str
    notes_vocab: int | None  # the vocabulary the notes state; None for a row beside their table
    notes_line: str  # the notes' own words for it, as a test finds them in the notes
    chinese: bool = False  # a Chinese model, as the notes' claim counts them
    beside: bool = False  # not a row of the notes' table: stands beside it (the claim leaves it out)
    own: bool = False  # the notes' own project (MiniMind: 6,400 on purpose; the claim sets it apart)

    @property
    def has_file(self) -> bool:
        return self.name in OPENAI_TABLES or self.name in TOKENIZER_NAMES or self.name in SPM_NAMES

    @property
    def sentencepiece(self) -> bool:
        return self.name in SPM_NAMES


# In the notes' table order; Llama 1/2 from the notes' section 5 ("Llama 1 和 Llama 2 都用 32K 词表"),
# gpt-oss beside the table (o200k's ranks again, with the harmony chat tokens).
NOTES_TABLE = (
    NotesRow("r50k_base", 50257, "GPT-2\t50,257"),
    NotesRow("cl100k_base", 100256, "GPT-4 / GPT-3.5\t100,256"),
    NotesRow("o200k_base", 200000, "GPT-4o\t~200,000"),
    NotesRow("o200k_harmony", None, "", beside=True),
    NotesRow("llama2", 32000, "Llama 1 和 Llama 2 都用 32K 词表"),
    NotesRow("llama3", 128256, "Llama 3\t128,256"),
    NotesRow("mistral", 32000, "Mistral\t32,000"),
    NotesRow("yi", 64000, "Yi\t64,000", chinese=True),
    NotesRow("qwen3", 151643, "Qwen2 / Qwen2.5\t151,643", chinese=True),
    NotesRow("chatglm", 151329, "ChatGLM\t151,329", chinese=True),
    NotesRow("deepseek_v3", 128815, "DeepSeek-V3\t128,815", chinese=True),
    NotesRow("gemma3", 256000, "Gemma\t256,000"),
    NotesRow("minimind", 6400, "MiniMind\t6,400", chinese=True, own=True),
)
NOTES_BY_NAME = {row.name: row for row in NOTES_TABLE}

# The order the page asks for the notes' rows with files (SentencePiece's and those beside come after):
# the tables inside the engine's package first (r50k, MiniMind), then the fetched ones, the largest last.
LOAD_ORDER = ("r50k_base", "minimind", "cl100k_base", "o200k_base", "qwen3", "deepseek_v3", "llama3", "gemma3")


def notes_table_data() -> list[dict]:
    """The rows as the page reads them (protocol.mjs NOTES_TABLE): plain data, one dict per row.

    >>> notes_table_data()[7]
    {'id': 'yi', 'notes': 64000, 'chinese': True, 'beside': False, 'own': False, 'file': False, 'spm': False}
    """
    return [
        {"id": r.name, "notes": r.notes_vocab, "chinese": r.chinese, "beside": r.beside, "own": r.own,
         "file": r.has_file, "spm": r.sentencepiece}
        for r in NOTES_TABLE
    ]  # fmt: skip
