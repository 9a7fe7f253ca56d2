"""Abstract: its rules (:mod:`.rules`), scoring (:mod:`.score`), exact solver
(:mod:`.solver`), the analysis behind "why this take" (:mod:`.analysis`) and its
computer opponents (:mod:`.bots`)."""

from typing import Any

__all__ = ["Abstract"]


def __getattr__(name: str) -> Any:
    """``Abstract`` is imported when first asked for, so that the game's options
    (:mod:`.options`) can be read without its rules."""
    if name == "Abstract":
        from cardems.abstract.rules import Abstract

        return Abstract
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
