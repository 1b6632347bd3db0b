"""tiktoken's Encoding, in pure Python, made of parts: one class for r50k, cl100k, o200k and trained tables.

What this adds over the parts: it composes them as `toklab.hf.Tokenizer` composes a tokenizer.json's,
in the order text meets them:

    special       the special tokens, split out first (`special_tokens.SpecialTokens`, tiktoken's rule)
    pretokenizer  the regex pre-tokenizer that cuts plain text into pieces (`patterns`, `pretokenize`)
    model         byte-level BPE of one piece: a ranked merge list (`bpe.MergeList`, GPT-2's vocab.bpe)
                  or a table of ranks alone (`ranks.RankTable`, tiktoken's .tiktoken files)
    decoding      ids -> the tokens' bytes (the model's, a special token's text) -> UTF-8 text

The constructor is tiktoken's (`pat_str`, `mergeable_ranks`, `special_tokens`); `model=` and
`pretokenizer=` give the parts themselves instead, and `Encoding.from_merges` makes one of a merge list:

    >>> enc = Encoding("tiny", pat_str=r" ?\\p{L}+|\\s+", mergeable_ranks=tiny_ranks(), special_tokens={"<|end|>": 260})
    >>> enc.encode("lower low"), enc.decode_tokens_bytes(enc.encode("lower low"))
    ([258, 114, 259], [b'lowe', b'r', b' low'])
    >>> [(s["left"], s["right"], s["rank"]) for s in enc.trace("lower")["pieces"][0]["steps"]]
    [('l', 'o', 256), ('lo', 'w', 257), ('low', 'e', 258)]
    >>> gpt2_like = Encoding.from_merges("tiny", [["l", "o"], ["lo", "w"], ["Ġ", "low"]])
    >>> gpt2_like.encode("low lower"), gpt2_like.decode([257, 258, 68, 81])
    ([257, 258, 68, 81], 'low lower')

The methods are tiktoken's, so `toklab` can stand in for `tiktoken` (the less central ones are in
`tiktoken_api`), plus toklab's trace (module `trace`). Unknown ids and tokens raise `TokenError`, a
KeyError as in tiktoken and a ValueError as elsewhere in toklab.
"""

import functools
from collections.abc import Collection, Iterable

from . import trace as _trace
from .bpe import ENDOFTEXT, MergeList
from .bytes_unicode import to_printable
from .caches import SizedCache, gc_paused
from .errors import ToklabError
from .patterns import R50K_PATTERN, pretokenizer as compile_pattern
from .pretokenize import GPT2, clean_surrogates
from .ranks import RankTable, load_tiktoken_bpe, tiny_ranks
from .special_tokens import AllowedSpecial, SpecialTokens
from .tiktoken_api import TiktokenAPI

__all__ = ["ENDOFTEXT", "Encoding", "TokenError", "UnknownId", "load_tiktoken_bpe", "tiny_ranks"]


