"""Pişti: its rules (:mod:`.rules`) and its computer opponents (:mod:`.bots`)."""

from cardems.pisti.rules import Pisti

__all__ = ["Pisti"]
