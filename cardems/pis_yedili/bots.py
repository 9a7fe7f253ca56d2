"""Pis Yedili's computer opponents by level."""

from __future__ import annotations

from collections.abc import Callable

from cardems.bots import Bot, RandomBot


def _normal() -> Bot:
    from cardems.pis_yedili.normal import PisYediliNormal

    return PisYediliNormal()


def _hard() -> Bot:
    from cardems.pis_yedili.hard import PisYediliHard

    return PisYediliHard()


def _panel(name: str) -> Callable[[], Bot]:
    def make() -> Bot:
        from cardems.pis_yedili import panel

        bot: Bot = getattr(panel, f"PisYedili{name.title()}")()
        return bot

    return make


# easy, normal, hard; and the panel (cardems/pis_yedili/panel.py), used only for measurement
BOTS = {
    "easy": RandomBot,
    "normal": _normal,
    "hard": _hard,
    **{name: _panel(name) for name in ("greedy", "hunter", "sampler")},
}
