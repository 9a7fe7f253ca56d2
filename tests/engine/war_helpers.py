"""Builders of arranged War deals and positions for the rule tests."""

from __future__ import annotations

from cardems.cards import parse_cards, standard_deck
from cardems.war.events import Commit
from cardems.war.rules import War


def arranged(human: str, computer: str) -> list[str]:
    """A full deck: the human's draw pile (top first) starts with ``human``, the
    computer's with ``computer``; the cards not named fill both piles in a fixed order."""
    top0, top1 = parse_cards(human), parse_cards(computer)
    rest = [c for c in standard_deck() if c not in top0 + top1]
    fill0 = 26 - len(top0)
    return top0 + rest[:fill0] + top1 + rest[fill0:]


def position(hands: tuple[str, str], draws: tuple[str, str], table_down: int = 0, seed: int = 0) -> War:
    """A game in a chosen position: the named active hands and draw piles (top first).
    Every card not named is put face down on the table as part of a war in progress
    (``table_down`` of them, half each; the rest under the computer's draw pile), so
    the 52 cards stay accounted for."""
    game = War.new(seed=seed, deck=standard_deck())
    named = [parse_cards(h) for h in hands] + [parse_cards(d) for d in draws]
    used = {c for cards in named for c in cards}
    rest = [c for c in standard_deck() if c not in used]
    down, rest = rest[:table_down], rest[table_down:]
    game.hands = [named[0], named[1]]
    game.draw = [named[2], named[3] + rest]
    game.table = [(i % 2, c, False) for i, c in enumerate(down)]
    game.known = {}
    assert sorted(game.all_cards()) == sorted(standard_deck())
    return game


def battle(game: War, human: str, computer: str) -> list:
    """Play a whole battle; returns its events after seat 1's :class:`Commit`."""
    events = game.play(f"{human}/{computer}")
    assert events[0] == Commit(1)
    return events[1:]


def kinds(events: list) -> list[type]:
    return [type(e) for e in events]
