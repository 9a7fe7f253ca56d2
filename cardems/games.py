"""The registry of games: name -> rules class."""

from __future__ import annotations

from cardems.errors import BadInput
from cardems.game import Game
from cardems.pisti import Pisti

GAMES: dict[str, type[Game]] = {"pisti": Pisti}
PLANNED = ("pisti", "war", "pis-yedili", "abstract")


def game_class(name: str) -> type[Game]:
    cls = GAMES.get(name)
    if cls is None:
        if name in PLANNED:
            raise BadInput(f"{name} is not playable yet (coming soon)")
        raise BadInput(f"unknown game {name!r} (games: {', '.join(PLANNED)})")
    return cls
