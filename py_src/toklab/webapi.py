"""The engine's one JSON entry point for the browser worker (docs/protocol.md, section 2).

`handle(kind, payload_json)` answers a request with a JSON string, `{"ok": true, "result": ...}` or
`{"ok": false, "error": {"type", "code", "params", "message"}}`; it never raises, so no Python exception
crosses into JavaScript. The JSON writes characters as they are, not as \\u escapes: a byte-level token
or a Chinese text takes a sixth of the room (a train answer on 1M Chinese characters was 157 MB). Each
kind is a small function of plain arguments; the table `HANDLERS` lists them, and `toklab.protocol`
declares what each takes and answers, and every error code (`ERRORS`).

    >>> import json
    >>> json.loads(handle("overview", '{"text": "tokenization"}'))["result"]["ids"]
    [30001, 1634]
    >>> json.loads(handle("decode", '{"ids": "[30001, 50257]"}'))["result"]["items"][1]["error"]
    'token id 50257 is not in r50k_base (ids run from 0 to 50256)'
    >>> json.loads(handle("nonsense", "{}"))["error"]
    {'type': 'ValueError', 'code': 'unknown_kind', 'params': {'kind': 'nonsense'}, 'message': "unknown request kind 'nonsense'"}
"""

import json
from collections.abc import Callable

from . import budget as _budget  # the request's time budget (a local `budget` below is a toy count)
from .errors import ToklabError, ToklabTypeError, as_data, bad_choice
from .pretokenize import GPT2
from .protocol import (CUSTOM_TABLE, DEFAULT_ENCODING, ID_PAGE, STREAM_LIMIT, OPENAI_NAMES, SPM_NAMES, WORDPIECE_NAMES, ITEM_LIMIT, MAX_TEXT, SLICED_KINDS, MAX_TRACE_BYTES,
                       PIECE_LIMIT, TOY_WORK_LIMIT, TableName)
from .registry import get_encoding
from .tables import RankTable
from .training import page_start  # the page of a long list that holds item i: pieces, training steps
from .validate import read_request

__all__ = ["handle", "HANDLERS"]


ENCODINGS = OPENAI_NAMES  # ("r50k_base", "cl100k_base", "o200k_base", "o200k_harmony")
TABLES = TableName.__args__  # those, the open models, the SentencePiece models and "custom"
SPM_TABLES = SPM_NAMES  # llama2, mistral, unigram_en, unigram_ja (toklab.spm_models)
WORDPIECE_TABLES = WORDPIECE_NAMES  # wordpiece_en (toklab.wordpiece_models)


_rank_tables: dict = {}  # OpenAI table name -> its RankTable (one each, so the caches below know it again)


def _encoding(name: object):
    """A table the lessons offer, by name, on the one table protocol (toklab.tables): an OpenAI table
    (RankTable), an open model's tokenizer (toklab.hf.lesson.LessonTable) or a SentencePiece model
    (SpmTable), a WordPiece table (a LessonTable too); one whose file is not found is `table_unavailable`; "custom" is the reader's
    tokenizer.json (`tokenizer_file`), `no_custom_tokenizer` before one is open."""
    if name not in TABLES:
        raise bad_choice("encoding", name, TABLES)
    if name == CUSTOM_TABLE:
        return _custom_table()
    if name in SPM_TABLES:
        found = _spm_table(name)
    elif name in WORDPIECE_TABLES:
        found = _wordpiece_table(name)
    elif name not in ENCODINGS:
        found = _open_table(name)
    else:
        try:
            enc = get_encoding(name)  # the registry keeps each table once
        except (OSError, ValueError) as exc:  # the file is missing, unreadable or not OpenAI's (sha256)
            raise ToklabError("table_unavailable", encoding=name, detail=str(exc)) from None
        found = _rank_tables.get(name)
        if found is None or found.enc is not enc:
            found = _rank_tables[name] = RankTable(enc)
    _budget.restart()  # loading the table (once) was not the request's own work
    return found


def _allowed(value: str) -> str | frozenset:
    if value not in ("none", "all"):
        raise bad_choice("allowed_special", value, ("none", "all"))
    return "all" if value == "all" else frozenset()


def _text(text: object, field: str = "text") -> str:
    if not isinstance(text, str):
        raise ToklabTypeError("wrong_type", field=field, expected="string")
    if len(text) > MAX_TEXT:
        raise ToklabError("text_too_long", field=field, length=len(text), limit=MAX_TEXT)
    return text


