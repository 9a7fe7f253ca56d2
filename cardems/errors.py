"""The engine's exceptions: one for an illegal move, one for other bad input; why a
move is refused (:class:`Reason`); and how a message shows a value that came from outside."""

from __future__ import annotations

import reprlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


class BadInput(ValueError):
    """Input that cannot be accepted: a bad card code, deck, option or save.

    The message is meant for a person: it names what was wrong.
    """


@dataclass(frozen=True)
class Reason:
    """Why a move is refused, as a value: a ``code`` and its parameters.

    ``Reason("seven_pending", {"n": 6})``. The engine words it in English for the CLI
    (:meth:`cardems.game.Game.refusal`); the page words it in the player's language from
    its catalogs (``<game>.why.<code>``, or a shared ``why.<code>``). By convention a
    parameter named ``card`` holds a card code, ``suit`` a suit letter, ``seat`` a seat,
    ``n`` a count; the others are numbers.
    """

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))


class IllegalMove(BadInput):
    """A move that is not legal in the current position.

    ``move`` is its text and ``reason`` why it is refused; the message says both in
    English. The game is left exactly as it was before the move was tried.
    """

    def __init__(self, message: str, move: str = "", reason: Reason | None = None) -> None:
        super().__init__(message)
        self.move = move
        self.reason = reason if reason is not None else Reason("not_legal")


SHOWN = 120  # at most this much of an outside value goes into a message
_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 60
_SHORT.maxlevel = 2


def shown(raw: Any) -> str:
    """``raw`` as a message shows it: its ``repr``, shortened (outside values may be huge)."""
    try:
        text = _SHORT.repr(raw)
    except (ValueError, RecursionError):  # an int past the 4,300-digit conversion limit (Python 3.11)
        return f"a value of type {type(raw).__name__} too long to show"
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."
