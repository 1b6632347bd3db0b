"""Post-processors: what happens to the encoding once the model has made its tokens.

Mirrors huggingface/tokenizers `tokenizers/src/processors/template.rs` (TemplateProcessing),
`pre_tokenizers/byte_level.rs` (ByteLevel as a post-processor: `process_offsets`) and
`processors/sequence.rs`. An encoding here is a dict of parallel lists: ids, tokens, offsets,
special_tokens_mask.

    >>> bos = TemplateProcessing(single="<bos> $A", special_tokens=[("<bos>", 2)])
    >>> bos.process({"ids": [9], "tokens": ["hi"], "offsets": [(0, 2)], "special_tokens_mask": [0]}, True)["ids"]
    [2, 9]
    >>> ByteLevel(add_prefix_space=False).process({"ids": [1], "tokens": ["Ġhi"], "offsets": [(0, 3)], "special_tokens_mask": [0]}, True)["offsets"]
    [(1, 3)]
"""

from __future__ import annotations

from ._config import CLASSES, bad, expect

__all__ = ["ByteLevel", "PostProcessor", "Sequence", "TemplateProcessing", "from_config"]

_SPACE_CHARS = {chr(c) for a, b in CLASSES["s"] for c in range(a, b + 1)} | {"\u0120"}  # Ġ is the space byte


class PostProcessor:
    def process(self, encoding: dict, add_special_tokens: bool) -> dict:
        raise NotImplementedError

    def process_ids(self, ids: list[int], add_special_tokens: bool) -> list[int]:
        """The ids `process` would give, alone (the tokenizer makes the rest only when it is read)."""
        n = len(ids)
        enc = {"ids": ids, "tokens": [""] * n, "offsets": [(0, 0)] * n, "special_tokens_mask": [0] * n}
        return self.process(enc, add_special_tokens)["ids"]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.to_config()})"


class ByteLevel(PostProcessor):
    """With `trim_offsets`, each token's offsets leave out the spaces at its ends (the first token keeps
    one leading space when `add_prefix_space`); otherwise nothing changes."""

    def __init__(self, add_prefix_space: bool = True, trim_offsets: bool = True, use_regex: bool = True):
        self.add_prefix_space, self.trim_offsets, self.use_regex = bool(add_prefix_space), bool(trim_offsets), bool(use_regex)

    def process_ids(self, ids, add_special_tokens):
        return ids

    def process(self, encoding, add_special_tokens):
        if not self.trim_offsets:
            return encoding
        offsets = []
        for i, (token, (start, end)) in enumerate(zip(encoding["tokens"], encoding["offsets"])):
            lead = len(token) - len(token.lstrip("".join(_SPACE_CHARS))) if token else 0
            trail = len(token) - len(token.rstrip("".join(_SPACE_CHARS))) if token else 0
            if lead:
                if (i == 0 or start == 0) and self.add_prefix_space and lead == 1:
                    lead = 0
                start = min(start + lead, end)
            if trail and end >= trail:
                end = max(end - trail, start)
            offsets.append((start, end))
        encoding["offsets"] = offsets
        return encoding

    def to_config(self):
        return {"type": "ByteLevel", "add_prefix_space": self.add_prefix_space, "trim_offsets": self.trim_offsets, "use_regex": self.use_regex}


class TemplateProcessing(PostProcessor):
    """Special tokens put around the sequence by a template ("<bos> $A"): Gemma 3 puts <bos> first.
    Only when encoding with `add_special_tokens`; the added tokens have offsets (0, 0)."""

    def __init__(self, single, pair=None, special_tokens=None):
        self.single = _template(single, "post_processor.single")
        self.pair = _template(pair, "post_processor.pair") if pair is not None else None
        self.special_tokens = {}
        for item in special_tokens or []:
            if isinstance(item, tuple):
                self.special_tokens[item[0]] = {"id": item[0], "ids": [item[1]], "tokens": [item[0]]}
            else:
                self.special_tokens[item["id"]] = item
        for piece in self.single:
            if "SpecialToken" in piece and piece["SpecialToken"]["id"] not in self.special_tokens:
                raise bad("hf_bad_value", path="post_processor.special_tokens", expected=f"an entry for {piece['SpecialToken']['id']!r}", value=sorted(self.special_tokens))

    def process_ids(self, ids, add_special_tokens):
        if not add_special_tokens:
            return ids
        out = []
        for piece in self.single:
            out += ids if "Sequence" in piece else self.special_tokens[piece["SpecialToken"]["id"]]["ids"]
        return out

    def process(self, encoding, add_special_tokens):
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

    def to_config(self):
        return {"type": "TemplateProcessing", "single": self.single, "pair": self.pair, "special_tokens": self.special_tokens}


def _template(spec, path: str) -> list[dict]:
    """A template as tokenizers.json writes it: from "<bos> $A" or the list of pieces."""
    if isinstance(spec, str):
        pieces = []
        for word in spec.split():
            if word.startswith("$"):
                seq, _, type_id = word[1:].partition(":")
                pieces.append({"Sequence": {"id": seq or "A", "type_id": int(type_id or 0)}})
            else:
                name, _, type_id = word.partition(":")
                pieces.append({"SpecialToken": {"id": name, "type_id": int(type_id or 0)}})
        return pieces
    expect(spec, list, path, "a list")
    for k, piece in enumerate(spec):
        if not (isinstance(piece, dict) and len(piece) == 1 and next(iter(piece)) in ("Sequence", "SpecialToken")):
            raise bad("hf_bad_value", path=f"{path}[{k}]", expected='{"Sequence": ...} or {"SpecialToken": ...}', value=piece)
    return spec


class Sequence(PostProcessor):
    def __init__(self, processors):
        self.processors = list(processors)

    def process_ids(self, ids, add_special_tokens):
        for p in self.processors:
            ids = p.process_ids(ids, add_special_tokens)
        return ids

    def process(self, encoding, add_special_tokens):
        for p in self.processors:
            encoding = p.process(encoding, add_special_tokens)
        return encoding

    def to_config(self):
        return {"type": "Sequence", "processors": [p.to_config() for p in self.processors]}


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
    if kind == "Sequence":
        items = expect(d.get("processors"), list, f"{path}.processors", "a list")
        return Sequence([from_config(x, f"{path}.processors[{i}]") for i, x in enumerate(items)])
    raise bad("hf_unsupported", path=f"{path}.type", value=kind)
