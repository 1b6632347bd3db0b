"""The worker protocol as code: every request the page sends and every answer the engine gives.

Each request kind has a payload type and a result type (`KINDS`); `webapi.handle` wraps the result in
`{"ok": true, "result": ...}` or answers `Failure`. Answers are plain JSON: a `list[...]` is a JSON array,
a `tuple[...]` a JSON array of fixed length, `X | None` may be null. Every field is always present (no
optional keys): what was not computed is null. docs/protocol.md is generated from this file
(`python tests/contract.py --write`), and tests/test_protocol.py checks every handler's answers against it.

The limits both sides share are defined here once; the page reads them from the answers
(`Overview.piece_limit`, `Overview.trace_limit`) or from the totals beside a shortened list
(`Decoded.n_items`; a special-token view's `ids` against its `tokens`).

**Vocabulary size**, one definition in every answer (`Training`, `TrainStep`, `TokenizerRow`,
`Samples`): every entry of the tokenizer's table, so every id it can give out, special entries
included: the V of the output layer. The toy tokenizers count their `<unk>` (characters, words, toy
BPE, and the toy BPE of the train lesson), r50k counts `<|endoftext|>` (50,257); a byte-level table
trained in the lesson has no special entry (256 bytes + the learned tokens).

    >>> sorted(KINDS)[:3], KINDS["overview"][1].__name__
    (['compare', 'decode', 'hf_compare'], 'Overview')
"""

from collections import namedtuple
from typing import Annotated, Literal, Required, TypedDict

from .open_models import IN_PACKAGE, TOKENIZER_NAMES
from .table_names import FETCHED, LESSON_TABLES, OPENAI_TABLES, RANKS_FILE, SPM_NAMES, WORDPIECE_NAMES

PIECE_LIMIT = 2000  # pieces per overview page, and the most an overview may ask for (piece_limit)
MAX_TEXT = 1_000_000  # characters a request's string may carry, and a decode's text at most
MAX_CANDIDATE_BYTES = 256  # a longer piece's steps carry "candidates": null (they grow with the square)
MAX_TRACE_BYTES = 1024  # trace_piece refuses a longer piece (its steps grow with the square); the page lists it
ITEM_LIMIT = 600  # decode items, special-view tokens and toy_encode words an answer lists: the chips the page draws
MAX_ID_DIGITS = 15  # a typed number with more digits is that item's error (ids stay exact in JavaScript)
MAX_INT = 2**53 - 1  # every integer field lies within -MAX_INT .. MAX_INT (exact in JavaScript)
MAX_DEPTH = 32  # arrays and objects a payload may nest (a request needs 3); deeper is bad_json, before Pyodide's stack overflows
MAX_ITEMS = 4 * MAX_TEXT  # items a list field may hold (a table trained on MAX_TEXT characters has fewer merges)
MAX_BLOCK = 1024  # samples: the longest window (block_size)
MAX_BATCH = 64  # samples: the most windows (batch_size)
TOY_WORK_LIMIT = 1_000_000  # toy_encode: symbols looked at and merge characters listed; the words past it are left out (n_words)
STEP_LIMIT = 500  # training steps a train answer (its first page) or a train_steps answer lists; the page asks for the rest as it steps
CORPUS_SYMBOLS = 20_000  # a train answer's corpus rows: the first ones, as many as hold this many symbols (a longer first row is cut)
ID_PAGE = 200_000  # ids an `overview_ids` answer lists (at most 1.6 MB of JSON); an overview lists its first ITEM_LIMIT
STREAM_LIMIT = 400  # samples: the stream's first ids (and tokens) an answer lists, what the stream view draws; the windows carry their own

Rule = Literal["contraction", "letters", "digits", "punctuation", "whitespace", "special"]
Pair = tuple[str, str]
TieRule = Literal["first_occurrence", "lexicographic", "huggingface"]
EncodingName = Literal[LESSON_TABLES]  # the three tables the tables lesson compares (toklab.table_names): r50k_base, cl100k_base, o200k_base
OPENAI_NAMES = OPENAI_TABLES  # OpenAI's tables a lesson may use: the three and gpt-oss's o200k_harmony
DEFAULT_ENCODING = LESSON_TABLES[0]  # r50k_base, inside the engine
FETCHED_TABLES = FETCHED  # the tables the worker fetches into Python's file system when a request first names one

# --- the open models in the lessons (issue #24) ------------------------------------------------------
# A lesson's `encoding` may also name an open model (toklab.open_models): its tokenizer answers overview,
# trace_piece, decode and special in the OpenAI tables' shapes (toklab.hf.lesson), with `model` said.
OPEN_MODEL_NAMES = TOKENIZER_NAMES  # minimind, qwen3, deepseek_v3, llama3, gemma3
CUSTOM_TABLE = "custom"  # the reader's own file, once `tokenizer_file` (tokenizer.json), `tokenizer_model_file` (a SentencePiece .model) or `tokenizer_vocab_file` (a BERT vocab.txt) opened one (for the session)
TableName = Literal[OPENAI_TABLES + TOKENIZER_NAMES + SPM_NAMES + WORDPIECE_NAMES + (CUSTOM_TABLE,)]  # every table a lesson may use: OpenAI's, the open models, the SentencePiece models, the WordPiece tables, the reader's file
# The one table protocol (toklab.tables): every table names its family in its answers.
Family = Literal["byte_level_bpe", "char_bpe", "spm_bpe", "unigram", "wordpiece"]  # GPT-2's bytes by rank; characters by rank (Gemma); SentencePiece BPE by score; Unigram's lattice; WordPiece's longest match (BERT)
FETCHED_SPM = SPM_NAMES  # models/<name>.model, fetched when first named (llama2, mistral, unigram_en, unigram_ja)
FETCHED_WORDPIECE = WORDPIECE_NAMES  # models/<name>.tokenizer.json, fetched when first named (wordpiece_en: toklab.wordpiece_models)
FETCHED_MODELS = tuple(n for n in TOKENIZER_NAMES if n not in IN_PACKAGE)  # models/<name>.hfpack, fetched when first named
PostSpecial = tuple[str, int, Literal["start", "end"]]  # a token the post-processor adds: token, id, where
# The file each table is read from: OpenAI's ranks (tiktoken's format), a tokenizer.json, a SentencePiece tokenizer.model.
Format = Literal["tiktoken", "tokenizer.json", "tokenizer.model"]
# Each table whose file the worker fetches when a request first names it -> that file, under the build's
# folder. o200k_harmony reads o200k_base's file (no file of its own); r50k_base and MiniMind are inside
# the engine, and the reader's own file is opened in the page: none of them is here.
TABLE_FILES = {
    **{name: f"tables/{name}.tiktoken" for name in FETCHED},
    **{name: f"tables/{base}.tiktoken" for name, base in RANKS_FILE.items()},
    **{name: f"models/{name}.hfpack" for name in TOKENIZER_NAMES if name not in IN_PACKAGE},
    **{name: f"models/{name}.model" for name in SPM_NAMES},
    **{name: f"models/{name}.tokenizer.json" for name in WORDPIECE_NAMES},
}


