# The two helpers of the steps before, written out.

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


def train(text, num_merges):
    """Learn up to `num_merges` merges from the UTF-8 bytes of `text`.

    Returns {pair: new id} in the order the merges were learned; the first new id is 256.
    Stop early when the most frequent pair occurs only once (or there is no pair at all).
    Among equally frequent pairs, the one that occurs first wins: max(stats, key=stats.get) does that.

    train("aaabdaaabac", 3) -> {(97, 97): 256, (256, 97): 257, (257, 98): 258}
    """
    ids = list(text.encode("utf-8"))
    merges = {}
    for k in range(num_merges):
        # 1. count the pairs of ids; stop if the best one occurs fewer than 2 times
        # 2. merge the best pair into the new id 256 + k, and record it in merges
        pass
    return merges
