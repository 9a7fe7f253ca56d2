"""Abstract's computer opponents by level."""

from __future__ import annotations

from cardems.bots import Bot, RandomBot


def _normal() -> Bot:
    from cardems.abstract.normal import AbstractNormal

    return AbstractNormal()


def _hard() -> Bot:
    from cardems.abstract.hard import AbstractHard

    return AbstractHard()


BOTS = {"easy": RandomBot, "normal": _normal, "hard": _hard}
