from toklab_lab.helpers import get_stats, merge


def train(text, num_merges):
    ids = list(text.encode("utf-8"))
    merges = {}
    for k in range(num_merges):
        stats = get_stats(ids)
        if not stats:
            break
        pair = max(stats, key=stats.get)
        if stats[pair] < 2:
            break
        ids = merge(ids, pair, 256 + k)
        merges[pair] = 256 + k
    return merges
