"""A training's steps in pages (issue 41, P3): the `train` answer lists the first STEP_LIMIT steps and the
corpus rows the page may show, `train_steps` any other page; put together, the pages are the whole run's
steps (training.train_toy / bytetrain.train_bytes, unpaged), and no answer outgrows its bound.
"""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toklab import webapi
from toklab.bytetrain import train_bytes
from toklab.protocol import CORPUS_SYMBOLS, ITEM_LIMIT, MAX_TEXT, STEP_LIMIT
from toklab.training import first_page, steps_page, train_toy
import oracles  # noqa: E402

MB = 1_000_000


answer = oracles.webapi_answer


def paged_steps(payload: dict) -> list[dict]:
    """Every step of the training `payload` asks for, as the page gets them: the first page, then each next."""
    first = answer("train", payload)
    steps = list(first["steps"])
    assert first["step_offset"] == 0 and first["step_limit"] == STEP_LIMIT
    while len(steps) < first["n_steps"]:
        page = answer("train_steps", {**payload, "step": len(steps)})
        assert page["step_offset"] == len(steps) and page["n_steps"] == first["n_steps"]
        assert 0 < len(page["steps"]) <= STEP_LIMIT
        steps += page["steps"]
    return steps


# distinct words: a byte-level training of them makes about three merges a word (more than one page)
WORDS = " ".join(f"w{i}x{i * 7 % 13}y" for i in range(1500))


@pytest.mark.parametrize("payload, whole", [
    ({"corpus": WORDS, "mode": "bytes", "min_frequency": 1}, lambda: train_bytes(WORDS, min_frequency=1)),
    ({"corpus": WORDS, "mode": "bytes", "min_frequency": 1, "tie_break": "huggingface"},
     lambda: train_bytes(WORDS, min_frequency=1, tie_break="huggingface")),
    ({"corpus": WORDS, "unit": "lines", "min_frequency": 1, "tie_break": "lexicographic"},
     lambda: train_toy(WORDS, unit="lines", min_frequency=1, tie_break="lexicographic")),
])  # fmt: skip
def test_the_pages_put_together_are_the_whole_runs_steps(payload, whole):
    reference = whole()
    assert len(reference["steps"]) > STEP_LIMIT  # more than one page
    assert paged_steps(payload) == reference["steps"]
    first = answer("train", payload)
    assert first["merges"] == reference["merges"][:STEP_LIMIT] == [s["pair"] for s in first["steps"]]
    assert first["learned"] == reference["learned"][:ITEM_LIMIT]
    assert first["n_learned"] == len(reference["learned"])
    assert first["stop"] == reference["stop"] and first["n_steps"] == len(reference["steps"])


@pytest.mark.parametrize("payload, whole", [
    ({"corpus": WORDS, "mode": "bytes", "min_frequency": 1}, lambda: train_bytes(WORDS, min_frequency=1)),
    ({"corpus": WORDS, "unit": "lines", "min_frequency": 1}, lambda: train_toy(WORDS, unit="lines", min_frequency=1)),
    ({"corpus": WORDS, "min_frequency": 1, "tie_break": "huggingface"}, lambda: train_toy(WORDS, min_frequency=1, tie_break="huggingface")),
])  # fmt: skip
def test_the_example_names_the_training_and_is_cut_as_with_its_merges_sent_back(payload, whole):
    """train_try cuts the example with the first n merges of the training the engine holds (or trains
    again): the same answer as the merges sent back (overview with merges, toy_encode), which the page did."""
    reference = whole()
    merges, text = reference["merges"], "w12x3y w1499x4y lower 今天 w7x"
    assert len(merges) > STEP_LIMIT
    for n in (0, 1, STEP_LIMIT + 7, len(merges), 10**6):
        got = answer("train_try", {**payload, "text": text, "n_merges": n})
        if reference["kind"] == "bytes":
            assert got == answer("overview", {"text": text, "allowed_special": "none", "merges": merges[:n]})
        else:
            vocab = reference["special_tokens"] + reference["base_vocab"]
            assert got == answer("toy_encode", {"merges": merges[:n], "text": text, "unit": reference["unit"], "vocab": vocab})
        answer("train", {"corpus": "low lower lowest"})  # the engine now holds another training: trained again


def test_a_step_past_the_end_gives_the_last_page_and_a_newer_training_does_not_change_a_page():
    payload = {"corpus": WORDS, "mode": "bytes", "min_frequency": 1}
    n = answer("train", payload)["n_steps"]
    last = answer("train_steps", {**payload, "step": 10**6})
    assert last["step_offset"] == (n - 1) // STEP_LIMIT * STEP_LIMIT
    assert last["steps"][-1] == train_bytes(WORDS, min_frequency=1)["steps"][-1]
    answer("train", {"corpus": "low lower lowest"})  # the engine now holds another training
    again = answer("train_steps", {**payload, "step": n - 1})  # trained again: the same page
    assert again == last


@settings(max_examples=60, deadline=None)
@given(words=st.lists(st.text(alphabet="abcd", min_size=1, max_size=6), min_size=1, max_size=30),
       limit=st.integers(1, 7), tie=st.sampled_from(["first_occurrence", "lexicographic", "huggingface"]),
       bytes_mode=st.booleans())
def test_pages_of_any_size_are_the_steps_in_order_and_each_says_its_vocabulary(words, limit, tie, bytes_mode):
    corpus = " ".join(words)
    whole = train_bytes(corpus, min_frequency=1, tie_break=tie) if bytes_mode else train_toy(corpus, min_frequency=1, tie_break=tie)
    steps = whole["steps"]
    pages = [steps_page(whole, at, limit) for at in range(0, max(1, len(steps)), limit)]
    assert [s for page in pages for s in page["steps"]] == steps
    assert all(page["n_steps"] == len(steps) and page["step_offset"] % limit == 0 for page in pages)
    # The page counts the tokens learned by step k from the step's vocabulary size (frames.mjs learnedUpTo).
    for k, step in enumerate(steps, 1):
        assert step["vocab_size"] - whole["base_vocab_size"] == sum(s["new_token"] for s in steps[:k])
    first = first_page(whole, limit)
    assert first["steps"] == steps[:limit] and first["n_steps"] == len(steps)
    assert first["n_distinct"] == sum(len(r["symbols"]) for r in whole["corpus"])


def test_a_training_at_the_text_limit_is_answered_within_its_bound():
    """MAX_TEXT characters: 100 distinct lines of 1,000 letters, ten times over (so training stays quick
    here); 1,200 merges, more than two pages. Before paging the answer grew with every step and every row."""
    rng = random.Random(41)
    lines = ["".join(rng.choice("abcdefgh") for _ in range(999)) for _ in range(100)]
    corpus = ("\n".join(lines) + "\n") * 10
    assert len(corpus) == MAX_TEXT
    payload = {"corpus": corpus, "unit": "lines", "num_merges": 1200}
    raw = webapi.handle("train", json.dumps(payload))
    first = json.loads(raw)["result"]
    assert first["n_steps"] == 1200 and len(first["steps"]) == STEP_LIMIT
    assert first["n_rows"] == 100 and first["n_distinct"] == 99_900 and len(first["merges"]) == STEP_LIMIT
    assert sum(len(r["symbols"]) for r in first["corpus"]) <= CORPUS_SYMBOLS
    assert len(raw.encode()) < 1 * MB
    for step in (STEP_LIMIT, 2 * STEP_LIMIT):
        page = webapi.handle("train_steps", json.dumps({**payload, "step": step}))
        assert json.loads(page)["result"]["step_offset"] == step
        assert len(page.encode()) < 1 * MB
