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

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Self, TypeVar

from cardems.cards import Card, arranged_deck
from cardems.errors import SHOWN as SHOWN  # "X as X": re-exported, as are Reason and shown below
from cardems.errors import BadInput, IllegalMove
from cardems.errors import Reason as Reason
from cardems.errors import shown as shown
from cardems.rng import Rng

SAVE_FORMAT = 1
# the English of the refusals every game may give (a game adds its own: ``Game.why_words``),
# worded with the reason's parameters and ``move``, the refused move's text
WHY_WORDS: Mapping[str, str] = MappingProxyType(
    {
        "over": "{move}: the game is over",
        "not_legal": "{move} is not a legal move now",
    }
)
M = TypeVar("M")
V = TypeVar("V", bound="SeatView")


@dataclass(frozen=True)
class Event:
    """Something that happened, for the eyes: the page's log, sounds and animations, the CLI.

    Each game's events are frozen dataclasses deriving from it, with typed fields, in
    the game's ``events`` module. Events never carry a card some seat may not see.
    """


@dataclass(frozen=True)
class GameOver(Event):
    """The game is over, won by ``winner``: a side, or ``"draw"``."""

    winner: int | str


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


@dataclass(frozen=True)
class SeatView:
    """What every game's view holds (each game's view adds its own fields).

    A page draws a table from ``view(seat)`` and the events alone: these fields say
    whose turn it is and whose comes next (asked of the rules), whether a deal or
    round has just been scored and the next is not yet begun, and the outcome.
    """

    seat: int
    players: int
    teams: tuple[tuple[int, ...], ...]  # the seats of each side (one seat a side without partners)
    options: Mapping[str, Any]  # the game's options (read-only)
    to_move: int | None
    next_up: int | None  # who moves after the player to move ends its turn, if play goes
    # on and the rules know it now (None in between, or over)
    rounds_done: int  # deals or rounds of the match scored so far (0 without such units)
    between_rounds: bool  # a deal/round was just scored and no move of the next one is made
    winner: int | str | None  # the winning side or "draw", once over
    final_scores: tuple[int, ...] | None  # result().scores once over (per side), None before
    over: bool

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for: its index in the scores."""
        return next(i for i, team in enumerate(self.teams) if seat in team)

    @property
    def side(self) -> int:
        """This seat's side."""
        return self.side_of(self.seat)

    @property
    def sides(self) -> int:
        return len(self.teams)

    @property
    def partners(self) -> tuple[int, ...]:
        """The other seats of this seat's side (none without partnerships)."""
        return tuple(s for s in self.teams[self.side] if s != self.seat)


