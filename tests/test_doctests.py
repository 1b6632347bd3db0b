"""The worked examples in the engine's docstrings are true."""

import doctest
import importlib
import pkgutil

import pytest

import toklab

MODULES = sorted(m.name for m in pkgutil.walk_packages(toklab.__path__, "toklab."))


@pytest.mark.parametrize("name", ["toklab", *MODULES])
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
