"""Pis Yedili: its rules (:mod:`.rules`) and its computer opponents (:mod:`.bots`)."""

from cardems.pis_yedili.rules import PisYedili

__all__ = ["PisYedili"]
