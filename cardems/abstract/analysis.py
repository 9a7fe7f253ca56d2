"""Analysis for the player: what each decision is worth under perfect play.

Values are final score differences of the half (the whole deal outside Abstract
52) from the point of view of the player deciding: +40 means that, if both play
perfectly from here, that player ends 40 points ahead. Every function has a
sliced twin (``*_steps``) that yields while it thinks, for the page.

>>> from cardems.abstract.rules import Abstract
>>> game = Abstract.new({"mode": "deal"}, deck="AS AD QS 9H QH AC JH KH KS KD 10S 9D 9S JS KC JC JD 10H 10D 10C AH QD QC 9C")
>>> choice = choice_values(game.view(0))
>>> choice["first"] == -choice["second"]
True
>>> _ = game.play("first")
>>> values = take_values(game.view(0))
>>> sorted(values), max(values.values()) == choice["first"]
([1, 2, 3], True)
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass

from cardems.abstract.rules import AbstractView
from cardems.abstract.solver import Position, Solver
from cardems.cards import Card
from cardems.search import run_steps


def choice_values_steps(view: AbstractView) -> Generator[None, None, dict[str, int]]:
    """What going first or second is worth to the chooser in this half (in Abstract 52 the
    second half, not dealt yet, is left out: there the chooser will move second, or first)."""
    value = yield from Solver.for_row(view.variant, view.dealt).value_steps(Position.start())
    return {"first": value, "second": -value}


def choice_values(view: AbstractView) -> dict[str, int]:
    return run_steps(choice_values_steps(view))


def take_values_steps(view: AbstractView) -> Generator[None, None, dict[int, int]]:
    """The exact value of each take the player to move may make."""
    return (yield from Solver.for_row(view.variant, view.dealt).analyse_steps(Position.from_view(view)))


def take_values(view: AbstractView) -> dict[int, int]:
    return run_steps(take_values_steps(view))


@dataclass(frozen=True)
class Reviewed:
    """One take of a finished half, judged: what each possible take was worth."""

    seat: int
    take: int
    values: dict[int, int]

    @property
    def best(self) -> int:
        return max(self.values.values())

    @property
    def loss(self) -> int:
        """Points given away by this take, against the best (0 for a perfect take)."""
        return self.best - self.values[self.take]


def review_steps(
    variant: str, row: Sequence[Card], first: int, takes: Sequence[tuple[int, int]]
) -> Generator[None, None, list[Reviewed]]:
    """Every take of a finished half with the value of each take that could have been made."""
    solver = Solver.for_row(variant, tuple(row))
    pos = Position.start()
    out = []
    for seat, take in takes:
        values = yield from solver.analyse_steps(pos)
        out.append(Reviewed(seat, take, values))
        pos = solver.child(pos, take)
    return out


def review(variant: str, row: Sequence[Card], first: int, takes: Sequence[tuple[int, int]]) -> list[Reviewed]:
    return run_steps(review_steps(variant, row, first, takes))
