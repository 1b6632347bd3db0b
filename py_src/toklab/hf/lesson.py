"""An open model's tokenizer as the lessons see a table: pieces, traced pieces, ids to decode, facts.

What this adds over `toklab.hf.trace`: the answers of the encode, decode and special lessons
(`toklab.webapi`: `overview`, `trace_piece`, `decode`, `special`) in the very shapes OpenAI's tables give
them (docs/protocol.md), so the page draws MiniMind, Qwen3, DeepSeek-V3, Llama 3 and Gemma 3 with the
code that draws GPT-2. Each piece carries the symbols the model starts from and their bytes:

* a byte-level model (a ByteLevel pre-tokenizer) starts from one symbol per byte, written as GPT-2
  writes bytes (Ġ is a space); a piece's `bytes` are the bytes those symbols stand for;
* any other model (Gemma: SentencePiece-style) starts from one symbol per character of the normalized
  piece (a space is ▁ there), and a character missing from its vocabulary as its `<0xE4>`-style byte
  tokens (byte fallback); a piece's `bytes` are the UTF-8 bytes of the normalized piece, and a byte
  token stands for one of them.

A piece that `ignore_merges` takes whole (Llama 3: " việc" is itself a token) starts as that one token,
with no steps, and says so (`whole`). A merge's rank is its index in `merges`; its id comes from the
vocabulary. Added tokens (special or not) are cut out of the text first, as `tokenizers` does, and are
pieces of rule "special". The post-processor's tokens (Gemma's <bos>) are not pieces: `post_specials`.

A WordPiece model (BERT's; family "wordpiece") merges nothing when it encodes: a piece is one word,
cut by longest match (toklab.hf.wordpiece.longest_match), and its trace is every try in order, the
pieces chosen, and [UNK] for a word it cannot cover with why (`wordpiece`); its symbols are the
word's characters, and each token's span is the bytes of the characters it covers (`##` is no byte of
the text).

    >>> from toklab import get_tokenizer
    >>> table = LessonTable("minimind", get_tokenizer("minimind"))
    >>> [(p["text"], p["ids"]) for p in table.pieces("今天天气真好")]
    [('今天天气真好', [5640, 3660, 2131, 658])]
    >>> [(s["merged"], s["rank"], s["id"]) for s in table.trace_piece(table.pieces("今天天气真好")[0])["steps"]][:2]
    [('ä»', 12, 304), ('å¤', 38, 330)]
"""

from __future__ import annotations

import re

from ..bytes_unicode import from_printable
from ..errors import ToklabError
from ..facts import piece_label, token_texts
from ..pretokenize import rule_of
from ..protocol import MAX_CANDIDATE_BYTES
from . import normalizers as _norm
from . import pre_tokenizers as _pre
from .tokenizer import _original
from .trace import _parts, _steps

__all__ = ["LessonTable", "config_family", "model_facts", "said"]

_BYTE_TOKEN = re.compile(r"<0x([0-9A-F]{2})>")


def _rule(text: str) -> str:
    """GPT-2's name for the kind of piece (the strip colours pieces by it), else by its first character.

    >>> _rule(" the"), _rule("123"), _rule("▁今天"), _rule("。")
    ('letters', 'digits', 'letters', 'punctuation')
    """
    try:
        return rule_of(text)
    except ValueError:
        pass
    body = text.lstrip(" ▁Ġ") or text
    if body.isspace():
        return "whitespace"
    first = body[0]
    if first.isalpha():
        return "letters"
    if first.isdigit() or first.isnumeric():
        return "digits"
    return "punctuation"


def _normalizer_parts(n) -> list:
    if n is None:
        return []
    if isinstance(n, _norm.Sequence):
        return [q for p in n.normalizers for q in _normalizer_parts(p)]
    return [n]


