"""What the MiniMind notes get wrong, said in the models lesson (issue 26): each line read off the page
in both languages and checked against the oracles, never against numbers typed here: HuggingFace
`tokenizers` on MiniMind's own tokenizer.json and the open models' files (tools/models.py), tiktoken for
OpenAI's tables (their merges: the byte strings of more than one byte), Python's own UTF-8.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
tokenizers = pytest.importorskip("tokenizers")

from conftest import shared_page_fixtures  # noqa: E402

open_app, page, console_errors = shared_page_fixtures()

LOAD_MS = 300_000  # every table fetched and loaded inside Pyodide first, on a loaded machine
OPEN_MODELS = ("minimind", "qwen3", "deepseek_v3", "llama3", "gemma3")


@pytest.fixture(scope="module")
def merges(tiktoken_oracle) -> dict[str, tuple[int, int]]:
    """Each table's merges counted from its file: (rules, distinct tokens they make, added tokens aside).
    OpenAI's tables store one rank per token, so the two are equal there."""
    from tools.models import tokenizer_json

    found = {}
    for name in ("r50k_base", "cl100k_base", "o200k_base"):
        n = sum(1 for token in tiktoken_oracle(name)._mergeable_ranks if len(token) > 1)
        found[name] = (n, n)
    for name in OPEN_MODELS:
        config = json.loads(tokenizer_json(name).read_text(encoding="utf-8"))
        model = config["model"]
        made = {"".join(m) if isinstance(m, list) else m.replace(" ", "", 1) for m in model["merges"]}
        added = {t["content"] for t in config.get("added_tokens") or []}  # split out before the model: not made by merging
        found[name] = (len(model["merges"]), len((made & set(model["vocab"])) - added))
    return found


