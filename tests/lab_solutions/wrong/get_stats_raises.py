# Walks one position too far: IndexError, two frames deep in the student's code.
def neighbours(ids, i):
    return ids[i], ids[i + 1]


def get_stats(ids):
    counts = {}
    for i in range(len(ids)):
        pair = neighbours(ids, i)
        counts[pair] = counts.get(pair, 0) + 1
    return counts
