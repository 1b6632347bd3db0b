"""Training BPE with a trace: every step as plain data, for the front end to draw.

What this adds over ``toybpe``: the training loop tells what it did. Each step records the
table of pair counts it chose from, the chosen pair, the tie-break, where the pair merged
and the corpus after the merge; the trace also says why training stopped. The same
loop trains the toy BPE (characters, optional ``</w>``) and a GPT-2 style byte-level BPE
(``train_bytes``: GPT-2's pre-tokenizer, UTF-8 bytes in printable form, ``Ġ`` for space).

Rules written down on purpose (the animation shows them; tests check them):

* **Units.** ``unit="words"``: split on whitespace, each word's characters plus ``</w>``
  (the textbook chapter). ``unit="lines"``: each line is one sequence of characters with
  its whitespace removed and no end marker (the ``我爱中国人`` lesson, where the spaces only
  show the characters apart). ``end_marker`` overrides the default of the unit. Identical
  sequences become one row with a count; rows keep the order of first appearance.
* **Counting.** Every adjacent position counts, overlaps included: ``a a a`` has
  ``(a, a)`` twice. A pair's count is weighted by the row's count.
* **Merging.** Left to right without overlap: ``a a a`` becomes ``aa a``.
* **Ties.** Counting does not say which of two equally frequent pairs to merge; each trainer
  decides, and two correct trainers can learn different merges from one corpus:

  - ``"first_occurrence"`` (default, as the Chinese lesson and Python's ``Counter.most_common``
    in the chapter): the tied pair that occurs first when reading the rows in order, left to right.
  - ``"lexicographic"``: the smallest ``(left, right)``, comparing the strings in code point order.
  - ``"huggingface"``: HuggingFace ``tokenizers``' BPE trainer: the smallest pair of token ids,
    where the special tokens come first, then the alphabet in code point order, then the learned
    tokens in the order they were made (``fasttrain.first_ids``); the step lists those ids.
    (On the Chinese lesson it learns 中国, 我爱, then 中国人, where first occurrence learns 我爱中国.)

  Each step says which pairs tied, which rule chose and, for "huggingface", the ids it compared.
* **Table order.** Count descending, then first occurrence.
* **Stopping**, checked before each step in this order: the vocabulary reached
  ``vocab_size`` ("vocab_size"); ``num_merges`` merges were made ("num_merges"); no pair
  is left ("no_pairs"); the best pair occurs fewer than ``min_frequency`` times
  ("min_frequency").
* **Vocabulary size**, one definition everywhere (``toklab.protocol``): every entry of the table,
  so every id the tokenizer can give out, special entries included. The toy BPE has ``<unk>``
  (for symbols it never saw) plus the base symbols plus the learned tokens; byte-level training
  has the 256 byte symbols plus the learned tokens (nothing is ever unknown, so no ``<unk>``).
* **Repeated tokens.** In the toy BPE a merge may build a string that is already a token
  (``a``+``bc`` after ``ab``+``c``); it counts as a merge but adds no token, as in the chapter.
  Byte-level training never chooses such a pair (``distinct_tokens``), so every learned token
  has exactly one rule and the merges load into ``toklab.Encoding.from_merges``.

Two ways to run, same choices: ``detail="full"`` recounts every table (readable; the
tables are in the trace) and is only allowed for small corpora; ``detail="merges"`` keeps
the counts up to date (``toklab.fasttrain``) and records each step without tables. A step
has the same fields either way; the tables are None where they were not computed.
``detail="auto"`` takes "full" when the corpus is small enough, and the trace says which.
"""

from __future__ import annotations

from collections import Counter

from toklab.errors import ToklabError, bad_choice
from toklab.fasttrain import FIRST_OCCURRENCE, HUGGINGFACE, LEXICOGRAPHIC, TIE_RULES, PairIndex, find_merges, first_ids, next_id
from toklab.protocol import CORPUS_SYMBOLS, ITEM_LIMIT, STEP_LIMIT
from toklab.toybpe import END_OF_WORD, get_pair_counts, merge_pair

