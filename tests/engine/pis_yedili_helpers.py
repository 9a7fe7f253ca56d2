"""Builders of arranged Pis Yedili deals for the rule tests."""

from __future__ import annotations

from cardems.cards import parse_cards
from cardems.pis_yedili.rules import PisYedili, deck_for


def arranged(*hands: str, stock: str = "", players: int | None = None, jokers: bool = False) -> list[str]:
    """A full deck in the rules' deal order: 7 cards to each seat from the first player
    (seat 0 in the first round), then the stock from its top. Cards not named follow
    in a fixed order, so a test names only what matters."""
    players = players or len(hands)
    named = [c for h in hands for c in parse_cards(h)] + parse_cards(stock)
    for hand in hands:
        assert len(parse_cards(hand)) == 7, hand
    rest = deck_for(players, jokers)
    for card in named:
        rest.remove(card)
    return named + rest


def new(*hands: str, stock: str = "", **options) -> PisYedili:
    options.setdefault("players", len(hands))
    deck = arranged(*hands, stock=stock, players=options["players"], jokers=options.get("jokers", False))
    return PisYedili.new(options, deck=deck)


def play_all(game: PisYedili, moves: str) -> list:
    events = []
    for move in moves.split():
        events.extend(game.play(move))
    return events


def kinds(events: list) -> list[type]:
    return [type(e) for e in events]
