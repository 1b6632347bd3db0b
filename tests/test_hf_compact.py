"""toklab.hf.compact: the open models' tokenizer.json in a form that loads fast, and the registry that
finds it (toklab.get_tokenizer, tokenizer_facts), and the build that ships it (tools/models.py)."""

import doctest
import hashlib
import json
import shutil
import sys
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import toklab
from toklab import registry
from toklab.errors import ToklabError
from toklab.hf import compact
from toklab.open_models import OPEN_MODELS, TOKENIZER_NAMES

IN_PYODIDE = sys.platform == "emscripten"
ROOT = Path(__file__).resolve().parent.parent
if not IN_PYODIDE:
    sys.path.insert(0, str(ROOT))


def normalized(source: bytes) -> dict:
    """json.loads of a tokenizer.json, its merges as [left, right] (the "left right" form split at its space)."""
    config = json.loads(source)
    model = config["model"]
    model["merges"] = [m.split(" ") if isinstance(m, str) else m for m in model["merges"]]
    return config


def source_and_packed(name: str) -> tuple[bytes, bytes]:
    from tools.models import packed, tokenizer_json

    return tokenizer_json(name).read_bytes(), packed(name).read_bytes()


SMALL = json.dumps({
    "version": "1.0",
    "added_tokens": [{"id": 9, "content": "<s>", "special": True}],
    "model": {"type": "BPE", "dropout": None, "vocab": {"a": 0, "\n": 7, "\x00": 3, "a\n": 2, "\ud800": 5},
              "merges": ["a \n", ["\x00", "zz"], ["b c", "d"]]},
    "decoder": {"type": "ByteLevel"},
}).encode()  # fmt: skip


def test_docstring_examples():
    assert doctest.testmod(compact, optionflags=doctest.ELLIPSIS).failed == 0


def test_odd_vocabularies_round_trip():
    """Ids out of order, a separator-like and a lone-surrogate token, merges naming strings the
    vocabulary lacks, both merge forms."""
    header = compact.read_header(compact.pack(SMALL))
    assert "ids" in header["sections"] and header["n_strings"] == 8  # 5 tokens, then "zz", "b c" and "d"
    assert compact.unpack(compact.pack(SMALL)) == normalized(SMALL)


@pytest.mark.parametrize(
    "config",
    [
        {"model": {"type": "Unigram", "vocab": [["a", -1.0]]}},  # not a dict of ids: kept as it is
        {"model": {"type": "BPE", "vocab": {"a": 0}, "merges": ["a b c"]}},  # a merge of three parts
        {"model": {"type": "BPE", "vocab": {"a": -1}, "merges": []}},
        {"model": {"type": "BPE", "vocab": {"a": 1 << 40}, "merges": []}},
        {"model": {"type": "BPE", "vocab": {"a": True}, "merges": []}},
        {"added_tokens": [{"id": 0, "content": "\udc80<é>"}], "model": {"type": "BPE", "vocab": {"\udc80": 0}, "merges": []}},
        {"model": {"type": "BPE", "vocab": {}, "merges": []}},
        {"model": {"type": "BPE", "vocab": {"": 0}, "merges": [["", ""]]}},
        {"normalizer": None},
    ],
)
def test_what_does_not_fit_stays_as_it_was(config):
    assert compact.unpack(compact.pack(json.dumps(config).encode())) == config


@settings(max_examples=50)
@given(st.dictionaries(st.text(max_size=6), st.integers(0, 70000), max_size=30), st.data())
def test_any_vocabulary_round_trips(vocab, data):
    strings = [*vocab, *data.draw(st.lists(st.text(max_size=4), max_size=5))]
    merges = data.draw(st.lists(st.tuples(st.sampled_from(strings), st.sampled_from(strings)).map(list), max_size=20)) if strings else []
    config = {"model": {"type": "BPE", "vocab": vocab, "merges": merges}, "added_tokens": []}
    assert compact.unpack(compact.pack(json.dumps(config).encode())) == config


def codes_of(data: bytes) -> str:
    with pytest.raises(ToklabError) as caught:
        compact.unpack(data)
    return caught.value.code


PACKED_SMALL = compact.pack(SMALL)


@given(st.integers(0, len(PACKED_SMALL) - 1))
def test_a_truncated_form_is_refused(length):
    assert codes_of(PACKED_SMALL[:length]) == "table_unavailable"


@given(st.integers(0, len(PACKED_SMALL) - 1), st.integers(1, 255))
def test_a_damaged_byte_is_refused(at, flip):
    damaged = bytearray(PACKED_SMALL)
    damaged[at] ^= flip
    assert codes_of(bytes(damaged)) == "table_unavailable"


@given(st.binary(max_size=64))
def test_other_bytes_are_refused(data):
    assert codes_of(data) == "table_unavailable"
    assert codes_of(compact.MAGIC + data) == "table_unavailable"


