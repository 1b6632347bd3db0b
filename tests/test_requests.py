"""Bad requests are refused as declared errors, and every answer is bounded and strict JSON (issue #27).

Every kind × every declared field × values of every JSON type (and missing and unknown fields), then
arbitrary JSON from hypothesis: only codes of `protocol.ERRORS` come back, never `internal`, and a value
that does not fit the field's declared type (as tests/contract.py's `check` reads the type) is refused
with an error naming that field. Then each cap, one by one."""

import json
import random
from pathlib import Path
import typing

import pytest
from contract import check
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toklab import protocol, toybpe, webapi

# MiniMind's own file: the repository's, or inside Pyodide where tests/pyodide/run.mjs mounts it.
_MINIMIND = [Path(__file__).resolve().parent.parent / "assets" / "minimind" / "tokenizer.json", Path("/assets/minimind/tokenizer.json")]
MINIMIND_JSON = next(p for p in _MINIMIND if p.is_file()).read_text(encoding="utf-8")

# A good request of each kind, which the tests below spoil one field at a time.
GOOD = {
    "warmup": {"encoding": "r50k_base"},
    "overview": {"text": "hello world", "allowed_special": "none", "piece": 0, "piece_limit": 10, "merges": None,
                 "encoding": "r50k_base"},
    "overview_ids": {"text": "hello world", "allowed_special": "none", "merges": None, "encoding": "r50k_base", "offset": 1},
    "trace_piece": {"text": "hello world", "index": 1, "allowed_special": "none", "merges": None, "encoding": "r50k_base"},
    "decode": {"ids": "31373 995", "encoding": "r50k_base"},
    "special": {"text": "hi<|endoftext|>", "encoding": "r50k_base"},
    "train": {"corpus": "low lower lowest", "mode": "chars", "unit": "words", "vocab_size": None, "num_merges": 3,
              "min_frequency": 2, "tie_break": "first_occurrence", "detail": "auto"},
    "train_steps": {"corpus": "low lower lowest", "mode": "chars", "unit": "words", "vocab_size": None, "num_merges": 3,
                    "min_frequency": 2, "tie_break": "first_occurrence", "detail": "auto", "step": 1},
    "train_try": {"corpus": "low lower lowest", "mode": "chars", "unit": "words", "vocab_size": None, "num_merges": 3,
                  "min_frequency": 2, "tie_break": "first_occurrence", "detail": "auto", "text": "lower", "n_merges": 2},
    "toy_encode": {"merges": [["l", "o"]], "text": "low", "unit": "words", "end_marker": None, "vocab": None},
    "train_wordpiece": {"corpus": "low lower lowest", "unit": "words", "num_merges": 3, "min_frequency": 2, "text": "lowest"},
    "compare": {"text": "a b a b", "corpus": None, "bpe_vocab_size": 20, "min_frequency": 2},
    "samples": {"text": "a b c d e f g h i j", "block_size": 2, "batch_size": 2, "tokenizer": "toy_bpe",
                "bpe_vocab_size": 20, "mode": "random", "seed": 0, "start": 0},
    "source": {"name": "encode"},
    "train_hf": {"corpus": "low lower lowest\nnewest widest", "format": "txt", "vocab_size": 300, "special_tokens": ["<|endoftext|>"]},
    # the open models (minimind ships inside the package) and a tokenizer.json of the reader's
    "tokenizer_facts": {"encoding": "minimind"},
    "model_row": {"text": "今天天气真好 hello", "encoding": "minimind", "dim": 768},
    "tokenizer_file": {"json": MINIMIND_JSON, "name": "minimind.json"},
    "tokenizer_model_file": {"data": "Cg4KBTx1bms+FQAAAAAYAgoMCgPiloEVAACAvxgBCgoKAWEVAAAAwBgBCgoKAWIVAAAAwBgBCg4KBeKWgWFiFQAAwL8YARICGAEaCgoIaWRlbnRpdHk=", "name": "tiny.model"},  # <unk> ▁ a b ▁ab (Unigram)
    "tokenizer_vocab_file": {"text": "[PAD]\n[UNK]\n[CLS]\n[SEP]\ncat\n##s\n", "name": "vocab.txt"},  # BERT's form, six lines
    "hf_compare": {"tokenizer_json": MINIMIND_JSON, "text": "今天天气真好 hello"},
}  # fmt: skip

