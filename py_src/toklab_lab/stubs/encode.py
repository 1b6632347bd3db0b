# get_stats and merge, the two helpers of the steps before, solved:
from toklab_lab.helpers import get_stats, merge


def encode(text, merges):
    """Turn `text` into ids with the merges `train` learned ({pair: new id}).

    Start from the UTF-8 bytes. Of all neighbouring pairs that have a merge, merge the one learned
    first (the lowest new id), wherever it is; repeat until no neighbouring pair has a merge.

    encode("aaaa", {(97, 97): 256, (256, 97): 257}) -> [256, 256]
    """
    ids = list(text.encode("utf-8"))
    # Hint: min(stats, key=lambda p: merges.get(p, float("inf"))) is the pair learned first;
    # if it is not in merges, nothing is left to merge.
    return ids
