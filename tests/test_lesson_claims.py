"""What the lessons' and decks' words say of the real tables, checked against the oracles (issue 40).

A sentence that states a fact the page does not compute (an example of how a table cuts, which merges
HuggingFace's real trainer learns) is held here to tiktoken, `regex` on tiktoken's own patterns, and
HuggingFace `tokenizers` on CPython. The sentence is read from its module as text, so a test fails
when the words and the oracle part.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"

pytestmark = pytest.mark.cpython_only


def pairs(path: Path) -> dict[str, dict[str, str]]:
    """A registerPairs module's `"key": { en: "…", zh: "…" }` entries (one line per language)."""
    found: dict[str, dict[str, str]] = {}
    key = None
    for line in path.read_text(encoding="utf-8").splitlines():
        head = re.match(r'^  ("(?:[^"\\]|\\.)*"): \{$', line)
        if head:
            key = json.loads(head.group(1))
            found[key] = {}
            continue
        text = re.match(r'^    (en|zh): ("(?:[^"\\]|\\.)*"),?$', line)
        if key and text:
            found[key][text.group(1)] = json.loads(text.group(2))
    return found


def pieces(tiktoken_oracle, regex, name: str, text: str) -> list[str]:
    return regex.findall(tiktoken_oracle(name)._pat_str, text)


@pytest.fixture(scope="module")
def regex():
    return pytest.importorskip("regex")


@pytest.fixture(scope="module")
def cut():
    return pairs(WEB / "lessons" / "encode" / "modelStrings.mjs")


@pytest.mark.parametrize("name, key", [("cl100k_base", "cut.ranked"), ("o200k_base", "cut.ranked.o200k")])
def test_a_word_takes_one_leading_character_that_is_no_letter_digit_or_line_break(tiktoken_oracle, regex, cut, name, key):
    assert "“(x” is one piece" in cut[key]["en"] and "“(x”是一个片段" in cut[key]["zh"]
    assert pieces(tiktoken_oracle, regex, name, "(x") == ["(x"]
    assert pieces(tiktoken_oracle, regex, name, '"x')[0] == '"x'
    assert pieces(tiktoken_oracle, regex, name, " x")[0] == " x"
    assert pieces(tiktoken_oracle, regex, name, "12345") == ["123", "45"]


def test_o200k_keeps_a_contraction_in_its_word_and_cuts_at_a_capital(tiktoken_oracle, regex, cut):
    words = cut["cut.ranked.o200k"]
    assert "“he's” is one piece" in words["en"] and "HelloWorld becomes Hello and World" in words["en"]
    assert pieces(tiktoken_oracle, regex, "o200k_base", "he's") == ["he's"]
    assert pieces(tiktoken_oracle, regex, "o200k_base", "HelloWorld") == ["Hello", "World"]
    # cl100k does neither, which is why its sentence says neither.
    assert pieces(tiktoken_oracle, regex, "cl100k_base", "he's") == ["he", "'s"]
    assert pieces(tiktoken_oracle, regex, "cl100k_base", "HelloWorld") == ["HelloWorld"]
    assert "HelloWorld" not in cut["cut.ranked"]["en"]


def single_token_ideographs(encoding) -> int:
    return sum(1 for c in range(0x4E00, 0xA000) if len(encoding.encode_ordinary(chr(c))) == 1)


def test_cl100k_gives_only_part_of_the_common_characters_a_token(tiktoken_oracle):
    """tables.why.chinese: cl100k has single tokens for only part of the common characters (气 takes two
    byte tokens); o200k for many more. The 3,500 characters of the common-character list (现代汉语常用字表)
    all lie in U+4E00-9FFF, so fewer single-token ideographs there than half of them is "only part"."""
    words = pairs(WEB / "lessons" / "tables" / "strings.mjs")["tables.why.chinese"]
    assert "only part of the common characters" in words["en"] and "气 still takes two byte tokens" in words["en"]
    cl100k, o200k = tiktoken_oracle("cl100k_base"), tiktoken_oracle("o200k_base")
    assert len(cl100k.encode_ordinary("气")) == 2
    n_cl100k, n_o200k = single_token_ideographs(cl100k), single_token_ideographs(o200k)
    assert n_cl100k < 3500 / 2
    assert n_o200k > 3 * n_cl100k


def test_the_train_decks_huggingface_merges_are_its_real_trainers():
    """decks/train.mjs: only the tie rule is HuggingFace's in the lesson; its real BpeTrainer with
    end_of_word_suffix="</w>" learns the merges the slide lists, in that order."""
    pytest.importorskip("tokenizers")
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    words = re.search(r'export const WORDS = "([^"]+)"', (WEB / "lessons" / "train" / "presets.mjs").read_text(encoding="utf-8")).group(1)
    tok = Tokenizer(models.BPE(end_of_word_suffix="</w>"))
    tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    trainer = trainers.BpeTrainer(vocab_size=1000, min_frequency=2, end_of_word_suffix="</w>", show_progress=False)
    tok.train_from_iterator([words], trainer=trainer)
    learned = ["".join(m) if isinstance(m, list) else m.replace(" ", "") for m in json.loads(tok.to_str())["model"]["merges"]]
    deck = (WEB / "decks" / "train.mjs").read_text(encoding="utf-8")
    assert f"it learns {', '.join(learned)}." in deck
    assert f"它学到的是 {'、'.join(learned)}。" in deck
