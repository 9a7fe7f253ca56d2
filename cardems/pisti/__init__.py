"""Pişti: its rules (:mod:`.rules`) and its computer opponents (:mod:`.bots`)."""

from typing import Any

__all__ = ["Pisti"]


def __getattr__(name: str) -> Any:
    """``Pisti`` is imported when first asked for, so that the game's options
    (:mod:`.options`) can be read without its rules."""
    if name == "Pisti":
        from cardems.pisti.rules import Pisti

        return Pisti
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
