def get_stats(ids):
    """数一数 id 列表里每一对相邻的 id 各出现几次。

    get_stats([1, 2, 3, 1, 2]) -> {(1, 2): 2, (2, 3): 1, (3, 1): 1}
    """
    counts = {}
    # 对每一对相邻的 (ids[i], ids[i + 1])，把它的次数加 1。
    # 相邻对用元组作键：counts[(1, 2)]，不要写成 counts["1,2"]。
    return counts
