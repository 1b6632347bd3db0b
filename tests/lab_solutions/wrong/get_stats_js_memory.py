# Fills JavaScript's memory from Python, 256 MiB at a time (outside the cap on Python's own memory):
# the lab's Python has no `js`, so the import fails at once, with a message.
import js

while True:
    js.Uint8Array.new(256 << 20).fill(1)


def get_stats(ids):
    return {}