def _patterns(pre) -> list[str]:
    """The regular expressions of the pre-tokenizer, in order (a ByteLevel with use_regex: GPT-2's)."""
    out = []
    for part in _parts(pre):
        config = part.to_config()
        if config.get("type") == "Split" and "Regex" in config.get("pattern", {}):
            out.append(config["pattern"]["Regex"])
        elif config.get("type") == "ByteLevel" and config.get("use_regex"):
            out.append(_pre.GPT2_PATTERN)
    return out


def _digits(patterns: list[str]) -> str:
    """How the patterns cut a run of digits: "threes", "single", "runs" or "whole" (not cut apart).

    >>> _digits([r"\\p{N}{1,3}"]), _digits([r"'s|\\p{N}|\\s+"]), _digits([r" ?\\p{N}+|\\s+"]), _digits([])
    ('threes', 'single', 'runs', 'whole')
    """
    joined = "|".join(patterns)
    if r"\p{N}{1,3}" in joined:
        return "threes"
    if re.search(r"(?:^|\|)\\p\{N\}(?:\||$)", joined):
        return "single"
    if r"\p{N}+" in joined:
        return "runs"
    return "whole"


def said(name: str, title: str, licence: str, facts: dict, sizes: dict, family: str) -> dict:
    """ModelFacts: a tokenizer.json's name, title, licence and family, the file the worker fetches for it,
    its way of cutting, its sizes."""
    from ..protocol import TABLE_FILES

    keys = ("kind", "space", "digits", "cjk_runs", "whole_tokens", "byte_fallback")
    return {"name": name, "title": title, "licence": licence, "family": family, "format": "tokenizer.json",
            "file": TABLE_FILES.get(name), **{k: facts[k] for k in keys},
            "n_patterns": len(facts["patterns"]), "post_specials": [list(p) for p in facts["post_specials"]], **sizes}


def config_family(config: dict) -> str:
    """The family a tokenizer.json's model is of (toklab.tables.FAMILIES), from its config."""
    model = (config.get("model") or {}).get("type", "BPE")
    if model == "Unigram":
        return "unigram"
    if model == "WordPiece":
        return "wordpiece"
    pre = json_types(config.get("pre_tokenizer"))
    return "byte_level_bpe" if "ByteLevel" in pre else "char_bpe"


def json_types(part) -> set:
    """The "type" of a tokenizer.json part and of every part it nests."""
    if isinstance(part, dict):
        found = {part["type"]} if isinstance(part.get("type"), str) else set()
        for value in part.values():
            found |= json_types(value)
        return found
    if isinstance(part, list):
        return set().union(*(json_types(v) for v in part)) if part else set()
    return set()


def model_facts(tok) -> dict:
    """`parts_facts` of a loaded tokenizer."""
    return parts_facts(tok.normalizer, tok.pre_tokenizer, tok.post_processor, tok.model)


def config_facts(config: dict) -> dict:
    """`parts_facts` from a tokenizer.json dict, without building its model (the build quotes these
    before the page has loaded a model: tools/precompute.py)."""
    from types import SimpleNamespace

    from . import processors as _proc

    flags = config.get("model") or {}
    model = SimpleNamespace(ignore_merges=bool(flags.get("ignore_merges")), byte_fallback=bool(flags.get("byte_fallback")))
    return parts_facts(_norm.from_config(config.get("normalizer")), _pre.from_config(config.get("pre_tokenizer")),
                       _proc.from_config(config.get("post_processor")), model)  # fmt: skip


