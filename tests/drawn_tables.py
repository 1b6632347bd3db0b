"""BPE tables drawn by hypothesis for the merge tests (tests/test_hf_reference.py, tests/test_hf_speed.py).

    vocab, merges = drawn_merges(draw, alphabet, most=25, longest=8, anywhere=False, first_id=100)
"""

from __future__ import annotations

from hypothesis import strategies as st


def drawn_merges(draw, alphabet: list[str], *, most: int, longest: int, anywhere: bool, first_id: int = 0):
    """(vocab, merges): up to `most` merges of two tokens so far (at most `longest` characters made), each
    appended in turn, or ranked anywhere (`anywhere`: some rank below the merges that make their parts);
    the alphabet's ids from 0, each new token's id `first_id` past the vocabulary's size then."""
    vocab = {c: i for i, c in enumerate(alphabet)}
    merges = []
    for _ in range(draw(st.integers(0, most))):
        tokens = list(vocab)
        a, b = draw(st.sampled_from(tokens)), draw(st.sampled_from(tokens))
        if (a, b) in merges or len(a + b) > longest:
            continue
        merges.insert(draw(st.integers(0, len(merges))) if anywhere else len(merges), (a, b))
        vocab.setdefault(a + b, len(vocab) + first_id)
    return vocab, merges
