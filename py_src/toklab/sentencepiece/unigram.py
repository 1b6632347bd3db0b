"""Unigram: the segmentation whose pieces' log-probabilities add up to the most (Viterbi).

A Unigram model (T5, ALBERT, XLNet, sentencepiece's own test models) gives each piece a score, its
log-probability. Every way of cutting the text into pieces of the vocabulary is a path through a
*lattice* (a node for each piece that matches at each position); the model picks the path with the
highest total. Viterbi finds it in one pass from left to right: the best path ending at position e
is, over each piece p ending at e, the best path ending where p starts plus p's score.

A character no piece starts with becomes an unknown piece, scored the lowest score minus 10 (so the
model prefers any real piece); a user-defined piece scores its length in bytes times the highest score,
minus 0.1 (so it is always chosen). As sentencepiece/src/unigram_model.cc (`EncodeOptimized`), a path
score is kept as a 32-bit float, a piece's is added to it in double precision, and a tie keeps the path
found first (the shorter piece, the earlier start):

    >>> vocab = {"a": (3, -1.0), "b": (4, -2.0), "ab": (5, -2.5)}
    >>> viterbi("abc", vocab, unk_id=0)
    [('ab', 5), ('c', 0)]
    >>> t = lattice("ab", vocab, unk_id=0)
    >>> [(n["piece"], n["logp"]) for n in t["positions"][0]["pieces"]], t["score"]
    ([('a', -1.0), ('ab', -2.5)], -2.5)

`viterbi` is the one implementation; `lattice` runs it keeping what the page draws.
"""

from __future__ import annotations

from array import array

__all__ = ["FLT_MIN", "UNK_PENALTY", "lattice", "longest_first", "stats_of", "viterbi"]

UNK_PENALTY = 10.0  # kUnkPenalty
FLT_MIN = 1.1754943508222875e-38  # max_score_ starts at FLT_MIN, the smallest positive float


def f32(x: float) -> float:
    """x rounded to a 32-bit float, as C++ stores a float.

    >>> f32(0.1)
    0.10000000149011612
    """
    return array("f", [x])[0]


def scores_of(vocab: dict) -> tuple[float, float]:
    """(min_score, max_score) over the NORMAL pieces, as `Model::Model` finds them (max_score starts at
    FLT_MIN: with every score negative it stays there)."""
    normal = [entry[1] for entry in vocab.values() if len(entry) < 3 or not entry[2]]
    return (min(normal) if normal else 3.4028234663852886e38), max([FLT_MIN, *normal])


def stats_of(vocab: dict) -> tuple[float, float, frozenset]:
    """What `viterbi` needs of the whole vocabulary: (min_score, max_score, every prefix of a piece).
    A text that is no piece's prefix starts no piece either: the walk from a position stops there,
    as sentencepiece's walk down its trie does."""
    prefixes = frozenset(piece[:k] for piece in vocab for k in range(1, len(piece) + 1))
    return (*scores_of(vocab), prefixes)


def viterbi(text: str, vocab: dict, unk_id: int, record: list | None = None, stats=None, float32: bool = True) -> list[tuple[str, int]]:
    """The best segmentation of `text` as (piece, id) pairs. `vocab` maps a piece to (id, score) or
    (id, score, user_defined). Unknown characters come out as (the character, unk_id). With `record`,
    each position's candidates (and the best path ending there) are appended to it. `stats`:
    `stats_of(vocab)`, when the caller keeps it. `float32=False`: path scores kept as doubles, as
    HuggingFace tokenizers' Unigram (models/unigram/model.rs) keeps them."""
    min_score, max_score, prefixes = stats or stats_of(vocab)
    rounded = f32 if float32 else float
    unk_score = rounded(min_score - UNK_PENALTY)
    n = len(text)
    best = array("f" if float32 else "d", [0.0]) * (n + 1)  # best path score ending at each position
    start_of = [-1] * (n + 1)
    id_of = [-1] * (n + 1)
    for start in range(n):
        here = best[start]
        single = False
        found = [] if record is not None else None
        for end in range(start + 1, n + 1):
            part = text[start:end]
            if part not in prefixes:
                break
            entry = vocab.get(part)
            if entry is None:
                continue
            piece_id, score = entry[0], entry[1]
            if len(entry) > 2 and entry[2]:
                score = f32(len(part.encode("utf-8")) * max_score) - 0.1
            candidate = score + here
            if start_of[end] == -1 or candidate > best[end]:
                best[end], start_of[end], id_of[end] = candidate, start, piece_id
            if end == start + 1:
                single = True
            if found is not None:
                found.append({"start": start, "end": end, "piece": part, "id": piece_id, "logp": score})
        if not single:
            candidate = rounded(unk_score + here)
            if start_of[start + 1] == -1 or candidate > best[start + 1]:
                best[start + 1], start_of[start + 1], id_of[start + 1] = candidate, start, unk_id
            if found is not None:
                found.append({"start": start, "end": start + 1, "piece": text[start], "id": unk_id, "logp": unk_score, "unknown": True})
        if record is not None:
            end = start + 1
            record.append({"at": start, "char": text[start], "pieces": found,
                           "best": {"score": best[end], "start": start_of[end], "id": id_of[end], "piece": text[start_of[end]:end]}})  # fmt: skip
    out, end = [], n
    while end > 0:
        start = start_of[end]
        out.append((text[start:end], id_of[end]))
        end = start
    out.reverse()
    return out


def lattice(text: str, vocab: dict, unk_id: int, stats=None) -> dict:
    """Viterbi's lattice as plain data, to be stepped position by position: for each position, every
    piece that starts there (start, end, piece, id, logp; `unknown` for the unknown piece; `best` for
    those on the chosen path) and the best
    path ending just after it (its score, where its last piece starts, that piece); then the chosen
    pieces, their ids and the best path's score."""
    positions: list = []
    best = viterbi(text, vocab, unk_id, positions, stats)
    score = positions[-1]["best"]["score"] if positions else 0.0
    path, at = [], 0
    for piece, piece_id in best:
        path.append({"start": at, "end": at + len(piece), "piece": piece, "id": piece_id})
        at += len(piece)
    chosen = {(p["start"], p["end"]) for p in path}
    for pos in positions:
        for node in pos["pieces"]:
            node["best"] = (node["start"], node["end"]) in chosen
    return {"text": text, "positions": positions, "path": path, "ids": [p["id"] for p in path], "score": score}


def longest_first(text: str, vocab: dict, unk_id: int) -> list[tuple[str, int]]:
    """The common mistake: the longest piece at each position, left to right, as if Unigram were
    greedy. It is not: Viterbi weighs whole paths, and can prefer two likely pieces to one long rare one.

    >>> vocab = {"a": (1, -1.0), "ab": (2, -9.0), "b": (3, -1.0), "bc": (4, -1.0), "c": (5, -1.0)}
    >>> longest_first("abc", vocab, 0), viterbi("abc", vocab, 0)
    ([('ab', 2), ('c', 5)], [('a', 1), ('bc', 4)])
    """
    longest = max(map(len, vocab), default=1)
    out, at = [], 0
    while at < len(text):
        for end in range(min(len(text), at + longest), at, -1):
            entry = vocab.get(text[at:end])
            if entry is not None:
                out.append((text[at:end], entry[0]))
                at = end
                break
        else:
            out.append((text[at], unk_id))
            at += 1
    return out
