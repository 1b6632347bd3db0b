"""toklab.hf as a drop-in `tokenizers`: HuggingFace tokenizers' own Python binding tests, run against it.

The suite is `bindings/python/tests/` of huggingface/tokenizers at commit 3ba8ad00, unmodified, in
tests/hf_suite/ (with its LICENSE and PROVENANCE.md). It runs in a subprocess whose `tokenizers` is
tests/hf_shim/tokenizers, which only re-exports toklab.hf, and whose `huggingface_hub` answers the
suite's downloads from the repository's own files (GPT-2's vocab and merges for roberta-base's) or
skips the test, naming the file. The plugin tests/hf_shim/rust_only.py skips the tests of behaviours
only the Rust library has (RUST_ONLY, with reasons).

`tokenizers` 0.23.3 itself passes 130 of the 164 tests of bindings/ here (127 with no file from the
Hub at all, and the 3 that use roberta-base's files): `python tests/test_hf_suite.py oracle` measures
it. EXPECTED_PASSES is the set toklab.hf passes: a test of it that stops passing fails the check (one
that starts passing belongs in it: `python tests/test_hf_suite.py` prints the set).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.cpython_only

ROOT = Path(__file__).resolve().parent.parent
SUITE = Path(__file__).resolve().parent / "hf_suite" / "tests"
SHIM = Path(__file__).resolve().parent / "hf_shim"

# The tests of behaviours only the Rust library has (node id -> why), skipped by tests/hf_shim/rust_only.py.
RUST_ONLY = {
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_multiprocessing_with_parallelism": (
        "the test expects a child process forked after a parallel encode to deadlock (rayon's thread pool, "
        "TOKENIZERS_PARALLELISM=true); toklab.hf has no thread pool, so its child finishes"
    ),
}

EXPECTED_PASSES = {
    "tests/bindings/test_decoders.py::TestBPEDecoder::test_can_modify",
    "tests/bindings/test_decoders.py::TestBPEDecoder::test_decoding",
    "tests/bindings/test_decoders.py::TestBPEDecoder::test_instantiate",
    "tests/bindings/test_decoders.py::TestByteFallback::test_decoding",
    "tests/bindings/test_decoders.py::TestByteFallback::test_instantiate",
    "tests/bindings/test_decoders.py::TestByteLevel::test_decoding",
    "tests/bindings/test_decoders.py::TestByteLevel::test_instantiate",
    "tests/bindings/test_decoders.py::TestByteLevel::test_manual_reload",
    "tests/bindings/test_decoders.py::TestCTCDecoder::test_can_modify",
    "tests/bindings/test_decoders.py::TestCTCDecoder::test_decoding",
    "tests/bindings/test_decoders.py::TestCTCDecoder::test_instantiate",
    "tests/bindings/test_decoders.py::TestFuse::test_decoding",
    "tests/bindings/test_decoders.py::TestFuse::test_instantiate",
    "tests/bindings/test_decoders.py::TestMetaspace::test_can_modify",
    "tests/bindings/test_decoders.py::TestMetaspace::test_decoding",
    "tests/bindings/test_decoders.py::TestMetaspace::test_instantiate",
    "tests/bindings/test_decoders.py::TestReplace::test_decoding",
    "tests/bindings/test_decoders.py::TestReplace::test_instantiate",
    "tests/bindings/test_decoders.py::TestSequenceDecoder::test_decoding",
    "tests/bindings/test_decoders.py::TestSequenceDecoder::test_instantiate",
    "tests/bindings/test_decoders.py::TestStrip::test_decoding",
    "tests/bindings/test_decoders.py::TestStrip::test_instantiate",
    "tests/bindings/test_decoders.py::TestWordPiece::test_can_modify",
    "tests/bindings/test_decoders.py::TestWordPiece::test_decoding",
    "tests/bindings/test_decoders.py::TestWordPiece::test_instantiate",
    "tests/bindings/test_models.py::TestBPE::test_can_modify",
    "tests/bindings/test_models.py::TestBPE::test_dropout_zero",
    "tests/bindings/test_models.py::TestUnigram::test_alpha_zero",
    "tests/bindings/test_models.py::TestUnigram::test_can_modify",
    "tests/bindings/test_models.py::TestWordLevel::test_can_modify",
    "tests/bindings/test_models.py::TestWordLevel::test_instantiate",
    "tests/bindings/test_models.py::TestWordPiece::test_can_modify",
    "tests/bindings/test_normalizers.py::TestBertNormalizer::test_can_modify",
    "tests/bindings/test_normalizers.py::TestBertNormalizer::test_clean_text",
    "tests/bindings/test_normalizers.py::TestBertNormalizer::test_handle_chinese_chars",
    "tests/bindings/test_normalizers.py::TestBertNormalizer::test_instantiate",
    "tests/bindings/test_normalizers.py::TestBertNormalizer::test_lowercase",
    "tests/bindings/test_normalizers.py::TestBertNormalizer::test_strip_accents",
    "tests/bindings/test_normalizers.py::TestCustomNormalizer::test_instantiate",
    "tests/bindings/test_normalizers.py::TestCustomNormalizer::test_normalizer_interface",
    "tests/bindings/test_normalizers.py::TestLowercase::test_instantiate",
    "tests/bindings/test_normalizers.py::TestLowercase::test_lowercase",
    "tests/bindings/test_normalizers.py::TestPrepend::test_can_modify",
    "tests/bindings/test_normalizers.py::TestPrepend::test_instantiate",
    "tests/bindings/test_normalizers.py::TestPrepend::test_prepend",
    "tests/bindings/test_normalizers.py::TestSequence::test_can_make_sequences",
    "tests/bindings/test_normalizers.py::TestSequence::test_instantiate",
    "tests/bindings/test_normalizers.py::TestSequence::test_item_getters_and_setters",
    "tests/bindings/test_normalizers.py::TestSequence::test_set_item",
    "tests/bindings/test_normalizers.py::TestStrip::test_can_modify",
    "tests/bindings/test_normalizers.py::TestStrip::test_full_strip",
    "tests/bindings/test_normalizers.py::TestStrip::test_instantiate",
    "tests/bindings/test_normalizers.py::TestStrip::test_left_strip",
    "tests/bindings/test_normalizers.py::TestStrip::test_right_strip",
    "tests/bindings/test_pre_tokenizers.py::TestBertPreTokenizer::test_instantiate",
    "tests/bindings/test_pre_tokenizers.py::TestByteLevel::test_can_modify",
    "tests/bindings/test_pre_tokenizers.py::TestByteLevel::test_has_alphabet",
    "tests/bindings/test_pre_tokenizers.py::TestByteLevel::test_instantiate",
    "tests/bindings/test_pre_tokenizers.py::TestByteLevel::test_manual_reload",
    "tests/bindings/test_pre_tokenizers.py::TestCharDelimiterSplit::test_can_modify",
    "tests/bindings/test_pre_tokenizers.py::TestCharDelimiterSplit::test_instantiate",
    "tests/bindings/test_pre_tokenizers.py::TestCustomPreTokenizer::test_camel_case",
    "tests/bindings/test_pre_tokenizers.py::TestCustomPreTokenizer::test_instantiate",
    "tests/bindings/test_pre_tokenizers.py::TestDigits::test_can_modify",
    "tests/bindings/test_pre_tokenizers.py::TestDigits::test_instantiate",
    "tests/bindings/test_pre_tokenizers.py::TestFixedLength::test_instantiate",
    "tests/bindings/test_pre_tokenizers.py::TestFixedLength::test_pre_tokenize_str",
    "tests/bindings/test_pre_tokenizers.py::TestMetaspace::test_can_modify",
    "tests/bindings/test_pre_tokenizers.py::TestMetaspace::test_instantiate",
    "tests/bindings/test_pre_tokenizers.py::TestPunctuation::test_instantiate",
    "tests/bindings/test_pre_tokenizers.py::TestSequence::test_bert_like",
    "tests/bindings/test_pre_tokenizers.py::TestSequence::test_instantiate",
    "tests/bindings/test_pre_tokenizers.py::TestSequence::test_item_getters_and_setters",
    "tests/bindings/test_pre_tokenizers.py::TestSequence::test_set_item",
    "tests/bindings/test_pre_tokenizers.py::TestSplit::test_instantiate",
    "tests/bindings/test_pre_tokenizers.py::TestUnicodeScripts::test_instantiate",
    "tests/bindings/test_pre_tokenizers.py::TestWhitespace::test_instantiate",
    "tests/bindings/test_pre_tokenizers.py::TestWhitespaceSplit::test_instantiate",
    "tests/bindings/test_processors.py::TestBertProcessing::test_instantiate",
    "tests/bindings/test_processors.py::TestBertProcessing::test_processing",
    "tests/bindings/test_processors.py::TestByteLevelProcessing::test_instantiate",
    "tests/bindings/test_processors.py::TestByteLevelProcessing::test_manual_reload",
    "tests/bindings/test_processors.py::TestByteLevelProcessing::test_processing",
    "tests/bindings/test_processors.py::TestRobertaProcessing::test_instantiate",
    "tests/bindings/test_processors.py::TestRobertaProcessing::test_processing",
    "tests/bindings/test_processors.py::TestSequenceProcessing::test_items",
    "tests/bindings/test_processors.py::TestSequenceProcessing::test_post_process",
    "tests/bindings/test_processors.py::TestSequenceProcessing::test_sequence_processing",
    "tests/bindings/test_processors.py::TestTemplateProcessing::test_bert_parity",
    "tests/bindings/test_processors.py::TestTemplateProcessing::test_instantiate",
    "tests/bindings/test_processors.py::TestTemplateProcessing::test_roberta_parity",
    "tests/bindings/test_tokenizer.py::TestAddedToken::test_can_set_lstrip",
    "tests/bindings/test_tokenizer.py::TestAddedToken::test_can_set_normalized",
    "tests/bindings/test_tokenizer.py::TestAddedToken::test_can_set_rstrip",
    "tests/bindings/test_tokenizer.py::TestAddedToken::test_can_set_single_world",
    "tests/bindings/test_tokenizer.py::TestAddedToken::test_instantiate_with_content_only",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_add_special_tokens",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_add_tokens",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_add_tokens_with_normalizer",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_decode",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_decode_special",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_decode_stream",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_decode_stream_copy_and_prefix_ids",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_encode",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_encode_add_special_tokens",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_get_vocab",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_get_vocab_size",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_has_expected_type_and_methods",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_multithreaded_concurrency",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_normalizer_change_refreshes_added_tokens",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_padding",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_post_process",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_setting_to_none",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_truncation",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_unigram_byte_fallback",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_weakref_support",
    "tests/bindings/test_tokenizer.py::TestTokenizer::test_weakref_with_multiple_references",
    "tests/bindings/test_tokenizer.py::TestTokenizerRepr::test_repr",
    "tests/bindings/test_tokenizer.py::TestTokenizerRepr::test_repr_complete",
    "tests/bindings/test_trainers.py::TestBpeTrainer::test_can_modify",
    "tests/bindings/test_trainers.py::TestBpeTrainer::test_can_pickle",
    "tests/bindings/test_trainers.py::TestUnigram::test_can_modify",
    "tests/bindings/test_trainers.py::TestUnigram::test_can_pickle",
    "tests/bindings/test_trainers.py::TestUnigram::test_cannot_train_different_model",
    "tests/bindings/test_trainers.py::TestUnigram::test_train_with_special_tokens",
    "tests/bindings/test_trainers.py::TestWordLevelTrainer::test_can_modify",
    "tests/bindings/test_trainers.py::TestWordLevelTrainer::test_can_pickle",
    "tests/bindings/test_trainers.py::TestWordPieceTrainer::test_can_modify",
    "tests/bindings/test_trainers.py::TestWordPieceTrainer::test_can_pickle",
}


def run_suite(oracle: bool = False) -> tuple[int, str]:
    """Run the suite's bindings/ tests (against toklab.hf, or with `oracle` against tokenizers
    itself); return pytest's exit code and output. The suite wants to run from a folder named
    "python" (tests/utils.py checks), so it is copied into one."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "python"
        shutil.copytree(SUITE, folder / "tests")
        if oracle:  # only the hub shim, beside a copy of the assets it points at
            shutil.copytree(SHIM / "huggingface_hub", Path(tmp) / "hub" / "a" / "b" / "huggingface_hub")
            shutil.copytree(ROOT / "assets" / "r50k", Path(tmp) / "hub" / "assets" / "r50k")
            path, plugin = [str(Path(tmp) / "hub" / "a" / "b")], []
        else:
            path, plugin = [str(SHIM), str(ROOT / "py_src")], ["-p", "rust_only"]
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(path), PYTHONDONTWRITEBYTECODE="1", COLUMNS="400", TOKLAB_RUST_ONLY=json.dumps(RUST_ONLY))
        cmd = [sys.executable, "-m", "pytest", "tests/bindings", "-p", "no:cacheprovider", *plugin, "-rA", "--continue-on-collection-errors"]
        done = subprocess.run(cmd, cwd=folder, env=env, capture_output=True, text=True, timeout=900)
    return done.returncode, done.stdout + done.stderr


