"""The added vocabulary: tokens found in the text before anything else happens to it.

Mirrors huggingface/tokenizers `tokenizers/src/tokenizer/added_vocabulary.rs`. Added tokens (special
ones such as <|im_end|>, and plain ones) are matched leftmost-longest: scanning from the left, the first
place where some added token starts, and there the longest one. Tokens with `normalized: false` are
matched on the raw text; the rest of the text is normalized, and tokens with `normalized: true` are
then matched on the normalized text (their own content normalized the same way). `single_word` keeps a
match only if no word character touches it; `lstrip` and `rstrip` take the whitespace before or after
it into the match. Special or not, a match is split out of plain text:

    >>> vocab = AddedVocabulary()
    >>> vocab.add_tokens([AddedToken("<|im_end|>", special=True, normalized=False), AddedToken("<|im_e")], None, None)
    2
    >>> vocab.find_matches("你好<|im_end|>再见<|im_e", normalized=False)
    [(0, 2, None), (2, 12, 0), (12, 20, None)]
    >>> vocab.find_matches("你好<|im_end|>再见<|im_e", normalized=True)
    [(0, 2, None), (2, 8, 1), (8, 14, None), (14, 20, 1)]

(The tokenizer runs the second pass only on the stretches the first left, so <|im_end|> stays whole.)

The matcher is one `re` pattern built as a trie (a branch per next character, the shortest ending
last), so at each place `re` finds the longest token that starts there. A first character that starts
many tokens (Gemma 3's 6,242 `<unusedN>` and the rest of its 6,415: "<") stays out of the trie: the
pattern finds it as one character, and there the longest token is looked up by length in a set
(`Matcher`), which is the same leftmost-longest match without compiling thousands of branches.
"""

from __future__ import annotations

import re

from ..pretokenize import _one_of
from ._config import CLASSES, expect

__all__ = ["AddedToken", "AddedVocabulary", "Matcher", "trie_pattern"]

_WORD = _one_of(CLASSES["w"])
_ENDS_WITH_WORD = re.compile(f"{_WORD}\\Z")
_STARTS_WITH_WORD = re.compile(_WORD)
_SPACES_AT_END = re.compile(f"{_one_of(CLASSES['s'])}*\\Z")
_SPACES_AT_START = re.compile(f"{_one_of(CLASSES['s'])}*")


class AddedToken:
    """A token of the added vocabulary and how it is matched (as `tokenizers.AddedToken`). Unless set,
    `normalized` is the opposite of `special` (a special token is matched on the raw text)."""

    __slots__ = ("content", "single_word", "lstrip", "rstrip", "_normalized", "special")

    def __init__(self, content: str = "", single_word=False, lstrip=False, rstrip=False, normalized=None, special=False):
        self.content, self.single_word, self.lstrip, self.rstrip = content, single_word, lstrip, rstrip
        self._normalized, self.special = normalized, special

    @property
    def normalized(self) -> bool:
        return (not self.special) if self._normalized is None else self._normalized

    @normalized.setter
    def normalized(self, value: bool) -> None:
        self._normalized = value

    def _key(self):
        return (self.content, self.single_word, self.lstrip, self.rstrip, self.normalized, self.special)

    def __eq__(self, other):
        return isinstance(other, AddedToken) and self._key() == other._key()

    def __hash__(self):
        return hash(self.content)

    def __str__(self):
        return self.content

    def __repr__(self):
        flags = ", ".join(f"{k}={getattr(self, k)}" for k in ("rstrip", "lstrip", "single_word", "normalized", "special"))
        return f'AddedToken("{self.content}", {flags})'

    def to_config(self, id: int) -> dict:
        return {"id": id, "content": self.content, "single_word": self.single_word, "lstrip": self.lstrip,
                "rstrip": self.rstrip, "normalized": self.normalized, "special": self.special}  # fmt: skip

    @classmethod
    def from_config(cls, d: dict, path: str) -> tuple[int, AddedToken]:
        expect(d, dict, path, "an object")
        content = expect(d.get("content"), str, f"{path}.content", "a string")
        i = d.get("id")
        expect(i, int, f"{path}.id", "a whole number")
        flags = [expect(d.get(k, dflt), bool, f"{path}.{k}", "true or false")
                 for k, dflt in (("single_word", False), ("lstrip", False), ("rstrip", False), ("normalized", True), ("special", False))]  # fmt: skip
        return i, cls(content, *flags)


