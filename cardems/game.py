"""The protocol every Cardems game follows, and what the games share.

A game is a state object in the style of python-chess's ``Board``::

    game = Pisti.new({"players": 2}, seed=42)   # or deck=[...] for an arranged deal
    while not game.is_over():
        move = game.legal_moves()[0]
        events = game.play(move)                 # what happened, for the eyes
    game.result()

``view(seat)`` gives what that seat may know; bots and the page only ever see
views. A game is fully determined by its options, its seed, its deck order
(when arranged) and its list of moves, which is exactly what :meth:`to_json`
stores; :meth:`from_json` replays it, so a corrupt save cannot load half-way.
"""

from __future__ import annotations

import reprlib
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from cardems.errors import BadInput, IllegalMove

SAVE_FORMAT = 1
M = TypeVar("M")


@dataclass(frozen=True)
class Event:
    """Something that happened, for the user interface to show.

    ``kind`` names it (``play``, ``capture``, ``deal``...); ``seat`` is who did
    it, ``cards`` the cards everybody saw, ``points`` any points it scored and
    ``info`` the rest. Events never carry a card some seat may not see.
    """

    kind: str
    seat: int | None = None
    cards: tuple[str, ...] = ()
    points: int = 0
    info: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Option:
    """One option of a game: its allowed values and its default."""

    name: str
    values: tuple[Any, ...]
    default: Any

    def parse(self, raw: Any) -> Any:
        """Turn a value from a route, the CLI or JSON into a typed value.

        A value of the option's own type matches itself (``True`` is not ``1``);
        a text (or a whole number) matches a value written the same way, in any case.
        """
        for value in self.values:
            if type(raw) is type(value) and raw == value:
                return value
        text = _plain_text(raw)
        if text is not None:
            for value in self.values:
                if text == str(value).lower():
                    return value
        allowed = ", ".join(str(v).lower() for v in self.values)
        raise BadInput(f"option {self.name}={shown(raw)} is not allowed (choose from: {allowed})")


