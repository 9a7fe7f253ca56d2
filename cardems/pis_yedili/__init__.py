"""Pis Yedili: its rules (:mod:`.rules`) and its computer opponents (:mod:`.bots`)."""

from typing import Any

__all__ = ["PisYedili"]


def __getattr__(name: str) -> Any:
    """``PisYedili`` is imported when first asked for, so that the game's options
    (:mod:`.options`) can be read without its rules."""
    if name == "PisYedili":
        from cardems.pis_yedili.rules import PisYedili

        return PisYedili
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
