"""An upper bound for Pişti's Hard: its search dealt the true hidden cards. Measurement only.

    python bench/hard_variant.py CACHE --opponent sampler --deals N --set "bench.pisti_bound:MODE='all'"

Imported through ``hard_variant.py --set`` in every worker, this module makes the arena
keep each game it starts where Hard's model can reach it, and has
:meth:`cardems.pisti.hard.PistiModel.sample` deal the other hands and the face-down
opening cards as they really are (the stock, which nobody knows, still shuffled). A
cheating search is the usual upper bound in benchmarks of hidden-information games: it
says how much knowing the cards is worth, so how much any reading of the others could
give at most. It is never a bot of the game: nothing in ``cardems`` imports it.

``MODE``: ``"all"`` (every decision), ``"empty"`` (only when the pile is empty: the card
led may hand the other a pişti), ``"nonempty"`` (only when it is not), ``"off"``.
"""

from __future__ import annotations

from typing import Any

from cardems import arena, games
from cardems.pisti import hard
from cardems.rng import Rng

MODE = "off"
GAME: dict[str, Any] = {}  # the game under way in this worker


class Recording:
    """A game class whose new games are kept where :func:`sample` finds them."""

    def __init__(self, cls: Any) -> None:
        self.cls = cls

    def __getattr__(self, name: str) -> Any:
        return getattr(self.cls, name)

    def new(self, *args: Any, **kwargs: Any) -> Any:
        GAME["game"] = game = self.cls.new(*args, **kwargs)
        return game


_sample = hard.PistiModel.sample


def sample(self: hard.PistiModel, view: Any, rng: Rng) -> tuple[hard.Sim, float]:
    empty = not view.pile_size
    if MODE == "off" or (MODE == "empty" and not empty) or (MODE == "nonempty" and empty):
        return _sample(self, view, rng)
    if view is not self._view:
        self._view, self._known = view, hard.Known(view)
    known = self._known
    assert known is not None
    game = GAME["game"]
    hands = [list(hand) for hand in game.hands]
    hidden = [card for card in game.opening_hidden if card not in view.opening_known]
    stock = list(game.stock)
    rng.shuffle(stock)
    return known.world(view, hands, stock, hidden, self.horizon or hard.HORIZON[view.players]), 1.0


def recording_class(name: str) -> Any:
    return Recording(games.game_class(name))


arena.game_class = recording_class  # type: ignore[attr-defined]
hard.PistiModel.sample = sample  # type: ignore[method-assign]
