"""cl100k_base and o200k_base (and any tiktoken table): pieces equal `regex`, ids equal tiktoken.

Oracles: tiktoken's Encoding built offline from the same .tiktoken files (`tiktoken_oracle`), the
`regex` module on tiktoken's own patterns (`regex_oracle`), tiktoken_ext's pins and patterns. Larger
random sweeps: HYPOTHESIS_PROFILE=sweep.
"""

import hashlib
import io
import json
import pickle
import random
import sys
import tarfile
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import toklab
from toklab import patterns, registry
from toklab.charmerge import CharShortcut
from toklab.encoding import Encoding, TokenError, load_tiktoken_bpe, tiny_ranks
from toklab.pretokenize import GPT2

from test_r50k import CORPUS

NAMES = ["cl100k_base", "o200k_base"]
PATTERNS = {"r50k": patterns.R50K_PATTERN, "cl100k": patterns.CL100K_PATTERN, "o200k": patterns.O200K_PATTERN}
EVERY_CODE_POINT = "".join(chr(cp) for cp in range(0x110000) if not 0xD800 <= cp < 0xE000)
MORE = [
    "HelloWorld HELLOworld camelCaseText XMLHttpRequest I'M YOU'RE we'Ll ſ'S İstanbul ǅemal",
    "x = [1, 22, 333, 4444, 55555]; y = f(x)/2 // comment\r\n\r\n\tif (a&&b) { return 0x1F; }",
    "12345678901234567890 3.14159 1,000,000 ٣٤٥٦٧ ⅱⅲ 二〇二六 ²³",
    "path/to/file.txt https://example.com/a/b?c=d&e=f  \n\n\n  \r\n end  ",
    "Ελληνικά ΚΕΦΑΛΑΙΑ ελληνικά. Ärger ÜBER straße. नमस्ते। ﷺ ꙮ",
]


def _random_texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    alphabet = "ab '\n\r\t1é中🦄\u3000\u0085\u0301'sStTdDlLmMrRvV.!?-_$€٣ⅱ\x00\x1fØ/ſKǅ" + "".join(
        chr(cp) for cp in rng.sample(range(0x20, 0x30000), 400) if not 0xD800 <= cp < 0xE000
    )
    return ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 120))) for _ in range(count)]


TEXTS = CORPUS + MORE + _random_texts(2026, 600)


@pytest.fixture(scope="module", params=NAMES)
def name(request):
    return request.param


# --- the pre-tokenizers -------------------------------------------------------------------------------


@pytest.mark.parametrize("which", sorted(PATTERNS))
def test_pieces_match_regex(regex_oracle, which):
    p, pattern = patterns.pretokenizer(PATTERNS[which]), PATTERNS[which]
    for text in TEXTS:
        assert p.split(text) == regex_oracle(pattern, text), repr(text)
    for joiner in ("", " "):  # every code point, beside its neighbours and beside a space
        text = joiner.join(EVERY_CODE_POINT)
        assert p.split(text) == regex_oracle(pattern, text), repr(joiner)


@pytest.mark.parametrize("which", sorted(PATTERNS))
@given(st.text())
def test_pieces_match_regex_on_any_text(regex_oracle, which, text):
    assert patterns.pretokenizer(PATTERNS[which]).split(text) == regex_oracle(PATTERNS[which], text)


def test_gpt2_hand_spelled_pattern_cuts_as_tiktokens_r50k_pattern():
    translated = patterns.pretokenizer(patterns.R50K_PATTERN)
    for text in TEXTS:
        assert GPT2.split(text) == translated.split(text)
        assert [GPT2.rule_of(p) for p in GPT2.split(text)] == [translated.rule_of(p) for p in GPT2.split(text)]


