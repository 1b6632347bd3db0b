# Tries to reach the network from the lab's worker: its fetch is closed.
import js


def get_stats(ids):
    js.fetch("/lab-probe.txt")
    return {}