def parts_facts(normalizer, pre_tokenizer, post_processor, model) -> dict:
    """What the lessons say about a tokenizer's way of cutting, computed from its parts.

    kind: "byte_level" (bytes as symbols, a space is Ġ) or "characters" (characters as symbols);
    space: how the model writes a space ("Ġ", "▁" or " "); patterns: its pre-tokenizer's regular
    expressions; digits: how they cut a run of digits; cjk_runs: a pattern isolates runs of Han and kana;
    whole_tokens: ignore_merges (a piece that is a token is taken whole); byte_fallback;
    post_specials: the tokens the post-processor adds around the text ([token, id, "start" | "end"]).
    """
    parts = _parts(pre_tokenizer)
    byte_level = any(isinstance(p, _pre.ByteLevel) for p in parts)
    norms = [n.to_config() for n in _normalizer_parts(normalizer)]
    metaspace = any(isinstance(p, _pre.Metaspace) for p in parts) or any(
        n.get("type") == "Replace" and n.get("content") == "\u2581" for n in norms
    )
    patterns = _patterns(pre_tokenizer)
    return {
        "kind": "byte_level" if byte_level else "characters",
        "space": "Ġ" if byte_level else ("\u2581" if metaspace else " "),
        "patterns": patterns,
        "digits": _digits(patterns),
        "cjk_runs": any("\u4e00" in p for p in patterns),
        "whole_tokens": bool(getattr(model, "ignore_merges", False)),
        "byte_fallback": bool(getattr(model, "byte_fallback", False)),
        "normalizers": [n.get("type", "") for n in norms],
        "post_specials": post_specials(post_processor),
    }


def post_specials(post_processor) -> list[list]:
    """The tokens the post-processor adds to one text: [token, id, "start" | "end"] each."""
    if post_processor is None:
        return []
    probe = {"ids": [-1], "tokens": [""], "offsets": [(0, 0)], "special_tokens_mask": [0]}
    out = post_processor.process_dict(probe, True)
    ids, tokens = out["ids"], out["tokens"]
    at = ids.index(-1) if -1 in ids else len(ids)
    return [[t, i, "start" if k < at else "end"] for k, (t, i) in enumerate(zip(tokens, ids)) if i != -1]


