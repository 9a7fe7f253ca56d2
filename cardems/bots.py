"""Computer opponents. A bot sees a view and the legal moves, never the state.

Every bot has the same shape::

    move = bot.choose(view, legal_moves, rng)

``rng`` is the bot's own :class:`~cardems.rng.Rng`, so a decision is a pure
function of what the seat may know and the seed.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Generator
from typing import Any, Protocol

from cardems.errors import BadInput
from cardems.rng import Rng

LEVELS = ("easy", "normal", "hard")


class Bot(Protocol):
    level: str

    def choose(self, view: Any, legal: list[Any], rng: Rng) -> Any: ...


class RandomBot:
    """Easy: any legal move, uniformly."""

    level = "easy"

    def choose(self, view: Any, legal: list[Any], rng: Rng) -> Any:
        return rng.choice(legal)


def _registry(game: str) -> dict[str, Callable[[], Bot]]:
    """``cardems/<game module>/bots.py`` defines ``BOTS``: level -> factory.

    Besides easy/normal/hard it may hold bots used only for measurement
    (the arena), e.g. War's ``highest``. Imported only when asked for.
    """
    from cardems.games import SOURCES, is_playable, module_name

    if game not in SOURCES or not is_playable(game):
        return {}
    try:
        module = importlib.import_module(f"cardems.{module_name(game)}.bots")
    except ModuleNotFoundError:
        return {}
    return dict(module.BOTS)


def make_bot(game: str, level: str) -> Bot:
    """The bot of ``level`` for ``game``; :class:`BadInput` names what exists."""
    levels = _registry(game)
    if not levels:
        raise BadInput(f"no computer opponents for {game!r}")
    factory = levels.get(str(level).lower())
    if factory is None:
        raise BadInput(f"unknown level {level!r} for {game} (choose from: {', '.join(levels)})")
    return factory()


def levels_for(game: str) -> tuple[str, ...]:
    return tuple(_registry(game))


def bot_rng(seed: int, seat: int, move_no: int) -> Rng:
    """A bot's random source for one decision: from the game's seed, its seat and
    the move number, so a resumed or replayed game sees the same decisions."""
    return Rng((seed * 1_000_003 + seat * 7919 + move_no * 104_729) ^ 0x5DEECE66D)


def bot_move(game: Any, bot: Bot, seat: int) -> Any:
    """Ask ``bot`` for ``seat``'s move in ``game``: it gets the view, never the state."""
    return bot.choose(game.view(seat), game.legal_moves(), bot_rng(game.seed, seat, game.move_number()))


def bot_move_steps(game: Any, bot: Bot, seat: int) -> Generator[None, None, Any]:
    """:func:`bot_move` in slices: a generator that yields now and then while the bot
    thinks and returns the move (``StopIteration.value``). The page awaits between
    slices, so a searching bot never freezes it. Same move as :func:`bot_move`."""
    view, legal = game.view(seat), game.legal_moves()
    rng = bot_rng(game.seed, seat, game.move_number())
    steps = getattr(bot, "choose_steps", None)
    if steps is None:
        return bot.choose(view, legal, rng)
    return (yield from steps(view, legal, rng))
