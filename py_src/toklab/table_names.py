"""The names of OpenAI's tables toklab ships, declared once in a module that imports nothing of toklab's,
so that any module may import them (`registry` alone maps each name to its table; `protocol` names them in
its types; `open_models` does the same for the open models).

    >>> LESSON_TABLES, OPENAI_TABLES[-1], RANKS_FILE["o200k_harmony"]
    (('r50k_base', 'cl100k_base', 'o200k_base'), 'o200k_harmony', 'o200k_base')
"""

__all__ = ["FETCHED", "LESSON_TABLES", "OPENAI_TABLES", "OPENAI_TITLES", "RANKS_FILE", "SHIPPED", "SPM_NAMES", "WORDPIECE_NAMES"]

SHIPPED = ("r50k_base", "gpt2", "cl100k_base", "o200k_base", "o200k_harmony")  # what toklab.get_encoding takes

# The tables the lessons offer, by the names the protocol and the page use (toklab.protocol's
# EncodingName, web/protocol.mjs's ENCODINGS): r50k_base, inside the engine, is the default; the others
# are the files the worker fetches the first time a request names them (FETCHED).
FETCHED = ("cl100k_base", "o200k_base")
LESSON_TABLES = ("r50k_base", *FETCHED)

# gpt-oss's o200k_harmony is o200k_base's ranks with the harmony chat format's special tokens: it reads
# o200k_base's file (no file of its own), and is offered beside the three (not compared with them in the
# tables lesson: its ranks are o200k's).
RANKS_FILE = {"o200k_harmony": "o200k_base"}  # a table -> the table whose .tiktoken file it reads
OPENAI_TABLES = (*LESSON_TABLES, "o200k_harmony")  # OpenAI's tables a lesson may use
# The models each is known by (tiktoken's model names, toklab.registry): its title in the lessons' facts.
OPENAI_TITLES = {"r50k_base": "GPT-2", "cl100k_base": "GPT-3.5, GPT-4", "o200k_base": "GPT-4o", "o200k_harmony": "gpt-oss"}

# The SentencePiece models (toklab.spm_models declares them; the protocol and the page name them).
SPM_NAMES = ("llama2", "mistral", "unigram_en", "unigram_ja")

# The WordPiece tables (toklab.wordpiece_models: trained at build time by toklab's own WordPieceTrainer).
WORDPIECE_NAMES = ("wordpiece_en",)
