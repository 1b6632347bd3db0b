"""Each table's memory once loaded inside Pyodide, for bench/table_memory.mjs (issue 39). Prints nothing
itself: `load(name, text)` loads one table as the models lesson does (its `model_row` request on `text`)
and answers what it cost, as JSON: the milliseconds, the Python heap the table keeps (tracemalloc: what
is still allocated once the request has answered and a collection has run) and the peak while loading."""

import gc
import json
import time
import tracemalloc

from toklab import webapi


def load(name: str, text: str) -> str:
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    start = time.perf_counter()
    answer = json.loads(webapi.handle("model_row", json.dumps({"text": text, "encoding": name})))
    ms = (time.perf_counter() - start) * 1000
    gc.collect()
    kept, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    tokens = answer["result"]["n_tokens"] if answer["ok"] else answer["error"]["code"]
    return json.dumps({"ms": ms, "kept": kept - before, "peak": peak - before, "tokens": tokens})


def encode_ms(name: str, text: str) -> str:
    """The same request again, the table loaded (no tracemalloc): the row's own time."""
    start = time.perf_counter()
    webapi.handle("model_row", json.dumps({"text": text, "encoding": name}))
    return json.dumps({"ms": (time.perf_counter() - start) * 1000})
