"""The engine's exceptions: one for an illegal move, one for other bad input; and
how a message shows a value that came from outside."""

from __future__ import annotations

import reprlib
from typing import Any


class BadInput(ValueError):
    """Input that cannot be accepted: a bad card code, deck, option or save.

    The message is meant for a person: it names what was wrong.
    """


class IllegalMove(BadInput):
    """A move that is not legal in the current position.

    The game is left exactly as it was before the move was tried.
    """


SHOWN = 120              # at most this much of an outside value goes into a message
_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 60
_SHORT.maxlevel = 2


def shown(raw: Any) -> str:
    """``raw`` as a message shows it: its ``repr``, shortened (outside values may be huge)."""
    try:
        text = _SHORT.repr(raw)
    except (ValueError, RecursionError):   # an int past the 4,300-digit conversion limit (Python 3.11)
        return f"a value of type {type(raw).__name__} too long to show"
    return text if len(text) <= SHOWN else text[:SHOWN - 3] + "..."