def test_patterns_and_tables_are_tiktokens(monkeypatch):
    """The patterns, special tokens and sha256 pins are those of tiktoken_ext.openai_public."""
    openai_public = pytest.importorskip("tiktoken_ext.openai_public")
    pins = {}
    monkeypatch.setattr(openai_public, "load_tiktoken_bpe", lambda url, expected_hash: pins.setdefault(url, expected_hash) and {b"!": 0})
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import tables

    assert openai_public.r50k_base()["pat_str"] == patterns.R50K_PATTERN
    for name in NAMES:
        spec = getattr(openai_public, name)()
        sha256, pat_str, special_tokens = registry.TABLES[name]
        assert (pat_str, special_tokens) == (spec["pat_str"], spec["special_tokens"])
        assert pins[f"https://openaipublic.blob.core.windows.net/encodings/{name}.tiktoken"] == sha256
        assert tables.TABLE_SHA256[name] == sha256


def test_translation_refuses_what_re_cannot_spell_exactly():
    for pattern in (r"\w+", r"\bx", r"(a)\1", r"\p{Greek}", "[abc"):
        with pytest.raises(ValueError):
            patterns.pretokenizer(pattern)


@pytest.mark.parametrize(
    "pattern",
    [r"\P{L}+|\p{Lu}\p{Ll}*", r"[^a-f\d\s]+|[\x41-\x43]+|(?P<word>\p{Lo}+)", r"(x|y)+|\s++(?!\S)|.", r"[\p{P}\p{S}]+|\p{Z}|\D"],
)
@given(st.text(alphabet=st.sampled_from("abcxyzABCD 12\n\t.!$€٣ⅱ中é\u2028Ǆ")))
def test_any_pattern_translates_exactly(regex_oracle, pattern, text):
    assert patterns.pretokenizer(pattern).split(text) == regex_oracle(pattern, text)
    assert patterns.pretokenizer(pattern).rules[0] == "alternative 1"


@given(st.text(alphabet=st.sampled_from("xy \n")))
def test_dollar_is_the_end_of_the_text_as_in_tiktoken(tiktoken_oracle, text):
    """`$` is the end of the text in Rust's regex (tiktoken); `regex` also lets it match before a final
    newline. toklab follows tiktoken: here "xx" is one token only when it ends the text."""
    import tiktoken

    ranks = {bytes([b]): b for b in range(256)} | {b"xx": 256, b"yy": 257, b"  ": 258}
    pattern = r"(x|y)+$|\s++$|."
    mine = Encoding("dollar", pat_str=pattern, mergeable_ranks=ranks, special_tokens={})
    theirs = tiktoken.Encoding("dollar", pat_str=pattern, mergeable_ranks=ranks, special_tokens={})
    assert mine.encode(text) == theirs.encode(text)


# --- the tables --------------------------------------------------------------------------------------


def test_tables_load_hash_checked(name, tmp_path):
    good = registry.tables_dir(name) / f"{name}.tiktoken"
    data = good.read_bytes()
    assert hashlib.sha256(data).hexdigest() == registry.TABLES[name][0]
    (tmp_path / good.name).write_bytes(data.replace(b"IQ== 0\n", b"Ig== 0\n", 1))
    with pytest.raises(ValueError, match=f"{name}.tiktoken is not OpenAI's {name} table"):
        registry.load_table(name, tmp_path)


def test_the_character_index_beside_a_table_is_the_tables_own(name):
    # Shipped by the build (tools/tables.py), taken by load_table instead of building it on first use.
    enc = registry.load_table(name)
    assert enc.model.chars._index is not None
    assert enc.model.chars._index == CharShortcut(enc._mergeable_ranks)._build_index()


def test_a_character_index_made_from_another_table_is_ignored(name, tmp_path):
    good = registry.tables_dir(name)
    (tmp_path / f"{name}.tiktoken").write_bytes((good / f"{name}.tiktoken").read_bytes())
    data = json.loads((good / f"{name}.charmerge.json").read_text(encoding="utf-8"))
    other = next(n for n in NAMES if n != name)
    index = tmp_path / f"{name}.charmerge.json"
    for wrong in ({**data, "table_sha256": registry.TABLES[other][0]}, {"table_sha256": data["table_sha256"], "outer": 1}):
        index.write_text(json.dumps(wrong), encoding="utf-8")
        assert registry.load_table(name, tmp_path).model.chars._index is None  # built when first needed instead
    index.write_text("{not json", encoding="utf-8")
    assert registry.load_table(name, tmp_path).model.chars._index is None


