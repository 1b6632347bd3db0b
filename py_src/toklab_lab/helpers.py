"""The helpers the first two exercises ask for, solved: later exercises import them.

train and encode call get_stats and merge; their starting code imports these (a student may also
write their own). The first two exercises' tests check these same functions as right answers, so the
helpers a later step leans on are known to pass the steps before.

    >>> get_stats([1, 2, 3, 1, 2])
    {(1, 2): 2, (2, 3): 1, (3, 1): 1}
    >>> merge([5, 5, 5], (5, 5), 256)
    [256, 5]
"""


def get_stats(ids):
    counts = {}
    for pair in zip(ids, ids[1:]):
        counts[pair] = counts.get(pair, 0) + 1
    return counts


def merge(ids, pair, idx):
    new_ids = []
    i = 0
    while i < len(ids):
        if i + 1 < len(ids) and ids[i] == pair[0] and ids[i + 1] == pair[1]:
            new_ids.append(idx)
            i += 2
        else:
            new_ids.append(ids[i])
            i += 1
    return new_ids
