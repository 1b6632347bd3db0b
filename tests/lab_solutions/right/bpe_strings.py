# Works on text, one character per byte (latin-1), never on a list of bytes: right, but its steps
# cannot be watched.
def bpe(piece, ranks):
    parts = list(piece.decode("latin-1"))
    while True:
        joined = [(ranks.get((parts[i] + parts[i + 1]).encode("latin-1")), i) for i in range(len(parts) - 1)]
        joined = [(rank, i) for rank, i in joined if rank is not None]
        if not joined:
            break
        i = min(joined)[1]
        parts[i:i + 2] = [parts[i] + parts[i + 1]]
    return [ranks[part.encode("latin-1")] for part in parts]
