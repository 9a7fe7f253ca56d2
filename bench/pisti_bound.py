"""An upper bound for Pişti's Hard: its search dealt the true hidden cards. Measurement only.

    python bench/hard_variant.py CACHE --opponent sampler --deals N --set "bench.pisti_bound:MODE='all'"

Imported through ``hard_variant.py --set`` in every worker, this module makes the arena
keep the game it plays where Hard's model can reach it, and has
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

from cardems import arena
from cardems.games import game_class
from cardems.pisti import hard
from cardems.rng import Rng

MODE = "off"
GAME: dict[str, Any] = {}  # the game under way in this worker


def play_game(
    game_name: str,
    options: dict[str, Any],
    seed: int,
    bots: list[Any],
    seating: list[int],
    versus: str = "best",
) -> tuple[float, int]:
    """:func:`cardems.arena.play_game`, keeping the game where :func:`sample` finds it."""
    game = game_class(game_name).new(options, seed=seed)
    GAME["game"] = game
    while not game.is_over():
        seat = game.to_move
        assert seat is not None
        game.play(arena.bot_move(game, bots[seating[seat]], seat))
    result = game.result()
    kind = game.game_type
    mine = kind.side(seating.index(0), len(seating))
    scores = kind.ranking(result.scores)
    others = [s for i, s in enumerate(scores) if i != mine]
    diff = scores[mine] - (sum(others) / len(others) if versus == "mean" else max(others))
    outcome = 0 if result.winner == "draw" else (1 if result.winner == mine else -1)
    return float(diff), outcome


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


arena.play_game = play_game
hard.PistiModel.sample = sample  # type: ignore[method-assign]
