"""The examples in the engine's docstrings run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "errors",
    "cards",
    "moves",
    "options",
    "game",
    "outcome",
    "deal",
    "position",
    "record",
    "view",
    "words",
    "runs",
    "scoring",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(f"russianbank.{name}")
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
