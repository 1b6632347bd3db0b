"""Train like MiniMind: its corpus shapes, its 36 special tokens, and the tokenizer.json its script writes.

What this adds over ``trainers``: the page's whole run of MiniMind's ``trainer/train_tokenizer.py``
(jingyaogong/minimind) on a corpus the student opens, as one call that answers plain data.

* **The corpus.** ``"txt"``: each line one text, its ``\\n`` kept, as ``Tokenizer.train(files)`` reads a
  file. ``"jsonl"``: MiniMind's sft shape, as the script's ``get_texts``: each line a JSON object whose
  ``conversations`` contents are joined by newlines (a line without any is skipped; a line that is not
  JSON is an error naming the line, where ``get_texts`` would skip it silently; and there is no
  10,000-line cap).
* **The set-up**: no normalizer, ``ByteLevel(add_prefix_space=False)``, the 256 byte characters as
  ``initial_alphabet``, the special tokens first (MiniMind's 36 by default: ``MINIMIND_SPECIAL_TOKENS``).
* **The file**: as the script leaves it: the trainer's special tokens as added tokens, "special" only for
  the script's ``special_tokens_list`` (the other 15 are set to false), indented by 2, non-ASCII as is.

    >>> out = train_like_minimind("今天天气真好\\n今天天气真好", vocab_size=300)
    >>> out["stop"], out["n_merges"], out["merges"][:2]
    ('vocab_size', 8, [['¤', '©'], ['å', '¤©']])

(300 entries: the 36 special tokens, the 256 bytes and 8 merges; 天's bytes come first, seen four times.)
"""

from __future__ import annotations

import json

from toklab.bytes_unicode import BYTE_TO_UNICODE, from_printable
from toklab.errors import ToklabError, ToklabTypeError
from toklab.protocol import MAX_CORPUS_CHARS, MAX_TRAIN_VOCAB  # a longer corpus, a larger vocabulary are refused
from toklab.validate import MAX_DEPTH, nesting

from .model_files import byte_level_tokenizer_config
from .trainers_bpe import BpeTrainer, byte_level_word_counts
from .training import gpt2_split

__all__ = ["MAX_CORPUS_CHARS", "MAX_TRAIN_VOCAB", "MINIMIND_SPECIAL", "MINIMIND_SPECIAL_TOKENS",
           "corpus_texts", "merge_faces", "train_like_minimind"]


# train_tokenizer.py's special_tokens_list (special: true in its tokenizer.json) ...
MINIMIND_SPECIAL = [
    "<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|object_ref_start|>", "<|object_ref_end|>", "<|box_start|>",
    "<|box_end|>", "<|quad_start|>", "<|quad_end|>", "<|vision_start|>", "<|vision_end|>", "<|vision_pad|>",
    "<|image_pad|>", "<|video_pad|>", "<|audio_start|>", "<|audio_end|>", "<|audio_pad|>", "<tts_pad>",
    "<tts_text_bos>", "<tts_text_eod>", "<tts_text_bos_single>",
]  # fmt: skip
# ... then its additional tokens and buffers, 36 in all: ids 0-35
MINIMIND_SPECIAL_TOKENS = MINIMIND_SPECIAL + [
    "<tool_call>", "</tool_call>", "<tool_response>", "</tool_response>", "<think>", "</think>",
] + [f"<|buffer{i}|>" for i in range(1, 10)]  # fmt: skip