def outcomes(output: str) -> dict[str, set[str]]:
    """Node ids by outcome (PASSED, FAILED, SKIPPED, ERROR), from pytest's -rA summary."""
    found = {"PASSED": set(), "FAILED": set(), "ERROR": set()}
    for kind, node in re.findall(r"^(PASSED|FAILED|ERROR) (\S+)", output, re.M):
        found[kind].add(node)
    return found


@pytest.fixture(scope="module")
def suite_run():
    return run_suite()


def test_toklab_passes_the_expected_tests_of_tokenizers_suite(suite_run):
    code, output = suite_run
    assert f"tokenizers from {SHIM / 'tokenizers' / '__init__.py'}" in output, output[-3000:]
    passed = outcomes(output)["PASSED"]
    assert len(EXPECTED_PASSES) >= 115
    assert passed >= EXPECTED_PASSES, f"no longer passing: {sorted(EXPECTED_PASSES - passed)}"


def test_only_hub_files_and_rust_only_behaviours_are_skipped(suite_run):
    _, output = suite_run
    skipped = re.findall(r"^SKIPPED \[\d+\] (\S+?)(?::\d+)?: (.*)$", output, re.M)
    for where, reason in skipped:
        assert reason.startswith("Rust-only: ") or re.match(r"needs \S+ from the Hub \(\S+\), which the project does not have", reason), (where, reason)
    assert len([r for _, r in skipped if r.startswith("Rust-only: ")]) == len(RUST_ONLY)


if __name__ == "__main__":
    code, output = run_suite(oracle=sys.argv[1:] == ["oracle"])
    found = outcomes(output)
    print(output.splitlines()[-1])
    for node in sorted(found["PASSED"]):
        print(f'    "{node}",')
