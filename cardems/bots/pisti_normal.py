"""Normal Pişti opponent: sound club-player heuristics, from its view only.

It captures when it pays, keeps Jacks for piles worth one, avoids leaving a
lone card that hands the next player a pişti, and remembers every card that
has been played (so it knows which ranks are dead).
"""

from __future__ import annotations

from math import comb

from cardems.cards import Card, rank_of
from cardems.pisti import JACK_PISTI_POINTS, PISTI_POINTS, PistiView, card_points, is_jack
from cardems.rng import Rng

CARD_WORTH = 0.12        # one captured card's share of the 3 most-cards points
JACK_KEEP = 1.6          # what a Jack in hand is worth for later piles
HIDDEN_WORTH = 0.35      # expected points of one face-down opening card


def chance_holds(hand: int, unseen: int, wanted: int) -> float:
    """P(a hand of ``hand`` cards drawn from ``unseen`` holds one of ``wanted`` cards)."""
    if wanted <= 0 or hand <= 0:
        return 0.0
    if unseen - wanted < hand:
        return 1.0
    return 1.0 - comb(unseen - wanted, hand) / comb(unseen, hand)


class PistiNormal:
    level = "normal"

    def choose(self, view: PistiView, legal: list[Card], rng: Rng) -> Card:
        best = max(self._score(view, card) for card in legal)
        options = [c for c in legal if abs(self._score(view, c) - best) < 1e-9]
        return options[0] if len(options) == 1 else rng.choice(options)

    def pile_value(self, view: PistiView) -> float:
        known = sum(card_points(c) for c in view.pile_up)
        return known + view.pile_hidden * HIDDEN_WORTH + view.pile_size * CARD_WORTH

    def _score(self, view: PistiView, card: Card) -> float:
        top = view.pile_top
        own = card_points(card) + CARD_WORTH
        jack_keep = JACK_KEEP * min(1.0, (view.stock_size + sum(view.hand_sizes)) / 16)
        last_card = view.stock_size == 0 and sum(view.hand_sizes) == 1
        if top is not None and (rank_of(card) == rank_of(top) or is_jack(card)):
            gain = self.pile_value(view) + own
            if view.pile_size == 1 and rank_of(card) == rank_of(top) and (
                    view.last_card_pisti or not last_card):
                gain += JACK_PISTI_POINTS if is_jack(card) else PISTI_POINTS
            if is_jack(card):
                gain -= jack_keep
            return gain + 0.01
        return -self._risk(view, card) - (jack_keep if is_jack(card) else 0.0)

    def _risk(self, view: PistiView, card: Card) -> float:
        """Expected points handed to the next player by leaving ``card`` on the pile."""
        unseen = view.unseen()
        nxt = (view.seat + 1) % view.players
        hand = view.hand_sizes[nxt]
        if hand == 0 and view.stock_size:
            hand = 4
        if hand == 0:  # we play the deal's last card: the pile goes to the last capturer
            side = view.last_capturer if view.last_capturer is not None else 0
            loss = self.pile_value(view) + card_points(card) + CARD_WORTH
            return 0.0 if side == view.side else loss
        same = sum(1 for c in unseen if rank_of(c) == rank_of(card))
        jacks = sum(1 for c in unseen if is_jack(c)) if not is_jack(card) else 0
        pile = self.pile_value(view) + card_points(card) + CARD_WORTH
        p_match = chance_holds(hand, len(unseen), same)
        bonus = 0.0
        if view.pile_size == 0:
            bonus = JACK_PISTI_POINTS if is_jack(card) else PISTI_POINTS
        p_any = chance_holds(hand, len(unseen), same + jacks)
        jack_used = p_any - p_match if pile > JACK_KEEP else 0.0
        return p_match * (pile + bonus) + jack_used * pile
