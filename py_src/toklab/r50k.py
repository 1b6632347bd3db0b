"""GPT-2's tokenizer, r50k_base: the genuine table as an `encoding.Encoding` of GPT-2's parts.

Its parts: GPT-2's pre-tokenizer (`pretokenize.GPT2`), its ranked merge list as the model
(`bpe.MergeList`: the lessons show GPT-2's merge list, where "Ġ t" is rule 0; tiktoken rebuilt this table
as ranks, which give the same ids, and tests/test_r50k.py holds toklab to tiktoken) and <|endoftext|>.

The table is two files published with GPT-2: vocab.bpe, the 50,000 merge rules in rank order ("Ġ t" is
rank 0), and encoder.json, the 50,257 token ids. A merged token's id is 256 + its rank, byte tokens are
ids 0-255 in GPT-2's byte order, and <|endoftext|> is 50256. Loading checks both files' sha256 and that
they agree with each other.

    >>> enc = load_r50k()
    >>> enc.encode_ordinary("tokenization")
    [30001, 1634]
    >>> [step["merged"] for step in enc.trace("tokenization")["pieces"][0]["steps"]]
    ['on', 'at', 'en', 'ion', 'ation', 'ok', 'iz', 'ization', 'oken', 'token']
"""

import hashlib
import json
from pathlib import Path

from .bpe import ENDOFTEXT
from .encoding import Encoding
from .protocol import MAX_CANDIDATE_BYTES

__all__ = ["MAX_CANDIDATE_BYTES", "load_r50k"]

R50K_SHA256 = {
    "encoder.json": "196139668be63f3b5d6574427317ae82f612a97c5d1cdaf36ed2256dbf636783",
    "vocab.bpe": "1ce1664773c50f3e0cc8842619a93edc4624525b728b188a9e0be33b7726adc5",
}


def _table_dir() -> Path:
    """Where the r50k files are: inside the installed package, else the repository's assets/."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "data" / "r50k", here.parent.parent / "assets" / "r50k"):
        if (candidate / "vocab.bpe").is_file():
            return candidate
    raise FileNotFoundError(
        "The GPT-2 table (encoder.json, vocab.bpe) was not found in toklab/data/r50k/ or assets/r50k/."
    )


def load_r50k(directory: Path | None = None, *, cross_check: bool = False, name: str = "r50k_base") -> Encoding:
    """Load GPT-2's table from encoder.json and vocab.bpe, checking their sha256.

    The ids follow from vocab.bpe alone (256 + rank). Since the sha256 pins both files, their agreement
    with each other is checked once by the tests (`cross_check=True`), not on every start-up, where
    parsing encoder.json would cost a browser a noticeable part of its loading time.
    """
    directory = Path(directory) if directory else _table_dir()
    raw = {}
    for filename, expected in R50K_SHA256.items():
        data = (directory / filename).read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        if digest != expected:
            raise ValueError(
                f"{directory / filename} is not GPT-2's {filename}: its sha256 is {digest}, expected {expected}. "
                "Restore the genuine file."
            )
        raw[filename] = data.decode("utf-8")
    # After the "#version" line, each line is one rule: "left right". No token holds a space or any other
    # whitespace (they are in GPT-2's printable byte form), so one split gives left, right, left, ...
    words = raw["vocab.bpe"].split("\n", 1)[1].split()
    merges = zip(words[0::2], words[1::2])
    # An ASCII piece that is a token is taken whole, as tiktoken takes it; in this table every token's
    # own merges make it, so that changes no id (tests/test_r50k.py), only skips the merging.
    enc = Encoding.from_merges(name, merges, {ENDOFTEXT: 50256}, whole_tokens=True)
    if cross_check:
        encoder = json.loads(raw["encoder.json"])
        if len(encoder) != 50257 or any(enc.token_id(tok) != i for tok, i in encoder.items()):
            raise ValueError("encoder.json and vocab.bpe disagree: they are not one GPT-2 table")
    return enc