def test_a_missing_table_says_how_to_get_it(monkeypatch, tmp_path):
    monkeypatch.setattr(registry, "_candidates", lambda: [tmp_path])
    with pytest.raises(FileNotFoundError, match=r"python tools/tables.py.*TOKLAB_TABLES"):
        registry.tables_dir("o200k_base")


@pytest.mark.cpython_only
def test_tools_tables_rejects_a_table_that_is_not_openais(tmp_path):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import tables

    module = b'export default {"pat_str": "", "special_tokens": {}, "bpe_ranks": "! 0 IQ== Ig=="};'
    tarball = tmp_path / "fake.tgz"
    with tarfile.open(tarball, "w:gz") as tar:
        for name in tables.TABLE_SHA256:
            info = tarfile.TarInfo(f"package/dist/ranks/{name}.js")
            info.size = len(module)
            tar.addfile(info, io.BytesIO(module))
    with pytest.raises(tables.TableError, match=r"cl100k_base.tiktoken .* not tiktoken's pinned"):
        tables.write_tables(tarball, tmp_path / "out")
    assert not (tmp_path / "out" / "cl100k_base.tiktoken").exists()


def test_table_facts_match_tiktoken(tiktoken_oracle, name):
    enc, oracle = toklab.get_encoding(name), tiktoken_oracle(name)
    assert (enc.n_vocab, enc.max_token_value, enc.eot_token) == (oracle.n_vocab, oracle.max_token_value, oracle.eot_token)
    assert enc.special_tokens == oracle._special_tokens and enc._mergeable_ranks == oracle._mergeable_ranks
    assert enc.token_byte_values() == oracle.token_byte_values()


# --- ids ----------------------------------------------------------------------------------------------


def test_ids_match_tiktoken(tiktoken_oracle, version_delta, name):
    enc, oracle = toklab.get_encoding(name), tiktoken_oracle(name)
    for text in TEXTS + [EVERY_CODE_POINT]:
        assert enc.encode_ordinary(text) == oracle.encode_ordinary(text), repr(text[:80])
    # Every BMP character beside a contraction, the most sensitive neighbour, where the Unicode versions agree.
    text = "'s".join(c for c in EVERY_CODE_POINT[:0xF800] if c not in version_delta)
    assert enc.encode_ordinary(text) == oracle.encode_ordinary(text)
    for unit in ["^", "0", "a", "'s", " ", "\n", "X", "\r\n", "٣"]:
        for text in (unit * 10_000, " " + unit * 10_000, unit * 10_000 + "\n"):
            assert enc.encode_ordinary(text) == oracle.encode_ordinary(text), repr(unit)


@pytest.mark.parametrize("which", NAMES)
@given(st.text())
def test_ids_match_tiktoken_on_any_text(tiktoken_oracle, version_delta, which, text):
    assume(not version_delta.intersection(text))
    assert toklab.get_encoding(which).encode(text, allowed_special="all") == tiktoken_oracle(which).encode(
        text, allowed_special="all"
    )


def test_r50k_ids_match_tiktoken_where_characters_join(tiktoken_oracle):
    """r50k merges a non-ASCII piece run by run (`bpe`): on text of the characters its tokens join."""
    from test_reference import R50K_CROSSING

    oracle, mine = tiktoken_oracle("r50k_base"), toklab.get_encoding("r50k_base")
    rng = random.Random(7)
    for _ in range(300):
        text = "".join(rng.choice(R50K_CROSSING) for _ in range(rng.randrange(1, 60)))
        assert mine.encode_ordinary(text) == oracle.encode_ordinary(text), text


