"""What happens in Pişti, for the eyes (see :class:`cardems.game.Event`): every card an
event carries is face up for the whole table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardems.cards import Card
from cardems.game import Event

if TYPE_CHECKING:
    from cardems.pisti.rules import Breakdown


@dataclass(frozen=True)
class Redeal(Event):
    """The four opening cards were all Jacks: the deck is shuffled again."""


@dataclass(frozen=True)
class Opening(Event):
    """A deal begins: its opening pile, ``card`` face up on three face-down cards
    (a Jack turned up first was put under them: ``exchanged_jack``)."""

    deal: int
    lead: int
    card: Card
    exchanged_jack: Card | None


@dataclass(frozen=True)
class Deal(Event):
    """Each hand got four cards from the stock (``round`` of the deal; ``stock`` left)."""

    round: int
    stock: int


@dataclass(frozen=True)
class Play(Event):
    seat: int
    card: Card


@dataclass(frozen=True)
class Capture(Event):
    """``seat`` took the pile (``count`` cards, for ``side``): ``cards`` are those everybody
    saw; ``pisti`` is ``"pisti"`` or ``"jack_pisti"`` when it scored one, worth ``points``."""

    seat: int
    side: int
    cards: tuple[Card, ...]
    count: int
    pisti: str | None
    points: int


@dataclass(frozen=True)
class Sweep(Event):
    """The deal's last cards on the pile went to ``side``, the last to capture."""

    side: int
    cards: tuple[Card, ...]
    count: int


@dataclass(frozen=True)
class DealScored(Event):
    """The deal is scored, per side; ``revealed``: its face-down opening cards, shown now."""

    deal: int
    scores: tuple[Breakdown, ...]
    match_scores: tuple[int, ...]
    revealed: tuple[Card, ...]
