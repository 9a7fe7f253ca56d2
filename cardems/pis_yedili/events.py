"""What happens in Pis Yedili, for the eyes (see :class:`cardems.game.Event`): a drawn card
is in no event (only its count); the hands are in :class:`RoundEnd`, shown to all."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardems.cards import Card
from cardems.game import Event

if TYPE_CHECKING:
    from cardems.pis_yedili.rules import RoundScore


@dataclass(frozen=True)
class Round(Event):
    """A round begins: ``first`` opens it; ``stock``: the cards left to draw."""

    first: int
    round: int
    stock: int


@dataclass(frozen=True)
class Play(Event):
    """``seat`` played ``card`` (a Jack naming ``named``; ``opening``: its opening club)."""

    seat: int
    card: Card
    named: str | None = None
    opening: bool = False


@dataclass(frozen=True)
class Draw(Event):
    """``seat`` drew ``count`` cards (``reason``: ``opening``, ``turn``, ``penalty`` or ``ace``)."""

    seat: int
    count: int
    reason: str


@dataclass(frozen=True)
class Pass(Event):
    seat: int


@dataclass(frozen=True)
class Opened(Event):
    """Every seat made its opening play; ``first`` moves first in play."""

    first: int


@dataclass(frozen=True)
class Penalty(Event):
    """``seat`` played a 7: ``pending`` cards are to be drawn unless a 7 answers."""

    seat: int
    pending: int


@dataclass(frozen=True)
class Ten(Event):
    """``seat`` played a 10 (the bounce rule): ``to`` moves, the seats in ``stack`` are owed a turn."""

    seat: int
    to: int
    stack: tuple[int, ...]


@dataclass(frozen=True)
class Reverse(Event):
    """``seat`` played a 10 (the reverse rule): play goes in ``direction`` now (+1 or -1)."""

    seat: int
    direction: int


@dataclass(frozen=True)
class Again(Event):
    """``seat`` plays again (``reason``: ``ace``, or ``pisti``: a twin card with two decks)."""

    seat: int
    reason: str


@dataclass(frozen=True)
class RoundEnd(Event):
    """The round ended: ``out`` went out with ``card`` (both None when the stock ran out:
    ``reason`` ``stock``), its cards counting ``multiplier`` times; every hand is shown."""

    out: int | None
    card: Card | None
    reason: str
    multiplier: int
    hands: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class Muamele(Event):
    """``seat`` holds sevens: it picks ``picks`` face-down penalty cards."""

    seat: int
    picks: int


@dataclass(frozen=True)
class Pick(Event):
    """``seat`` picked ``card`` (shown to all), ``left`` picks to go."""

    seat: int
    card: Card
    left: int


@dataclass(frozen=True)
class RoundScored(Event):
    score: RoundScore


@dataclass(frozen=True)
class Skip(Event):
    """``seat`` played an 8 (the ``eight_skips`` house rule): ``skipped`` misses its turn."""

    seat: int
    skipped: int
