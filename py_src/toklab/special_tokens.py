"""The special tokens part of an encoding: texts such as <|endoftext|> that stand for one id each.

What this adds over `bpe`: the special tokens are split out of the text before anything else (as
`toklab.hf.added` splits out a tokenizer.json's added tokens), but by tiktoken's rule: a special token's
text is refused unless it is allowed, taken as its id if allowed, and read as plain text otherwise.

    >>> special = SpecialTokens({"<|endoftext|>": 50256})
    >>> special.split("hi<|endoftext|>there", "all", ())
    [('hi', False), ('<|endoftext|>', True), ('there', False)]
    >>> special.split("hi<|endoftext|>", (), ())  # neither allowed nor refused: plain text
    [('hi<|endoftext|>', False)]
"""

import re
from collections.abc import Collection
from typing import Literal

from .errors import ToklabError

__all__ = ["AllowedSpecial", "SpecialTokens"]

AllowedSpecial = Literal["all"] | Collection[str]


class SpecialTokens:
    """Special token text -> id, with the id -> text map and the pattern that finds them."""

    def __init__(self, tokens: dict[str, int] | None = None):
        self.tokens: dict[str, int] = dict(tokens or {})
        self.by_id: dict[int, str] = {i: tok for tok, i in self.tokens.items()}
        self._pattern = (
            re.compile("|".join(re.escape(t) for t in sorted(self.tokens, key=len, reverse=True))) if self.tokens else None
        )

    def split(self, text: str, allowed_special: AllowedSpecial, disallowed_special: AllowedSpecial) -> list[tuple[str, bool]]:
        """Cut `text` into (part, is_special) runs, refusing disallowed special tokens as tiktoken does."""
        allowed = set(self.tokens) if allowed_special == "all" else set(allowed_special)
        disallowed = set(self.tokens) - allowed if disallowed_special == "all" else set(disallowed_special)
        if disallowed:
            found = re.search("|".join(re.escape(t) for t in sorted(disallowed, key=len, reverse=True)), text)
            if found:
                raise ToklabError("disallowed_special", token=found.group())
        runs: list[tuple[str, bool]] = []
        pos = 0
        if allowed and self._pattern is not None:
            for m in self._pattern.finditer(text):
                if m.group() in allowed:
                    runs.append((text[pos : m.start()], False))
                    runs.append((m.group(), True))
                    pos = m.end()
        runs.append((text[pos:], False))
        return [run for run in runs if run[0]]
