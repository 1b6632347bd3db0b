// Generated from py_src/toklab/protocol.py by `python tools/protocol_mjs.py`: do not edit.
// The worker protocol's limits, kinds, error codes, status stages and table names, declared once in
// Python (docs/protocol.md). The build writes this file into dist/; tests/test_protocol_mjs.py checks
// that this copy is current.

export const PIECE_LIMIT = 2000;  // pieces per overview page, and the most an overview may ask for (piece_limit)
export const MAX_TEXT = 1000000;  // characters a request's string may carry, and a decode's text at most
export const MAX_CANDIDATE_BYTES = 256;  // a longer piece's steps carry "candidates": null (they grow with the square)
export const MAX_TRACE_BYTES = 1024;  // trace_piece refuses a longer piece (its steps grow with the square); the page lists it
export const ITEM_LIMIT = 600;  // decode items, special-view tokens and toy_encode words an answer lists: the chips the page draws
export const MAX_ID_DIGITS = 15;  // a typed number with more digits is that item's error (ids stay exact in JavaScript)
export const MAX_INT = 9007199254740991;  // every integer field lies within -MAX_INT .. MAX_INT (exact in JavaScript)
export const MAX_ITEMS = 4000000;  // items a list field may hold (a table trained on MAX_TEXT characters has fewer merges)
export const MAX_BLOCK = 1024;  // samples: the longest window (block_size)
export const MAX_BATCH = 64;  // samples: the most windows (batch_size)
export const TOY_WORK_LIMIT = 1000000;  // toy_encode: symbols looked at and merge characters listed; the words past it are left out (n_words)
export const MAX_CORPUS_CHARS = 8000000;  // train_hf's corpus: about 8 MB of Latin text, 24 MB of Chinese
export const MAX_TRAIN_VOCAB = 32000;  // train_hf's largest vocabulary (MiniMind's: 6,400)
export const MAX_TOKENIZER_FILE = 67108864;  // bytes of a tokenizer.json the reader may open (64 MiB)
export const STREAM_LIMIT = 400;  // samples: the stream's first ids (and tokens) an answer lists, what the stream view draws; the windows carry their own

/** The three tables the tables lesson compares (toklab.registry), the default first. */
export const ENCODINGS = Object.freeze(["r50k_base", "cl100k_base", "o200k_base"]);
/** OpenAI's tables a lesson may use: the three and gpt-oss's o200k_harmony (o200k_base's ranks). */
export const OPENAI_TABLES = Object.freeze(["r50k_base", "cl100k_base", "o200k_base", "o200k_harmony"]);
export const DEFAULT_ENCODING = "r50k_base";
/** The tables the worker fetches into Python's file system when a request first names one. */
export const FETCHED_TABLES = Object.freeze(["cl100k_base", "o200k_base"]);
/** The open models a lesson may use as its table (issue #24), and those the worker fetches (models/<name>.hfpack). */
export const OPEN_MODEL_NAMES = Object.freeze(["minimind", "qwen3", "deepseek_v3", "llama3", "gemma3"]);
export const FETCHED_MODELS = Object.freeze(["qwen3", "deepseek_v3", "llama3", "gemma3"]);
/** The SentencePiece models a lesson may use as its table, fetched as models/<name>.model (toklab.spm_models). */
export const FETCHED_SPM = Object.freeze(["llama2", "mistral", "unigram_en", "unigram_ja"]);
/** The WordPiece tables a lesson may use as its table, fetched as models/<name>.tokenizer.json (toklab.wordpiece_models). */
export const FETCHED_WORDPIECE = Object.freeze(["wordpiece_en"]);
/** Each fetched table -> the file the worker fetches for it (o200k_harmony reads o200k_base's). */
export const TABLE_FILES = Object.freeze({
  "cl100k_base": "tables/cl100k_base.tiktoken",
  "o200k_base": "tables/o200k_base.tiktoken",
  "o200k_harmony": "tables/o200k_base.tiktoken",
  "qwen3": "models/qwen3.hfpack",
  "deepseek_v3": "models/deepseek_v3.hfpack",
  "llama3": "models/llama3.hfpack",
  "gemma3": "models/gemma3.hfpack",
  "llama2": "models/llama2.model",
  "mistral": "models/mistral.model",
  "unigram_en": "models/unigram_en.model",
  "unigram_ja": "models/unigram_ja.model",
  "wordpiece_en": "models/wordpiece_en.tokenizer.json",
});
/** Each table's family as the engine names it (toklab.tables): its answers say which. */
export const FAMILIES = Object.freeze(["byte_level_bpe", "char_bpe", "spm_bpe", "unigram", "wordpiece"]);
/** Every table a request may name (`encoding`), in the engine's order: the worker's `tables` message lists them so. */
export const TABLE_NAMES = Object.freeze(["r50k_base", "cl100k_base", "o200k_base", "o200k_harmony", "minimind", "qwen3", "deepseek_v3", "llama3", "gemma3", "llama2", "mistral", "unigram_en", "unigram_ja", "wordpiece_en", "custom"]);
/** The table name of the reader's own tokenizer.json, once `tokenizer_file` opened one (for the session). */
export const CUSTOM_TABLE = "custom";

