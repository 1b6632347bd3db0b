# Lifts Python's recursion limit and recurses through a built-in (sorted calls its key, which calls
# sorted ...) until the JavaScript stack overflows: Pyodide itself fails. Each level is a C call as
# well as a Python one, so the stack runs out within a second (plain Python recursion keeps no C frame
# per call, and took more than the lab's 5 s on a loaded machine).
import sys

sys.setrecursionlimit(10**7)


def deeper(n):
    return sorted([n + 1], key=deeper)


def get_stats(ids):
    return deeper(0)