class ModelFacts(TypedDict):
    """A table's facts, whatever its family: what the lessons say about it, computed from its parts
    (toklab.tables: each table keeps `model_facts`). The page classifies a table by these, never by its name."""

    name: str  # the option value: r50k_base, ..., minimind, qwen3, ..., llama2, ..., or "custom" (the reader's file)
    title: str  # "GPT-2", "gpt-oss", "MiniMind (minimind-3)", "Qwen3", "Llama 1/2", ...; the reader's file: its file name
    licence: str  # "" for OpenAI's tables and the reader's file (no model licence the engine says)
    family: Family  # the family of its algorithm (toklab.tables)
    format: Format  # the kind of file it is read from: OpenAI's ranks, a tokenizer.json, a tokenizer.model
    file: str | None  # the file the worker fetches for it (TABLE_FILES); null: inside the engine, or the reader's own
    kind: Literal["byte_level", "characters"]  # its first symbols: one per byte (Ġ), or one per character
    space: str  # how its tokens write a space: "Ġ", "▁" or " "
    digits: Literal["threes", "single", "runs", "whole"]  # how its pre-tokenizer cuts a run of digits
    cjk_runs: bool  # a pre-tokenizer pattern cuts runs of Han and kana apart (DeepSeek)
    whole_tokens: bool  # ignore_merges: a piece that is itself a token is taken whole (Llama 3)
    byte_fallback: bool  # a character missing from the vocabulary becomes its <0xE4>-style byte tokens (Gemma)
    n_patterns: int  # regular expressions of its pre-tokenizer (a ByteLevel with use_regex counts GPT-2's)
    post_specials: list[PostSpecial]  # what its post-processor adds around a text (Gemma: <bos> at the start)
    vocab_size: int  # the model's vocabulary (get_vocab_size(with_added_tokens=False))
    vocab_size_with_added: int  # with the added tokens (get_vocab_size(with_added_tokens=True))
    n_added: int  # added tokens
    n_special: int  # of them, marked special


class TokenizerFactsRequest(TypedDict, total=False):
    encoding: Required[TableName]  # any table: OpenAI's, an open model, a SentencePiece model or "custom"
Range = namedtuple("Range", ["min", "max"])  # Annotated[int, Range(1, 64)]: an integer field's bounds (None: MAX_INT)
TextLimit = namedtuple("TextLimit", ["max"])  # Annotated[str, TextLimit(n)]: a text field longer than MAX_TEXT allows
MAX_CORPUS_CHARS = 8_000_000  # train_hf's corpus: about 8 MB of Latin text, 24 MB of Chinese
# The models lesson (issue 24): the largest tokenizer.json a reader may open (toklab.hf reads at most this many bytes: Gemma 3's file is 33 MB).
MAX_TOKENIZER_FILE = 64 << 20  # bytes of a tokenizer.json the reader may open (64 MiB)
MAX_TRAIN_VOCAB = 32_000  # train_hf's largest vocabulary (MiniMind's: 6,400)
REQUEST_BUDGET_MS = 50_000  # the most one request's work may take in the page's worker (toklab.budget); loading a table is not counted. Under the page's 60 s request timeout (web/theme.mjs), so the declared error comes first; no lower, as a large training on a slow phone takes tens of seconds
SLICED_KINDS = ("train_hf",)  # the kinds the worker runs in slices (webapi.start), so Stop reaches them


# Every error the engine reports to the page: a stable code, its English text (for Python users; the
# page maps each code to its own strings), and the params the text is made from (`str.format`).
ERRORS = {
    "unknown_kind": "unknown request kind {kind!r}",
    "bad_json": "the payload is not valid JSON (line {line}, column {column})",
    "bad_payload": "the payload must be a JSON object",
    "unknown_field": "bad request for {kind!r}: it has no field {field!r}",
    "missing_field": "bad request for {kind!r}: the field {field!r} is required",
    "wrong_type": "{field} must be a JSON {expected}",
    "bad_choice": "{field} must be one of {choices}, not {value}",
    "too_small": "{field} must be at least {min}",
    "too_large": "{field} must be at most {max}",
    "too_many_items": "{field} has {length:,} items; a request may carry at most {limit:,}",
    "text_too_long": "the {field} has {length:,} characters; the lesson takes at most {limit:,}",
    "empty_text": "the text is empty: there is no piece to trace",
    "no_such_piece": "piece {index} does not exist: the text has {n_pieces} pieces",
    "piece_too_long": "piece {index} has {bytes:,} bytes; pieces of up to {limit:,} bytes are traced",
    "not_a_number": "{item!r} is not a whole number",
    "number_too_long": "a number of {digits:,} digits is not a token id (they have at most {limit} digits)",
    "unknown_id": "token id {id} is not in {encoding} (ids run from 0 to {max_id})",
    "disallowed_special": "The text contains the special token {token!r}, which is not allowed here. Pass "
    "allowed_special={{{token!r}}} (or 'all') to encode it as its special id, or use encode_ordinary() to "
    "encode it as plain text.",
    "merge_unknown_token": "merge rule {rank} ({left!r} {right!r}) uses a token that no earlier rule made",
    "merge_repeated": "merge rule {rank} ({left!r} {right!r}) makes {merged!r} a second time",
    "too_large_for_tables": "too large to show every table: the corpus has {symbols} symbols in {rows} distinct "
    "rows and may need up to {merges} merges; tables are shown up to {max_symbols} symbols and {max_merges} "
    "merges. Use detail='merges'.",
    "corpus_empty": "the corpus is empty: there is no word to learn from",
    "corpus_binary": "the corpus is not text: it has a NUL character at {at:,}",
    "jsonl_bad_line": "line {line} of the .jsonl is not JSON (column {column})",
    "stream_too_short": "the stream has {n_ids} tokens; a window needs block_size + 1 = {need}",
    "table_unavailable": "the {encoding} table could not be loaded: {detail}",
    "internal": "the engine failed: {detail}",
    # toklab.hf: reading a HuggingFace tokenizer.json, and what it is asked to encode
    "hf_bad_json": "the tokenizer.json is not valid JSON (line {line}, column {column})",
    "hf_too_large": "the tokenizer.json has {size:,} bytes; toklab reads files of at most {limit:,} bytes",
    "hf_bad_value": "{path} must be {expected}, not {value}",
    "hf_unsupported": "{path} {value} is not supported",
    "hf_bad_regex": "{path}: the pattern {pattern} cannot run here ({detail})",
    "hf_unknown_merge_token": "{path} ({left!r} {right!r}) names {token!r}, which is not in model.vocab",
    "hf_text_too_long": "the text has {length:,} characters; toklab.hf encodes at most {limit:,}",
    "hf_normalized_too_long": "the normalizer would make a text of {length:,} characters longer than {limit:,}: "
    "toklab.hf lets a normalizer grow a text at most {growth} times",
    "spm_normalized_too_long": "the normalizer would make a text of {length:,} bytes longer than {limit:,} bytes: "
    "toklab.sentencepiece lets a normalizer grow a text at most {growth} times",
    "over_budget": "the request ran longer than {seconds} s, the most one request may take here, and was stopped "
    "(a pattern or a text that costs more than it should); the engine goes on with the next one",
    # the models lesson: the reader's own tokenizer.json
    "no_custom_tokenizer": "no tokenizer.json has been opened in this session: open one first",
}
ErrorCode = Literal[tuple(ERRORS)]  # one of the keys of ERRORS
Params = dict[str, str | int]  # the values ERRORS[code] is formatted with

