"""Pişti's computer opponents by level."""

from __future__ import annotations

from cardems.bots import Bot, RandomBot


def _normal() -> Bot:
    from cardems.pisti.normal import PistiNormal
    return PistiNormal()


def _hard() -> Bot:
    from cardems.pisti.hard import PistiHard
    return PistiHard()


BOTS = {"easy": RandomBot, "normal": _normal, "hard": _hard}
