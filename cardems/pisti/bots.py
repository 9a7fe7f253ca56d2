"""Pişti's computer opponents by level."""

from __future__ import annotations

from collections.abc import Callable

from cardems.bots import Bot, RandomBot


def _normal() -> Bot:
    from cardems.pisti.normal import PistiNormal

    return PistiNormal()


def _hard() -> Bot:
    from cardems.pisti.hard import PistiHard

    return PistiHard()


def _panel(name: str) -> Callable[[], Bot]:
    def make() -> Bot:
        from cardems.pisti import panel

        bot: Bot = getattr(panel, f"Pisti{name.title()}")()
        return bot

    return make


# easy, normal, hard; and the panel (cardems/pisti/panel.py), used only for measurement
BOTS = {
    "easy": RandomBot,
    "normal": _normal,
    "hard": _hard,
    **{name: _panel(name) for name in ("greedy", "hunter", "sampler")},
}