# The errors that do not come from Python, with their English text ({name} is a param): the worker's
# (web/worker.mjs) and the page's own (web/engine.mjs, web/app.mjs). web/protocol.mjs lists them with
# ERRORS, so every code the page can show is declared here, and each has the page's text in both
# languages (a test checks).
PAGE_ERRORS = {
    "bad_request": "a request needs a string kind",  # worker: a message without a kind
    "payload_not_json": "the payload cannot be written as JSON (a cycle, a BigInt...)",  # worker: JSON.stringify refused it
    "worker_failed": "the engine's worker failed: {detail}",  # worker: Python failed under the request
    "engine_unavailable": "Python could not start ({stage})",  # worker: the boot failed
    "engine_stopped": "the engine has stopped and cannot answer ({detail})",  # page: after a crash, a timeout
    "stopped": "stopped before it finished",  # page: the user pressed Stop while it ran
    "superseded": "a newer request replaced this one",  # page: a later request of its lane and kind
    "engine_missing": "the engine could not be loaded",  # app: no engine module
    "request_failed": "the request to the engine failed: {detail}",  # app: the request threw
}

# What the worker says unprompted, {status, stage, message}, while Python starts, and when it fails.
# Each stage's English message; the page shows its own text (status.stage.<stage>).
STAGES = {
    "start": "Starting",
    "runtime": "Starting Python (Pyodide)",
    "micropip": "Loading micropip",
    "toklab": "Installing the toklab engine",
    "table": "Loading the r50k table",
    "ready": "Ready",
    "crashed": "The engine failed",  # Python failed under a request (out of memory, a fatal error)
}
Status = Literal["loading", "ready", "error"]
# Why the page's engine status is an error (web/engine.mjs): its code, and its English text ({name} is a
# param, as in PAGE_ERRORS; the page shows its own text, engine.<code>).
STATUS_CODES = {
    "boot_failed": "The engine worker failed: {detail}",  # before Python was ready (the worker's own reason, when it says one)
    "boot_timeout": "Python did not start within {seconds} s",
    "crashed": "The engine worker failed: {detail}",  # once ready
    "request_timeout": "The engine did not answer “{kind}” within {seconds} s",
}


class StatusMessage(TypedDict):
    """worker -> page, unprompted: `{status, stage, message}`."""

    status: Status
    stage: Literal[tuple(STAGES)]
    message: str  # STAGES[stage], or why Python could not start


class Progress(TypedDict):
    """worker -> page while a request's table downloads: `{id, progress: Progress}`."""

    encoding: Literal[tuple(TABLE_FILES)]
    loaded: int  # bytes so far
    total: int  # bytes in all (0 while the server did not say)


class TableLoad(TypedDict):
    """A table the worker is loading: the bytes of its file fetched so far (both 0 before the fetch, and for
    a table whose file the engine carries or has fetched: then Python is opening it)."""

    loaded: int
    total: int


class TablesMessage(TypedDict):
    """worker -> page, unprompted: `{tables: TablesMessage}`, what the engine holds and is loading, sent
    when Python is ready and whenever that changes (before the answer of the request that changed it).
    The page keeps the latest in its one tables store (web/engine.mjs); a new worker holds r50k only."""

    held: list[TableName]  # the tables Python holds (webapi.held_tables), in TABLES' order
    loading: dict[str, TableLoad]  # the table the running request is loading, if any: {name: TableLoad}


class Failure(TypedDict):
    """What `handle` answers instead of a result: `{"ok": false, "error": Failure}`."""

    type: str  # the Python exception's name ("ValueError", "TypeError", ...)
    code: ErrorCode  # what went wrong: a key of ERRORS
    params: Params  # the values of ERRORS[code]'s placeholders
    message: str  # ERRORS[code] in English, for Python users


# --- encode: GPT-2's table (or one trained in the train lesson) ------------------------------------


class OverviewRequest(TypedDict, total=False):
    text: Required[str]
    allowed_special: Literal["none", "all"]  # default "none": <|endoftext|> is plain text
    piece: int  # default 0: the answer holds the page of pieces with this index (the last page if past the end)
    piece_limit: Annotated[int, Range(1, PIECE_LIMIT)]  # default PIECE_LIMIT
    merges: list[Pair] | None  # default null (r50k); the merges of a table trained in the train lesson
    encoding: TableName  # default "r50k_base"; ignored when merges are given


