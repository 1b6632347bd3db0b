"""SentencePiece, in pure Python: a drop-in for the `sentencepiece` package's Python API."""