def test_unicode_versions_differ_only_on_characters_new_in_unicode_17(version_delta):
    """tiktoken 0.14.0's regex engine knows Unicode 16, `regex` 2026 knows 17: where they differ, toklab
    follows `regex` (its classes are generated from it), so ids there may differ from tiktoken's. The
    difference is only characters this Python's Unicode database has never seen, and U+0295 (ʕ), which
    Unicode 17 moved from Ll to Lo."""
    import unicodedata

    assert 0 < len(version_delta) < 5000
    assert {c for c in version_delta if unicodedata.category(c) != "Cn"} <= {"\u0295"}
    enc = toklab.get_encoding("cl100k_base")
    assert enc.pretokenizer.split("\u088f's") == ["\u088f", "'s"]  # U+088F is a letter in Unicode 17


def test_hand_derived_ids():
    cl100k, o200k = toklab.get_encoding("cl100k_base"), toklab.get_encoding("o200k_base")
    assert cl100k.encode("hello world") == [15339, 1917]
    assert cl100k.encode("hello <|endoftext|>", allowed_special="all") == [15339, 220, 100257]
    assert cl100k.decode(cl100k.encode("tokenization 🦄")) == "tokenization 🦄"
    assert o200k.encode("<|endoftext|>", allowed_special="all") == [199999]


def test_piece_cache_stays_within_its_budget():
    """A table of ranks caches pieces as r50k does: bounded by their size, not by how many there are."""
    enc = Encoding("tiny", pat_str=r" ?\p{L}+|\s+", mergeable_ranks=tiny_ranks(), special_tokens={})
    reference = Encoding("tiny", pat_str=r" ?\p{L}+|\s+", mergeable_ranks=tiny_ranks(), special_tokens={})
    enc._cache.budget = 600
    words = [" " + "lo" * k + "w" * (k % 5) for k in range(1, 60)]
    for word in words:
        assert enc.encode_ordinary(word) == reference.encode_ordinary(word)
        assert enc._cache.used <= 600
    assert 0 < len(enc._cache) < len(words)
    assert enc.encode_ordinary(" " + "lo" * 400) == [32] + [256] * 400  # larger than the budget: not kept
    assert " " + "lo" * 400 not in enc._cache


def test_trace_replays_to_the_ids_and_ranks_are_token_ranks(name):
    enc = toklab.get_encoding(name)
    for text in CORPUS + MORE:
        trace = enc.trace(text)
        assert trace["ids"] == enc.encode_ordinary(text)
        assert "".join(p["text"] for p in trace["pieces"]) == text
        for piece in trace["pieces"]:
            assert piece["rule"] in ("contraction", "letters", "digits", "punctuation", "whitespace")
            for step in piece["steps"]:
                assert step["rank"] == step["id"] == enc.rank(step["left"], step["right"])
        assert [p["ids"] for p in enc.pieces(text)] == [p["ids"] for p in trace["pieces"]]


# --- tiktoken's API ------------------------------------------------------------------------------------


def test_any_table_encodes_as_tiktoken(tiktoken_oracle):
    """A table in another byte order, with merges that share a token, against tiktoken on the same table."""
    import tiktoken

    ranks = {bytes([b]): 255 - b for b in range(256)}
    for token in (b"ab", b"bc", b"abc", b"ca", b"cab", b"  ", b" a", b"aa", b"aaaa"):
        ranks[token] = len(ranks)
    pattern = r" ?\p{L}+| ?\p{N}+|\s+"
    mine = Encoding("custom", pat_str=pattern, mergeable_ranks=ranks, special_tokens={"<|x|>": 300})
    theirs = tiktoken.Encoding("custom", pat_str=pattern, mergeable_ranks=ranks, special_tokens={"<|x|>": 300})
    rng = random.Random(7)
    for _ in range(2000):
        text = "".join(rng.choice("abc 1\n<|x|>é") for _ in range(rng.randint(0, 300)))
        assert mine.encode(text, allowed_special="all") == theirs.encode(text, allowed_special="all"), repr(text)


