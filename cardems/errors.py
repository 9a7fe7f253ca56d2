"""The engine's exceptions: one for an illegal move, one for other bad input."""


class BadInput(ValueError):
    """Input that cannot be accepted: a bad card code, deck, option or save.

    The message is meant for a person: it names what was wrong.
    """


class IllegalMove(BadInput):
    """A move that is not legal in the current position.

    The game is left exactly as it was before the move was tried.
    """