def corpus_texts(corpus: str, form: str = "txt") -> list[str]:
    """The texts of a corpus file's contents.

    >>> corpus_texts("a\\nb\\n")
    ['a\\n', 'b\\n']
    >>> corpus_texts('{"conversations": [{"content": "你好"}, {"content": "再见"}]}\\n{"id": 2}', "jsonl")
    ['你好\\n再见']
    """
    if not isinstance(corpus, str):
        raise ToklabTypeError("wrong_type", field="corpus", expected="string")
    if len(corpus) > MAX_CORPUS_CHARS:
        raise ToklabError("text_too_long", field="corpus", length=len(corpus), limit=MAX_CORPUS_CHARS)
    if "\x00" in corpus:
        raise ToklabError("corpus_binary", at=corpus.index("\x00"))
    if form == "txt":
        lines = corpus.split("\n")
        return [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    if form != "jsonl":
        from toklab.errors import bad_choice

        raise bad_choice("format", form, ("txt", "jsonl"))
    texts = []
    for number, line in enumerate(corpus.split("\n"), 1):
        if not line.strip():
            continue
        if nesting(line) > MAX_DEPTH:  # before parsing: inside Pyodide deep nesting overflows the stack, fatally
            raise ToklabError("jsonl_bad_line", line=number, column=1)
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ToklabError("jsonl_bad_line", line=number, column=exc.colno) from None
        except RecursionError:
            raise ToklabError("jsonl_bad_line", line=number, column=1) from None
        turns = data.get("conversations", []) if isinstance(data, dict) else []
        contents = [t.get("content") for t in turns if isinstance(t, dict) and isinstance(t.get("content"), str)]
        contents = [c for c in contents if c]
        if contents:
            texts.append("\n".join(contents))
    return texts


def merge_faces(merges: list[tuple[str, str]]) -> tuple[list[list[str | None]], list[list[str]]]:
    """How a reader sees each merge's left, right and new token: their texts (None where the bytes are
    part of a character: ``toklab.facts.token_text``) and their bytes in hex, beside GPT-2's printable form
    the merges are written in.

    >>> merge_faces([("Ġ", "the"), ("ä»", "Ĭ")])
    ([[' ', 'the', ' the'], [None, None, '今']], [['20', '74 68 65', '20 74 68 65'], ['e4 bb', '8a', 'e4 bb 8a']])
    """
    from toklab.facts import token_text

    texts, hexes = [], []
    for left, right in merges:
        parts = (from_printable(left), from_printable(right))
        parts += (parts[0] + parts[1],)
        texts.append([token_text(b) for b in parts])
        hexes.append([b.hex(" ") for b in parts])
    return texts, hexes


READ_CHARS = 50_000  # characters pre-tokenized between two reports while the words are counted
PAIR_SLICE = 20_000  # words whose pairs are counted between two reports, before the first merge


def train_like_minimind(corpus: str, form: str = "txt", vocab_size: int = 6400,
                        special_tokens: list[str] | None = None, progress=None) -> dict:
    """Train on ``corpus`` as MiniMind's script does; ``progress(done, total, left, right)`` after each
    merge, returning False to stop (what was learned is kept). JSON-ready."""
    steps = training_steps(corpus, form, vocab_size, special_tokens)
    try:
        news = next(steps)
        while True:
            go_on = True
            if progress is not None and "done" in news:
                go_on = progress(news["done"], news["total"], news["left"], news["right"]) is not False
            news = steps.send(go_on)
    except StopIteration as end:
        return end.value


def training_steps(corpus: str, form: str = "txt", vocab_size: int = 6400, special_tokens: list[str] | None = None):
    """``train_like_minimind`` in steps, for the page's worker, which trains in slices and must be able to
    stop between them. Yields ``{"read": texts counted, "texts": all}`` while the words are counted (about
    every ``READ_CHARS`` characters), ``{"paired": words, "words": all}`` while their pairs are first
    counted (every ``PAIR_SLICE`` words), then ``{"done", "total", "left", "right", "texts", "hex"}`` after
    each merge (``texts`` and ``hex``: ``merge_faces`` of that merge, for the page's progress line); each is
    sent whether to go on (False: stop and keep what was learned, ``"stop": "stopped"``). Returns the answer.

    >>> steps = training_steps("今天天气真好\\n今天天气真好", vocab_size=300)
    >>> next(steps)
    {'read': 2, 'texts': 2}
    >>> next(steps)  # the merge as the file writes it, and as a reader sees it (here: parts of 天)
    {'done': 1, 'total': 8, 'left': '¤', 'right': '©', 'texts': [None, None, None], 'hex': ['a4', 'a9', 'a4 a9']}
    >>> try:
    ...     steps.send(False)
    ... except StopIteration as end:
    ...     end.value["stop"], end.value["n_merges"], end.value["vocab_size"]
    ('stopped', 1, 293)
    """
    texts = corpus_texts(corpus, form)
    if special_tokens is None:
        added = [(t, t in MINIMIND_SPECIAL) for t in MINIMIND_SPECIAL_TOKENS]
    else:
        if not isinstance(special_tokens, list) or not all(isinstance(t, str) and t for t in special_tokens):
            raise ToklabTypeError("wrong_type", field="special_tokens", expected="list of non-empty strings")
        added = [(t, True) for t in dict.fromkeys(special_tokens)]
    trainer = BpeTrainer(vocab_size=vocab_size, show_progress=False, special_tokens=[t for t, _ in added],
                         initial_alphabet=list(BYTE_TO_UNICODE), strict=True)
    if vocab_size > MAX_TRAIN_VOCAB:
        raise ToklabError("too_large", field="vocab_size", max=MAX_TRAIN_VOCAB)
    first = len(trainer.first_vocab({})[1])  # the words' characters are all bytes: already in the alphabet
    if vocab_size < first:  # said before the corpus is read, as the trainer would say it after
        raise ToklabError("too_small", field="vocab_size", min=first)
    split = gpt2_split()  # Oniguruma's classes, as tokenizers
    words: dict[str, int] = {}
    get = words.get
    start = 0
    while start < len(texts):
        end, size = start, 0
        while end < len(texts) and size < READ_CHARS:  # a slice of texts, at least one
            size += len(texts[end])
            end += 1
        # the same counts, in the same first-seen order, as byte_level_word_counts(texts, split)
        for word, n in byte_level_word_counts(texts[start:end], split).items():
            words[word] = get(word, 0) + n
        if (yield {"read": end, "texts": len(texts)}) is False:
            # stopped while reading: the special tokens and the bytes, nothing merged
            vocab, merges = trainer.first_vocab({})[0], []
            trainer.stop_reason = "stopped"
            break
        start = end
    else:
        steps = trainer.learn_steps(words, PAIR_SLICE)
        try:
            news = next(steps)
            while True:
                if news[0] == "counting":
                    go_on = yield {"paired": news[1], "words": news[2]}
                else:
                    done, total, (left, right) = news
                    faces, hexes = merge_faces([(left, right)])
                    go_on = yield {"done": done, "total": total, "left": left, "right": right,
                                   "texts": faces[0], "hex": hexes[0]}
                news = steps.send(go_on is not False)
        except StopIteration as end:
            vocab, merges = end.value
    config = byte_level_tokenizer_config(vocab, merges, added)
    faces, hexes = merge_faces(merges)
    return {
        "tokenizer_json": json.dumps(config, ensure_ascii=False, indent=2),
        "vocab_size": len(vocab), "n_merges": len(merges), "merges": [list(m) for m in merges],
        "merge_texts": faces, "merge_hex": hexes,
        "stop": trainer.stop_reason, "special_tokens": [t for t, _ in added],
        "n_texts": len(texts), "n_words": len(words), "corpus_chars": len(corpus),
    }  # fmt: skip
