"""Pre-tokenization: cut text into pieces with GPT-2's pattern, before any merging.

GPT-2 never merges across these pieces. Its pattern is

    's|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+

tried left to right at each position, the first alternative that matches wins. A letter run takes one
leading space with it (" the"), so do digit and punctuation runs; a whitespace run before a word leaves its
last space to that word (`\\s+(?!\\S)`).

    >>> split_pieces("I'm fix the AI  now!")
    ['I', "'m", ' fix', ' the', ' AI', ' ', ' now', '!']
    >>> [(p.text, p.rule) for p in find_pieces("ok 42?")]
    [('ok', 'letters'), (' 42', 'digits'), ('?', 'punctuation')]

The browser has no `regex` module, and Python's `re` has no \\p{...}, so the classes are spelled out as
code-point ranges generated from `regex` (see `_uniclass`). Python's `re` then runs the pattern in C, in
linear time for every input (each alternative is a single greedy run with a one-character look-ahead).
"""

import bisect
import functools
import itertools
import re
from typing import NamedTuple

from . import _uniclass

__all__ = [
    "GPT2", "GPT2_PATTERN", "RULES", "Piece", "Pretokenizer", "find_pieces", "clean_surrogates", "rule_of",
    "scan_pieces", "split_pieces",
]  # fmt: skip

GPT2_PATTERN = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""

# The name of each alternative group of _RULED below, in order.
RULES = ("contraction", "letters", "digits", "punctuation", "whitespace")


def _class_body(runs: list[list[int]]) -> str:
    """The inside of a [...] class for these code-point runs.

    >>> _class_body([[0x41, 0x5a], [0x5f, 0x5f]])
    'A-Z_'
    """
    return "".join(re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b in runs)


def _complement(*classes: list[list[int]]) -> list[list[int]]:
    """The code-point runs in none of `classes`.

    >>> _complement([[0x30, 0x39]], [[0x41, 0x5a]])[:3]
    [[0, 47], [58, 64], [91, 1114111]]
    """
    out: list[list[int]] = []
    nxt = 0
    for a, b in sorted((a, b) for runs in classes for a, b in runs):
        if a > nxt:
            out.append([nxt, a - 1])
        nxt = max(nxt, b + 1)
    if nxt <= 0x10FFFF:
        out.append([nxt, 0x10FFFF])
    return out


def _one_of(runs: list[list[int]]) -> str:
    """A pattern for one character in `runs`.

    `re` finds a character below U+10000 in a class by one table look-up, but checks the ranges above it
    one by one, for every character it tries. So the astral ranges stand apart, behind a cheap guard that
    only astral characters pass: on ordinary text this makes the whole pattern four times faster.

    >>> _one_of([[0x41, 0x5a]]), _one_of([[0x41, 0x41], [0x10400, 0x1044f]])
    ('[A-Z]', '(?:[A]|(?=[\U00010000-\U0010ffff])[\U00010400-\U0001044f])')
    """
    bmp = [[a, min(b, 0xFFFF)] for a, b in runs if a <= 0xFFFF]
    astral = [[max(a, 0x10000), b] for a, b in runs if b > 0xFFFF]
    if not astral:
        return f"[{_class_body(bmp)}]" if bmp else "(?!)"  # (?!) matches nothing, like an empty class
    guarded = f"(?=[\U00010000-\U0010ffff])[{_class_body(astral)}]"
    return f"(?:[{_class_body(bmp)}]|{guarded})" if bmp else guarded


def _gpt2_alternatives(one_of) -> list[str]:
    """GPT-2's alternatives in `re`, each character class spelled by `one_of(runs)`."""
    letter, number, space = one_of(_uniclass.LETTER), one_of(_uniclass.NUMBER), one_of(_uniclass.SPACE)
    # [^\s\p{L}\p{N}] is spelled as a positive class: `re` runs a negated class of hundreds of ranges
    # hundreds of times slower.
    other = one_of(_complement(_uniclass.SPACE, _uniclass.LETTER, _uniclass.NUMBER))
    not_space = one_of(_complement(_uniclass.SPACE))
    return [
        r"'(?:s|t|re|ve|m|ll|d)",
        rf" ?{letter}+",
        rf" ?{number}+",
        rf" ?{other}+",
        rf"{space}+(?!{not_space})|{space}+",
    ]


