"""Post-processors: what happens to the encoding once the model has made its tokens.

Mirrors huggingface/tokenizers `tokenizers/src/processors/` (template.rs, bert.rs, roberta.rs,
sequence.rs; ByteLevel as a post-processor in pre_tokenizers/byte_level.rs: `process_offsets`). Two
ways in, the same rules:

* `process_dict(encoding, add_special_tokens)`: one sequence as a dict of parallel lists (ids,
  tokens, offsets, special_tokens_mask), the tokenizer's fast path; `process_ids` its ids alone;
* `process(encoding, pair=None, add_special_tokens=True)`: `Encoding`s, one or a pair, as the bindings
  take them (each sequence gets its sequence id and type id first; then `process_encodings`; then the
  pair is merged into one).

    >>> bos = TemplateProcessing(single="<bos> $A", special_tokens=[("<bos>", 2)])
    >>> bos.process_dict({"ids": [9], "tokens": ["hi"], "offsets": [(0, 2)], "special_tokens_mask": [0]}, True)["ids"]
    [2, 9]
    >>> ByteLevel(add_prefix_space=False).process_dict({"ids": [1], "tokens": ["Ġhi"], "offsets": [(0, 3)], "special_tokens_mask": [0]}, True)["offsets"]
    [(1, 3)]
    >>> from .encoding import Encoding
    >>> BertProcessing(("[SEP]", 0), ("[CLS]", 1)).process(Encoding([5], ["hi"]), Encoding([6], ["yo"])).tokens
    ['[CLS]', 'hi', '[SEP]', 'yo', '[SEP]']
"""

from __future__ import annotations

from ._config import CLASSES, Part, bad, expect
from .encoding import Encoding

__all__ = ["BertProcessing", "ByteLevel", "PostProcessor", "RobertaProcessing", "Sequence", "TemplateProcessing", "from_config"]

_SPACE_CHARS = "".join(sorted({chr(c) for a, b in CLASSES["s"] for c in range(a, b + 1)} | {"\u0120"}))  # Ġ is the space byte


def _dict_of(e: Encoding) -> dict:
    return {"ids": list(e.ids), "tokens": list(e.tokens), "offsets": list(e.offsets), "special_tokens_mask": list(e.special_tokens_mask)}


class PostProcessor(Part):
    def process_dict(self, encoding: dict, add_special_tokens: bool) -> dict:
        """One sequence's encoding (a dict of lists), processed."""
        out = self.process(Encoding(encoding["ids"], encoding["tokens"], encoding["offsets"], encoding["special_tokens_mask"]), None, add_special_tokens)
        return _dict_of(out)

    def process_ids(self, ids: list[int], add_special_tokens: bool) -> list[int]:
        """The ids `process_dict` would give, alone (the tokenizer makes the rest only when it is read)."""
        n = len(ids)
        enc = {"ids": ids, "tokens": [""] * n, "offsets": [(0, 0)] * n, "special_tokens_mask": [0] * n}
        return self.process_dict(enc, add_special_tokens)["ids"]

    def added_tokens(self, is_pair: bool) -> int:
        """How many special tokens this adds to one sequence, or to a pair."""
        return 0

    def num_special_tokens_to_add(self, is_pair: bool) -> int:
        return self.added_tokens(is_pair)

    def process_encodings(self, encodings: list[Encoding], add_special_tokens: bool) -> list[Encoding]:
        return encodings

    def process(self, encoding: Encoding, pair: Encoding | None = None, add_special_tokens: bool = True) -> Encoding:
        """One encoding, or a pair merged into one (processors `process`): each gets its sequence id
        and type id (0, 1), then `process_encodings`."""
        encodings = [encoding] if pair is None else [encoding, pair]
        for i, e in enumerate(encodings):
            e.set_sequence_id(i)
            for o in e.overflowing:
                o.set_sequence_id(i)
            e._type_ids = [i] * len(e)
        return Encoding.merge(self.process_encodings(encodings, add_special_tokens), False)


def trim_offsets(tokens: list[str], offsets: list, add_prefix_space: bool) -> list:
    """Each token's offsets without the spaces at its ends (byte_level.rs `process_offsets`); the
    first token keeps one leading space when `add_prefix_space` (that one was added, not typed)."""
    out = []
    for i, (token, (start, end)) in enumerate(zip(tokens, offsets)):
        lead = len(token) - len(token.lstrip(_SPACE_CHARS)) if token else 0
        trail = len(token) - len(token.rstrip(_SPACE_CHARS)) if token else 0
        if lead:
            if (i == 0 or start == 0) and add_prefix_space and lead == 1:
                lead = 0
            start = min(start + lead, end)
        if trail and end >= trail:
            end = max(end - trail, start)
        out.append((start, end))
    return out


