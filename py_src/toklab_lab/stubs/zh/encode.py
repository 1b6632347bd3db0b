# 前面几步的两个辅助函数 get_stats 和 merge，这里直接用写好的：
from toklab_lab.helpers import get_stats, merge


def encode(text, merges):
    """用 `train` 学到的合并规则（{相邻对: 新 id}）把 `text` 变成 id。

    从 UTF-8 字节开始。在所有有合并规则的相邻对里，合并最早学到的那一对（新 id 最小），
    不管它在哪里；一直重复，直到没有相邻对还有规则可用。

    encode("aaaa", {(97, 97): 256, (256, 97): 257}) -> [256, 256]
    """
    ids = list(text.encode("utf-8"))
    # 提示：min(stats, key=lambda p: merges.get(p, float("inf"))) 就是最早学到的那一对；
    # 如果它不在 merges 里，就没有可以合并的了。
    return ids
