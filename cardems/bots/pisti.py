"""Pişti's computer opponents by level."""

from __future__ import annotations

from cardems.bots import Bot, RandomBot


def _normal() -> Bot:
    from cardems.bots.pisti_normal import PistiNormal
    return PistiNormal()


def _hard() -> Bot:
    from cardems.bots.pisti_hard import PistiHard
    return PistiHard()


BOTS = {"easy": RandomBot, "normal": _normal, "hard": _hard}
