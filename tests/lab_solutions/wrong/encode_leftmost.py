# The common mistake: merge the leftmost pair that has any merge, instead of the one learned first.
def encode(text, merges):
    ids = list(text.encode("utf-8"))
    while True:
        for i in range(len(ids) - 1):
            if (ids[i], ids[i + 1]) in merges:
                ids[i:i + 2] = [merges[(ids[i], ids[i + 1])]]
                break
        else:
            return ids
