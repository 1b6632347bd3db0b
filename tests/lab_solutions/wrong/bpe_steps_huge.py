# A right bpe() whose watched steps are not what its variables held: json.dumps, patched, answers the
# watch with 1,024 steps of up to 2,000 symbols (about 10 MB). The page must refuse to read it, not freeze.
import json

real_dumps = json.dumps


def dumps(value, **options):
    if isinstance(value, dict) and "steps" in value:
        symbols = ["Ġ"] * 2000
        value = dict(value, state="ok", symbols=symbols, steps=[symbols[:2000 - k] for k in range(1, 1025)])
    return real_dumps(value, **options)


json.dumps = dumps


def bpe(piece, ranks):
    parts = [bytes([b]) for b in piece]
    while True:
        best = None
        for i in range(len(parts) - 1):
            rank = ranks.get(parts[i] + parts[i + 1])
            if rank is not None and (best is None or rank < best[0]):
                best = (rank, i)
        if best is None:
            break
        i = best[1]
        parts[i:i + 2] = [parts[i] + parts[i + 1]]
    return [ranks[part] for part in parts]
