def decode(ids, vocab):
    """把 id 变回文字。`vocab` 把每个 id 映射到它的字节：{30001: b"token", ...}。

    先把所有 id 的字节拼起来，再一次性按 UTF-8 解码。一串 id 可能在某个字符的中间结束：
    解码时用 errors="replace"，那里会显示 "\ufffd"。

    decode([30001, 1634], vocab) -> "tokenization"
    """
    text = ""
    for idx in ids:
        # 一个 token 一个 token 地解码，会把字节分在两个 token 里的字符弄坏。
        text += vocab[idx].decode("utf-8", errors="replace")
    return text
