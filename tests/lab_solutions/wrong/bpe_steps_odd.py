# A right bpe() whose watched steps are not what its variables held: json.dumps, patched, answers the
# watch with 300 steps of up to 600 symbols that are not the piece's (well under the worker's limit):
# the page must say so, not draw them.
import json

real_dumps = json.dumps


def dumps(value, **options):
    if isinstance(value, dict) and "steps" in value:
        symbols = ["x"] * 600
        value = dict(value, state="ok", symbols=symbols, steps=[symbols[:600 - k] for k in range(1, 301)])
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