# One value of each JSON type, and the edges of the declared limits.
VALUES = [None, True, 0, -1, 1.5, 2**53, 10**30, "", "abc", [], [["a", "b"]], [["a", "b", "c"]], [[1, 2]], {}]

FIELD_CODES = {"wrong_type", "bad_choice", "too_small", "too_large", "text_too_long", "too_many_items"}
# Errors about what a request's values mean together (a piece the text does not have, say).
VALUE_CODES = {"empty_text", "no_such_piece", "piece_too_long", "merge_unknown_token", "merge_repeated",
               "too_large_for_tables", "stream_too_short", "table_unavailable", "corpus_empty", "corpus_binary",
               "jsonl_bad_line",
               # a tokenizer.json that is not one toklab.hf can run (the reader's file, or a trained one)
               "hf_bad_json", "hf_too_large", "hf_bad_value", "hf_unsupported", "hf_bad_regex", "hf_unknown_merge_token",
               "hf_text_too_long", "hf_normalized_too_long"}


def strict(answer_json: str) -> dict:
    """The answer, read as the page's JSON.parse reads it: no NaN, no Infinity."""

    def refuse(name):
        raise AssertionError(f"the answer holds {name}, which is not JSON")

    return json.loads(answer_json, parse_constant=refuse)


def answer(kind: str, payload) -> dict:
    got = strict(webapi.handle(kind, payload if isinstance(payload, str) else json.dumps(payload)))
    if got["ok"]:
        check(got["result"], protocol.KINDS[kind][1])
    else:
        check(got["error"], protocol.Failure)
        assert got["error"]["code"] in protocol.ERRORS and got["error"]["code"] != "internal", got
    return got


def fits(value, tp) -> bool:
    try:
        check(value, tp)
    except AssertionError:
        return False
    return True


def fields(kind):
    request = protocol.KINDS[kind][0]
    return typing.get_type_hints(request)  # Annotated and Required stripped: the plain JSON types


def test_every_kind_has_a_good_request_with_every_field():
    assert set(GOOD) == set(protocol.KINDS)
    for kind, payload in GOOD.items():
        assert set(payload) == set(fields(kind)), kind
        assert answer(kind, payload)["ok"], kind


CASES = [(kind, field, value) for kind in GOOD for field in fields(kind) for value in VALUES]


@pytest.mark.cpython_only  # the same pure Python inside Pyodide; there it would take minutes
@pytest.mark.parametrize("kind, field, value", CASES, ids=[f"{k}.{f}={json.dumps(v)}" for k, f, v in CASES])
def test_each_field_takes_what_is_declared_and_names_itself_when_it_refuses(kind, field, value):
    got = answer(kind, {**GOOD[kind], field: value})
    if not fits(value, fields(kind)[field]):
        assert not got["ok"], got
        assert got["error"]["code"] in FIELD_CODES
        named = got["error"]["params"]["field"]
        assert named == field or named.startswith(f"{field}["), got
    elif not got["ok"]:  # a value of the right type may still be out of its range or meaningless here
        assert got["error"]["code"] in VALUE_CODES | {"too_small", "too_large", "bad_choice"}, got
        if got["error"]["code"] in ("too_small", "too_large", "bad_choice"):
            assert got["error"]["params"]["field"] == field


@pytest.mark.parametrize("kind", GOOD)
def test_missing_and_unknown_fields(kind):
    for field in sorted(protocol.KINDS[kind][0].__required_keys__):
        payload = {k: v for k, v in GOOD[kind].items() if k != field}
        error = answer(kind, payload)["error"]
        assert (error["code"], error["params"]) == ("missing_field", {"kind": kind, "field": field})
    error = answer(kind, {**GOOD[kind], "colour": "red"})["error"]
    assert (error["code"], error["params"]) == ("unknown_field", {"kind": kind, "field": "colour"})


