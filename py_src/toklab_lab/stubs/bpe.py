def bpe(piece, ranks):
    """GPT-2's merge rule on one piece of text, with GPT-2's real table.

    piece: the bytes of one piece, such as b"tokenization" or b" world".
    ranks: {bytes: rank} for all 50,256 of GPT-2's tokens; a token's rank is also its id.

    Start from single bytes. Find the neighbouring pair whose joined bytes have the lowest rank, and
    join it; repeat until no joined pair is in ranks. Return the ids of the parts.

    bpe(b"tokenization", ranks) -> [30001, 1634]
    """
    parts = [bytes([b]) for b in piece]
    # while True: look at every i, the joined bytes parts[i] + parts[i + 1] and their rank;
    # stop when none is in ranks, else join the lowest-ranked pair into one part.
    return [ranks[part] for part in parts]
