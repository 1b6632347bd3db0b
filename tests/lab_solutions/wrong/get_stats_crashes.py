# Lifts Python's recursion limit and recurses until the JavaScript stack overflows: Pyodide itself fails.
import sys

sys.setrecursionlimit(10**7)


def deeper(n):
    return deeper(n + 1) + 1


def get_stats(ids):
    return deeper(0)