def _trimmed(e: Encoding, add_prefix_space: bool) -> None:
    e.offsets = trim_offsets(e.tokens, e.offsets, add_prefix_space)
    for o in e.overflowing:
        _trimmed(o, add_prefix_space)


class ByteLevel(PostProcessor):
    """With `trim_offsets`, each token's offsets leave out the spaces at its ends (the first token keeps
    one leading space when `add_prefix_space`); otherwise nothing changes."""

    def __init__(self, add_prefix_space: bool = True, trim_offsets: bool = True, use_regex: bool = True, **_type):
        self.add_prefix_space, self.trim_offsets, self.use_regex = bool(add_prefix_space), bool(trim_offsets), bool(use_regex)

    def process_ids(self, ids, add_special_tokens):
        return ids

    def process_dict(self, encoding, add_special_tokens):
        if self.trim_offsets:
            encoding["offsets"] = trim_offsets(encoding["tokens"], encoding["offsets"], self.add_prefix_space)
        return encoding

    def process_encodings(self, encodings, add_special_tokens):
        if self.trim_offsets:
            for e in encodings:
                _trimmed(e, self.add_prefix_space)
        for i, e in enumerate(encodings):
            e.set_sequence_id(i)
        return encodings

    def to_config(self):
        return {"type": "ByteLevel", "add_prefix_space": self.add_prefix_space, "trim_offsets": self.trim_offsets, "use_regex": self.use_regex}


def _wrap(e: Encoding, before: list[tuple[str, int]], after: list[tuple[str, int]], types: tuple, seq: int) -> Encoding:
    """`e` between special tokens: `types` = (type id before, None to keep e's, type id after)."""
    ids, type_ids, tokens, words, offsets, mask, attention = e._columns()
    nb, na = len(before), len(after)
    own = type_ids if types[1] is None else [types[1]] * len(ids)
    out = Encoding(
        [i for _, i in before] + ids + [i for _, i in after], [t for t, _ in before] + tokens + [t for t, _ in after],
        [(0, 0)] * nb + offsets + [(0, 0)] * na, [1] * nb + [0] * len(ids) + [1] * na, None,
        [types[0]] * nb + own + [types[2]] * na, [None] * nb + words + [None] * na, [1] * (nb + len(ids) + na),
    )  # fmt: skip
    out._ranges = {seq: (nb, nb + len(ids))}
    return out


class BertProcessing(PostProcessor):
    """BERT's: [CLS] A [SEP], and B [SEP] after it for a pair (type ids 0 for A's part, 1 for B's)."""

    def __init__(self, sep: tuple[str, int], cls: tuple[str, int]):
        self.sep, self.cls = tuple(sep), tuple(cls)

    def added_tokens(self, is_pair):
        return 3 if is_pair else 2

    def process_encodings(self, encodings, add_special_tokens):
        if not add_special_tokens:
            return encodings
        out = []
        for i, e in enumerate(encodings):
            if i == 0:
                w = _wrap(e, [self.cls], [self.sep], (0, None, 0), 0)
                w.overflowing = [_wrap(o, [self.cls], [self.sep], (0, None, 0), 0) for o in e.overflowing]
            else:
                w = _wrap(e, [], [self.sep], (None, None, 1), 1)
                w.overflowing = [_wrap(o, [], [self.sep], (None, None, 1), 1) for o in e.overflowing]
            out.append(w)
        return out

    def to_config(self):
        return {"type": "BertProcessing", "sep": list(self.sep), "cls": list(self.cls)}