def labels(tokenizer, text: str) -> list[str]:
    """The chips' labels the page writes: a token's text when it has a glyph, else the token as its
    vocabulary writes it (a space: Ġ)."""
    enc = tokenizer.encode(text, add_special_tokens=False)
    return [tokenizer.decode([i]) if tokenizer.decode([i]).strip() else token for i, token in zip(enc.ids, enc.tokens)]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_notes_errors_are_said_from_the_files(open_app, merges, r50k_oracle, tiktoken_oracle, screenshot, lang):
    minimind = tokenizers.Tokenizer.from_file(str(ROOT / "assets" / "minimind" / "tokenizer.json"))
    mm = json.loads((ROOT / "assets" / "minimind" / "tokenizer.json").read_text(encoding="utf-8"))
    page = open_app(f"lesson=models&lang={lang}")
    expect(page.get_by_test_id("notes-wrong-chars")).to_be_visible(timeout=LOAD_MS)
    g = lambda n: f"{n:,}"  # noqa: E731  (numbers as the page groups them)

    weather = "今天天气真好"
    enc = minimind.encode(weather, add_special_tokens=False)
    chars = page.get_by_test_id("notes-wrong-chars")
    expect(chars).to_contain_text(f"{len(weather)} {'characters' if lang == 'en' else '个字'}")
    assert len(weather) == 6
    expect(chars).to_contain_text(" ".join(f"[{token}]" for token in labels(minimind, weather)))
    expect(chars).to_contain_text(", ".join(map(str, enc.ids)))

    prefix = page.get_by_test_id("notes-wrong-prefix")
    joined = labels(minimind, "我爱中国")
    spaced = labels(minimind, "我 爱 中 国")
    assert "Ġ" not in "".join(joined) and spaced.count("Ġ") == 3  # a Ġ for each typed space, none added
    expect(prefix).to_contain_text(" ".join(f"[{token}]" for token in joined))
    expect(prefix).to_contain_text(" ".join(f"[{token}]" for token in spaced))

    hint = page.get_by_test_id("notes-wrong-hint")
    space = r50k_oracle.encode(" ")
    expect(hint).to_contain_text(f"U+{ord('Ġ'):04X}")
    expect(hint).to_contain_text("Ġ".encode().hex(" ").upper())
    expect(hint).to_contain_text(f"0x{ord(' '):02X}")
    expect(hint).to_contain_text(f"id {space[0]}" if lang == "en" else f"id 是 {space[0]}")

    expect(page.get_by_test_id("notes-wrong-glm")).to_contain_text("GLM-4")
    start = page.get_by_test_id("notes-wrong-start")
    expect(start).to_contain_text(f"{len(weather.encode())} {'bytes' if lang == 'en' else '个字节'}")
    # The notes mean the sequence (3 bytes a character), not the alphabet: the line says so, no "wrong".
    expect(start).to_contain_text(f"{len(weather.encode())} {'units to merge' if lang == 'en' else '个单元'}")

    listed = page.get_by_test_id("notes-wrong-merges").inner_text()
    for name, (rules, made) in merges.items():
        assert g(rules) in listed and g(made) in listed, (name, rules, made, listed)
    # Llama 3's file lists more rules than it has merged tokens: the card must say both, which the
    # notes' "hundreds of thousands" turns on.
    assert merges["llama3"][0] > 2 * merges["llama3"][1]
    made = "rules making" if lang == "en" else "条规则，合出"
    expect(page.get_by_test_id("notes-wrong-merges")).to_contain_text(f"{g(merges['llama3'][0])} {made} {g(merges['llama3'][1])}")
    assert merges["minimind"][0] == len(mm["model"]["merges"])

    # The notes' slips that were shown without comment (issue 40, part 3).
    sentence = page.get_by_test_id("notes-wrong-sentence")
    assert len("sentence") == 8
    expect(sentence).to_contain_text(f"{len('sentence')} {'letters' if lang == 'en' else '个字母'}")
    expect(sentence).to_contain_text(" ".join(f"[{token}]" for token in labels(minimind, "sentence")))

    # HuggingFace's own trainer on the notes' corpus (a character per symbol, a line per sequence).
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.Split("\n", "removed")
    tok.train_from_iterator(["我爱中国人\n中国人很多\n我爱中国\n北京是中国首都"],
                            trainer=trainers.BpeTrainer(vocab_size=1000, min_frequency=2, show_progress=False))
    hf = ["".join(m) if isinstance(m, list) else m.replace(" ", "") for m in json.loads(tok.to_str())["model"]["merges"]]
    assert hf[2] == "中国人"
    ties = page.get_by_test_id("notes-wrong-ties")
    sep = ", " if lang == "en" else "、"
    expect(ties).to_contain_text(sep.join(f"“{token}”" for token in hf))
    expect(ties).to_contain_text("“我爱中国”")

    o200k = tiktoken_oracle("o200k_base")
    cut = [o200k.decode([i]) for i in o200k.encode_ordinary(weather)]
    at, cross = 0, None
    for token in cut:
        if at < 2 < at + len(token):
            cross = token
        at += len(token)
    assert cross == "天天"
    pretok = page.get_by_test_id("notes-wrong-pretok")
    expect(pretok).to_contain_text(" ".join(f"[{token}]" for token in cut))
    expect(pretok).to_contain_text(f"“{cross}”" if lang == "zh" else f"its {cross} crosses")

    cl100k = tiktoken_oracle("cl100k_base")
    expect(page.get_by_test_id("notes-wrong-rules")).to_contain_text(g(len(cl100k._mergeable_ranks)))
    from tools.models import tokenizer_json

    assert json.loads(tokenizer_json("llama3").read_text(encoding="utf-8"))["model"]["ignore_merges"] is True
    expect(page.get_by_test_id("notes-wrong-rules")).to_contain_text("ignore_merges")
    expect(page.get_by_test_id("notes-wrong-gpt1")).to_contain_text("GPT-1")

    question = page.get_by_test_id("notes-wrong-question")
    expect(question).to_contain_text(g(len(mm["model"]["merges"])))
    expect(question).to_contain_text(g(2 * minimind.get_vocab_size(with_added_tokens=True)))
    page.get_by_test_id("notes-wrong").scroll_into_view_if_needed()
    screenshot(page, f"{lang}-notes-wrong")
