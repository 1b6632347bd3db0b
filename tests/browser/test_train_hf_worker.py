"""The worker's train_hf request (train like MiniMind): it trains in the engine's worker while the page
keeps turning, posts progress as it merges, and answers the tokenizer.json tokenizers itself writes.
(The page's "Train like MiniMind" mode is not built yet; this holds the worker to its side.)"""

from pathlib import Path

import pytest

import minimind_script

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
    heard = out["heard"]
    assert heard and heard[-1] == {"done": total, "total": total, "left": result["merges"][-1][0],
                                   "right": result["merges"][-1][1]}
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