FULL_MAX_SYMBOLS = 2000  # symbols in the distinct rows: above this, no per-step tables
FULL_MAX_STEPS = 300  # merges a full trace may need: above this, no per-step tables
assert FULL_MAX_STEPS <= STEP_LIMIT and FULL_MAX_SYMBOLS <= CORPUS_SYMBOLS  # a trace with tables is sent whole
# Tied pairs listed per step when the tables are not shown: the page lists 4 and marks more with "…";
# 20 made the steps of a large corpus's trace most of its answer (a tie of 20 byte pairs is 800 characters).
TIED_SHOWN = 5
UNK = "<unk>"  # the toy BPE's entry for a symbol it never saw


def end_marker_for(unit: str, end_marker: bool | None) -> str | None:
    """``</w>`` or None: by default "words" have the marker and "lines" do not.

    >>> end_marker_for("words", None), end_marker_for("lines", None), end_marker_for("lines", True)
    ('</w>', None, '</w>')
    """
    if unit not in ("words", "lines"):
        raise bad_choice("unit", unit, ("words", "lines"))
    default = unit == "words"
    return END_OF_WORD if (default if end_marker is None else end_marker) else None


def corpus_rows(text: str, unit: str = "words", end_marker: bool | None = None) -> list[tuple[tuple[str, ...], int]]:
    """The training rows: (symbols, count), in order of first appearance.

    >>> corpus_rows("low low lower")
    [(('l', 'o', 'w', '</w>'), 2), (('l', 'o', 'w', 'e', 'r', '</w>'), 1)]
    >>> corpus_rows("我 爱 中 国\\n中 国", unit="lines")
    [(('我', '爱', '中', '国'), 1), (('中', '国'), 1)]
    """
    marker = end_marker_for(unit, end_marker)
    if unit == "words":
        sequences = text.split()
    else:
        sequences = ["".join(line.split()) for line in text.splitlines()]
    counted = Counter(s for s in sequences if s)
    return [(tuple(s) + ((marker,) if marker else ()), n) for s, n in counted.items()]


def symbol_counts(rows) -> list[dict]:
    """Each symbol with its count, in order of first appearance.

    >>> symbol_counts([(("a", "b", "a"), 2)])
    [{'symbol': 'a', 'count': 4}, {'symbol': 'b', 'count': 2}]
    """
    counts: Counter[str] = Counter()
    for symbols, n in rows:
        for s in symbols:
            counts[s] += n
    return [{"symbol": s, "count": n} for s, n in counts.items()]


def pair_table(corpus: dict) -> list[tuple[tuple[str, str], int]]:
    """All pair counts, count descending then first occurrence.

    >>> pair_table({("b", "a", "b"): 1, ("a", "b"): 1})
    [(('a', 'b'), 2), (('b', 'a'), 1)]
    """
    return sorted(get_pair_counts(corpus).items(), key=lambda item: -item[1])


def _rows_json(corpus: dict) -> list[dict]:
    return [{"symbols": list(s), "count": n} for s, n in corpus.items()]


def _stop(reason: str, pair=None, count: int | None = None) -> dict:
    """Why training stopped (the tables are added by the readable loop).

    >>> _stop("min_frequency", ("a", "b"), 1)
    {'reason': 'min_frequency', 'pair': ['a', 'b'], 'count': 1, 'pairs': None, 'corpus': None}
    """
    return {"reason": reason, "pair": None if pair is None else list(pair), "count": count, "pairs": None, "corpus": None}


def _stop_check(vocab_len: int, steps: int, vocab_size: int | None, num_merges: int | None) -> dict | None:
    if vocab_size is not None and vocab_len >= vocab_size:
        return _stop("vocab_size")
    if num_merges is not None and steps >= num_merges:
        return _stop("num_merges")
    return None


def _step(pair, count, rule, tied, n_tied, vocab_len, is_new, ids=None) -> dict:
    """One training step, shaped alike by both loops; the tables are None until the readable loop fills them.

    >>> _step(("a", "b"), 3, "first_occurrence", [("a", "b")], 1, 5, True)["tie"]
    {'rule': 'first_occurrence', 'tied': [['a', 'b']], 'n_tied': 1, 'ids': None}
    >>> _step(("a", "b"), 3, "huggingface", [("a", "b")], 1, 5, True, {"a": 0, "b": 1})["tie"]["ids"]
    [[0, 1]]
    """
    return {
        "pair": list(pair), "merged": pair[0] + pair[1], "count": count,
        "tie": {"rule": rule, "tied": [list(p) for p in tied], "n_tied": n_tied,
                "ids": None if ids is None else [[ids[a], ids[b]] for a, b in tied]},
        "new_token": is_new, "vocab_size": vocab_len, "pairs": None, "occurrences": None, "corpus": None,
    }


