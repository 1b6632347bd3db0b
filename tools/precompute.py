"""precomputed.json: the answers to the page's first requests for its default example.

The build runs this module as a program (`python -m tools.precompute`, with py_src on the path): the
same toklab.webapi.handle the worker runs answers the requests on CPython, in a fresh interpreter that
writes no bytecode into py_src/. The page looks its requests up by precompute_key (web/precomputed.mjs
computes the same keys) and draws the example before Python has loaded.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tools.common import ROOT, BuildError

sys.path.insert(0, str(ROOT / "py_src"))  # toklab.open_models imports nothing of toklab's: the names only
from toklab.open_models import TOKENIZER_NAMES  # noqa: E402
from toklab.table_names import OPENAI_TABLES, SPM_NAMES, WORDPIECE_NAMES  # noqa: E402

del sys.path[0]

# The first requests the page makes for its default example; their answers go in precomputed.json.
PRECOMPUTED_REQUESTS = (
    ("overview", {"text": "tokenization", "allowed_special": "none"}),
    ("trace_piece", {"text": "tokenization", "index": 0, "allowed_special": "none"}),
    # every table's facts (web/lessons/encodings.mjs): its family, format, title and vocabulary size, said
    # before the page has fetched its file (the build has shipped them by now: tools/tables.py, tools/models.py)
    *(("tokenizer_facts", {"encoding": name}) for name in OPENAI_TABLES + TOKENIZER_NAMES),
    # ... and each SentencePiece model's (toklab.spm_models; tools/dist.py has shipped their files by now)
    *(("tokenizer_facts", {"encoding": name}) for name in SPM_NAMES),
    # ... and each WordPiece table's (toklab.wordpiece_models; trained and shipped by tools/dist.py by now)
    *(("tokenizer_facts", {"encoding": name}) for name in WORDPIECE_NAMES),
    # the encode lesson's quick answer (web/lessons/encode/quick.mjs): the example's count in every table
    *(("model_row", {"text": "tokenization", "encoding": name}) for name in OPENAI_TABLES + TOKENIZER_NAMES + SPM_NAMES + WORDPIECE_NAMES),
)


def canonical_json(value: object) -> str:
    """JSON with sorted keys and no spaces: the payload half of a precomputed key (see web/precomputed.mjs).

    >>> canonical_json({"text": "héllo", "index": 0})
    '{"index":0,"text":"héllo"}'
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def precompute_key(kind: str, payload: dict) -> str:
    """`kind + " " + canonical_json(payload)`.

    >>> precompute_key("overview", {"text": "tokenization", "allowed_special": "none"})
    'overview {"allowed_special":"none","text":"tokenization"}'
    """
    return f"{kind} {canonical_json(payload)}"


def precompute(tables: Path | None = None) -> dict:
    """Run toklab.webapi.handle on CPython for the default example's first requests. `tables`: the folder
    the build has just written OpenAI's tables to (a clean clone has them nowhere else yet)."""
    path = os.pathsep.join([str(ROOT / "py_src"), str(ROOT)])
    env = dict(os.environ, PYTHONPATH=path, PYTHONDONTWRITEBYTECODE="1")
    if tables is not None:
        env["TOKLAB_TABLES"] = str(tables)
    done = subprocess.run(
        [sys.executable, "-m", "tools.precompute"],
        input=json.dumps(PRECOMPUTED_REQUESTS),
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise BuildError(f"computing precomputed.json with toklab.webapi.handle failed ({last}): fix the engine, then build again")
    answers = {}
    for (kind, payload), answer in zip(PRECOMPUTED_REQUESTS, json.loads(done.stdout)):
        if not answer.get("ok"):
            raise BuildError(f"toklab.webapi.handle({kind!r}) answered an error for the default example: {answer.get('error')}")
        answers[precompute_key(kind, payload)] = answer
    return {"format": 1, "answers": answers}


def answer_requests() -> None:
    """The program precompute() runs: [[kind, payload], ...] on stdin, handle's answers (a JSON list) on stdout."""
    from toklab.webapi import handle  # here, not at the top: the build itself never imports the engine

    requests = json.loads(sys.stdin.read())
    json.dump([json.loads(handle(kind, json.dumps(payload))) for kind, payload in requests], sys.stdout)


if __name__ == "__main__":
    answer_requests()
