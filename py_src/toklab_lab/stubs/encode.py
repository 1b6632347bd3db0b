# The two helpers of the first steps, written out.

def get_stats(ids):
    counts = {}
    for pair in zip(ids, ids[1:]):
        counts[pair] = counts.get(pair, 0) + 1
    return counts


def merge(ids, pair, idx):
    new_ids = []
    i = 0
    while i < len(ids):
        if i + 1 < len(ids) and (ids[i], ids[i + 1]) == pair:
            new_ids.append(idx)
            i += 2
        else:
            new_ids.append(ids[i])
            i += 1
    return new_ids


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
