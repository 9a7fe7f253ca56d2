"""Cards and their codes.

A card is written rank then suit: ``AS``, ``10D``, ``2C``, ``JH``; ``T`` is
accepted for ten on input and parsing is case-insensitive. The joker is ``X``.
Cards are plain strings in their canonical form, so they compare, hash and
serialise for free; :func:`parse_card` is the gate every outside input goes
through.

>>> parse_card("td")
'10D'
>>> rank_of("10D"), suit_of("10D")
('10', 'D')
>>> len(standard_deck()), len(standard_deck(packs=2, jokers=2))
(52, 106)
"""

from __future__ import annotations

from collections.abc import Iterable

from cardems.errors import BadInput, shown

Card = str

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKER: Card = "X"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

_CANON: dict[str, Card] = {}
for _r in RANKS:
    for _s in SUITS:
        _CANON[_r + _s] = _r + _s
        if _r == "10":
            _CANON["T" + _s] = _r + _s
_CANON["X"] = JOKER


def parse_card(text: str) -> Card:
    """Return the canonical code of ``text``, or raise :class:`BadInput`."""
    if not isinstance(text, str):
        raise BadInput(f"not a card code: {shown(text)}")
    code = _CANON.get(text.strip().upper()) if len(text) <= 40 else None
    if code is None:
        raise BadInput(f"unknown card code {shown(text)} (examples: AS, 10D, 2C, JH)")
    return code


def parse_cards(text: str | list[str] | tuple[str, ...]) -> list[Card]:
    """Parse whitespace- or comma-separated codes (or a list of codes)."""
    if isinstance(text, str):
        items = text.replace(",", " ").split()
    elif isinstance(text, (list, tuple)):
        items = list(text)
    else:
        raise BadInput(f"the cards must be codes separated by spaces, or a list of codes, not {shown(text)}")
    return [parse_card(item) for item in items]


def format_cards(cards: Iterable[Card]) -> str:
    """The codes separated by single spaces, the form ``--deck`` takes."""
    return " ".join(cards)


def rank_of(card: Card) -> str:
    """The rank of a card: ``A 2 .. 10 J Q K``, or ``X`` for the joker."""
    return card if card == JOKER else card[:-1]


def suit_of(card: Card) -> str | None:
    """The suit of a card, ``None`` for the joker."""
    return None if card == JOKER else card[-1]


def standard_deck(packs: int = 1, jokers: int = 0) -> list[Card]:
    """Cards in a fixed order: suit by suit, ranks A..K, then the jokers."""
    one = [r + s for s in SUITS for r in RANKS]
    return one * packs + [JOKER] * jokers


def check_deck(cards: list[Card], expected: list[Card]) -> None:
    """Raise :class:`BadInput` unless ``cards`` is a permutation of ``expected``."""
    if len(cards) != len(expected):
        raise BadInput(f"the deck has {len(cards)} cards; it must have {len(expected)}")
    want: dict[Card, int] = {}
    for card in expected:
        want[card] = want.get(card, 0) + 1
    for card in cards:
        left = want.get(card, 0)
        if left == 0:
            extra = "duplicated" if card in want else "not in this game's deck"
            raise BadInput(f"card {card} is {extra}")
        want[card] = left - 1


def arranged_deck(deck: str | list[str] | tuple[str, ...] | None, expected: list[Card]) -> list[Card] | None:
    """An arranged deal's cards (``--deck``), checked to be ``expected`` reordered; None if none given."""
    if deck is None:
        return None
    cards = parse_cards(deck)
    check_deck(cards, expected)
    return cards
