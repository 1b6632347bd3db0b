"""The Unigram model as HuggingFace `tokenizers` has it (tokenizers/src/models/unigram/model.rs).

A tokenizer.json converted from a SentencePiece Unigram model (T5, ALBERT, XLNet, mBART...) carries
`{"type": "Unigram", "unk_id": 0, "vocab": [[piece, score], ...], "byte_fallback": false}`. The cut
is toklab.sentencepiece.unigram's Viterbi (the same lattice, one implementation), with `tokenizers`'
own differences from sentencepiece: path scores are doubles, every vocabulary entry can match (even
`<s>`), the lowest score of them all less 10 scores an unknown character, and a run of unknown
characters is one token (`fuse_unk`) whose value is the text itself; with `byte_fallback`, a token
not in the vocabulary becomes its bytes' `<0x..>` tokens.

    >>> u = Unigram([("<unk>", 0.0), ("a", -1.0), ("b", -2.0), ("ab", -2.5)], unk_id=0)
    >>> [(t.id, t.value, t.offsets) for t in u.tokenize("abxyb")]
    [(3, 'ab', (0, 2)), (0, 'xy', (2, 4)), (2, 'b', (4, 5))]
"""

from __future__ import annotations

import itertools

from ..sentencepiece.unigram import lattice, stats_of, viterbi
from ._config import bad, expect
from .bases import Model, Token

__all__ = ["Unigram", "from_config"]

_BUILDS = itertools.count(1)


class Unigram(Model):
    """A Unigram model from a list of (piece, score), the id of the unknown piece, and byte_fallback."""

    def __init__(self, vocab: list | None = None, unk_id: int | None = None, byte_fallback: bool = False, alpha: float | None = None, nbest_size: int | None = None):
        self.vocab = [(str(p), float(s)) for p, s in (vocab if vocab is not None else [("<unk>", 0.0)])]
        if vocab is None and unk_id is None:
            unk_id = 0
        if unk_id is not None and not 0 <= unk_id < len(self.vocab):
            raise bad("hf_bad_value", path="model.unk_id", expected=f"an id below {len(self.vocab)}", value=unk_id)
        self.unk_id = unk_id
        self.byte_fallback = bool(byte_fallback)
        self.alpha, self.nbest_size = alpha, nbest_size  # subword sampling: settable as in the bindings, refused when encoding
        self._build()

    def _build(self) -> None:
        self.token_to_ids = {p: i for i, (p, _) in enumerate(self.vocab)}
        self.vocab_r = {i: p for i, (p, _) in enumerate(self.vocab)}
        self._lattice_vocab = {p: (self.token_to_ids[p], s) for p, s in self.vocab}
        self._stats = stats_of(self._lattice_vocab)
        self._version = next(_BUILDS)

    # --- the vocabulary ----------------------------------------------------------------------------

    def get_vocab(self) -> dict[str, int]:
        return dict(self.token_to_ids)

    def get_vocab_size(self) -> int:
        return len(self.vocab)

    def token_to_id(self, token: str) -> int | None:
        return self.token_to_ids.get(token)

    def id_to_token(self, id: int) -> str | None:
        return self.vocab_r.get(id)

    # --- the engine --------------------------------------------------------------------------------

    def pieces(self, sequence: str) -> list[str]:
        """The best path's pieces, runs of unknown characters fused (`Unigram::encode`)."""
        if not sequence:
            return []
        if self.unk_id is None:
            raise bad("hf_bad_value", path="model.unk_id", expected="an id (the text has a character no piece covers)", value=None)
        found = viterbi(sequence, self._lattice_vocab, self.unk_id, stats=self._stats, float32=False)
        out: list[str] = []
        prev_unk = False
        for piece, i in found:
            unk = i == self.unk_id
            if unk and prev_unk:
                out[-1] += piece
            else:
                out.append(piece)
            prev_unk = unk
        return out

    def _tokenize(self, sequence: str) -> list[tuple[int, int, int]]:
        """(id, start, end) of each token, characters of `sequence` (`Unigram::tokenize`)."""
        if self.alpha:
            raise bad("hf_unsupported", path="model.alpha", value=self.alpha)
        out, at = [], 0
        for piece in self.pieces(sequence):
            end = at + len(piece)
            i = self.token_to_ids.get(piece)
            if i is None and self.byte_fallback:
                byte_ids = [self.token_to_ids.get(f"<0x{b:02X}>") for b in piece.encode("utf-8")]
                if None not in byte_ids:
                    out += [(b, at, end) for b in byte_ids]
                    at = end
                    continue
            out.append((self.unk_id if i is None else i, at, end))
            at = end
        return out

    tokenize_spans = _tokenize

    def token_values(self, sequence: str, found: list) -> list[str]:
        """Each token's value: the vocabulary's piece, but for an unknown one the text it covers (as
        `tokenizers` shows it)."""
        vocab_r, unk = self.vocab_r, self.unk_id
        return [sequence[a:b] if i == unk else vocab_r[i] for i, a, b in found]

    def tokenize(self, sequence: str) -> list[Token]:
        found = self._tokenize(sequence)
        return [Token(i, v, (a, b)) for (i, a, b), v in zip(found, self.token_values(sequence, found))]

    def lattice(self, sequence: str) -> dict:
        """The Viterbi lattice of one piece as plain data (toklab.sentencepiece.unigram.lattice), before
        unknown characters are fused: what a page steps through position by position.

        >>> u = Unigram([("<unk>", 0.0), ("a", -1.0), ("b", -2.0), ("ab", -2.5)], unk_id=0)
        >>> [p["piece"] for p in u.lattice("ab")["path"]]
        ['ab']
        """
        return lattice(sequence, self._lattice_vocab, self.unk_id if self.unk_id is not None else -1, self._stats, float32=False)

    def to_config(self) -> dict:
        return {"type": "Unigram", "unk_id": self.unk_id, "vocab": [[p, s] for p, s in self.vocab], "byte_fallback": self.byte_fallback}

    def __repr__(self) -> str:
        return f"Unigram(vocab_size={len(self.vocab)})"


def from_config(d: dict, path: str = "model") -> Unigram:
    """The Unigram model a tokenizer.json describes."""
    expect(d, dict, path, "an object")
    raw = expect(d.get("vocab"), list, f"{path}.vocab", "a list of [piece, score]")
    vocab = []
    for k, entry in enumerate(raw):
        ok = isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str)
        if not ok or isinstance(entry[1], bool) or not isinstance(entry[1], (int, float)):
            raise bad("hf_bad_value", path=f"{path}.vocab[{k}]", expected="[piece, score]", value=entry)
        vocab.append((entry[0], float(entry[1])))
    unk_id = d.get("unk_id")
    if unk_id is not None and (not isinstance(unk_id, int) or isinstance(unk_id, bool)):
        raise bad("hf_bad_value", path=f"{path}.unk_id", expected="a whole number or null", value=unk_id)
    byte_fallback = expect(d.get("byte_fallback", False), bool, f"{path}.byte_fallback", "true or false")
    return Unigram(vocab, unk_id, byte_fallback)
