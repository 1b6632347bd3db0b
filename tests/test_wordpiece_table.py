"""The WordPiece table `wordpiece_en` (toklab.wordpiece_models, issue 38): trained by toklab's own
WordPieceTrainer on botchan.txt, the same file every time; HuggingFace `tokenizers` (0.23.3, CPython)
loading the file the build ships (its tokenizer.json, and BERT's vocab.txt beside it) gives the ids
toklab gives, on held-out text of several scripts; each word's trace (every longest-match try in
order, the pieces chosen, [UNK] and why) holds to `tokenizers`' vocabulary and ends in the answer's
tokens; its answers fit the protocol's types.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.cpython_only  # needs the `tokenizers` oracle and the repository's tools/

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from contract import check  # noqa: E402
from tools.spm_models import extra_file  # noqa: E402
from tools.wordpiece_models import vocab_txt, wordpiece_file  # noqa: E402
from toklab import protocol, webapi  # noqa: E402
from toklab.wordpiece_models import SPECIAL_TOKENS, WORDPIECE_MODELS, train  # noqa: E402

tokenizers = pytest.importorskip("tokenizers")

NAME = "wordpiece_en"
TEXTS = [
    "Hello, world! Unaffable naïve CAFÉ déjà-vu",
    "Привет, мир! Γειά σου κόσμε. مرحبا بالعالم שלום עולם नमस्ते दुनिया",
    "今天天气真好。吾輩は猫である。東京タワー 한국어",
    "def f(x):\n    return x ** 2  # 😀 👩‍👩‍👧 𝕏",
    "  tabs\tand\nlines   \u00a0 soft\u00adhyphen zero\u200bwidth",
    "[CLS] a [SEP] [MASK] [PAD] [UNK] [unk]",
    "a" * 99 + " " + "b" * 101 + " " + "ab" * 60,
    "",
    " ",
]


def ok(kind: str, **payload) -> dict:
    answer = json.loads(webapi.handle(kind, json.dumps(payload)))
    assert answer["ok"], answer
    return answer["result"]


@pytest.fixture(scope="module")
def oracle():
    """`tokenizers` on the tokenizer.json the build ships."""
    return tokenizers.Tokenizer.from_file(str(wordpiece_file(NAME)))


def _chunks(text: str, size: int, count: int) -> list[str]:
    return [text[k * size : (k + 1) * size] for k in range(count) if text[k * size : (k + 1) * size]]


@pytest.fixture(scope="module")
def held_out():
    """Text the table was not trained on, of several scripts: the train lesson's shipped corpora (Chinese
    verse, English prose) and Python's own source, as tests/test_sentencepiece.py reads them."""
    from bench.corpora import python
    from tools.corpora import _poems, _prose

    code, _ = python()
    return _chunks(_poems()["text"], 400, 20) + _chunks(_prose()["text"], 600, 20) + _chunks("".join(code[:3]), 500, 12)


def test_the_same_corpus_gives_the_same_file():
    """Trained again from botchan.txt, the vocabulary and the whole file are the ones shipped."""
    facts = WORDPIECE_MODELS[NAME]
    lines = extra_file(facts.corpus).read_text(encoding="utf-8").splitlines()
    again = train(lines, vocab_size=facts.vocab_size)
    assert again.to_str(pretty=True) == wordpiece_file(NAME).read_text(encoding="utf-8")
    vocab = again.get_vocab()
    assert len(vocab) == facts.vocab_size
    assert [vocab[t] for t in SPECIAL_TOKENS] == [0, 1, 2, 3, 4]
    assert sum(t.startswith("##") for t in vocab) > 500  # pieces inside words, learned by merging


def test_ids_are_tokenizers_ids(oracle, held_out):
    for text in TEXTS + held_out:
        view = ok("overview", text=text, encoding=NAME)
        expected = oracle.encode(text, add_special_tokens=False)
        assert view["ids"] == expected.ids, text
        assert [t for p in view["pieces"] for t in p["tokens"]] == expected.tokens, text


def test_bert_vocab_txt_gives_the_same_ids(held_out):
    """BERT's own form of the vocabulary: `tokenizers`' BertWordPieceTokenizer reading the vocab.txt the
    build writes (lowercase, accents stripped, [CLS] ... [SEP] added) gives toklab's ids."""
    from tokenizers import BertWordPieceTokenizer

    bert = BertWordPieceTokenizer(str(vocab_txt(NAME)), lowercase=True)
    for text in TEXTS + held_out[::4]:
        ids = ok("overview", text=text, encoding=NAME)["ids"]
        assert bert.encode(text).ids == [2, *ids, 3], text