def parse_options(specs: tuple[Option, ...], raw: Any) -> dict[str, Any]:
    """Typed options with defaults filled in; unknown names are an error."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise BadInput(f"the options must be NAME=VALUE pairs (a JSON object), not {shown(raw)}")
    known = {spec.name: spec for spec in specs}
    out = {spec.name: spec.default for spec in specs}
    for name, value in raw.items():
        spec = known.get(name.replace("-", "_")) if isinstance(name, str) else None
        if spec is None:
            raise BadInput(f"unknown option {shown(name)} (known: {', '.join(known) or 'none'})")
        out[spec.name] = spec.parse(value)
    return out


@dataclass(frozen=True)
class Result:
    """The outcome so far: per seat, or per partnership where there are sides."""

    over: bool
    winner: int | str | None  # a side, "draw", or None while play goes on
    scores: tuple[int, ...]
    captured: tuple[int, ...]
    detail: dict[str, Any] = field(default_factory=dict)


class Game(ABC, Generic[M]):
    """Base class of every game's state."""

    name: ClassVar[str]
    options_spec: ClassVar[tuple[Option, ...]]

    options: dict[str, Any]
    seed: int
    arranged: list[str] | None
    moves: list[str]

    @classmethod
    @abstractmethod
    def new(cls, options: dict[str, Any] | None = None, *, seed: int = 0,
            deck: list[str] | None = None) -> "Game[M]":
        """A new game from a seed (shuffled) or an arranged deck order."""

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat whose turn it is, ``None`` once the game is over."""

    @abstractmethod
    def legal_moves(self) -> list[M]:
        ...

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """A move from its text notation; :class:`BadInput` if malformed."""

    @abstractmethod
    def format_move(self, move: M) -> str:
        ...

    @abstractmethod
    def _apply(self, move: M) -> list[Event]:
        """Apply a move already known to be legal."""

    @abstractmethod
    def view(self, seat: int) -> Any:
        """What ``seat`` may know, as an immutable value."""

    @abstractmethod
    def result(self) -> Result:
        ...

    def is_over(self) -> bool:
        return self.to_move is None

    def arena_scores(self) -> tuple[float, ...]:
        """The scores the arena compares, larger being better. A game in which the
        lowest total wins (Pis Yedili's penalties) returns them negated."""
        return tuple(self.result().scores)

    def side(self, seat: int) -> int:
        """The side ``seat`` plays for (its index in ``result().scores``)."""
        return seat

    @classmethod
    def seatings(cls, options: dict[str, Any]) -> list[list[int]]:
        """For the arena: for each game of a mirrored deal, which of two bots
        (0 = the one measured, 1 = its opponent) sits in each seat. By default the
        measured bot takes each seat in turn against copies of the other."""
        players = int(options.get("players", 2))
        return [[0 if seat == first else 1 for seat in range(players)] for first in range(players)]

    def play(self, move: M | str) -> list[Event]:
        """Apply a move (a value or its text) and return what happened.

        Raises :class:`IllegalMove` and changes nothing if it is not legal.
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        if self.is_over():
            raise IllegalMove(f"{self.format_move(move)}: the game is over")
        legal = self.legal_moves()
        if move not in legal:
            raise IllegalMove(self.why_illegal(move))
        events = self._apply(move)
        self.moves.append(self.format_move(move))
        return events

    def why_illegal(self, move: M) -> str:
        """A sentence saying why ``move`` is not legal now (games refine it)."""
        return f"{self.format_move(move)} is not a legal move now"

    def to_json(self) -> dict[str, Any]:
        """A save: enough to rebuild this exact state by replay."""
        return {
            "format": SAVE_FORMAT,
            "game": self.name,
            "options": dict(self.options),
            "seed": self.seed,
            "deck": list(self.arranged) if self.arranged is not None else None,
            "moves": list(self.moves),
        }

    @classmethod
    def from_json(cls, data: Any) -> "Game[M]":
        """Rebuild a game from :meth:`to_json` output; :class:`BadInput` if corrupt."""
        if not isinstance(data, dict):
            raise BadInput("the save is not a JSON object")
        version = data.get("format")
        if type(version) is not int or version != SAVE_FORMAT:
            raise BadInput(f"unknown save format {shown(version)}")
        if data.get("game") != cls.name:
            raise BadInput(f"the save is for {shown(data.get('game'))}, not {cls.name!r}")
        seed, moves, deck = data.get("seed"), data.get("moves"), data.get("deck")
        if whole_number(seed, 0, SEED_LIMIT - 1) is None:
            raise BadInput("the save has no valid seed (a whole number between 0 and 2^53)")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise BadInput("the save's moves are not a list of texts")
        if deck is not None and not (isinstance(deck, list) and all(isinstance(c, str) for c in deck)):
            raise BadInput("the save's deck is not a list of card codes")
        game = cls.new(data.get("options"), seed=seed, deck=deck)
        for number, text in enumerate(moves, 1):
            try:
                game.play(text)
            except BadInput as exc:
                raise BadInput(f"the save's move {number} ({shown(text)}) fails: {exc}") from None
        return game


# ---------------------------------------------------------------- outside input
SEED_LIMIT = 2**53       # seeds stay exact in JavaScript
MAX_DIGITS = 20          # longer digit strings are refused before int() sees them
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


def _plain_text(raw: Any) -> str | None:
    """A text or a (reasonably sized) whole number, lower-cased for comparison; else None."""
    if isinstance(raw, str):
        return raw.strip().lower()
    if isinstance(raw, int) and not isinstance(raw, bool) and abs(raw) < 10**MAX_DIGITS:
        return str(raw)
    return None


def whole_number(raw: Any, low: int, high: int) -> int | None:
    """``raw`` as an int in ``low..high``: an int (not a bool) or a text of ASCII digits
    ``0``-``9`` only (``str.isdigit`` also accepts ``²``, ``①``, ``፰``); None if it is not."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        number = raw
    elif isinstance(raw, str):
        text = raw.strip()
        if not (0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()):
            return None
        number = int(text)
    else:
        return None
    return number if low <= number <= high else None


def parse_seed(raw: Any) -> int:
    """A seed from text: a non-negative integer below 2**53 (safe in JavaScript)."""
    seed = whole_number(raw, 0, SEED_LIMIT - 1)
    if seed is None:
        raise BadInput(f"seed {shown(raw)} is not a whole number between 0 and 2^53")
    return seed
