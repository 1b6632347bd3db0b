"""Every table's facts, as the page reads them (issue 35: the page classifies a table by the engine's
facts, never by its name). `tokenizer_facts` answers every table the lessons offer, OpenAI's too; each
names its family, the format of its file and the file the worker fetches (toklab.protocol.TABLE_FILES),
and the same facts come in the answers that used the table (`model`). OpenAI's tables' facts are held to
tiktoken (their sizes) and to `regex` (how their pattern cuts digits); the build precomputes the facts of
every table, so a table added to the engine is classified in the page with no edit there.
"""

import json
import re
from pathlib import Path

import pytest

from toklab.protocol import CUSTOM_TABLE, TABLE_FILES, ModelFacts, TableName
from toklab.tables import FAMILIES
from toklab.webapi import handle

ROOT = Path(__file__).resolve().parent.parent
TABLES = [name for name in TableName.__args__ if name != CUSTOM_TABLE]
OPENAI = ("r50k_base", "cl100k_base", "o200k_base", "o200k_harmony")


def ask(kind: str, **payload) -> dict:
    answer = json.loads(handle(kind, json.dumps(payload)))
    if not answer["ok"] and answer["error"]["code"] == "table_unavailable":
        pytest.skip(f"{payload.get('encoding')}: its file is not here ({answer['error']['message']})")
    assert answer["ok"], answer
    return answer["result"]


@pytest.mark.parametrize("name", TABLES)
def test_every_table_says_its_family_format_and_file(name):
    facts = ask("tokenizer_facts", encoding=name)
    assert set(facts) == set(ModelFacts.__annotations__)
    assert facts["name"] == name and facts["family"] in FAMILIES and facts["title"]
    assert facts["file"] == TABLE_FILES.get(name)
    spm = facts["family"] in ("spm_bpe", "unigram") and facts["format"] == "tokenizer.model"
    assert facts["format"] == ("tiktoken" if name in OPENAI else "tokenizer.model" if spm else "tokenizer.json")


@pytest.mark.parametrize("name", ["r50k_base", "o200k_harmony", "minimind", "unigram_en"])
def test_an_answer_brings_the_same_facts(name):
    facts = ask("tokenizer_facts", encoding=name)
    overview = ask("overview", text="今天 hello 12345", encoding=name)
    assert overview["model"] == facts and overview["family"] == facts["family"]
    assert ask("special", text="hi", encoding=name)["model"] == facts


def test_merges_trained_in_the_page_are_no_models():
    merges = [["t", "o"], ["k", "e"]]
    assert ask("overview", text="token", merges=merges)["model"] is None


@pytest.mark.parametrize("name", OPENAI)
def test_openai_facts_are_tiktokens_and_regexs(name, tiktoken_oracle, regex_oracle):
    facts = ask("tokenizer_facts", encoding=name)
    oracle = tiktoken_oracle(name)
    ranks, specials = oracle._mergeable_ranks, oracle._special_tokens
    assert (facts["vocab_size"], facts["n_special"], facts["n_added"]) == (len(ranks), len(specials), len(specials))
    assert facts["vocab_size_with_added"] == len(ranks) + len(set(specials.values()))
    assert (facts["family"], facts["kind"], facts["space"], facts["byte_fallback"]) == ("byte_level_bpe", "byte_level", "Ġ", False)
    cut = regex_oracle(oracle._pat_str, "1234567")
    assert facts["digits"] == {("1234567",): "runs", ("123", "456", "7"): "threes"}[tuple(cut)]


@pytest.mark.cpython_only
def test_the_build_precomputes_every_tables_facts():
    from tools.precompute import PRECOMPUTED_REQUESTS

    asked = {payload["encoding"] for kind, payload in PRECOMPUTED_REQUESTS if kind == "tokenizer_facts"}
    assert asked == set(TABLES)


@pytest.mark.cpython_only
def test_the_page_never_classifies_a_table_by_a_list_of_its_names():
    """isOpenModel (the page's own list of which tables are models' files) is gone for good."""
    found = [str(p.relative_to(ROOT)) for p in (ROOT / "web").rglob("*.mjs")
             if re.search(r"\bisOpenModel\b", p.read_text(encoding="utf-8"))]  # fmt: skip
    assert found == []