def occurrences(symbols, pair) -> list[list[int]]:
    """Where ``pair`` merges in one row: [position before the merge, position of the merged symbol after].

    >>> occurrences(("a", "a", "a", "b", "a", "a"), ("a", "a"))
    [[0, 0], [4, 3]]
    """
    return [[at, at - k] for k, at in enumerate(find_merges(list(symbols), *pair))]


def run_full(rows, base_vocab, *, vocab_size=None, num_merges=None, min_frequency=2,
             tie_break=FIRST_OCCURRENCE, distinct_tokens=False, special_tokens=()):
    """The readable loop: recount everything, record every table. Returns (steps, stop).

    The train lesson's code view shows this loop; `# step: <kind>` marks the statement of each kind of
    step (the start, a merge, each reason to stop), found by `toklab.source`.
    """
    corpus = dict(rows)  # step: start
    vocab = set(special_tokens) | set(base_vocab)
    ids = first_ids(base_vocab, special_tokens) if tie_break == HUGGINGFACE else None
    steps: list[dict] = []
    while True:
        stop = _stop_check(len(vocab), len(steps), vocab_size, num_merges)  # step: vocab_size, num_merges
        if stop:
            break
        table = pair_table(corpus)
        eligible = [(p, n) for p, n in table if not (distinct_tokens and p[0] + p[1] in vocab)]
        if not eligible:
            stop = _stop("no_pairs")  # step: no_pairs
            break
        count = eligible[0][1]
        tied = [p for p, n in eligible if n == count]
        if tie_break == LEXICOGRAPHIC:
            tied.sort()
        elif tie_break == HUGGINGFACE:
            tied.sort(key=lambda p: (ids[p[0]], ids[p[1]]))
        pair = tied[0]
        if count < min_frequency:
            stop = _stop("min_frequency", pair, count)  # step: min_frequency
            break
        found = [[r, *at] for r, s in enumerate(corpus) for at in occurrences(s, pair)]
        corpus = {merge_pair(s, pair): n for s, n in corpus.items()}  # step: merge
        is_new = pair[0] + pair[1] not in vocab
        vocab.add(pair[0] + pair[1])
        step = _step(pair, count, tie_break, tied, len(tied), len(vocab), is_new, ids)
        if ids is not None:
            next_id(ids, pair[0] + pair[1])
        step["pairs"] = [{"pair": list(p), "count": n} for p, n in eligible]
        step["occurrences"] = found
        step["corpus"] = _rows_json(corpus)
        steps.append(step)
    stop["pairs"] = [{"pair": list(p), "count": n} for p, n in pair_table(corpus)]
    stop["corpus"] = _rows_json(corpus)
    return steps, stop


def run_fast(rows, base_vocab, *, vocab_size=None, num_merges=None, min_frequency=2,
             tie_break=FIRST_OCCURRENCE, distinct_tokens=False, special_tokens=()):
    """The same choices with incremental counts and no tables. Returns (steps, stop)."""
    vocab = set(special_tokens) | set(base_vocab)
    ids = first_ids(base_vocab, special_tokens) if tie_break == HUGGINGFACE else None
    index = PairIndex([list(s) for s, _ in rows], [n for _, n in rows], tie_break,
                      banned=vocab if distinct_tokens else None, ids=ids)
    steps: list[dict] = []
    while True:
        stop = _stop_check(len(vocab), len(steps), vocab_size, num_merges)
        if stop:
            break
        pair = index.best()
        if pair is None:
            stop = _stop("no_pairs")
            break
        count = index.counts[pair]
        if count < min_frequency:
            stop = _stop("min_frequency", pair, count)
            break
        tied, n_tied = index.tied(TIED_SHOWN)
        merged = pair[0] + pair[1]
        is_new = merged not in vocab
        step = _step(pair, count, tie_break, tied, n_tied, len(vocab) + is_new, is_new, ids)
        index.merge(pair)
        if is_new:
            if distinct_tokens:
                index.ban(merged)
            else:
                vocab.add(merged)
        steps.append(step)
    return steps, stop


