"""One table protocol: what every table the lessons offer keeps, whatever its family.

The encode, decode, special and models lessons (toklab.webapi) ask a table for the same few things, and
ask every family the same way:

    pieces(text, allowed_special)   the pieces of a text (each with its ids, tokens, bytes, offsets)
    summary(piece)                  a piece as the strip draws it (its label, each token's byte span, texts)
    trace_piece(piece)              one piece with its steps and the family's common mistake beside it
    explain(typed)                  ids as the user typed them, decoded item by item (toklab.decoding)
    special_views(text)             the special lesson's three views
    plain_special(text, allowed)    special-token text was read as plain text
    table_facts()                   the sizes the lessons quote (n_vocab, n_ranks, n_merged, specials)
    model_facts()                   what the page says about the table (ModelFacts: title, licence, family,
                                    the format of its file and the file the worker fetches, its way of
                                    cutting, its sizes), null only for a table trained in the page
    family                          the family, named: FAMILIES
    format                          the file it is read from: "tiktoken", "tokenizer.json", "tokenizer.model"

Three kinds of table keep it: `RankTable` (an OpenAI table, or one trained in the train lesson: a
`toklab.encoding.Encoding`), `toklab.hf.lesson.LessonTable` (an open model's tokenizer.json, or the
reader's, and the WordPiece tables toklab trains: toklab.wordpiece_models) and `SpmTable` (a
SentencePiece .model: Llama 1/2, Mistral, the Unigram models). webapi never asks which kind it holds.

    >>> from toklab import get_encoding
    >>> table = RankTable(get_encoding("r50k_base"))
    >>> table.family, [p["ids"] for p in table.pieces("hello world", "none")], table.model_facts()["title"]
    ('byte_level_bpe', [[31373], [995]], 'GPT-2')
"""

from __future__ import annotations

from .errors import ToklabError
from .facts import piece_facts, piece_label, start_spans, token_texts
from .protocol import MAX_CANDIDATE_BYTES, TABLE_FILES
from .table_names import OPENAI_TITLES

__all__ = ["FAMILIES", "RankTable", "SpmTable", "family_of"]

# The families a table may be of, as the facts name them.
FAMILIES = ("byte_level_bpe", "char_bpe", "spm_bpe", "unigram", "wordpiece")

# --- byte-level BPE by rank: OpenAI's tables and the ones trained in the page -------------------------


class RankTable:
    """A `toklab.encoding.Encoding` (OpenAI's, or trained in the train lesson) on the table protocol."""

    family = "byte_level_bpe"
    format = "tiktoken"
    licence = ""  # OpenAI's tables: tiktoken's files, no model licence said here

    def __init__(self, enc):
        self.enc = enc
        self.name = enc.name
        self.special_tokens = enc.special_tokens

    def __getattr__(self, name: str):
        """Anything else is the Encoding's own (encode_ordinary, decode, n_vocab, ...)."""
        return getattr(self.__dict__["enc"], name)

    def pieces(self, text: str, allowed_special) -> list[dict]:
        allowed = "all" if allowed_special == "all" else frozenset()
        return self.enc.pieces(text, allowed_special=allowed)

    def summary(self, piece: dict) -> dict:
        return piece_facts(self.enc, piece)

    def plain_special(self, text: str, allowed_special: str) -> bool:
        return allowed_special == "none" and any(t in text for t in self.special_tokens)

    def trace_piece(self, p: dict) -> dict:
        from .trace import special_piece

        enc = self.enc
        if p["rule"] == "special":
            piece = dict(special_piece(enc, p["text"], p["index"], p["start"], p["end"]), greedy=None)
        else:
            piece = enc.trace_piece(p["text"], index=p["index"], start=p["start"])
            piece["greedy"] = enc.trace_greedy(p["text"])
        return dict(piece, spans=start_spans(piece), whole=False, symbol_ids=None)

    def explain(self, typed: str) -> dict:
        from .decoding import explain_ids

        return explain_ids(self.enc, typed)

    def special_views(self, text: str) -> dict:
        from .special import special_views

        return special_views(self.enc, text)

    def table_facts(self) -> dict:
        enc = self.enc
        lengths = enc.model.token_lengths()  # cl100k, o200k: ranks may leave gaps before the special ids
        return {
            "n_vocab": enc.n_vocab,
            "n_ranks": len(lengths),
            "n_merged": sum(1 for n in lengths if n > 1),
            "specials": sorted(([token, i] for token, i in enc.special_tokens.items()), key=lambda pair: pair[1]),
        }

    def model_facts(self) -> dict | None:
        """OpenAI's table's facts (ModelFacts), its way of cutting read from its pattern; None for a table
        trained in the page (it is no model's).

        >>> from toklab import get_encoding
        >>> facts = RankTable(get_encoding("r50k_base")).model_facts()
        >>> facts["format"], facts["file"], facts["digits"], facts["vocab_size"], facts["vocab_size_with_added"]
        ('tiktoken', None, 'runs', 50256, 50257)
        """
        if self.name not in OPENAI_TITLES:
            return None
        from .bytes_unicode import to_printable
        from .hf.lesson import _digits

        enc = self.enc
        n_ranks = len(enc.model.token_lengths())
        patterns = [enc._pat_str]
        return {
            "name": self.name, "title": OPENAI_TITLES[self.name], "licence": self.licence, "family": self.family,
            "format": self.format, "file": TABLE_FILES.get(self.name),
            "kind": "byte_level", "space": to_printable(b" "), "digits": _digits(patterns),
            "cjk_runs": any("\u4e00" in p for p in patterns), "whole_tokens": False, "byte_fallback": False,
            "n_patterns": len(patterns), "post_specials": [],
            "vocab_size": n_ranks, "vocab_size_with_added": n_ranks + len(set(enc.special_tokens.values())),
            "n_added": len(enc.special_tokens), "n_special": len(enc.special_tokens),
        }  # fmt: skip

    def row(self, text: str, dim: int) -> dict:
        from .model_rows import encoding_row

        return dict(encoding_row(self.enc, text, dim), makeup=None)


