"""`tokenizers`, answered by toklab.hf: HuggingFace tokenizers' public names, re-exported and nothing else.

tests/test_hf_suite.py puts this folder first on PYTHONPATH and runs tokenizers' own binding tests. Each
submodule (`tokenizers.models`, `tokenizers.normalizers`...) is toklab.hf's module of the same name.
"""

import sys

import toklab.hf
from toklab.hf import *  # noqa: F403
from toklab.hf import __all__  # noqa: F401

__version__ = "0.23.3"

for _name in ("decoders", "implementations", "models", "normalizers", "pre_tokenizers", "processors", "trainers"):
    sys.modules[f"{__name__}.{_name}"] = getattr(toklab.hf, _name)
