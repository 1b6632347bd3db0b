def merge(ids, pair, idx):
    """从左到右，把 `ids` 里每一处 `pair` 都换成新的 id `idx`。

    merge([1, 2, 3, 1, 2], (1, 2), 4) -> [4, 3, 4]
    merge([5, 5, 5], (5, 5), 256) -> [256, 5]
    """
    new_ids = []
    # 用下标 i 走一遍 ids。ids[i], ids[i + 1] 正好是这一对时，追加 idx，i 前进 2；
    # 其他情况追加 ids[i]，i 前进 1。
    return new_ids
