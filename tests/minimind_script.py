"""MiniMind's trainer/train_tokenizer.py (jingyaogong/minimind), retold for the tests.

The script is not copied: `get_texts` and `train_tokenizer` make its calls in its order, with `lib` in
place of its `from tokenizers import decoders, models, pre_tokenizers, trainers, Tokenizer` (so `lib` is
`tokenizers`, the oracle, or `toklab.hf`), and write the files it writes.
"""

import json
from pathlib import Path

SPECIAL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|object_ref_start|>", "<|object_ref_end|>",
           "<|box_start|>", "<|box_end|>", "<|quad_start|>", "<|quad_end|>", "<|vision_start|>", "<|vision_end|>",
           "<|vision_pad|>", "<|image_pad|>", "<|video_pad|>", "<|audio_start|>", "<|audio_end|>", "<|audio_pad|>",
           "<tts_pad>", "<tts_text_bos>", "<tts_text_eod>", "<tts_text_bos_single>"]
ADDITIONAL = ["<tool_call>", "</tool_call>", "<tool_response>", "</tool_response>", "<think>", "</think>"]


def get_texts(lines):
    """Each .jsonl line's conversation contents joined by newlines (the script's get_texts, without its
    10,000-line cap)."""
    for line in lines:
        try:
            data = json.loads(line)
            contents = [item.get("content") for item in data.get("conversations", []) if item.get("content")]
            if contents:
                yield "\n".join(contents)
        except json.JSONDecodeError:
            continue


def sft_lines(paragraphs: list[str]) -> list[str]:
    """Paragraphs two by two as user and assistant turns, one JSON object a line."""
    return [json.dumps({"conversations": [{"role": "user", "content": a}, {"role": "assistant", "content": b}]},
                       ensure_ascii=False) for a, b in zip(paragraphs[::2], paragraphs[1::2])]


def train_tokenizer(lib, texts, folder: Path, vocab_size: int, special_tokens_num: int = 36) -> dict:
    """The script's train_tokenizer(); returns each special token's id (token_to_id)."""
    tokenizer = lib.Tokenizer(lib.models.BPE())
    tokenizer.pre_tokenizer = lib.pre_tokenizers.ByteLevel(add_prefix_space=False)
    num_buffer = special_tokens_num - len(SPECIAL + ADDITIONAL)
    all_special_tokens = SPECIAL + ADDITIONAL + [f"<|buffer{i}|>" for i in range(1, num_buffer + 1)]
    trainer = lib.trainers.BpeTrainer(vocab_size=vocab_size, show_progress=False,
                                      initial_alphabet=lib.pre_tokenizers.ByteLevel.alphabet(),
                                      special_tokens=all_special_tokens)
    tokenizer.train_from_iterator(texts, trainer=trainer)
    tokenizer.decoder = lib.decoders.ByteLevel()
    tokenizer.add_special_tokens(SPECIAL)
    folder.mkdir()
    tokenizer.save(str(folder / "tokenizer.json"))
    tokenizer.model.save(str(folder))
    with open(folder / "tokenizer.json", encoding="utf-8") as f:
        data = json.load(f)
    for token_info in data.get("added_tokens", []):
        if token_info["content"] not in SPECIAL:
            token_info["special"] = False
    with open(folder / "tokenizer.json", "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=2)
    return {token: tokenizer.token_to_id(token) for token in all_special_tokens}