class PieceSummary(TypedDict):
    """A piece without its merge steps: what the strip and the id list draw."""

    index: int  # position among all pieces of the text
    text: str  # the piece as the pre-tokenizer cut it (" the" keeps its space)
    start: int  # code-point offset of the piece in the text
    end: int  # code-point offset just past it
    rule: Rule  # which alternative of GPT-2's pattern matched (special: <|endoftext|> when allowed)
    bytes: list[int]  # UTF-8 bytes of the piece
    tokens: list[str]  # final symbols, printable form ("Ġ" is a space)
    ids: list[int]  # their ids
    label: str  # the piece as the pieces strip writes it: a character without a glyph as its bytes' printable form (toklab.facts)
    spans: list[tuple[int, int]]  # each token's first byte and end byte (exclusive) in `bytes`, from the token's own bytes
    texts: list[str | None]  # each token's text when its bytes are whole UTF-8 characters; null: part of a character


class Overview(TypedDict):
    ids: list[int]  # the text's first ITEM_LIMIT ids: what the page draws (overview_ids pages through them all)
    n_ids: int  # all ids of the text
    n_pieces: int  # all pieces of the text
    piece_offset: int  # index of the first piece of this page
    piece_limit: int  # pieces per page
    trace_limit: int  # MAX_TRACE_BYTES: trace_piece answers pieces of at most this many bytes
    pieces: list[PieceSummary]  # this page
    plain_special: bool  # special-token text was read as plain text
    n_vocab: int  # the table's n_vocab: its largest id + 1 (the lessons' sentences quote these four)
    n_ranks: int  # tokens made of bytes: the single bytes and the merged tokens (ids 0 .. n_ranks - 1)
    n_merged: int  # of those, the tokens of two or more bytes
    specials: list[tuple[str, int]]  # the special tokens and their ids, by id
    family: Family  # the table's family (toklab.tables): how trace_piece's steps read
    model: ModelFacts | None  # the table's facts (toklab.tables), its family and format named; null for merges trained in the page


class OverviewIdsRequest(TypedDict, total=False):
    """The ids of a text from id `offset` on, at most ID_PAGE of them: what copying all ids of a long text
    fetches page by page (the same text and table as the overview; its pieces are held, not cut again)."""

    text: Required[str]
    allowed_special: Literal["none", "all"]  # default "none"
    merges: list[Pair] | None  # default null; as in the overview
    encoding: TableName  # default "r50k_base"; ignored when merges are given
    offset: Annotated[int, Range(0, MAX_ITEMS)]  # default 0: the index of the first id listed; past the end: none


class OverviewIds(TypedDict):
    ids: list[int]  # ids offset .. offset + id_limit - 1 (fewer at the end)
    n_ids: int  # all ids of the text
    offset: int
    id_limit: int  # ID_PAGE


class Step(TypedDict):
    """One merge; the frames of the encode canvas."""

    left: str  # the pair merged at this step
    right: str
    merged: str  # left + right
    rank: int  # r50k: 0-based line of the rule in vocab.bpe ("Ġ t" is rank 0); cl100k, o200k: the merged token's rank
    id: int  # id of the merged token (r50k: 256 + rank; cl100k, o200k: its rank)
    position: int  # index of "left" in the symbol list before this step
    candidates: list[int | None] | None  # rank of each adjacent pair before this step (null: no rule); null for long pieces
    symbols: list[str]  # the symbol list after this step


class ScoredPair(TypedDict):
    """SentencePiece BPE: an adjacent pair whose merged piece is in the vocabulary, and its score."""

    position: int  # index of "left" in the symbol list before the step
    left: str
    right: str
    merged: str
    score: float  # the merged piece's score in the .model (the highest merges first; leftmost on a tie)


class ScoredStep(Step):
    """A SentencePiece BPE step: `rank` is the merged piece's place among the scores (highest first,
    equal scores equal), so the lowest rank merging first is the highest score merging first."""

    score: float  # the merged piece's score
    scored: list[ScoredPair] | None  # every candidate pair before this step; null for long pieces


class LatticeNode(TypedDict):
    """A Unigram lattice's piece: it starts at `start` (a character offset of the normalized word)."""

    start: int
    end: int
    piece: str
    id: int
    logp: float  # its log-probability (score) in the .model
    unknown: bool
    best: bool  # on the chosen path


class LatticeBest(TypedDict):
    score: float  # the best path's score ending just after this position
    start: int  # where that path's last piece starts
    id: int
    piece: str


class LatticePosition(TypedDict):
    at: int  # the position (a character offset of the normalized word)
    char: str  # the character there
    pieces: list[LatticeNode]  # every piece starting at this position
    best: LatticeBest | None  # the best path ending just after this position


class LatticeChoice(TypedDict):
    start: int
    end: int
    piece: str
    id: int


class Lattice(TypedDict):
    """Unigram's Viterbi, position by position (toklab.sentencepiece.unigram.lattice)."""

    text: str
    positions: list[LatticePosition]
    path: list[LatticeChoice]  # the chosen pieces
    ids: list[int]
    score: float  # the chosen path's score


class Run(TypedDict):
    """The greedy mistake: always merge the leftmost pair that has any rule."""

    steps: list[Step]
    tokens: list[str]
    ids: list[int]


class Piece(TypedDict):
    """One piece with every merge step (`Encoding.trace` gives one per piece)."""

    index: int
    text: str
    start: int
    end: int
    rule: Rule
    bytes: list[int]
    chars: list[tuple[int, int, str]]  # each character: first byte, end byte (exclusive), the character
    symbols: list[str]  # starting symbols: one per byte, printable form
    steps: list[Step]
    tokens: list[str]
    ids: list[int]


class TracePieceRequest(TypedDict, total=False):
    text: Required[str]
    index: Required[int]  # which piece of the text
    allowed_special: Literal["none", "all"]  # default "none"
    merges: list[Pair] | None  # default null (r50k)
    encoding: TableName  # default "r50k_base"; ignored when merges are given


class TracedPiece(Piece):
    greedy: Run | None  # null for a special token
    spans: list[tuple[int, int]]  # each starting symbol's first and end byte in `bytes` (toklab.facts); a step joins the two at its position
    whole: bool  # an open model's ignore_merges took the piece whole (Llama 3): one symbol, no steps (issue #24)
    symbol_ids: list[int] | None  # an open model's starting symbols' ids (its byte tokens' ids differ from 0-255); null for OpenAI's


