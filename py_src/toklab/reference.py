"""The merge rule of byte-level BPE, written to be read: the one the lessons and docs cite.

What this is to `toklab` is what tiktoken's `_educational.bpe_encode` is to tiktoken: the slow, plain
statement of the rule. Every fast path is an optimization of it and property-tested against it
(tests/test_reference.py):

* `rankmerge.merge_ids` (token ids, pairs' ranks kept up to date; a heap for long pieces), the one
  fast path of r50k (`bpe.MergeList`) and of every tokenizer.json's BPE (`hf.models.BPE`), gives the
  same symbols as ids;
* `trace._trace_merges` records each step of exactly this loop (the encode lesson's frames);
* `trace.trace_greedy` is this loop with one change, the common mistake: it takes the leftmost pair
  that has any rule instead of the lowest rank.

The toy BPE of the train lesson applies its merges in the order they were learned, each to the whole
word (`toybpe.merge_word`); for a table without repeated tokens (every byte-level table) that gives
the same symbols as this rule (tested too).

The comments `# step: <kind>` mark the statement that does each kind of step; the encode lesson's code
view shows this function's source and lights the line of the step shown (`toklab.source`).
"""

__all__ = ["lowest_rank_merge"]


def lowest_rank_merge(symbols: list[str], ranks: dict[tuple[str, str], int]) -> list[str]:
    """Merge `symbols` by rank: repeatedly find the adjacent pair with the lowest rank and merge its
    leftmost occurrence; stop when no adjacent pair has a rank.

    >>> ranks = {("o", "w"): 0, ("l", "ow"): 1, ("e", "r"): 2, ("low", "er"): 3}
    >>> lowest_rank_merge(["l", "o", "w", "e", "r"], ranks)
    ['lower']
    >>> lowest_rank_merge(["a", "a", "a"], {("a", "a"): 0})
    ['aa', 'a']
    """
    symbols = list(symbols)  # step: start
    while True:
        ranked = [(ranks[pair], i) for i, pair in enumerate(zip(symbols, symbols[1:])) if pair in ranks]
        if not ranked:
            return symbols  # step: done
        rank, i = min(ranked)  # the lowest rank; among equal ranks, the leftmost position
        pair = symbols[i], symbols[i + 1]
        symbols[i : i + 2] = [pair[0] + pair[1]]  # step: merge
