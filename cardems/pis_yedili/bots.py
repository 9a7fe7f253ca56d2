"""Pis Yedili's computer opponents by level."""

from __future__ import annotations

from cardems.bots import Bot, RandomBot


def _normal() -> Bot:
    from cardems.pis_yedili.normal import PisYediliNormal
    return PisYediliNormal()


def _hard() -> Bot:
    from cardems.pis_yedili.hard import PisYediliHard
    return PisYediliHard()


BOTS = {"easy": RandomBot, "normal": _normal, "hard": _hard}
