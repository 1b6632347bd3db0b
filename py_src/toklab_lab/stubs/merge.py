def merge(ids, pair, idx):
    """Replace each occurrence of `pair` in `ids` by the new id `idx`, from left to right.

    merge([1, 2, 3, 1, 2], (1, 2), 4) -> [4, 3, 4]
    merge([5, 5, 5], (5, 5), 256) -> [256, 5]
    """
    new_ids = []
    # Walk through ids with an index i. Where ids[i], ids[i + 1] is the pair, append idx and
    # move on by two; anywhere else, append ids[i] and move on by one.
    return new_ids
