def decode(ids, vocab):
    data = b"".join(vocab[idx] for idx in ids)
    return data.decode("utf-8", errors="replace")
