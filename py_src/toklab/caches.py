"""A cache bounded by the size of what it holds, not by how many entries it has.

The engine remembers each piece it has encoded or traced, so a long text repeats no work. A count of
entries does not bound memory: one traced piece of 1,000 bytes holds half a million list slots, and one
piece of plain letters may be a whole text long. `SizedCache` counts each entry's size (list slots and
characters, plus `ENTRY_COST` for the entry itself) and empties itself before it would pass its budget.

    >>> cache = SizedCache(budget=100)
    >>> _ = cache.put("a", [1, 2], size=2); cache.used
    34
    >>> _ = cache.put("b", [3] * 60, size=60); sorted(cache), cache.used  # 34 + 92 > 100: emptied first
    (['b'], 92)
    >>> cache.put("c", "x" * 500, size=500) == "x" * 500, sorted(cache)  # larger than the budget: not kept
    (True, ['b'])
"""

import gc
from contextlib import contextmanager

__all__ = ["CACHE_BUDGET", "ENTRY_COST", "SizedCache", "gc_paused"]

ENTRY_COST = 32  # what one entry costs besides its contents (key, dict slot, the lists themselves)
CACHE_BUDGET = 1 << 22  # units (list slots or characters) one cache may hold: some tens of MB at most


class SizedCache(dict):
    """A dict whose `put` empties it first when the new entry would pass `budget`; `get` as any dict.

    An entry larger than the whole budget is returned but not kept.
    """

    def __init__(self, budget: int = CACHE_BUDGET):
        super().__init__()
        self.budget = budget
        self.used = 0

    def put(self, key, value, size: int):
        size += ENTRY_COST
        if size > self.budget:
            return value
        if self.used + size > self.budget:
            self.clear()
        self[key] = value
        self.used += size
        return value

    def clear(self) -> None:
        super().clear()
        self.used = 0


@contextmanager
def gc_paused():
    """Building a table or a large trace creates millions of small lists; the cyclic collector would
    rescan them all again and again. They hold no cycles, so pause it meanwhile."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
