"""The page's "train like MiniMind" request (webapi kind train_hf, toklab.hf.minimind) against tokenizers.

The oracle is MiniMind's own script run with `tokenizers` (tests/minimind_script.py): the tokenizer.json
the request answers must be the file the script writes, byte for byte.
"""

import json
from pathlib import Path

import pytest

import minimind_script
from toklab import webapi
from toklab.hf import minimind

ROOT = Path(__file__).resolve().parent.parent
NOTES = (ROOT / "tests" / "data" / "minimind_notes_zh.txt").read_text(encoding="utf-8")
PARAGRAPHS = [p for p in NOTES.split("\n\n") if p.strip()]


def ask(payload, progress=None):
    answer = json.loads(webapi.handle("train_hf", json.dumps(payload, ensure_ascii=False), progress))
    return answer["result"] if answer["ok"] else answer["error"]


@pytest.mark.cpython_only  # reads assets/
def test_the_preset_is_minimind_own_36_special_tokens():
    real = json.loads((ROOT / "assets" / "minimind" / "tokenizer.json").read_text(encoding="utf-8"))
    assert [(t["id"], t["content"], t["special"]) for t in real["added_tokens"]] == [
        (i, t, t in minimind.MINIMIND_SPECIAL) for i, t in enumerate(minimind.MINIMIND_SPECIAL_TOKENS)]


@pytest.mark.parametrize("form", ["jsonl", "txt"])
def test_the_answer_is_the_file_minimind_script_writes(tmp_path, form):
    tokenizers = pytest.importorskip("tokenizers")
    lines = minimind_script.sft_lines(PARAGRAPHS) if form == "jsonl" else NOTES.split("\n")
    corpus = "\n".join(lines) + "\n"
    texts = minimind_script.get_texts(lines) if form == "jsonl" else iter(minimind.corpus_texts(corpus))
    ids = minimind_script.train_tokenizer(tokenizers, texts, tmp_path / "theirs", 900)
    result = ask({"corpus": corpus, "format": form, "vocab_size": 900})
    assert result["tokenizer_json"] == (tmp_path / "theirs" / "tokenizer.json").read_text(encoding="utf-8")
    assert result["special_tokens"] == list(ids) and list(ids.values()) == list(range(36))
    assert result["vocab_size"] == 900 and result["n_merges"] == 900 - 36 - 256 == len(result["merges"])
    assert result["stop"] == "vocab_size"
    loaded = tokenizers.Tokenizer.from_str(result["tokenizer_json"])
    theirs = tokenizers.Tokenizer.from_file(str(tmp_path / "theirs" / "tokenizer.json"))
    for text in ["<|im_start|>你好<|im_end|>", NOTES[:1500]]:
        assert loaded.encode(text).ids == theirs.encode(text).ids


def test_each_merge_is_said_as_characters_and_bytes_as_tokenizers_decodes_it():
    """merge_texts: the left, right and new token as text where tokenizers' ByteLevel decoder gives whole
    characters, null where it gives U+FFFD (part of a character); merge_hex: the bytes tokenizers decodes."""
    tokenizers = pytest.importorskip("tokenizers")
    result = ask({"corpus": NOTES, "vocab_size": 700})
    decoder = tokenizers.decoders.ByteLevel()
    assert len(result["merge_texts"]) == len(result["merge_hex"]) == len(result["merges"]) == 700 - 292
    seen = {True: 0, False: 0}
    for (left, right), texts, hexes in zip(result["merges"], result["merge_texts"], result["merge_hex"]):
        for token, text, hex_ in zip((left, right, left + right), texts, hexes):
            decoded = decoder.decode([token])
            if "\ufffd" in decoded:
                assert text is None
            else:
                assert text == decoded
                assert bytes.fromhex(hex_).decode("utf-8") == decoded
            seen[text is None] += 1
    assert seen[True] and seen[False]  # Chinese notes: parts of characters and whole ones
    assert any(texts[2] is not None and texts[2].startswith(" ") for texts in result["merge_texts"])  # a space: Ġ


def test_txt_lines_are_read_as_tokenizer_train_reads_a_file(tmp_path):
    tokenizers = pytest.importorskip("tokenizers")
    corpus = "今天天气真好\r\n今天\n\nhello world\nhello"
    path = tmp_path / "corpus.txt"
    path.write_bytes(corpus.encode())
    tok = tokenizers.Tokenizer(tokenizers.models.BPE())
    tok.pre_tokenizer = tokenizers.pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.train([str(path)], trainer=tokenizers.trainers.BpeTrainer(
        show_progress=False, vocab_size=300, special_tokens=["<s>"],
        initial_alphabet=tokenizers.pre_tokenizers.ByteLevel.alphabet()))
    result = ask({"corpus": corpus, "vocab_size": 300, "special_tokens": ["<s>"]})
    assert json.loads(result["tokenizer_json"])["model"] == json.loads(tok.to_str())["model"]
    assert result["stop"] == "no_pairs" and result["n_texts"] == 5


def test_progress_hears_every_merge_and_stop_keeps_what_was_learned():
    corpus = "\n".join(PARAGRAPHS[:40])
    heard = []
    full = ask({"corpus": corpus, "vocab_size": 700}, lambda *a: heard.append(a))
    total = 700 - 36 - 256
    assert heard == [(i + 1, total, left, right) for i, (left, right) in enumerate(full["merges"])]
    stopped = ask({"corpus": corpus, "vocab_size": 700}, lambda done, total, left, right: done < 100)
    assert stopped["stop"] == "stopped" and stopped["merges"] == full["merges"][:100]
    assert stopped["vocab_size"] == 36 + 256 + 100
    assert json.loads(stopped["tokenizer_json"])["model"]["merges"] == full["merges"][:100]


