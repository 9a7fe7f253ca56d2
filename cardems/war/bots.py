"""War's computer opponents by level, plus predictable bots used for measurement."""

from __future__ import annotations

from typing import Any

from cardems.bots import Bot, RandomBot
from cardems.rng import Rng
from cardems.war.rules import strength


class Highest:
    """Always the highest card of the active hand (the first such card on a tie)."""

    level = "highest"

    def choose(self, view: Any, legal: list[str], rng: Rng) -> str:
        return max(legal, key=strength)


class Lowest:
    """Always the lowest card of the active hand (the first such card on a tie)."""

    level = "lowest"

    def choose(self, view: Any, legal: list[str], rng: Rng) -> str:
        return min(legal, key=strength)


def _normal() -> Bot:
    from cardems.war.normal import WarNormal

    return WarNormal()


def _hard() -> Bot:
    from cardems.war.hard import WarHard

    return WarHard()


BOTS = {"easy": RandomBot, "normal": _normal, "hard": _hard, "highest": Highest, "lowest": Lowest}
