"""HuggingFace ``tokenizers``' ``UnigramTrainer``: SentencePiece's Unigram EM, in pure Python.

What this adds over ``trainers``: a trainer that starts big and prunes, where BPE starts small and merges.
Rule for rule as ``tokenizers/src/models/unigram/trainer.rs`` and ``lattice.rs`` (cited as trainer.rs and
lattice.rs), which follow sentencepiece's ``unigram_model_trainer.cc``:

1. **Words** (``feed``): the pre-tokenizer's words, counted (``▁the`` with Metaspace).
2. **Seed pieces** (``seed_pieces``): every character, scored by how often it occurs (the words' counts
   included), then the substrings a suffix array finds: the words are joined with ``\\0`` after each, and
   every internal node of its suffix tree (a substring seen at two places or more with two different
   characters after it) of 2 to ``max_piece_length`` characters and no ``\\0`` is a candidate, scored by
   its number of places (each distinct word once) times its length. Characters by count, then substrings
   by score, each descending, ties to the greater character or string; at most ``seed_size`` pieces.
   Scores become log probabilities (score / sum). A ``<UNK>`` piece goes first, at id 0.
3. **EM** (``e_step``, ``m_step``), ``n_sub_iterations`` times: each word's lattice (every piece that
   matches at every character position; an unknown character is one ``<UNK>`` node scored the lowest
   score minus 10) gives each piece its expected count (forward-backward, lattice.rs's
   ``populate_marginal``, its ``log_sum_exp`` with the 50 cut-off); then a piece expected fewer than 0.5
   times is dropped and the others are scored ``digamma(count) - digamma(sum)`` (the Bayesian EM).
4. **Pruning** (``prune``), until at most 1.1 x ``vocab_size`` pieces are left: each piece's loss is how
   much the corpus likelihood would fall were it replaced by its second-best segmentation (the
   approximation of trainer.rs, its ``alternatives.len()`` included: the number of pieces, where
   sentencepiece has the number of alternatives); a piece that no best path uses goes; a piece whose own
   best segmentation is not itself is kept only if used; pieces with no alternative stay; the rest are
   kept by loss, highest first, down to ``max(1.1 x vocab_size, pieces x shrinking_factor)``.
5. **The model** (``finalize``): the special tokens (score 0; ``unk_token`` first when it is not one of
   them), then every character seen or in ``initial_alphabet`` (a character the EM dropped is put back
   with the lowest score plus 0.0001 for each one before it), then the EM's pieces in their order up to
   ``vocab_size``; all but the special tokens sorted by score, highest first (a stable sort).

**What is not ``tokenizers``' own, and why.** Three orders in trainer.rs come from hash maps, so
``tokenizers`` varies from run to run where they matter: the order of the words (it changes the last bits
of the float sums), the order of the characters put back in step 5 (it decides which gets which small
penalty, and the order of equal scores), and which of two equal-scoring paths a lattice's ``nbest`` finds
second (its heap does not order equal scores). Here, deterministically: words in the order first seen; the
characters in code point order; the second-best path is the best path without the piece itself, found by
the one Unigram Viterbi toklab has (``toklab.sentencepiece.unigram.viterbi``, path scores as doubles, as
lattice.rs's ``viterbi``): on equal scores, the path whose last piece starts first.
Sums are plain left-to-right float sums, as in the Rust loops (not ``sum()``, which Python 3.12 made
compensated). One guard of toklab's own: a prune that removes nothing stops the EM (trainer.rs would
loop forever). tests/test_hf_trainers_more.py measures what is equal: the vocabulary's overlap with
``tokenizers``' and the encodings of held-out text.

    >>> trainer = UnigramTrainer(vocab_size=12, show_progress=False, unk_token="<unk>", special_tokens=["<unk>"])
    >>> trainer.feed(["low lower lowest low low"], str.split)
    >>> [(piece, round(score, 4)) for piece, score in trainer.learn()[0]]  # doctest: +NORMALIZE_WHITESPACE
    [('<unk>', 0.0), ('low', -1.0929), ('lowe', -1.5929), ('w', -2.5926), ('o', -2.5927), ('l', -2.5928),
     ('e', -2.5929), ('r', -2.5929), ('s', -2.5929), ('t', -2.5929)]

(10 pieces, not 12: the EM keeps only ``low`` and ``lowe``, and the seven characters come back in rule 5;
``e``, ``l``, ``o`` and ``w`` had been dropped, so they take the lowest score plus 0, 0.0001, 0.0002 and
0.0003 in code point order. ``tokenizers`` gives the same pieces and scores, those four in another order.)
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Callable, Iterable

from toklab.errors import ToklabError, ToklabTypeError

from ..sentencepiece.unigram import stats_of, viterbi
from .trainers_bpe import MAX_VOCAB_SIZE, Trainer, _InitialAlphabet, _int_option

__all__ = ["UnigramTrainer", "digamma", "log_sum_exp", "seed_pieces"]

_NAN = float("nan")
_UNK_PENALTY = 10.0  # model.rs's K_UNK_PENALTY
_BOUNDARY = "\0"  # between the words, for the suffix array


def _total(values) -> float:
    """A plain left-to-right float sum, as Rust's ``.sum()`` (Python's ``sum`` compensates since 3.12)."""
    s = 0.0
    for v in values:
        s += v
    return s


def digamma(x: float) -> float:
    """trainer.rs's ``digamma`` (its asymptotic series).

    >>> round(digamma(1.0), 6)  # minus the Euler-Mascheroni constant
    -0.577216
    """
    result = 0.0
    while x < 7.0:
        result -= 1.0 / x
        x += 1.0
    x -= 1.0 / 2.0
    xx = 1.0 / x
    xx2 = xx * xx
    xx4 = xx2 * xx2
    result += (math.log(x) + (1.0 / 24.0) * xx2 - 7.0 / 960.0 * xx4 + (31.0 / 8064.0) * xx4 * xx2
               - (127.0 / 30720.0) * xx4 * xx4)
    return result


def log_sum_exp(x: float, y: float) -> float:
    """lattice.rs's ``log_sum_exp``: log(e^x + e^y), the smaller dropped when 50 below the larger.

    >>> round(log_sum_exp(0.0, 0.0), 6), log_sum_exp(0.0, -60.0)
    (0.693147, 0.0)
    """
    vmin, vmax = (y, x) if x > y else (x, y)
    if vmax > vmin + 50.0:
        return vmax
    return vmax + math.log(math.exp(vmin - vmax) + 1.0)


# --- 2. seed pieces -------------------------------------------------------------------------------------

def suffix_nodes(flat: str, max_depth: int) -> list[tuple[str, int]]:
    """The internal nodes of ``flat``'s suffix tree no deeper than ``max_depth`` characters, as esaxx
    enumerates them: ``(substring, number of places)``, each a substring seen at two places or more
    that two different characters follow (or the text's end).

    Only the first ``max_depth + 1`` characters of each suffix are sorted: a node no deeper than
    ``max_depth`` is a run of sorted suffixes whose common prefixes are all at least its depth, and
    capping the common prefixes at ``max_depth + 1`` changes no such run.

    >>> sorted(suffix_nodes("abab\\0", 4))
    [('', 5), ('ab', 2), ('b', 2)]
    """
    n = len(flat)
    width = max_depth + 1
    order = sorted(range(n), key=lambda i: flat[i:i + width])
    keys = [flat[i:i + width] for i in order]
    lcp = [0] * (n + 1)  # lcp[i]: the common prefix of suffixes i-1 and i in sorted order (capped)
    for i in range(1, n):
        a, b = keys[i - 1], keys[i]
        h = 0
        m = min(len(a), len(b))
        while h < m and a[h] == b[h]:
            h += 1
        lcp[i] = h
    lcp[n] = -1
    nodes = []
    stack = [(-1, -1)]  # (left boundary, depth), as esaxx's suffixtree
    for i in range(n + 1):
        cur_left, cur_depth = i, (lcp[i] if i else 0) if i < n else -1
        cand_left, cand_depth = stack[-1]
        while cand_depth > cur_depth:
            if i - cand_left > 1 and cand_depth <= max_depth:
                nodes.append((keys[cand_left][:cand_depth], i - cand_left))
            cur_left = cand_left
            stack.pop()
            cand_left, cand_depth = stack[-1]
        if cand_depth < cur_depth:
            stack.append((cur_left, cur_depth))
        if i == n:
            break
        stack.append((i, n - order[i] + 1))  # a leaf: deeper than any common prefix
    return nodes


def seed_pieces(words: list[tuple[str, int]], max_piece_length: int = 16,
                seed_size: int = 1_000_000) -> list[tuple[str, float]]:
    """Rule 2: the seed pieces with their log probabilities (trainer.rs ``make_seed_sentence_pieces``).

    >>> [(p, round(s, 3)) for p, s in seed_pieces([("This is a", 1), ("こんにちは友達", 1)])][:4]
    [('s', -2.565), ('i', -2.565), (' ', -2.565), ('達', -3.258)]
    >>> [p for p, _ in seed_pieces([("This is a", 1), ("こんにちは友達", 1)])][-2:]
    ['is ', 's ']
    """
    chars: Counter = Counter()
    parts = []
    for word, count in words:
        if not word:
            continue
        parts.append(word + _BOUNDARY)
        for c in word:
            if c != _BOUNDARY:
                chars[c] += count
    substrings = [(freq * len(s), s) for s, freq in suffix_nodes("".join(parts), max_piece_length)
                  if len(s) > 1 and _BOUNDARY not in s]
    pieces: list[tuple[str, float]] = [(c, float(n)) for n, c in sorted(((n, c) for c, n in chars.items()), reverse=True)]
    substrings.sort(reverse=True)
    for score, s in substrings:
        pieces.append((s, float(score)))
        if len(pieces) >= seed_size:
            break
    logsum = math.log(_total(score for _, score in pieces))
    return [(p, math.log(score) - logsum) for p, score in pieces]


# --- the lattice (lattice.rs), on one word -------------------------------------------------------------

class _Pieces:
    """The pieces as the lattice reads them (model.rs's ``Unigram::from``): id by string, scores, the
    lowest score (NaN ignored) and the longest piece."""

    def __init__(self, pieces: list[tuple[str, float]]):
        self.pieces = pieces
        self.ids = {p: i for i, (p, _) in enumerate(pieces)}
        self.scores = [s for _, s in pieces]
        self.min_score = min((s for s in self.scores if s == s), default=math.inf)
        self.longest = max((len(p) for p, _ in pieces), default=1)
        self.entries = {p: (i, s) for i, (p, s) in enumerate(pieces)}  # as the Viterbi reads a vocabulary
        # what the Viterbi needs of the vocabulary (its lowest score...), the NaN of <UNK> left out
        self.stats = stats_of({p: e for p, e in self.entries.items() if e[1] == e[1]})

    def best_path(self, text: str) -> list[tuple[str, int]]:
        """The best segmentation of ``text`` as ``(piece, id)`` (an unknown character alone, id 0): lattice.rs's
        ``viterbi``, which is model.rs's, the one toklab.sentencepiece.unigram.viterbi has (path scores as
        doubles, on equal scores the path through the node that starts first)."""
        return viterbi(text, self.entries, 0, stats=self.stats, float32=False)


class _Matches:
    """Each word's matching substrings ``(start, end, piece)``, found once and thinned as pieces go: the
    pieces only ever shrink after the seeds, so a word's lattice is its live matches."""

    def __init__(self, words: list[tuple[str, int]], model: _Pieces):
        ids, longest = model.ids, model.longest
        self.found = [[(pos, end, word[pos:end]) for pos in range(len(word))
                       for end in range(pos + 1, min(len(word), pos + longest) + 1) if word[pos:end] in ids]
                      for word, _ in words]

    def nodes(self, k: int, n: int, model: _Pieces) -> list[list[tuple[int, int, float]]]:
        """Word ``k``'s lattice (``n`` characters long), as model.rs's ``populate_nodes`` fills it:
        ``starts[pos]``, the nodes beginning at each character, ``(end, id, score)``, shorter first; a
        character no one-character piece covers gets an ``<UNK>`` node (id 0, the lowest score less 10),
        last."""
        get, scores = model.ids.get, model.scores
        starts: list[list] = [[] for _ in range(n)]
        live = []
        for match in self.found[k]:
            i = get(match[2])
            if i is not None:
                starts[match[0]].append((match[1], i, scores[i]))
                live.append(match)
        if len(live) < len(self.found[k]):
            self.found[k] = live
        unk = None
        for pos, found in enumerate(starts):
            if not found or found[0][0] != pos + 1:
                if unk is None:
                    unk = model.min_score - _UNK_PENALTY
                found.append((pos + 1, 0, unk))
        return starts


def _marginals(starts: list, n: int, freq: float, expected: list[float]) -> float:
    """lattice.rs ``populate_marginal``: adds each node's expected count times ``freq`` into
    ``expected``; returns ``freq`` times the log of the sum over all paths.

    A node's forward score depends only on where it starts, its backward score only on where it ends: one
    of each per position, each summed (``log_sum_exp``, inlined) over the same nodes in the same order
    as lattice.rs (its end_nodes in the order inserted, its begin_nodes in order)."""
    log, exp = math.log, math.exp
    forward: list = [None] * (n + 1)  # alpha of the nodes starting at pos (the eos node's at n)
    forward[0] = 0.0
    for pos in range(n):
        f = forward[pos]
        if f is None:
            f = 0.0  # no node ends here: lattice.rs leaves alpha at 0
        for end, _i, score in starts[pos]:
            v = score + f
            a = forward[end]
            if a is None:
                forward[end] = v
            else:
                vmin, vmax = (v, a) if a > v else (a, v)
                forward[end] = vmax if vmax > vmin + 50.0 else vmax + log(exp(vmin - vmax) + 1.0)
    backward = [0.0] * (n + 1)  # beta of the nodes ending at pos
    for pos in range(n - 1, -1, -1):
        b = None
        for end, _i, score in starts[pos]:
            v = score + backward[end]
            if b is None:
                b = v
            else:
                vmin, vmax = (v, b) if b > v else (b, v)
                b = vmax if vmax > vmin + 50.0 else vmax + log(exp(vmin - vmax) + 1.0)
        if b is not None:
            backward[pos] = b
    z = forward[n] if n else 0.0
    for pos in range(n):
        a = forward[pos]
        if a is None:
            a = 0.0
        for end, i, score in starts[pos]:
            expected[i] += freq * exp(a + score + backward[end] - z)
    return freq * z


# --- the trainer ----------------------------------------------------------------------------------------

class UnigramTrainer(_InitialAlphabet, Trainer):
    """Trains a Unigram model as ``tokenizers.trainers.UnigramTrainer`` (same options, same defaults; the
    module docstring says where the result can differ and why).

    ``progress(done, total, stage)`` (toklab's own) is called after each EM sub-iteration and each prune:
    ``done`` steps of about ``total`` (trainer.rs's estimate, which the end can pass), ``stage`` a dict
    (``{"stage": "em" or "prune", "pieces": how many now}``). Returning False stops: the pieces so far
    are finalized (rule 5) as if the EM had ended there."""

    def __init__(self, vocab_size: int = 8000, show_progress: bool = True, special_tokens: Iterable = (),
                 initial_alphabet: Iterable[str] = (), shrinking_factor: float = 0.75,
                 unk_token: str | None = None, max_piece_length: int = 16, n_sub_iterations: int = 2,
                 seed_size: int = 1_000_000, progress: Callable | None = None, **ignored):
        self.vocab_size = _int_option("vocab_size", vocab_size, 0, MAX_VOCAB_SIZE)
        self.show_progress = bool(show_progress)
        self.special_tokens = special_tokens
        self.initial_alphabet = initial_alphabet
        if isinstance(shrinking_factor, bool) or not isinstance(shrinking_factor, (int, float)) \
                or not 0 < shrinking_factor < 1:
            raise ToklabTypeError("wrong_type", field="shrinking_factor", expected="number between 0 and 1")
        self.shrinking_factor = float(shrinking_factor)
        if unk_token is not None and not isinstance(unk_token, str):
            raise ToklabTypeError("wrong_type", field="unk_token", expected="string")
        self.unk_token = unk_token
        self.max_piece_length = _int_option("max_piece_length", max_piece_length, 1)
        self.n_sub_iterations = _int_option("n_sub_iterations", n_sub_iterations)
        self.seed_size = _int_option("seed_size", seed_size, 1)
        self.progress = progress
        for key in ignored:
            print(f"Ignored unknown kwargs option {key}")  # as the Python binding says it
        self.words: dict[str, int] = {}
        self.stop_reason: str | None = None  # after learn: "vocab_size", "stalled" or "stopped"

    def __repr__(self) -> str:
        return (f"UnigramTrainer(vocab_size={self.vocab_size}, special_tokens={self._special_tokens!r}, "
                f"unk_token={self.unk_token!r}, shrinking_factor={self.shrinking_factor})")

    def _state(self) -> dict:
        return {"show_progress": self.show_progress, "vocab_size": self.vocab_size,
                "n_sub_iterations": self.n_sub_iterations, "shrinking_factor": self.shrinking_factor,
                "special_tokens": self._special_state(), "initial_alphabet": self.initial_alphabet,
                "unk_token": self.unk_token, "max_piece_length": self.max_piece_length, "seed_size": self.seed_size,
                "words": self.words}

    def feed(self, sequences: Iterable[str], process: Callable[[str], list[str]]) -> None:
        """Count the words of every sequence (rule 1); replaces what was fed before."""
        words: dict[str, int] = {}
        get = words.get
        for sequence in sequences:
            for word in process(sequence):
                words[word] = get(word, 0) + 1
        self.words = words

    def get_word_count(self) -> int:
        return len(self.words)

    # --- rule 3 --------------------------------------------------------------------------------------

    @staticmethod
    def e_step(model: _Pieces, words: list[tuple[str, int]], matches: _Matches | None = None) -> list[float]:
        """Each piece's expected count over the corpus (trainer.rs ``run_e_step``)."""
        matches = _Matches(words, model) if matches is None else matches
        expected = [0.0] * len(model.pieces)
        for k, (word, count) in enumerate(words):
            n = len(word)
            _marginals(matches.nodes(k, n, model), n, float(count), expected)
        return expected

    @staticmethod
    def m_step(pieces: list[tuple[str, float]], expected: list[float]) -> list[tuple[str, float]]:
        """The pieces expected at least 0.5 times, scored by the Bayesian EM (trainer.rs ``run_m_step``);
        the ``<UNK>`` piece (id 0) is always kept, scored NaN."""
        kept = [(pieces[0][0], _NAN)]
        total = 0.0
        for i in range(1, len(pieces)):
            freq = expected[i]
            if freq < 0.5:
                continue
            kept.append((pieces[i][0], freq))
            total += freq
        logsum = digamma(total)
        return [kept[0]] + [(p, digamma(c) - logsum) for p, c in kept[1:]]

    # --- rule 4 --------------------------------------------------------------------------------------

    def prune(self, model: _Pieces, words: list[tuple[str, int]]) -> list[tuple[str, float]]:
        """trainer.rs ``prune_sentence_pieces``: the pieces kept, ``<UNK>`` first."""
        pieces = model.pieces
        size = len(pieces)
        always_keep = [True] * size
        alternatives: list[list[int]] = [[] for _ in range(size)]
        always_keep[0] = False
        for i in range(1, size):
            token = pieces[i][0]
            n = len(token)
            if n == 1:
                continue  # one path only: kept
            if len(model.best_path(token)) >= 2:
                always_keep[i] = False
                continue
            del model.entries[token]  # the second-best path: the best one but the piece itself
            alternatives[i] = [j for _, j in model.best_path(token)]
            model.entries[token] = (i, pieces[i][1])
        freq = [0.0] * size
        inverted: list[list[int]] = [[] for _ in range(size)]
        vsum = 0.0
        for w, (word, count) in enumerate(words):
            vsum += count
            for _piece, i in model.best_path(word):
                freq[i] += count
                inverted[i].append(w)
        total = _total(freq)
        logsum = math.log(total)
        kept = [pieces[0]]
        candidates: list[tuple[int, float]] = []
        for i in range(1, size):
            if freq[i] == 0.0 and not always_keep[i]:
                continue
            if not alternatives[i]:
                kept.append(pieces[i])
                continue
            f = 0.0
            for w in inverted[i]:
                f += words[w][1]
            if f == 0.0 or f != f:
                continue
            f /= vsum
            logprob_sp = math.log(freq[i]) - logsum
            logsum_alt = math.log(total + freq[i] * (size - 1))  # trainer.rs: alternatives.len(), all pieces
            logprob_alt = 0.0
            for j in alternatives[i]:
                logprob_alt += math.log(freq[j] + freq[i]) - logsum_alt
            candidates.append((i, f * (logprob_sp - logprob_alt)))
        desired = self.vocab_size * 11 // 10
        pruned_size = max(desired, int(size * self.shrinking_factor))
        candidates.sort(key=lambda c: -c[1])  # stable: equal losses keep their order
        for i, _loss in candidates:
            if len(kept) == pruned_size:
                break
            kept.append(pieces[i])
        return kept

    # --- rule 5 --------------------------------------------------------------------------------------

    def required_chars(self, words: list[tuple[str, int]]) -> list[str]:
        """Every character of the words and of ``initial_alphabet``, in code point order."""
        seen = set(self._initial_alphabet)
        for word, _ in words:
            seen.update(word)
        return sorted(seen)

    def finalize(self, model: _Pieces, required: list[str]) -> tuple[list[tuple[str, float]], int | None]:
        """trainer.rs ``finalize``: the model's pieces and its ``unk_id``."""
        penalty = 0.0
        pieces: list[tuple[str, float]] = []
        inserted = {"<UNK>"}
        existing = dict(model.pieces)
        for c in required:
            inserted.add(c)
            if c in existing:
                pieces.append((c, existing[c]))
            else:
                pieces.append((c, model.min_score + penalty))
                penalty += 0.0001
        specials = self._special_tokens
        unk_id, add_unk = None, False
        if self.unk_token is not None:
            unk_id = specials.index(self.unk_token) if self.unk_token in specials else 0
            add_unk = self.unk_token not in specials
        room = self.vocab_size - len(specials) - (1 if add_unk else 0)
        for token, score in model.pieces:
            if token in inserted:
                continue
            inserted.add(token)
            pieces.append((token, 0.0 if score != score else score))
            if len(pieces) == room:
                break
        pieces.sort(key=lambda p: -p[1])  # stable, as Rust's sort_by
        head = [(t, 0.0) for t in specials]
        if add_unk:
            head.insert(0, (self.unk_token, 0.0))
        return head + pieces, unk_id

    # --- the whole -----------------------------------------------------------------------------------

    def learn(self, word_counts: dict[str, int] | None = None) -> tuple[list[tuple[str, float]], int | None]:
        """Train on ``word_counts`` (default: what ``feed`` counted): ``(pieces with scores, unk_id)``."""
        steps = self.learn_steps(word_counts)
        try:
            news = next(steps)
            while True:
                go_on = True
                if self.progress is not None:
                    go_on = self.progress(*news) is not False
                elif self.show_progress:
                    import sys

                    print(f"{news[2]['stage']:<6} {news[0]:>4}/{news[1]:<4} {news[2]['pieces']} pieces", file=sys.stderr)
                news = steps.send(go_on)
        except StopIteration as end:
            return end.value

    def learn_steps(self, word_counts: dict[str, int] | None = None):
        """``learn`` one step at a time: yields ``(done, total, {"stage", "pieces"})`` after each EM
        sub-iteration and each prune and is sent whether to go on; returns ``learn``'s answer."""
        word_counts = self.words if word_counts is None else word_counts
        words = list(word_counts.items())
        pieces = [("<UNK>", _NAN)] + seed_pieces(words, self.max_piece_length, self.seed_size)
        desired = self.vocab_size * 11 // 10
        loops = int((math.log(desired) - math.log(len(pieces))) / math.log(self.shrinking_factor)) + 1 \
            if desired > 0 else 1
        total = max(loops, 1) * self.n_sub_iterations
        required = self.required_chars(words)
        if len(required) > self.vocab_size:
            raise ToklabError("too_small", field="vocab_size", min=len(required))
        model = _Pieces(pieces)
        matches = _Matches(words, model)
        done = 0
        self.stop_reason = "vocab_size"
        while True:
            for _ in range(self.n_sub_iterations):
                expected = self.e_step(model, words, matches)
                pieces = self.m_step(pieces, expected)
                model = _Pieces(pieces)
                done += 1
                if (yield done, total, {"stage": "em", "pieces": len(pieces)}) is False:
                    self.stop_reason = "stopped"
                    return self.finalize(model, required)
            if len(pieces) <= desired:
                break
            pruned = self.prune(model, words)
            if len(pruned) >= len(pieces):
                self.stop_reason = "stalled"
                break
            pieces = pruned
            model = _Pieces(pieces)
            if (yield done, total, {"stage": "prune", "pieces": len(pieces)}) is False:
                self.stop_reason = "stopped"
                break
        return self.finalize(model, required)

    def train_model(self, model) -> list[str]:
        """Fill ``model`` (a ``models.Unigram``) with the pieces learned from the words fed, as trainer.rs
        replaces the model (``byte_fallback`` off). Returns the special tokens, for the tokenizer to add."""
        from . import models

        pieces, unk_id = self.learn()
        fresh = models.Unigram(vocab=pieces, unk_id=unk_id, byte_fallback=False)
        model.__dict__.update(fresh.__dict__)  # trained in place, as tokenizers trains the model it holds
        return self.special_tokens