class SpmTracedPiece(TracedPiece):
    """A SentencePiece model's word (toklab.tables.SpmTable): BPE's steps carry their scores, Unigram's
    are its lattice instead (no steps)."""

    steps: list[ScoredStep]
    family: str  # "SentencePiece BPE" or "SentencePiece Unigram"
    fallback: list[bool]  # per token: a byte of a character the vocabulary lacks (byte fallback)
    lattice: Lattice | None  # Unigram's Viterbi, position by position; null for BPE


class WordPieceTry(TypedDict):
    """One try of WordPiece's longest match: the word's characters start..end, looked up in the vocabulary."""

    start: int  # a character offset of the word (its normalized, pre-tokenized form)
    end: int  # exclusive: the longest rest of the word first, one character shorter each try
    piece: str  # what was looked up: the characters, with the ## prefix unless start is 0
    found: bool  # the vocabulary has it: it is taken, and the next try starts at `end`
    id: int | None  # its id when found


class WordPieceChoice(TypedDict):
    start: int
    end: int
    piece: str  # a chosen token ("##ing"), or the unk token covering the whole word
    id: int


class WordPieceTrace(TypedDict):
    """WordPiece's longest match on one word (toklab.hf.wordpiece.longest_match)."""

    word: str  # the word as the model sees it (lowercased, accents stripped: BertNormalizer)
    prefix: str  # "##": written before every piece but a word's first
    unk_token: str  # "[UNK]"
    max_chars: int  # a longer word is the unk token at once, with no try (max_input_chars_per_word)
    tries: list[WordPieceTry]  # every try, in order
    chosen: list[WordPieceChoice]  # the tokens: the tries found, or the one unk token
    unk: Literal["no_piece", "too_long"] | None  # why the word is the unk token; null when it is covered
    unk_at: int | None  # no_piece: the character offset where no piece, not even one character, matched


class WordPieceTracedPiece(TracedPiece):
    """A WordPiece table's word (toklab.hf.lesson.LessonTable): no merge steps; its tries instead. Its
    symbols are the word's characters; `greedy` is the common mistake ([UNK] only for the rest of a
    word that cannot be covered, after the pieces found before it)."""

    family: Literal["wordpiece"]
    wordpiece: WordPieceTrace


# --- decode and special tokens ----------------------------------------------------------------------


class DecodeRequest(TypedDict, total=False):
    ids: Required[str]  # what the user typed: "[30001, 1634]", "30001 1634", ...
    encoding: TableName  # default "r50k_base"


class DecodedId(TypedDict):
    input: str  # the item as typed
    id: int
    error: None
    token: str  # printable form
    text: str | None  # its text when its bytes are whole UTF-8 characters; null: part of a character
    special: bool
    hex: str  # its bytes, "e6 88"
    completes: str  # the characters this token completes ("" while one is unfinished)
    waiting: int  # bytes of a started character still to come after this token
    invalid: bool  # the bytes are not UTF-8 (shown as U+FFFD)


class BadItem(TypedDict):
    input: str
    id: None
    error: str  # why the item is not a token id: ERRORS[code] in English
    code: ErrorCode  # not_a_number, number_too_long or unknown_id
    params: Params


class Decoded(TypedDict):
    items: list[DecodedId | BadItem]  # the first ITEM_LIMIT items
    n_items: int  # all items
    text: str  # the text of all good ids, its first MAX_TEXT characters
    n_text: int  # characters in the text of all good ids (more than len(text) when it was cut)
    unfinished: bool  # the ids end inside a character
    errors: int  # bad items, all of them


class SpecialRequest(TypedDict, total=False):
    text: Required[str]
    encoding: TableName  # default "r50k_base"


class SpecialToken(TypedDict):
    id: int
    token: str  # printable form
    text: str | None  # its text when its bytes are whole UTF-8 characters; null: part of a character
    hex: str  # its bytes, "e6 88"
    special: bool


class SpecialView(TypedDict):
    ok: bool
    ids: list[int] | None  # the first ITEM_LIMIT; null when refused
    n_ids: int | None  # how many ids the text has (null when refused)
    tokens: list[SpecialToken] | None  # the first ITEM_LIMIT
    error: str | None  # why it was refused: ERRORS[code] in English
    code: ErrorCode | None  # disallowed_special when refused
    params: Params | None


class SpecialViews(TypedDict):
    contains_special: bool
    refused: SpecialView  # encode(text): the safe default
    allowed: SpecialView  # encode(text, allowed_special="all")
    plain: SpecialView  # encode_ordinary(text)
    n_vocab: int  # as in Overview: the table's sizes, for the lesson's sentences
    n_ranks: int
    n_merged: int
    specials: list[tuple[str, int]]
    model: ModelFacts | None  # the table's facts (toklab.tables); null for merges trained in the page


# --- train, then use what was learned --------------------------------------------------------------


class TrainRequest(TypedDict, total=False):
    corpus: Required[str]
    mode: Literal["chars", "bytes"]  # default "chars" (toy BPE); "bytes": GPT-2 style, 256 byte symbols
    unit: Literal["words", "lines"]  # default "words" (chars only)
    vocab_size: Annotated[int, Range(1, MAX_ITEMS)] | None  # default null: no limit
    num_merges: Annotated[int, Range(0, MAX_ITEMS)] | None  # default null: no limit
    min_frequency: Annotated[int, Range(1, None)]  # default 2
    tie_break: TieRule  # default "first_occurrence"
    detail: Literal["auto", "full", "merges"]  # default "auto": tables when the corpus is small enough


class Row(TypedDict):
    symbols: list[str]
    count: int  # how often this sequence occurs


class PairCount(TypedDict):
    pair: Pair
    count: int


class Tie(TypedDict):
    """How the step chose among pairs with the best count. first_occurrence: the pair met first reading
    the rows in order, left to right; lexicographic: the smallest (left, right) compared as strings in
    code point order; huggingface (HuggingFace tokenizers' BpeTrainer): the smallest pair of token ids,
    ids given to the special tokens, then the alphabet in code point order, then each learned token as
    it is made."""

    rule: TieRule
    tied: list[Pair]  # the pairs that share the best count, in rule order (at most 5 without tables: training.TIED_SHOWN)
    n_tied: int
    ids: list[tuple[int, int]] | None  # huggingface: the token ids of each tied pair (the rule compares them); else null


