# Counts pairs two at a time, so overlapping pairs are missed.
def get_stats(ids):
    counts = {}
    for i in range(0, len(ids) - 1, 2):
        pair = (ids[i], ids[i + 1])
        counts[pair] = counts.get(pair, 0) + 1
    return counts
