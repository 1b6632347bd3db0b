"""The recipes people copy from HuggingFace's course, on toklab.hf and on tokenizers 0.23.3 (the oracle).

The course's chapter 6, "Building a tokenizer, block by block" (huggingface/course,
chapters/en/chapter6/8.mdx), builds three tokenizers from parts: a BERT-like WordPiece, a GPT-2-like
byte-level BPE and an XLNet-like Unigram. Each recipe below makes the course's calls in the course's
order, once with `tokenizers` and once with `toklab.hf` (the one line a reader would change is the
import), on a small English corpus (CPython's documentation, pydoc_data.topics, in batches as the course's
`get_training_corpus` yields them) instead of wikitext-2, which no registry here serves.

What is held equal, as issue 35 asks: where the trainer is exact (BPE), the whole tokenizer.json; where
`tokenizers`' own trainer varies from run to run (WordPiece) or follows a hash map's order (Unigram), the
vocabulary as far as the trainers agree (tests/test_hf_trainers_more.py says how far), and then every
encoding and decoding on the same trained vocabulary: `tokenizers`' trained tokenizer.json loaded into
toklab.hf, and toklab's loaded into `tokenizers`, on held-out text, single sentences and pairs.
"""

import json

import pytest

tokenizers = pytest.importorskip("tokenizers")

import toklab.hf  # noqa: E402


def topics(first: int, last: int) -> list[str]:
    from pydoc_data.topics import topics

    return [topics[name] for name in sorted(topics)[first:last]]


TRAIN = [line for text in topics(0, 24) for line in text.splitlines()]
HELD_OUT = [line for text in topics(40, 52) for line in text.splitlines() if line.strip()]
PAIRS = list(zip(HELD_OUT[::2], HELD_OUT[1::2]))[:150]


def get_training_corpus():
    """The course's generator: the texts in batches (lists) of 1,000."""
    for i in range(0, len(TRAIN), 1000):
        yield TRAIN[i:i + 1000]


# --- the course's three recipes, word for word but for the corpus and the sizes ----------------------------

def bert_like(lib):
    from_lib = lib
    tokenizer = from_lib.Tokenizer(from_lib.models.WordPiece(unk_token="[UNK]"))
    tokenizer.normalizer = from_lib.normalizers.BertNormalizer(lowercase=True)
    tokenizer.pre_tokenizer = from_lib.pre_tokenizers.BertPreTokenizer()
    special_tokens = ["[UNK]", "[PAD]", "[CLS]", "[SEP]", "[MASK]"]
    trainer = from_lib.trainers.WordPieceTrainer(vocab_size=2000, special_tokens=special_tokens, show_progress=False)
    tokenizer.train_from_iterator(get_training_corpus(), trainer=trainer)
    cls_token_id = tokenizer.token_to_id("[CLS]")
    sep_token_id = tokenizer.token_to_id("[SEP]")
    tokenizer.post_processor = from_lib.processors.TemplateProcessing(
        single="[CLS]:0 $A:0 [SEP]:0",
        pair="[CLS]:0 $A:0 [SEP]:0 $B:1 [SEP]:1",
        special_tokens=[("[CLS]", cls_token_id), ("[SEP]", sep_token_id)],
    )
    tokenizer.decoder = from_lib.decoders.WordPiece(prefix="##")
    return tokenizer


def gpt2_like(lib):
    tokenizer = lib.Tokenizer(lib.models.BPE())
    tokenizer.pre_tokenizer = lib.pre_tokenizers.ByteLevel(add_prefix_space=False)
    trainer = lib.trainers.BpeTrainer(vocab_size=2000, special_tokens=["<|endoftext|>"], show_progress=False)
    tokenizer.train_from_iterator(get_training_corpus(), trainer=trainer)
    tokenizer.post_processor = lib.processors.ByteLevel(trim_offsets=False)
    tokenizer.decoder = lib.decoders.ByteLevel()
    return tokenizer


def xlnet_like(lib):
    tokenizer = lib.Tokenizer(lib.models.Unigram())
    tokenizer.normalizer = lib.normalizers.Sequence([
        lib.normalizers.Replace("``", '"'),
        lib.normalizers.Replace("''", '"'),
        lib.normalizers.NFKD(),
        lib.normalizers.StripAccents(),
        lib.normalizers.Replace(lib.Regex(" {2,}"), " "),
    ])
    tokenizer.pre_tokenizer = lib.pre_tokenizers.Metaspace()
    special_tokens = ["<cls>", "<sep>", "<unk>", "<pad>", "<mask>", "<s>", "</s>"]
    trainer = lib.trainers.UnigramTrainer(vocab_size=1200, special_tokens=special_tokens, unk_token="<unk>",
                                          show_progress=False)
    tokenizer.train_from_iterator(get_training_corpus(), trainer=trainer)
    cls_token_id = tokenizer.token_to_id("<cls>")
    sep_token_id = tokenizer.token_to_id("<sep>")
    tokenizer.post_processor = lib.processors.TemplateProcessing(
        single="$A:0 <sep>:0 <cls>:2",
        pair="$A:0 <sep>:0 $B:1 <sep>:1 <cls>:2",
        special_tokens=[("<sep>", sep_token_id), ("<cls>", cls_token_id)],
    )
    tokenizer.decoder = lib.decoders.Metaspace()
    return tokenizer