def _plan(rows, detail: str, vocab_size, num_merges, base_len: int) -> tuple[bool, str]:
    n_symbols = sum(len(s) for s, _ in rows)
    most_steps = max(0, n_symbols - len(rows))
    if vocab_size is not None:
        most_steps = min(most_steps, max(0, vocab_size - base_len))
    if num_merges is not None:
        most_steps = min(most_steps, num_merges)
    small = n_symbols <= FULL_MAX_SYMBOLS and most_steps <= FULL_MAX_STEPS
    why = (f"the corpus has {n_symbols} symbols in {len(rows)} distinct rows and may need up to "
           f"{most_steps} merges; tables are shown up to {FULL_MAX_SYMBOLS} symbols and {FULL_MAX_STEPS} merges")
    if detail not in ("auto", "full", "merges"):
        raise bad_choice("detail", detail, ("auto", "full", "merges"))
    if detail == "full" and not small:
        raise ToklabError("too_large_for_tables", symbols=n_symbols, rows=len(rows), merges=most_steps,
                          max_symbols=FULL_MAX_SYMBOLS, max_merges=FULL_MAX_STEPS)
    return detail == "full" or (detail == "auto" and small), why


def train_trace(rows, base_vocab: list[str], *, kind: str, vocab_size=None, num_merges=None,
                min_frequency: int = 2, tie_break: str = FIRST_OCCURRENCE, detail: str = "auto",
                distinct_tokens: bool = False, unit: str = "words", special_tokens: list[str] = ()) -> dict:
    """Train on prepared rows and return the whole trace (see ``train_toy``).

    The vocabulary is ``special_tokens`` + ``base_vocab`` + the learned tokens; its size (the stop at
    ``vocab_size``, each step's ``vocab_size``) counts all three.
    """
    if tie_break not in TIE_RULES:
        raise bad_choice("tie_break", tie_break, TIE_RULES)
    if min_frequency < 1:
        raise ToklabError("too_small", field="min_frequency", min=1)
    special_tokens = [t for t in special_tokens if t not in base_vocab]
    base_size = len(special_tokens) + len(base_vocab)
    full, why = _plan(rows, detail, vocab_size, num_merges, base_size)
    run = run_full if full else run_fast
    steps, stop = run(rows, base_vocab, vocab_size=vocab_size, num_merges=num_merges, min_frequency=min_frequency,
                      tie_break=tie_break, distinct_tokens=distinct_tokens, special_tokens=special_tokens)
    learned = [s["merged"] for s in steps if s["new_token"]]
    return {
        "kind": kind, "unit": unit, "vocab_size": vocab_size, "num_merges": num_merges,
        "min_frequency": min_frequency, "tables_shown": full, "size_note": why,
        "corpus": _rows_json(dict(rows)), "n_rows": len(rows),
        "n_sequences": sum(n for _, n in rows), "n_symbols": sum(len(s) * n for s, n in rows),
        "n_alphabet": len(symbol_counts(rows)), "special_tokens": list(special_tokens),
        "base_vocab": list(base_vocab), "base_vocab_size": base_size,
        "merges": [s["pair"] for s in steps], "learned": list(learned),
        "vocab": list(special_tokens) + list(base_vocab) + list(learned), "steps": steps, "stop": stop,
    }


def page_start(index: int, n: int, limit: int) -> int:
    """The first index of the page of `limit` items that holds item `index` (the last page past the end).

    >>> page_start(1234, 5000, 500), page_start(9999, 5000, 500), page_start(0, 0, 500)
    (1000, 4500, 0)
    >>> page_start(4500, 5001, 2000)
    4000
    """
    return max(0, min(index, n - 1)) // limit * limit


def steps_page(trace: dict, step: int, limit: int = STEP_LIMIT) -> dict:
    """The page of the trace's steps that holds step `step` (0-based), as `train_steps` answers it.

    >>> t = train_toy("ab ab ab cd cd", min_frequency=1)
    >>> page = steps_page(t, 5, limit=2)
    >>> page["step_offset"], page["n_steps"], [s["merged"] for s in page["steps"]]
    (2, 4, ['cd', 'cd</w>'])
    """
    n = len(trace["steps"])
    offset = page_start(step, n, limit)
    return {"steps": trace["steps"][offset : offset + limit], "n_steps": n, "step_offset": offset, "step_limit": limit}