class TrainStep(TypedDict):
    """One merge of training. The tables are null when the trace has none (`tables_shown` false)."""

    pair: Pair
    merged: str
    count: int
    tie: Tie
    new_token: bool  # false: the merge built a string that was already a token
    vocab_size: int  # after this step (see "Vocabulary size" above)
    pairs: list[PairCount] | None  # the pair table this step chose from (eligible pairs)
    occurrences: list[tuple[int, int, int]] | None  # each merge: row, position before, position after
    corpus: list[Row] | None  # the rows after this step


class Stop(TypedDict):
    reason: Literal["vocab_size", "num_merges", "no_pairs", "min_frequency"]
    pair: Pair | None  # min_frequency: the best pair
    count: int | None  # min_frequency: its count
    pairs: list[PairCount] | None  # the last pair table (tables only)
    corpus: list[Row] | None  # the last rows (tables only)


class Training(TypedDict):
    kind: Literal["toy", "bytes"]
    unit: Literal["words", "lines", "pieces"]
    vocab_size: int | None  # as requested: training stops when the vocabulary has this many entries
    num_merges: int | None
    min_frequency: int
    tables_shown: bool
    size_note: str  # why the tables are (not) shown
    corpus: list[Row]  # the rows before training: the first ones, at most CORPUS_SYMBOLS symbols in all (every row when tables are shown)
    n_rows: int  # all distinct rows
    n_distinct: int  # symbols in all distinct rows (each row counted once)
    n_sequences: int
    n_symbols: int
    n_alphabet: int  # distinct symbols of the corpus
    special_tokens: list[str]  # entries that are not symbols: ["<unk>"] for toy, [] for bytes
    base_vocab: list[str]  # the starting symbols
    base_vocab_size: int  # the vocabulary size before the first merge: special_tokens + base_vocab
    merges: list[Pair]  # in the order learned (the rank order): the first page's, merges 0 .. step_limit - 1 (a step's `pair` is its merge; train_try cuts with any number of them)
    learned: list[str]  # the new tokens, in order: the first ITEM_LIMIT
    n_learned: int  # all new tokens: the vocabulary after training has base_vocab_size + n_learned entries
    vocab: list[str]  # special_tokens + base_vocab + the learned tokens listed
    steps: list[TrainStep]  # the first page: steps 0 .. step_limit - 1 (train_steps answers the others)
    n_steps: int  # all steps (one per merge)
    step_offset: int  # index of the first step listed: 0
    step_limit: int  # steps per page (STEP_LIMIT; every step of a training with tables)
    stop: Stop


class TrainStepsRequest(TrainRequest, total=False):
    """The page of a training's steps that holds step `step`: the same settings as the `train` request,
    answered from the training the engine still holds (the latest), or by training again (the same
    answer: training is deterministic)."""

    step: Required[Annotated[int, Range(0, MAX_ITEMS)]]  # a step's index (0: the first merge); past the end: the last page


class TrainTryRequest(TrainRequest, total=False):
    """The example text cut with the first `n_merges` merges of the training with these settings (the
    `train` request's own), from the training the engine holds or trained again (the same merges): the
    page names the training instead of sending its merges back (1M Chinese characters learn about 10^5).
    Byte merges cut it as GPT-2's encoder does (an `Overview`), character merges as `toy_encode` does,
    in the training's unit, its special tokens and base symbols known (a `ToyCut`)."""

    text: Required[str]
    n_merges: Required[Annotated[int, Range(0, MAX_ITEMS)]]  # the merges learned by the shown step; past the end: every one


class TrainSteps(TypedDict):
    steps: list[TrainStep]  # steps step_offset .. step_offset + step_limit - 1 (fewer on the last page)
    n_steps: int
    step_offset: int  # a multiple of step_limit
    step_limit: int


class ToyEncodeRequest(TypedDict, total=False):
    merges: Required[list[Pair]]  # the train answer's merges
    text: Required[str]
    unit: Literal["words", "lines"]  # default "words"
    end_marker: bool | None  # default null: "</w>" for words, none for lines
    vocab: list[str] | None  # default null: nothing is unknown; else the base entries (a merge's product is a token too)


class WordCut(TypedDict):
    word: str
    steps: list[Pair]  # the merges that changed this word, in order
    tokens: list[str]
    unknown: list[str]  # tokens missing from the vocabulary


class ToyCut(TypedDict):
    words: list[WordCut]  # the first words of the text: at most ITEM_LIMIT, and as many as TOY_WORK_LIMIT allows
    n_words: int  # all words of the text (more than len(words) when some were left out)
    n_tokens: int  # of the words listed
    n_unknown: int  # of the words listed


class TrainWordPieceRequest(TypedDict, total=False):
    corpus: Required[str]  # the train lesson's corpus: the same words the toy BPE learns from
    unit: Literal["words", "lines"]  # default "words": split at whitespace; "lines": one line a word, its spaces removed
    num_merges: Annotated[int, Range(0, MAX_ITEMS)] | None  # default null: no limit (the page: as many as the toy BPE made)
    min_frequency: Annotated[int, Range(1, None)]  # default 2
    text: str  # default "": the example to cut by longest match over what was learned (its words read by `unit`)


class WordPieceMerge(TypedDict):
    left: str
    right: str  # "##ug": a piece inside a word
    merged: str  # left + right without its ## ("h" + "##ug" makes "hug")


class WordPieceWord(TypedDict):
    word: str
    tokens: list[str]  # by longest match; ["[UNK]"] for a word the vocabulary cannot cover
    ids: list[int]
    unk: Literal["no_piece", "too_long"] | None


class WordPieceTraining(TypedDict):
    """The corpus's words learned by WordPiece's trainer (toklab.wordpiece_train): merging, as BPE does,
    from ## symbols; then the example cut by longest match over the vocabulary (the merges dropped)."""

    rows: list[Row]  # each distinct word as its first symbols (## before all but the first), the first ITEM_LIMIT
    n_rows: int
    base_vocab: list[str]  # [UNK], the alphabet, the ## symbols: the vocabulary before the first merge
    merges: list[WordPieceMerge]  # in the order learned, the first ITEM_LIMIT
    n_merges: int
    vocab_size: int  # after training, [UNK] included
    stop: Literal["vocab_size", "no_pairs", "min_frequency"]  # vocab_size: the merges asked for were made
    words: list[WordPieceWord]  # the example's first ITEM_LIMIT words
    n_words: int
    n_tokens: int  # of the words listed
    n_unknown: int  # words listed that are [UNK]


