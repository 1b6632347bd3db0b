"""`huggingface_hub`, for tokenizers' test suite run offline: the files the project has, else a skip.

The suite's tests/utils.py fetches its fixtures with `hf_hub_download` from the dataset
hf-internal-testing/tokenizers-test-data. Here that function answers from the repository instead:
roberta-base's merges are GPT-2's merges, and the tests of bindings/ that use roberta-base's vocab read
tokens, not ids, so GPT-2's encoder.json (the same tokens, other ids) stands in for it (implementations/
test_byte_level_bpe.py reads ids: it fails so, with `tokenizers` too, and is not run). Any other file is
not in the project, and the test that asks for it is skipped, saying which file.
"""

from pathlib import Path

import pytest

R50K = Path(__file__).resolve().parents[3] / "assets" / "r50k"
LOCAL = {
    "roberta-base-vocab.json": R50K / "encoder.json",
    "roberta-base-merges.txt": R50K / "vocab.bpe",
}


def hf_hub_download(repo_id, filename, repo_type=None, **kwargs):
    path = LOCAL.get(filename)
    if path is None:
        pytest.skip(f"needs {filename} from the Hub ({repo_id}), which the project does not have")
    return str(path)
