"""Normal Pis Yedili opponent: a careful café player, from its view only.

It sheds expensive cards first, keeps one 7 back to answer a 7, holds its Jacks
until it needs them (nothing else to play, someone about to go out, or its own way
out) and then names its longest suit, aims its 7s at the leader or at a player
close to going out, and watches hand sizes: when an opponent is down to one or two
cards it sheds high cards fast.

The judgement is :func:`choose`, a function of a :class:`Situation` (the few numbers a
player weighs), so the Hard opponent's playouts can run it on full positions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardems.cards import JOKER, SUITS
from cardems.pis_yedili.rules import DRAW, PASS, VALUES, House, PisYediliView, is_opening_card
from cardems.rng import Rng

SEVEN_HIT = 6.0  # playing a 7 at a dangerous or leading player
KEEP_SEVEN = 9.0  # the cost of giving up the last 7 that could answer a 7
ACE_BONUS = 9.0  # the others draw and I play again
TWIN_BONUS = 9.0  # a pişti with two decks: I play again
FOLLOW = 1.5  # per card of the same suit left in hand after the play
DANGER = 2  # an opponent with this many cards or fewer may go out soon
ACE_DRAW_BONUS = 4.0  # house rule ace=draw: the others draw one, but the turn passes
SKIP_BONUS = 5.0  # house rule eight_skips: the next player misses a turn (2 players: I play again)


@dataclass
class Situation:
    """What the Normal player weighs at a decision."""

    seat: int
    players: int
    hand: list[str]
    top: str | None
    named: str | None
    pending: int
    drawn: bool
    target: int  # who faces my 7 (the seat that moves after me)
    hand_sizes: list[int]
    totals: list[int]
    decks: int
    house: House = field(default_factory=House)

    @classmethod
    def from_view(cls, view: PisYediliView) -> Situation:
        seat = view.seat
        target = view.stack[-1] if view.stack else (seat + view.direction) % view.players
        return cls(
            seat,
            view.players,
            list(view.hand),
            view.top,
            view.named,
            view.pending,
            view.drawn,
            target,
            list(view.hand_sizes),
            list(view.totals),
            view.decks,
            House.of(view.options),
        )


def name_suit(hand: list[str], played: str) -> str:
    """The suit to name with a Jack or a joker: the longest among the cards kept (neither
    counts), then the costliest."""
    counts = {s: 0 for s in SUITS}
    worth = {s: 0 for s in SUITS}
    for card in hand:
        if card[0] != "J" and card != JOKER:
            counts[card[-1]] += 1
            worth[card[-1]] += VALUES[card[:-1]]
    return max(SUITS, key=lambda s: (counts[s], worth[s]))


def jack(card: str, hand: list[str]) -> str:
    card = card.partition(":")[0]
    return f"{card}:{name_suit(hand, card)}"


def choose(table: Situation, legal: list[str] | None = None, rng: Rng | None = None) -> str:
    """The Normal player's move in a normal turn or facing a 7.

    It works out the legal cards itself (the rules' matching, from the table), so
    playouts need no list of legal moves; ties go to the card first in hand.
    """
    hand = table.hand
    n = len(hand)
    if table.pending:  # answer a 7 whenever possible
        return next((c for c in hand if c[:-1] == "7"), DRAW)
    top, named = table.top, table.named
    house = table.house
    jack_ok = house.jack_on_jack or top is None or top[:-1] != "J"
    plain: list[str] = []
    jacks: list[str] = []  # the wild cards it may play: its jokers (50 points) first, then Jacks
    jokers: list[str] = []
    for card in hand:
        r = card[:-1]
        if r == "J":
            if jack_ok:
                jacks.append(card)
        elif card == JOKER:
            jokers.append(card)
        elif top is None or (
            card[-1] == named if named is not None else (card[-1] == top[-1] or r == top[:-1])
        ):
            if r != "A" or n > 1:
                plain.append(card)
    jacks = jokers + jacks
    if not plain and not jacks:
        return PASS if table.drawn else DRAW
    if n == 1:  # going out
        return jack(hand[0], hand) if jacks else hand[0]
    sizes, seat = table.hand_sizes, table.seat
    danger = False
    leader, low = -1, None
    for s in range(table.players):
        if s != seat:
            if sizes[s] <= DANGER:
                danger = True
            key = (table.totals[s], sizes[s])
            if low is None or key < low:
                leader, low = s, key
    if jacks and (danger or n <= 2):  # shed the 25 before someone goes out, or go out with it
        return jack(jacks[0], hand)
    if plain:
        sevens = 0
        suits: dict[str, int] = {}
        for c in hand:
            suits[c[-1]] = suits.get(c[-1], 0) + 1
            if c[:-1] == "7":
                sevens += 1
        best, best_score = plain[0], -1e9
        weight = 2.0 if danger else 1.0
        for card in plain:
            r = card[:-1]
            score = VALUES[r] * weight + FOLLOW * (suits[card[-1]] - 1)
            if r == "7":
                hit = table.target
                if sizes[hit] <= DANGER + 1 or (table.players > 2 and hit == leader):
                    score += SEVEN_HIT
                if sevens == 1 and n > 3 and not danger:
                    score -= KEEP_SEVEN
            elif r == "A":
                score += ACE_BONUS if house.ace_again else ACE_DRAW_BONUS
            elif r == "8" and house.eight_skips:
                score += ACE_BONUS if table.players == 2 else SKIP_BONUS
                if sizes[table.target] <= DANGER + 1:
                    score += SEVEN_HIT
            elif table.decks == 2 and top == card and house.twin(r):
                score += TWIN_BONUS
            if n == 2 and r != "A":
                kept = hand[1] if hand[0] == card else hand[0]
                if kept[:-1] == "A":  # an Ace cannot be the last card
                    score -= 20.0
            if score > best_score:
                best, best_score = card, score
        if best_score > 0 or table.drawn:
            return best
    if jacks and (table.drawn or n <= 3):
        return jack(jacks[0], hand)
    if not table.drawn:
        return DRAW
    return plain[0] if plain else PASS


def choose_opening(hand: list[str]) -> str:
    """In the opening: shed the costliest playable club (or draw without one)."""
    best, value = DRAW, -1
    for card in hand:
        if is_opening_card(card) and VALUES[card[:-1]] > value:
            best, value = card, VALUES[card[:-1]]
    return best


class PisYediliNormal:
    level = "normal"

    def choose(self, view: PisYediliView, legal: list[str], rng: Rng) -> str:
        if view.phase == "muamele":
            return rng.choice(legal)
        if view.phase == "opening":
            return choose_opening(list(view.hand))
        return choose(Situation.from_view(view))
