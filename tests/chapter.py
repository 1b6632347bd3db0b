"""The textbook chapter's example paragraph (18.3), shared by the tests that check its printed outputs."""

PARAGRAPH = (
    "Machine learning models learn patterns from data. A language model reads a sequence "
    "of tokens and predicts what token is likely to appear next. During training, the model "
    "gradually improves its predictions by comparing them with the correct answers. "
    "Tokenization is an important step because it determines how raw text is divided into "
    "smaller units. Some tokenizers use characters, some use complete words, and modern "
    "language models often use subword tokens to balance vocabulary size and sequence length."
)