RECIPES = {"bert": bert_like, "gpt2": gpt2_like, "xlnet": xlnet_like}


@pytest.fixture(scope="module")
def trained():
    """Each recipe trained once by each library: {name: (toklab's, tokenizers')}."""
    cache = {}

    def get(name):
        if name not in cache:
            cache[name] = (RECIPES[name](toklab.hf), RECIPES[name](tokenizers))
        return cache[name]

    return get


def encoding(enc) -> dict:
    return {"ids": enc.ids, "tokens": enc.tokens, "offsets": [tuple(o) for o in enc.offsets],
            "type_ids": enc.type_ids, "special_tokens_mask": enc.special_tokens_mask,
            "attention_mask": enc.attention_mask}


def assert_same_encodings(ours, theirs):
    """ours (a toklab.hf.Tokenizer) and theirs (a tokenizers.Tokenizer) encode and decode alike."""
    for line in HELD_OUT:
        mine, want = ours.encode(line), theirs.encode(line)
        assert encoding(mine) == encoding(want), line
        assert ours.decode(mine.ids) == theirs.decode(want.ids), line
    for first, second in PAIRS:
        mine, want = ours.encode(first, second), theirs.encode(first, second)
        assert encoding(mine) == encoding(want), (first, second)
        assert ours.decode(mine.ids, skip_special_tokens=False) == theirs.decode(want.ids, skip_special_tokens=False)


def vocab(tokenizer) -> dict[str, int]:
    return tokenizer.get_vocab()


# --- the course's look at each part -----------------------------------------------------------------------

def test_the_parts_the_course_tries_first():
    for lib_a, lib_b in [(toklab.hf, tokenizers)]:
        for build in (lambda lib: lib.normalizers.BertNormalizer(lowercase=True),
                      lambda lib: lib.normalizers.Sequence([lib.normalizers.NFD(), lib.normalizers.Lowercase(),
                                                            lib.normalizers.StripAccents()])):
            assert build(lib_a).normalize_str("Héllò hôw are ü?") == build(lib_b).normalize_str("Héllò hôw are ü?") \
                == "hello how are u?"
        for build in (lambda lib: lib.pre_tokenizers.BertPreTokenizer(),
                      lambda lib: lib.pre_tokenizers.Whitespace(),
                      lambda lib: lib.pre_tokenizers.Sequence([lib.pre_tokenizers.WhitespaceSplit(),
                                                               lib.pre_tokenizers.Punctuation()]),
                      lambda lib: lib.pre_tokenizers.ByteLevel(add_prefix_space=False),
                      lambda lib: lib.pre_tokenizers.Metaspace()):
            text = "Let's test my pre-tokenizer."
            assert build(lib_a).pre_tokenize_str(text) == build(lib_b).pre_tokenize_str(text)


# --- GPT-2-like: an exact trainer, the same file ---------------------------------------------------------

def test_gpt2_like_is_tokenizers_file_and_encodings(trained):
    ours, theirs = trained("gpt2")
    assert json.loads(ours.to_str()) == json.loads(theirs.to_str())
    sentence = "Let's test this tokenizer."
    encoding_ = ours.encode(sentence)
    start, end = encoding_.offsets[4]  # the course's look at the offsets
    assert sentence[start:end] == " test" == sentence.__getitem__(slice(*theirs.encode(sentence).offsets[4]))
    assert ours.decode(encoding_.ids) == sentence
    assert_same_encodings(ours, theirs)


# --- BERT-like: WordPiece, the same encodings on either trained vocabulary --------------------------------