class TokenError(KeyError, ValueError):
    """An id or token that is not in the encoding (tiktoken raises KeyError; toklab's callers expect ValueError)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class UnknownId(ToklabError, TokenError):
    """An id the table does not have: tiktoken's KeyError, toklab's ValueError, code "unknown_id"."""


class _Decoder:
    """id -> bytes for every id (the model's tokens, then the special tokens' text): tiktoken's `_decoder`,
    read through the parts rather than copied into one more dict of the whole table."""

    def __init__(self, enc: "Encoding"):
        self._enc = enc

    def get(self, token_id: int, default=None):
        try:
            return self[token_id]
        except (KeyError, IndexError, TypeError):
            return default

    def __getitem__(self, token_id: int) -> bytes:
        special = self._enc.special.by_id.get(token_id)
        if special is not None:
            return special.encode("utf-8")
        if not isinstance(token_id, int) or isinstance(token_id, bool) or not self._enc.model.has_id(token_id):
            raise KeyError(token_id)
        return self._enc.model.token_bytes(token_id)


class Encoding(TiktokenAPI):
    """A byte-level BPE encoding made of parts (see the module docstring), with tiktoken's API and toklab's trace."""

    def __init__(
        self,
        name: str,
        *,
        pat_str: str,
        mergeable_ranks: dict[bytes, int] | None = None,
        special_tokens: dict[str, int],
        explicit_n_vocab: int | None = None,
        model: MergeList | RankTable | None = None,
        pretokenizer=None,
    ):
        if (mergeable_ranks is None) == (model is None):
            raise TypeError("give the table as mergeable_ranks (tiktoken's) or as a model, not both")
        self.name = name
        self._pat_str = pat_str
        self.special = SpecialTokens(special_tokens)
        self.special_tokens = self.special.tokens
        self.pretokenizer = pretokenizer if pretokenizer is not None else compile_pattern(pat_str)
        self.model = model if model is not None else RankTable(mergeable_ranks)
        n_model = len(self.model)
        top = n_model - 1 if isinstance(self.model, MergeList) else max(self.model.decoder, default=-1)
        self.max_token_value = max(top, max(self.special_tokens.values(), default=0))
        if explicit_n_vocab and (
            n_model + len(self.special_tokens) != explicit_n_vocab or self.max_token_value != explicit_n_vocab - 1
        ):
            raise ValueError(f"{name}: the table does not have the stated {explicit_n_vocab} tokens")
        for token, i in self.special_tokens.items():
            if self.model.has_id(i):
                raise ValueError(f"special token {token!r} has id {i}, which is already {self.model.token_bytes(i)!r}")
        self._cache: SizedCache = SizedCache()  # piece -> ids, bounded by the pieces' length

    @classmethod
    def from_merges(
        cls, name: str, merges: Iterable[Collection[str]], special_tokens: dict[str, int] | None = None, *, whole_tokens: bool = False
    ) -> "Encoding":
        """GPT-2's kind of table: a ranked merge list (printable [left, right] pairs), GPT-2's pre-tokenizer
        (R50K_PATTERN spelled out by hand: tests/test_encodings.py compares them). `whole_tokens`: see
        `bpe.MergeList`."""
        model = MergeList(merges, whole_tokens=whole_tokens)
        return cls(name, pat_str=R50K_PATTERN, model=model, pretokenizer=GPT2, special_tokens=special_tokens or {})

    def __repr__(self) -> str:
        return f"<Encoding {self.name!r}>"

    # --- the table ----------------------------------------------------------------------------------------

    @property
    def n_vocab(self) -> int:
        """For backwards compatibility (tiktoken): max_token_value + 1."""
        return self.max_token_value + 1

    @property
    def eot_token(self) -> int | None:
        return self.special_tokens.get(ENDOFTEXT)

    @property
    def special_tokens_set(self) -> set[str]:
        return set(self.special_tokens)

    @property
    def _special_by_id(self) -> dict[int, str]:
        return self.special.by_id

    @property
    def _mergeable_ranks(self) -> dict[bytes, int]:
        """tiktoken's table, token bytes -> rank (for a merge list, built the first time it is asked for)."""
        return self.model.encoder

    _encoder = _mergeable_ranks

    @functools.cached_property
    def _decoder(self) -> _Decoder:
        return _Decoder(self)

    def rank(self, left: str, right: str) -> int | None:
        """The rank of merging `left` and `right` (printable form), or None (what the trace shows)."""
        return self.model.rank(left, right)

    def is_special(self, token_id: int) -> bool:
        return token_id in self.special.by_id

    def _check_id(self, token_id: object) -> None:
        if isinstance(token_id, bool) or not isinstance(token_id, int):
            raise TypeError(f"token ids are integers, not {token_id!r}")
        if not (self.model.has_id(token_id) or token_id in self.special.by_id):
            raise UnknownId("unknown_id", id=token_id, encoding=self.name, max_id=self.n_vocab - 1)

    def token(self, token_id: int) -> str:
        """The printable form of a token id (special tokens as themselves)."""
        self._check_id(token_id)
        special = self.special.by_id.get(token_id)
        return special if special is not None else self.model.token(token_id)

    def token_id(self, token: str) -> int | None:
        """The id of a token given in printable form, or None."""
        found = self.special_tokens.get(token)
        return found if found is not None else self.model.token_id(token)

    # --- encoding -----------------------------------------------------------------------------------------

    def piece_ids(self, piece: str) -> list[int]:
        """The ids of one pre-tokenized piece (cached, within the cache's budget; do not change the list)."""
        ids = self._cache.get(piece)
        return ids if ids is not None else self._new_piece_ids(piece)

    def _new_piece_ids(self, piece: str) -> list[int]:
        ids = self.model.piece_ids(piece)
        return self._cache.put(piece, ids, len(piece) + len(ids))

    def encode_ordinary(self, text: str) -> list[int]:
        """Encode `text`, treating special-token text as plain text.

        A first pass over a long text fills the piece cache with tens of thousands of small lists, none
        in a cycle: the cyclic collector, which would rescan them and everything else alive, is paused
        meanwhile (5-10% of a cold encode, more beside a large live heap).
        """
        out: list[int] = []
        get, new_piece_ids = self._cache.get, self._new_piece_ids
        with gc_paused():
            for piece in self.pretokenizer.split(clean_surrogates(text)):
                ids = get(piece)
                out += ids if ids is not None else new_piece_ids(piece)
        return out

    def split_special(
        self, text: str, allowed_special: AllowedSpecial, disallowed_special: AllowedSpecial
    ) -> list[tuple[str, bool]]:
        """Cut `text` into (part, is_special) runs, refusing disallowed special tokens as tiktoken does."""
        return self.special.split(text, allowed_special, disallowed_special)

    def encode(
        self, text: str, *, allowed_special: AllowedSpecial = frozenset(), disallowed_special: AllowedSpecial = "all"
    ) -> list[int]:
        """Encode `text`. Special-token text raises ValueError unless allowed (then it becomes its id)."""
        text = clean_surrogates(text)
        out: list[int] = []
        for part, special in self.split_special(text, allowed_special, disallowed_special):
            out += [self.special_tokens[part]] if special else self.encode_ordinary(part)
        return out

    def encode_single_token(self, text_or_bytes: str | bytes) -> int:
        """The id of the token whose bytes (or special text) are exactly `text_or_bytes`; TokenError if none is."""
        data = text_or_bytes.encode("utf-8") if isinstance(text_or_bytes, str) else text_or_bytes
        found = self.model.token_id(to_printable(data))
        if found is None:
            try:
                found = self.special_tokens.get(data.decode("utf-8"))
            except UnicodeDecodeError:
                pass
        if found is None:
            raise TokenError(data)
        return found

    # --- decoding -----------------------------------------------------------------------------------------

    def decode_single_token_bytes(self, token: int) -> bytes:
        """The bytes of one token (a special token's are its text's); TokenError if there is no such id."""
        self._check_id(token)
        return self._decoder[token]

    def decode_bytes(self, tokens: Iterable[int]) -> bytes:
        """The exact bytes of `tokens`; TokenError naming an unknown id."""
        tokens = list(tokens)
        try:
            return self.model.decode_bytes(tokens)
        except (LookupError, TypeError):
            pass  # a special token, or an id the table lacks: named below
        return b"".join(map(self.decode_single_token_bytes, tokens))

    def decode(self, tokens: Iterable[int], errors: str = "replace") -> str:
        """The text of `tokens`; invalid UTF-8 becomes U+FFFD (like tiktoken) unless `errors` says otherwise."""
        return self.decode_bytes(tokens).decode("utf-8", errors=errors)

    # --- the trace (module `trace`) ----------------------------------------------------------------------

    def trace(self, text: str, *, allowed_special: AllowedSpecial = frozenset()) -> dict:
        """The whole encoding of `text` as data: pieces, every merge step, tokens and ids.

        Like `encode_ordinary`, special-token text is plain text unless `allowed_special` names it.
        """
        return _trace.trace(self, text, allowed_special=allowed_special)

    def trace_piece(self, text: str, *, index: int = 0, start: int = 0) -> dict:
        """Every merge step of one piece (docs/protocol.md, "Piece")."""
        return _trace.trace_piece(self, text, index=index, start=start)

    def trace_greedy(self, text: str) -> dict:
        """The common mistake, for comparison: always merge the leftmost pair that has any rule."""
        return _trace.trace_greedy(self, text)

    def pieces(self, text: str, *, allowed_special: AllowedSpecial = frozenset()) -> list[dict]:
        """The pieces of `text` with their final tokens and ids, without merge steps or character spans."""
        return _trace.pieces(self, text, allowed_special=allowed_special)

    # --- pickling (as tiktoken: a registered encoding by name, another by its parts) ----------------------

    def __reduce__(self):
        registered = getattr(self, "_registered_as", None)  # set by `registry`, which alone maps names to tables
        if registered is not None:
            return registered
        parts = {"pat_str": self._pat_str, "special_tokens": self.special_tokens}
        if isinstance(self.model, RankTable):
            return functools.partial(Encoding, self.name, mergeable_ranks=self.model.encoder, **parts), ()
        return functools.partial(Encoding, self.name, model=self.model, pretokenizer=self.pretokenizer, **parts), ()

