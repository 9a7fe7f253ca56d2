"""Who sits where: every seat a person (``p``) or a computer of a level.

A seating is a tuple with one entry per seat, seat 0 first: :data:`PERSON` or one of
:data:`cardems.bots.LEVELS`. A link writes it as ``seats=p,p,normal,hard``; without
it, the person sits in seat 0 and the computers play at the link's ``level`` (the
seating of every link before seats existed).

>>> parse_seats("P, p ,normal,HARD", 4)
('p', 'p', 'normal', 'hard')
>>> seats_text(default_seats(3, "easy"))
'p,easy,easy'
"""

from __future__ import annotations

from collections.abc import Sequence

from cardems.bots import LEVELS
from cardems.errors import BadInput

PERSON = "p"
MAX_NAME = 24  # characters of a person's name

Seating = tuple[str, ...]


def default_seats(players: int, level: str, person: int = 0) -> Seating:
    """One person in seat ``person``, computers of ``level`` in the others."""
    return tuple(PERSON if seat == person else level for seat in range(players))


def parse_seats(text: str, players: int) -> Seating:
    """A seating from its text: ``players`` entries, each ``p`` or a level, at least one
    person; :class:`BadInput` otherwise."""
    parts = tuple(part.strip().lower() for part in str(text).split(","))
    if len(parts) != players:
        raise BadInput(f"seats: {len(parts)} given for {players} seats")
    for part in parts:
        if part != PERSON and part not in LEVELS:
            raise BadInput(f"seats: {part[:20]!r} is neither p nor a level ({', '.join(LEVELS)})")
    if PERSON not in parts:
        raise BadInput("seats: no person at the table")
    return parts


def seats_text(seating: Sequence[str]) -> str:
    return ",".join(seating)


def people(seating: Sequence[str]) -> tuple[int, ...]:
    """The seats of persons, in seat order."""
    return tuple(seat for seat, who in enumerate(seating) if who == PERSON)


def clean_name(raw: object) -> str:
    """A person's name as typed: trimmed, control characters dropped, at most
    :data:`MAX_NAME` characters ("" for nothing usable)."""
    if not isinstance(raw, str):
        return ""
    text = "".join(ch for ch in raw if ch.isprintable()).strip()
    return " ".join(text.split())[:MAX_NAME]
