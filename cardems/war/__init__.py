"""War with a 3-card hand: its rules (:mod:`.rules`) and its computer opponents (:mod:`.bots`)."""

from typing import Any

__all__ = ["War"]


def __getattr__(name: str) -> Any:
    """``War`` is imported when first asked for, so that the game's options
    (:mod:`.options`) can be read without its rules."""
    if name == "War":
        from cardems.war.rules import War

        return War
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