def _int(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ToklabTypeError("wrong_type", field=field, expected="integer")
    return value


_last_pieces: dict = {}  # the latest (encoding, text, allowed) -> pieces, so paging and piece traces reuse it


def _pieces(enc, text: str, allowed_special: str) -> list[dict]:
    key = (enc, text, allowed_special)  # the encoding itself, not id(): a freed one's id can come back
    if _last_pieces.get("key") != key:
        _allowed(allowed_special)  # an open model cuts its added tokens out whatever it says
        _last_pieces["key"] = key
        _last_pieces["pieces"] = enc.pieces(text, allowed_special)
    return _last_pieces["pieces"]


# --- the open models as tables (issue #24): toklab.hf.lesson answers in the OpenAI tables' shapes ----

_open_tables: dict = {}


def _held(name: str, make):
    """The table `name` the engine holds, made by `make()` the first time it is asked for (its loader
    says table_unavailable when its file is not there)."""
    found = _open_tables.get(name)
    if found is None:
        found = _open_tables[name] = make()
    return found


def _open_table(name: str):
    from .hf.lesson import LessonTable
    from .open_models import OPEN_MODELS
    from .registry import get_tokenizer

    model = OPEN_MODELS[name]
    return _held(name, lambda: LessonTable(name, get_tokenizer(name), model.title, model.licence))


def _spm_table(name: str):
    from .spm_models import SPM_MODELS, get_sentencepiece
    from .tables import SpmTable

    model = SPM_MODELS[name]
    return _held(name, lambda: SpmTable(name, get_sentencepiece(name), model.title, model.licence))


def _wordpiece_table(name: str):
    from .hf.lesson import LessonTable
    from .wordpiece_models import WORDPIECE_MODELS, get_wordpiece

    model = WORDPIECE_MODELS[name]
    return _held(name, lambda: LessonTable(name, get_wordpiece(name), model.title, model.licence))


def held_tables() -> str:
    """The tables this engine holds now, in TABLES' order, as JSON (the worker's `tables` message): r50k
    from the start, another once a request that named it loaded it, "custom" while a reader's file is open.

    >>> import json; "r50k_base" in json.loads(held_tables())
    True
    """
    held = {DEFAULT_ENCODING, *_rank_tables, *_open_tables} | ({CUSTOM_TABLE} if _custom else set())
    return json.dumps([name for name in TABLES if name in held])


def tokenizer_facts(encoding: str) -> dict:
    """What the page says about a table before and after it loads: its title, family, format, file,
    sizes and way of cutting (ModelFacts). An open model's are read from its file without building it."""
    if encoding not in TABLES:
        raise bad_choice("encoding", encoding, TABLES)
    if encoding == CUSTOM_TABLE or encoding in ENCODINGS or encoding in _open_tables or encoding in SPM_TABLES \
            or encoding in WORDPIECE_TABLES:
        return _encoding(encoding).model_facts()
    from .hf.lesson import config_facts, config_family, said
    from .open_models import OPEN_MODELS
    from .registry import count_facts, tokenizer_config

    config = tokenizer_config(encoding)  # the parts and counts, without building the model
    counts = count_facts(config)
    sizes = {k: counts[k] for k in ("vocab_size", "vocab_size_with_added", "n_added", "n_special")}
    model = OPEN_MODELS[encoding]
    return said(encoding, model.title, model.licence, config_facts(config), sizes, config_family(config))


_last_table: dict = {}  # the latest encoding -> its sizes (o200k's 200k tokens are counted once)


def table_facts(enc) -> dict:
    """The table's sizes the lessons quote: n_vocab, the tokens made of bytes (ranks), the special tokens.

    >>> facts = table_facts(_encoding("r50k_base"))
    >>> facts["n_vocab"], facts["n_ranks"], facts["n_merged"], facts["specials"]
    (50257, 50256, 50000, [['<|endoftext|>', 50256]])
    """
    if _last_table.get("enc") is not enc:
        _last_table.update(enc=enc, facts=enc.table_facts())
    return _last_table["facts"]


def prepare() -> None:
    """What a first overview needs besides the table, done before the start-up snapshot is taken
    (tools/snapshot.mjs), so that no student's first edit waits for it: GPT-2's pattern with a group per
    rule, which tells each piece's rule (a large pattern: 30-50 ms to compile inside Pyodide)."""
    _ = GPT2._ruled


def warmup(encoding: str = "r50k_base") -> dict:
    """Load a table: r50k once while the worker boots, a larger one when a lesson first asks for it."""
    _encoding(encoding)
    return {}


def overview(text: str, allowed_special: str = "none", piece: int = 0, piece_limit: int = PIECE_LIMIT,
             merges: list | None = None, encoding: str = "r50k_base") -> dict:
    """The first ITEM_LIMIT ids of `text` (`n_ids` counts them all; `overview_ids` lists the others), and the
    page of its pieces (without merge steps) that holds piece `piece`."""
    enc = _trained(merges) if merges is not None else _encoding(encoding)
    pieces = _pieces(enc, _text(text), allowed_special)
    piece_limit = _int(piece_limit, "piece_limit")
    offset = page_start(_int(piece, "piece"), len(pieces), piece_limit)
    return {
        "ids": _ids_from(pieces, 0, ITEM_LIMIT),
        "n_ids": sum(len(p["ids"]) for p in pieces),
        "n_pieces": len(pieces),
        "piece_offset": offset,
        "piece_limit": piece_limit,
        "trace_limit": MAX_TRACE_BYTES,
        "pieces": [enc.summary(p) for p in pieces[offset : offset + piece_limit]],
        "plain_special": enc.plain_special(text, allowed_special),
        **table_facts(enc),
        "family": enc.family,
        "model": enc.model_facts(),
    }


def _ids_from(pieces: list[dict], offset: int, limit: int) -> list[int]:
    """Ids offset .. offset + limit - 1 of the pieces' ids put end to end."""
    out: list[int] = []
    seen = 0
    for p in pieces:
        ids = p["ids"]
        if seen + len(ids) > offset:
            out.extend(ids[max(0, offset - seen) : max(0, offset - seen) + limit - len(out)])
            if len(out) >= limit:
                break
        seen += len(ids)
    return out


def overview_ids(text: str, allowed_special: str = "none", merges: list | None = None, encoding: str = "r50k_base",
                 offset: int = 0) -> dict:
    """Ids `offset` .. `offset` + ID_PAGE - 1 of `text`: the pages copying all ids fetches.

    >>> page = overview_ids("tokenization tokenization", offset=1)
    >>> page["ids"], page["n_ids"], page["offset"]
    ([1634, 11241, 1634], 4, 1)
    """
    enc = _trained(merges) if merges is not None else _encoding(encoding)
    pieces = _pieces(enc, _text(text), allowed_special)
    offset = _int(offset, "offset")
    return {"ids": _ids_from(pieces, offset, ID_PAGE), "n_ids": sum(len(p["ids"]) for p in pieces), "offset": offset,
            "id_limit": ID_PAGE}


def trace_piece(text: str, index: int, allowed_special: str = "none", merges: list | None = None,
                encoding: str = "r50k_base") -> dict:
    """Every merge step of piece `index` of `text`, and the greedy left-to-right mistake beside it.

    A piece of more than MAX_TRACE_BYTES bytes is refused: its steps would grow with the square of its
    length (82 MB of JSON for 4,000 bytes), and the page lists such a piece without animating it.
    For cl100k and o200k, which ship ranks and no merge list, the steps come from the ranks (`encoding`).
    """
    enc = _trained(merges) if merges is not None else _encoding(encoding)
    pieces = _pieces(enc, _text(text), allowed_special)
    if not pieces:
        raise ToklabError("empty_text")
    if not 0 <= _int(index, "index") < len(pieces):
        raise ToklabError("no_such_piece", index=index, n_pieces=len(pieces))
    p = pieces[index]
    if len(p["bytes"]) > MAX_TRACE_BYTES:
        raise ToklabError("piece_too_long", index=index, bytes=len(p["bytes"]), limit=MAX_TRACE_BYTES)
    return enc.trace_piece(p)


def decode(ids: str, encoding: str = "r50k_base") -> dict:
    """Ids as the user typed them, decoded item by item (toklab.decoding)."""
    return _encoding(encoding).explain(_text(ids, "ids"))


def special(text: str, encoding: str = "r50k_base") -> dict:
    """The three treatments of special-token text (toklab.special)."""
    enc = _encoding(encoding)
    views = enc.special_views(_text(text))
    for name in ("refused", "allowed", "plain"):  # the page draws the first ITEM_LIMIT ids: the rest is counted
        view = views[name]
        ids = view["ids"]
        views[name] = {**view, "ids": None if ids is None else ids[:ITEM_LIMIT], "n_ids": None if ids is None else len(ids)}
    return {**views, **table_facts(enc), "model": enc.model_facts()}


_held_training: dict = {}  # the latest training: "key" (its settings) and "trace" (every step), which train_steps pages


def _training(corpus: str, mode: str = "chars", unit: str = "words", vocab_size: int | None = None,
              num_merges: int | None = None, min_frequency: int = 2, tie_break: str = "first_occurrence",
              detail: str = "auto") -> dict:
    """The whole trace for these settings: the one held, or trained now (and held in its place)."""
    from .bytetrain import train_bytes
    from .training import train_toy

    corpus = _text(corpus, "corpus")
    key = (corpus, mode, unit, vocab_size, num_merges, min_frequency, tie_break, detail)
    if _held_training.get("key") == key:
        return _held_training["trace"]
    _held_training.clear()  # a newer training supersedes the one held
    if mode == "chars":
        trace = train_toy(corpus, vocab_size=vocab_size, num_merges=num_merges, min_frequency=min_frequency,
                          unit=unit, tie_break=tie_break, detail=detail)
    elif mode == "bytes":
        trace = train_bytes(corpus, vocab_size=vocab_size, num_merges=num_merges, min_frequency=min_frequency,
                            tie_break=tie_break, detail=detail)
    else:
        raise bad_choice("mode", mode, ("chars", "bytes"))
    _held_training.update(key=key, trace=trace)
    return trace


def train(corpus: str, **settings) -> dict:
    """Learn merges from `corpus` with a trace: toy BPE on characters, or GPT-2-style bytes. The answer
    lists the first STEP_LIMIT steps (a 1M-character corpus has hundreds of thousands, 157 MB of JSON
    whole); the page asks for the others with `train_steps` as the student steps to them.

    >>> t = train("low low lower", num_merges=2)
    >>> t["merges"], t["n_steps"], t["step_limit"]
    ([['l', 'o'], ['lo', 'w']], 2, 500)
    """
    from .training import first_page

    return first_page(_training(corpus, **settings))


def train_steps(corpus: str, step: int, **settings) -> dict:
    """The page of steps that holds step `step` of the training with these settings (see `train`).

    >>> [s["merged"] for s in train_steps("low low lower", 1, num_merges=2)["steps"]]
    ['lo', 'low']
    """
    from .training import steps_page

    return steps_page(_training(corpus, **settings), _int(step, "step"))


def train_try(corpus: str, text: str, n_merges: int, **settings) -> dict:
    """The example `text` cut with the first `n_merges` merges of the training with these settings (see
    `train`): an overview for byte merges, a toy cut for character merges.

    >>> [p["tokens"] for p in train_try("low low lower", "lower", 1, mode="bytes", min_frequency=1)["pieces"]]
    [['lo', 'w', 'e', 'r']]
    >>> [w["tokens"] for w in train_try("low low lower", "lower", 2, num_merges=2)["words"]]
    [['low', 'e', 'r', '</w>']]
    """
    trace = _training(corpus, **settings)
    merges = trace["merges"][: _int(n_merges, "n_merges")]
    if trace["kind"] == "bytes":
        return overview(text, merges=merges)
    return toy_encode(merges, text, unit=trace["unit"], vocab=trace["special_tokens"] + trace["base_vocab"])


def train_wordpiece(corpus: str, unit: str = "words", num_merges: int | None = None, min_frequency: int = 2,
                    text: str = "") -> dict:
    """The train lesson's corpus learned by WordPiece's trainer, and the example cut by longest match."""
    from .wordpiece_train import train_wordpiece as learn

    return learn(_text(corpus, "corpus"), unit=unit, num_merges=num_merges, min_frequency=min_frequency, text=_text(text))


TOKEN_SHOWN = 200  # characters of one token a compare or samples answer lists (then "…")


def _shown_token(token: str) -> str:
    """A token as a chip shows it: at most TOKEN_SHOWN characters (a text without spaces is one toy "word"
    of all its characters, a megabyte in one chip, and in every window that holds it).

    >>> _shown_token("ab"), len(_shown_token("a" * 1000))
    ('ab', 200)
    """
    return token if len(token) <= TOKEN_SHOWN else token[: TOKEN_SHOWN - 1] + "…"


def compare(text: str, corpus: str | None = None, bpe_vocab_size: int = 100, min_frequency: int = 2) -> dict:
    """One text through characters, words, a toy BPE trained on `corpus`, and r50k (toklab.compare)."""
    from .compare import compare as run

    result = run(_text(text), corpus=None if corpus is None else _text(corpus, "corpus"), bpe_vocab_size=bpe_vocab_size,
                 min_frequency=min_frequency)
    # The page draws each tokenizer's first ITEM_LIMIT tokens, each a chip of at most TOKEN_SHOWN characters,
    # and counts the rest (n_tokens, n_unknown): a 1M-character text's four lists whole came to 87 MB.
    shown = _shown_token
    for row in result["tokenizers"]:
        row["unknown"] = [shown(t) for t in list(dict.fromkeys(row["unknown"]))[:ITEM_LIMIT]]
        for key in ("tokens", "ids", "token_texts"):
            if row[key] is not None:
                row[key] = row[key][:ITEM_LIMIT]
        for key in ("tokens", "token_texts"):
            if row[key] is not None:
                row[key] = [shown(t) for t in row[key]]
    return result


def samples(text: str, block_size: int = 6, batch_size: int = 3, tokenizer: str = "toy_bpe",
            bpe_vocab_size: int = 100, mode: str = "random", seed: int = 0, start: int = 0) -> dict:
    """A token stream cut into inputs and labels shifted by one (toklab.samples): the windows, and the
    stream's first STREAM_LIMIT ids (`n_ids` counts them all)."""
    from .samples import samples_for_text

    result = samples_for_text(_text(text), block_size=block_size, batch_size=batch_size, tokenizer=tokenizer,
                              bpe_vocab_size=bpe_vocab_size, mode=mode, seed=seed, start=start)
    # The stream's first STREAM_LIMIT ids, what the stream view draws (1M characters' whole stream came to
    # 5-28 MB), each token as its chip shows it: 1M Chinese characters without a space came to 23 MB, one "word".
    result["ids"] = result["ids"][:STREAM_LIMIT]
    result["tokens"] = [_shown_token(t) for t in result["tokens"][:STREAM_LIMIT]]
    for window in result["windows"]:
        window["x_tokens"] = [_shown_token(t) for t in window["x_tokens"]]
        window["y_tokens"] = [_shown_token(t) for t in window["y_tokens"]]
    return result


def toy_encode(merges: list, text: str, unit: str = "words", end_marker: bool | None = None,
               vocab: list | None = None) -> dict:
    """Cut new text with toy merges learned in the train lesson, applied in training order, per word
    (`toybpe.merges_used`). Each word lists the merges that changed it; a final symbol missing from
    `vocab` (and made by no merge) is unknown.

    The answer lists the text's first words: at most ITEM_LIMIT, and only as many as TOY_WORK_LIMIT
    allows (a word costs its symbols times the merges that change it, plus the characters of those
    merges, which the answer lists); `n_words` counts them all.

    >>> cut = toy_encode([["a", "b"]], "ab " * 700)
    >>> len(cut["words"]), cut["n_words"], cut["n_tokens"]
    (600, 700, 1200)
    """
    from .toybpe import merge_positions, merges_used_within, word_to_symbols
    from .training import end_marker_for

    end = end_marker_for(unit, end_marker)
    positions = merge_positions(merges)
    known = set(vocab) | {left + right for left, right in merges} if vocab is not None else None
    text = _text(text)
    words = [w for w in (text.split() if unit == "words" else ("".join(line.split()) for line in text.splitlines())) if w]
    out = []
    budget = TOY_WORK_LIMIT
    cuts: dict[str, tuple] = {}  # a word met again costs nothing
    for word in words[:ITEM_LIMIT]:
        if word not in cuts:
            cut = merges_used_within(word_to_symbols(word, end), merges, positions, budget)
            if cut is None:
                break
            cuts[word] = cut
            budget -= cut[2]
        symbols, used, _ = cuts[word]
        unknown = [t for t in symbols if known is not None and t not in known]
        out.append({"word": word, "steps": [list(p) for p in used], "tokens": list(symbols), "unknown": unknown})
    return {"words": out, "n_words": len(words), "n_tokens": sum(len(w["tokens"]) for w in out),
            "n_unknown": sum(len(w["unknown"]) for w in out)}


def source(name: str) -> dict:
    """The source of the function that computes lesson `name`'s steps, and the line of each kind of step
    (toklab.source): what the code view shows, read from the running module."""
    from .source import SHOWN, function_source

    if name not in SHOWN:
        raise bad_choice("name", name, tuple(SHOWN))
    return function_source(name)


_trained_cache: dict = {}


def train_hf(corpus: str, format: str = "txt", vocab_size: int = 6400, special_tokens: list | None = None,
             progress: Callable | None = None) -> dict:
    """Train like MiniMind, tokenizers' BpeTrainer exactly (toklab.hf.minimind); `progress` comes from `handle`."""
    from .hf.minimind import train_like_minimind

    return train_like_minimind(corpus, format, _int(vocab_size, "vocab_size"), special_tokens, progress)


_compared: dict = {}


def hf_compare(tokenizer_json: str, text: str) -> dict:
    """`text` cut by a trained tokenizer.json (train_hf's), by MiniMind's own and by GPT-2's, side by side;
    each token labelled with its text (its bytes, where they are not whole characters)."""
    from .hf.tokenizer import Tokenizer
    from .registry import get_tokenizer

    text = _text(text)
    if _compared.get("json") != tokenizer_json:
        _compared.update(json=tokenizer_json, tok=Tokenizer.from_str(tokenizer_json))  # may refuse the file
    rows = []
    for name, tok in (("yours", _compared["tok"]), ("minimind", get_tokenizer("minimind"))):
        enc = tok.encode(text, add_special_tokens=False)
        rows.append(_compare_row(name, enc.ids, [_hf_token_bytes(tok, i) for i in enc.ids], tok.get_vocab_size()))
    gpt2 = get_encoding("r50k_base")
    ids = gpt2.encode(text, allowed_special="all")
    rows.append(_compare_row("gpt2", ids, [gpt2.decode_single_token_bytes(i) for i in ids], gpt2.n_vocab))
    return {"rows": rows}


def _hf_token_bytes(tok, token_id: int) -> bytes:
    """A token of a byte-level tokenizer as its bytes (an added token as its UTF-8)."""
    from .bytes_unicode import UNICODE_TO_BYTE

    token = tok.id_to_token(token_id)
    if token_id in tok.get_added_tokens_decoder() or any(c not in UNICODE_TO_BYTE for c in token):
        return token.encode("utf-8")
    return bytes(UNICODE_TO_BYTE[c] for c in token)


def _compare_row(name: str, ids: list[int], pieces: list[bytes], vocab_size: int) -> dict:
    labels = []
    for piece in pieces[:ITEM_LIMIT]:
        try:
            labels.append(piece.decode("utf-8"))
        except UnicodeDecodeError:
            labels.append(" ".join(f"{b:02X}" for b in piece))
    return {"name": name, "ids": ids[:ITEM_LIMIT], "tokens": labels, "n_tokens": len(ids), "vocab_size": vocab_size,
            "whole": [_whole(p) for p in pieces[:ITEM_LIMIT]]}


def _whole(piece: bytes) -> bool:
    try:
        piece.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _trained(merges: list) -> RankTable:
    """A byte-level table from merges learned in the train lesson (cached for the latest list)."""
    from .bytetrain import trained_encoding

    key = json.dumps(merges)
    if _trained_cache.get("key") != key:
        enc = trained_encoding([list(m) for m in merges], name="trained")  # may refuse the merges
        _trained_cache.update(key=key, enc=RankTable(enc))
    return _trained_cache["enc"]


# --- the models lesson (issue 24): one text through every model, and the reader's own tokenizer.json -----

_custom: dict = {}  # the tokenizer.json opened in this session: "tok", "makeup", "model", "title", "table"


def _custom_table():
    """The reader's tokenizer.json as a table (toklab.hf.lesson.LessonTable), made when first asked for."""
    from .hf.lesson import LessonTable

    if not _custom:
        raise ToklabError("no_custom_tokenizer")
    if _custom.get("table") is None:
        _custom["table"] = LessonTable(CUSTOM_TABLE, _custom["tok"], _custom["title"])  # its licence is not the engine's to know
    return _custom["table"]
_makeups: dict = {}  # open model name -> its vocabulary's make-up (counted once)


def _makeup_of(name: str, tok) -> dict:
    from .model_rows import tokenizer_makeup

    if name not in _makeups:
        _makeups[name] = tokenizer_makeup(tok)
    return _makeups[name]


def model_row(text: str, encoding: str, dim: int = 768) -> dict:
    """`text` through one model: its tokens and the counts the models lesson lays side by side."""
    from .open_models import TOKENIZER_NAMES

    text = _text(text)
    table = _encoding(encoding)  # table_unavailable when its file is not found; no_custom_tokenizer
    row = table.row(text, dim)
    if encoding == CUSTOM_TABLE:
        row["makeup"] = _custom["makeup"]
    elif encoding in TOKENIZER_NAMES:
        row["makeup"] = _makeup_of(encoding, table.tok)
    elif encoding in WORDPIECE_TABLES:
        row["makeup"] = None  # its file keeps no merges: a WordPiece vocabulary only (toklab.wordpiece_models)
    return {"encoding": encoding, **row, "family": table.family, "licence": table.licence}


def tokenizer_file(json: str, name: str = "tokenizer.json") -> dict:
    """Open a reader's tokenizer.json (toklab.hf, as `Tokenizer.from_str`): from now on it is the
    session's "custom" model and table, titled `name` (the file's name). A file toklab cannot use is
    refused with the reason (ToklabError hf_*), and the one opened before stays."""
    import json as _json

    from .hf import Tokenizer
    from .model_rows import makeup

    if not isinstance(json, str):
        raise ToklabTypeError("wrong_type", field="json", expected="string")
    tok = Tokenizer.from_str(json)
    config = _json.loads(json)
    if not isinstance(name, str):
        raise ToklabTypeError("wrong_type", field="name", expected="string")
    found = {"tok": tok, "makeup": makeup(config), "model": type(tok.model).__name__, "title": name[:200] or "tokenizer.json",
             "table": None}  # fmt: skip
    before = dict(_custom)
    _custom.clear()
    _custom.update(found)
    try:
        facts = _custom_table().model_facts()
    except ToklabError:  # a model the lessons cannot draw as a table: the file is refused, the one before stays
        _custom.clear()
        _custom.update(before)
        raise
    return {"model": found["model"], "n_chars": len(json), "makeup": found["makeup"], "facts": facts}


def tokenizer_model_file(data: str, name: str = "tokenizer.model") -> dict:
    """Open a reader's SentencePiece model (Yi's, ChatGLM3's, T5's tokenizer.model; `data` its bytes in
    base64, read in the page): from now on it is the session's "custom" table, titled `name`, cut exactly
    as sentencepiece does (toklab.sentencepiece). A file toklab cannot read is refused with the reason
    (ToklabError hf_*: not a ModelProto, a model type other than BPE and Unigram, a piece twice, ...),
    and the one opened before stays."""
    import base64
    import binascii

    from .sentencepiece import SentencePieceProcessor
    from .tables import SpmTable

    if not isinstance(data, str):
        raise ToklabTypeError("wrong_type", field="data", expected="string")
    if not isinstance(name, str):
        raise ToklabTypeError("wrong_type", field="name", expected="string")
    try:
        raw = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise ToklabError("hf_bad_value", path="tokenizer.model", expected="the file's bytes in base64", value=data[:40]) from None
    if not raw:
        raise ToklabError("hf_bad_value", path="tokenizer.model", expected="a SentencePiece model", value="an empty file")
    title = name[:200] or "tokenizer.model"
    table = SpmTable(CUSTOM_TABLE, SentencePieceProcessor(model_proto=raw), title)
    found = {"tok": table.sp, "makeup": spm_makeup(table), "model": "SentencePiece BPE" if table.sp.is_bpe else "SentencePiece Unigram",
             "title": title, "table": table}  # fmt: skip
    _custom.clear()
    _custom.update(found)
    return {"model": found["model"], "n_chars": len(raw), "makeup": found["makeup"], "facts": table.model_facts()}


def tokenizer_vocab_file(text: str, name: str = "vocab.txt") -> dict:
    """Open a reader's WordPiece vocabulary (a BERT vocab.txt: one token a line, its id its line number)
    as BERT's tokenizer on it, as `tokenizers`' BertWordPieceTokenizer.from_file builds it: BERT's
    normalizer and pre-tokenizer, ## pieces, [UNK]. The file does not say whether the model lowercases;
    a vocabulary with no capital letter outside its [SPECIAL] tokens is an uncased one (bert-base-uncased),
    so it lowercases (and strips accents) exactly then. From now on it is the session's "custom" table."""
    import io

    from .hf.implementations import BertWordPieceTokenizer

    if not isinstance(text, str):
        raise ToklabTypeError("wrong_type", field="text", expected="string")
    if not isinstance(name, str):
        raise ToklabTypeError("wrong_type", field="name", expected="string")
    vocab = {line.rstrip(): i for i, line in enumerate(io.StringIO(text, newline=None))}
    missing = [t for t in ("[UNK]", "[CLS]", "[SEP]") if t not in vocab]
    if missing:
        raise ToklabError("hf_bad_value", path="vocab.txt", expected="a BERT vocab.txt, one token a line, with [UNK], [CLS] and [SEP]",
                          value=f"no {' '.join(missing)} among its {len(vocab):,} lines")  # fmt: skip
    plain = (t for t in vocab if not (t.startswith("[") and t.endswith("]")))
    cased = any(c.isupper() for t in plain for c in t)
    bert = BertWordPieceTokenizer(vocab, lowercase=not cased)
    answer = tokenizer_file(bert.to_str(), name[:200] or "vocab.txt")
    return {**answer, "model": "WordPiece, cased" if cased else "WordPiece, lowercased", "n_chars": len(text)}


def spm_makeup(table) -> dict:
    """A SentencePiece model's make-up in a tokenizer.json's terms (toklab.model_rows.makeup): its
    control and user-defined pieces are the added tokens (the control ones special), single characters,
    bytes and the unknown piece the base, and in a BPE model every longer piece one merge's product
    (a Unigram model has no merges: every piece is a base piece it scores)."""
    from .sentencepiece.modelproto import CONTROL, NORMAL, USER_DEFINED

    sp = table.sp
    added = [i for i, kind in enumerate(sp.types) if kind in (CONTROL, USER_DEFINED)]
    merged = sum(1 for piece, kind in zip(sp.pieces, sp.types) if sp.is_bpe and kind == NORMAL and len(piece) > 1)
    return {
        "added": len(added), "special": sum(1 for i in added if sp.types[i] == CONTROL),
        "added_first": min(added) if added else None, "added_last": max(added) if added else None,
        "base": len(sp.pieces) - len(added) - merged, "merges": merged, "merged": merged, "total": len(sp.pieces),
    }  # fmt: skip


HANDLERS: dict[str, Callable[..., dict]] = {
    "warmup": warmup,
    "overview": overview,
    "overview_ids": overview_ids,
    "trace_piece": trace_piece,
    "decode": decode,
    "special": special,
    "train": train,
    "train_steps": train_steps,
    "train_try": train_try,
    "toy_encode": toy_encode,
    "train_wordpiece": train_wordpiece,
    "compare": compare,
    "samples": samples,
    "source": source,
    "train_hf": train_hf,
    "model_row": model_row,
    "tokenizer_file": tokenizer_file,
    "tokenizer_model_file": tokenizer_model_file,
    "tokenizer_vocab_file": tokenizer_vocab_file,
    "tokenizer_facts": tokenizer_facts,
    "hf_compare": hf_compare,
}
WITH_PROGRESS = {"train_hf"}  # the kinds `handle` hands its `progress` callback to


def handle(kind: str, payload_json: str, progress: Callable | None = None, budget_ms: float | None = None) -> str:
    """Answer one request; see the module docstring. The answer is strict JSON (no NaN). A kind of
    `WITH_PROGRESS` calls `progress` as it goes (train_hf: `progress(done, total, left, right)` after each
    merge; False from it stops). In the page's worker the request's work has `budget_ms` (default
    REQUEST_BUDGET_MS) and is answered `over_budget` past it (toklab.budget)."""
    try:
        handler = HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise ToklabError("unknown_kind", kind=str(kind)[:80])
        with _budget.within(budget_ms):
            payload = read_request(kind, payload_json)
            if kind in WITH_PROGRESS:
                payload["progress"] = progress
            result = handler(**payload)
        return json.dumps({"ok": True, "result": result}, allow_nan=False, ensure_ascii=False)
    except Exception as exc:  # every failure goes back as data: a code and params, and a message for people
        return json.dumps({"ok": False, "error": as_data(exc)}, allow_nan=False, ensure_ascii=False)


# --- requests the worker runs in slices (train_hf): it turns its event loop between them, so the page's
# Stop reaches it, and Stop keeps what was learned ------------------------------------------------------


def _train_hf_steps(corpus: str, format: str = "txt", vocab_size: int = 6400, special_tokens: list | None = None):
    from .hf.minimind import training_steps

    return training_steps(corpus, format, _int(vocab_size, "vocab_size"), special_tokens)


SLICED: dict[str, Callable] = {"train_hf": _train_hf_steps}  # kind -> a generator of progress news, returning the answer
assert tuple(SLICED) == SLICED_KINDS


class Job:
    """One sliced request: `run(ms)` works for about `ms` milliseconds and answers a JSON string, either
    `{"progress": news}` (the newest news; not done yet) or `handle`'s answer; `stop()` ends it at once
    and answers `handle`'s answer, what was learned so far included."""

    def __init__(self, kind: str, payload_json: str, budget_ms: float | None = None):
        self.steps = None
        self.budget_ms = budget_ms  # each slice's (toklab.budget): a slice is short, one that is not is stopped
        self.started = False
        self.done: str | None = None
        try:
            handler = SLICED.get(kind) if isinstance(kind, str) else None
            if handler is None:
                raise ToklabError("unknown_kind", kind=str(kind)[:80])
            self.steps = handler(**read_request(kind, payload_json))
        except Exception as exc:
            self.done = json.dumps({"ok": False, "error": as_data(exc)}, allow_nan=False, ensure_ascii=False)

    def _advance(self, go_on: bool, first: bool):
        try:
            return next(self.steps) if first else self.steps.send(go_on)
        except StopIteration as end:
            self.done = json.dumps({"ok": True, "result": end.value}, allow_nan=False, ensure_ascii=False)
        except Exception as exc:
            self.done = json.dumps({"ok": False, "error": as_data(exc)}, allow_nan=False, ensure_ascii=False)
        return None

    def run(self, ms: float) -> str:
        from time import perf_counter

        end = perf_counter() + ms / 1000
        news = None
        try:
            with _budget.within(self.budget_ms):
                while self.done is None:
                    news = self._advance(True, self.started is False)
                    self.started = True
                    if perf_counter() >= end:
                        break
        except ToklabError as exc:  # over_budget
            self.done = json.dumps({"ok": False, "error": as_data(exc)}, allow_nan=False, ensure_ascii=False)
        if self.done is not None:
            return self.done
        return json.dumps({"progress": news}, allow_nan=False, ensure_ascii=False)

    def stop(self) -> str:
        if self.done is None:
            if not self.started:
                self._advance(True, True)
                self.started = True
            if self.done is None:
                self._advance(False, False)
        return self.done or json.dumps({"ok": False, "error": as_data(ToklabError("internal", detail="stop"))}, ensure_ascii=False)


def start(kind: str, payload_json: str, budget_ms: float | None = None) -> Job:
    """A sliced request of `kind` (one of `SLICED`), ready to `run`, each slice within `budget_ms`."""
    return Job(kind, payload_json, budget_ms)