# --- compare, samples, warm-up --------------------------------------------------------------------


class CompareRequest(TypedDict, total=False):
    text: Required[str]
    corpus: str | None  # default null: train on the text itself
    bpe_vocab_size: Annotated[int, Range(1, MAX_ITEMS)]  # default 100
    min_frequency: Annotated[int, Range(1, None)]  # default 2


class Costs(TypedDict):
    attention: int  # T * T
    output_per_token: int  # V


class Relative(TypedDict):
    attention: float | None  # relative to the characters tokenizer (null when that is 0)
    output_per_token: float | None


class TokenizerRow(TypedDict):
    name: Literal["characters", "words", "toy_bpe", "r50k"]
    tokens: list[str]  # the first ITEM_LIMIT (n_tokens counts them all), each cut at 200 characters with "…"
    ids: list[int]  # the first ITEM_LIMIT
    n_tokens: int
    vocab_size: int  # V: <unk> or <|endoftext|> included
    n_unknown: int
    unknown: list[str]  # the distinct unknown tokens, the first ITEM_LIMIT
    costs: Costs
    relative: Relative
    token_texts: list[str] | None  # r50k: each listed token's text (the others: null)


class Comparison(TypedDict):
    tokenizers: list[TokenizerRow]


class SamplesRequest(TypedDict, total=False):
    text: Required[str]
    block_size: Annotated[int, Range(1, MAX_BLOCK)]  # default 6
    batch_size: Annotated[int, Range(1, MAX_BATCH)]  # default 3
    tokenizer: Literal["toy_bpe", "r50k"]  # default "toy_bpe" (trained on the text)
    bpe_vocab_size: Annotated[int, Range(1, MAX_ITEMS)]  # default 100
    mode: Literal["random", "sequential"]  # default "random"
    seed: int  # default 0 (random)
    start: int  # default 0 (sequential)


class Window(TypedDict):
    offset: int
    x: list[int]  # inputs
    y: list[int]  # labels: the inputs shifted by one
    x_tokens: list[str]  # each cut at 200 characters with "…", as in tokens
    y_tokens: list[str]


class Samples(TypedDict):
    ids: list[int]  # the stream's first STREAM_LIMIT ids (the stream view draws them; each window lists its own)
    tokens: list[str]  # one per listed id, each cut at 200 characters with "…" (a chip shows no more)
    n_ids: int  # all ids of the stream
    vocab_size: int  # the tokenizer's, <unk> or <|endoftext|> included
    block_size: int
    mode: Literal["random", "sequential", "offsets"]
    seed: int | None  # null unless random
    max_offset: int
    offsets: list[int]
    truncated: bool  # fewer windows than batch_size
    windows: list[Window]


# --- the code view: the engine's own source ------------------------------------------------------

StepKind = Literal["start", "merge", "done", "vocab_size", "num_merges", "no_pairs", "min_frequency"]


class SourceRequest(TypedDict, total=False):
    name: Required[Literal["encode", "train"]]  # whose steps: encode (the merge rule), train (the training loop)


class Mark(TypedDict):
    """The statement that does one kind of step: a `# step: <kind>` comment at the end of its line."""

    step: StepKind  # start, merge and done (encode); start, merge and each stop reason (train)
    line: int  # its line number in the file (1-based)


class Source(TypedDict):
    """The function that computes a lesson's steps, read from the running module (`toklab.source`)."""

    function: str  # "lowest_rank_merge" (encode), "run_full" (train)
    module: str  # "toklab.reference", "toklab.training"
    path: str  # its file in the package, "reference.py"
    first_line: int  # the line number in that file of lines[0] (1-based)
    lines: list[str]  # the function's source, one item per line, as in the file (no line ends)
    marks: list[Mark]


class WarmupRequest(TypedDict, total=False):
    encoding: TableName  # default "r50k_base": the table to load (the worker fetches a larger one first)


# --- train like MiniMind: tokenizers' BpeTrainer (toklab.hf.minimind) ------------------------------


class TrainHfRequest(TypedDict, total=False):
    corpus: Required[Annotated[str, TextLimit(MAX_CORPUS_CHARS)]]  # a corpus file's contents
    format: Literal["txt", "jsonl"]  # default "txt": each line one text; "jsonl": MiniMind's sft conversations
    vocab_size: int  # default 6400, at most toklab.hf.minimind.MAX_TRAIN_VOCAB; special tokens included
    special_tokens: list[str] | None  # default null: MiniMind's 36 (ids 0-35)


class HfTraining(TypedDict):
    """What MiniMind's train_tokenizer.py would have written, and how the training went. While it runs,
    `handle`'s `progress(done, total, left, right)` hears of every merge; False from it stops training."""

    tokenizer_json: str  # the file as the script leaves it: tokenizers and transformers load it
    vocab_size: int  # entries of the table, special tokens included
    n_merges: int
    merges: list[Pair]  # in rank order, in GPT-2's printable byte form
    merge_texts: list[list[str | None]]  # per merge [left, right, new token] as text; null: part of a character
    merge_hex: list[list[str]]  # per merge [left, right, new token] as bytes in hex ("e4 bb")
    stop: Literal["vocab_size", "no_pairs", "stopped"]  # "stopped": progress said so; what was learned is kept
    special_tokens: list[str]  # in id order, from 0
    n_texts: int  # the texts read from the corpus
    n_words: int  # distinct words after pre-tokenization
    corpus_chars: int


class TrainHfReading(TypedDict):
    """worker -> page while train_hf counts the corpus's words: `{id, progress: TrainHfReading}`."""

    read: int  # texts pre-tokenized so far
    texts: int  # texts in all


class TrainHfPairing(TypedDict):
    """worker -> page while train_hf first counts the pairs of its words: `{id, progress: TrainHfPairing}`."""

    paired: int  # words whose pairs are counted so far
    words: int  # distinct words in all