class _Runs:
    """Membership in a class of code-point runs by binary search."""

    def __init__(self, runs: list[list[int]]):
        self._runs = sorted(runs)
        self._starts = [a for a, _ in self._runs]

    def __contains__(self, cp: int) -> bool:
        i = bisect.bisect_right(self._starts, cp) - 1
        return i >= 0 and cp <= self._runs[i][1]


_PRIVATE = 0xE000  # a private-use character: no class of a pre-tokenizer pattern tells it from its neighbours
_STAND_INS_TOP = 0xF8FF  # stand-ins are private-use characters counting down from here
_MAX_STAND_INS = 64


class AstralFold:
    """The fast path of `Pretokenizer.split`: a pattern whose classes hold no astral character, cutting
    any text exactly as the full pattern does.

    `re` tests a character below U+10000 against a class by one table look-up, but an astral one against
    each astral range in turn; so the full pattern guards the astral ranges behind an alternation
    (`_one_of`), and every step of a repetition pays for it (GPT-2's pattern runs 1.6 times slower for it,
    o200k's 2.3 times). Yet astral characters are rare, and all a pattern can tell about one is which of
    its classes hold it. So each astral character of a text is replaced by a stand-in: a private-use
    character that the fast pattern's classes hold exactly when they hold the astral one (one stand-in
    per combination of classes, a handful). The fast pattern cuts the replaced text, and the pieces are
    the original text's characters at the same offsets. A private-use character in the text that is a
    stand-in's own becomes U+E000, which every class treats alike.

        >>> fold = AstralFold([[[0x41, 0x5a], [0x1d400, 0x1d419]]])  # A-Z and bold A-Z
        >>> fold.one_of([[0x41, 0x5a], [0x1d400, 0x1d419]]), fold.fold("A\U0001d400\U0001f600")
        ('[A-Z\\uf8fe]', 'A\\uf8fe\\uf8ff')
    """

    def __init__(self, classes: list[list[list[int]]]):
        unique = {tuple(map(tuple, runs)): _Runs(runs) for runs in classes}
        members = list(unique.values())
        cuts = {0x10000, 0x110000}
        for runs in unique:
            for a, b in runs:
                if b >= 0x10000:
                    cuts.update((max(a, 0x10000), b + 1))
        cuts = sorted(cuts)
        self._starts: list[int] = []
        self._stand_ins: list[str] = []
        self._example: dict[int, int] = {}  # stand-in -> an astral code point it stands for
        by_classes: dict[tuple[bool, ...], int] = {}
        for start in cuts[:-1]:  # between two cuts, every class holds all the characters or none
            holds = tuple(start in m for m in members)
            stand_in = by_classes.setdefault(holds, _STAND_INS_TOP - len(by_classes))
            self._example.setdefault(stand_in, start)
            if not self._stand_ins or self._stand_ins[-1] != chr(stand_in):
                self._starts.append(start)
                self._stand_ins.append(chr(stand_in))
        self._lowest = _STAND_INS_TOP - len(by_classes) + 1
        reserved = range(self._lowest, _STAND_INS_TOP + 1)
        # Usable if there are few stand-ins and U+E000 is held by the same classes as the characters
        # they displace.
        self.usable = len(by_classes) <= _MAX_STAND_INS and all(
            (cp in m) == (_PRIVATE in m) for m in members for cp in reserved
        )
        self.find = re.compile(f"[\U00010000-\U0010ffff{chr(self._lowest)}-\uf8ff]")

    def one_of(self, runs: list[list[int]]) -> str:
        """A class for the fast pattern: `runs` below U+10000, without the stand-ins' places, and the
        stand-ins of the astral characters in `runs`."""
        bmp = _complement(_complement(runs), [[self._lowest, _STAND_INS_TOP]], [[0x10000, 0x10FFFF]])
        held = _Runs(runs)
        stand_ins = sorted(s for s, example in self._example.items() if example in held)
        body = _class_body(bmp) + "".join(re.escape(chr(s)) for s in stand_ins)
        return f"[{body}]" if body else "(?!)"

    def fold(self, text: str, replaced: list[int] | None = None) -> str:
        """`text` with each astral character replaced by its stand-in (same length, same offsets); the
        offsets of the characters replaced are appended to `replaced`."""
        starts, stand_ins, found = self._starts, self._stand_ins, replaced if replaced is not None else []

        def stand_in(m: re.Match) -> str:
            found.append(m.start())
            cp = ord(m.group())
            return chr(_PRIVATE) if cp <= 0xFFFF else stand_ins[bisect.bisect_right(starts, cp) - 1]

        return self.find.sub(stand_in, text)


_CHUNK = 256


