def bpe(piece, ranks):
    """GPT-2 的合并规则，用 GPT-2 真实的词表，作用在一个片段上。

    piece：一个片段的字节，比如 b"tokenization" 或 b" world"。
    ranks：GPT-2 全部 50,256 个 token 的 {字节: rank}；一个 token 的 rank 也就是它的 id。

    从单个字节开始。找出拼起来的字节 rank 最小的那一对相邻部分，把它们拼成一个；
    一直重复，直到没有哪一对拼起来还在 ranks 里。返回各部分的 id。

    bpe(b"tokenization", ranks) -> [30001, 1634]
    """
    parts = [bytes([b]) for b in piece]
    # while True：看每个 i，拼起来的字节 parts[i] + parts[i + 1] 和它的 rank；
    # 没有一对在 ranks 里就停止，否则把 rank 最小的那一对拼成一个部分。
    return [ranks[part] for part in parts]