def test_each_word_traced_as_longest_match(oracle):
    """Every try in order: from each start the longest rest of the word first, one character shorter
    each time, ## before it unless the start is 0, found exactly when `tokenizers`' vocabulary has it;
    the pieces chosen are the answer's tokens, or [UNK] with the place where nothing matched."""
    vocab = oracle.get_vocab()
    seen_unk = seen_long = 0
    for text in TEXTS:
        view = ok("overview", text=text, encoding=NAME)
        check(view, protocol.Overview)
        assert view["family"] == "wordpiece" and view["model"]["family"] == "wordpiece"
        for p in view["pieces"]:
            assert p["spans"][0][0] == 0 and p["spans"][-1][1] == len(p["bytes"])  # the word's bytes, end to end
            traced = ok("trace_piece", text=text, index=p["index"], encoding=NAME)
            check(traced, protocol.KINDS["trace_piece"][1])
            assert traced["ids"] == p["ids"]
            if p["rule"] == "special":
                assert "wordpiece" not in traced
                continue
            check(traced, protocol.WordPieceTracedPiece)
            wp = traced["wordpiece"]
            word = wp["word"]
            assert traced["symbols"] == list(word)
            start, end = 0, len(word)
            for t in wp["tries"]:
                assert (t["start"], t["end"]) == (start, end)
                assert t["piece"] == ("##" if start else "") + word[start:end]
                assert t["found"] == (t["piece"] in vocab) and t["id"] == vocab.get(t["piece"])
                start, end = (t["end"], len(word)) if t["found"] else (start, end - 1)
            assert [c["id"] for c in wp["chosen"]] == p["ids"]
            if wp["unk"] is None:
                assert [c["piece"] for c in wp["chosen"]] == [t["piece"] for t in wp["tries"] if t["found"]]
                assert start == len(word) and wp["unk_at"] is None
                assert traced["greedy"]["tokens"] == p["tokens"]
            elif wp["unk"] == "no_piece":
                seen_unk += 1
                assert p["tokens"] == ["[UNK]"] and wp["unk_at"] == start < len(word)
                assert wp["tries"][-1]["end"] == start + 1 and not wp["tries"][-1]["found"]
                assert traced["greedy"]["tokens"][-1] == "[UNK]"  # the mistake: [UNK] only for the rest
            else:
                seen_long += 1
                assert wp["unk"] == "too_long" and len(word) > wp["max_chars"] and wp["tries"] == []
    assert seen_unk and seen_long


def test_decode_model_row_and_facts(oracle):
    text = "Hello, world! Unaffable naïve Привет"
    ids = oracle.encode(text, add_special_tokens=False).ids
    decoded = ok("decode", ids=json.dumps(ids), encoding=NAME)
    check(decoded, protocol.Decoded)
    assert decoded["text"] == oracle.decode(ids, skip_special_tokens=False)
    row = ok("model_row", text=text, encoding=NAME)
    check(row, protocol.ModelRow)
    assert row["ids"] == ids and row["family"] == "wordpiece" and row["vocab_size"] == oracle.get_vocab_size()
    facts = ok("tokenizer_facts", encoding=NAME)
    check(facts, protocol.ModelFacts)
    assert facts["family"] == "wordpiece" and facts["post_specials"] == [["[CLS]", 2, "start"], ["[SEP]", 3, "end"]]
    views = ok("special", text="a [SEP] b", encoding=NAME)
    check(views, protocol.SpecialViews)
    assert views["allowed"]["ids"] == oracle.encode("a [SEP] b", add_special_tokens=False).ids


# --- the reader's own vocab.txt (issue 38: "Your file" takes a WordPiece vocab.txt) -----------------


@pytest.mark.parametrize("cased", [False, True])
def test_a_readers_vocab_txt_is_berts_tokenizer_on_it(held_out, tmp_path, cased):
    """A vocab.txt opened in the page is `tokenizers`' BertWordPieceTokenizer.from_file on it: lowercased
    exactly when the vocabulary has no capital letter (the shipped one; a cased one is made here by adding
    capitalised words), the text's ids without [CLS] and [SEP], the table "custom" titled by the file."""
    from tokenizers import BertWordPieceTokenizer

    text = vocab_txt(NAME).read_text(encoding="utf-8")
    if cased:
        text += "".join(f"{w}\n" for w in ("Hello", "World", "CAFÉ", "##S", "Botchan"))
    path = tmp_path / "vocab.txt"
    path.write_text(text, encoding="utf-8")
    opened = ok("tokenizer_vocab_file", text=text, name="my-vocab.txt")
    check(opened, protocol.TokenizerFile)
    assert opened["model"] == ("WordPiece, cased" if cased else "WordPiece, lowercased")
    assert opened["facts"]["title"] == "my-vocab.txt" and opened["facts"]["family"] == "wordpiece"
    bert = BertWordPieceTokenizer(str(path), lowercase=not cased)
    assert opened["makeup"]["total"] == bert.get_vocab_size()
    for sample in TEXTS + held_out[::4] + ["Hello World, Botchan's CAFÉ"]:
        assert [2, *ok("overview", text=sample, encoding="custom")["ids"], 3] == bert.encode(sample).ids, sample


def test_a_vocab_txt_without_berts_specials_is_refused_and_the_file_before_stays():
    ok("tokenizer_vocab_file", text=vocab_txt(NAME).read_text(encoding="utf-8"), name="first.txt")
    answer = json.loads(webapi.handle("tokenizer_vocab_file", json.dumps({"text": "the\ncat\n##s\n", "name": "words.txt"})))
    assert not answer["ok"] and answer["error"]["code"] == "hf_bad_value"
    assert "[UNK] [CLS] [SEP]" in json.dumps(answer["error"], ensure_ascii=False)
    assert ok("tokenizer_facts", encoding="custom")["title"] == "first.txt"
