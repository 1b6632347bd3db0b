"""`tiktoken`, answered by toklab: tiktoken's public names, re-exported from toklab and nothing else.

tests/test_tiktoken_suite.py puts this folder first on PYTHONPATH and runs tiktoken's own test suite.
"""

from toklab import Encoding, encoding_for_model, encoding_name_for_model, get_encoding, list_encoding_names

__all__ = ["Encoding", "encoding_for_model", "encoding_name_for_model", "get_encoding", "list_encoding_names"]
