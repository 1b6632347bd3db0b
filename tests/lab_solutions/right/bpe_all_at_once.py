# GPT-2's own encoder.py merges every occurrence of the best pair in one pass: the same ids as merging
# them one at a time, in fewer steps.
def bpe(piece, ranks):
    parts = [bytes([b]) for b in piece]
    while len(parts) > 1:
        pairs = {parts[i] + parts[i + 1] for i in range(len(parts) - 1)}
        best = min(pairs, key=lambda joined: ranks.get(joined, float("inf")))
        if best not in ranks:
            break
        merged = []
        i = 0
        while i < len(parts):
            if i + 1 < len(parts) and parts[i] + parts[i + 1] == best:
                merged.append(best)
                i += 2
            else:
                merged.append(parts[i])
                i += 1
        parts = merged
    return [ranks[part] for part in parts]
