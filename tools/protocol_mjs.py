"""web/protocol.mjs, generated from py_src/toklab/protocol.py: what the page and the worker need of the
protocol (its limits, kinds, error codes, status stages, table names), declared there once.

    python tools/protocol_mjs.py         rewrite web/protocol.mjs (committed, so web/ runs as it is)
    render()                             the file's text; the build writes it into dist/ (write_into),
                                         and tests/test_protocol_mjs.py checks web/'s copy is current
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "web" / "protocol.mjs"

# The constants of toklab.protocol the page reads, in the order they are written.
CONSTANTS = ("PIECE_LIMIT", "MAX_TEXT", "MAX_CANDIDATE_BYTES", "MAX_TRACE_BYTES", "ITEM_LIMIT", "MAX_ID_DIGITS",
             "MAX_INT", "MAX_ITEMS", "MAX_BLOCK", "MAX_BATCH", "TOY_WORK_LIMIT", "MAX_CORPUS_CHARS", "MAX_TRAIN_VOCAB", "MAX_TOKENIZER_FILE", "STREAM_LIMIT")  # fmt: skip


def _protocol():
    py_src = str(ROOT / "py_src")
    if py_src not in sys.path:
        sys.path.insert(0, py_src)
    from toklab import protocol

    return protocol


def _js(value) -> str:
    """A frozen JavaScript literal of plain JSON data."""
    if isinstance(value, dict):
        items = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in value.items())
        return f"Object.freeze({{\n{items},\n}})"
    if isinstance(value, (list, tuple)):
        return f"Object.freeze({json.dumps(list(value), ensure_ascii=False)})"
    return json.dumps(value)


def _comment(protocol, name: str) -> str:
    """The comment beside `name = ...` in protocol.py, so the page's copy says what the value means."""
    import inspect

    for line in inspect.getsource(protocol).splitlines():
        if line.startswith(f"{name} = ") and "  # " in line:
            return "  // " + line.split("  # ", 1)[1]
    return ""


def _minimind() -> dict:
    import toklab
    from toklab.open_models import MINIMIND_MODEL

    facts = toklab.tokenizer_facts("minimind")
    keys = ("vocab_size_with_added", "n_merges", "n_added", "n_special")
    return {**{k: facts[k] for k in keys}, "n_bytes": facts["vocab_size_with_added"] - facts["n_added"] - facts["n_merges"], **MINIMIND_MODEL}


def _rows(rows: list) -> str:
    return ",\n".join(f"  {json.dumps(row, ensure_ascii=False)}" for row in rows)


def _notes_table() -> list:
    from toklab.notes_table import notes_table_data

    return notes_table_data()


def _notes_load_order() -> tuple:
    from toklab.notes_table import LOAD_ORDER

    return LOAD_ORDER


