# Closes the worker it runs in: the page says so at once, instead of waiting out the time limit.
import js


def get_stats(ids):
    js.close()
    return {}
