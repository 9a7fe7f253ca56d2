"""The registry of games: name -> rules class, imported when first asked for.

Each game lives in its own package (``cardems/<module>/``, its rules in ``rules.py``); nothing of a game
is imported until that game is used, so the page's start-up stays small.
A planned game whose module does not exist yet is "coming soon".
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING, Any

from cardems.errors import BadInput

if TYPE_CHECKING:
    from cardems.game import Game, Option

# game name (routes, CLI, saves) -> (module, class)
SOURCES: dict[str, tuple[str, str]] = {
    "pisti": ("cardems.pisti.rules", "Pisti"),
    "war": ("cardems.war.rules", "War"),
    "pis-yedili": ("cardems.pis_yedili.rules", "PisYedili"),
    "abstract": ("cardems.abstract.rules", "Abstract"),
}
PLANNED = tuple(SOURCES)


def module_name(name: str) -> str:
    """``pis-yedili`` -> ``pis_yedili``: the name of the game's package
    (``cardems/<stem>/`` for its engine, ``cardems/web/<stem>/`` for its table)."""
    return SOURCES[name][0].split(".")[1]


_shipped: frozenset[str] | None = None  # the page's own list (its modules arrive later)


def set_shipped(names: tuple[str, ...] | None) -> None:
    """On the page, the games its build ships (``cardems/web/build.json``): their
    modules are fetched when a game is opened, so they cannot be looked for before."""
    global _shipped
    _shipped = None if names is None else frozenset(names)


def is_playable(name: str) -> bool:
    """Whether ``name``'s rules exist (without importing them)."""
    source = SOURCES.get(name)
    if source is None:
        return False
    if _shipped is not None:
        return name in _shipped
    return importlib.util.find_spec(source[0]) is not None


def playable() -> tuple[str, ...]:
    return tuple(name for name in PLANNED if is_playable(name))


def game_class(name: str) -> type[Game[Any, Any]]:
    """The rules class of ``name``; :class:`BadInput` for unknown or coming games."""
    source = SOURCES.get(name)
    if source is None:
        raise BadInput(f"unknown game {name!r} (games: {', '.join(PLANNED)})")
    if not is_playable(name):
        raise BadInput(f"{name} is not playable yet (coming soon)")
    module, cls = source
    rules: type[Game[Any, Any]] = getattr(importlib.import_module(module), cls)
    return rules


def options_spec(name: str) -> tuple[Option, ...]:
    """The options of ``name`` (``cardems/<stem>/options.py``), read without its rules:
    the routes, the options form and the lobby need them before a game's modules are
    here. :class:`BadInput` for unknown or coming games."""
    if name not in SOURCES:
        raise BadInput(f"unknown game {name!r} (games: {', '.join(PLANNED)})")
    if not is_playable(name):
        raise BadInput(f"{name} is not playable yet (coming soon)")
    spec: tuple[Option, ...] = importlib.import_module(f"cardems.{module_name(name)}.options").OPTIONS
    return spec


def house_rules(name: str) -> dict[str, Any]:
    """The house rules of ``name``, each with the value the ladder's all-at-once set
    gives it (``HOUSE`` in ``cardems/<stem>/options.py``; ``{}`` for a game with none).
    :class:`BadInput` as :func:`options_spec`."""
    options_spec(name)
    house: dict[str, Any] = getattr(
        importlib.import_module(f"cardems.{module_name(name)}.options"), "HOUSE", {}
    )
    return dict(house)
