# Ties go to the pair seen last (>= instead of >), not the one seen first.
def train(text, num_merges):
    ids = list(text.encode("utf-8"))
    merges = {}
    for k in range(num_merges):
        counts = {}
        for pair in zip(ids, ids[1:]):
            counts[pair] = counts.get(pair, 0) + 1
        best = None
        for pair, n in counts.items():
            if best is None or n >= counts[best]:
                best = pair
        if best is None or counts[best] < 2:
            break
        new_ids, i = [], 0
        while i < len(ids):
            if i + 1 < len(ids) and (ids[i], ids[i + 1]) == best:
                new_ids.append(256 + k)
                i += 2
            else:
                new_ids.append(ids[i])
                i += 1
        ids = new_ids
        merges[best] = 256 + k
    return merges