/** Every request kind the worker answers. */
export const KINDS = Object.freeze(["warmup", "overview", "overview_ids", "trace_piece", "decode", "special", "train", "train_steps", "train_try", "toy_encode", "train_wordpiece", "compare", "samples", "source", "train_hf", "model_row", "tokenizer_file", "tokenizer_model_file", "tokenizer_vocab_file", "tokenizer_facts", "hf_compare"]);
/** The kinds the worker runs in slices, turning its event loop between them, so Stop reaches them. */
export const SLICED_KINDS = Object.freeze(["train_hf"]);

/** The errors Python answers: code -> English text (Python's str.format; the page has its own text, err.<code>). */
export const ENGINE_ERRORS = Object.freeze({
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
  "disallowed_special": "The text contains the special token {token!r}, which is not allowed here. Pass allowed_special={{{token!r}}} (or 'all') to encode it as its special id, or use encode_ordinary() to encode it as plain text.",
  "merge_unknown_token": "merge rule {rank} ({left!r} {right!r}) uses a token that no earlier rule made",
  "merge_repeated": "merge rule {rank} ({left!r} {right!r}) makes {merged!r} a second time",
  "too_large_for_tables": "too large to show every table: the corpus has {symbols} symbols in {rows} distinct rows and may need up to {merges} merges; tables are shown up to {max_symbols} symbols and {max_merges} merges. Use detail='merges'.",
  "corpus_empty": "the corpus is empty: there is no word to learn from",
  "corpus_binary": "the corpus is not text: it has a NUL character at {at:,}",
  "jsonl_bad_line": "line {line} of the .jsonl is not JSON (column {column})",
  "stream_too_short": "the stream has {n_ids} tokens; a window needs block_size + 1 = {need}",
  "table_unavailable": "the {encoding} table could not be loaded: {detail}",
  "internal": "the engine failed: {detail}",
  "hf_bad_json": "the tokenizer.json is not valid JSON (line {line}, column {column})",
  "hf_too_large": "the tokenizer.json has {size:,} bytes; toklab reads files of at most {limit:,} bytes",
  "hf_bad_value": "{path} must be {expected}, not {value}",
  "hf_unsupported": "{path} {value} is not supported",
  "hf_bad_regex": "{path}: the pattern {pattern} cannot run here ({detail})",
  "hf_unknown_merge_token": "{path} ({left!r} {right!r}) names {token!r}, which is not in model.vocab",
  "hf_text_too_long": "the text has {length:,} characters; toklab.hf encodes at most {limit:,}",
  "hf_normalized_too_long": "the normalizer would make a text of {length:,} characters longer than {limit:,}: toklab.hf lets a normalizer grow a text at most {growth} times",
  "spm_normalized_too_long": "the normalizer would make a text of {length:,} bytes longer than {limit:,} bytes: toklab.sentencepiece lets a normalizer grow a text at most {growth} times",
  "over_budget": "the request ran longer than {seconds} s, the most one request may take here, and was stopped (a pattern or a text that costs more than it should); the engine goes on with the next one",
  "no_custom_tokenizer": "no tokenizer.json has been opened in this session: open one first",
});

/** The errors of the worker and the page themselves: code -> English text ({name} is a param). */
export const PAGE_ERRORS = Object.freeze({
  "bad_request": "a request needs a string kind",
  "payload_not_json": "the payload cannot be written as JSON (a cycle, a BigInt...)",
  "worker_failed": "the engine's worker failed: {detail}",
  "engine_unavailable": "Python could not start ({stage})",
  "engine_stopped": "the engine has stopped and cannot answer ({detail})",
  "stopped": "stopped before it finished",
  "superseded": "a newer request replaced this one",
  "engine_missing": "the engine could not be loaded",
  "request_failed": "the request to the engine failed: {detail}",
});

