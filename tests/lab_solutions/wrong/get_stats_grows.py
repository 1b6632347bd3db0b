# Keeps asking for three hundred million bytes more until the memory runs out (the lab's Python may
# grow by 768 MiB: the third request fails, after as little work as a growing loop can take).
def get_stats(ids):
    a = []
    while True:
        a.append(bytearray(3 * 10**8))
