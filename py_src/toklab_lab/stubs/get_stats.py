def get_stats(ids):
    """Count every pair of neighbours in a list of ids.

    get_stats([1, 2, 3, 1, 2]) -> {(1, 2): 2, (2, 3): 1, (3, 1): 1}
    """
    counts = {}
    # For each pair of neighbours (ids[i], ids[i + 1]), add 1 to its count.
    # A pair is a tuple: counts[(1, 2)], never counts["1,2"].
    return counts
