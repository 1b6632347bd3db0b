# Right, but prints every pair: far more output than the page keeps.
def get_stats(ids):
    counts = {}
    for pair in zip(ids, ids[1:]):
        print("pair", pair)
        counts[pair] = counts.get(pair, 0) + 1
    return counts
