# Returns a list twenty times longer than a result may be (and not a dict), and prints far more than is kept.
def get_stats(ids):
    print("passed " * 10_000)
    return list(range(100_000))