def test_bert_like_trains_most_of_tokenizers_vocabulary(trained):
    ours, theirs = trained("bert")
    mine, want = vocab(ours), vocab(theirs)
    assert len(mine) == len(want) == 2000
    assert len(mine.keys() & want.keys()) >= 0.95 * len(want)
    for token in ["[UNK]", "[PAD]", "[CLS]", "[SEP]", "[MASK]"]:
        assert mine[token] == want[token]
    encoding_ = ours.encode("Let's test this tokenizer...", "on a pair of sentences.")
    assert encoding_.tokens[0] == "[CLS]" and encoding_.tokens[-1] == "[SEP]"
    assert encoding_.type_ids[-1] == 1 and encoding_.type_ids[0] == 0
    # the course shows "let's ...": tokenizers 0.23.3's decoder cleans each token alone and keeps "let ' s"
    want = theirs.decode(theirs.encode("Let's test this tokenizer...", "on a pair of sentences.").ids)
    assert ours.decode(encoding_.ids) == want == "let ' s test this tokenizer... on a pair of sentences."


@pytest.mark.parametrize("name", ["bert", "xlnet"])
def test_the_same_trained_vocabulary_encodes_alike(trained, name):
    ours, theirs = trained(name)
    # tokenizers' trained tokenizer read by toklab.hf, and toklab's read by tokenizers
    assert_same_encodings(toklab.hf.Tokenizer.from_str(theirs.to_str()), theirs)
    assert_same_encodings(ours, tokenizers.Tokenizer.from_str(ours.to_str()))


# --- XLNet-like: Unigram, the same pieces -----------------------------------------------------------------

def test_xlnet_like_trains_tokenizers_pieces(trained):
    ours, theirs = trained("xlnet")
    mine, want = json.loads(ours.to_str()), json.loads(theirs.to_str())
    assert mine["model"]["unk_id"] == want["model"]["unk_id"] == 2
    assert {p for p, _ in mine["model"]["vocab"]} == {p for p, _ in want["model"]["vocab"]}
    assert len(mine["model"]["vocab"]) == 1200
    for part in ("normalizer", "pre_tokenizer", "post_processor", "decoder", "added_tokens"):
        assert mine[part] == want[part], part
    encoding_ = ours.encode("Let's test this tokenizer...", "on a pair of sentences!")
    assert encoding_.tokens[-3:] == ["!", "<sep>", "<cls>"] and encoding_.type_ids[-1] == 2
    assert ours.decode(encoding_.ids) == "Let's test this tokenizer... on a pair of sentences!"


# --- the course's second way: the model emptied, trained again on a text file, saved and read back -------

def retrain_from_file(lib, name, path):
    """The recipe's tokenizer, its model emptied and trained on the file (the course's `tokenizer.model =
    models.WordPiece(unk_token="[UNK]")`, then `tokenizer.train(["wikitext-2.txt"], trainer=trainer)`)."""
    tokenizer = RECIPES[name](lib)
    model, trainer = {
        "bert": (lambda: lib.models.WordPiece(unk_token="[UNK]"),
                 lambda: lib.trainers.WordPieceTrainer(vocab_size=2000, show_progress=False,
                                                       special_tokens=["[UNK]", "[PAD]", "[CLS]", "[SEP]", "[MASK]"])),
        "gpt2": (lambda: lib.models.BPE(),
                 lambda: lib.trainers.BpeTrainer(vocab_size=2000, special_tokens=["<|endoftext|>"], show_progress=False)),
        "xlnet": (lambda: lib.models.Unigram(),
                  lambda: lib.trainers.UnigramTrainer(vocab_size=1200, unk_token="<unk>", show_progress=False,
                                                      special_tokens=["<cls>", "<sep>", "<unk>", "<pad>", "<mask>", "<s>", "</s>"])),
    }[name]
    tokenizer.model = model()
    tokenizer.train([str(path)], trainer=trainer())
    return tokenizer


@pytest.mark.parametrize("name", ["bert", "gpt2", "xlnet"])
def test_training_again_on_a_file_saving_and_reading_back(tmp_path, name):
    path = tmp_path / "corpus.txt"
    with open(path, "w", encoding="utf-8") as f:  # as the course writes wikitext-2.txt
        for line in TRAIN:
            f.write(line + "\n")
    ours, theirs = retrain_from_file(toklab.hf, name, path), retrain_from_file(tokenizers, name, path)
    mine, want = json.loads(ours.to_str()), json.loads(theirs.to_str())
    if name == "gpt2":
        assert mine == want
    elif name == "bert":
        assert len(mine["model"]["vocab"].keys() & want["model"]["vocab"].keys()) >= 0.95 * len(want["model"]["vocab"])
    else:
        assert {p for p, _ in mine["model"]["vocab"]} == {p for p, _ in want["model"]["vocab"]}
    ours.save(str(tmp_path / "tokenizer.json"))
    again = toklab.hf.Tokenizer.from_file(str(tmp_path / "tokenizer.json"))
    assert json.loads(again.to_str()) == mine
    text = "Let's test this tokenizer..."
    assert again.encode(text, "on a pair of sentences.").ids == ours.encode(text, "on a pair of sentences.").ids
