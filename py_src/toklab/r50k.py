"""GPT-2's tokenizer, r50k_base: the genuine table loaded into the byte-level BPE machinery of `bpe`.

It is an `encoding.Encoding` (tiktoken's API) that merges by GPT-2's own rules: tiktoken rebuilt this
table as ranks, which give the same ids (tests/test_r50k.py holds toklab to tiktoken), but the lessons
show GPT-2's merge list, where "Ġ t" is rule 0.

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

import functools
import hashlib
import json
from pathlib import Path

from .bpe import ENDOFTEXT, BPEEncoding
from .bytes_unicode import BYTE_ORDER, from_printable
from .encoding import Encoding, UnknownId
from .patterns import R50K_PATTERN
from .pretokenize import GPT2
from .trace import MAX_CANDIDATE_BYTES

__all__ = ["BPEEncoding", "GPT2Encoding", "MAX_CANDIDATE_BYTES", "get_encoding", "load_r50k"]

R50K_SHA256 = {
    "encoder.json": "196139668be63f3b5d6574427317ae82f612a97c5d1cdaf36ed2256dbf636783",
    "vocab.bpe": "1ce1664773c50f3e0cc8842619a93edc4624525b728b188a9e0be33b7726adc5",
}


# bytes.translate table: byte -> its token id (GPT-2's 256 byte tokens are a permutation of 0-255).
_BYTE_TO_ID = bytes(BYTE_ORDER.index(b) for b in range(256))


class GPT2Encoding(Encoding):
    """GPT-2's table as it was published, a ranked merge list (`bpe`), with tiktoken's API (`encoding`).

    Merging follows the rules of vocab.bpe; tiktoken's byte-string view of the table (`_mergeable_ranks`,
    what decoding reads) is built the first time it is needed, so start-up only reads the rules.
    """

    def __init__(self, name: str, merges, special_tokens: dict[str, int]):
        BPEEncoding.__init__(self, name, merges, special_tokens)
        self._pat_str = R50K_PATTERN
        self.pretokenizer = GPT2  # R50K_PATTERN spelled out by hand (tests/test_encodings.py compares them)
        self.max_token_value = max(len(self._tokens) - 1, max(self.special_tokens.values(), default=0))

    # Straight from the printable tokens, as before tiktoken's API came along: no table to build first.
    _new_piece_ids = BPEEncoding._new_piece_ids
    token = BPEEncoding.token
    token_id = BPEEncoding.token_id
    decode_single_token_bytes = BPEEncoding.decode_single_token_bytes
    decode_bytes = BPEEncoding.decode_bytes

    def _bpe(self, piece: bytes) -> list[int]:
        return self._merge(list(piece.translate(_BYTE_TO_ID)))

    @functools.cached_property
    def _mergeable_ranks(self) -> dict[bytes, int]:
        return {from_printable(token): i for i, token in enumerate(self._tokens)}

    @functools.cached_property
    def _encoder(self) -> dict[bytes, int]:
        return self._mergeable_ranks

    @functools.cached_property
    def _decoder(self) -> dict[int, bytes]:
        decoder = {i: token for token, i in self._mergeable_ranks.items()}
        decoder.update((i, token.encode("utf-8")) for token, i in self.special_tokens.items())
        return decoder

    def _check_id(self, token_id: object) -> None:
        if isinstance(token_id, bool) or not isinstance(token_id, int):
            raise TypeError(f"token ids are integers, not {token_id!r}")
        if not (0 <= token_id < len(self._tokens) or token_id in self._special_by_id):
            raise UnknownId("unknown_id", id=token_id, encoding=self.name, max_id=self.n_vocab - 1)


def _table_dir() -> Path:
    """Where the r50k files are: inside the installed package, else the repository's assets/."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "data" / "r50k", here.parent.parent / "assets" / "r50k"):
        if (candidate / "vocab.bpe").is_file():
            return candidate
    raise FileNotFoundError(
        "The GPT-2 table (encoder.json, vocab.bpe) was not found in toklab/data/r50k/ or assets/r50k/."
    )


def load_r50k(directory: Path | None = None, *, cross_check: bool = False, name: str = "r50k_base") -> GPT2Encoding:
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
    enc = GPT2Encoding(name, merges, {ENDOFTEXT: 50256})
    if cross_check:
        encoder = json.loads(raw["encoder.json"])
        if len(encoder) != 50257 or any(enc.token_id(tok) != i for tok, i in encoder.items()):
            raise ValueError("encoder.json and vocab.bpe disagree: they are not one GPT-2 table")
    return enc


def get_encoding(name: str) -> Encoding:
    """The named encoding, loaded once (see `registry`: r50k_base and gpt2 ship inside toklab)."""
    from .registry import get_encoding as get

    return get(name)
