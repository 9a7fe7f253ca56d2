"""War with a 3-card hand: its rules (:mod:`.rules`) and its computer opponents (:mod:`.bots`)."""

from cardems.war.rules import War

__all__ = ["War"]