def trie_pattern(words) -> str:
    """A pattern matching the longest of `words` that starts where it is tried.

    >>> trie_pattern(["ab", "abc", "b"])
    '(?:ab(?:c|)|b)'
    """
    trie: dict = {}
    for w in words:
        node = trie
        for c in w:
            node = node.setdefault(c, {})
        node[None] = True
    # Built from the leaves up (no recursion: a token may be thousands of characters long).
    out: dict[int, str] = {}
    order, stack = [], [trie]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(v for k, v in node.items() if k is not None)
    for node in reversed(order):
        branches = [re.escape(k) + out.pop(id(v)) for k, v in sorted((k, v) for k, v in node.items() if k is not None)]
        if None in node:
            out[id(node)] = f"(?:{'|'.join(branches)}|)" if branches else ""
        elif len(branches) == 1:
            out[id(node)] = branches[0]
        else:
            out[id(node)] = f"(?:{'|'.join(branches)})"
    return out[id(trie)]


class Matcher:
    """Leftmost-longest matches of `words` in a text: `spans(text)` yields (start, end) in order, each
    starting where the last ended or after, the longest word at the leftmost place one starts.

    >>> m = Matcher(["ab", "abc", "b", "<x>", "<xy>", "<y"], bulk=1)
    >>> [("a<xy>b<x<y>abc"[a:b]) for a, b in m.spans("a<xy>b<x<y>abc")]
    ['<xy>', 'b', '<y', 'abc']
    >>> list(m.spans("<y")), list(m.spans("<x"))  # at the text's end: "<y" whole, and no "<x>"
    ([(0, 2)], [])
    """

    BULK = 64  # a first character starting more tokens than this is looked up by length

    def __init__(self, words, bulk: int | None = None):
        by_first: dict[str, list[str]] = {}
        for w in words:
            by_first.setdefault(w[0], []).append(w)
        limit = self.BULK if bulk is None else bulk
        self.bulk = {c: (set(ws), sorted({len(w) for w in ws}, reverse=True)) for c, ws in by_first.items() if len(ws) > limit}
        rest = [w for c, ws in by_first.items() if c not in self.bulk for w in ws]
        branches = [trie_pattern(rest)] if rest else []
        if self.bulk:
            branches.append("[" + "".join(re.escape(c) for c in sorted(self.bulk)) + "]")
        self.pattern = re.compile("|".join(branches))

    def spans(self, text: str):
        search, bulk, pos = self.pattern.search, self.bulk, 0
        while (m := search(text, pos)) is not None:
            start, end = m.span()
            found = bulk.get(text[start]) if end == start + 1 else None
            if found is not None:
                words, lengths = found
                left = len(text) - start  # a slice past the end is shorter: it could be a shorter word
                end = next((start + n for n in lengths if n <= left and text[start : start + n] in words), None)
                if end is None:
                    pos = start + 1
                    continue
            yield start, end
            pos = end