def shown_rows(rows: list[dict], limit: int = CORPUS_SYMBOLS) -> list[dict]:
    """The first rows, as many as hold `limit` symbols in all; a first row longer than that is cut.

    >>> shown_rows([{"symbols": ["a", "b"], "count": 2}, {"symbols": ["c", "d"], "count": 1}], limit=3)
    [{'symbols': ['a', 'b'], 'count': 2}]
    >>> shown_rows([{"symbols": ["a", "b", "c"], "count": 1}], limit=2)
    [{'symbols': ['a', 'b'], 'count': 1}]
    """
    shown, size = [], 0
    for row in rows:
        size += len(row["symbols"])
        if size > limit:
            if not shown:
                shown.append({**row, "symbols": row["symbols"][:limit]})
            break
        shown.append(row)
    return shown


def first_page(trace: dict, limit: int = STEP_LIMIT) -> dict:
    """The `train` answer: the trace with its first page of steps, the corpus rows the page may show and
    the first ITEM_LIMIT learned tokens, the totals beside (n_steps, n_rows, n_distinct, n_learned). The
    other pages come from `steps_page`. Its merges are the first page's (a step's `pair` is its merge, and
    `train_try` cuts the example with the training the engine holds): 1M Chinese characters learn 10^5.

    >>> t = train_toy("ab ab ab cd cd", min_frequency=1)
    >>> answer = first_page(t, limit=2)
    >>> len(answer["steps"]), answer["n_steps"], answer["merges"] == t["merges"][:2], answer["n_distinct"], answer["n_learned"]
    (2, 4, True, 6, 4)
    """
    page = steps_page(trace, 0, limit)
    learned = trace["learned"][:ITEM_LIMIT]
    return {**trace, "corpus": shown_rows(trace["corpus"]), "n_distinct": sum(len(r["symbols"]) for r in trace["corpus"]),
            "learned": learned, "n_learned": len(trace["learned"]), "merges": trace["merges"][: page["step_limit"]],
            "vocab": trace["special_tokens"] + trace["base_vocab"] + learned, **page}


def train_toy(text: str, vocab_size: int | None = None, num_merges: int | None = None, min_frequency: int = 2,
              unit: str = "words", end_marker: bool | None = None, tie_break: str = FIRST_OCCURRENCE,
              detail: str = "auto") -> dict:
    """Toy BPE on characters, with a trace. JSON-ready.

    The base vocabulary is the symbols of the corpus in order of first appearance; the vocabulary is
    ``<unk>``, the base, then the learned tokens.

    >>> t = train_toy("我 爱 中 国 人\\n中 国 人 很 多\\n我 爱 中 国\\n北 京 是 中 国 首 都", unit="lines")
    >>> [s["merged"] for s in t["steps"]], t["stop"]["reason"], len(t["vocab"])
    (['中国', '我爱', '我爱中国'], 'min_frequency', 16)

    (After 我爱中国 the first line is 我爱中国 人, so (中国, 人) occurs only once more: every
    pair is left at 1 and min_frequency=2 stops training.)
    """
    rows = corpus_rows(text, unit, end_marker)
    base = [a["symbol"] for a in symbol_counts(rows)]
    return train_trace(rows, base, kind="toy", vocab_size=vocab_size, num_merges=num_merges,
                       min_frequency=min_frequency, tie_break=tie_break, detail=detail,
                       unit=unit, special_tokens=[UNK])


def train_bpe_tokenizer(text: str, vocab_size: int = 100, min_frequency: int = 2, unk_token: str = "<unk>"):
    """``BPETokenizer().train(text, vocab_size, min_frequency)`` with incremental counts.

    Same merges and vocabulary as the chapter's loop (tested), but fast on a large corpus.

    >>> train_bpe_tokenizer("low lower lowest low lower newest", vocab_size=12).merges
    [('l', 'o'), ('lo', 'w')]
    """
    from toklab.toybpe import BPETokenizer, build_bpe_vocab

    rows = corpus_rows(text, "words")
    alphabet = [a["symbol"] for a in symbol_counts(rows)]
    num_merges = max(0, vocab_size - len(alphabet) - 1)
    steps, _ = run_fast(rows, alphabet, num_merges=num_merges, min_frequency=min_frequency)
    merges = [tuple(s["pair"]) for s in steps]
    return BPETokenizer(build_bpe_vocab(set(alphabet), merges, [unk_token]), merges, unk_token)