def render() -> str:
    p = _protocol()
    import typing

    out = [
        "// Generated from py_src/toklab/protocol.py by `python tools/protocol_mjs.py`: do not edit.",
        "// The worker protocol's limits, kinds, error codes, status stages and table names, declared once in",
        "// Python (docs/protocol.md). The build writes this file into dist/; tests/test_protocol_mjs.py checks",
        "// that this copy is current.",
        "",
    ]
    for name in CONSTANTS:
        out.append(f"export const {name} = {getattr(p, name)};{_comment(p, name)}")
    out += [
        "",
        "/** The three tables the tables lesson compares (toklab.registry), the default first. */",
        f"export const ENCODINGS = {_js(typing.get_args(p.EncodingName))};",
        "/** OpenAI's tables a lesson may use: the three and gpt-oss's o200k_harmony (o200k_base's ranks). */",
        f"export const OPENAI_TABLES = {_js(p.OPENAI_NAMES)};",
        f"export const DEFAULT_ENCODING = {_js(p.DEFAULT_ENCODING)};",
        "/** The tables the worker fetches into Python's file system when a request first names one. */",
        f"export const FETCHED_TABLES = {_js(p.FETCHED_TABLES)};",
        "/** The open models a lesson may use as its table (issue #24), and those the worker fetches (models/<name>.hfpack). */",
        f"export const OPEN_MODEL_NAMES = {_js(p.OPEN_MODEL_NAMES)};",
        f"export const FETCHED_MODELS = {_js(p.FETCHED_MODELS)};",
        "/** The SentencePiece models a lesson may use as its table, fetched as models/<name>.model (toklab.spm_models). */",
        f"export const FETCHED_SPM = {_js(p.FETCHED_SPM)};",
        "/** The WordPiece tables a lesson may use as its table, fetched as models/<name>.tokenizer.json (toklab.wordpiece_models). */",
        f"export const FETCHED_WORDPIECE = {_js(p.FETCHED_WORDPIECE)};",
        "/** Each fetched table -> the file the worker fetches for it (o200k_harmony reads o200k_base's). */",
        f"export const TABLE_FILES = {_js(p.TABLE_FILES)};",
        "/** Each table's family as the engine names it (toklab.tables): its answers say which. */",
        f"export const FAMILIES = {_js(typing.get_args(p.Family))};",
        "/** Every table a request may name (`encoding`), in the engine's order: the worker's `tables` message lists them so. */",
        f"export const TABLE_NAMES = {_js(typing.get_args(p.TableName))};",
        "/** The table name of the reader's own tokenizer.json, once `tokenizer_file` opened one (for the session). */",
        f"export const CUSTOM_TABLE = {_js(p.CUSTOM_TABLE)};",
        "",
        "/** Every request kind the worker answers. */",
        f"export const KINDS = {_js(list(p.KINDS))};",
        "/** The kinds the worker runs in slices, turning its event loop between them, so Stop reaches them. */",
        f"export const SLICED_KINDS = {_js(p.SLICED_KINDS)};",
        "",
        "/** The errors Python answers: code -> English text (Python's str.format; the page has its own text, err.<code>). */",
        f"export const ENGINE_ERRORS = {_js(p.ERRORS)};",
        "",
        "/** The errors of the worker and the page themselves: code -> English text ({name} is a param). */",
        f"export const PAGE_ERRORS = {_js(p.PAGE_ERRORS)};",
        "",
        "/** Every code an answer's error may have: the page shows each by its code. */",
        f"export const ERROR_CODES = {_js([*p.ERRORS, *p.PAGE_ERRORS])};",
        "",
        "/** The worker's unprompted {status, stage, message}: the statuses, and each stage's English message. */",
        f"export const STATUSES = {_js(typing.get_args(p.Status))};",
        f"export const STAGES = {_js(p.STAGES)};",
        "",
        "/** Why the engine's status is an error (web/engine.mjs): code -> English text. */",
        f"export const STATUS_CODES = {_js(p.STATUS_CODES)};",
        "",
        "/** The models lesson's rows, the MiniMind notes' table (toklab.notes_table): the vocabulary the notes state,",
        " * a Chinese model as the notes count them, a row beside their table, the notes' own project, a file the",
        " * engine has (Yi's and ChatGLM's no registry here has), a SentencePiece file. */",
        f"export const NOTES_TABLE = Object.freeze([\n{_rows(_notes_table())}\n].map(Object.freeze));",
        "/** The order the models lesson asks for the notes' rows with files: those in the package first, the largest last. */",
        f"export const NOTES_LOAD_ORDER = {_js(_notes_load_order())};",
        "/** MiniMind's tokenizer as its own file makes it (toklab.tokenizer_facts) and its model's width (MiniMindConfig). */",
        f"export const MINIMIND = {_js(_minimind())};",
        "",
    ]
    return "\n".join(out)


def write_into(folder: Path) -> Path:
    """Write protocol.mjs into `folder` (dist/ during a build)."""
    path = folder / "protocol.mjs"
    path.write_text(render(), encoding="utf-8")
    return path


if __name__ == "__main__":
    write_into(TARGET.parent)
    print(f"wrote {TARGET.relative_to(ROOT)}")