class TrainHfMerging(TypedDict):
    """worker -> page while train_hf merges (the newest merge of a slice): `{id, progress: TrainHfMerging}`."""

    done: int  # merges so far
    total: int  # the most the vocabulary size allows
    left: str  # the newest merge's left token, as the file writes it (GPT-2's byte form: Ġthe)
    right: str
    texts: list[str | None]  # left, right and the new token as characters; null: part of a character
    hex: list[str]  # their bytes in hex ("e4 bb 8a")


class HfCompareRequest(TypedDict, total=False):
    tokenizer_json: Required[Annotated[str, TextLimit(MAX_CORPUS_CHARS)]]  # train_hf's tokenizer_json
    text: Required[str]


class ComparedRow(TypedDict):
    name: Literal["yours", "minimind", "gpt2"]
    ids: list[int]  # the first ITEM_LIMIT
    tokens: list[str]  # each token's text, or its bytes in hex ("E4 BD") where they are not whole characters
    whole: list[bool]  # whether each token's bytes are whole characters
    n_tokens: int  # all of them
    vocab_size: int


class HfComparison(TypedDict):
    """A text cut by the trained tokenizer, by MiniMind's own and by GPT-2's (r50k), in that order."""

    rows: list[ComparedRow]


class Warmup(TypedDict):
    """The worker only checks that warm-up succeeded."""


# --- the models lesson (issue 24): one text through every model, and the reader's own tokenizer.json -----

ModelName = TableName  # "custom": the file opened with tokenizer_file


class ModelRowRequest(TypedDict, total=False):
    text: Required[str]
    encoding: Required[ModelName]  # an OpenAI table, an open model (toklab.open_models), or "custom"
    dim: Annotated[int, Range(1, 1 << 16)]  # default 768 (MiniMind's): the embedding's row length


class Makeup(TypedDict):
    """What a tokenizer.json's vocabulary is made of (toklab.model_rows.makeup)."""

    added: int  # added tokens (split out of the text before the model sees it)
    special: int  # of those, the ones marked special
    added_first: int | None  # the smallest and largest id of an added token (null: none)
    added_last: int | None
    base: int  # vocabulary entries that no merge made (MiniMind: the 256 byte symbols)
    merges: int  # rules in model.merges
    merged: int  # vocabulary entries a merge made
    total: int  # every entry, added tokens included: get_vocab_size(with_added_tokens=True)


class ModelRow(TypedDict):
    """One model's row: the text's own tokens (no special token added), counted."""

    encoding: ModelName
    ids: list[int]  # the first ITEM_LIMIT ids
    labels: list[str]  # each token as its chip shows it (toklab.model_rows): part of a character in hex
    partial: list[bool]  # the token is part of a character (its chip is drawn dashed)
    forms: list[str]  # each token as its vocabulary writes it (Ġok, ä», <0xE4>)
    n_tokens: int  # all tokens
    n_chars: int  # characters of the text (code points)
    n_han: int  # Chinese characters (CJK ideographs) of the text
    han_tokens: int  # tokens that carry (part of) a Chinese character
    chars_per_token: float | None  # n_chars / n_tokens (null: no token)
    tokens_per_han: float | None  # han_tokens / n_han (null: no Chinese character)
    vocab_size: int  # the embedding's rows: OpenAI's tables their largest id + 1 (n_vocab); a tokenizer.json every entry, added tokens included
    dim: int
    embedding: int  # vocab_size * dim: the numbers of the embedding matrix
    makeup: Makeup | None  # a tokenizer.json's make-up; null for OpenAI's tables and SentencePiece's
    family: Family  # the model's family (toklab.tables)
    licence: str  # the file's licence as the engine knows it ("" for OpenAI's tables and the reader's file)


class TokenizerFileRequest(TypedDict, total=False):
    json: Required[Annotated[str, TextLimit(MAX_TOKENIZER_FILE)]]  # the file's text, read in the page
    name: str  # default "tokenizer.json": the file's name, the table's title in the lessons (cut to 200 characters)


class TokenizerFile(TypedDict):
    """The file opened: it is the session's "custom" tokenizer from now on."""

    model: str  # the model part's type ("BPE"; a SentencePiece file's "SentencePiece BPE" or "SentencePiece Unigram")
    n_chars: int  # characters of the file (a SentencePiece file's bytes)
    makeup: Makeup
    facts: ModelFacts  # what the lessons say about it as the table "custom" (title: the file's name)


class TokenizerModelFileRequest(TypedDict, total=False):
    data: Required[Annotated[str, TextLimit(MAX_TOKENIZER_FILE // 3 * 4 + 4)]]  # the file's bytes, base64 (read in the page)
    name: str  # default "tokenizer.model": the file's name, the table's title in the lessons (cut to 200 characters)


class TokenizerVocabFileRequest(TypedDict, total=False):
    text: Required[Annotated[str, TextLimit(MAX_TOKENIZER_FILE)]]  # a BERT vocab.txt's text: one token a line, its id its line number
    name: str  # default "vocab.txt": the file's name, the table's title in the lessons (cut to 200 characters)


KINDS: dict[str, tuple[type, type]] = {
    "warmup": (WarmupRequest, Warmup),
    "overview": (OverviewRequest, Overview),
    "overview_ids": (OverviewIdsRequest, OverviewIds),
    "trace_piece": (TracePieceRequest, TracedPiece | SpmTracedPiece | WordPieceTracedPiece),
    "decode": (DecodeRequest, Decoded),
    "special": (SpecialRequest, SpecialViews),
    "train": (TrainRequest, Training),
    "train_steps": (TrainStepsRequest, TrainSteps),
    "train_try": (TrainTryRequest, Overview | ToyCut),
    "toy_encode": (ToyEncodeRequest, ToyCut),
    "train_wordpiece": (TrainWordPieceRequest, WordPieceTraining),
    "compare": (CompareRequest, Comparison),
    "samples": (SamplesRequest, Samples),
    "source": (SourceRequest, Source),
    "train_hf": (TrainHfRequest, HfTraining),
    "model_row": (ModelRowRequest, ModelRow),
    "tokenizer_file": (TokenizerFileRequest, TokenizerFile),
    "tokenizer_model_file": (TokenizerModelFileRequest, TokenizerFile),
    "tokenizer_vocab_file": (TokenizerVocabFileRequest, TokenizerFile),
    "tokenizer_facts": (TokenizerFactsRequest, ModelFacts),
    "hf_compare": (HfCompareRequest, HfComparison),
}
