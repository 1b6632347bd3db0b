# Keeps asking for a hundred million bytes more until the memory runs out (a few steps: well within
# the time limit even on a loaded machine).
def get_stats(ids):
    a = []
    while True:
        a.append(bytearray(10**8))