class LessonTable:
    """A `toklab.hf.Tokenizer` with the methods the lessons call on a table (see the module docstring)."""

    def __init__(self, name: str, tok, title: str = "", licence: str = ""):
        self.name = name
        self.title = title or name
        self.licence = licence
        self.tok = tok
        self.model = tok.model
        self.facts = model_facts(tok)
        self.byte_level = self.facts["kind"] == "byte_level"
        added = tok.get_added_tokens_decoder()
        self.added_ids = {i: t.content for i, t in added.items()}
        self.special_ids = {i for i, t in added.items() if t.special}
        self.special_tokens = {t.content: i for i, t in added.items() if t.special}
        self.vocab_r = self.model.vocab_r
        self.n_vocab = 1 + max(max(self.vocab_r, default=-1), max(self.added_ids, default=-1))
        model_type = type(self.model).__name__
        families = {"BPE": "byte_level_bpe" if self.byte_level else "char_bpe", "WordPiece": "wordpiece"}
        self.family = families.get(model_type, "unigram")
        self.wordpiece = model_type == "WordPiece"
        self.format = "tokenizer.json"

    # --- the table protocol (toklab.tables) ---------------------------------------------------------

    def summary(self, piece: dict) -> dict:
        """A piece as the strip draws it (it has its spans already)."""
        return {k: v for k, v in piece.items() if k not in ("seen", "whole")}

    def plain_special(self, text: str, allowed_special: str) -> bool:
        return False  # an open model cuts its added tokens out whatever the request says

    def explain(self, typed: str) -> dict:
        from ..decoding import explain_ids

        return explain_ids(self, typed)

    def model_facts(self) -> dict:
        """The model's facts (ModelFacts), its title, licence and family with them."""
        tok = self.tok
        sizes = {"vocab_size": self.model.get_vocab_size(), "vocab_size_with_added": tok.get_vocab_size(with_added_tokens=True),
                 "n_added": len(self.added_ids), "n_special": len(self.special_ids)}  # fmt: skip
        return said(self.name, self.title, self.licence, self.facts, sizes, self.family)

    def row(self, text: str, dim: int) -> dict:
        from ..model_rows import hf_row

        return hf_row(self.tok, text, dim)

    # --- tokens -----------------------------------------------------------------------------------

    def token(self, i: int) -> str:
        found = self.tok.id_to_token(i)
        if found is None:
            raise ToklabError("unknown_id", id=i, encoding=self.name, max_id=self.n_vocab - 1)
        return found

    def is_special(self, i: int) -> bool:
        return i in self.special_ids

    def _symbol_bytes(self, token: str) -> bytes:
        """The bytes a symbol of a piece stands for, in the piece's `bytes` (see the module docstring)."""
        if self.byte_level:
            try:
                return from_printable(token)
            except ValueError:
                return token.encode("utf-8")
        m = _BYTE_TOKEN.fullmatch(token) if self.model.byte_fallback else None
        return bytes([int(m.group(1), 16)]) if m else token.encode("utf-8")

    def decode_single_token_bytes(self, i: int) -> bytes:
        """The bytes token `i` decodes to: added tokens as their text, byte tokens as their byte, a
        SentencePiece ▁ as a space (the decoder's Replace)."""
        token = self.token(i)
        if i in self.added_ids:
            return token.encode("utf-8")
        if self.wordpiece:  # ##ing stands for "ing" inside a word
            prefix = self.model.continuing_subword_prefix
            return (token[len(prefix):] if token.startswith(prefix) else token).encode("utf-8")
        data = self._symbol_bytes(token)
        if not self.byte_level and self.facts["space"] == "\u2581":
            data = data.replace("\u2581".encode(), b" ")
        return data

    def decode_bytes(self, ids: list[int]) -> bytes:
        if self.wordpiece:  # its decoder puts the spaces between words back (a word's own token has none)
            return self.tok.decode(ids, skip_special_tokens=False).encode("utf-8")
        return b"".join(self.decode_single_token_bytes(i) for i in ids)

    # --- pieces -----------------------------------------------------------------------------------

    def _seen_bytes(self, seen: str) -> bytes:
        return self._symbol_bytes(seen) if self.byte_level else seen.encode("utf-8")

    def _spans(self, tokens: list[str], char_spans: list, seen: str) -> list[list[int]]:
        """Each symbol's [first byte, end byte) in the piece's bytes, laid end to end; an unknown token
        covers the bytes of the characters it stands for."""
        unk = getattr(self.model, "unk_token", None)
        spans, at = [], 0
        for k, token in enumerate(tokens):
            if (token == unk or self.wordpiece) and char_spans is not None:
                a, b = char_spans[k]
                n = len(self._seen_bytes(seen[a:b]))
            else:
                n = len(self._symbol_bytes(token))
            spans.append([at, at + n])
            at += n
        return spans

    def pieces(self, text: str, allowed_special=None) -> list[dict]:
        """Every piece of `text` with its ids, tokens, label, token byte spans and texts."""
        tok = self.tok
        out = []
        for added_id, span, stretch, matched in tok._segments(text):
            if added_id is not None:
                out.append(self._added_piece(len(out), matched, span, added_id))
                continue
            norm, ns, ne, base, align = stretch
            current = [(norm[ns:ne], ns, None)]
            for part in _parts(tok.pre_tokenizer):
                current = [q for p in current for q in part.split_piece(p)]
            for seen, start, cmap in current:
                if cmap is None:
                    na, nb = start, start + len(seen)
                else:
                    na, nb = (cmap[0], cmap[-1] + 1) if cmap else (0, 0)
                a, b = _original(base, align, na, nb)
                out.append(self._piece(len(out), seen, text[a:b], a, b))
        return out

    def _added_piece(self, index: int, matched: str, span, i: int) -> dict:
        data = list(matched.encode("utf-8"))
        return {"index": index, "text": matched, "start": span[0], "end": span[1], "rule": "special", "bytes": data,
                "tokens": [self.added_ids.get(i, matched)], "ids": [i], "seen": matched, "label": matched,
                "spans": [[0, len(data)]], "texts": [matched], "whole": False}  # fmt: skip

    def _piece(self, index: int, seen: str, original: str, start: int, end: int) -> dict:
        final = self.model.tokenize_spans(seen) if seen else []
        ids = [i for i, _, _ in final]
        tokens = [self.vocab_r[i] for i in ids]
        data = self._seen_bytes(seen)
        spans = self._spans(tokens, [(a, b) for _, a, b in final], seen)
        piece = {"index": index, "text": original, "start": start, "end": end, "rule": _rule(original),
                 "bytes": list(data), "tokens": tokens, "ids": ids, "seen": seen}  # fmt: skip
        label = piece_label(original) if self.byte_level else piece_label(seen)
        whole = bool(self.facts["whole_tokens"]) and len(ids) == 1 and self.model.vocab.get(seen) is not None
        return {**piece, "label": label, "spans": spans, "texts": token_texts(piece, spans), "whole": whole}

    def trace_piece(self, piece: dict) -> dict:
        """Piece `piece` (one of `pieces`) with every merge step and the greedy run beside it."""
        seen = piece["seen"]
        data = bytes(piece["bytes"])
        text = data.decode("utf-8", errors="replace") if self.byte_level else seen
        chars, at = [], 0
        for ch in text:
            n = len(ch.encode("utf-8"))
            chars.append([at, at + n, ch])
            at += n
        base = {k: piece[k] for k in ("index", "text", "start", "end", "rule", "bytes", "tokens", "ids", "whole")}
        if piece["rule"] == "special":
            return {**base, "chars": chars, "symbols": [piece["tokens"][0]], "symbol_ids": list(piece["ids"]), "steps": [],
                    "greedy": None, "spans": [[0, len(data)]]}  # fmt: skip
        if self.wordpiece:
            return self._wordpiece_trace(base, chars, seen)
        if piece["whole"]:
            return {**base, "chars": chars, "symbols": list(piece["tokens"]), "symbol_ids": list(piece["ids"]), "steps": [],
                    "greedy": {"steps": [], "tokens": list(piece["tokens"]), "ids": list(piece["ids"])},
                    "spans": [[0, len(data)]]}  # fmt: skip
        ids, char_spans = self.model.symbols(seen) if seen else ([], None)
        symbols = [self.vocab_r[i] for i in ids]
        steps = _steps(self.model, ids)
        greedy = self._greedy(ids)
        if len(ids) > MAX_CANDIDATE_BYTES:
            for s in steps + greedy["steps"]:
                s["candidates"] = None
        return {**base, "chars": chars, "symbols": symbols, "symbol_ids": list(ids), "steps": steps, "greedy": greedy,
                "spans": self._spans(symbols, char_spans, seen)}  # fmt: skip

    def _wordpiece_trace(self, base: dict, chars: list, seen: str) -> dict:
        """A WordPiece word: every longest-match try in order (toklab.hf.wordpiece.longest_match), the
        pieces chosen, [UNK] and why when the word cannot be covered; the word's characters as its
        symbols. The common mistake beside it: [UNK] only for the rest of the word, after the pieces
        found before the place where nothing matched (WordPiece makes the whole word [UNK])."""
        model = self.model
        record = model.trace(seen)
        vocab = model.vocab
        tries = [{"start": a["start"], "end": a["end"], "piece": a["piece"], "found": a["found"],
                  "id": vocab.get(a["piece"])} for a in record["attempts"]]  # fmt: skip
        unk_at = None
        if record["unk"] == "no_piece":
            unk_at = tries[-1]["start"]
        chosen = [{"start": t["start"], "end": t["end"], "piece": t["token"], "id": t["id"]} for t in record["tokens"]]
        unk_id = vocab.get(model.unk_token)
        if unk_at is None:
            mistake = [(c["piece"], c["id"]) for c in chosen]
        else:  # what was found before the place where nothing matched, then [UNK] for the rest
            found = [t for t in tries if t["found"]]
            mistake = [(t["piece"], t["id"]) for t in found] + [(model.unk_token, unk_id)]
        spans = [[a, b] for a, b, _ in chars]
        trace = {"word": seen, "prefix": model.continuing_subword_prefix, "unk_token": model.unk_token,
                 "max_chars": model.max_input_chars_per_word, "tries": tries, "chosen": chosen,
                 "unk": record["unk"], "unk_at": unk_at}  # fmt: skip
        return {**base, "chars": chars, "symbols": list(seen), "symbol_ids": None, "steps": [],
                "greedy": {"steps": [], "tokens": [t for t, _ in mistake], "ids": [i for _, i in mistake]},
                "spans": spans, "family": "wordpiece", "wordpiece": trace}  # fmt: skip

    def _greedy(self, ids: list[int]) -> dict:
        """The common mistake: always merge the leftmost pair that has any rule."""
        model, vocab_r = self.model, self.vocab_r
        ids = list(ids)
        steps = []
        while True:
            ranked = [model.merge_ranks(a, b) for a, b in zip(ids, ids[1:])]
            i = next((k for k, r in enumerate(ranked) if r is not None), None)
            if i is None:
                break
            rank, new = ranked[i]
            left, right = vocab_r[ids[i]], vocab_r[ids[i + 1]]
            ids[i : i + 2] = [new]
            steps.append({"left": left, "right": right, "merged": vocab_r[new], "rank": rank, "id": new, "position": i,
                          "candidates": [None if r is None else r[0] for r in ranked], "symbols": [vocab_r[x] for x in ids]})  # fmt: skip
        return {"steps": steps, "tokens": [vocab_r[i] for i in ids], "ids": ids}

    # --- sizes --------------------------------------------------------------------------------------

    def table_facts(self) -> dict:
        """The four sizes an OpenAI table's answers carry, for this tokenizer: n_vocab (largest id + 1),
        n_ranks (the model's vocabulary), n_merged (its merges), specials (added tokens marked special)."""
        return {
            "n_vocab": self.n_vocab,
            "n_ranks": self.model.get_vocab_size(),
            "n_merged": self._n_merged(),
            "specials": sorted(([t, i] for t, i in self.special_tokens.items()), key=lambda pair: pair[1]),
        }

    def _n_merged(self) -> int:
        """The merges (BPE), or the vocabulary entries training made by merging (WordPiece: those of
        more than one character, ## not counted)."""
        if hasattr(self.model, "merges"):
            return len(self.model.merges)
        if self.wordpiece:
            prefix = self.model.continuing_subword_prefix
            return sum(1 for t, i in self.model.vocab.items()
                       if i not in self.added_ids and len(t[len(prefix):] if t.startswith(prefix) else t) > 1)  # fmt: skip
        return 0

    # --- special tokens -----------------------------------------------------------------------------

    def special_views(self, text: str) -> dict:
        """The special lesson's three views, as `tokenizers` gives them: nothing is refused (every added
        token is cut out of plain text, so `refused` and `allowed` are the same encode), and `plain` is
        the text with `encode_special_tokens` set (special tokens read as their characters). The
        post-processor's tokens are left out of all three (they are said apart)."""
        from ..special import _view

        tok = self.tok
        ids = tok.encode(text, add_special_tokens=False).ids
        saved = tok.encode_special_tokens
        try:
            tok.encode_special_tokens = True
            plain = tok.encode(text, add_special_tokens=False).ids
        finally:
            tok.encode_special_tokens = saved
        return {
            "contains_special": any(t in text for t in self.special_tokens),
            "refused": _view(self, ids),
            "allowed": _view(self, list(ids)),
            "plain": _view(self, plain),
        }
