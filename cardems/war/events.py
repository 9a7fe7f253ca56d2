"""What happens in War, for the eyes (see :class:`cardems.game.Event`): a committed card
is never in an event before the battle turns it."""

from __future__ import annotations

from dataclasses import dataclass

from cardems.cards import Card
from cardems.game import Event, GameOver


@dataclass(frozen=True)
class Deal(Event):
    """The draw piles are dealt and the active hands filled (sizes per seat)."""

    draw: tuple[int, int]
    hands: tuple[int, int]


@dataclass(frozen=True)
class Commit(Event):
    """``seat`` chose its card for the battle (which stays hidden)."""

    seat: int


@dataclass(frozen=True)
class Battle(Event):
    """Both chosen cards turned: ``cards`` are seat 0's and seat 1's; ``winner`` None on a
    tie; ``pile``: the cards on the table when it was decided."""

    cards: tuple[Card, Card]
    winner: int | None
    pile: int


@dataclass(frozen=True)
class Take(Event):
    """``seat`` took the table (``count`` cards; ``cards``: those that lay face up) under its
    draw pile; ``counts``: each seat's cards after it."""

    seat: int
    cards: tuple[Card, ...]
    count: int
    counts: tuple[int, int]


@dataclass(frozen=True)
class Refill(Event):
    """The active hands were filled again: ``drawn`` per seat, ``draw`` the piles' sizes after."""

    drawn: tuple[int, int]
    draw: tuple[int, int]


@dataclass(frozen=True)
class Tie(Event):
    """A tied battle: each seat burned cards face down (``burned``), a war is on for
    ``table`` cards."""

    burned: tuple[int, int]
    table: int


@dataclass(frozen=True)
class Out(GameOver):
    """A seat ran out of cards (``reason``: ``out``, ``war_out`` or ``both_out``); ``counts``
    each seat's cards at the end."""

    reason: str
    counts: tuple[int, int]
