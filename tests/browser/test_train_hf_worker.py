"""The worker's train_hf request (train like MiniMind): it trains in the engine's worker while the page
keeps turning, posts progress as it merges, and answers the tokenizer.json tokenizers itself writes.
The worker runs it in slices (toklab.webapi.start): progress comes once a slice, the newest news, so
not every merge is heard; the page's mode is tests/browser/test_train_minimind.py."""

from pathlib import Path

import pytest
from conftest import shared_page_fixtures  # tests/browser is on sys.path

import minimind_script

open_app, page, console_errors = shared_page_fixtures()  # the requests go to an engine of their own, made in the shared page

NOTES = (Path(__file__).resolve().parent.parent / "data" / "minimind_notes_zh.txt").read_text(encoding="utf-8")

TRAIN = """async ({ corpus, vocab, format }) => {
    const { createEngine } = await import("./engine.mjs");
    const engine = createEngine();
    await engine.ready;
    const heard = [];
    let done = false;
    let ticks = 0;
    const answer = engine.request("train_hf", { corpus, format, vocab_size: vocab }, { onProgress: (p) => heard.push(p) })
        .then((a) => { done = true; return a; });
    while (!done) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        ticks += 1;
    }
    const a = await answer;
    engine.terminate();
    return { answer: a, heard, ticks };
}"""


def test_training_runs_in_the_worker_with_progress(page, tmp_path):
    tokenizers = pytest.importorskip("tokenizers")
    lines = minimind_script.sft_lines([p for p in NOTES.split("\n\n") if p.strip()])
    corpus = "\n".join(lines)
    out = page.evaluate(TRAIN, {"corpus": corpus, "vocab": 700, "format": "jsonl"})
    answer = out["answer"]
    assert answer["ok"], answer
    result = answer["result"]
    minimind_script.train_tokenizer(tokenizers, minimind_script.get_texts(lines), tmp_path / "theirs", 700)
    assert result["tokenizer_json"] == (tmp_path / "theirs" / "tokenizer.json").read_text(encoding="utf-8")
    total = 700 - 36 - 256
    reading = [h for h in out["heard"] if "read" in h]
    assert all(h["texts"] == result["n_texts"] for h in reading)
    heard = [h for h in out["heard"] if "done" in h]
    assert heard and all(h["total"] == total for h in heard)
    assert [h["done"] for h in heard] == sorted({h["done"] for h in heard})  # in order, never twice
    assert all(result["merges"][h["done"] - 1] == [h["left"], h["right"]] for h in heard)
    assert out["ticks"] > 2  # the page's event loop kept turning while Python trained


def test_a_bad_corpus_is_an_error_with_its_line(page):
    out = page.evaluate(
        """async () => {
            const { createEngine } = await import("./engine.mjs");
            const engine = createEngine();
            await engine.ready;
            const a = await engine.request("train_hf", { corpus: '{"conversations": []}\\nnot json', format: "jsonl" });
            engine.terminate();
            return a;
        }"""
    )
    assert out["ok"] is False and out["error"]["code"] == "jsonl_bad_line"
    assert out["error"]["params"] == {"line": 2, "column": 1} and "line 2" in out["error"]["message"]
