"""The engine's docstring examples run (CPython and Pyodide)."""

import pytest

from tests.doctests import module_names, run_doctests

MODULES = module_names("cardems", skip="cardems.web")


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_docstrings_hold(name):
    run_doctests(name)


def test_the_engine_has_examples_to_run():
    assert sum(run_doctests(n) for n in ("cardems.cards", "cardems.rng", "cardems.pisti.rules")) >= 5
