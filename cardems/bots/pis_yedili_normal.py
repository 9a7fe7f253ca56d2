"""Normal Pis Yedili opponent: a careful café player, from its view only.

It sheds expensive cards first, keeps one 7 back to answer a 7, holds its Jacks
until it needs them (nothing else to play, someone about to go out, or its own way
out) and then names its longest suit, aims its 7s at the leader or at a player
close to going out, and watches hand sizes: when an opponent is down to one or two
cards it sheds high cards fast.

The judgement is :func:`choose`, a function of a :class:`Table` (the few numbers a
player weighs), so the Hard opponent's playouts can run it on full positions.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardems.cards import SUITS
from cardems.pis_yedili import DRAW, PASS, SPECIAL_RANKS, VALUES, PisYediliView
from cardems.rng import Rng

SEVEN_HIT = 6.0        # playing a 7 at a dangerous or leading player
KEEP_SEVEN = 9.0       # the cost of giving up the last 7 that could answer a 7
ACE_BONUS = 9.0        # the others draw and I play again
TWIN_BONUS = 9.0       # a pişti with two decks: I play again
FOLLOW = 1.5           # per card of the same suit left in hand after the play
DANGER = 2             # an opponent with this many cards or fewer may go out soon


@dataclass
class Table:
    """What the Normal player weighs at a decision."""

    seat: int
    players: int
    hand: list[str]
    top: str | None
    pending: int
    drawn: bool
    target: int               # who faces my 7 (the seat that moves after me)
    hand_sizes: list[int]
    totals: list[int]
    decks: int

    @classmethod
    def from_view(cls, view: PisYediliView) -> "Table":
        seat = view.seat
        target = view.stack[-1] if view.stack else (seat + view.direction) % view.players
        return cls(seat, view.players, list(view.hand), view.top, view.pending, view.drawn,
                   target, list(view.hand_sizes), list(view.totals), view.decks)


def name_suit(hand: list[str], played: str) -> str:
    """The suit to name with a Jack: the longest among the cards kept, then the costliest."""
    rest = list(hand)
    rest.remove(played)
    counts = {s: 0 for s in SUITS}
    worth = {s: 0 for s in SUITS}
    for card in rest:
        if card[:-1] != "J":
            counts[card[-1]] += 1
            worth[card[-1]] += VALUES[card[:-1]]
    return max(SUITS, key=lambda s: (counts[s], worth[s]))


def jack(card: str, hand: list[str]) -> str:
    card = card.partition(":")[0]
    return f"{card}:{name_suit(hand, card)}"


def choose(table: Table, legal: list[str], rng: Rng) -> str:
    """The Normal player's move among ``legal`` in a normal turn or facing a 7."""
    if len(legal) == 1:
        return legal[0]
    if table.pending:                        # answer a 7 whenever possible
        return next((m for m in legal if m != DRAW), DRAW)
    hand = table.hand
    cards = [m for m in legal if m not in (DRAW, PASS)]
    if len(hand) == 1 and cards:             # going out
        return jack(cards[0], hand) if cards[0][0] == "J" else cards[0]
    others = [s for s in range(table.players) if s != table.seat]
    danger = min(table.hand_sizes[s] for s in others) <= DANGER
    leader = min(others, key=lambda s: (table.totals[s], table.hand_sizes[s]))
    plain = [m for m in cards if m[0] != "J"]
    jacks = [m for m in cards if m[0] == "J"]
    if jacks and (danger or len(hand) <= 2):  # shed the 25 before someone goes out, or go out with it
        return jack(jacks[0], hand)
    if plain:
        sevens = sum(1 for c in hand if c[:-1] == "7")
        best, best_score = plain[0], -1e9
        for card in plain:
            r, s = card[:-1], card[-1]
            score = VALUES[r] * (2.0 if danger else 1.0)
            score += FOLLOW * sum(1 for c in hand if c[-1] == s and c != card)
            if r == "7":
                hit = table.target
                if table.hand_sizes[hit] <= DANGER + 1 or (table.players > 2 and hit == leader):
                    score += SEVEN_HIT
                if sevens == 1 and len(hand) > 3 and not danger:
                    score -= KEEP_SEVEN
            elif r == "A":
                score += ACE_BONUS
            elif table.decks == 2 and r not in SPECIAL_RANKS and table.top == card:
                score += TWIN_BONUS
            if len(hand) == 2 and r != "A":
                kept = hand[1] if hand[0] == card else hand[0]
                if kept[:-1] == "A":         # an Ace cannot be the last card
                    score -= 20.0
            score += rng.random() * 1e-3
            if score > best_score:
                best, best_score = card, score
        if best_score > 0 or table.drawn:
            return best
    if jacks and (table.drawn or len(hand) <= 3):
        return jack(jacks[0], hand)
    return DRAW if DRAW in legal else (plain[0] if plain else PASS)


def choose_opening(legal: list[str]) -> str:
    """In the opening: shed the costliest playable club."""
    return max(legal, key=lambda m: VALUES.get(m[:-1], -1))


class PisYediliNormal:
    level = "normal"

    def choose(self, view: PisYediliView, legal: list[str], rng: Rng) -> str:
        if view.phase == "muamele":
            return rng.choice(legal)
        if view.phase == "opening":
            return choose_opening(legal)
        return choose(Table.from_view(view), legal, rng)