def _chunk_lengths(pieces: list[str]) -> list[int]:
    """How many characters each run of `_CHUNK` pieces holds.

    Joined in C: inside Pyodide, `sum(map(len, pieces))` over a million pieces costs a fifth of the cut
    itself, and a list of a million running offsets more.

        >>> _chunk_lengths(["ab", "c"] * 200)
        [384, 216]
    """
    return [len("".join(pieces[k : k + _CHUNK])) for k in range(0, len(pieces), _CHUNK)]


def _holding(pieces: list[str], offsets: list[int], length: int, *, by_chunks: bool | None = None) -> list[tuple[int, int]] | None:
    """(index, start) of each piece holding one of `offsets` (ascending); None if the pieces do not
    cover the `length` characters of their text end to end.

    Many offsets: one running offset per piece, in C. A few among very many pieces (a long text with an
    emoji here and there): a chunk of pieces at a time, then piece by piece inside the chunk. (`by_chunks`
    chooses for the tests.)

        >>> _holding(["ab", "c", "de"], [1, 3, 4], 5), _holding(["ab", "de"], [1], 5)
        ([(0, 0), (2, 3)], None)
        >>> _holding(["ab", "c"] * 10000, [1, 3, 4, 29999], 30000)  # by chunks
        [(0, 0), (2, 3), (19999, 29999)]
    """
    if by_chunks is None:
        by_chunks = len(offsets) * _CHUNK * 16 < len(pieces)
    if not by_chunks:
        ends = list(itertools.accumulate(map(len, pieces)))
        if not ends or ends[-1] != length:
            return None
        return [(k, ends[k - 1] if k else 0) for k in sorted({bisect.bisect_right(ends, at) for at in offsets})]
    chunks = _chunk_lengths(pieces)
    if sum(chunks) != length:
        return None
    found: list[tuple[int, int]] = []
    c = base = 0  # chunk c starts at offset `base`
    k = start = 0  # piece k (in chunk c) starts at offset `start`
    for at in offsets:
        while base + chunks[c] <= at:
            base, c = base + chunks[c], c + 1
            k, start = c * _CHUNK, base
        while start + len(pieces[k]) <= at:
            start, k = start + len(pieces[k]), k + 1
        if not found or found[-1][0] != k:
            found.append((k, start))
    return found


def _case_blind_class(spelled: str) -> bool:
    """Whether a class with astral characters (spelled as NUL) stands where an `i` flag applies: case
    folding could then match an astral character that its stand-in does not. (A class of BMP characters
    is safe: no astral character has a BMP case partner, and stand-ins have no case.)

    >>> _case_blind_class("(?i:'s|'t)\\0+"), _case_blind_class("(?i:x\\0)")
    (False, True)
    """
    for m in re.finditer(r"\(\?([a-zA-Z]*)(?:-[a-zA-Z]*)?([:)])", spelled):
        if "i" not in m.group(1):
            continue
        if m.group(2) == ")":
            return True  # a flag for the whole pattern
        depth, i = 1, m.end()
        while i < len(spelled) and depth:
            c = spelled[i]
            if c == "\\":
                i += 2
                continue
            if c == "\0":
                return True
            depth += (c == "(") - (c == ")")
            i += 1
    return False


class Piece(NamedTuple):
    text: str
    start: int  # code-point offset in the text
    end: int
    rule: str  # one of the pre-tokenizer's rules


