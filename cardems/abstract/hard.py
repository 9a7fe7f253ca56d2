"""Hard Abstract opponent: perfect play, from the exact solver (:mod:`cardems.abstract.solver`).

Every take is the one with the best final score difference under perfect play by
both sides. The choice to go first or second compares the value of moving first
with zero. In Abstract 52 the choice also decides the second half, whose row is
not dealt yet: going first now means going second then, so the bot goes first if
this row's value of moving first is at least what moving first is worth in a
random half (:data:`FIRST_MOVER_52`, measured over 500 random rows by the solver;
solving sampled orders of the 26 cards to come was tried: their values spread as
widely as unconditioned rows, so a few samples only add noise).
"""

from __future__ import annotations

from typing import Generator

from cardems.abstract.rules import AbstractView, Move
from cardems.abstract.solver import Position, Solver
from cardems.rng import Rng
from cardems.search import run_steps

FIRST_MOVER_52 = -0.6    # mean exact value of moving first in a random half of Abstract 52 (±0.7)


def first_mover_value_steps(view: AbstractView) -> Generator[None, None, float]:
    """What going first is worth to the chooser over the deal (in Abstract 52, the
    second half counted at its expected value)."""
    value: float = yield from Solver.for_row(view.variant, view.dealt).value_steps(Position.start())
    if view.next_row:
        value -= FIRST_MOVER_52    # going first now means going second in the next half
    return value


class AbstractHard:
    level = "hard"

    def choose(self, view: AbstractView, legal: list[Move], rng: Rng) -> Move:
        return run_steps(self.choose_steps(view, legal, rng))

    def choose_steps(self, view: AbstractView, legal: list[Move], rng: Rng) -> Generator[None, None, Move]:
        if view.choosing:
            value = yield from first_mover_value_steps(view)
            return "first" if value >= 0 else "second"
        if len(legal) == 1:
            return legal[0]
        take, _ = yield from Solver.for_row(view.variant, view.dealt).best_steps(Position.from_view(view))
        return take
