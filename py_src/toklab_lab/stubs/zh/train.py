# 前两步的两个辅助函数 get_stats 和 merge，这里直接用写好的：
from toklab_lab.helpers import get_stats, merge


def train(text, num_merges):
    """从 `text` 的 UTF-8 字节里学最多 `num_merges` 条合并规则。

    返回 {相邻对: 新 id}，按学到的先后排列；第一个新 id 是 256。
    出现最多的一对只出现 1 次（或者根本没有相邻对）时，提前停止。
    几对出现次数一样多时，先出现的那一对胜出：max(stats, key=stats.get) 正是这样选的。

    train("aaabdaaabac", 3) -> {(97, 97): 256, (256, 97): 257, (257, 98): 258}
    """
    ids = list(text.encode("utf-8"))
    merges = {}
    for k in range(num_merges):
        # 1. 数出所有相邻对；出现最多的那一对不到 2 次就停止
        # 2. 把这一对合并成新 id 256 + k，并记进 merges
        pass
    return merges