class Pretokenizer:
    """A pattern of alternatives, tried left to right at each position, each with the name of its rule.

    `alternatives` are stdlib `re` patterns without capturing groups; `pat_str` is the pattern as the
    tokenizer's authors wrote it (with \\p{...}), kept for reference. GPT-2's is `GPT2` below; `patterns`
    makes one from any tiktoken pattern.

        >>> p = Pretokenizer("demo", ["[a-z]+", "[0-9]{1,3}", " +"], ["letters", "digits", "spaces"])
        >>> p.split("abc 12345"), p.rule_of("345")
        (['abc', ' ', '123', '45'], 'digits')
    """

    def __init__(self, pat_str: str, alternatives: list[str], rules: list[str], *, fast: tuple[AstralFold, list[str]] | None = None):
        if len(alternatives) != len(rules):
            raise ValueError(f"{len(alternatives)} alternatives but {len(rules)} rule names")
        self.pat_str = pat_str
        self.rules = tuple(rules)
        self._alternatives = tuple(alternatives)
        self._fold, self._fast = (fast[0], re.compile("|".join(fast[1]))) if fast else (None, None)
        if self._fast is None:
            _ = self._plain  # compiled now: a pattern that does not compile fails here, not at a split

    @classmethod
    def from_classes(cls, pat_str: str, spell, rules: list[str]) -> "Pretokenizer":
        """A pre-tokenizer whose `split` has the fast path of `AstralFold`.

        `spell(one_of)` returns the alternatives with every character class written as `one_of(runs)`;
        it is called once to collect the classes, then for the full pattern and for the fast one.
        """
        classes: list[list[list[int]]] = []
        recorded = spell(lambda runs: classes.append(runs) or ("\0" if runs and runs[-1][1] > 0xFFFF else "x"))
        fold = AstralFold(classes)
        fast = None
        if fold.usable and not any(map(_case_blind_class, recorded)) and fold.find.search(pat_str) is None:
            fast = fold, spell(fold.one_of)
        return cls(pat_str, spell(_one_of), rules, fast=fast)

    @functools.cached_property
    def _plain(self) -> re.Pattern:
        """The pattern with its full classes (astral ranges behind a guard): what `split` runs when there
        is no fast path."""
        return re.compile("|".join(self._alternatives))

    @functools.cached_property
    def _ruled(self) -> re.Pattern:
        """The same pattern, each alternative a group: m.lastindex names the rule that matched.

        Compiled when first needed (by a trace, not by encoding): a big pattern takes a while.
        """
        return re.compile("|".join(f"({alt})" for alt in self._alternatives))

    def __repr__(self) -> str:
        return f"Pretokenizer({self.pat_str!r})"

    def split(self, text: str) -> list[str]:
        """The pieces of `text`, as strings (the fast path used by encoding; see `AstralFold`)."""
        fast = self._fast
        if fast is None:
            return self._plain.findall(text)
        replaced: list[int] = []
        folded = self._fold.fold(text, replaced)
        if not replaced:  # no astral character (nor a stand-in's own): the text is as it was
            return fast.findall(text)
        pieces = fast.findall(folded)
        holding = _holding(pieces, replaced, len(text))
        if holding is None:  # the pieces leave gaps: take each one's offsets
            return [text[m.start() : m.end()] for m in fast.finditer(folded)]
        for k, start in holding:  # the pieces holding a stand-in
            pieces[k] = text[start : start + len(pieces[k])]
        return pieces

    def scan(self, text: str):
        """The pieces of `text` as plain (text, start, end, rule) tuples: the fast path for traces."""
        rules = self.rules
        for m in self._ruled.finditer(text):
            start, end = m.span()
            yield text[start:end], start, end, rules[m.lastindex - 1]

    def rule_of(self, piece: str) -> str:
        """Which alternative made `piece` (a piece as `split` cut it).

        The first alternative that matches the whole piece is the one that made it: had an earlier one
        matched there, the pattern would have taken it. A full match of the alternation tries them in
        that order, so its group says which.
        """
        m = self._ruled.fullmatch(piece)
        if m is None:
            raise ValueError(f"{piece!r} is not a piece of the pattern {self.pat_str!r}")
        return self.rules[m.lastindex - 1]


GPT2 = Pretokenizer.from_classes(GPT2_PATTERN, _gpt2_alternatives, list(RULES))


def split_pieces(text: str) -> list[str]:
    """The pieces of `text`, as strings (the fast path used by encoding)."""
    return GPT2.split(text)


def find_pieces(text: str) -> list[Piece]:
    """The pieces of `text` with their offsets and the rule that made each."""
    return [Piece._make(t) for t in GPT2.scan(text)]


def rule_of(piece: str) -> str:
    """Which of GPT-2's alternatives made `piece` (see `Pretokenizer.rule_of`).

    >>> [rule_of(p) for p in ("'s", " the", "42", "?!", "  ")]
    ['contraction', 'letters', 'digits', 'punctuation', 'whitespace']
    """
    m = GPT2._ruled.fullmatch(piece)
    if m is None:
        raise ValueError(f"{piece!r} is not a piece of GPT-2's pattern")
    return RULES[m.lastindex - 1]


def clean_surrogates(text: str) -> str:
    """Replace lone surrogates by U+FFFD as tiktoken does (a valid surrogate pair becomes its character).

    >>> clean_surrogates("a\\ud800b"), clean_surrogates("\\ud83e\\udd84")
    ('a�b', '🦄')
    """
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def scan_pieces(text: str):
    """Like `find_pieces`, as plain (text, start, end, rule) tuples: the fast path for traces."""
    return GPT2.scan(text)
