"""Hard Abstract opponent: deep search under a fixed budget of nodes, exact wherever
the budget allows (:mod:`cardems.abstract.deepening`).

Each decision is an iterative deepening alpha-beta of its own (nothing carried over from
other searches), so it is a pure function of the view: the same in the arena and on the
page, whatever the clock says. The budget (:data:`BUDGET` nodes, :data:`BUDGET_52` in
Abstract 52) covers a full solve of the base, suit and unlimited games from the start
(all but about 2 unlimited rows in 100), and of an Abstract 52 half from its second to
fourth take on; the first decisions of a 52 half look as deep as the budget allows
(mostly 12 to 16 takes) and judge the horizon by a plain ending of the row.

The choice to go first or second compares the value of moving first with zero. In
Abstract 52 the choice also decides the second half, whose row is not dealt yet: going
first now means going second then, so the bot goes first if this row's value of moving
first is at least what moving first is worth in a random half (:data:`FIRST_MOVER_52`,
measured over 500 random rows by the exact solver; solving sampled orders of the 26
cards to come was tried: their values spread as widely as unconditioned rows, so a few
samples only add noise).
"""

from __future__ import annotations

from collections.abc import Generator

from cardems.abstract.deepening import Deepening
from cardems.abstract.rules import AbstractView, Move
from cardems.abstract.solver import Position, Solver
from cardems.rng import Rng
from cardems.search import run_steps

BUDGET = 24_000  # nodes per decision (every position visited, finished rows included)
BUDGET_52 = 20_000  # in Abstract 52, whose scoring (a product of three measures) costs more per node
FIRST_MOVER_52 = -0.6  # mean exact value of moving first in a random half of Abstract 52 (±0.7)


def budget_for(variant: str) -> int:
    return BUDGET_52 if variant == "52" else BUDGET


def search_for(view: AbstractView, budget: int | None = None) -> Deepening:
    """A fresh search of this half's row (the solver's precomputed tables, none of its values)."""
    return Deepening(Solver.for_row(view.variant, view.dealt), budget or budget_for(view.variant))


def first_mover_value_steps(view: AbstractView, budget: int | None = None) -> Generator[None, None, float]:
    """What going first is worth to the chooser over the deal (in Abstract 52, the
    second half counted at its expected value), as far as the budget sees."""
    search = search_for(view, budget)
    yield  # the row's tables may have just been built: a slice of their own
    value, _ = yield from search.value_steps(Position.start())
    if view.next_row:
        value -= FIRST_MOVER_52  # going first now means going second in the next half
    return value


class AbstractHard:
    level = "hard"

    def __init__(self, budget: int | None = None) -> None:
        self.budget = budget  # None: the variant's budget

    def choose(self, view: AbstractView, legal: list[Move], rng: Rng) -> Move:
        return run_steps(self.choose_steps(view, legal, rng))

    def choose_steps(self, view: AbstractView, legal: list[Move], rng: Rng) -> Generator[None, None, Move]:
        if view.choosing:
            value = yield from first_mover_value_steps(view, self.budget)
            return "first" if value >= 0 else "second"
        if len(legal) == 1:
            return legal[0]
        search = search_for(view, self.budget)
        yield
        take, _, _ = yield from search.best_steps(Position.from_view(view))
        return take
