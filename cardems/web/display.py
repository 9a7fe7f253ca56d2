"""How cards are shown, whatever the game: the deck's colours and the hand's order.

Pure Python (no browser here). The choices are kept by :mod:`cardems.web.storage`
(``cardems:deck``, ``cardems:order``); the page marks the deck on ``<html
data-deck>`` (static/css/app.css gives each suit its colour, which the card art
draws with), and every table orders the human's hand with :func:`ordered`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from cardems.web.escape import esc

DECKS = ("two", "four")  # ♥♦ red, ♠♣ black; or ♦ blue and ♣ green as well
# each game's own order (its table's ``own_order``), by suit then rank, by rank then suit, as dealt
ORDERS = ("game", "suit", "rank", "dealt")
DEFAULT_DECK, DEFAULT_ORDER = "two", "game"

_SUIT = {"S": 0, "H": 1, "C": 2, "D": 3}  # black and red alternate, in either deck
_RANK = {r: i for i, r in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))}


def _key(card: str) -> tuple[int, int]:
    return _SUIT.get(card[-1], 9), _RANK.get(card[:-1], 99)


def ordered(hand: Iterable[str], order: str, own: str = "dealt") -> list[str]:
    """The hand in the order chosen: ``suit`` (then rank, ace high), ``rank`` (then suit),
    ``dealt`` (as the game holds it), or ``game``: the game's ``own`` (one of the others).
    A joker goes last."""
    cards = list(hand)
    if order == "game":
        order = own
    if order == "suit":
        return sorted(cards, key=_key)
    if order == "rank":
        return sorted(cards, key=lambda c: _key(c)[::-1])
    return cards


def form_html(t: Callable[..., str], deck: str, order: str) -> str:
    """The display settings as two fieldsets of the options dialog (``data-display``:
    not a game option; a change applies at once)."""

    def field(name: str, values: tuple[str, ...], current: str) -> str:
        radios = "".join(
            f'<label class="choice"><input type="radio" name="{name}" value="{value}"'
            f'{" checked" if value == current else ""}><span>{esc(t(f"display.{name}.{value}"))}</span></label>'
            for value in values
        )
        return (
            f'<fieldset class="field" data-field="{name}" data-display>'
            f'<legend>{esc(t(f"display.{name}"))}</legend><div class="choices">{radios}</div></fieldset>'
        )

    return field("deck", DECKS, deck) + field("order", ORDERS, order)
