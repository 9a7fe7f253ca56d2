"""Normal War opponent: counts the cards seen and plays sensibly, from its view only.

It works out which cards the other side can be holding (:func:`hand_weights`:
every card seen face up is remembered with the side that won it and how deep in
that side's draw pile it went), and then wins cheaply: in a plain battle it plays
the lowest card that probably wins, or throws its lowest card when none does,
and it saves its high cards for wars, where it plays its strongest.
"""

from __future__ import annotations

from cardems.cards import Card
from cardems.rng import Rng
from cardems.war.rules import FULL_DECK, STRENGTH, WarView

WIN_ENOUGH = 0.6  # a plain battle is worth a card that wins at least this often
FLOOR = 0.01  # weight of a card the table believes is elsewhere (a burned card may have moved)


def hand_weights(view: WarView) -> dict[Card, float]:
    """For each card that could be in the other side's active hand, about how likely it is.

    The weights are marginals that add up to about the size of that hand. A card the
    other side won face up is in its hand in proportion to how much of that won pile
    it has drawn since; a card this side won is almost surely not; a card nobody has
    seen face up since it was dealt or burned shares what is left.
    """
    me, other = view.seat, view.other
    size = view.hand_sizes[other]
    if size == 0:
        return {}
    excluded = set(view.hand)
    excluded.update(c for _, c in view.table_up)
    weights: dict[Card, float] = {}
    expected = 0.0
    out = view.pile_out[other]
    for card, side, start, n in view.known:
        if side == me:
            weights[card] = FLOOR
        else:
            drawn = min(1.0, max(0.0, (out - start) / n))
            weights[card] = max(FLOOR, drawn)
            expected += drawn
    unknown = [c for c in FULL_DECK if c not in excluded and c not in weights]
    if unknown:
        share = max(FLOOR, (size - expected) / len(unknown))
        for card in unknown:
            weights[card] = share
    return weights


def rank_odds(weights: dict[Card, float]) -> list[float]:
    """P(the other side's card has each strength 0..12), if it played one of its cards at random."""
    odds = [0.0] * 13
    for card, w in weights.items():
        odds[STRENGTH[card]] += w
    total = sum(odds) or 1.0
    return [p / total for p in odds]


class WarNormal:
    level = "normal"

    def choose(self, view: WarView, legal: list[Card], rng: Rng) -> Card:
        if len(legal) == 1:
            return legal[0]
        ordered = sorted(legal, key=lambda c: STRENGTH[c])
        if view.at_war:
            return ordered[-1]
        odds = rank_odds(hand_weights(view))
        for card in ordered:
            if sum(odds[: STRENGTH[card]]) >= WIN_ENOUGH:
                return card
        return ordered[0]
