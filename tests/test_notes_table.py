"""The models lesson's rows (toklab.notes_table, generated into protocol.mjs NOTES_TABLE) against the MiniMind
notes themselves (seed 001, tests/data/minimind_notes_zh.txt): every number the rows quote is in the notes'
own words, every row of the notes' table is a row, and every row with a file names a table the engine opens."""

import re
from pathlib import Path

import pytest

from toklab import protocol
from toklab.notes_table import LOAD_ORDER, NOTES_TABLE, notes_table_data

NOTES = (Path(__file__).parent / "data" / "minimind_notes_zh.txt").read_text(encoding="utf-8")


def section_6_table() -> dict[str, int]:
    """The notes' table of vocabularies (section 6), read from their text: model -> the size it states."""
    head = NOTES.index("模型\t词表大小")
    rows = {}
    for line in NOTES[head:].splitlines()[1:]:
        if not line.strip():
            break
        model, size = line.split("\t")[:2]
        rows[model] = int(re.sub(r"[~,]", "", size))
    return rows


def test_every_row_of_the_notes_table_is_a_row_with_the_notes_number():
    stated = section_6_table()
    quoted = {row.notes_line.split("\t")[0]: row.notes_vocab for row in NOTES_TABLE if "\t" in row.notes_line}
    assert quoted == stated


@pytest.mark.parametrize("row", NOTES_TABLE, ids=lambda row: row.name)
def test_each_number_is_in_the_notes_words(row):
    if row.beside:
        assert row.notes_vocab is None and not row.notes_line
        return
    assert row.notes_line in NOTES
    number, thousands = re.findall(r"([\d,]+)(K?)", row.notes_line)[-1]
    assert int(number.replace(",", "")) * (1000 if thousands else 1) == row.notes_vocab


def test_rows_with_files_are_tables_the_engine_opens_and_the_rest_are_not():
    tables = set(protocol.TableName.__args__)
    for row in notes_table_data():
        assert (row["id"] in tables) == row["file"], row["id"]
    assert [r.name for r in NOTES_TABLE if r.name in {"yi", "chatglm"}] == ["yi", "chatglm"]
    assert set(LOAD_ORDER) <= {r.name for r in NOTES_TABLE if r.has_file and not r.sentencepiece and not r.beside}


def test_the_chinese_models_are_the_ones_the_notes_name_chinese():
    # "中文模型的词表普遍偏大。 Qwen2、ChatGLM 都在 15 万以上": the notes' Chinese models; DeepSeek, Yi and
    # MiniMind are made by Chinese teams for Chinese (the notes' table names their makers: 01.AI, DeepSeek, 本项目).
    named = re.search(r"中文模型的词表普遍偏大。 (.+?) 都在", NOTES).group(1).split("、")
    assert named == ["Qwen2", "ChatGLM"]
    chinese = {r.name for r in NOTES_TABLE if r.chinese}
    assert {"qwen3", "chatglm"} <= chinese == {"qwen3", "chatglm", "yi", "deepseek_v3", "minimind"}