_BAD = {"NaN": "NaN", "Infinity": "Infinity", "-Infinity": "-Infinity", "5000-digits": "1" * 5000,
        "deep-array": "[" * 100_000 + "]" * 100_000, "deep-object": '{"a": ' * 50_000 + "1" + "}" * 50_000, "1e999": "1e999"}


@pytest.mark.parametrize("bad", list(_BAD.values()), ids=list(_BAD))
@pytest.mark.parametrize("kind", ["overview", "train", "samples"])
def test_numbers_json_has_not_and_deep_nesting_are_bad_json(kind, bad):
    field = {"overview": "piece", "train": "vocab_size", "samples": "seed"}[kind]
    payload = json.dumps({**GOOD[kind], field: 0}).replace(f'"{field}": 0', f'"{field}": {bad}')
    got = answer(kind, payload)
    if bad == "1e999":  # a float (inf) where an integer belongs: the wrong type, not NaN in the answer
        assert got["error"]["code"] == "wrong_type" and got["error"]["params"]["field"] == field
    else:
        assert got["error"]["code"] == "bad_json", got


def test_the_wrong_values_the_probe_found_are_refused():
    """Issue #27's list: each passed silently before."""
    for kind, field, value in [("train", "vocab_size", 1.5), ("train", "vocab_size", True),
                               ("toy_encode", "end_marker", "abc"), ("toy_encode", "merges", "ab"),
                               ("samples", "seed", "abc")]:
        error = answer(kind, {**GOOD[kind], field: value})["error"]
        assert error["code"] == "wrong_type" and error["params"]["field"] == field


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**60), 2**60) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)


@pytest.mark.cpython_only
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(GOOD)), data=st.data(), value=JSON)
def test_any_json_in_any_field_gets_a_declared_answer(kind, data, value):
    field = data.draw(st.sampled_from(sorted(fields(kind))))
    got = answer(kind, {**GOOD[kind], field: value})
    if not fits(value, fields(kind)[field]):
        assert not got["ok"] and got["error"]["params"]["field"].startswith(field)


@pytest.mark.cpython_only
@settings(max_examples=60, deadline=None)
@given(payload=JSON, kind=st.sampled_from(sorted(GOOD)))
def test_any_json_as_the_whole_payload_gets_a_declared_answer(payload, kind):
    answer(kind, payload)


# --- the caps: each answer is bounded, and says what it left out ----------------------------------


def test_samples_refuse_a_batch_or_block_past_the_declared_bound():
    text = "a b c d e f g h i j " * 50
    for field, bound in (("batch_size", protocol.MAX_BATCH), ("block_size", protocol.MAX_BLOCK)):
        error = answer("samples", {"text": text, field: 10**7})["error"]
        assert (error["code"], error["params"]) == ("too_large", {"field": field, "max": bound})
        assert answer("samples", {"text": text, "tokenizer": "r50k", field: bound})["ok"] or field == "block_size"
    windows = answer("samples", {"text": text, "batch_size": protocol.MAX_BATCH})["result"]["windows"]
    assert len(windows) == protocol.MAX_BATCH


def test_overview_refuses_a_page_larger_than_the_protocols():
    error = answer("overview", {"text": "a " * 10, "piece_limit": 10**6})["error"]
    assert (error["code"], error["params"]) == ("too_large", {"field": "piece_limit", "max": protocol.PIECE_LIMIT})
    view = answer("overview", {"text": "a " * 2999 + "a", "piece_limit": protocol.PIECE_LIMIT})["result"]
    assert len(view["pieces"]) == protocol.PIECE_LIMIT and view["n_pieces"] == 3000


def test_decode_sends_at_most_max_text_characters_and_says_how_many_there_were(r50k_oracle):
    token = r50k_oracle.decode([35496])  # a long token with no break in it
    n = protocol.MAX_TEXT // 6  # "35496 " fits n times into the longest ids field
    result = answer("decode", {"ids": "35496 " * n})["result"]
    assert result["n_text"] == len(r50k_oracle.decode([35496] * n)) == n * len(token) > protocol.MAX_TEXT
    assert result["text"] == (token * n)[: protocol.MAX_TEXT]
    assert result["n_items"] == n and len(result["items"]) == protocol.ITEM_LIMIT
    short = answer("decode", {"ids": "31373 995"})["result"]
    assert short["text"] == "hello world" and short["n_text"] == 11