def family_of(table) -> str:
    """The family a table says it is of.

    >>> from toklab import get_encoding
    >>> family_of(RankTable(get_encoding("r50k_base")))
    'byte_level_bpe'
    """
    return table.family


# --- SentencePiece: BPE by score (Llama 1/2, Mistral) and Unigram ---------------------------------------


class SpmTable:
    """A `toklab.sentencepiece.SentencePieceProcessor` on the table protocol.

    SentencePiece cuts the normalized text as one string (▁ for each space, one ▁ put first). The
    lessons' pieces are its words: the pieces `encode` gives, grouped so that each group starts at a
    piece beginning with ▁. Cutting a word on its own gives the same pieces, and the same merges in the
    same order (no merge ever joins two of the answer's pieces, so none crosses a word's edge), which
    is why one word can be traced alone. A word's bytes are the UTF-8 bytes of its normalized text (▁
    is three bytes); a byte-fallback token stands for one of them (Llama 2 cuts 今天天气真好 as ▁ 今 天 天
    <0xE6> <0xB0> <0x94> 真 好: tests/test_tables.py holds it to sentencepiece).
    """

    def __init__(self, name: str, sp, title: str = "", licence: str = ""):
        from .sentencepiece.modelproto import BYTE, CONTROL, UNKNOWN

        self.name = name
        self.sp = sp
        self.title = title
        self.licence = licence
        self.family = "spm_bpe" if sp.is_bpe else "unigram"
        self.format = "tokenizer.model"
        self.n_vocab = sp.get_piece_size()
        self.special_ids = {i for i in range(self.n_vocab) if sp.types[i] == CONTROL}
        self.special_tokens = {sp.pieces[i]: i for i in sorted(self.special_ids)}
        self._byte, self._unknown = BYTE, UNKNOWN
        if sp.is_bpe:
            order = sorted(set(sp.bpe_scores.values()), reverse=True)  # the highest score merges first
            dense = {s: k for k, s in enumerate(order)}
            self._rank = {p: dense[s] for p, s in sp.bpe_scores.items()}

    # --- tokens ---------------------------------------------------------------------------------------

    def token(self, i: int) -> str:
        if not 0 <= i < self.n_vocab:
            raise ToklabError("unknown_id", id=i, encoding=self.name, max_id=self.n_vocab - 1)
        return self.sp.pieces[i]

    def is_special(self, i: int) -> bool:
        return i in self.special_ids

    def _token_bytes(self, piece: str, i: int) -> bytes:
        """The bytes a token stands for in its word (▁ as its own three bytes)."""
        if self.sp.types[i] == self._byte:
            return bytes([int(piece[3:5], 16)])
        if i in self.special_ids:
            return b""
        return piece.encode("utf-8")

    def decode_single_token_bytes(self, i: int) -> bytes:
        """What token `i` decodes to on its own: a byte token its byte, ▁ a space, a control token nothing."""
        piece = self.token(i)
        if self.sp.types[i] == self._unknown:
            return self.sp.model.unk_surface.encode("utf-8")
        return self._token_bytes(piece, i).replace("\u2581".encode(), b" ")

    def decode_bytes(self, ids: list[int]) -> bytes:
        return self.sp.decode(ids, out_type=bytes)

    def encode_ordinary(self, text: str) -> list[int]:
        return self.sp.encode(text)

    # --- pieces ---------------------------------------------------------------------------------------

    def _words(self, text: str) -> list[list[tuple[str, int, bool]]]:
        """The answer's (piece, id, fallback) grouped into words (a group starts at a ▁ piece)."""
        sp = self.sp
        words: list[list] = []
        for piece, i in sp.cut(sp.normalize(text)):
            if not words or piece.startswith("\u2581"):
                words.append([])
            words[-1].append((piece, i))
        return words

    def pieces(self, text: str, allowed_special=None) -> list[dict]:
        """Every word of `text` (see the class docstring) with its ids, tokens, bytes and offsets in `text`."""
        out, cursor = [], 0
        words = self._words(text)
        for k, word in enumerate(words):
            seen = "".join(p for p, _ in word)
            body = seen.replace("\u2581", " ").strip()
            found = text.find(body, cursor) if body else -1
            start = cursor
            end = found + len(body) if found >= 0 else cursor
            if k == len(words) - 1:
                end = len(text)
            cursor = max(cursor, end)
            out.append(self._piece(k, seen, text[start:end], start, end, word))
        return out

    def _final(self, word: list[tuple[str, int]]) -> tuple[list[str], list[int], list[bool]]:
        """The word's tokens after byte fallback (an unknown piece as its bytes, when the model has them)."""
        sp = self.sp
        unk = sp.unk_id()
        tokens, ids, fallback = [], [], []
        for piece, i in word:
            if i == unk and sp.model.byte_fallback:
                from .sentencepiece.processor import byte_piece

                for b in piece.encode("utf-8"):
                    tokens.append(byte_piece(b))
                    ids.append(sp.reserved[byte_piece(b)])
                    fallback.append(True)
            elif i == unk and ids and ids[-1] == unk:  # a run of unknown pieces is one, as encode gives it
                tokens[-1] += piece
            else:
                tokens.append(piece)
                ids.append(i)
                fallback.append(False)
        return tokens, ids, fallback

    def _piece(self, index: int, seen: str, original: str, start: int, end: int, word) -> dict:
        tokens, ids, fallback = self._final(word)
        data = seen.encode("utf-8")
        spans, at = [], 0
        for t, j in zip(tokens, ids):
            # An unknown token (no byte fallback) is its text, a run of unknown characters being one token.
            n = len(self._token_bytes(t, j)) if self.sp.types[j] != self._unknown else len(t.encode("utf-8"))
            spans.append([at, at + n])
            at += n
        piece = {"index": index, "text": original, "start": start, "end": end, "rule": _rule(seen),
                 "bytes": list(data), "tokens": tokens, "ids": ids, "seen": seen, "fallback": fallback}  # fmt: skip
        return {**piece, "label": piece_label(seen), "spans": spans, "texts": token_texts(piece, spans)}

    def summary(self, piece: dict) -> dict:
        return {k: v for k, v in piece.items() if k not in ("seen", "fallback")}

    def plain_special(self, text: str, allowed_special: str) -> bool:
        return False  # SentencePiece never reads a control token out of text

    def trace_piece(self, piece: dict) -> dict:
        """The word with its family's steps: BPE's merges (every candidate pair with its score and its
        rank among the scores), or Unigram's lattice; the common mistake beside them."""
        from .sentencepiece import bpe, unigram
        from .sentencepiece.trace import leftmost_first

        sp, seen = self.sp, piece["seen"]
        data = seen.encode("utf-8")
        chars, at = [], 0
        for ch in seen:
            n = len(ch.encode("utf-8"))
            chars.append([at, at + n, ch])
            at += n
        base = {k: piece[k] for k in ("index", "text", "start", "end", "rule", "bytes", "tokens", "ids", "fallback")}
        base.update(chars=chars, whole=False, family=self.family)
        if sp.is_bpe:
            symbols, frozen = sp.symbols(seen)
            record = bpe.trace_bpe(symbols, sp.bpe_scores, frozen)
            steps = [self._step(s) for s in record["steps"]]
            mistake = leftmost_first(symbols, sp.bpe_scores, frozen)
            greedy = {"steps": [], "tokens": mistake, "ids": [sp._id(p) for p in mistake]}
            if len(symbols) > MAX_CANDIDATE_BYTES:
                for s in steps:
                    s["candidates"] = s["scored"] = None
            spans, at = [], 0
            for s in symbols:
                n = len(s.encode("utf-8"))
                spans.append([at, at + n])
                at += n
            return {**base, "symbols": symbols, "symbol_ids": [sp._id(s) for s in symbols], "steps": steps,
                    "greedy": greedy, "spans": spans, "lattice": None}  # fmt: skip
        lattice = unigram.lattice(seen, sp.vocab, sp.unk_id(), sp._stats)
        for pos in lattice["positions"]:
            for node in pos["pieces"]:
                node.setdefault("unknown", False)
        mistake = [p for p, _ in unigram.longest_first(seen, sp.vocab, sp.unk_id())]
        symbols = list(seen)
        spans = [[a, b] for a, b, _ in chars]
        return {**base, "symbols": symbols, "symbol_ids": [sp._id(s) for s in symbols], "steps": [],
                "greedy": {"steps": [], "tokens": mistake, "ids": [sp._id(p) for p in mistake]}, "spans": spans,
                "lattice": lattice}  # fmt: skip

    def _step(self, s: dict) -> dict:
        """A SentencePiece BPE step in the shapes of a ranked one: `rank` is the merged piece's place
        among the vocabulary's scores (highest first, equal scores equal), so the lowest rank merging
        first, leftmost on a tie, is the highest score merging first; `score` and `scored` (each
        candidate pair with its score) say it in SentencePiece's own terms."""
        chosen = s["candidates"][s["chosen"]]
        n = len(s["symbols"]) + 1
        ranks: list = [None] * (n - 1)
        for c in s["candidates"]:
            ranks[c["index"]] = self._rank[c["merged"]]
        return {"left": chosen["left"], "right": chosen["right"], "merged": chosen["merged"], "rank": self._rank[chosen["merged"]],
                "id": self.sp._id(chosen["merged"]), "position": chosen["index"], "candidates": ranks,
                "symbols": list(s["symbols"]), "score": chosen["score"],
                "scored": [{"position": c["index"], "left": c["left"], "right": c["right"], "merged": c["merged"],
                            "score": c["score"]} for c in s["candidates"]]}  # fmt: skip

    def explain(self, typed: str) -> dict:
        from .decoding import explain_ids

        return explain_ids(self, typed)

    def special_views(self, text: str) -> dict:
        from .special import _view

        ids = self.sp.encode(text)
        return {"contains_special": any(t in text for t in self.special_tokens), "refused": _view(self, ids),
                "allowed": _view(self, list(ids)), "plain": _view(self, list(ids))}  # fmt: skip

    def table_facts(self) -> dict:
        sp = self.sp
        n_merged = sum(1 for p in sp.normal if len(p) > 1)
        return {"n_vocab": self.n_vocab, "n_ranks": len(sp.normal), "n_merged": n_merged,
                "specials": [[t, i] for t, i in self.special_tokens.items()]}  # fmt: skip

    def model_facts(self) -> dict:
        """What the page says about the model, in ModelFacts' shape, its family named."""
        sp = self.sp
        return {
            "name": self.name, "title": self.title, "licence": self.licence, "family": self.family,
            "format": self.format, "file": TABLE_FILES.get(self.name), "kind": "characters", "space": "\u2581", "digits": "whole", "cjk_runs": False, "whole_tokens": False,
            "byte_fallback": bool(sp.model.byte_fallback), "n_patterns": 0, "post_specials": [],
            "vocab_size": self.n_vocab, "vocab_size_with_added": self.n_vocab,
            "n_added": len(self.special_ids),
            "n_special": len(self.special_ids),
        }  # fmt: skip

    def row(self, text: str, dim: int) -> dict:
        """The models lesson's row: `encode(text)` (no <s>), each token labelled as the chips write it."""
        from .model_rows import _label, _row
        from .model_rows import is_han

        sp = self.sp
        pieces = [(p, i, f) for word in self._words(text) for p, i, f in zip(*self._final(word))]
        chips, han_tokens = [], 0
        normalized = sp.normalize(text)
        at = 0  # where the piece starts in the normalized text (a byte token: the character it is part of)
        pending = b""
        for piece, i, fell in pieces:
            if fell:
                pending += bytes([int(piece[3:5], 16)])
                ch = normalized[at] if at < len(normalized) else ""
                if len(pending) == len(ch.encode("utf-8")):
                    at += 1
                    pending = b""
                han_tokens += is_han(ch)
                chips.append((_label(None, piece, bytes([int(piece[3:5], 16)])), True, piece))
                continue
            surface = self.decode_single_token_bytes(i).decode("utf-8", "replace")
            han_tokens += any(is_han(ch) for ch in piece)
            at += len(piece)
            chips.append((_label(surface, piece), False, piece))
        ids = [i for _, i, _ in pieces]
        return dict(_row(ids, chips, len(ids), han_tokens, text, self.n_vocab, dim), makeup=None)


def _rule(seen: str) -> str:
    """The strip's colour for a SentencePiece word, by its first character after ▁."""
    body = seen.lstrip("\u2581")
    if not body:
        return "whitespace"
    first = body[0]
    if first.isalpha():
        return "letters"
    if first.isdigit() or first.isnumeric():
        return "digits"
    if first.isspace():
        return "whitespace"
    return "punctuation"