def test_the_reasons_are_said():
    def detail(data, **kw):
        with pytest.raises(ToklabError) as caught:
            compact.unpack(data, **kw)
        return caught.value.params["detail"]

    assert "does not start" in detail(SMALL)
    assert "truncated" in detail(PACKED_SMALL[:-1]) and "1 bytes fewer" in detail(PACKED_SMALL[:-1])
    assert "damaged" in detail(PACKED_SMALL + b"x")
    newer = bytearray(PACKED_SMALL)
    newer[8] += 1
    assert detail(bytes(newer)) == f"it is of version {compact.VERSION + 1}; this toklab reads version {compact.VERSION}"
    assert "not " + "0" * 64 in detail(PACKED_SMALL, expect_sha256="0" * 64)


# --- the registry ------------------------------------------------------------------------------------


def test_the_names_are_declared_once():
    assert toklab.list_tokenizer_names() == list(TOKENIZER_NAMES) == list(OPEN_MODELS)
    assert ["minimind", "qwen3", "deepseek_v3", "llama3", "gemma3"] == list(TOKENIZER_NAMES)


@pytest.mark.parametrize("name", ["gpt2", "Qwen3", "", None, 3])
def test_an_unknown_name_is_refused(name):
    for call in (registry.tokenizer_config, registry.tokenizer_facts, toklab.get_tokenizer):
        with pytest.raises(ToklabError) as caught:
            call(name)
        assert caught.value.code == "bad_choice" and "'qwen3'" in str(caught.value)


@pytest.fixture
def no_files(monkeypatch, tmp_path):
    """The registry looking only in an empty folder."""
    monkeypatch.setattr(registry, "_packed_candidates", lambda: [tmp_path])
    monkeypatch.setattr(registry, "_TOKENIZERS", {})
    return tmp_path


def test_a_missing_file_is_table_unavailable_saying_where_it_looked(no_files):
    with pytest.raises(ToklabError) as caught:
        registry.tokenizer_config("qwen3")
    assert caught.value.code == "table_unavailable" and caught.value.params["encoding"] == "qwen3"
    assert "qwen3.hfpack" in str(caught.value) and str(no_files) in str(caught.value)


def test_a_form_made_from_another_file_is_refused(no_files):
    (no_files / "qwen3.hfpack").write_bytes(PACKED_SMALL)
    with pytest.raises(ToklabError) as caught:
        registry.tokenizer_config("qwen3")
    assert caught.value.code == "table_unavailable"
    assert f"not {OPEN_MODELS['qwen3'].json_sha256}" in str(caught.value) and "qwen3.hfpack" in str(caught.value)
    (no_files / "qwen3.hfpack").write_bytes(PACKED_SMALL[:-5])
    with pytest.raises(ToklabError, match="truncated"):
        registry.tokenizer_config("qwen3")


@pytest.mark.cpython_only
def test_minimind_is_found_without_a_built_file(no_files):
    """It goes inside the package (the wheel); in a checkout it is packed from assets/minimind/."""
    config = registry.tokenizer_config("minimind")
    assert config == normalized((ROOT / "assets" / "minimind" / "tokenizer.json").read_bytes())


def test_minimind_is_shipped_with_toklab():
    """Inside Pyodide, from the installed wheel; on CPython, from the checkout."""
    facts = toklab.tokenizer_facts("minimind")
    assert (facts["vocab_size"], facts["n_merges"], facts["n_added"]) == (6400, 6108, 36)  # assets/minimind/SOURCE.md


@pytest.mark.cpython_only
def test_the_folder_named_by_toklab_tables_is_looked_in_first(monkeypatch, tmp_path):
    from tools.models import packed

    shutil.copyfile(packed("minimind"), tmp_path / "minimind.hfpack")
    monkeypatch.setenv(registry.TABLES_ENV, str(tmp_path))
    assert registry.packed_path("minimind") == tmp_path / "minimind.hfpack"


@pytest.fixture(scope="module")
def hf_oracle():
    pytest.importorskip("tokenizers")
    import oracles

    return oracles.hf_tokenizer  # each model's file loaded once for the session


@pytest.mark.cpython_only
@pytest.mark.parametrize("name", TOKENIZER_NAMES)
def test_each_shipped_file_comes_back_whole_and_its_facts_are_what_tokenizers_counts(name, hf_oracle):
    source, data = source_and_packed(name)
    expected = normalized(source)
    assert compact.unpack(data, expect_sha256=OPEN_MODELS[name].json_sha256) == expected
    assert compact.read_header(data)["source_sha256"] == hashlib.sha256(source).hexdigest()
    assert len(data) < len(source) / 4  # v2 holds each merge's rank in pair order: 4.6x smaller for Llama 3, 5.3x in v1
    oracle = hf_oracle(name)
    facts = toklab.tokenizer_facts(name)
    added = oracle.get_added_tokens_decoder()
    assert facts["vocab_size"] == oracle.get_vocab_size(with_added_tokens=False)
    assert facts["vocab_size_with_added"] == oracle.get_vocab_size(with_added_tokens=True)
    assert facts["n_added"] == len(added)
    assert facts["n_special"] == sum(token.special for token in added.values())
    assert facts["max_id"] == max(oracle.get_vocab(with_added_tokens=True).values())
    assert facts["n_merges"] == len(expected["model"]["merges"])
    assert (facts["title"], facts["licence"]) == (OPEN_MODELS[name].title, OPEN_MODELS[name].licence)