def test_toy_encode_lists_the_first_item_limit_words_and_counts_them_all():
    cut = answer("toy_encode", {"merges": [["l", "o"], ["lo", "w"]], "text": "low lower " * 400})["result"]
    assert cut["n_words"] == 800 and len(cut["words"]) == protocol.ITEM_LIMIT
    assert cut["n_tokens"] == sum(len(w["tokens"]) for w in cut["words"])
    assert [w["word"] for w in cut["words"]] == ("low lower " * 400).split()[: protocol.ITEM_LIMIT]


def test_toy_encode_stops_at_its_work_limit_and_cuts_what_it_lists_as_merges_used_does():
    """Long words and many merges: the words past TOY_WORK_LIMIT symbols are left out (n_words says how
    many there were); each listed word is what the readable `merges_used` makes of it."""
    merges = [["a" + "b" * i, "b"] for i in range(1000)]  # each merge adds one b: a word of n b's takes n steps
    words = ["a" + "b" * (900 + i) for i in range(100)]
    text = " ".join(words)
    cut = answer("toy_encode", {"merges": merges, "text": text})["result"]
    assert 0 < len(cut["words"]) < min(protocol.ITEM_LIMIT, cut["n_words"]) and cut["n_words"] == len(words)
    for w in cut["words"]:
        symbols, used = toybpe.merges_used(toybpe.word_to_symbols(w["word"]), [tuple(m) for m in merges])
        assert w["tokens"] == list(symbols) and w["steps"] == [list(p) for p in used]


def test_toy_encode_by_lines_keeps_the_text_limit():
    error = answer("toy_encode", {"merges": [], "text": "x" * (protocol.MAX_TEXT + 1), "unit": "lines"})["error"]
    assert error["code"] == "text_too_long" and error["params"]["field"] == "text"


PAIRS = st.lists(st.tuples(st.sampled_from(["a", "b", "ab", "ba", "aa", "bab", "</w>", "b</w>"]),
                           st.sampled_from(["a", "b", "ab", "</w>", "b</w>", "aab"])), max_size=12)


@settings(max_examples=200, deadline=None)
@given(word=st.text("ab", min_size=1, max_size=12), merges=PAIRS)
def test_the_fast_toy_cut_is_merges_used(word, merges):
    symbols = toybpe.word_to_symbols(word)
    fast = toybpe.merges_used_within(symbols, merges, toybpe.merge_positions(merges), 10**9)
    assert fast[:2] == toybpe.merges_used(symbols, merges)


def test_brackets_inside_a_text_are_text_not_nesting():
    text = "[" * 50_000 + "{" * 50_000 + '\\"[['
    view = answer("overview", {"text": text})["result"]
    assert "".join(p["text"] for p in view["pieces"]) == text[: sum(len(p["text"]) for p in view["pieces"])]
    assert view["n_pieces"] > 0


def _with(payload: dict, field: str, value: str) -> dict:
    return {**payload, field: value}


SURROGATE_CASES = [(kind, field, extra) for kind, payload in GOOD.items() for field in ("text", "corpus") if isinstance(payload.get(field), str)
                   for extra in ({}, *([{"mode": "bytes"}] if kind == "train" else []),
                                 *([{"encoding": name} for name in typing.get_args(protocol.TableName)]
                                   if kind in ("overview", "trace_piece", "special", "model_row") else []))]