def test_characters_starting_whole_encode_as_tiktoken(tiktoken_oracle):
    """`charmerge`'s shortcut against tiktoken, on tables it has to refuse often: random byte strings of the
    text (parts of characters, tokens across characters' edges) in random rank order, pieces short and long."""
    import tiktoken

    rng = random.Random(13)
    for round_ in range(60):
        sample = "".join(rng.choice("中国人é한a ") for _ in range(300)).encode("utf-8")
        ranks = {bytes([b]): b for b in range(256)}
        for _ in range(rng.randint(5, 120)):
            start = rng.randrange(len(sample))
            ranks.setdefault(sample[start : start + rng.randint(2, 8)], len(ranks))
        for char in rng.sample("中国人é한", rng.randint(0, 5)):
            ranks.setdefault(char.encode("utf-8"), len(ranks))
        mine = Encoding("odd", pat_str=r"[^ ]+| ", mergeable_ranks=ranks, special_tokens={})
        theirs = tiktoken.Encoding("odd", pat_str=r"[^ ]+| ", mergeable_ranks=ranks, special_tokens={})
        for alphabet in ["中国人é한a "] * 10 + ["中国人é한a"] * 5:  # without spaces: pieces past the heap's threshold
            text = "".join(rng.choice(alphabet) for _ in range(rng.choice((8, 30, 200))))
            assert mine.encode_ordinary(text) == theirs.encode_ordinary(text), (round_, text)


@given(st.binary())
def test_encode_bytes_matches_tiktoken(tiktoken_oracle, data):
    enc = toklab.get_encoding("cl100k_base")
    assert enc._encode_bytes(data) == tiktoken_oracle("cl100k_base")._encode_bytes(data)
    assert enc.decode_bytes(enc._encode_bytes(data)) == data


@pytest.mark.parametrize("text", ["hello fanta", "hello world\n", "x  ", "  ", "<|endoftext|>", "def f(", "naïve", "1234"])
def test_encode_with_unstable_matches_tiktoken(tiktoken_oracle, text):
    enc, oracle = toklab.get_encoding("cl100k_base"), tiktoken_oracle("cl100k_base")
    stable, completions = enc.encode_with_unstable(text, allowed_special="all")
    want_stable, want_completions = oracle.encode_with_unstable(text, allowed_special="all")
    assert stable == want_stable
    assert sorted(map(tuple, completions)) == sorted(map(tuple, want_completions))


def test_offsets_batches_and_errors_as_tiktoken(tiktoken_oracle):
    enc, oracle = toklab.get_encoding("cl100k_base"), tiktoken_oracle("cl100k_base")
    for text in MORE + ["我非常渴望与人工智能一起工作", "நடிகர் சூர்யா", " Ġ除"]:
        assert enc.decode_with_offsets(enc.encode(text)) == oracle.decode_with_offsets(oracle.encode(text))
    batch = ["hello world", "", "goodbye <|endoftext|>"]
    assert enc.encode_batch(batch, allowed_special="all") == oracle.encode_batch(batch, allowed_special="all")
    assert enc.encode_ordinary_batch(batch) == oracle.encode_ordinary_batch(batch)
    ids = enc.encode_batch(batch, allowed_special="all")
    assert enc.decode_batch(ids) == batch and enc.decode_bytes_batch(ids) == oracle.decode_bytes_batch(ids)
    assert enc.decode_tokens_bytes(ids[0]) == oracle.decode_tokens_bytes(ids[0])
    assert enc.is_special_token(100257) and not enc.is_special_token(100256)
    for call, arg in ((enc.decode_single_token_bytes, 100256), (enc.decode, [1, 100261]), (enc.encode_single_token, b"\xff\xfe")):
        with pytest.raises(KeyError) as raised:
            call(arg)
        assert isinstance(raised.value, ValueError)
    with pytest.raises(TokenError, match="token id 100261 is not in cl100k_base"):
        enc.decode([100261])
    with pytest.raises(ValueError, match="<|endoftext|>"):
        enc.encode("a <|endoftext|>")