# --- the build ---------------------------------------------------------------------------------------


@pytest.mark.cpython_only
def test_the_build_ships_every_model_lazily(tmp_path):
    from tools.models import ship_models
    from tools.offline import MANIFEST, add_offline

    out = tmp_path / "dist"
    copies = ship_models(out / "models")
    assert sorted(p.name for p in copies) == sorted(f"{name}.hfpack" for name in TOKENIZER_NAMES)
    for name in TOKENIZER_NAMES:
        header = compact.read_header((out / "models" / f"{name}.hfpack").read_bytes())
        assert header["source_sha256"] == OPEN_MODELS[name].json_sha256
    (out / "index.html").write_text("<!doctype html>")
    add_offline(out)
    manifest = json.loads((out / MANIFEST).read_text())
    assert sorted(e["path"] for e in manifest["lazy"]) == sorted(f"models/{name}.hfpack" for name in TOKENIZER_NAMES)
    assert [e["path"] for e in manifest["precache"]] == ["index.html"]


@pytest.mark.cpython_only
def test_a_packed_form_is_made_again_only_when_its_source_or_packer_changes(monkeypatch, tmp_path):
    import tools.models as models

    monkeypatch.setattr(models, "CACHE", tmp_path)
    made = []
    real_pack = compact.pack
    monkeypatch.setattr(compact, "pack", lambda source: made.append(1) or real_pack(source))
    first = models.packed("minimind")
    assert models.packed("minimind") == first and len(made) == 1
    packer = tmp_path / "compact.py"
    packer.write_text(models.PACKER.read_text() + "\n")
    monkeypatch.setattr(models, "PACKER", packer)
    models.packed("minimind")
    assert len(made) == 2


@pytest.mark.cpython_only
def test_minimind_goes_inside_the_wheel(tmp_path):
    from tools.models import packed
    from tools.wheel import write_wheel

    with zipfile.ZipFile(write_wheel(tmp_path)) as zf:
        assert zf.read("toklab/data/minimind.hfpack") == packed("minimind").read_bytes()
        assert not [n for n in zf.namelist() if n.endswith(".hfpack") and "minimind" not in n]


# --- get_tokenizer against tokenizers -----------------------------------------------------------------

TEXTS = [
    "今天天气真好",
    "Hello, world! It's 2026: tokenizers   split   runs of spaces.\n\n\tTabs too.",
    "你好<|im_end|>再见<|endoftext|>",
    "Tiếng Việt có dấu: việc, người; Русский текст; العربية; हिन्दी; 日本語のテキスト",
    "def f(x):\n    return x ** 2  # 😀 emoji 👩‍👩‍👧 and <0xE4> and <bos>",
    "",
]


@pytest.mark.cpython_only
@pytest.mark.parametrize("name", TOKENIZER_NAMES)
def test_get_tokenizer_encodes_as_tokenizers_does(name, hf_oracle):
    pytest.importorskip("toklab.hf.tokenizer", reason="toklab.hf (the hf branch) is not merged here yet")
    ours, oracle = toklab.get_tokenizer(name), hf_oracle(name)
    assert toklab.get_tokenizer(name) is ours  # loaded once
    for text in TEXTS:
        for add_special_tokens in (True, False):
            expected = oracle.encode(text, add_special_tokens=add_special_tokens)
            got = ours.encode(text, add_special_tokens=add_special_tokens)
            assert (got.ids, got.tokens) == (expected.ids, expected.tokens), (text, add_special_tokens)
        assert ours.decode(expected.ids) == oracle.decode(expected.ids)
    assert ours.get_vocab_size(with_added_tokens=True) == toklab.tokenizer_facts(name)["vocab_size_with_added"]


def test_minimind_gives_the_ids_the_notes_walk_through():
    """assets/minimind/SOURCE.md: 今天天气真好 -> 今天 / 天气 / 真 / 好 (inside Pyodide too, from the wheel)."""
    pytest.importorskip("toklab.hf.tokenizer", reason="toklab.hf (the hf branch) is not merged here yet")
    tok = toklab.get_tokenizer("minimind")
    assert tok.encode("今天天气真好").ids == [5640, 3660, 2131, 658]
    assert tok.encode("你好<|im_end|>再见<|endoftext|>").ids == [1968, 2, 2223, 1558, 0]
