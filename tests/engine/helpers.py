"""Builders of arranged Pişti deals for the rule tests."""

from __future__ import annotations

from cardems.cards import parse_cards, standard_deck
from cardems.pisti.rules import Pisti


def arranged(pile: str, *hands: str, stock: str = "") -> list[str]:
    """A full deck: the 4 centre cards (bottom up), each hand in turn order, then the stock.

    Cards not named are appended in a fixed order, so each test names only what matters.
    """
    named = parse_cards(pile) + [c for h in hands for c in parse_cards(h)] + parse_cards(stock)
    rest = [c for c in standard_deck() if c not in named]
    return named + rest


def play_all(game: Pisti, moves: str) -> list:
    events = []
    for move in moves.split():
        events.extend(game.play(move))
    return events


def finish_first_legal(game: Pisti) -> Pisti:
    while not game.is_over():
        game.play(game.legal_moves()[0])
    return game