class RobertaProcessing(PostProcessor):
    """RoBERTa's: <s> A </s>, and </s> B </s> after it for a pair; every type id 0; offsets trimmed as
    ByteLevel trims them (`trim_offsets`, `add_prefix_space`)."""

    def __init__(self, sep: tuple[str, int], cls: tuple[str, int], trim_offsets: bool = True, add_prefix_space: bool = True):
        self.sep, self.cls = tuple(sep), tuple(cls)
        self.trim_offsets, self.add_prefix_space = trim_offsets, add_prefix_space

    def added_tokens(self, is_pair):
        return 4 if is_pair else 2

    def process_encodings(self, encodings, add_special_tokens):
        if self.trim_offsets:
            for e in encodings:
                _trimmed(e, self.add_prefix_space)
        for e in encodings:
            e._type_ids = [0] * len(e)
        if not add_special_tokens:
            return encodings
        out = []
        for i, e in enumerate(encodings):
            first = [self.cls] if i == 0 else [self.sep]
            w = _wrap(e, first, [self.sep], (0, 0, 0), i)
            w.overflowing = [_wrap(o, first, [self.sep], (0, 0, 0), i) for o in e.overflowing]
            out.append(w)
        return out

    def to_config(self):
        return {"type": "RobertaProcessing", "sep": list(self.sep), "cls": list(self.cls), "trim_offsets": self.trim_offsets, "add_prefix_space": self.add_prefix_space}


def _piece(text: str, path: str) -> dict:
    """One piece of a template written as a string (template.rs `Piece::try_from`): "$A", "$B:1",
    "$1" (sequence A, type id 1), "[CLS]:0"; anything else cannot be a piece."""
    parts = text.split(":")
    if len(parts) > 2 or len(parts) == 2 and not parts[1].isdigit():
        raise bad("hf_bad_value", path=path, expected="a template piece", value=f'Cannot build Piece from string "{text}"')
    name, type_id = parts[0], int(parts[1]) if len(parts) == 2 else 0
    if not name.startswith("$"):
        return {"SpecialToken": {"id": name, "type_id": type_id}}
    rest = name[1:]
    if rest in ("", "A", "a", "B", "b"):
        return {"Sequence": {"id": "B" if rest in ("B", "b") else "A", "type_id": type_id}}
    if rest.isdigit():
        return {"Sequence": {"id": "A", "type_id": type_id if len(parts) == 2 else int(rest)}}
    raise bad("hf_bad_value", path=path, expected="a template piece", value=f'Cannot build Piece from string "{text}"')


def _template(spec, path: str) -> list[dict]:
    """A template as tokenizers.json writes it: from "<bos> $A", a list of such strings, or the list of pieces."""
    if isinstance(spec, str):
        spec = spec.split()
    expect(spec, list, path, "a list")
    out = []
    for k, piece in enumerate(spec):
        if isinstance(piece, str):
            out.append(_piece(piece, f"{path}[{k}]"))
            continue
        if not (isinstance(piece, dict) and len(piece) == 1 and next(iter(piece)) in ("Sequence", "SpecialToken")):
            raise bad("hf_bad_value", path=f"{path}[{k}]", expected='{"Sequence": ...} or {"SpecialToken": ...}', value=piece)
        out.append(piece)
    return out


class TemplateProcessing(PostProcessor):
    """Special tokens put around the sequences by a template ("[CLS] $A [SEP]", and "... $B:1 [SEP]:1"
    for a pair). Only when encoding with `add_special_tokens`; the added tokens have offsets (0, 0)."""

    def __init__(self, single="$0", pair=None, special_tokens=None):
        self.single = _template(single, "post_processor.single")
        self.pair = _template(pair, "post_processor.pair") if pair is not None else None
        self.special_tokens = {}
        for item in special_tokens or []:
            if isinstance(item, (tuple, list)):
                self.special_tokens[item[0]] = {"id": item[0], "ids": [item[1]], "tokens": [item[0]]}
            else:
                self.special_tokens[item["id"]] = dict(item)
        named = [p["SpecialToken"]["id"] for p in self.single + (self.pair or []) if "SpecialToken" in p]
        missing = [n for n in dict.fromkeys(named) if n not in self.special_tokens]
        if missing:
            raise bad("hf_bad_value", path="post_processor.special_tokens", expected="an entry for each special token of the templates",
                      value=f"Missing SpecialToken(s) with id(s) `{', '.join(missing)}`")  # fmt: skip

    def added_tokens(self, is_pair):
        template = (self.pair or []) if is_pair else self.single
        return sum(len(self.special_tokens[p["SpecialToken"]["id"]]["ids"]) for p in template if "SpecialToken" in p)

    def process_ids(self, ids, add_special_tokens):
        if not add_special_tokens:
            return ids
        out = []
        for piece in self.single:
            out += ids if "Sequence" in piece else self.special_tokens[piece["SpecialToken"]["id"]]["ids"]
        return out

    def process_dict(self, encoding, add_special_tokens):
        if not add_special_tokens:
            return encoding
        out = {"ids": [], "tokens": [], "offsets": [], "special_tokens_mask": []}
        for piece in self.single:
            if "Sequence" in piece:
                for k in out:
                    out[k].extend(encoding[k])
            else:
                special = self.special_tokens[piece["SpecialToken"]["id"]]
                out["ids"].extend(special["ids"])
                out["tokens"].extend(special["tokens"])
                out["offsets"].extend([(0, 0)] * len(special["ids"]))
                out["special_tokens_mask"].extend([1] * len(special["ids"]))
        return out

    def process_encodings(self, encodings, add_special_tokens):
        template = self.single if len(encodings) == 1 else self.pair
        if template is None:
            raise bad("hf_bad_value", path="post_processor.pair", expected="a template for pairs", value=None)
        parts = []
        for piece in template:
            if "Sequence" in piece:
                i = 0 if piece["Sequence"]["id"] == "A" else 1
                e = encodings[i]
                e._type_ids = [piece["Sequence"]["type_id"]] * len(e)
                e.set_sequence_id(i)
                parts.append(e)
            elif add_special_tokens:
                special, type_id = self.special_tokens[piece["SpecialToken"]["id"]], piece["SpecialToken"]["type_id"]
                n = len(special["ids"])
                parts.append(Encoding(list(special["ids"]), list(special["tokens"]), [(0, 0)] * n, [1] * n, None, [type_id] * n, [None] * n, [1] * n))
        return [Encoding.merge(parts, False)]

    def to_config(self):
        return {"type": "TemplateProcessing", "single": self.single, "pair": self.pair, "special_tokens": self.special_tokens}


