# Never returns: the page stops it after its time limit.
def get_stats(ids):
    counts = {}
    i = 0
    while i < len(ids):
        counts[(i, i)] = 1
    return counts