def test_pickles_by_name_or_by_ingredients():
    cl100k = toklab.get_encoding("cl100k_base")
    assert pickle.loads(pickle.dumps(cl100k)).encode("hello world") == cl100k.encode("hello world")
    assert len(pickle.dumps(cl100k)) < 100  # a registered encoding travels by name
    custom = Encoding("tiny", pat_str=r" ?\p{L}+|\s+", mergeable_ranks=tiny_ranks(), special_tokens={"<|end|>": 260})
    copy = pickle.loads(pickle.dumps(custom))
    assert copy.encode("lower low<|end|>", allowed_special="all") == custom.encode("lower low<|end|>", allowed_special="all")
    assert copy.encode("lower low") == [258, 114, 259]


def test_models_and_names():
    assert toklab.list_encoding_names() == ["r50k_base", "gpt2", "cl100k_base", "o200k_base", "o200k_harmony"]
    assert toklab.encoding_for_model("gpt-oss-120b").name == "o200k_harmony"
    assert toklab.encoding_for_model("gpt-4o").name == "o200k_base"
    assert toklab.encoding_for_model("gpt-4-0613").name == "cl100k_base"
    assert toklab.encoding_for_model("gpt2").name == "gpt2"
    assert toklab.get_encoding("gpt2").encode("hello world") == toklab.get_encoding("r50k_base").encode("hello world")
    with pytest.raises(ValueError, match="text-davinci-003 uses the encoding p50k_base, which toklab does not ship"):
        toklab.encoding_for_model("text-davinci-003")
    with pytest.raises(KeyError):
        toklab.encoding_for_model("no-such-model")
    with pytest.raises(ValueError, match="unknown encoding 'p50k_base'"):
        toklab.get_encoding("p50k_base")


def test_tiktoken_files_parse_to_consecutive_ranks(name):
    """The pinned tables number their tokens 0, 1, 2... in file order (load_table relies on it)."""
    data = (registry.tables_dir(name) / f"{name}.tiktoken").read_bytes()
    ranks = load_tiktoken_bpe(data)
    assert list(ranks.values()) == list(range(len(ranks)))
    assert registry.load_table(name)._mergeable_ranks == ranks


def test_rank_and_token_id_of_what_is_no_token():
    enc = toklab.get_encoding("o200k_base")
    assert enc.rank("x", "中") is None and enc.token_id("中") is None
    assert enc.rank("Ġ", "t") == enc.encode_single_token(" t") == enc.token_id("Ġt")


def test_encode_to_numpy_needs_numpy():
    enc = toklab.get_encoding("cl100k_base")
    try:
        import numpy
    except ImportError:
        with pytest.raises(ImportError):
            enc.encode_to_numpy("hello world")
    else:
        array = enc.encode_to_numpy("hello world")
        assert array.dtype == numpy.uint32 and array.tolist() == enc.encode("hello world")


@pytest.mark.cpython_only
def test_the_build_ships_the_tables_beside_the_wheel_not_in_it(tmp_path):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import zipfile

    from tools.tables import ship_tables
    from tools.wheel import write_wheel

    ship_tables(tmp_path / "tables")
    for name in NAMES:
        assert hashlib.sha256((tmp_path / "tables" / f"{name}.tiktoken").read_bytes()).hexdigest() == registry.TABLES[name][0]
        index = json.loads((tmp_path / "tables" / f"{name}.charmerge.json").read_text(encoding="utf-8"))
        assert index["table_sha256"] == registry.TABLES[name][0]
        assert registry.load_table(name, tmp_path / "tables").model.chars._index is not None
    with zipfile.ZipFile(write_wheel(tmp_path)) as wheel:
        assert not [n for n in wheel.namelist() if n.endswith(".tiktoken")]
