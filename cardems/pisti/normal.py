"""Normal Pişti opponent: sound club-player heuristics, from its view only.

It captures when it pays, keeps Jacks for piles worth one, avoids leaving a
lone card that hands the next player a pişti, and remembers every card that
has been played (so it knows which ranks are dead).

The judgement works on a :class:`Situation`, the few numbers a player weighs at a
decision, so the Hard opponent can use the same judgement as its model of how
the others play.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from cardems.cards import RANKS, Card, rank_of
from cardems.pisti.rules import HAND, JACK_PISTI_POINTS, OPENING, PISTI_POINTS, PistiView, card_points
from cardems.rng import Rng

CARD_WORTH = 0.12  # one captured card's share of the 3 most-cards points
JACK_KEEP = 1.6  # what a Jack in hand is worth for later piles
HIDDEN_WORTH = 0.35  # expected points of one face-down opening card


def chance_holds(hand: int, unseen: int, wanted: int) -> float:
    """P(a hand of ``hand`` cards drawn from ``unseen`` holds one of ``wanted`` cards)."""
    if wanted <= 0 or hand <= 0:
        return 0.0
    if unseen - wanted < hand:
        return 1.0
    return 1.0 - comb(unseen - wanted, hand) / comb(unseen, hand)


@dataclass(frozen=True)
class Situation:
    """What a player weighs at a decision."""

    top: str | None  # rank on top of the pile
    pile_size: int
    pile_value: float  # known points + expected hidden points + card share
    unseen: dict[str, int]  # per rank: copies this player has not seen
    unseen_total: int
    next_hand: int  # cards the next player will hold when it plays (0: deal over)
    jack_keep: float  # what keeping a Jack is still worth
    last_card: bool  # this is the deal's very last card
    last_card_pisti: bool
    sweep_mine: bool  # the pile left at the end would come to this player's side
    jack_pisti: int = JACK_PISTI_POINTS  # what a Jack pişti is worth (option jack_pisti)
    pisti_now: bool = True  # a pişti made now counts (option first_round_pisti)
    pisti_next: bool = True  # and one the next player makes on its turn

    @classmethod
    def from_view(cls, view: PistiView) -> Situation:
        unseen = dict.fromkeys(RANKS, 0)
        cards = view.unseen()
        for card in cards:
            unseen[rank_of(card)] += 1
        nxt = (view.seat + 1) % view.players
        hand = view.hand_sizes[nxt] or (4 if view.stock_size else 0)
        sweeper = view.last_capturer if view.last_capturer is not None else 0
        known = sum(card_points(c) for c in view.pile_up)
        first_round = view.stock_size == 52 - OPENING - HAND * view.players
        return cls(
            top=rank_of(view.pile_top) if view.pile_top else None,
            pile_size=view.pile_size,
            pile_value=known + view.pile_hidden * HIDDEN_WORTH + view.pile_size * CARD_WORTH,
            unseen=unseen,
            unseen_total=len(cards),
            next_hand=hand,
            jack_keep=JACK_KEEP * min(1.0, (view.stock_size + sum(view.hand_sizes)) / 16),
            last_card=view.stock_size == 0 and sum(view.hand_sizes) == 1,
            last_card_pisti=view.last_card_pisti,
            sweep_mine=sweeper == view.side,
            jack_pisti=view.jack_pisti_points,
            pisti_now=view.pisti_now,
            pisti_next=view.pisti_now or not (first_round and sum(view.hand_sizes) > 1),
        )


def judge(table: Situation, card: Card) -> float:
    """How good playing ``card`` looks: the gain of a capture, or minus the risk of a discard."""
    rank = rank_of(card)
    jack = rank == "J"
    own = card_points(card) + CARD_WORTH
    if table.top is not None and (rank == table.top or jack):
        gain = table.pile_value + own
        if (
            table.pile_size == 1
            and rank == table.top
            and table.pisti_now
            and (table.last_card_pisti or not table.last_card)
        ):
            gain += table.jack_pisti if jack else PISTI_POINTS
        if jack:
            gain -= table.jack_keep
        return gain + 0.01
    return -risk(table, card) - (table.jack_keep if jack else 0.0)


def risk(table: Situation, card: Card) -> float:
    """Expected points handed to the next player by leaving ``card`` on the pile."""
    pile = table.pile_value + card_points(card) + CARD_WORTH
    if table.next_hand == 0:  # the deal's last card: the pile goes to the last capturer
        return 0.0 if table.sweep_mine else pile
    rank = rank_of(card)
    same = table.unseen[rank]
    jacks = table.unseen["J"] if rank != "J" else 0
    p_match = chance_holds(table.next_hand, table.unseen_total, same)
    bonus = 0.0
    if table.pile_size == 0 and table.pisti_next:
        bonus = table.jack_pisti if rank == "J" else PISTI_POINTS
    p_any = chance_holds(table.next_hand, table.unseen_total, same + jacks)
    jack_used = p_any - p_match if pile > JACK_KEEP else 0.0
    return p_match * (pile + bonus) + jack_used * pile


class PistiNormal:
    level = "normal"

    def choose(self, view: PistiView, legal: list[Card], rng: Rng) -> Card:
        table = Situation.from_view(view)
        scores = [judge(table, card) for card in legal]
        best = max(scores)
        options = [c for c, s in zip(legal, scores) if abs(s - best) < 1e-9]
        return options[0] if len(options) == 1 else rng.choice(options)

    def score(self, view: PistiView, card: Card) -> float:
        return judge(Situation.from_view(view), card)
