"""The doctests of a package's modules, found by walking it: a module that gains an
example is tested with no list to update. Modules that need the browser (they
import pyscript, js or pyodide) are left to the browser tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

BROWSER_ONLY = {"pyscript", "js", "pyodide"}


def module_names(package: str, skip: str | None = None) -> list[str]:
    root = importlib.import_module(package)
    names = [package] + [m.name for m in pkgutil.walk_packages(root.__path__, package + ".")]
    return sorted(
        n
        for n in names
        if not n.endswith(".__main__")  # running it is the CLI
        and not (skip and (n == skip or n.startswith(skip + ".")))
    )


def run_doctests(name: str) -> int:
    """Run ``name``'s examples; returns how many ran (a failure fails the test)."""
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if (missing.name or "").split(".")[0] in BROWSER_ONLY:
            pytest.skip(f"{name} needs the browser")
        raise
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {name} failed (see above)"
    return result.attempted
