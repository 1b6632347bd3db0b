"""WordPiece beside BPE in the train lesson: the same words learned by WordPiece's trainer, and cut again.

What this adds over ``training`` (toy BPE with a trace): nothing new to learn, which is the point.
``toklab.hf.WordPieceTrainer`` learns a WordPiece vocabulary by merging, exactly as BPE does, from the
words of the same corpus (split as the toy BPE splits them: at whitespace, or one line a word); only its
start differs (``##`` before every character but a word's first, where the toy BPE puts ``</w>`` at a
word's end) and its tie rule (HuggingFace tokenizers': the pair of the smallest ids,
``toklab.hf.trainers_wordpiece``). Then it keeps the vocabulary and drops the merges: a new word is cut
by longest match (``toklab.hf.wordpiece.longest_match``), not by replaying merges.

    >>> t = train_wordpiece("hug hug hugs pug", num_merges=3, min_frequency=1, text="hugs pugs bug")
    >>> t["rows"][0], [(m["left"], m["right"], m["merged"]) for m in t["merges"]]
    ({'symbols': ['h', '##u', '##g'], 'count': 2}, [('##u', '##g', '##ug'), ('h', '##ug', 'hug'), ('p', '##ug', 'pug')])
    >>> [(w["word"], w["tokens"]) for w in t["words"]]
    [('hugs', ['hug', '##s']), ('pugs', ['pug', '##s']), ('bug', ['[UNK]'])]
"""

from __future__ import annotations

from collections import Counter

from .errors import ToklabError
from .protocol import ITEM_LIMIT

__all__ = ["train_wordpiece", "PREFIX", "UNK"]

PREFIX = "##"  # before every piece but a word's first
UNK = "[UNK]"  # the one special token: a word the vocabulary cannot cover


def _words(text: str, unit: str) -> list[str]:
    """The words, as the toy BPE reads them (toklab.training.corpus_rows): at whitespace, or one line each."""
    if unit == "words":
        return text.split()
    return [w for w in ("".join(line.split()) for line in text.splitlines()) if w]


def train_wordpiece(corpus: str, unit: str = "words", num_merges: int | None = None, min_frequency: int = 2,
                    text: str = "") -> dict:
    """The words of `corpus` learned by WordPiece's trainer (at most `num_merges` merges), and `text`
    (read as the corpus is, by `unit`) cut by longest match over what was learned. See the module docstring."""
    from .hf.trainers_bpe import BpeTrainer
    from .hf.trainers_wordpiece import WordPieceTrainer
    from .hf.wordpiece import longest_match
    from .training import end_marker_for

    end_marker_for(unit, None)  # bad_choice for an unknown unit
    counts = Counter(_words(corpus, unit))
    if not counts:
        raise ToklabError("corpus_empty")
    trainer = WordPieceTrainer(vocab_size=0, min_frequency=min_frequency, special_tokens=[UNK], show_progress=False)
    w2id, id2w = trainer.first_vocab(counts)
    rows = [{"symbols": [id2w[i] for i in trainer.symbols(word, w2id, id2w)], "count": n} for word, n in counts.items()]
    base = list(id2w)  # [UNK], the alphabet, then the ## symbols in the order first met
    trainer.vocab_size = len(base) + (num_merges if num_merges is not None else 10**9)
    vocab, merges = BpeTrainer.learn(trainer, counts)  # the merges too: WordPieceTrainer.learn drops them
    merged = [{"left": a, "right": b, "merged": a + b.removeprefix(PREFIX)} for a, b in merges]
    words = _words(text, unit)  # read as the corpus is
    cut = []
    for word in words[:ITEM_LIMIT]:
        trace = longest_match(vocab, word, UNK, PREFIX)
        cut.append({"word": word, "tokens": [t["token"] for t in trace["tokens"]], "ids": [t["id"] for t in trace["tokens"]],
                    "unk": trace["unk"]})  # fmt: skip
    return {
        "rows": rows[:ITEM_LIMIT], "n_rows": len(rows), "base_vocab": base, "merges": merged[:ITEM_LIMIT],
        "n_merges": len(merges), "vocab_size": len(vocab), "stop": trainer.stop_reason, "words": cut,
        "n_words": len(words), "n_tokens": sum(len(w["tokens"]) for w in cut), "n_unknown": sum(w["unk"] is not None for w in cut),
    }  # fmt: skip
