"""What happens in Abstract, for the eyes (see :class:`cardems.game.Event`): every card
lies face up, so events carry any card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardems.cards import Card
from cardems.game import Event


@dataclass(frozen=True)
class Deal(Event):
    """``dealer`` dealt the ``row`` of a half (``half`` 0, or 1 in Abstract 52's second)."""

    dealer: int
    row: tuple[Card, ...]
    deal: int
    half: int


@dataclass(frozen=True)
class Choose(Event):
    """``seat`` chose to go ``choice`` (``first`` or ``second``): ``first`` moves first."""

    seat: int
    choice: str
    first: int


@dataclass(frozen=True)
class Take(Event):
    """``seat`` took ``cards`` from the exposed end of the row."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class HalfScored(Event):
    """A half is scored: each seat's score and breakdown (a whole deal outside Abstract 52)."""

    half: int
    scores: tuple[int, int]
    breakdown: tuple[Any, Any]


@dataclass(frozen=True)
class DealScored(Event):
    deal: int
    totals: tuple[int, int]
    match_scores: tuple[int, int]