class Sequence(PostProcessor):
    def __init__(self, processors):
        self.processors = list(processors)

    def __getitem__(self, i):
        return self.processors[i]

    def __setitem__(self, i, processor):
        self.processors[i] = processor

    def added_tokens(self, is_pair):
        return sum(p.added_tokens(is_pair) for p in self.processors)

    def process_ids(self, ids, add_special_tokens):
        for p in self.processors:
            ids = p.process_ids(ids, add_special_tokens)
        return ids

    def process_dict(self, encoding, add_special_tokens):
        for p in self.processors:
            encoding = p.process_dict(encoding, add_special_tokens)
        return encoding

    def process_encodings(self, encodings, add_special_tokens):
        for p in self.processors:
            encodings = p.process_encodings(encodings, add_special_tokens)
        return encodings

    def to_config(self):
        return {"type": "Sequence", "processors": [p.to_config() for p in self.processors]}


def _pair(value, path: str) -> tuple[str, int]:
    if not (isinstance(value, list) and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], int)):
        raise bad("hf_bad_value", path=path, expected='["token", id]', value=value)
    return value[0], value[1]


def from_config(d, path: str = "post_processor"):
    if d is None:
        return None
    expect(d, dict, path, "an object")
    kind = d.get("type")
    if kind == "ByteLevel":
        flags = [expect(d.get(k, True), bool, f"{path}.{k}", "true or false") for k in ("add_prefix_space", "trim_offsets", "use_regex")]
        return ByteLevel(*flags)
    if kind == "TemplateProcessing":
        specials = expect(d.get("special_tokens", {}), dict, f"{path}.special_tokens", "an object")
        for name, s in specials.items():
            ok = isinstance(s, dict) and isinstance(s.get("ids"), list) and isinstance(s.get("tokens"), list)
            if not ok or len(s["ids"]) != len(s["tokens"]) or not all(isinstance(i, int) for i in s["ids"]):
                raise bad("hf_bad_value", path=f"{path}.special_tokens[{name!r}]", expected="{id, ids, tokens}", value=s)
        return TemplateProcessing(d.get("single"), d.get("pair"), list(specials.values()))
    if kind == "BertProcessing":
        return BertProcessing(_pair(d.get("sep"), f"{path}.sep"), _pair(d.get("cls"), f"{path}.cls"))
    if kind == "RobertaProcessing":
        flags = [expect(d.get(k, True), bool, f"{path}.{k}", "true or false") for k in ("trim_offsets", "add_prefix_space")]
        return RobertaProcessing(_pair(d.get("sep"), f"{path}.sep"), _pair(d.get("cls"), f"{path}.cls"), *flags)
    if kind == "Sequence":
        items = expect(d.get("processors"), list, f"{path}.processors", "a list")
        return Sequence([from_config(x, f"{path}.processors[{i}]") for i, x in enumerate(items)])
    raise bad("hf_unsupported", path=f"{path}.type", value=kind)


PostProcessor._family = staticmethod(from_config)
