# A right bpe() whose watched steps are not what its variables held: json.dumps, patched, answers the
# watch with 4,300 symbols of 1,000 characters, just past the lab worker's ANSWER_MAX of 4 MiB (the probe
# sent 1,024 steps of 2,000 symbols). The page must refuse to read it, not freeze. (ASCII: Ġ written as
# \u0120 made it 30 MB, whose making outran the watch's 5 s on a loaded CI machine.)
import json

real_dumps = json.dumps


def dumps(value, **options):
    if isinstance(value, dict) and "steps" in value:
        value = dict(value, state="ok", symbols=["x" * 1000] * 4300, steps=[])
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
