"""The names of OpenAI's tables toklab ships, declared once in a module that imports nothing of toklab's,
so that any module may import them (`registry` alone maps each name to its table; `protocol` names them in
its types; `open_models` does the same for the open models).

    >>> LESSON_TABLES
    ('r50k_base', 'cl100k_base', 'o200k_base')
"""

__all__ = ["FETCHED", "LESSON_TABLES", "SHIPPED", "SPM_NAMES", "WORDPIECE_NAMES"]

SHIPPED = ("r50k_base", "gpt2", "cl100k_base", "o200k_base")  # what toklab.get_encoding takes

# The tables the lessons offer, by the names the protocol and the page use (toklab.protocol's
# EncodingName, web/protocol.mjs's ENCODINGS): r50k_base, inside the engine, is the default; the others
# are the files the worker fetches the first time a request names them (FETCHED).
FETCHED = ("cl100k_base", "o200k_base")
LESSON_TABLES = ("r50k_base", *FETCHED)

# The SentencePiece models (toklab.spm_models declares them; the protocol and the page name them).
SPM_NAMES = ("llama2", "mistral", "unigram_en", "unigram_ja")

# The WordPiece tables (toklab.wordpiece_models: trained at build time by toklab's own WordPieceTrainer).
WORDPIECE_NAMES = ("wordpiece_en",)
