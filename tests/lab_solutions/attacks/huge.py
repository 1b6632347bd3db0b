# Returns a list far longer than any answer (not a dict either), and prints without end.
def get_stats(ids):
    print("passed " * 10_000)
    return list(range(2_000_000))