/** Every code an answer's error may have: the page shows each by its code. */
export const ERROR_CODES = Object.freeze(["unknown_kind", "bad_json", "bad_payload", "unknown_field", "missing_field", "wrong_type", "bad_choice", "too_small", "too_large", "too_many_items", "text_too_long", "empty_text", "no_such_piece", "piece_too_long", "not_a_number", "number_too_long", "unknown_id", "disallowed_special", "merge_unknown_token", "merge_repeated", "too_large_for_tables", "corpus_empty", "corpus_binary", "jsonl_bad_line", "stream_too_short", "table_unavailable", "internal", "hf_bad_json", "hf_too_large", "hf_bad_value", "hf_unsupported", "hf_bad_regex", "hf_unknown_merge_token", "hf_text_too_long", "hf_normalized_too_long", "spm_normalized_too_long", "over_budget", "no_custom_tokenizer", "bad_request", "payload_not_json", "worker_failed", "engine_unavailable", "engine_stopped", "stopped", "superseded", "engine_missing", "request_failed"]);

/** The worker's unprompted {status, stage, message}: the statuses, and each stage's English message. */
export const STATUSES = Object.freeze(["loading", "ready", "error"]);
export const STAGES = Object.freeze({
  "start": "Starting",
  "runtime": "Starting Python (Pyodide)",
  "micropip": "Loading micropip",
  "toklab": "Installing the toklab engine",
  "table": "Loading the r50k table",
  "ready": "Ready",
  "crashed": "The engine failed",
});

/** Why the engine's status is an error (web/engine.mjs): code -> English text. */
export const STATUS_CODES = Object.freeze({
  "boot_failed": "The engine worker failed: {detail}",
  "boot_timeout": "Python did not start within {seconds} s",
  "crashed": "The engine worker failed: {detail}",
  "request_timeout": "The engine did not answer “{kind}” within {seconds} s",
});

/** The models lesson's rows, the MiniMind notes' table (toklab.notes_table): the vocabulary the notes state,
 * a Chinese model as the notes count them, a row beside their table, the notes' own project, a file the
 * engine has (Yi's and ChatGLM's no registry here has), a SentencePiece file. */
export const NOTES_TABLE = Object.freeze([
  {"id": "r50k_base", "notes": 50257, "chinese": false, "beside": false, "own": false, "file": true, "spm": false},
  {"id": "cl100k_base", "notes": 100256, "chinese": false, "beside": false, "own": false, "file": true, "spm": false},
  {"id": "o200k_base", "notes": 200000, "chinese": false, "beside": false, "own": false, "file": true, "spm": false},
  {"id": "o200k_harmony", "notes": null, "chinese": false, "beside": true, "own": false, "file": true, "spm": false},
  {"id": "llama2", "notes": 32000, "chinese": false, "beside": false, "own": false, "file": true, "spm": true},
  {"id": "llama3", "notes": 128256, "chinese": false, "beside": false, "own": false, "file": true, "spm": false},
  {"id": "mistral", "notes": 32000, "chinese": false, "beside": false, "own": false, "file": true, "spm": true},
  {"id": "yi", "notes": 64000, "chinese": true, "beside": false, "own": false, "file": false, "spm": false},
  {"id": "qwen3", "notes": 151643, "chinese": true, "beside": false, "own": false, "file": true, "spm": false},
  {"id": "chatglm", "notes": 151329, "chinese": true, "beside": false, "own": false, "file": false, "spm": false},
  {"id": "deepseek_v3", "notes": 128815, "chinese": true, "beside": false, "own": false, "file": true, "spm": false},
  {"id": "gemma3", "notes": 256000, "chinese": false, "beside": false, "own": false, "file": true, "spm": false},
  {"id": "minimind", "notes": 6400, "chinese": true, "beside": false, "own": true, "file": true, "spm": false}
].map(Object.freeze));
/** The order the models lesson asks for the notes' rows with files: those in the package first, the largest last. */
export const NOTES_LOAD_ORDER = Object.freeze(["r50k_base", "minimind", "cl100k_base", "o200k_base", "qwen3", "deepseek_v3", "llama3", "gemma3"]);
/** MiniMind's tokenizer as its own file makes it (toklab.tokenizer_facts) and its model's width (MiniMindConfig). */
export const MINIMIND = Object.freeze({
  "vocab_size_with_added": 6400,
  "n_merges": 6108,
  "n_added": 36,
  "n_special": 21,
  "n_bytes": 256,
  "hidden_size": 768,
  "tie_word_embeddings": true,
});
