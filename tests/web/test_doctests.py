"""The page layer's docstring examples run, in every module that does not need the browser."""

import pytest

from tests.doctests import module_names, run_doctests

MODULES = module_names("cardems.web")


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_docstrings_hold(name):
    run_doctests(name)
