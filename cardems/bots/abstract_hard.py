"""Hard Abstract opponent: perfect play, from the exact solver (:mod:`cardems.abstract_solver`).

Every take is the one with the best final score difference under perfect play by
both sides. The choice to go first or second compares the value of moving first
with zero; in Abstract 52 the choice also decides the second half, whose row is
not dealt yet, so the bot averages the value of moving first over a few orders
of the 26 cards still to come (drawn from its own random source).
"""

from __future__ import annotations

from typing import Generator

from cardems.abstract import AbstractView, Move, full_deck
from cardems.abstract_solver import Position, Solver, mask_of
from cardems.rng import Rng
from cardems.search import run_steps

SECOND_ROW_SAMPLES = 3


def position(view: AbstractView) -> Position:
    """The solver's position for the player to move in ``view``."""
    me = view.to_move if view.to_move is not None else view.seat
    mine, theirs = view.taken[me], view.taken[1 - me]
    return Position(view.taken_count, mask_of(mine, view.variant), len(mine),
                    mask_of(theirs, view.variant), len(theirs), view.previous or 0)


def first_mover_value_steps(view: AbstractView, rng: Rng, samples: int = SECOND_ROW_SAMPLES
                            ) -> Generator[None, None, float]:
    """What moving first is worth to the chooser, over the whole deal."""
    value: float = yield from Solver.for_row(view.variant, view.dealt).value_steps(Position.start())
    if view.next_row:
        dealt = set(view.dealt)
        rest = [c for c in full_deck(view.variant) if c not in dealt]
        later = 0
        for _ in range(samples):
            rng.shuffle(rest)
            later += yield from Solver.for_row(view.variant, tuple(rest)).value_steps(Position.start())
        value -= later / samples   # going first now means going second in the next half
    return value


class AbstractHard:
    level = "hard"

    def choose(self, view: AbstractView, legal: list[Move], rng: Rng) -> Move:
        return run_steps(self.choose_steps(view, legal, rng))

    def choose_steps(self, view: AbstractView, legal: list[Move], rng: Rng) -> Generator[None, None, Move]:
        if view.choosing:
            value = yield from first_mover_value_steps(view, rng)
            return "first" if value >= 0 else "second"
        if len(legal) == 1:
            return legal[0]
        take, _ = yield from Solver.for_row(view.variant, view.dealt).best_steps(position(view))
        return take