@dataclass(frozen=True)
class GameType:
    """What kind of game a game is, as data (in the spirit of OpenSpiel's ``GameType``).

    Each rules class declares one as its ``game_type``; the arena, the page and the
    replay read it instead of asking each game for overrides and flags.
    """

    seats: tuple[int, ...] = (2,)  # the seat counts the game supports
    seats_option: str | None = None  # the option that picks one of them, if any
    # seat count -> the seats of each side, where partners share a side (4-player Pişti)
    partnerships: tuple[tuple[int, tuple[tuple[int, ...], ...]], ...] = ()
    lower_is_better: bool = False  # scores are penalties: the lowest total wins
    perfect_information: bool = False  # every seat sees everything (no hidden card)
    simultaneous: bool = False  # moves chosen at once, revealed together (War's battle)
    unit: str | None = None  # what a match is made of: "deal", "round"; None: no such unit

    def players(self, options: dict[str, Any]) -> int:
        """The number of seats with these options."""
        if self.seats_option is None:
            return self.seats[0]
        return int(options.get(self.seats_option, self.seats[0]))

    def teams(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The seats of each side, side by side (one seat per side without partners)."""
        for count, teams in self.partnerships:
            if count == players:
                return teams
        return tuple((seat,) for seat in range(players))

    def side(self, seat: int, players: int) -> int:
        """The side ``seat`` plays for: its index in ``result().scores``."""
        return next(i for i, team in enumerate(self.teams(players)) if seat in team)

    def sides(self, players: int) -> int:
        return len(self.teams(players))

    def seatings(self, players: int) -> list[list[int]]:
        """For the arena: for each game of a mirrored deal, which of two bots (0 = the
        one measured, 1 = its opponent) sits in each seat. The measured bot takes each
        side in turn (all of that side's seats) against copies of the other."""
        teams = self.teams(players)
        return [[0 if seat in team else 1 for seat in range(players)] for team in teams]

    def ranking(self, scores: tuple[int, ...]) -> tuple[float, ...]:
        """Scores turned so that larger is better (penalties negated)."""
        return tuple(-s if self.lower_is_better else s for s in scores)

    def outcome(self, scores: tuple[int, ...], side: int) -> str:
        """ "win", "draw" or "loss" for ``side`` by ``scores`` (one per side): a win is the
        best score alone, a draw the best shared."""
        ranked = self.ranking(scores)
        best = max(ranked)
        if ranked[side] < best:
            return "loss"
        return "win" if ranked.count(best) == 1 else "draw"


class Game(ABC, Generic[M, V]):
    """Base class of every game's state: ``M`` is its move type, ``V`` its view type.

    A game sets ``name``, ``game_type`` and ``options_spec``, the deck it is played
    with (:meth:`pack`), how play begins (:meth:`_begin`) and what may be played
    (:meth:`_legal_moves`, asked once per position by :meth:`legal_moves`); :meth:`new`,
    :attr:`to_move` and :meth:`copy` are shared. ``start_events`` is public: the
    events of :meth:`new` (the first deal), for a page to show before any move.
    """

    name: ClassVar[str]
    game_type: ClassVar[GameType]
    options_spec: ClassVar[tuple[Option, ...]]
    # the English of this game's own refusals (:meth:`why_illegal`): reason code -> words
    why_words: ClassVar[Mapping[str, str]] = MappingProxyType({})
    # attributes :meth:`copy` copies: lists and dicts one level deep, lists of lists two; every
    # other attribute must hold immutable values (tests/engine/test_copy.py checks every game)
    copied: ClassVar[tuple[str, ...]] = ()
    copied_nested: ClassVar[tuple[str, ...]] = ()

    def __init__(self, options: dict[str, Any], seed: int, arranged: list[Card] | None) -> None:
        self.options = options
        self.players: int = self.game_type.players(options)
        self.seed = seed
        self.arranged = tuple(arranged) if arranged is not None else None
        self.rng = Rng(seed)
        self.moves: list[str] = []
        self.start_events: tuple[Event, ...] = ()
        self.winner: int | str | None = None
        self.over = False
        self.turn: int | None = None
        self._legal: tuple[int, tuple[M, ...]] | None = None  # (moves made, the legal moves then)

    @classmethod
    def new(
        cls, options: dict[str, Any] | None = None, *, seed: int = 0, deck: list[str] | str | None = None
    ) -> Self:
        """A new game from a seed (shuffled) or an arranged deck order."""
        opts = parse_options(cls.options_spec, options)
        arranged = arranged_deck(deck, cls.pack(opts))
        game = cls(opts, seed, arranged)
        game.start_events = tuple(game._begin(list(arranged) if arranged is not None else None))
        return game

    @classmethod
    @abstractmethod
    def pack(cls, options: dict[str, Any]) -> list[Card]:
        """The cards played with these options in a fixed order (an arranged deck is them reordered)."""

    @abstractmethod
    def _begin(self, deck: list[Card] | None) -> list[Event]:
        """Deal the first deal (``deck`` arranged, or None to shuffle); its events.
        May raise :class:`BadInput` for an arranged deck the game cannot start from."""

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is, ``None`` once the game is over."""
        return None if self.over else self.turn

    def copy(self) -> Self:
        """An independent copy, cheaper than ``copy.deepcopy`` (the soak and the leak tests
        make them): the attributes named in ``copied`` and ``copied_nested`` are copied,
        the rest shared, so they must be immutable."""
        other = object.__new__(type(self))
        state = other.__dict__
        state.update(self.__dict__)
        other.options = dict(self.options)
        other.rng = Rng(self.rng.state)
        other.moves = list(self.moves)
        for name in self.copied:
            state[name] = state[name].copy()
        for name in self.copied_nested:
            state[name] = [part.copy() for part in state[name]]
        return other

    def legal_moves(self) -> list[M]:
        """The moves legal now, in the rules' order."""
        return list(self._legal_now())

    def _legal_now(self) -> tuple[M, ...]:
        """The legal moves, asked of the rules once per position: the state changes only
        by :meth:`play`, and every move played is recorded."""
        made = len(self.moves)
        known = self._legal
        if known is None or known[0] != made:
            known = self._legal = (made, tuple(self._legal_moves()))
        return known[1]

    @abstractmethod
    def _legal_moves(self) -> list[M]:
        """The moves legal now (none once the game is over)."""

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """A move from its text notation; :class:`BadInput` if malformed."""

    @abstractmethod
    def format_move(self, move: M) -> str: ...

    @abstractmethod
    def _apply(self, move: M) -> list[Event]:
        """Apply a move already known to be legal."""

    @abstractmethod
    def view(self, seat: int) -> V:
        """What ``seat`` may know, as an immutable value (a :class:`SeatView`)."""

    def move_number(self) -> int:
        """How many moves were made: what keys a bot's random numbers
        (:func:`cardems.bots.bot_rng`), so a resumed or replayed game sees the same decisions.
        A game whose moves are not all decisions of their own may count otherwise (War)."""
        return len(self.moves)

    def next_up(self) -> int | None:
        """The seat to move once the player to move has ended its turn, if play goes on and
        the rules know it now; None otherwise (games refine it)."""
        return None

    def rounds_done(self) -> int:
        """How many deals or rounds of the match are scored (0 for a game without them)."""
        return 0

    def between_rounds(self) -> bool:
        """A deal or round has just been scored and no move of the next one is made yet."""
        return False

    def round_scores(self) -> tuple[tuple[int, ...], ...]:
        """Each scored deal or round of the match: its score per side (none for a game
        without them)."""
        return ()

    def _seat_view(self, seat: int) -> dict[str, Any]:
        """The :class:`SeatView` fields of ``seat``'s view; :class:`BadInput` for no such seat."""
        if not (isinstance(seat, int) and 0 <= seat < self.players):
            raise BadInput(f"no seat {seat} in a {self.players}-player game")
        over = self.over
        return {
            "seat": seat,
            "players": self.players,
            "teams": self.game_type.teams(self.players),
            "options": MappingProxyType(dict(self.options)),
            "to_move": self.to_move,
            "next_up": None if over else self.next_up(),
            "rounds_done": self.rounds_done(),
            "between_rounds": self.between_rounds(),
            "winner": self.winner if over else None,
            "final_scores": tuple(self.result().scores) if over else None,
            "over": over,
        }

    @abstractmethod
    def result(self) -> Result: ...

    def is_over(self) -> bool:
        return self.to_move is None

    def side(self, seat: int) -> int:
        """The side ``seat`` plays for (its index in ``result().scores``)."""
        return self.game_type.side(seat, self.players)

    def play(self, move: M | str) -> list[Event]:
        """Apply a move (a value or its text) and return what happened.

        Raises :class:`IllegalMove` and changes nothing if it is not legal.
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        if self.is_over():
            raise self.refusal(move, Reason("over"))
        if move not in self._legal_now():
            raise self.refusal(move, self.why_illegal(move))
        events = self._apply(move)
        self.moves.append(self.format_move(move))
        return events

    def why_illegal(self, move: M) -> Reason:
        """Why ``move``, not legal now, is refused (games refine it); ask it of an illegal move."""
        return Reason("not_legal")

    def refusal(self, move: M, reason: Reason) -> IllegalMove:
        """The exception refusing ``move`` for ``reason``, its message in English."""
        text = self.format_move(move)
        words = self.why_words.get(reason.code) or WHY_WORDS.get(reason.code) or WHY_WORDS["not_legal"]
        return IllegalMove(words.format(move=text, **reason.params), text, reason)

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
    def from_json(cls, data: Any) -> Self:
        """Rebuild a game from :meth:`to_json` output; :class:`BadInput` if corrupt."""
        if not isinstance(data, dict):
            raise BadInput("the save is not a JSON object")
        version = data.get("format")
        if type(version) is not int or version != SAVE_FORMAT:
            raise BadInput(f"unknown save format {shown(version)}")
        if data.get("game") != cls.name:
            raise BadInput(f"the save is for {shown(data.get('game'))}, not {cls.name!r}")
        raw_seed, moves, deck = data.get("seed"), data.get("moves"), data.get("deck")
        seed = whole_number(raw_seed, 0, SEED_LIMIT - 1)
        if seed is None:
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


class DealtMatch(Game[M, V]):
    """A game played as a match of deals (or rounds), or as one of them.

    The rules say how a deal begins (:meth:`_start_deal`) and, each time one is scored,
    who has won if anyone has (:meth:`_decide`); :meth:`_next_deal_or_end` then deals
    the next or ends the game (:meth:`_end`).
    """

    @abstractmethod
    def _start_deal(self, deck: list[Card] | None) -> list[Event]:
        """Deal a deal or round (``deck`` arranged, or None to shuffle); its events."""

    @abstractmethod
    def _decide(self) -> int | str | None:
        """Once a deal is scored: the winning side, ``"draw"``, or None if another deal is due."""

    def _begin(self, deck: list[Card] | None) -> list[Event]:
        return self._start_deal(deck)

    def _next_deal_or_end(self, events: list[Event]) -> list[Event]:
        """After a deal is scored (its events so far): deal the next one, or end the game."""
        winner = self._decide()
        if winner is None:
            events.extend(self._start_deal(None))
        else:
            events.append(self._end(winner))
        return events

    def _end(self, winner: int | str) -> Event:
        """End the game, won by ``winner`` (a side, or ``"draw"``); its event."""
        self.over = True
        self.turn = None
        self.winner = winner
        return GameOver(winner)


# ---------------------------------------------------------------- outside input
SEED_LIMIT = 2**53  # seeds stay exact in JavaScript
MAX_DIGITS = 20  # longer digit strings are refused before int() sees them


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
