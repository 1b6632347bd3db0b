"""GPT-2's tokenizer, r50k_base: the genuine table loaded into the byte-level BPE machinery of `bpe`.

The table is two files published with GPT-2: vocab.bpe, the 50,000 merge rules in rank order ("Ġ t" is
rank 0), and encoder.json, the 50,257 token ids. A merged token's id is 256 + its rank, byte tokens are
ids 0-255 in GPT-2's byte order, and <|endoftext|> is 50256. Loading checks both files' sha256 and that
they agree with each other.

    >>> enc = get_encoding("r50k_base")
    >>> enc.encode_ordinary("tokenization")
    [30001, 1634]
    >>> [step["merged"] for step in enc.trace("tokenization")["pieces"][0]["steps"]]
    ['on', 'at', 'en', 'ion', 'ation', 'ok', 'iz', 'ization', 'oken', 'token']
"""

import hashlib
import json
from pathlib import Path

from .bpe import ENDOFTEXT, BPEEncoding
from .trace import MAX_CANDIDATE_BYTES

__all__ = ["BPEEncoding", "MAX_CANDIDATE_BYTES", "get_encoding", "load_r50k"]

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


def load_r50k(directory: Path | None = None, *, cross_check: bool = False) -> BPEEncoding:
    """Load GPT-2's table from encoder.json and vocab.bpe, checking their sha256.

    The ids follow from vocab.bpe alone (256 + rank). Since the sha256 pins both files, their agreement
    with each other is checked once by the tests (`cross_check=True`), not on every start-up, where
    parsing encoder.json would cost a browser a noticeable part of its loading time.
    """
    directory = Path(directory) if directory else _table_dir()
    raw = {}
    for name, expected in R50K_SHA256.items():
        data = (directory / name).read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        if digest != expected:
            raise ValueError(
                f"{directory / name} is not GPT-2's {name}: its sha256 is {digest}, expected {expected}. "
                "Restore the genuine file."
            )
        raw[name] = data.decode("utf-8")
    # After the "#version" line, each line is one rule: "left right". No token holds a space or any other
    # whitespace (they are in GPT-2's printable byte form), so one split gives left, right, left, ...
    words = raw["vocab.bpe"].split("\n", 1)[1].split()
    merges = zip(words[0::2], words[1::2])
    enc = BPEEncoding("r50k_base", merges, {ENDOFTEXT: 50256})
    if cross_check:
        encoder = json.loads(raw["encoder.json"])
        if len(encoder) != 50257 or any(enc.token_id(tok) != i for tok, i in encoder.items()):
            raise ValueError("encoder.json and vocab.bpe disagree: they are not one GPT-2 table")
    return enc


_ENCODINGS: dict[str, BPEEncoding] = {}


def get_encoding(name: str) -> BPEEncoding:
    """The named encoding, loaded once. Only "r50k_base" (GPT-2) ships with toklab."""
    if name != "r50k_base":
        raise ValueError(f"unknown encoding {name!r}: toklab ships only 'r50k_base' (GPT-2)")
    if name not in _ENCODINGS:
        _ENCODINGS[name] = load_r50k()
    return _ENCODINGS[name]
