# Asks for far more memory than any machine has.
def get_stats(ids):
    grid = bytearray(1 << 62)
    return {}