@pytest.mark.parametrize("payload, code, params", [
    ({"corpus": ""}, "corpus_empty", {}),
    ({"corpus": '{"id": 1}\n{"conversations": [{"content": ""}]}', "format": "jsonl"}, "corpus_empty", {}),
    ({"corpus": "ab\x00cd"}, "corpus_binary", {"at": 2}),
    ({"corpus": '{"conversations": []}\n\n{"oops"\n', "format": "jsonl"}, "jsonl_bad_line", {"line": 3, "column": 8}),
    # One line nested 5,000 deep: refused before parsing (in Pyodide it overflowed the stack, fatally).
    ({"corpus": '{"conversations": []}\n' + "[" * 5000 + "]" * 5000, "format": "jsonl"}, "jsonl_bad_line",
     {"line": 2, "column": 1}),
    ({"corpus": "ab", "vocab_size": 291}, "too_small", {"field": "vocab_size", "min": 292}),
    ({"corpus": "ab", "vocab_size": 255, "special_tokens": []}, "too_small", {"field": "vocab_size", "min": 256}),
    ({"corpus": "ab", "vocab_size": 32001}, "too_large", {"field": "vocab_size", "max": 32000}),
    ({"corpus": "ab", "vocab_size": "6400"}, "wrong_type", {"field": "vocab_size", "expected": "integer"}),
    ({"corpus": "ab", "format": "csv"}, "bad_choice", {"field": "format", "value": "'csv'", "choices": "'txt', 'jsonl'"}),
    ({"corpus": "a" * (minimind.MAX_CORPUS_CHARS + 1)}, "text_too_long",
     {"field": "corpus", "length": minimind.MAX_CORPUS_CHARS + 1, "limit": minimind.MAX_CORPUS_CHARS}),
])
def test_bad_input_is_a_clear_error(payload, code, params):
    error = ask(payload)
    assert error["code"] == code and error["params"] == params, error


def run_sliced(payload, stop_after=None):
    """The worker's way (webapi.start): slices of no time at all, each answering the newest news; Stop
    (job.stop) once `stop_after` merges were heard."""
    job = webapi.start("train_hf", json.dumps(payload, ensure_ascii=False))
    heard = []
    while True:
        answer = json.loads(job.run(0))
        if "progress" not in answer:
            return answer, heard
        heard.append(answer["progress"])
        if stop_after is not None and answer["progress"].get("done", 0) >= stop_after:
            return json.loads(job.stop()), heard


def test_sliced_training_answers_what_handle_answers_and_stop_keeps_the_merges_so_far():
    tokenizers = pytest.importorskip("tokenizers")
    corpus = "\n".join(PARAGRAPHS[:40])
    full = ask({"corpus": corpus, "vocab_size": 700})
    answer, heard = run_sliced({"corpus": corpus, "vocab_size": 700})
    assert answer == {"ok": True, "result": full}
    reading = [h for h in heard if "read" in h]
    assert reading and reading[-1] == {"read": full["n_texts"], "texts": full["n_texts"]}
    merging = [h for h in heard if "done" in h]
    assert [h["done"] for h in merging] == list(range(1, len(full["merges"]) + 1))
    assert all([h["left"], h["right"]] == full["merges"][h["done"] - 1] for h in merging)
    stopped, _ = run_sliced({"corpus": corpus, "vocab_size": 700}, stop_after=50)
    result = stopped["result"]
    assert result["stop"] == "stopped" and result["merges"] == full["merges"][:50]
    loaded = tokenizers.Tokenizer.from_str(result["tokenizer_json"])
    assert loaded.get_vocab_size() == result["vocab_size"] == 36 + 256 + 50
    text = PARAGRAPHS[41]
    assert loaded.encode(text).ids == json.loads(webapi.handle("hf_compare", json.dumps(
        {"tokenizer_json": result["tokenizer_json"], "text": text})))["result"]["rows"][0]["ids"][:600]


def test_stop_while_reading_keeps_the_bytes_and_special_tokens():
    job = webapi.start("train_hf", json.dumps({"corpus": "\n".join(PARAGRAPHS * 30), "vocab_size": 700}))
    assert "read" in json.loads(job.run(0))["progress"]
    result = json.loads(job.stop())["result"]
    assert (result["stop"], result["merges"], result["vocab_size"]) == ("stopped", [], 36 + 256)


def test_a_sliced_request_with_a_bad_payload_answers_its_error_at_once():
    answer = json.loads(webapi.start("train_hf", '{"corpus": "ab", "vocab_size": 291}').run(0))
    assert answer["error"]["code"] == "too_small" and answer["error"]["params"]["min"] == 292
    assert json.loads(webapi.start("train_hf", '{"corpus": 1}').run(0))["error"]["code"] == "wrong_type"


def test_the_first_pair_count_reports_too_and_stop_there_keeps_the_alphabet(monkeypatch):
    monkeypatch.setattr(minimind, "PAIR_SLICE", 50)
    payload = {"corpus": "\n".join(PARAGRAPHS[:40]), "vocab_size": 700}
    answer, heard = run_sliced(payload)
    pairing = [h for h in heard if "paired" in h]
    words = answer["result"]["n_words"]
    assert [h["paired"] for h in pairing] == list(range(50, words + 1, 50)) and {h["words"] for h in pairing} == {words}
    assert answer["result"] == ask(payload)  # the same training
    job = webapi.start("train_hf", json.dumps(payload, ensure_ascii=False))
    while "paired" not in json.loads(job.run(0))["progress"]:
        pass
    result = json.loads(job.stop())["result"]
    assert (result["stop"], result["merges"], result["vocab_size"]) == ("stopped", [], 36 + 256)
