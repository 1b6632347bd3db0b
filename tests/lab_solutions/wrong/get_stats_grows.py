# Keeps asking for ten million bytes more until the memory runs out.
def get_stats(ids):
    a = []
    while True:
        a.append(bytearray(10**7))
