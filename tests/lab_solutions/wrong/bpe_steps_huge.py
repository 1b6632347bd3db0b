# A right bpe() whose watched steps are not what its variables held: json.dumps, patched, answers the
# watch with 5,000 symbols of 1,000 characters (5 MB; the probe sent 1,024 steps of 2,000 symbols). The
# page must refuse to read it, not freeze.
import json

real_dumps = json.dumps


def dumps(value, **options):
    if isinstance(value, dict) and "steps" in value:
        value = dict(value, state="ok", symbols=["Ġ" * 1000] * 5000, steps=[])
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