@pytest.mark.cpython_only  # the same pure Python inside Pyodide, where loading every open model takes minutes
@pytest.mark.parametrize("kind, field, extra", SURROGATE_CASES, ids=[f"{k}.{f}{e}" for k, f, e in SURROGATE_CASES])
def test_a_lone_surrogate_reads_as_u_fffd_in_every_kind_and_table(kind, field, extra):
    """JSON allows "\\ud800" and a JavaScript string may hold one; UTF-8 has none. Every kind reads it as
    tiktoken does, as U+FFFD (27 of 54 such requests were `internal`)."""
    if extra.get("encoding") == protocol.CUSTOM_TABLE:
        assert answer("tokenizer_file", GOOD["tokenizer_file"])["ok"]
    payload = {**GOOD[kind], **extra}
    text = payload[field]
    lone = answer(kind, _with(payload, field, text[:2] + "\ud800" + text[2:] + "\udfff"))
    replaced = answer(kind, _with(payload, field, text[:2] + "\ufffd" + text[2:] + "\ufffd"))
    assert lone == replaced, lone


@pytest.mark.parametrize("kind, payload", [
    ("compare", {"text": "今天天气真好，我们去公园散步吧。" * 6_000}),
    ("special", {"text": "今天天气真好 <|endoftext|> hello " * 4_000}),
])
def test_lists_the_page_draws_are_cut_and_counted_whole(kind, payload, r50k_oracle):
    """At the 1M-character limit a compare answer came to 87 MB and a special one to 33 MB, for a page
    that draws the first ITEM_LIMIT tokens: the lists are cut there, the counts stay whole (P3)."""
    text = payload["text"]
    raw = webapi.handle(kind, json.dumps(payload))
    got = answer(kind, payload)["result"]
    assert len(raw) < 400_000  # the lists' whole length would be megabytes
    if kind == "compare":
        r50k = got["tokenizers"][3]
        assert r50k["n_tokens"] == len(r50k_oracle.encode_ordinary(text))
        assert r50k["ids"] == r50k_oracle.encode_ordinary(text)[:protocol.ITEM_LIMIT]
        assert all(len(row["tokens"]) == min(row["n_tokens"], protocol.ITEM_LIMIT) for row in got["tokenizers"])
    else:
        whole = r50k_oracle.encode(text, allowed_special="all")
        assert got["allowed"]["n_ids"] == len(whole) and got["allowed"]["ids"] == whole[:protocol.ITEM_LIMIT]
        assert got["refused"]["ids"] is None and got["refused"]["n_ids"] is None


def test_samples_send_each_token_as_its_chip_shows_it():
    """1M Chinese characters without a space are one toy "word": its samples answer came to 23 MB, that
    word in the stream and in every window. Each token is sent as a chip shows it, cut with "…" (P3)."""
    text = "今天天气真好，我们去公园散步吧" * 2_000 + " a b c d e f g h"
    raw = webapi.handle("samples", json.dumps({"text": text, "block_size": 2, "batch_size": 2, "mode": "sequential"}))
    got = json.loads(raw)["result"]
    assert len(raw) < 20_000 < len(text)
    assert got["tokens"][0] == text[: webapi.TOKEN_SHOWN - 1] + "…"
    assert got["windows"][0]["x_tokens"][0] == got["tokens"][0] and got["n_ids"] == len(got["tokens"])


def test_a_large_training_lists_the_ties_the_page_shows_and_writes_characters_as_they_are():
    """Train bytes on 1M Chinese characters answered 157 MB: every step listed 20 tied pairs (800 characters
    of byte-level tokens) and the JSON wrote each non-ASCII character as a 6-character \\u escape. A step
    without tables lists what the page's tie line shows (4, and "…" for more: TIED_SHOWN), counting all
    of them in n_tied, and the answer writes characters as they are (P3)."""
    from toklab.training import TIED_SHOWN

    rng = random.Random(7)
    corpus = "".join(chr(rng.randint(0x4E00, 0x4E00 + 400)) for _ in range(3_000))  # no space: one row
    raw = webapi.handle("train", json.dumps({"corpus": corpus, "mode": "bytes"}))
    got = json.loads(raw)["result"]
    assert got["tables_shown"] is False and len(got["steps"]) > 100
    ties = [s["tie"] for s in got["steps"]]
    assert all(len(t["tied"]) == min(t["n_tied"], TIED_SHOWN) for t in ties)
    assert any(t["n_tied"] > TIED_SHOWN for t in ties)  # the bound was met, and counted whole
    assert "\\u" not in raw and got["steps"][0]["merged"] in raw
