# Returns an infinite generator, which never ends if anything tries to read it all.
import itertools


def get_stats(ids):
    return (pair for pair in itertools.count())