class AddedVocabulary:
    """The added tokens by id and by content, and the two matchers (raw text, normalized text)."""

    def __init__(self):
        self.added_tokens_map: dict[str, int] = {}
        self.added_tokens_map_r: dict[int, AddedToken] = {}
        self.special_tokens_set: set[str] = set()
        self.encode_special_tokens = False
        self._normalized_content: dict[int, str] = {}
        self._raw = self._norm = None
        self._ids_raw: dict[str, int] = {}
        self._ids_norm: dict[str, int] = {}

    def __len__(self):
        return len(self.added_tokens_map)

    def token_to_id(self, content: str, model) -> int | None:
        found = self.added_tokens_map.get(content)
        return found if found is not None or model is None else model.token_to_id(content)

    def simple_id_to_token(self, id: int) -> str | None:
        """The token's text for decoding: its normalized form if normalizing changed it, else its content."""
        t = self.added_tokens_map_r.get(id)
        return None if t is None else self._normalized_content.get(id, t.content)

    def is_special_token(self, content: str) -> bool:
        return content in self.special_tokens_set

    def add_tokens(self, tokens, model, normalizer) -> int:
        """Add tokens (added_vocabulary.rs `add_tokens`): a content the vocabulary or the model already
        has keeps its id; a new one takes the next id after the model's and the added ones. Returns how
        many were added (an empty one, or one already there with the same flags, is not)."""
        size = model.get_vocab_size() if model is not None else 0
        top = max(self.added_tokens_map_r, default=None)
        next_id = size if top is None else (top + 1 if top >= size or size == 0 else size)
        total = ignored = 0
        for token in tokens:
            total += 1
            if not token.content:
                ignored += 1
                continue
            known = self.added_tokens_map.get(token.content)
            if known is not None and self.added_tokens_map_r.get(known) == token:
                ignored += 1
                continue
            new_id = self.token_to_id(token.content, model)
            if new_id is None:
                new_id, next_id = next_id, next_id + 1
            if token.normalized and normalizer is not None:
                normed = normalizer.normalize_str(token.content)
                if normed != token.content:
                    self._normalized_content[new_id] = normed
            self.added_tokens_map[token.content] = new_id
            if token.special:
                self.special_tokens_set.add(token.content)
            self.added_tokens_map_r[new_id] = token
        self.refresh()
        return total - ignored

    def refresh_normalized(self, normalizer) -> None:
        self._normalized_content.clear()
        for i, token in self.added_tokens_map_r.items():
            if token.normalized and normalizer is not None:
                normed = normalizer.normalize_str(token.content)
                if normed != token.content:
                    self._normalized_content[i] = normed
        self.refresh()

    def refresh(self) -> None:
        raw, norm = {}, {}
        for i, token in self.added_tokens_map_r.items():
            if token.normalized:
                norm[self._normalized_content.get(i, token.content)] = i
            else:
                raw[token.content] = i
        raw.pop("", None)
        norm.pop("", None)
        self._ids_raw, self._ids_norm = raw, norm
        self._raw = Matcher(raw) if raw else None
        self._norm = Matcher(norm) if norm else None

    def find_matches(self, sentence: str, normalized: bool) -> list[tuple[int, int, int | None]]:
        """The sentence cut into (start, end, id) spans: id None for plain text (added_vocabulary.rs
        `find_matches`)."""
        if not sentence:
            return [(0, 0, None)]
        matcher, ids = (self._norm, self._ids_norm) if normalized else (self._raw, self._ids_raw)
        if matcher is None:
            return [(0, len(sentence), None)]
        splits, start_offset = [], 0
        for start, stop in matcher.spans(sentence):
            i = ids[sentence[start:stop]]
            token = self.added_tokens_map_r[i]
            if self.encode_special_tokens and token.content in self.special_tokens_set:
                continue
            if token.single_word:
                start_space = start == 0 or not _ENDS_WITH_WORD.search(sentence, 0, start)
                stop_space = stop == len(sentence) or not _STARTS_WITH_WORD.match(sentence, stop)
                if not (start_space and stop_space):
                    continue
            if token.lstrip:
                start = max(_SPACES_AT_END.search(sentence, 0, start).start(), start_offset)
            if token.rstrip:
                stop = _SPACES_AT_START.match(sentence, stop).end()
            if start_offset < start:
                splits.append((start_offset, start, None))
            splits.append((start, stop, i))
            start_offset = stop
        if start_offset != len(sentence):
            splits.append((start_offset, len(sentence), None))
        return splits

    def to_config(self) -> list[dict]:
        return [t.to_config(i) for i, t in sorted(self.added_tokens_map_r.items())]


def added_from_config(items, path: str = "added_tokens") -> list[tuple[int, AddedToken]]:
    if items is None:
        return []
    expect(items, list, path, "a list")
    return [AddedToken.from_config(d, f"{path}[{k}]") for k, d in enumerate(items)]

